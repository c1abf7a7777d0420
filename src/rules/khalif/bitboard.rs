//! A set of squares as two 64-bit halves: squares 0–63 in `lo`, 64–80 in `hi`.
//!
//! Two `u64`s rather than one `u128` because the core also runs in wasm, where 128-bit
//! shifts and bit counts are emulated and cost two to three times more.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

use super::Square;

/// The bits of `hi` that are squares (64..81).
const HI_MASK: u64 = (1 << (Square::COUNT - 64)) - 1;

/// A set of squares, the workhorse of move generation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard {
    lo: u64,
    hi: u64,
}

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard { lo: 0, hi: 0 };
    pub const FULL: Bitboard = Bitboard { lo: u64::MAX, hi: HI_MASK };

    pub const fn from_square(square: Square) -> Bitboard {
        let i = square.index();
        if i < 64 { Bitboard { lo: 1 << i, hi: 0 } } else { Bitboard { lo: 0, hi: 1 << (i - 64) } }
    }

    /// Const-friendly union, for building the move tables at compile time.
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard { lo: self.lo | other.lo, hi: self.hi | other.hi }
    }

    pub const fn with(self, square: Square) -> Bitboard {
        self.union(Bitboard::from_square(square))
    }

    pub const fn is_empty(self) -> bool {
        self.lo == 0 && self.hi == 0
    }

    pub const fn any(self) -> bool {
        !self.is_empty()
    }

    pub const fn contains(self, square: Square) -> bool {
        let i = square.index();
        if i < 64 { self.lo >> i & 1 != 0 } else { self.hi >> (i - 64) & 1 != 0 }
    }

    pub const fn count(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }

    /// The lowest-indexed square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.lo != 0 {
            Some(Square::from_index(self.lo.trailing_zeros() as usize))
        } else if self.hi != 0 {
            Some(Square::from_index(64 + self.hi.trailing_zeros() as usize))
        } else {
            None
        }
    }

    /// The highest-indexed square, if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.hi != 0 {
            Some(Square::from_index(127 - self.hi.leading_zeros() as usize))
        } else if self.lo != 0 {
            Some(Square::from_index(63 - self.lo.leading_zeros() as usize))
        } else {
            None
        }
    }

    /// The only square of a one-square set, `None` when empty or larger.
    pub const fn single(self) -> Option<Square> {
        if self.count() == 1 { self.first() } else { None }
    }

    pub fn squares(self) -> Squares {
        Squares(self)
    }

    /// Every square of the set moved `files` files and `ranks` ranks (each -1, 0 or 1), those
    /// that would leave the board dropped: one step of every piece of a kind at once.
    #[inline]
    pub fn shifted(self, files: i8, ranks: i8) -> Bitboard {
        let stays = match files {
            -1 => !FILE_A,
            1 => !FILE_I,
            _ => Bitboard::FULL,
        };
        let bits = self & stays;
        let wide = (bits.hi as u128) << 64 | bits.lo as u128;
        let by = i32::from(ranks) * 9 + i32::from(files);
        let moved = if by >= 0 { wide << by } else { wide >> -by };
        Bitboard { lo: moved as u64, hi: (moved >> 64) as u64 & HI_MASK }
    }
}

/// The squares of one file, for shifts that must not wrap round the board's edge.
const fn file(file: usize) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    let mut rank = 0;
    while rank < 9 {
        b = b.with(Square::from_index(rank * 9 + file));
        rank += 1;
    }
    b
}
const FILE_A: Bitboard = file(0);
const FILE_I: Bitboard = file(8);

/// Iterates the squares of a bitboard in index order.
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let b = &mut self.0;
        if b.lo != 0 {
            let i = b.lo.trailing_zeros() as usize;
            b.lo &= b.lo - 1;
            Some(Square::from_index(i))
        } else if b.hi != 0 {
            let i = b.hi.trailing_zeros() as usize;
            b.hi &= b.hi - 1;
            Some(Square::from_index(64 + i))
        } else {
            None
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    fn into_iter(self) -> Squares {
        self.squares()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard { lo: self.lo & o.lo, hi: self.hi & o.hi }
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, o: Bitboard) -> Bitboard {
        self.union(o)
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, o: Bitboard) -> Bitboard {
        Bitboard { lo: self.lo ^ o.lo, hi: self.hi ^ o.hi }
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard { lo: !self.lo, hi: !self.hi & HI_MASK }
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, o: Bitboard) {
        *self = *self & o;
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, o: Bitboard) {
        *self = *self | o;
    }
}
