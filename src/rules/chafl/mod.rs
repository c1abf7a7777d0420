//! Chafl (rulebook `shared/rules/chafl.md`, rules H1–H7): chess pieces on a chessboard that
//! capture like tafl, by closing on an enemy from both sides, and win by taking the King or
//! bringing the King or a Prince home to a Haven. The General, Princes and Captains move by
//! joining a friend anywhere on the board. Board, pieces, generation with H7's counting, the
//! staged turn, position text (H6), notation (H5) and "why not?".

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
pub use machine::{Decision, DecisionError, Event, Pending, Stage, TurnState};
pub use notation::{NotationError, parse_turn, replay, write_events, write_turn};
pub use piece::{Kind, Piece};
pub use position::Position;
pub use rules::Chafl;
pub use text::{START, parse_piece_list, parse_position, write_position};
pub use turn::{
    Turn, arrives_home, captures, count_turns, destinations_of, generate_captures, generate_turns, has_turn, play,
    winner,
};
pub use why::{Refusal, why_not};

/// A square of the 8×8 board (H1.1).
pub type Square = crate::rules::board8::Square;

/// A game of Chafl.
pub type Game = crate::rules::Game<Chafl>;
/// A game of Chafl with its tags.
pub type Record = crate::rules::Record<Chafl>;
