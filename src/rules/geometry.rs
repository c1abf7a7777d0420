//! Board geometry as data: the cells of a board with their names, where they lie, how they
//! are shaded and which lies next to which. A square board of any size is one call; any
//! other board (Khitan's hexagon) gives its cells and labels. Front ends draw, pick and label
//! from this.

use super::Side;
use super::view::Cell;

/// How a cell looks: light or dark, the game's special ground (Khalif's Wadi, sunk below the
/// others), or a row that belongs to neither side (Khitan's dividing row, level with them).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shade {
    Light,
    Dark,
    Special,
    Middle,
}

/// One cell: its name and centre in cell units, `x` to the first player's right and `y` away
/// from the first player, the board's centre at the origin.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    pub name: String,
    pub x: f32,
    pub y: f32,
    pub shade: Shade,
}

/// A board's cells and how to move between them on screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Geometry {
    pub cells: Vec<Place>,
    /// Coordinate labels around the edge: the text and where it stands.
    pub labels: Vec<(String, f32, f32)>,
    /// Half the board's width and depth, in cell units, to its outer edge.
    pub half_extent: (f32, f32),
    /// Cells a side wins by reaching (Chafl's Havens), marked on the board as that side's.
    pub goals: Vec<(Cell, Side)>,
}

impl Geometry {
    /// A `files`×`ranks` board named like chess; `special` says which cells are the game's
    /// special ground, the others alternate dark (`a1`) and light.
    pub fn square(files: u8, ranks: u8, special: impl Fn(u8, u8) -> bool) -> Geometry {
        let half = |n: u8| (n as f32 - 1.0) / 2.0;
        let mut cells = Vec::new();
        for rank in 0..ranks {
            for file in 0..files {
                let shade = if special(file, rank) {
                    Shade::Special
                } else if (file + rank) % 2 == 0 {
                    Shade::Dark
                } else {
                    Shade::Light
                };
                cells.push(Place {
                    name: format!("{}{}", (b'a' + file) as char, rank + 1),
                    x: file as f32 - half(files),
                    y: rank as f32 - half(ranks),
                    shade,
                });
            }
        }
        let (hx, hy) = (half(files), half(ranks));
        let mut labels = Vec::new();
        for file in 0..files {
            let name = ((b'a' + file) as char).to_string();
            let x = file as f32 - hx;
            labels.push((name.clone(), x, -hy - 0.72));
            labels.push((name, x, hy + 0.72));
        }
        for rank in 0..ranks {
            let y = rank as f32 - hy;
            labels.push(((rank + 1).to_string(), -hx - 0.72, y));
            labels.push(((rank + 1).to_string(), hx + 0.72, y));
        }
        Geometry { cells, labels, half_extent: (files as f32 / 2.0, ranks as f32 / 2.0), goals: Vec::new() }
    }

    /// A board of any shape from its cells (centres one cell width apart) and edge labels.
    pub fn from_places(cells: Vec<Place>, labels: Vec<(String, f32, f32)>) -> Geometry {
        let reach = |f: fn(&Place) -> f32| cells.iter().map(|p| f(p).abs()).fold(0.0, f32::max) + 0.5;
        let half_extent = (reach(|p| p.x), reach(|p| p.y));
        Geometry { cells, labels, half_extent, goals: Vec::new() }
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn place(&self, cell: Cell) -> &Place {
        &self.cells[cell.index()]
    }

    pub fn all(&self) -> impl Iterator<Item = Cell> {
        (0..self.cells.len() as u16).map(Cell)
    }

    /// The cell whose centre is within half a cell of a point, if any.
    pub fn cell_at(&self, x: f32, y: f32) -> Option<Cell> {
        let (best, distance) = self
            .cells
            .iter()
            .enumerate()
            .map(|(i, p)| (i, (p.x - x).powi(2) + (p.y - y).powi(2)))
            .min_by(|a, b| a.1.total_cmp(&b.1))?;
        (distance <= 0.5).then_some(Cell(best as u16))
    }

    /// The cell one step from `cell` towards `(dx, dy)` on screen (a keyboard cursor's move):
    /// the nearest cell roughly in that direction.
    pub fn step(&self, cell: Cell, dx: f32, dy: f32) -> Option<Cell> {
        let from = self.place(cell);
        self.cells
            .iter()
            .enumerate()
            .filter(|(i, p)| {
                let (vx, vy) = (p.x - from.x, p.y - from.y);
                *i != cell.index() && vx * dx + vy * dy > 0.7 * (vx * vx + vy * vy).sqrt()
            })
            .min_by(|a, b| {
                let d = |p: &Place| (p.x - from.x).powi(2) + (p.y - from.y).powi(2);
                d(a.1).total_cmp(&d(b.1))
            })
            .map(|(i, _)| Cell(i as u16))
    }

    /// The cell named `name`.
    pub fn named(&self, name: &str) -> Option<Cell> {
        self.cells.iter().position(|p| p.name == name).map(|i| Cell(i as u16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_board_names_places_and_steps() {
        let board = Geometry::square(8, 8, |_, _| false);
        assert_eq!(board.len(), 64);
        let e4 = board.named("e4").unwrap();
        assert_eq!(e4, Cell(28));
        let place = board.place(e4);
        assert_eq!((place.x, place.y, place.shade), (0.5, -0.5, Shade::Light));
        assert_eq!(board.place(Cell(0)).shade, Shade::Dark, "a1 is dark");
        assert_eq!(board.cell_at(0.4, -0.6), Some(e4));
        assert_eq!(board.cell_at(9.0, 0.0), None);
        assert_eq!(board.step(e4, 0.0, 1.0).map(|c| board.place(c).name.clone()), Some("e5".into()));
        assert_eq!(board.step(board.named("h1").unwrap(), 1.0, 0.0), None, "off the edge");
        let wadi = Geometry::square(9, 9, |_, rank| rank == 4);
        assert_eq!(wadi.place(wadi.named("c5").unwrap()).shade, Shade::Special);
    }
}
