//! Both versions of Izdari in the shared shape: [`AssassinsIzdari`] (8×8) and [`ClassicIzdari`]
//! (10×10) implement [`Rules`] over this module's one position type, its turns and staged turn,
//! and translate them for front ends. The two differ only in their version, board and names,
//! so one macro writes both.

use super::machine::{Decision, Event, Kinds, Pending, TurnState};
use super::turn::{bit, squares};
use super::why::Explained;
use super::{
    Kind, Piece, Position, Turn, Version, count_turns, generate_turns, parse_piece_list, parse_position, parse_turn,
    play, read_move, start, winner, write_events, write_position, write_turn,
};
use crate::rules::geometry::Geometry;
use crate::rules::text::PositionError;
use crate::rules::view::{Ask, Cell, Choice, Effect, Motion, PieceCode, Prompt, WhyNot};
use crate::rules::{GameId, Naming, Rules, Side};

/// A piece as front ends see it: its side and its kind's index.
pub fn code(piece: Piece) -> PieceCode {
    PieceCode { side: piece.side, kind: piece.kind.index() as u8 }
}

fn cell(sq: u8) -> Cell {
    Cell(u16::from(sq))
}

/// The kinds of both versions by index (the letters of C1).
const KINDS: &[(char, &str)] = &[
    ('A', "Assassin"),
    ('T', "Templar"),
    ('R', "Archer"),
    ('L', "Lizard"),
    ('W', "Wagon"),
    ('H', "Halfling"),
    ('D', "Dune"),
    ('N', "Knight"),
];

/// How a piece travels: the Knight's turn in the air is a leap, everything else slides.
fn motion(piece: Piece) -> Motion {
    if piece.kind == Kind::Knight { Motion::Leap } else { Motion::Slide }
}

/// An event as front ends see it: a Wagon's step is its loading, its move and its drop.
fn effects(event: &Event) -> Vec<(usize, Effect)> {
    let stage = event.stage() as usize;
    let effects = match *event {
        Event::Moved { piece, from, to, captured, from_wagon: false } => vec![Effect::Move {
            piece: code(piece),
            from: cell(from),
            to: cell(to),
            captured: captured.map(|c| (cell(to), code(c))),
            motion: motion(piece),
        }],
        Event::Moved { piece, from, to, captured, from_wagon: true } => vec![Effect::Alighted {
            piece: code(piece),
            carrier: cell(from),
            to: cell(to),
            captured: captured.map(|c| (cell(to), code(c))),
        }],
        Event::Shot { by, at, piece } => vec![Effect::Shot { at: cell(at), piece: code(piece), by: cell(by) }],
        Event::WagonMoved { wagon, from, to, dropped, loaded } => {
            let mut step = Vec::new();
            if let Some(piece) = loaded {
                step.push(Effect::Boarded { at: cell(to), piece: code(piece), carrier: cell(from) });
            }
            step.push(Effect::Move {
                piece: code(wagon),
                from: cell(from),
                to: cell(to),
                captured: None,
                motion: Motion::Slide,
            });
            if let Some(piece) = dropped {
                step.push(Effect::Alighted { piece: code(piece), carrier: cell(to), to: cell(from), captured: None });
            }
            step
        }
        Event::Slain { by, at, piece, .. } => {
            vec![Effect::Taken { at: cell(at), piece: code(piece), by: cell(by), partner: None }]
        }
        Event::TurnEnded { next } => vec![Effect::TurnEnded { next }],
        Event::GameOver(outcome) => vec![Effect::GameOver(outcome)],
    };
    effects.into_iter().map(|e| (stage, e)).collect()
}

fn kind_codes(kinds: Kinds) -> Vec<u8> {
    kinds.iter().map(|k| k.index() as u8).collect()
}

fn prompt(version: Version, pending: &Pending) -> Prompt {
    let side = pending.side();
    let name = version.side_names()[side.index()];
    let sq = |s: u8| super::name(version, s);
    let (ask, headline, instruction) = match *pending {
        Pending::Primary { .. } => (Ask::Move, format!("{name} to move"), "Pick up one of your pieces".to_string()),
        Pending::Mover { at, to, kinds, .. } => (
            Ask::Piece { at: cell(at), kinds: kind_codes(kinds), stop: None },
            format!("{name}: from the Wagon on {} to {}", sq(at), sq(to)),
            "Choose the Wagon, or a passenger that leaves it on its own (A4.4)".to_string(),
        ),
        Pending::Drop { at, to, kinds, none, .. } => (
            Ask::Piece { at: cell(at), kinds: kind_codes(kinds), stop: none.then_some("Drop nobody") },
            format!("{name}: the Wagon leaves {} on its way to {}", sq(at), sq(to)),
            format!("Choose a passenger to step off on {} (A4.3)", sq(at)),
        ),
        Pending::Slay { at, targets, required, .. } => (
            Ask::Cells {
                cells: squares(targets).map(cell).collect(),
                from: Some(cell(at)),
                stop: (!required).then_some("Slay nobody"),
            },
            format!("{name}: the Templar on {} may slay", sq(at)),
            if required {
                "Click the enemy beside it that it slays (A3.6)".to_string()
            } else {
                "Click an enemy beside it to slay, or slay nobody (A3.6)".to_string()
            },
        ),
    };
    Prompt { side, stage: pending.stage() as usize, ask, headline, instruction }
}

