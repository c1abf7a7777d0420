//! The board between (and during) turns: the shared 8×8 board with this game's kinds.

use super::Kind;
use crate::rules::board8::Board;

/// Piece placement, side to move, turn number and hash (`Copy`: search copies).
pub type Position = Board<Kind>;

impl Board<Kind> {
    /// The starting position (P1.2).
    pub fn start() -> Position {
        use Kind::*;
        Board::chess_start([Wazir, Knight, Ferz, Prince, Prince, Ferz, Knight, Wazir], Pawn)
    }
}
