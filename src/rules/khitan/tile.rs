//! A Khitan piece: a hexagonal tile whose six edges carry the six colours in one cyclic order
//! on both faces (X1.2), so its state is one of twelve orientations (X1.3), written as the
//! colour facing east and `+` or `-` for the way the colours run (X5.3); and the flip that
//! mirrors it over an edge (X2.2).

use std::fmt;

use super::hex::Direction;
use crate::rules::Side;

/// The six edge colours, in the cyclic order every tile carries them (X1.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Colour {
    Red,
    Orange,
    Yellow,
    Green,
    Blue,
    Violet,
}

impl Colour {
    pub const ALL: [Colour; 6] =
        [Colour::Red, Colour::Orange, Colour::Yellow, Colour::Green, Colour::Blue, Colour::Violet];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(index: usize) -> Colour {
        Colour::ALL[index % 6]
    }

    /// The upper-case letter of position text (X5.3): `R O Y G B V`.
    pub const fn letter(self) -> char {
        ['R', 'O', 'Y', 'G', 'B', 'V'][self.index()]
    }

    pub fn from_letter(letter: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.letter() == letter.to_ascii_uppercase())
    }

    /// The symbol printed beside the colour on every edge, so that no rule depends on hue
    /// alone (X1.2): its name for people.
    pub const fn symbol(self) -> &'static str {
        ["bar", "dot", "triangle", "cross", "ring", "diamond"][self.index()]
    }

    pub const fn name(self) -> &'static str {
        ["red", "orange", "yellow", "green", "blue", "violet"][self.index()]
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Each tile's colour on each edge and the tile after a flip over that edge, by tile number
/// and direction (`Tile::colour`, `Tile::flipped`).
struct EdgeTables {
    colours: [[Colour; 6]; Tile::COUNT],
    flipped: [[Tile; 6]; Tile::COUNT],
}

static BY_EDGE: EdgeTables = {
    let mut tables = EdgeTables { colours: [[Colour::ALL[0]; 6]; Tile::COUNT], flipped: [[Tile(0); 6]; Tile::COUNT] };
    let mut t = 0;
    while t < Tile::COUNT {
        let mut d = 0;
        while d < 6 {
            tables.colours[t][d] = Tile(t as u8).edge_colour(d);
            tables.flipped[t][d] = Tile(t as u8).flipped_over(d);
            d += 1;
        }
        t += 1;
    }
    tables
};

/// One of the twelve orientations of a tile (X1.3): the colour facing east and whether the
/// colours run red→orange→…→violet counterclockwise (`+`) or clockwise (`-`). Numbered
/// `east + 6 × mirrored`, which is also the piece's kind number in the shared view.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Tile(u8);

impl Tile {
    pub const COUNT: usize = 12;

    pub const fn new(east: Colour, mirrored: bool) -> Tile {
        Tile(east as u8 + if mirrored { 6 } else { 0 })
    }

    /// The tile with this number (0–11); panics on a bad number, a programming error.
    pub const fn from_index(index: usize) -> Tile {
        assert!(index < Tile::COUNT, "tile orientation out of range");
        Tile(index as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every orientation, `R+` first.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..Tile::COUNT as u8).map(Tile)
    }

    pub const fn east(self) -> Colour {
        Colour::from_index(self.0 as usize % 6)
    }

    /// Whether the colours run clockwise (`-`).
    pub const fn mirrored(self) -> bool {
        self.0 >= 6
    }

    /// The colour on the edge facing `direction` (X5.3), from a table: the capture scans ask
    /// it of every piece they look at.
    #[inline]
    pub const fn colour(self, direction: Direction) -> Colour {
        BY_EDGE.colours[self.0 as usize][direction.index()]
    }

    /// The colour on the edge facing direction `d`, worked out from the tile's number.
    const fn edge_colour(self, d: usize) -> Colour {
        let east = self.0 as usize % 6;
        Colour::from_index(if self.mirrored() { east + 6 - d } else { east + d })
    }

    /// The tile after a flip over its edge facing `direction` (X2.2), from a table: the flip
    /// scans ask it of every flip they try.
    #[inline]
    pub const fn flipped(self, direction: Direction) -> Tile {
        BY_EDGE.flipped[self.0 as usize][direction.index()]
    }

    /// The tile after a flip over its edge facing direction `k`, worked out from the tile's
    /// number: new side `d` shows the colour old side `2k + 3 - d` showed, so `+` becomes `-`
    /// and the edge flipped over faces back toward the cell left.
    const fn flipped_over(self, k: usize) -> Tile {
        let east = self.0 as usize % 6;
        if self.mirrored() {
            Tile::new(Colour::from_index(east + 18 - 2 * k - 3), false)
        } else {
            Tile::new(Colour::from_index(east + 2 * k + 3), true)
        }
    }

    /// The tile turned half round (a point reflection through the centre): Dark's start is
    /// Light's so turned (X4.1).
    pub const fn turned_half_round(self) -> Tile {
        Tile::new(Colour::from_index(self.0 as usize % 6 + 3), self.mirrored())
    }

    /// The two characters of position text for `side` (X5.3): `Y+`, `b-`.
    pub fn text(self, side: Side) -> String {
        let letter = self.east().letter();
        let letter = if side == Side::First { letter } else { letter.to_ascii_lowercase() };
        format!("{letter}{}", if self.mirrored() { '-' } else { '+' })
    }

    /// Reads two characters of position text: the tile and whose it is (upper case Light).
    pub fn from_text(letter: char, sign: char) -> Option<(Tile, Side)> {
        let colour = Colour::from_letter(letter)?;
        let mirrored = match sign {
            '+' => false,
            '-' => true,
            _ => return None,
        };
        let side = if letter.is_ascii_uppercase() { Side::First } else { Side::Second };
        Some((Tile::new(colour, mirrored), side))
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Side::First))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rulebooks_example_and_the_flip() {
        // X5.3: `Y+` has east yellow, NE green, NW blue, W violet, SW red, SE orange.
        let y = Tile::new(Colour::Yellow, false);
        let edges: Vec<Colour> = Direction::ALL.iter().map(|&d| y.colour(d)).collect();
        use Colour::*;
        assert_eq!(edges, [Yellow, Green, Blue, Violet, Red, Orange]);
        for tile in Tile::all() {
            for k in Direction::ALL {
                let after = tile.flipped(k);
                assert_ne!(after.mirrored(), tile.mirrored(), "a flip changes + into - (X5.3)");
                for d in Direction::ALL {
                    let source = Direction::from_index((2 * k.index() + 9 - d.index()) % 6);
                    assert_eq!(after.colour(d), tile.colour(source), "X2.2");
                }
                assert_eq!(after.colour(k.opposite()), tile.colour(k), "the edge flipped over faces back");
                assert_eq!(after.flipped(k.opposite()), tile, "flipping back restores the tile");
            }
        }
    }
}
