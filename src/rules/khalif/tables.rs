//! Move tables computed at compile time: rays, steps, leaps, the Wadi mask and hash keys.

use super::{Bitboard, Side, Square, half};
use crate::rules::zobrist::{keys, splitmix};

/// The 8 line directions as (file step, rank step). The first four increase the square
/// index and the last four are their opposites in the same order, so `d ^ 4` reverses `d`.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),   // N
    (1, 1),   // NE
    (1, 0),   // E
    (-1, 1),  // NW
    (0, -1),  // S
    (-1, -1), // SW
    (-1, 0),  // W
    (1, -1),  // SE
];

/// Directions whose squares have growing indices (the first blocker is the lowest bit).
pub const fn is_increasing(direction: usize) -> bool {
    direction < 4
}

/// Orthogonal directions (the Raider's lines).
pub const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];

/// Forward-diagonal directions per side (the Camel's long move).
pub const FORWARD_DIAGONALS: [[usize; 2]; 2] = [[1, 3], [5, 7]];

const KNIGHT_LEAPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

const fn square_at(index: usize) -> Square {
    Square::from_index(index)
}

/// Squares reached from `sq` stepping `dir` up to `limit` times.
const fn ray(sq: Square, dir: usize, limit: usize) -> Bitboard {
    let (df, dr) = DIRECTIONS[dir];
    let mut bb = Bitboard::EMPTY;
    let mut cur = sq;
    let mut n = 0;
    while n < limit {
        match cur.offset(df, dr) {
            Some(next) => {
                bb = bb.with(next);
                cur = next;
            }
            None => break,
        }
        n += 1;
    }
    bb
}

