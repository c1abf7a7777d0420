//! Position text (H6), parsed with errors that name the offending character.
//!
//! `chpgkphc/ffffffff/8/8/8/8/FFFFFFFF/CHPGKPHC w`: eight ranks from 8 down to 1, then the side
//! to move. Like the other games' texts, an optional turn number may follow the side.

use super::{Kind, Position};
use crate::rules::Side;
use crate::rules::board8::{self, Piece};
use crate::rules::text::PositionError;

/// The start position (H6).
pub const START: &str = "chpgkphc/ffffffff/8/8/8/8/FFFFFFFF/CHPGKPHC w";

/// No Foot stands on its far rank: it has promoted (H2.9, H6).
fn allow(piece: Piece<Kind>, rank: u8) -> Result<(), String> {
    let far_rank = if piece.side == Side::First { 7 } else { 0 };
    if piece.kind == Kind::Foot && rank == far_rank {
        return Err(format!("a Foot on rank {}, its far rank, has promoted (H2.9)", rank + 1));
    }
    Ok(())
}

/// Exactly one King a side (H6).
fn check(board: board8::Board<Kind>) -> Result<Position, PositionError> {
    for side in Side::BOTH {
        let kings = board.pieces(side, Kind::King).count_ones();
        if kings != 1 {
            let letter = if side == Side::First { 'K' } else { 'k' };
            return Err(PositionError {
                format: "position text",
                at: None,
                problem: format!(
                    "{} has {kings} Kings (`{letter}`): a position has exactly one King a side (H6)",
                    board8::side_name(side)
                ),
            });
        }
    }
    Ok(Position::from_board(board))
}

/// Parses position text (H6): placement, side to move, and an optional turn number.
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    check(board8::parse_board(text, "K G P C H F for White, k g p c h f for Black", allow)?)
}

/// Writes a position as text (H6), with the turn number when it is not 1.
pub fn write_position(pos: &Position) -> String {
    board8::write_board(pos)
}

/// Parses a position written as pieces on squares (`"Ke1 Pd4 ke8"`, upper case White, lower
/// case Black) with `side` to move: handier than position text for lessons and tests.
pub fn parse_piece_list(pieces: &str, side: Side) -> Result<Position, PositionError> {
    parse_position(&board8::write_board(&board8::read_board_list::<Kind>(pieces, side)?))
}