fn decision(pending: &Pending, choice: Choice) -> Option<Decision> {
    let kind = |k: u8| Kind::ALL.get(k as usize).copied();
    match (*pending, choice) {
        (Pending::Primary { .. }, Choice::Move { from, to }) => {
            Some(Decision::Primary { from: from.index() as u8, to: to.index() as u8 })
        }
        (Pending::Mover { .. }, Choice::Piece(k)) => kind(k).map(Decision::Mover),
        (Pending::Drop { .. }, Choice::Piece(k)) => kind(k).map(|k| Decision::Drop(Some(k))),
        (Pending::Drop { .. }, Choice::Stop) => Some(Decision::Drop(None)),
        (Pending::Slay { .. }, Choice::Cell(c)) => Some(Decision::Slay(Some(c.index() as u8))),
        (Pending::Slay { .. }, Choice::Stop) => Some(Decision::Slay(None)),
        _ => None,
    }
}

fn choice(decision: &Decision) -> Choice {
    match *decision {
        Decision::Primary { from, to } => Choice::Move { from: cell(from), to: cell(to) },
        Decision::Mover(kind) | Decision::Drop(Some(kind)) => Choice::Piece(kind.index() as u8),
        Decision::Drop(None) | Decision::Slay(None) => Choice::Stop,
        Decision::Slay(Some(s)) => Choice::Cell(cell(s)),
    }
}

/// The squares of the side to move's pieces that the other side could take next turn: by
/// landing, by a shot or by slaying (a Wagon taken takes its passengers with it).
fn threatened(pos: &Position) -> Vec<u8> {
    let me = pos.side_to_move();
    let mut theirs = *pos;
    theirs.set_side_to_move(me.opponent());
    let mut turns = Vec::new();
    generate_turns(&theirs, &mut turns);
    let mine = |s: u8| pos.at(s).is_some_and(|p| p.side == me);
    let set = turns
        .iter()
        .flat_map(|t| [Some(t.to), t.slays()])
        .flatten()
        .filter(|&s| mine(s))
        .fold(0, |set, s| set | bit(s));
    squares(set).collect()
}

/// The Wagon's passengers, for the match panel.
fn side_status(pos: &Position, side: Side) -> String {
    match pos.wagon(side) {
        None => "Wagon lost".to_string(),
        Some(_) => {
            let riders: Vec<&str> = pos.riders(side).kinds().map(Kind::name).collect();
            if riders.is_empty() { "Wagon empty".to_string() } else { format!("Wagon carries {}", riders.join(", ")) }
        }
    }
}

