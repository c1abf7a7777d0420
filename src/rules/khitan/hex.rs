//! The 61 cells of Khitan's hexagonal board (X1.1, X5.1) and the six directions between them
//! (X5.2): rows 1–9 from Light's edge hold 5, 6, 7, 8, 9, 8, 7, 6, 5 cells, named by their
//! place in the row from the left and the row (`a1`…`e1`, `a5`…`i5`, `a9`…`e9`).

use std::fmt;
use std::str::FromStr;

use crate::rules::grid::BadSquare;

/// Cells in each row, from Light's edge (X5.1).
pub const ROW_LENGTHS: [u8; 9] = [5, 6, 7, 8, 9, 8, 7, 6, 5];
/// The index of each row's first cell: cells are numbered row by row from `a1`.
pub const ROW_STARTS: [u8; 9] = [0, 5, 11, 18, 26, 35, 43, 50, 56];
/// The number of cells.
pub const CELLS: usize = 61;
/// The dividing row (row 5, counted from 0), which belongs to neither half (X1.1).
pub const MIDDLE_ROW: u8 = 4;

/// One of the six directions, numbered counterclockwise from east (X5.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Direction {
    East,
    NorthEast,
    NorthWest,
    West,
    SouthWest,
    SouthEast,
}

impl Direction {
    pub const ALL: [Direction; 6] = [
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    /// The rulebook's number, 0 (east) to 5 (south-east).
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(index: usize) -> Direction {
        Direction::ALL[index % 6]
    }

    /// The direction pointing back.
    pub const fn opposite(self) -> Direction {
        Direction::from_index(self.index() + 3)
    }

    /// The short name people read: `E`, `NE`, `NW`, `W`, `SW`, `SE`.
    pub const fn abbreviation(self) -> &'static str {
        ["E", "NE", "NW", "W", "SW", "SE"][self.index()]
    }

    /// Whether stepping this way raises the cell index (east, and the rows above): a line
    /// this way meets its nearest piece at the lowest set bit of a mask.
    pub const fn ascends(self) -> bool {
        matches!(self, Direction::East | Direction::NorthEast | Direction::NorthWest)
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.abbreviation())
    }
}

/// A cell of the board, by index (`a1` is 0, `e9` is 60). One byte, as search stores many.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Hex(u8);

impl Hex {
    /// The cell at a 0-based row and place in the row, or `None` off the board.
    pub const fn new(row: u8, place: u8) -> Option<Hex> {
        if row < 9 && place < ROW_LENGTHS[row as usize] { Some(Hex(ROW_STARTS[row as usize] + place)) } else { None }
    }

    /// The cell with this index; panics on a bad index, which is a programming error.
    pub const fn from_index(index: usize) -> Hex {
        assert!(index < CELLS, "cell index out of range");
        Hex(index as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based row, row 1 = 0.
    pub const fn row(self) -> u8 {
        let mut row = 8;
        while ROW_STARTS[row as usize] > self.0 {
            row -= 1;
        }
        row
    }

    /// 0-based place in its row, from the left.
    pub const fn place(self) -> u8 {
        self.0 - ROW_STARTS[self.row() as usize]
    }

    /// The neighbouring cell in `direction`, if the board goes on that way (X5.2).
    pub const fn step(self, direction: Direction) -> Option<Hex> {
        let (row, i) = (self.row() as i8, self.place() as i8);
        let (row, i) = match direction {
            Direction::East => (row, i + 1),
            Direction::West => (row, i - 1),
            Direction::NorthWest => (row + 1, if row < 4 { i } else { i - 1 }),
            Direction::NorthEast => (row + 1, if row < 4 { i + 1 } else { i }),
            Direction::SouthWest => (row - 1, if row <= 4 { i - 1 } else { i }),
            Direction::SouthEast => (row - 1, if row <= 4 { i } else { i + 1 }),
        };
        if row < 0 || i < 0 { None } else { Hex::new(row as u8, i as u8) }
    }

    /// Every cell, `a1` first.
    pub fn all() -> impl Iterator<Item = Hex> {
        (0..CELLS as u8).map(Hex)
    }

    /// The centre on screen, in cell widths: `x` to Light's right, `y` away from Light, the
    /// centre cell `e5` at the origin.
    pub fn centre(self) -> (f32, f32) {
        let row = self.row();
        let x = f32::from(self.place()) - (f32::from(ROW_LENGTHS[row as usize]) - 1.0) / 2.0;
        let y = (f32::from(row) - f32::from(MIDDLE_ROW)) * (3.0f32.sqrt() / 2.0);
        (x, y)
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.place()) as char, self.row() + 1)
    }
}

impl FromStr for Hex {
    type Err = BadSquare;

    fn from_str(text: &str) -> Result<Hex, BadSquare> {
        let bad = || BadSquare {
            text: text.to_string(),
            what: "cell",
            names: "rows 1-9 of 5, 6, 7, 8, 9, 8, 7, 6, 5 cells: a1-e1, a5-i5, a9-e9".to_string(),
        };
        let bytes = text.as_bytes();
        let [letter, digit] = bytes else { return Err(bad()) };
        let place = letter.to_ascii_lowercase().wrapping_sub(b'a');
        let row = digit.wrapping_sub(b'1');
        Hex::new(row, place).ok_or_else(bad)
    }
}

impl crate::rules::Square for Hex {
    const COUNT: usize = CELLS;

    fn index(self) -> usize {
        Hex::index(self)
    }

    fn from_index(index: usize) -> Hex {
        Hex::from_index(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_rows_round_trip() {
        for hex in Hex::all() {
            assert_eq!(hex.to_string().parse::<Hex>(), Ok(hex));
            assert_eq!(Hex::new(hex.row(), hex.place()), Some(hex));
        }
        assert_eq!("e9".parse::<Hex>().unwrap().index(), 60);
        assert!("f1".parse::<Hex>().is_err() && "j5".parse::<Hex>().is_err() && "a0".parse::<Hex>().is_err());
        assert!("".parse::<Hex>().is_err() && "a10".parse::<Hex>().is_err());
    }
}
