//! The board between (and during) turns: the shared 8×8 board with Chafl's kinds, and the one
//! fact the board alone cannot show: that the last move arrived on a Haven (H4.1).

use std::ops::{Deref, DerefMut};

use super::Kind;
use super::tables::{HAVENS, squares};
use crate::rules::Side;
use crate::rules::board8::Board;

/// Piece placement, side to move, turn number and hash, plus the side whose King or Prince has
/// just moved onto its Haven. A King or Prince found standing on its Haven in a given position
/// has not moved onto it (H4.1), so only a move sets this, and position text never does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    board: Board<Kind>,
    arrived: Option<Side>,
}

impl Position {
    /// An empty board with `side` to move at turn 1.
    pub fn empty(side: Side) -> Position {
        Position { board: Board::empty(side), arrived: None }
    }

    /// The starting position (H1.2): the FIDE chess array.
    pub fn start() -> Position {
        use Kind::*;
        let board = Board::chess_start([Captain, Horse, Prince, General, King, Prince, Horse, Captain], Foot);
        Position { board, arrived: None }
    }

    pub fn from_board(board: Board<Kind>) -> Position {
        Position { board, arrived: None }
    }

    /// The side whose King or Prince moved onto its Haven on the last turn (H4.1).
    pub fn arrived(&self) -> Option<Side> {
        self.arrived
    }

    /// Records that `side`'s move ended on its Haven with a King or a Prince.
    pub fn set_arrived(&mut self, side: Side) {
        self.arrived = Some(side);
    }

    /// The King of a side, if it still stands (H3.4).
    pub fn king(&self, side: Side) -> u64 {
        self.board.pieces(side, Kind::King)
    }

    /// How many steps `side`'s King has to walk to its nearest Haven (H4.1); `None` once the
    /// King is taken.
    pub fn king_steps_home(&self, side: Side) -> Option<u8> {
        squares(self.king(side)).flat_map(|k| squares(HAVENS[side.index()]).map(move |h| k.distance(h))).min()
    }
}

impl Deref for Position {
    type Target = Board<Kind>;

    fn deref(&self) -> &Board<Kind> {
        &self.board
    }
}

impl DerefMut for Position {
    fn deref_mut(&mut self) -> &mut Board<Kind> {
        &mut self.board
    }
}
