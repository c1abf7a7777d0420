//! Desert Pub Chess in the shared shape: [`DesertPubChess`] implements [`Rules`] over this
//! module's position, turns and staged turn, and translates them for front ends.

use std::sync::LazyLock;

use super::machine::{Decision, Event, Pending, TurnState};
use super::tables::squares;
use super::{
    Kind, Position, Square, Turn, count_turns, generate_turns, parse_piece_list, parse_position, parse_turn, play,
    primary_destinations, side_name, why_not, winner_by_capture, write_events, write_position, write_turn,
};
use crate::rules::geometry::Geometry;
use crate::rules::text::PositionError;
use crate::rules::view::{Ask, Choice, Effect, Motion, PieceCode, Prompt, WhyNot};
use crate::rules::{GameId, Naming, Rules, Side, Square as _};

/// The rules of Desert Pub Chess (P1–P6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DesertPubChess;

fn code(piece: super::Piece) -> PieceCode {
    PieceCode { side: piece.side, kind: piece.kind.index() as u8 }
}

fn cells(set: u64) -> Vec<crate::rules::view::Cell> {
    squares(set).map(|s| s.cell()).collect()
}

impl Rules for DesertPubChess {
    const ID: GameId = GameId::DesertPubChess;
    const NAMING: Naming =
        Naming { game: "Desert Pub Chess", sides: ["White", "Black"], royal: "last piece", goal: "", shot: "" };
    const STAGES: &'static [&'static str] = &["Move", "Jump", "Promotion", "Turn end"];
    const REPETITION_DRAWS: bool = true;
    const KINDS: &'static [(char, &'static str)] =
        &[('W', "Desert Wazir"), ('F', "Desert Ferz"), ('N', "Knight"), ('S', "Prince"), ('P', "Pawn")];
    /// The mover's one choice inside a turn: which chain (or promotion) its move becomes.
    const INNER: &'static [bool] = &[false];
    /// A desert jumper or a Knight.
    const ODDS: &'static [u8] = &[Kind::Wazir as u8, Kind::Ferz as u8, Kind::Knight as u8];
    /// The start, and two positions of self-play games with jumpers facing each other.
    const BENCH: &'static [(&'static str, &'static str, u32)] = &[
        ("start", "start", 6),
        ("middlegame", "1n2s2w/w1s1p1fp/P1f3p1/8/F2p1P1P/1S5N/3P2P1/WNF1S2W b 54", 5),
        ("chains", "4sfw1/wf6/5p1n/2P5/1n4p1/FNp3W1/P1W4P/S6F w 101", 5),
    ];

    type Square = Square;
    type Position = Position;
    type Turn = Turn;
    type Machine = TurnState;

    fn start() -> Position {
        Position::start()
    }

    fn parse_position(text: &str) -> Result<Position, PositionError> {
        parse_position(text)
    }

    fn write_position(pos: &Position) -> String {
        write_position(pos)
    }

    fn parse_piece_list(pieces: &str, side: Side) -> Result<Position, PositionError> {
        parse_piece_list(pieces, side)
    }

    fn side_to_move(pos: &Position) -> Side {
        pos.side_to_move()
    }

    fn turn_number(pos: &Position) -> u32 {
        pos.turn_number()
    }

    fn hash(pos: &Position) -> u64 {
        pos.hash()
    }

    fn pass(pos: &mut Position) {
        pos.pass_turn();
    }

    fn piece_count(pos: &Position) -> u32 {
        pos.occupied().count_ones()
    }

    fn winner(pos: &Position) -> Option<Side> {
        winner_by_capture(pos)
    }

    fn generate_turns(pos: &Position, out: &mut Vec<Turn>) {
        generate_turns(pos, out);
    }

    fn count_turns(pos: &Position) -> u64 {
        count_turns(pos)
    }

    fn play(pos: &mut Position, turn: &Turn) {
        play(pos, turn);
    }

    fn primary(turn: &Turn) -> (Square, Square) {
        (turn.from, turn.to)
    }

    /// Within one (origin, destination) group, pawn turns differ only by promotion and
    /// jumper turns only by the pieces taken, so the two together tell them apart.
    fn inner_key(turn: &Turn, _level: usize) -> u64 {
        turn.captured ^ turn.promotion.map_or(0, |k| k.index() as u64 + 1)
    }

    fn is_capture(_pos: &Position, turn: &Turn) -> bool {
        turn.is_capture()
    }

    fn write_turn(pos: &Position, turn: &Turn) -> String {
        write_turn(pos, turn)
    }

    /// The piece, where it starts and where it ends (`Wa6xe4`): one name for every chain
    /// between the same two squares.
    fn write_primary(pos: &Position, turn: &Turn) -> String {
        let kind = pos.piece_at(turn.from).map_or(Kind::Pawn, |p| p.kind);
        let letter = if kind == Kind::Pawn { String::new() } else { kind.letter().to_string() };
        let sep = if turn.is_capture() { 'x' } else { '-' };
        format!("{letter}{}{sep}{}", turn.from, turn.to)
    }

    fn parse_turn(pos: &Position, text: &str) -> Result<Turn, String> {
        parse_turn(pos, text).map(|(turn, _)| turn).map_err(|e| e.to_string())
    }

    fn write_events(events: &[Event]) -> String {
        write_events(events)
    }

    fn why_not(pos: &Position, from: Square, to: Square) -> Result<(), WhyNot> {
        why_not(pos, from, to).map_err(|refusal| WhyNot { text: refusal.to_string(), rule: refusal.rule() })
    }

    fn destinations(pos: &Position, from: Square) -> Vec<Square> {
        squares(primary_destinations(pos, from)).collect()
    }

    fn threatened(pos: &Position) -> Vec<Square> {
        let me = pos.side_to_move();
        let mut theirs = *pos;
        theirs.set_side_to_move(me.opponent());
        let taken = Self::turns(&theirs).iter().fold(0, |set, t| set | t.captured);
        squares(taken & pos.side(me)).collect()
    }

    /// The pieces left (P3.1: none left loses).
    fn side_status(pos: &Position, side: Side) -> String {
        let left = pos.side(side).count_ones();
        let warning = if left == 1 { " — one capture from defeat" } else { "" };
        format!("pieces left: {left}{warning}")
    }

    fn geometry() -> &'static Geometry {
        static BOARD: LazyLock<Geometry> = LazyLock::new(|| Geometry::square(8, 8, |_, _| false));
        &BOARD
    }

    fn piece_at(pos: &Position, square: Square) -> Option<PieceCode> {
        pos.piece_at(square).map(code)
    }

    fn take(pos: &mut Position, square: Square) -> Option<PieceCode> {
        pos.take(square).map(code)
    }

    fn effects(event: &Event) -> Vec<(usize, Effect)> {
        effect(event).into_iter().collect()
    }

    fn prompt(pending: &Pending) -> Prompt {
        let side = pending.side();
        let name = side_name(side);
        let (ask, headline, instruction) = match *pending {
            Pending::Primary { .. } => (Ask::Move, format!("{name} to move"), "Pick up one of your pieces".to_string()),
            Pending::Jump { at, landings, .. } => (
                Ask::Cells { cells: cells(landings), from: Some(at.cell()), stop: Some("Stop the chain here") },
                format!("{name}: the chain may go on from {at}"),
                "Click where it lands next, or stop here (D) (P2.4)".to_string(),
            ),
            Pending::Promotion { at, .. } => (
                Ask::Piece {
                    at: at.cell(),
                    kinds: Kind::PROMOTIONS.iter().map(|k| k.index() as u8).collect(),
                    stop: None,
                },
                format!("{name}: the Pawn on {at} promotes"),
                "Choose the piece it becomes (P2.1)".to_string(),
            ),
        };
        Prompt { side, stage: pending.stage() as usize, ask, headline, instruction }
    }

    fn decision(pending: &Pending, choice: Choice) -> Option<Decision> {
        match (*pending, choice) {
            (Pending::Primary { .. }, Choice::Move { from, to }) => {
                Some(Decision::Primary { from: Square::of_cell(from), to: Square::of_cell(to) })
            }
            (Pending::Jump { .. }, Choice::Cell(c)) => Some(Decision::Jump(Square::of_cell(c))),
            (Pending::Jump { .. }, Choice::Stop) => Some(Decision::Stop),
            (Pending::Promotion { .. }, Choice::Piece(k)) => Kind::ALL.get(k as usize).map(|&k| Decision::Promote(k)),
            _ => None,
        }
    }

    fn choice(decision: &Decision) -> Choice {
        match *decision {
            Decision::Primary { from, to } => Choice::Move { from: from.cell(), to: to.cell() },
            Decision::Jump(to) => Choice::Cell(to.cell()),
            Decision::Stop => Choice::Stop,
            Decision::Promote(kind) => Choice::Piece(kind.index() as u8),
        }
    }
}

