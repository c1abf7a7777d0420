//! Move tables computed at compile time (H2, H3): neighbours, the five forward-or-sideways
//! directions per side for the Horse and the Foot, the orthogonal lines of a custodian
//! capture, square colours, corners, Havens and far ranks. A set of squares is a `u64`.

use super::Square;
pub use crate::rules::board8::{bit, squares};

/// No square: where a step would leave the board.
pub const NONE: u8 = u8::MAX;

/// The four orthogonal directions (file step, rank step): the lines of a capture (H2.2, H3.1).
const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const ALL_DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)];

const fn offsets(directions: &[(i8, i8)], distance: i8, forward: i8) -> [u64; 64] {
    let mut table = [0; 64];
    let mut s = 0;
    while s < 64 {
        let mut i = 0;
        while i < directions.len() {
            let (df, dr) = directions[i];
            if let Some(to) = Square::from_index(s).offset(df * distance, dr * distance * forward) {
                table[s] |= bit(to);
            }
            i += 1;
        }
        s += 1;
    }
    table
}

/// The eight surrounding squares: the King's steps (H2.3) and "adjacent" for joining (H2.2).
pub static NEIGHBOURS: [u64; 64] = offsets(&ALL_DIRECTIONS, 1, 1);
/// The four edge-adjacent squares (H2.2).
pub static EDGE_NEIGHBOURS: [u64; 64] = offsets(&ORTHOGONAL, 1, 1);

/// Straight forward, the two forward diagonals, and sideways: the Horse's and the Foot's
/// directions for White; Black's run the other way (H2.7, H2.8).
const FORWARD_OR_SIDEWAYS: [(i8, i8); 5] = [(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)];

/// One step forward or sideways, per side (H2.7, H2.8).
pub static STEPS: [[u64; 64]; 2] = [offsets(&FORWARD_OR_SIDEWAYS, 1, 1), offsets(&FORWARD_OR_SIDEWAYS, 1, -1)];
/// The Horse's two-square leaps forward or sideways, per side (H2.7).
pub static LEAPS: [[u64; 64]; 2] = [offsets(&FORWARD_OR_SIDEWAYS, 2, 1), offsets(&FORWARD_OR_SIDEWAYS, 2, -1)];

const fn line_table() -> [[u8; 64]; 4] {
    let mut table = [[NONE; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < 64 {
            if let Some(next) = Square::from_index(s).offset(ORTHOGONAL[d].0, ORTHOGONAL[d].1) {
                table[d][s] = next.index() as u8;
            }
            s += 1;
        }
        d += 1;
    }
    table
}

/// The next square in each orthogonal direction, or [`NONE`] off the board (H3.1).
pub static NEXT: [[u8; 64]; 4] = line_table();

/// The dark squares (a1 is dark, H1.1).
pub const DARK: u64 = 0xAA55_AA55_AA55_AA55;
/// The four corners, where one enemy beside a piece takes it (H3.2).
pub const CORNERS: u64 = bit_of(0) | bit_of(7) | bit_of(56) | bit_of(63);
/// Each side's Havens: a8 and h8 for White, a1 and h1 for Black (H1.3).
pub const HAVENS: [u64; 2] = [bit_of(56) | bit_of(63), bit_of(0) | bit_of(7)];
/// Each side's far rank, where its Foot and Horses promote (H2.9).
pub const FAR_RANK: [u64; 2] = [0xFF << 56, 0xFF];

const fn bit_of(index: usize) -> u64 {
    1 << index
}

/// The squares of one colour: the colour of `square` (`same`) or the other.
pub const fn colour_of(square: Square, same: bool) -> u64 {
    let dark = DARK & bit(square) != 0;
    if dark == same { DARK } else { !DARK }
}

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;

/// Every square next to (one of the eight around) a square of `set`.
pub const fn around(set: u64) -> u64 {
    let sides = ((set << 1) & NOT_A) | ((set >> 1) & NOT_H);
    let row = set | sides;
    sides | (row << 8) | (row >> 8)
}

/// Every square of `set` moved one step in orthogonal direction `d` (as [`NEXT`] numbers
/// them: north, east, south, west), those leaving the board dropped.
pub const fn shift(set: u64, d: usize) -> u64 {
    match d {
        0 => set << 8,
        1 => (set << 1) & NOT_A,
        2 => set >> 8,
        _ => (set >> 1) & NOT_H,
    }
}