const fn ray_table(limit: usize) -> [[Bitboard; 81]; 8] {
    let mut t = [[Bitboard::EMPTY; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 81 {
            t[d][s] = ray(square_at(s), d, limit);
            s += 1;
        }
        d += 1;
    }
    t
}

/// Every square along each direction from each square (to the edge).
pub static RAYS: [[Bitboard; 81]; 8] = ray_table(8);

const fn lines_table(directions: &[usize], limit: usize) -> [Bitboard; 81] {
    let mut t = [Bitboard::EMPTY; 81];
    let mut s = 0;
    while s < 81 {
        let mut i = 0;
        while i < directions.len() {
            t[s] = t[s].union(ray(square_at(s), directions[i], limit));
            i += 1;
        }
        s += 1;
    }
    t
}

/// Every square on a Raider's lines from each square, empty or not: where it could take
/// something were nothing in the way, so a Raider with no opposing piece there takes none.
pub static ORTHOGONAL_LINES: [Bitboard; 81] = lines_table(&ORTHOGONAL, 8);
/// Every square on the eight lines from each square (a Guard's long move).
pub static ALL_LINES: [Bitboard; 81] = lines_table(&ALL_DIRECTIONS, 8);
/// Every square a Vizier could reach from each square on an empty board (K4.2).
pub static VIZIER_SPAN: [Bitboard; 81] = lines_table(&ALL_DIRECTIONS, 2);

const fn offsets_table(offsets: &[(i8, i8)]) -> [Bitboard; 81] {
    let mut t = [Bitboard::EMPTY; 81];
    let mut s = 0;
    while s < 81 {
        let mut i = 0;
        while i < offsets.len() {
            if let Some(to) = square_at(s).offset(offsets[i].0, offsets[i].1) {
                t[s] = t[s].with(to);
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// How many rings of king steps [`WITHIN`] holds: 0 to 7 steps (at 8 every square lies within).
pub const KING_STEP_RINGS: usize = 8;

const fn within_table() -> [[Bitboard; KING_STEP_RINGS]; 81] {
    let mut t = [[Bitboard::EMPTY; KING_STEP_RINGS]; 81];
    let mut s = 0;
    while s < 81 {
        let mut other = 0;
        while other < 81 {
            let mut r = square_at(s).distance(square_at(other)) as usize;
            while r < KING_STEP_RINGS {
                t[s][r] = t[s][r].with(square_at(other));
                r += 1;
            }
            other += 1;
        }
        s += 1;
    }
    t
}

/// The squares within `r` king steps of each square, for `r` below [`KING_STEP_RINGS`]: how near
/// pieces stand to a square, counted a ring at a time (the AI's hunt) instead of a distance each.
pub static WITHIN: [[Bitboard; KING_STEP_RINGS]; 81] = within_table();

/// The adjacent squares of each square (K1.5).
pub static ADJACENT: [Bitboard; 81] = offsets_table(&DIRECTIONS);
/// The Djinn's knight leaps (K4.4).
pub static KNIGHT: [Bitboard; 81] = offsets_table(&KNIGHT_LEAPS);
/// A Camel's one-square diagonal forward steps as (file step, rank step), per side (K4.7).
pub const CAMEL_STEP_OFFSETS: [[(i8, i8); 2]; 2] = [[(-1, 1), (1, 1)], [(-1, -1), (1, -1)]];
/// A Camel's captures, straight forward and sideways, as (file step, rank step), per side (K4.7).
pub const CAMEL_CAPTURE_OFFSETS: [[(i8, i8); 3]; 2] = [[(0, 1), (-1, 0), (1, 0)], [(0, -1), (-1, 0), (1, 0)]];
/// A Camel's one-square diagonal forward steps, per side and square.
pub static CAMEL_STEPS: [[Bitboard; 81]; 2] =
    [offsets_table(&CAMEL_STEP_OFFSETS[0]), offsets_table(&CAMEL_STEP_OFFSETS[1])];
/// A Camel's capture squares, per side and square.
pub static CAMEL_CAPTURES: [[Bitboard; 81]; 2] =
    [offsets_table(&CAMEL_CAPTURE_OFFSETS[0]), offsets_table(&CAMEL_CAPTURE_OFFSETS[1])];

const fn half_mask(side: Side) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    let mut s = 0;
    while s < 81 {
        if let Some(h) = half(square_at(s))
            && h as usize == side as usize
        {
            bb = bb.with(square_at(s));
        }
        s += 1;
    }
    bb
}

/// Each side's half of the board (K1.2).
pub static HALVES: [Bitboard; 2] = [half_mask(Side::First), half_mask(Side::Second)];

const fn wadi_table() -> [Bitboard; 81] {
    let mut t = [Bitboard::EMPTY; 81];
    let mut s = 0;
    while s < 81 {
        t[s] = match half(square_at(s)) {
            Some(Side::First) => half_mask(Side::Second),
            Some(Side::Second) => half_mask(Side::First),
            None => Bitboard::EMPTY,
        };
        s += 1;
    }
    t
}

/// The destinations the Wadi rule forbids from each origin: the other half (K3.5).
pub static ACROSS_WADI: [Bitboard; 81] = wadi_table();

/// Squares attacked along direction `dir` from `sq`, up to and including the first
/// occupied square, within `ray` (a full ray or a shortened one such as the Vizier's).
#[inline]
pub fn slide(ray: Bitboard, dir: usize, occupied: Bitboard) -> Bitboard {
    let blockers = ray & occupied;
    let first = if is_increasing(dir) { blockers.first() } else { blockers.last() };
    match first {
        None => ray,
        Some(b) => ray & !RAYS[dir][b.index()],
    }
}

/// Squares reachable by sliding from `sq` in the given directions, blockers included.
#[inline]
pub fn slides(sq: Square, dirs: &[usize], occupied: Bitboard) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for &d in dirs {
        bb |= slide(RAYS[d][sq.index()], d, occupied);
    }
    bb
}

/// All 8 lines from a square (a Guard's long move, and the lines a retaliation comes along).
pub const ALL_DIRECTIONS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// The Vizier's moves: one or two squares along a line, the second only past an empty first
/// (K4.2). Each occupied square beside the Vizier hides the one beyond it: `2 × near − from` in
/// square indices, which where the line leaves the board lands far from the Vizier, outside
/// its span, and hides nothing.
#[inline]
pub fn vizier_reach(sq: Square, occupied: Bitboard) -> Bitboard {
    let from = sq.index();
    let mut hidden = Bitboard::EMPTY;
    for near in ADJACENT[from] & occupied {
        if let Some(beyond) = (2 * near.index()).checked_sub(from).filter(|&b| b < Square::COUNT) {
            hidden = hidden.with(Square::from_index(beyond));
        }
    }
    VIZIER_SPAN[from] & !hidden
}

crate::key_table!(
    /// Hash keys per side, kind and square, so positions can be recognised in search and history.
    pub static ZOBRIST: [[[u64; 81]; 6]; 2] = keys(0x4B48_414C_4946);
); // "KHALIF"
/// Hash key toggled when Silver is to move.
pub const ZOBRIST_SILVER: u64 = splitmix(0x5349_4C56_4552).1;

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng, rngs::SmallRng};

    // K4.2: the Vizier's reach from its span and its neighbours is the two-square slide along
    // each of the eight lines, from every square, on boards from empty to crowded.
    #[test]
    fn the_viziers_reach_is_its_two_square_slides() {
        let mut rng = SmallRng::seed_from_u64(42);
        for from in (0..Square::COUNT).map(Square::from_index) {
            for crowding in [0, 10, 30, 50, 70, 90] {
                let occupied: Bitboard = (0..Square::COUNT)
                    .filter(|_| rng.random_range(0..100) < crowding)
                    .map(Square::from_index)
                    .collect();
                let slid = ALL_DIRECTIONS
                    .iter()
                    .fold(Bitboard::EMPTY, |reach, &d| reach | slide(ray(from, d, 2), d, occupied));
                assert_eq!(vizier_reach(from, occupied), slid, "from {from} among {occupied:?}");
            }
        }
    }
}
