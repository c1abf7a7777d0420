//! The board between (and during) turns: where every piece stands and who is to move.

use super::tables::{ZOBRIST, ZOBRIST_SECOND, bit};
use super::{Kind, Piece, Square};
use crate::rules::Side;

/// Piece placement as bitboards plus a square-indexed mailbox, the side to move, the turn
/// number and an incrementally kept hash. Small and `Copy`: search copies instead of undoing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    by_side: [u64; 2],
    by_kind: [u64; 5],
    /// 0 for empty, else `1 + side * 5 + kind`.
    mailbox: [u8; 64],
    side_to_move: Side,
    turn_number: u32,
    hash: u64,
}

const fn encode(piece: Piece) -> u8 {
    1 + (piece.side.index() as u8) * 5 + piece.kind as u8
}

const fn decode(code: u8) -> Option<Piece> {
    if code == 0 {
        return None;
    }
    let side = if code <= 5 { Side::First } else { Side::Second };
    Some(Piece::new(side, Kind::ALL[((code - 1) % 5) as usize]))
}

impl Position {
    /// An empty board with `side` to move at turn 1.
    pub fn empty(side: Side) -> Position {
        let mut p = Position {
            by_side: [0; 2],
            by_kind: [0; 5],
            mailbox: [0; 64],
            side_to_move: Side::First,
            turn_number: 1,
            hash: 0,
        };
        p.set_side_to_move(side);
        p
    }

    /// The starting position (P1.2).
    pub fn start() -> Position {
        use Kind::*;
        const BACK_ROW: [Kind; 8] = [Wazir, Knight, Ferz, Prince, Prince, Ferz, Knight, Wazir];
        let mut p = Position::empty(Side::First);
        for file in 0..8u8 {
            let sq = |rank| Square::new(file, rank).expect("on board");
            p.put(sq(0), Piece::new(Side::First, BACK_ROW[file as usize]));
            p.put(sq(1), Piece::new(Side::First, Pawn));
            p.put(sq(6), Piece::new(Side::Second, Pawn));
            p.put(sq(7), Piece::new(Side::Second, BACK_ROW[file as usize]));
        }
        p
    }

    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    pub fn set_side_to_move(&mut self, side: Side) {
        if side != self.side_to_move {
            self.hash ^= ZOBRIST_SECOND;
            self.side_to_move = side;
        }
    }

    /// The number of the turn about to be played; every turn of either side counts one.
    pub fn turn_number(&self) -> u32 {
        self.turn_number
    }

    pub fn set_turn_number(&mut self, n: u32) {
        self.turn_number = n;
    }

    /// Hash of placement and side to move (not the turn number): repetitions (P3.4) and search.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        decode(self.mailbox[sq.index()])
    }

    /// The squares of a side's pieces.
    pub fn side(&self, side: Side) -> u64 {
        self.by_side[side.index()]
    }

    pub fn pieces(&self, side: Side, kind: Kind) -> u64 {
        self.by_side[side.index()] & self.by_kind[kind.index()]
    }

    pub fn occupied(&self) -> u64 {
        self.by_side[0] | self.by_side[1]
    }

    /// Places a piece on an empty square.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.mailbox[sq.index()] == 0, "put on occupied {sq}");
        self.by_side[piece.side.index()] |= bit(sq);
        self.by_kind[piece.kind.index()] |= bit(sq);
        self.mailbox[sq.index()] = encode(piece);
        self.hash ^= ZOBRIST[piece.side.index()][piece.kind.index()][sq.index()];
    }

    /// Removes and returns the piece on a square.
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.by_side[piece.side.index()] &= !bit(sq);
        self.by_kind[piece.kind.index()] &= !bit(sq);
        self.mailbox[sq.index()] = 0;
        self.hash ^= ZOBRIST[piece.side.index()][piece.kind.index()][sq.index()];
        Some(piece)
    }

    /// Moves the piece on `from` to `to`, capturing by displacement what stood there.
    pub fn relocate(&mut self, from: Square, to: Square) -> Option<Piece> {
        let piece = self.take(from).expect("relocate from an empty square");
        let captured = self.take(to);
        self.put(to, piece);
        captured
    }

    /// Ends the turn: the other side is to move and the turn count advances.
    pub fn pass_turn(&mut self) {
        self.set_side_to_move(self.side_to_move.opponent());
        self.turn_number = self.turn_number.saturating_add(1);
    }
}