macro_rules! izdari_rules {
    ($(#[$doc:meta])* $name:ident, $version:expr, $size:literal, $id:expr, $naming:expr, $odds:expr, $bench:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;

        impl Rules for $name {
            const ID: GameId = $id;
            const NAMING: Naming = $naming;
            const STAGES: &'static [&'static str] = &["Move", "Wagon", "Slay", "Turn end"];
            /// A5.2; classic Izdari too (docs/rules-decisions.md).
            const REPETITION_DRAWS: bool = true;
            const KINDS: &'static [(char, &'static str)] = KINDS;
            /// Every choice inside a turn is the mover's (which piece leaves the Wagon's square,
            /// the drops, the slaying), taken as one.
            const INNER: &'static [bool] = &[false];
            const ODDS: &'static [u8] = $odds;
            const BENCH: &'static [(&'static str, &'static str, u32)] = $bench;

            type Square = crate::rules::grid::Square<$size, $size>;
            type Position = Position;
            type Turn = Turn;
            type Machine = TurnState;

            fn start() -> Position {
                start($version)
            }

            fn parse_position(text: &str) -> Result<Position, PositionError> {
                parse_position($version, text)
            }

            fn write_position(pos: &Position) -> String {
                write_position(pos)
            }

            fn parse_piece_list(pieces: &str, side: Side) -> Result<Position, PositionError> {
                parse_piece_list($version, pieces, side)
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

            /// The pieces that can be taken: those on the board but the Dunes (never taken,
            /// A2.2), and those riding in the Wagons (loading is not a capture).
            fn piece_count(pos: &Position) -> u32 {
                let dunes = pos.dunes().count_ones();
                pos.piece_count() - dunes + Side::BOTH.iter().map(|&s| pos.riders(s).len() as u32).sum::<u32>()
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

            fn primary(turn: &Turn) -> (Self::Square, Self::Square) {
                (Self::Square::from_index(turn.from as usize), Self::Square::from_index(turn.to as usize))
            }

            /// The rider, the shot, the slaying and the drops, packed into one key.
            fn inner_key(turn: &Turn, _level: usize) -> u64 {
                let rider = turn.rider.map_or(0, |k| k.index() as u64 + 1);
                turn.drops.bits() | u64::from(turn.slay) << 40 | rider << 48 | u64::from(turn.shot) << 52
            }

            fn is_capture(pos: &Position, turn: &Turn) -> bool {
                turn.shot
                    || turn.slays().is_some()
                    || pos.at(turn.to).is_some_and(|p| p.side != pos.side_to_move())
            }

            fn write_turn(pos: &Position, turn: &Turn) -> String {
                write_turn(pos, turn)
            }

            /// The whole turn: a Wagon's drops and a Templar's slaying are part of its move.
            fn write_primary(pos: &Position, turn: &Turn) -> String {
                write_turn(pos, turn)
            }

            fn parse_turn(pos: &Position, text: &str) -> Result<Turn, String> {
                parse_turn(pos, text).map(|(turn, _)| turn).map_err(|e| e.to_string())
            }

            fn write_events(events: &[Event]) -> String {
                write_events($version, events)
            }

            fn why_not(pos: &Position, from: Self::Square, to: Self::Square) -> Result<(), WhyNot> {
                read_move(pos, from.index() as u8, to.index() as u8).map(|_| ()).map_err(|refusal| WhyNot {
                    text: Explained { refusal, version: $version }.to_string(),
                    rule: refusal.rule($version),
                })
            }

            fn destinations(pos: &Position, from: Self::Square) -> Vec<Self::Square> {
                Self::Square::all().filter(|to| read_move(pos, from.index() as u8, to.index() as u8).is_ok()).collect()
            }

            fn threatened(pos: &Position) -> Vec<Self::Square> {
                threatened(pos).into_iter().map(|s| Self::Square::from_index(s as usize)).collect()
            }

            fn side_status(pos: &Position, side: Side) -> String {
                side_status(pos, side)
            }

            fn geometry() -> &'static Geometry {
                static BOARD: std::sync::LazyLock<Geometry> =
                    std::sync::LazyLock::new(|| Geometry::square($size, $size, |_, _| false));
                &BOARD
            }

            fn piece_at(pos: &Position, square: Self::Square) -> Option<PieceCode> {
                pos.at(square.index() as u8).map(code)
            }

            /// Each Wagon's passengers (A4.2).
            fn carried(pos: &Position) -> Vec<(Self::Square, PieceCode)> {
                let mut carried = Vec::new();
                for side in Side::BOTH {
                    if let Some(at) = pos.wagon(side) {
                        let at = Self::Square::from_index(at as usize);
                        carried.extend(pos.riders(side).kinds().map(|kind| (at, code(Piece { side, kind }))));
                    }
                }
                carried
            }

            fn take(pos: &mut Position, square: Self::Square) -> Option<PieceCode> {
                pos.take(square.index() as u8).map(code)
            }

            fn effects(event: &Event) -> Vec<(usize, Effect)> {
                effects(event)
            }

            fn prompt(pending: &Pending) -> Prompt {
                prompt($version, pending)
            }

            fn decision(pending: &Pending, choice: Choice) -> Option<Decision> {
                decision(pending, choice)
            }

            fn choice(decision: &Decision) -> Choice {
                choice(decision)
            }
        }
    };
}

izdari_rules!(
    /// Assassin's Izdari (A1–A5, C1–C2): 8×8, the Templar taken loses.
    AssassinsIzdari,
    Version::Assassins,
    8,
    GameId::Izdari,
    Naming { game: "Assassin's Izdari", sides: ["Southlands", "Northlands"], royal: "Templar", goal: "", shot: "is shot by the Archer on {by}" },
    &[Kind::Halfling as u8, Kind::Lizard as u8],
    &[("start", "start", 4)]
);

izdari_rules!(
    /// Classic Izdari (B1–B3, C1–C2, D1–D8): 10×10, the Wagon taken loses.
    ClassicIzdari,
    Version::Classic,
    10,
    GameId::IzdariClassic,
    Naming { game: "Izdari", sides: ["White", "Black"], royal: "Wagon", goal: "", shot: "is shot by the Archer on {by}" },
    &[Kind::Halfling as u8, Kind::Lizard as u8],
    &[("start", "start", 3)]
);
