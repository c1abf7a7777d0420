//! Move tables computed at compile time (P2): steps, leaps, jumps per direction, pawn moves
//! per side. A set of squares is a `u64`, bit `rank * 8 + file`.

use super::Square;
pub use crate::rules::board8::{bit, squares};

/// The 8 directions as (file step, rank step): the four orthogonal ones first (the Desert
/// Wazir's), then the four diagonal ones (the Desert Ferz's).
pub const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)];
/// The Desert Wazir's directions (P2.4).
pub const ORTHOGONAL: std::ops::Range<usize> = 0..4;
/// The Desert Ferz's directions (P2.5).
pub const DIAGONAL: std::ops::Range<usize> = 4..8;

const KNIGHT_LEAPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

const fn leaps(offsets: &[(i8, i8)], directions: std::ops::Range<usize>) -> [u64; 64] {
    let mut table = [0; 64];
    let mut s = 0;
    while s < 64 {
        let mut i = directions.start;
        while i < directions.end {
            let (df, dr) = offsets[i];
            if let Some(to) = Square::from_index(s).offset(df, dr) {
                table[s] |= bit(to);
            }
            i += 1;
        }
        s += 1;
    }
    table
}

/// Knight leaps (P2.2).
pub static KNIGHT: [u64; 64] = leaps(&KNIGHT_LEAPS, 0..8);
/// The eight surrounding squares: the Prince's moves (P2.3).
pub static KING: [u64; 64] = leaps(&DIRECTIONS, 0..8);
/// Orthogonal neighbours: the Desert Wazir's steps and the enemies it may jump first (P2.4).
pub static ORTHOGONAL_STEPS: [u64; 64] = leaps(&DIRECTIONS, ORTHOGONAL);
/// Diagonal neighbours: the Desert Ferz's steps (P2.5).
pub static DIAGONAL_STEPS: [u64; 64] = leaps(&DIRECTIONS, DIAGONAL);

/// No square: where a jump in some direction would leave the board.
pub const NONE: u8 = u8::MAX;

/// For each direction and square, the square jumped over and the landing square beyond it,
/// as indices (or [`NONE`] when the landing square is off the board).
const fn jump_table() -> [[(u8, u8); 64]; 8] {
    let mut table = [[(NONE, NONE); 64]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = DIRECTIONS[d];
        let mut s = 0;
        while s < 64 {
            let from = Square::from_index(s);
            if let (Some(over), Some(land)) = (from.offset(df, dr), from.offset(2 * df, 2 * dr)) {
                table[d][s] = (over.index() as u8, land.index() as u8);
            }
            s += 1;
        }
        d += 1;
    }
    table
}

/// Jumps per direction and origin: (square jumped over, landing square).
pub static JUMPS: [[(u8, u8); 64]; 8] = jump_table();

const fn pawn_table(forward: i8, files: &[i8]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut s = 0;
    while s < 64 {
        let mut i = 0;
        while i < files.len() {
            if let Some(to) = Square::from_index(s).offset(files[i], forward) {
                table[s] |= bit(to);
            }
            i += 1;
        }
        s += 1;
    }
    table
}

/// A pawn's step straight forward, per side (P2.1).
pub static PAWN_STEPS: [[u64; 64]; 2] = [pawn_table(1, &[0]), pawn_table(-1, &[0])];
/// A pawn's captures diagonally forward, per side (P2.1).
pub static PAWN_CAPTURES: [[u64; 64]; 2] = [pawn_table(1, &[-1, 1]), pawn_table(-1, &[-1, 1])];
/// Each side's last rank, where its pawns promote (P2.1).
pub const LAST_RANK: [u64; 2] = [0xFF << 56, 0xFF];
