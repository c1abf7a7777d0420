//! Khitan in the shared shape: [`Khitan`] implements [`Rules`] over this module's position,
//! turns and staged turn, and translates them for front ends. A piece's kind number in the
//! shared view is its orientation (X1.3), so front ends draw each tile turned as it lies.

use std::sync::LazyLock;

use super::hex::{Hex, MIDDLE_ROW, ROW_LENGTHS};
use super::machine::{Decision, Event, Pending, TurnState};
use super::tables::hexes;
use super::{
    Position, Tile, Turn, captures, count_turns, flipped, for_each_flip, generate_turns, parse_piece_list,
    parse_position, parse_turn, play, side_name, why_not, winner, write_events, write_position, write_turn,
};
use crate::rules::geometry::{Geometry, Place, Shade};
use crate::rules::text::PositionError;
use crate::rules::view::{Ask, Choice, Effect, Motion, PieceCode, Prompt, WhyNot};
use crate::rules::{GameId, Naming, Rules, Side, Square as _};

/// The rules of Khitan (X1–X7), a game by Ludovic Chabry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Khitan;

/// A piece as front ends see it: its owner, and its orientation as the kind.
pub fn code(side: Side, tile: Tile) -> PieceCode {
    PieceCode { side, kind: tile.index() as u8 }
}

