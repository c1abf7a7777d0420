//! Squares of a rectangular board, named as in chess (`a1` at the first player's left): one
//! type for every square-board game, sized by its files and ranks (8×8, 9×9, 10×10).

use std::fmt;
use std::str::FromStr;

/// One square of a `FILES`×`RANKS` board, indexed `rank * FILES + file` with both counted from 0
/// on the first player's side, so `a1` is 0. One byte, because search stores millions of them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square<const FILES: u8, const RANKS: u8>(u8);

impl<const FILES: u8, const RANKS: u8> Square<FILES, RANKS> {
    pub const FILES: u8 = FILES;
    pub const RANKS: u8 = RANKS;
    pub const COUNT: usize = FILES as usize * RANKS as usize;

    /// The square at a 0-based file and rank, or `None` off the board.
    pub const fn new(file: u8, rank: u8) -> Option<Self> {
        if file < FILES && rank < RANKS { Some(Square(rank * FILES + file)) } else { None }
    }

    /// The square with this index; panics on a bad index, which is a programming error.
    pub const fn from_index(index: usize) -> Self {
        assert!(index < Self::COUNT, "square index out of range");
        Square(index as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file, `a` = 0.
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// 0-based rank, rank 1 = 0.
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The square shifted by a file and rank offset, if still on the board.
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Self> {
        let file = self.file() as i8 + files;
        let rank = self.rank() as i8 + ranks;
        if file < 0 || rank < 0 { None } else { Self::new(file as u8, rank as u8) }
    }

    /// Whether two squares touch: one of the 8 surrounding squares.
    pub const fn is_adjacent(self, other: Self) -> bool {
        self.distance(other) == 1
    }

    /// How many one-square steps in any direction lead from one square to the other: how far
    /// a hunter is from its quarry (the AI's converting terms).
    pub const fn distance(self, other: Self) -> u8 {
        let df = (self.file() as i8 - other.file() as i8).unsigned_abs();
        let dr = (self.rank() as i8 - other.rank() as i8).unsigned_abs();
        if df > dr { df } else { dr }
    }

    /// How many squares lie between this one and the nearest edge (0 on the edge): a piece
    /// driven to the edge has less room.
    pub const fn edge_distance(self) -> u8 {
        let (f, r) = (self.file(), self.rank());
        let files = if f < FILES - 1 - f { f } else { FILES - 1 - f };
        let ranks = if r < RANKS - 1 - r { r } else { RANKS - 1 - r };
        if files < ranks { files } else { ranks }
    }

    /// Every square, a1, b1, … up to the far corner.
    pub fn all() -> impl Iterator<Item = Self> {
        (0..Self::COUNT as u8).map(Square)
    }
}

impl<const FILES: u8, const RANKS: u8> fmt::Display for Square<FILES, RANKS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Why a square or cell name was refused; the message says which names the board has
/// (`files a-h, ranks 1-8, e.g. `e5``), so it serves square and hexagonal boards alike.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a {what} ({names})")]
pub struct BadSquare {
    pub text: String,
    /// "square" or "cell".
    pub what: &'static str,
    /// The names the board has.
    pub names: String,
}

impl<const FILES: u8, const RANKS: u8> FromStr for Square<FILES, RANKS> {
    type Err = BadSquare;

    fn from_str(text: &str) -> Result<Self, BadSquare> {
        let bad = || BadSquare {
            text: text.to_string(),
            what: "square",
            names: format!("files a-{}, ranks 1-{RANKS}, e.g. `e5`", (b'a' + FILES - 1) as char),
        };
        let bytes = text.as_bytes();
        let file = bytes.first().map(|b| b.to_ascii_lowercase().wrapping_sub(b'a')).ok_or_else(bad)?;
        let digits =
            text.get(1..).filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())).ok_or_else(bad)?;
        if digits.starts_with('0') {
            return Err(bad());
        }
        let rank: u8 = digits.parse().map_err(|_| bad())?;
        Self::new(file, rank.wrapping_sub(1)).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_every_board_size() {
        type Ten = Square<10, 10>;
        let j10: Ten = "j10".parse().unwrap();
        assert_eq!((j10.file(), j10.rank(), j10.to_string()), (9, 9, "j10".to_string()));
        assert!("k1".parse::<Ten>().is_err() && "a11".parse::<Ten>().is_err() && "a01".parse::<Ten>().is_err());
        let e4: Square<8, 8> = "e4".parse().unwrap();
        assert_eq!(e4.index(), 3 * 8 + 4);
        let bad = "i9".parse::<Square<8, 8>>().unwrap_err();
        assert_eq!(bad.to_string(), "`i9` is not a square (files a-h, ranks 1-8, e.g. `e5`)");
        assert!("".parse::<Square<8, 8>>().is_err() && "e".parse::<Square<8, 8>>().is_err());
    }
}