/// An event as front ends see it, with its stage's number.
fn effect(event: &Event) -> Option<(usize, Effect)> {
    let stage = event.stage() as usize;
    let effect = match *event {
        Event::Moved { piece, from, to, captured } => Effect::Move {
            piece: code(piece),
            from: from.cell(),
            to: to.cell(),
            captured: captured.map(|(at, p)| (at.cell(), code(p))),
            motion: match piece.kind {
                Kind::Knight => Motion::Leap,
                _ if captured.is_some_and(|(at, _)| at != to) => Motion::Hop,
                _ => Motion::Slide,
            },
        },
        Event::Jumped { piece, from, to, over, captured } => Effect::Move {
            piece: code(piece),
            from: from.cell(),
            to: to.cell(),
            captured: Some((over.cell(), code(captured))),
            motion: Motion::Hop,
        },
        Event::Promoted { square, side, into } => Effect::Change {
            at: square.cell(),
            from: PieceCode { side, kind: Kind::Pawn.index() as u8 },
            into: PieceCode { side, kind: into.index() as u8 },
        },
        Event::TurnEnded { next } => Effect::TurnEnded { next },
        Event::GameOver(outcome) => Effect::GameOver(outcome),
    };
    Some((stage, effect))
}

crate::rules::shape::turn_machine_by_own_methods!(TurnState {
    Position, Turn, Decision, Pending, Event, super::DecisionError
});