impl Rules for Khitan {
    const ID: GameId = GameId::Khitan;
    const NAMING: Naming = Naming {
        game: "Khitan",
        sides: ["Light", "Dark"],
        royal: "last piece",
        goal: "",
        shot: "faces its own colour along the line from {by} and is captured",
    };
    const STAGES: &'static [&'static str] = &["Flip", "Capture", "Placement", "Turn end"];
    /// The rulebook has no draw but by agreement (docs/rules-decisions.md).
    const REPETITION_DRAWS: bool = false;
    /// The twelve orientations (X1.3, X5.3), each written as its text.
    const KINDS: &'static [(char, &'static str)] = &[
        ('R', "R+"),
        ('O', "O+"),
        ('Y', "Y+"),
        ('G', "G+"),
        ('B', "B+"),
        ('V', "V+"),
        ('R', "R-"),
        ('O', "O-"),
        ('Y', "Y-"),
        ('G', "G-"),
        ('B', "B-"),
        ('V', "V-"),
    ];
    const PIECE_NOUN: Option<&'static str> = Some("tile");
    /// The mover's one choice inside a turn: where its placements go and how they lie.
    const INNER: &'static [bool] = &[false];
    /// Every piece is alike but for how it lies: no regular gives one as odds.
    const ODDS: &'static [u8] = &[];
    /// Classic, expert (reserves of 3) and master (reserves of 6), from the same board (X4).
    const VERSIONS: &'static [(&'static str, &'static str)] = &[
        ("Classic", "start"),
        ("Expert", "1b+b+b+1/b+1b-b-1b+/1b+1b-1b+1/8/9/8/1O+1O-1O+1/O+1O-O-1O+/1O+O+O+1 l expert 3/3"),
        ("Master", "1b+b+b+1/b+1b-b-1b+/1b+1b-1b+1/8/9/8/1O+1O-1O+1/O+1O-O-1O+/1O+O+O+1 l master 6/6"),
    ];
    /// The classic start.
    const BENCH: &'static [(&'static str, &'static str, u32)] = &[("start", "start", 5)];

    type Square = Hex;
    type Position = Position;
    type Turn = Turn;
    type Machine = TurnState;

    fn start() -> Position {
        super::start(super::Version::Classic)
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

    fn primary(turn: &Turn) -> (Hex, Hex) {
        (turn.from, turn.to)
    }

    /// Within one flip, turns differ only by their placements.
    fn inner_key(turn: &Turn, _level: usize) -> u64 {
        crate::rules::zobrist::splitmix(turn.placed ^ turn.orientations.rotate_left(32)).1
    }

    fn is_capture(_pos: &Position, turn: &Turn) -> bool {
        turn.is_capture()
    }

    fn write_turn(pos: &Position, turn: &Turn) -> String {
        write_turn(pos, turn)
    }

    /// The flip and what it captures (`c3-c4xd7`), without the placements.
    fn write_primary(_pos: &Position, turn: &Turn) -> String {
        let taken: String = hexes(turn.captured).map(|h| format!("x{h}")).collect();
        format!("{}-{}{taken}", turn.from, turn.to)
    }

    fn parse_turn(pos: &Position, text: &str) -> Result<Turn, String> {
        parse_turn(pos, text).map(|(turn, _)| turn).map_err(|e| e.to_string())
    }

    fn write_events(events: &[Event]) -> String {
        write_events(events)
    }

    fn why_not(pos: &Position, from: Hex, to: Hex) -> Result<(), WhyNot> {
        why_not(pos, from, to).map_err(|refusal| WhyNot { text: refusal.to_string(), rule: refusal.rule() })
    }

    fn destinations(pos: &Position, from: Hex) -> Vec<Hex> {
        let mut out = Vec::new();
        for_each_flip(pos, |f, to| {
            if f == from {
                out.push(to);
            }
        });
        out
    }

    /// The pieces the opponent's flips would capture, were it to move now (X3.1, X7.5).
    fn threatened(pos: &Position) -> Vec<Hex> {
        let me = pos.side_to_move();
        let mut theirs = *pos;
        theirs.set_side_to_move(me.opponent());
        let mut taken = 0;
        for_each_flip(&theirs, |from, to| taken |= captures(&flipped(&theirs, from, to), me.opponent()));
        hexes(taken & pos.side(me)).collect()
    }

    /// The pieces on the board and, in expert and master, in reserve (X4).
    fn side_status(pos: &Position, side: Side) -> String {
        let on_board = pos.side(side).count_ones();
        let warning = if on_board == 1 { " — one capture from defeat" } else { "" };
        if pos.version().places() {
            format!("pieces {on_board} · reserve {}{warning}", pos.reserve(side))
        } else {
            format!("pieces left: {on_board}{warning}")
        }
    }

    /// The hexagon of 61 cells (X1.1, X5.1): the halves shaded Light and Dark, the dividing
    /// row special; each row's number at both its ends, the letters along the two edge rows.
    fn geometry() -> &'static Geometry {
        static BOARD: LazyLock<Geometry> = LazyLock::new(|| {
            let cells = Hex::all()
                .map(|hex| {
                    let (x, y) = hex.centre();
                    let shade = match hex.row() {
                        r if r < MIDDLE_ROW => Shade::Light,
                        r if r > MIDDLE_ROW => Shade::Dark,
                        _ => Shade::Middle,
                    };
                    Place { name: hex.to_string(), x, y, shade }
                })
                .collect();
            let mut labels = Vec::new();
            for row in 0..9u8 {
                let (_, y) = Hex::new(row, 0).expect("a row's first cell").centre();
                let reach = f32::from(ROW_LENGTHS[usize::from(row)]) / 2.0 + 0.25;
                labels.push(((row + 1).to_string(), -reach, y));
                labels.push(((row + 1).to_string(), reach, y));
            }
            for (row, dy) in [(0u8, -0.8f32), (8, 0.8)] {
                for place in 0..ROW_LENGTHS[usize::from(row)] {
                    let (x, y) = Hex::new(row, place).expect("within the row").centre();
                    labels.push((((b'a' + place) as char).to_string(), x, y + dy));
                }
            }
            Geometry::from_places(cells, labels)
        });
        &BOARD
    }

    fn piece_at(pos: &Position, hex: Hex) -> Option<PieceCode> {
        pos.piece_at(hex).map(|(side, tile)| code(side, tile))
    }

    fn take(pos: &mut Position, hex: Hex) -> Option<PieceCode> {
        pos.take(hex).map(|(side, tile)| code(side, tile))
    }

    fn effects(event: &Event) -> Vec<(usize, Effect)> {
        effect(event).into_iter().collect()
    }

    fn prompt(pending: &Pending) -> Prompt {
        let side = pending.side();
        let name = side_name(side);
        let (ask, headline, instruction) = match *pending {
            Pending::Primary { .. } => (
                Ask::Move,
                format!("{name} to move"),
                "Pick up a piece and flip it onto a neighbouring cell".to_string(),
            ),
            Pending::Placement { cells, left, .. } => (
                Ask::Place { cells: hexes(cells).map(|h| h.cell()).collect(), kinds: (0..12).collect() },
                format!("{name}: place a piece from the reserve ({left} to place)"),
                "Choose an empty cell of your half and how the piece lies (X4.3)".to_string(),
            ),
        };
        Prompt { side, stage: pending.stage() as usize, ask, headline, instruction }
    }

    fn decision(pending: &Pending, choice: Choice) -> Option<Decision> {
        match (*pending, choice) {
            (Pending::Primary { .. }, Choice::Move { from, to }) => {
                Some(Decision::Primary { from: Hex::of_cell(from), to: Hex::of_cell(to) })
            }
            (Pending::Placement { .. }, Choice::Place { at, kind }) if usize::from(kind) < Tile::COUNT => {
                Some(Decision::Place { at: Hex::of_cell(at), tile: Tile::from_index(usize::from(kind)) })
            }
            _ => None,
        }
    }

    fn choice(decision: &Decision) -> Choice {
        match *decision {
            Decision::Primary { from, to } => Choice::Move { from: from.cell(), to: to.cell() },
            Decision::Place { at, tile } => Choice::Place { at: at.cell(), kind: tile.index() as u8 },
        }
    }
}

/// An event as front ends see it, with its stage's number.
fn effect(event: &Event) -> Option<(usize, Effect)> {
    let stage = event.stage() as usize;
    let effect = match *event {
        Event::Flipped { side, from, to, after, .. } => Effect::Move {
            piece: code(side, after),
            from: from.cell(),
            to: to.cell(),
            captured: None,
            motion: Motion::Roll,
        },
        Event::Captured { at, side, tile, by, .. } => {
            Effect::Shot { at: at.cell(), piece: code(side, tile), by: by.cell() }
        }
        Event::Placed { at, side, tile } => Effect::Placed { at: at.cell(), piece: code(side, tile) },
        Event::TurnEnded { next } => Effect::TurnEnded { next },
        Event::GameOver(outcome) => Effect::GameOver(outcome),
    };
    Some((stage, effect))
}

crate::rules::shape::turn_machine_by_own_methods!(TurnState {
    Position, Turn, Decision, Pending, Event, super::DecisionError
});
