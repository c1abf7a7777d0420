//! Khalif (rulebook `shared/rules/khalif.md`, rules K1–K8): board, pieces, move generation,
//! the staged turn (K5), the text formats (K7, K8) and game records.

mod bitboard;
mod kfen;
mod machine;
mod movegen;
mod notation;
mod piece;
mod position;
pub mod resolve;
mod rules;
mod square;
pub mod tables;
mod turn;
mod why;

pub use crate::rules::Side;
pub use crate::rules::grid::BadSquare;
pub use bitboard::{Bitboard, Squares};
pub use kfen::{START_KFEN, parse_kfen, parse_piece_list};
pub use machine::{Decision, DecisionError, Event, Pending, Stage, TurnState};
pub use movegen::{MoveTotals, has_primary_move, move_totals, primary_destinations, reachable_by};
pub use notation::{NotationError, parse_turn, replay, write_events, write_primary, write_turn};
pub use piece::{Kind, Piece, forward, side_letter, side_name};
pub use position::Position;
pub use rules::Khalif;
pub use square::{Square, WADI_RANK, half};
pub use turn::{Chain, Resolution, Turn, count_turns, generate_captures, generate_turns, khalif_lost, play};
pub use why::{Refusal, why_not};

pub use crate::rules::{GameError, RecordError};

/// A game of Khalif.
pub type Game = crate::rules::Game<Khalif>;
/// A game of Khalif with its tags.
pub type Record = crate::rules::Record<Khalif>;
/// A finished turn of a game of Khalif.
pub type PlayedTurn = crate::rules::PlayedTurn<Khalif>;
