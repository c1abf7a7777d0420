//! Compile-time tables of the hexagonal board: each cell's neighbour per direction, the line
//! of cells beyond it per direction as a mask (the capture scan's "past empty cells to the
//! first piece" is one mask and one bit scan), the halves, and the hash keys. A set of cells is
//! a `u64`, bit `index`.

use super::hex::{CELLS, Direction, Hex, MIDDLE_ROW};
use crate::rules::Side;

/// No neighbour that way.
pub const NONE: u8 = u8::MAX;

/// The bit of a cell.
pub const fn bit(hex: Hex) -> u64 {
    1 << hex.index()
}

/// The cells of a set, lowest index first.
pub fn hexes(mut set: u64) -> impl Iterator<Item = Hex> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let index = set.trailing_zeros() as usize;
            set &= set - 1;
            Hex::from_index(index)
        })
    })
}

const fn build_neighbours() -> [[u8; CELLS]; 6] {
    let mut table = [[NONE; CELLS]; 6];
    let mut d = 0;
    while d < 6 {
        let mut i = 0;
        while i < CELLS {
            if let Some(next) = Hex::from_index(i).step(Direction::from_index(d)) {
                table[d][i] = next.index() as u8;
            }
            i += 1;
        }
        d += 1;
    }
    table
}

/// `NEIGHBOURS[direction][cell]`: the adjacent cell that way, or [`NONE`] (X5.2).
pub const NEIGHBOURS: [[u8; CELLS]; 6] = build_neighbours();

/// The direction from one cell to a neighbour, by both indices: [`NONE`] when they do not touch.
const fn build_directions() -> [[u8; CELLS]; CELLS] {
    let mut table = [[NONE; CELLS]; CELLS];
    let mut d = 0;
    while d < 6 {
        let mut i = 0;
        while i < CELLS {
            if NEIGHBOURS[d][i] != NONE {
                table[i][NEIGHBOURS[d][i] as usize] = d as u8;
            }
            i += 1;
        }
        d += 1;
    }
    table
}

const DIRECTIONS: [[u8; CELLS]; CELLS] = build_directions();

/// The direction from `from` to `to`, if they are neighbours: one lookup.
#[inline]
pub fn direction_between(from: Hex, to: Hex) -> Option<Direction> {
    let d = DIRECTIONS[from.index()][to.index()];
    (d != NONE).then(|| Direction::from_index(usize::from(d)))
}

const fn build_around() -> [u64; CELLS] {
    let mut table = [0; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 6 {
            if NEIGHBOURS[d][i] != NONE {
                table[i] |= 1 << NEIGHBOURS[d][i];
            }
            d += 1;
        }
        i += 1;
    }
    table
}

/// The cells adjacent to each cell: where a flip may land (X2.1).
pub const AROUND: [u64; CELLS] = build_around();

const fn build_lines() -> [[u64; CELLS]; 6] {
    let mut table = [[0; CELLS]; 6];
    let mut d = 0;
    while d < 6 {
        let mut i = 0;
        while i < CELLS {
            let mut at = NEIGHBOURS[d][i];
            while at != NONE {
                table[d][i] |= 1 << at;
                at = NEIGHBOURS[d][at as usize];
            }
            i += 1;
        }
        d += 1;
    }
    table
}

/// `LINES[direction][cell]`: every cell beyond `cell` that way, to the board's edge.
pub const LINES: [[u64; CELLS]; 6] = build_lines();

/// The nearest cell of `occupied` looking from `from` in `direction`, if any: one mask and
/// one bit scan, since indices rise along east, north-east and north-west.
#[inline]
pub fn first_in_line(from: usize, direction: Direction, occupied: u64) -> Option<usize> {
    let seen = LINES[direction.index()][from] & occupied;
    if seen == 0 {
        None
    } else if direction.ascends() {
        Some(seen.trailing_zeros() as usize)
    } else {
        Some(63 - seen.leading_zeros() as usize)
    }
}

const fn build_halves() -> [u64; 2] {
    let mut halves = [0; 2];
    let mut i = 0;
    while i < CELLS {
        let row = Hex::from_index(i).row();
        if row < MIDDLE_ROW {
            halves[0] |= 1 << i;
        } else if row > MIDDLE_ROW {
            halves[1] |= 1 << i;
        }
        i += 1;
    }
    halves
}

/// Each side's half: Light rows 1–4, Dark rows 6–9; row 5 belongs to neither (X1.1, X5.1).
pub const HALVES: [u64; 2] = build_halves();

/// The half of a side.
pub const fn half(side: Side) -> u64 {
    HALVES[side.index()]
}

/// The most pieces a side has, on the board and in reserve together (X1.2, X7.4).
pub const MAX_PIECES: usize = 16;

/// Hash keys: one per side, orientation and cell; one per side and reserve count; one for
/// the second player to move. Khitan's own seed, so its positions never share keys with
/// another game's.
pub struct Keys {
    pub tiles: [[[u64; CELLS]; 12]; 2],
    pub reserves: [[u64; MAX_PIECES + 1]; 2],
    pub second_to_move: u64,
}

const fn build_keys() -> Keys {
    let tiles = crate::rules::zobrist::keys::<12, CELLS>(0x4b68_6974_616e_0001);
    let mut reserves = [[0; MAX_PIECES + 1]; 2];
    let mut state = 0x4b68_6974_616e_0002;
    let mut side = 0;
    while side < 2 {
        let mut n = 0;
        while n <= MAX_PIECES {
            let (next, value) = crate::rules::zobrist::splitmix(state);
            state = next;
            reserves[side][n] = if n == 0 { 0 } else { value };
            n += 1;
        }
        side += 1;
    }
    let (_, second_to_move) = crate::rules::zobrist::splitmix(state);
    Keys { tiles, reserves, second_to_move }
}

crate::key_table!(
    pub static KEYS: Keys = build_keys();
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_a_hexagon_of_five_a_side() {
        assert_eq!(CELLS, 61);
        assert_eq!(HALVES[0].count_ones(), 26);
        assert_eq!(HALVES[1].count_ones(), 26);
        let e5: Hex = "e5".parse().unwrap();
        assert_eq!(AROUND[e5.index()].count_ones(), 6);
        let corners = Hex::all().filter(|h| AROUND[h.index()].count_ones() == 3).count();
        assert_eq!(corners, 6);
        for d in Direction::ALL {
            assert_eq!(LINES[d.index()][e5.index()].count_ones(), 4, "four cells to each edge from the centre");
        }
    }
}
