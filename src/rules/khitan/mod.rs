//! Khitan (rulebook `shared/rules/khitan.md`, rules X1–X7; after the 2012 game by Ludovic
//! Chabry): sixteen hexagonal pieces a side on a hexagon of 61 cells, each edge of a piece a
//! colour, moved by flipping over an edge; a piece captures any opposing piece that shows it
//! the same colour along a clear line. Classic, expert and master versions. Board, pieces,
//! generation with X6's counting, the staged turn, position text (X5.4), notation and
//! "why not?".

mod hex;
mod machine;
mod notation;
mod position;
mod rules;
pub mod tables;
mod text;
mod tile;
mod turn;
mod why;

pub use hex::{CELLS, Direction, Hex, MIDDLE_ROW, ROW_LENGTHS};
pub use machine::{Decision, DecisionError, Event, Pending, Stage, TurnState};
pub use notation::{NotationError, parse_turn, replay, write_events, write_turn};
pub use position::{Position, Version};
pub use rules::{Khitan, code};
pub use text::{START, parse_piece_list, parse_position, side_name, start, write_position};
pub use tile::{Colour, Tile};
pub use turn::{
    FlipScan, Turn, captures, count_turns, flipped, for_each_flip, free_cells, generate_turns, has_turn, lines_of_fire,
    placements_owed, play, winner,
};
pub use why::{Refusal, why_not, why_not_place};

/// A game of Khitan.
pub type Game = crate::rules::Game<Khitan>;
/// A game of Khitan with its tags.
pub type Record = crate::rules::Record<Khitan>;
