//! Khalif (rulebook `shared/rules/khalif.md`, rules K1–K8): board, pieces, move generation,
//! the staged turn (K5), the text formats (K7, K8) and game records.

mod bitboard;
mod game;
mod kfen;
mod machine;
mod movegen;
mod notation;
mod piece;
mod position;
mod record;
pub mod resolve;
mod square;
pub mod tables;
mod turn;
mod why;

pub use bitboard::{Bitboard, Squares};
pub use game::{Game, GameError, PlayedTurn};
pub use kfen::{KfenError, START_KFEN, parse_kfen, parse_piece_list, parse_position_arg};
pub use machine::{Decision, DecisionError, Event, Pending, Stage, TurnState};
pub use movegen::{for_each_move_of, has_primary_move, primary_destinations, reachable_by};
pub use notation::{NotationError, parse_turn, replay, write_events, write_primary, write_turn};
pub use piece::{Kind, Piece, Side};
pub use position::Position;
pub use record::{Record, RecordError};
pub use square::{BadSquare, Square, WADI_RANK};
pub use turn::{Chain, Resolution, Turn, count_turns, generate_turns, khalif_lost, perft, perft_full, play};
pub use why::{Refusal, why_not};
