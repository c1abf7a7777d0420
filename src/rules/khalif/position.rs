//! The board between (and during) turns: where every piece stands and who is to move.

use super::tables::{ADJACENT, ZOBRIST, ZOBRIST_SILVER};
use super::{Bitboard, Kind, Piece, Side, Square};

/// A position: piece placement as bitboards plus a square-indexed mailbox, the side to move,
/// the turn number and an incrementally kept hash. Small and `Copy`, so search copies it
/// instead of undoing moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    by_side: [Bitboard; 2],
    by_kind: [Bitboard; 6],
    /// 0 for empty, else `1 + side * 6 + kind`.
    mailbox: [u8; 81],
    side_to_move: Side,
    turn_number: u32,
    hash: u64,
}

const fn encode(piece: Piece) -> u8 {
    1 + (piece.side as u8) * 6 + piece.kind as u8
}

fn decode(code: u8) -> Option<Piece> {
    if code == 0 {
        return None;
    }
    let code = code - 1;
    let side = if code < 6 { Side::First } else { Side::Second };
    Some(Piece::new(side, Kind::ALL[(code % 6) as usize]))
}

impl Position {
    /// An empty board with `side` to move at turn 1.
    pub fn empty(side: Side) -> Position {
        let mut p = Position {
            by_side: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 6],
            mailbox: [0; 81],
            side_to_move: Side::First,
            turn_number: 1,
            hash: 0,
        };
        p.set_side_to_move(side);
        p
    }

    /// The starting position (K2.1).
    pub fn start() -> Position {
        use Kind::*;
        const BACK_ROW: [Kind; 9] = [Raider, Vizier, Djinn, Guard, Khalif, Guard, Djinn, Vizier, Raider];
        let mut p = Position::empty(Side::First);
        for file in 0..9u8 {
            let sq = |rank| Square::new(file, rank).expect("on board");
            p.put(sq(0), Piece::new(Side::First, BACK_ROW[file as usize]));
            p.put(sq(1), Piece::new(Side::First, Camel));
            p.put(sq(7), Piece::new(Side::Second, Camel));
            p.put(sq(8), Piece::new(Side::Second, BACK_ROW[file as usize]));
        }
        p
    }

    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    pub fn set_side_to_move(&mut self, side: Side) {
        if side != self.side_to_move {
            self.hash ^= ZOBRIST_SILVER;
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

    /// Hash of placement and side to move (not the turn number), for repetition and search.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        decode(self.mailbox[sq.index()])
    }

    pub fn side(&self, side: Side) -> Bitboard {
        self.by_side[side.index()]
    }

    pub fn kind(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    pub fn pieces(&self, side: Side, kind: Kind) -> Bitboard {
        self.by_side[side.index()] & self.by_kind[kind.index()]
    }

    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }

    /// The side's Khalif, or `None` once it has been captured with no successor (K6.1).
    pub fn khalif(&self, side: Side) -> Option<Square> {
        self.pieces(side, Kind::Khalif).first()
    }

    /// The side's Khalif and Viziers: the pieces K4.3 keeps apart and K5.3 protects.
    pub fn rulers(&self, side: Side) -> Bitboard {
        self.side(side) & (self.kind(Kind::Khalif) | self.kind(Kind::Vizier))
    }

    /// Squares adjacent to any of the given squares.
    pub fn adjacent_to(squares: Bitboard) -> Bitboard {
        squares.squares().fold(Bitboard::EMPTY, |acc, s| acc | ADJACENT[s.index()])
    }

    /// Places a piece on an empty square.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.mailbox[sq.index()] == 0, "put on occupied {sq}");
        let bit = Bitboard::from_square(sq);
        self.by_side[piece.side.index()] |= bit;
        self.by_kind[piece.kind.index()] |= bit;
        self.mailbox[sq.index()] = encode(piece);
        self.hash ^= ZOBRIST[piece.side.index()][piece.kind.index()][sq.index()];
    }

    /// Removes and returns the piece on a square.
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        let keep = !Bitboard::from_square(sq);
        self.by_side[piece.side.index()] &= keep;
        self.by_kind[piece.kind.index()] &= keep;
        self.mailbox[sq.index()] = 0;
        self.hash ^= ZOBRIST[piece.side.index()][piece.kind.index()][sq.index()];
        Some(piece)
    }

    /// Moves the piece on `from` to `to`, capturing what stood there; returns the captured piece.
    /// The mover's bits and key are flipped on both squares at once: search and turn
    /// generation relocate at every capture and every turn played.
    pub fn relocate(&mut self, from: Square, to: Square) -> Option<Piece> {
        let captured = self.take(to);
        let code = self.mailbox[from.index()];
        let piece = decode(code).expect("relocate from an empty square");
        let (s, k) = (piece.side.index(), piece.kind.index());
        let both = Bitboard::from_square(from) ^ Bitboard::from_square(to);
        self.by_side[s] = self.by_side[s] ^ both;
        self.by_kind[k] = self.by_kind[k] ^ both;
        self.mailbox[from.index()] = 0;
        self.mailbox[to.index()] = code;
        self.hash ^= ZOBRIST[s][k][from.index()] ^ ZOBRIST[s][k][to.index()];
        captured
    }

    /// Turns the piece on `sq` into another kind, as succession does (K5.2).
    pub fn change_kind(&mut self, sq: Square, kind: Kind) {
        let piece = self.take(sq).expect("change_kind on an empty square");
        self.put(sq, Piece::new(piece.side, kind));
    }

    /// Ends the turn: the other side is to move and the turn count advances (K5.6).
    pub fn pass_turn(&mut self) {
        self.set_side_to_move(self.side_to_move.opponent());
        self.turn_number = self.turn_number.saturating_add(1);
    }
}
