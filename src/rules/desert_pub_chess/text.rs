//! Position text (P5), parsed with errors that name the offending character.
//!
//! `wnfssfnw/pppppppp/8/8/8/8/PPPPPPPP/WNFSSFNW w`: eight ranks from 8 down to 1, then the side
//! to move. This project also reads an optional turn number after the side (as Khalif's KFEN
//! does) and writes one when it is not 1, so records and screenshots keep their numbering.

use super::{Kind, Position};
use crate::rules::Side;
use crate::rules::board8::{self, Piece};
use crate::rules::text::PositionError;

/// The start position (P5).
pub const START: &str = "wnfssfnw/pppppppp/8/8/8/8/PPPPPPPP/WNFSSFNW w";

/// A Pawn never stands on its own last rank: it has promoted (P2.1).
fn allow(piece: Piece<Kind>, rank: u8) -> Result<(), String> {
    let last_rank = if piece.side == Side::First { 7 } else { 0 };
    if piece.kind == Kind::Pawn && rank == last_rank {
        return Err(format!("a Pawn on rank {}, its own last rank, has promoted (P2.1)", rank + 1));
    }
    Ok(())
}

/// Parses position text (P5): placement, side to move, and an optional turn number.
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    let pos = board8::parse_board(text, "W F N S P for White, w f n s p for Black", allow)?;
    check(pos)
}

/// The side not to move has a piece: had it none, the game ended on the turn before (P3.1).
fn check(pos: Position) -> Result<Position, PositionError> {
    if pos.side(pos.side_to_move().opponent()) == 0 && pos.side(pos.side_to_move()) != 0 {
        return Err(PositionError {
            format: "position text",
            at: None,
            problem: "the side not to move has no piece: that game ended on the turn before, with the other side to move (P3.1)"
                .to_string(),
        });
    }
    Ok(pos)
}

/// Writes a position as text (P5), with the turn number when it is not 1.
pub fn write_position(pos: &Position) -> String {
    board8::write_board(pos)
}

/// Parses a position written as pieces on squares (`"Wd4 pe5 Sa1"`, upper case White, lower
/// case Black) with `side` to move: handier than position text for lessons and tests.
pub fn parse_piece_list(pieces: &str, side: Side) -> Result<Position, PositionError> {
    parse_position(&write_position(&board8::read_board_list(pieces, side)?))
}
