//! Chafl in the shared shape: [`Chafl`] implements [`Rules`] over this module's position,
//! turns and staged turn, and translates them for front ends.

use std::sync::LazyLock;

use super::machine::{Decision, Event, Pending, TurnState};
use super::tables::{HAVENS, squares};
use super::{
    Kind, Position, Square, Turn, count_turns, destinations_of, generate_turns, parse_piece_list, parse_position,
    parse_turn, play, side_name, why_not, winner, write_events, write_position, write_turn,
};
use crate::rules::geometry::Geometry;
use crate::rules::text::PositionError;
use crate::rules::view::{Ask, Choice, Effect, Motion, PieceCode, Prompt, WhyNot};
use crate::rules::{GameId, Naming, Rules, Side, Square as _};

/// The rules of Chafl (H1–H7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chafl;

fn code(piece: super::Piece) -> PieceCode {
    PieceCode { side: piece.side, kind: piece.kind.index() as u8 }
}

impl Rules for Chafl {
    const ID: GameId = GameId::Chafl;
    const NAMING: Naming =
        Naming { game: "Chafl", sides: ["White", "Black"], royal: "King", goal: "a Haven", shot: "" };
    const STAGES: &'static [&'static str] = &["Move", "Capture", "Promotion", "Turn end"];
    const REPETITION_DRAWS: bool = true;
    const KINDS: &'static [(char, &'static str)] =
        &[('K', "King"), ('G', "General"), ('P', "Prince"), ('C', "Captain"), ('H', "Horse"), ('F', "Foot")];
    /// The mover's one choice inside a turn: a Foot's promotion.
    const INNER: &'static [bool] = &[false];
    /// A Captain or a Horse.
    const ODDS: &'static [u8] = &[Kind::Captain as u8, Kind::Horse as u8];
    /// The start, and two positions of level-4 self-play games: the armies locked in the
    /// middle with a hundred turns to choose from, and Generals joined deep on both wings.
    const BENCH: &'static [(&'static str, &'static str, u32)] = &[
        ("start", "start", 5),
        ("middlegame", "cp1hkh1c/3ffffg/f2fp3/2f4f/1F2H1F1/1CF5/FP1FFF1F/H2GKP1C w 31", 4),
        ("wings", "g2hkphc/1p1fff2/1f6/f1f1c2f/1FGF1f2/1P3FFF/1F1FF3/C1PHKH1C w 55", 4),
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
        winner(pos)
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

    /// Within one (origin, destination) group, turns differ only by a Foot's promotion.
    fn inner_key(turn: &Turn, _level: usize) -> u64 {
        turn.promotion.map_or(0, |k| k.index() as u64 + 1)
    }

    /// Captures, and the moves that win on the spot by arriving on a Haven: search follows
    /// both past its depth.
    fn is_capture(pos: &Position, turn: &Turn) -> bool {
        turn.is_capture() || pos.piece_at(turn.from).is_some_and(|p| super::arrives_home(p, turn.to))
    }

    fn write_turn(pos: &Position, turn: &Turn) -> String {
        write_turn(pos, turn)
    }

    /// The whole turn: its captures follow from the move, so there is no shorter name.
    fn write_primary(pos: &Position, turn: &Turn) -> String {
        write_turn(pos, turn)
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
        match pos.piece_at(from) {
            Some(piece) if piece.side == pos.side_to_move() && winner(pos).is_none() => {
                squares(destinations_of(pos, piece, from)).collect()
            }
            _ => Vec::new(),
        }
    }

    fn threatened(pos: &Position) -> Vec<Square> {
        let me = pos.side_to_move();
        let mut theirs = *pos;
        theirs.set_side_to_move(me.opponent());
        let taken = Self::turns(&theirs).iter().fold(0, |set, t| set | t.captured);
        squares(taken & pos.side(me)).collect()
    }

    /// The Princes left, and how far the King has to walk home (H4.1).
    fn side_status(pos: &Position, side: Side) -> String {
        let princes = pos.pieces(side, Kind::Prince).count_ones();
        match pos.king_steps_home(side) {
            Some(steps) => format!("Princes {princes} · King {steps} from a Haven"),
            None => format!("Princes {princes}"),
        }
    }

    fn geometry() -> &'static Geometry {
        static BOARD: LazyLock<Geometry> = LazyLock::new(|| {
            let mut board = Geometry::square(8, 8, |_, _| false);
            for side in Side::BOTH {
                board.goals.extend(squares(HAVENS[side.index()]).map(|s| (s.cell(), side)));
            }
            board
        });
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
            Pending::Promotion { at, .. } => (
                Ask::Piece {
                    at: at.cell(),
                    kinds: Kind::FOOT_PROMOTIONS.iter().map(|k| k.index() as u8).collect(),
                    stop: None,
                },
                format!("{name}: the Foot on {at} promotes"),
                "Choose a Horse or a Captain (H2.9)".to_string(),
            ),
        };
        Prompt { side, stage: pending.stage() as usize, ask, headline, instruction }
    }

    fn decision(pending: &Pending, choice: Choice) -> Option<Decision> {
        match (*pending, choice) {
            (Pending::Primary { .. }, Choice::Move { from, to }) => {
                Some(Decision::Primary { from: Square::of_cell(from), to: Square::of_cell(to) })
            }
            (Pending::Promotion { .. }, Choice::Piece(k)) => Kind::ALL.get(k as usize).map(|&k| Decision::Promote(k)),
            _ => None,
        }
    }

    fn choice(decision: &Decision) -> Choice {
        match *decision {
            Decision::Primary { from, to } => Choice::Move { from: from.cell(), to: to.cell() },
            Decision::Promote(kind) => Choice::Piece(kind.index() as u8),
        }
    }
}

/// An event as front ends see it, with its stage's number.
fn effect(event: &Event) -> Option<(usize, Effect)> {
    let stage = event.stage() as usize;
    let effect = match *event {
        Event::Moved { piece, from, to } => {
            let leaped = !from.is_adjacent(to);
            let motion = match piece.kind {
                Kind::Horse if leaped => Motion::Leap,
                _ if leaped => Motion::Dash,
                _ => Motion::Slide,
            };
            Effect::Move { piece: code(piece), from: from.cell(), to: to.cell(), captured: None, motion }
        }
        Event::Captured { at, piece, by, partner } => {
            Effect::Taken { at: at.cell(), piece: code(piece), by: by.cell(), partner: partner.map(|p| p.cell()) }
        }
        Event::Promoted { square, from, into } => Effect::Change {
            at: square.cell(),
            from: code(from),
            into: PieceCode { side: from.side, kind: into.index() as u8 },
        },
        Event::TurnEnded { next } => Effect::TurnEnded { next },
        Event::GameOver(outcome) => Effect::GameOver(outcome),
    };
    Some((stage, effect))
}

crate::rules::shape::turn_machine_by_own_methods!(TurnState {
    Position, Turn, Decision, Pending, Event, super::DecisionError
});
