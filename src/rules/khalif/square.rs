//! Squares of the 9×9 board (K1.1), the Wadi and the two halves (K1.2).

use std::fmt;
use std::str::FromStr;

use super::Side;

/// The rank index (0-based) of the Wadi, rank 5 (K1.2).
pub const WADI_RANK: u8 = 4;

/// One of the 81 squares, indexed `rank * 9 + file` with both counted from 0 on Gold's side,
/// so `a1` is 0 and `i9` is 80. Compact (one byte) because search stores millions of them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    pub const FILES: u8 = 9;
    pub const RANKS: u8 = 9;
    pub const COUNT: usize = 81;

    /// The square at a 0-based file and rank, or `None` off the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < Self::FILES && rank < Self::RANKS { Some(Square(rank * Self::FILES + file)) } else { None }
    }

    /// The square with this index (0..81); panics on a bad index, which is a programming error.
    pub const fn from_index(index: usize) -> Square {
        assert!(index < Self::COUNT, "square index out of range");
        Square(index as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file, `a` = 0.
    pub const fn file(self) -> u8 {
        self.0 % Self::FILES
    }

    /// 0-based rank, rank 1 = 0.
    pub const fn rank(self) -> u8 {
        self.0 / Self::FILES
    }

    /// The square shifted by a file and rank offset, if still on the board.
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let file = self.file() as i8 + files;
        let rank = self.rank() as i8 + ranks;
        if file < 0 || rank < 0 { None } else { Square::new(file as u8, rank as u8) }
    }

    /// The half of the board this square lies in, or `None` for the Wadi (K1.2).
    pub const fn half(self) -> Option<Side> {
        if self.rank() < WADI_RANK {
            Some(Side::Gold)
        } else if self.rank() > WADI_RANK {
            Some(Side::Silver)
        } else {
            None
        }
    }

    /// Whether two squares are adjacent (K1.5): one of the 8 surrounding squares.
    pub const fn is_adjacent(self, other: Square) -> bool {
        let df = (self.file() as i8 - other.file() as i8).abs();
        let dr = (self.rank() as i8 - other.rank() as i8).abs();
        df <= 1 && dr <= 1 && (df + dr) > 0
    }

    /// All 81 squares, a1, b1, … i9.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Why a square name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a square (files a-i, ranks 1-9, e.g. `e5`)")]
pub struct BadSquare(pub String);

impl FromStr for Square {
    type Err = BadSquare;

    fn from_str(text: &str) -> Result<Square, BadSquare> {
        let bad = || BadSquare(text.to_string());
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(bad());
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        Square::new(file, rank).ok_or_else(bad)
    }
}
