//! Desert Pub Chess (rulebook `shared/rules/desert-pub-chess.md`, rules P1–P6): an 8×8 game
//! whose Desert Wazirs and Desert Ferzes step without capturing and capture only by jumping,
//! in chains. Board, pieces, generation with P6's counting, the staged turn, position text
//! (P5), notation (P4) and "why not?".

mod machine;
mod notation;
mod piece;
mod position;
mod rules;
pub mod tables;
mod text;
mod turn;
mod why;

pub use crate::rules::board8::{side_letter, side_name};
pub use machine::{Decision, DecisionError, Event, Pending, Stage, TurnState, between};
pub use notation::{NotationError, parse_turn, replay, write_events, write_turn};
pub use piece::{Kind, Piece};
pub use position::Position;
pub use rules::DesertPubChess;
pub use text::{START, parse_piece_list, parse_position, write_position};
pub use turn::{
    Turn, count_turns, generate_captures, generate_turns, has_turn, is_chain, jump_path, jumps, no_pieces_left, play,
    primary_destinations, steps, winner_by_capture,
};
pub use why::{Refusal, why_not};

/// A square of the 8×8 board (P1.1).
pub type Square = crate::rules::board8::Square;

/// A game of Desert Pub Chess.
pub type Game = crate::rules::Game<DesertPubChess>;
/// A game of Desert Pub Chess with its tags.
pub type Record = crate::rules::Record<DesertPubChess>;
