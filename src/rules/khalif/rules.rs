//! Khalif in the shared shape: [`Khalif`] implements [`Rules`] over this module's position,
//! turns and staged turn, and translates its events and decisions for front ends.

use std::sync::LazyLock;

use super::machine::{Decision, Event, Pending, TurnState};
use super::{
    Kind, Position, Square, Turn, WADI_RANK, count_turns, generate_turns, khalif_lost, parse_kfen, parse_piece_list,
    parse_turn, play, primary_destinations, reachable_by, side_name, why_not, write_events, write_primary, write_turn,
};
use crate::rules::geometry::Geometry;
use crate::rules::text::PositionError;
use crate::rules::view::{Ask, Choice, Effect, Motion, PieceCode, Prompt, WhyNot};
use crate::rules::{GameId, Naming, Rules, Side, Square as _};

/// The rules of Khalif (K1–K8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Khalif;

/// A piece as front ends see it.
fn code(piece: super::Piece) -> PieceCode {
    PieceCode { side: piece.side, kind: piece.kind.index() as u8 }
}

/// The inner decisions of a turn in the order they are taken (K5.2–K5.4): the first capture's
/// successor and retaliating Guard, the capturer's successor, the second Djinn capture, then
/// the same three for it.
fn inner_keys(turn: &Turn) -> [Option<Square>; 7] {
    let chain = turn.chain;
    let res = chain.map(|c| c.resolution).unwrap_or_default();
    [
        turn.first.successor,
        turn.first.retaliator,
        turn.first.counter_successor,
        chain.map(|c| c.to),
        res.successor,
        res.retaliator,
        res.counter_successor,
    ]
}

impl Rules for Khalif {
    const ID: GameId = GameId::Khalif;
    const NAMING: Naming = Naming { game: "Khalif", sides: ["Gold", "Silver"], royal: "Khalif", goal: "", shot: "" };
    const STAGES: &'static [&'static str] = &["Move", "Succession", "Retaliation", "Chained capture", "Turn end"];
    const REPETITION_DRAWS: bool = false;
    const KINDS: &'static [(char, &'static str)] =
        &[('R', "Raider"), ('V', "Vizier"), ('D', "Djinn"), ('G', "Guard"), ('K', "Khalif"), ('C', "Camel")];
    const INNER: &'static [bool] = &[true, true, false, false, true, true, false];
    /// A Djinn or a Vizier.
    const ODDS: &'static [u8] = &[Kind::Djinn as u8, Kind::Vizier as u8];
    /// The start, and three positions reached by random play (the last after a succession:
    /// Silver's Khalif is a crowned Vizier).
    const BENCH: &'static [(&'static str, &'static str, u32)] = &[
        ("start", "start", 5),
        ("opening", "r2gkgdvr/d2cccccc/9/v1cc5/4Dc1C1/4C4/2C3C2/CCC1C2C1/R1VGKGDVR g 17", 4),
        ("middlegame", "v1dg2gvr/2ccck1cc/1c2c2d1/5Cc2/1rc2C1R1/2CCC4/V2C1V3/1CCCD4/1RDGKG3 g 31", 4),
        ("succession", "rkdg4r/c6v1/3cc1cg1/3cDc3/3c3c1/C1V4C1/4C3C/C2G1GC1C/1RD1K2VR g 45", 4),
    ];

    type Square = Square;
    type Position = Position;
    type Turn = Turn;
    type Machine = TurnState;

    fn start() -> Position {
        Position::start()
    }

    fn parse_position(text: &str) -> Result<Position, PositionError> {
        parse_kfen(text)
    }

    fn write_position(pos: &Position) -> String {
        pos.to_kfen()
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
        pos.occupied().count()
    }

    fn winner(pos: &Position) -> Option<Side> {
        khalif_lost(pos).map(Side::opponent)
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

    fn inner_key(turn: &Turn, level: usize) -> u64 {
        inner_keys(turn)[level].map_or(0, |s| s.index() as u64 + 1)
    }

    fn is_capture(pos: &Position, turn: &Turn) -> bool {
        pos.piece_at(turn.to).is_some()
    }

    fn write_turn(pos: &Position, turn: &Turn) -> String {
        write_turn(pos, turn)
    }

    fn write_primary(pos: &Position, turn: &Turn) -> String {
        write_primary(pos, turn)
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
        primary_destinations(pos, from).squares().collect()
    }

    fn threatened(pos: &Position) -> Vec<Square> {
        let me = pos.side_to_move();
        (reachable_by(pos, me.opponent()) & pos.side(me)).squares().collect()
    }

    /// The Viziers left to succeed the Khalif (K5.2): with none, one capture loses.
    fn side_status(pos: &Position, side: Side) -> String {
        let viziers = pos.pieces(side, Kind::Vizier).count();
        let warning = if viziers == 0 { " — one capture from defeat" } else { "" };
        format!("successors left: {viziers}{warning}")
    }

    fn geometry() -> &'static Geometry {
        static BOARD: LazyLock<Geometry> = LazyLock::new(|| Geometry::square(9, 9, |_, rank| rank == WADI_RANK));
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
            Pending::Successor { candidates, .. } => (
                Ask::Cells { cells: candidates.squares().map(|s| s.cell()).collect(), from: None, stop: None },
                format!("{name}: your Khalif has fallen"),
                "Click the Vizier that becomes Khalif (K5.2)".to_string(),
            ),
            Pending::Retaliator { square, guards, .. } => (
                Ask::Cells { cells: guards.squares().map(|s| s.cell()).collect(), from: None, stop: None },
                format!("{name}: a Guard must strike back on {square}"),
                "Click the Guard that retaliates (K5.3)".to_string(),
            ),
            Pending::SecondCapture { from, targets, .. } => (
                Ask::Cells {
                    cells: targets.squares().map(|s| s.cell()).collect(),
                    from: Some(from.cell()),
                    stop: Some("Decline the second capture"),
                },
                format!("{name}: the Djinn on {from} may capture again"),
                "Click a highlighted target, or decline (D) (K5.4)".to_string(),
            ),
        };
        Prompt { side, stage: pending.stage() as usize, ask, headline, instruction }
    }

    fn decision(pending: &Pending, choice: Choice) -> Option<Decision> {
        let square = |cell| Square::of_cell(cell);
        match (*pending, choice) {
            (Pending::Primary { .. }, Choice::Move { from, to }) => {
                Some(Decision::Primary { from: square(from), to: square(to) })
            }
            (Pending::Successor { .. }, Choice::Cell(c)) => Some(Decision::Successor(square(c))),
            (Pending::Retaliator { .. }, Choice::Cell(c)) => Some(Decision::Retaliator(square(c))),
            (Pending::SecondCapture { .. }, Choice::Cell(c)) => Some(Decision::SecondCapture(square(c))),
            (Pending::SecondCapture { .. }, Choice::Stop) => Some(Decision::Decline),
            _ => None,
        }
    }

    fn choice(decision: &Decision) -> Choice {
        match *decision {
            Decision::Primary { from, to } => Choice::Move { from: from.cell(), to: to.cell() },
            Decision::Successor(s) | Decision::Retaliator(s) | Decision::SecondCapture(s) => Choice::Cell(s.cell()),
            Decision::Decline => Choice::Stop,
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
            captured: captured.map(|c| (to.cell(), code(c))),
            motion: if piece.kind == Kind::Djinn { Motion::Leap } else { Motion::Slide },
        },
        Event::Retaliated { guard, from, to, captured } => Effect::Move {
            piece: code(guard),
            from: from.cell(),
            to: to.cell(),
            captured: Some((to.cell(), code(captured))),
            motion: Motion::Dash,
        },
        Event::Chained { djinn, from, to, captured } => Effect::Move {
            piece: code(djinn),
            from: from.cell(),
            to: to.cell(),
            captured: Some((to.cell(), code(captured))),
            motion: Motion::Leap,
        },
        Event::Succeeded { side, square } => Effect::Change {
            at: square.cell(),
            from: PieceCode { side, kind: Kind::Vizier.index() as u8 },
            into: PieceCode { side, kind: Kind::Khalif.index() as u8 },
        },
        Event::KhalifLost { side } => Effect::RoyalLost { side },
        Event::TurnEnded { next } => Effect::TurnEnded { next },
        Event::GameOver(outcome) => Effect::GameOver(outcome),
    };
    Some((stage, effect))
}

crate::rules::shape::turn_machine_by_own_methods!(TurnState {
    Position, Turn, Decision, Pending, Event, super::DecisionError
});
