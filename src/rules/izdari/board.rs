//! The geometry of both boards: squares as indices `rank * size + file` (a1 is 0), their names,
//! and tables of the next square in each of the eight directions, made at compile time.

use super::Version;

/// A square's index on its version's board: the index of the shared square type of its size.
pub type Sq = u8;

type Square8 = crate::rules::grid::Square<8, 8>;
type Square10 = crate::rules::grid::Square<10, 10>;

/// "No square": off the board.
pub const OFF: Sq = u8::MAX;

/// The eight directions: the four orthogonal ones first (A2: "orthogonal"), then the diagonals.
pub const ORTHOGONAL: std::ops::Range<usize> = 0..4;
pub const DIAGONAL: std::ops::Range<usize> = 4..8;
pub const ALL_DIRECTIONS: std::ops::Range<usize> = 0..8;
const DELTAS: [(i8, i8); 8] = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)];

const fn steps(size: u8) -> [[Sq; 8]; 100] {
    let mut table = [[OFF; 8]; 100];
    let mut sq = 0;
    while sq < size as usize * size as usize {
        let (file, rank) = ((sq % size as usize) as i8, (sq / size as usize) as i8);
        let mut d = 0;
        while d < 8 {
            let (f, r) = (file + DELTAS[d].0, rank + DELTAS[d].1);
            if f >= 0 && r >= 0 && f < size as i8 && r < size as i8 {
                table[sq][d] = (r as u8) * size + f as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

static STEPS: [[[Sq; 8]; 100]; 2] = [steps(8), steps(10)];

/// Every square from `sq` to the edge along each direction, as bit sets.
const fn rays(version: Version) -> [[u128; 100]; 8] {
    let table = steps(version.size());
    let mut rays = [[0; 100]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < version.size() as usize * version.size() as usize {
            let mut next = table[sq][d];
            while next != OFF {
                rays[d][sq] |= 1 << next;
                next = table[next as usize][d];
            }
            sq += 1;
        }
        d += 1;
    }
    rays
}

static RAYS: [[[u128; 100]; 8]; 2] = [rays(Version::Assassins), rays(Version::Classic)];

/// The squares within `n` king steps of each square, for `n` from 0 to 10.
const fn within(version: Version) -> [[u128; 11]; 100] {
    let size = version.size() as i32;
    let mut table = [[0; 11]; 100];
    let mut sq = 0;
    while sq < size * size {
        let mut other = 0;
        while other < size * size {
            let (df, dr) = ((sq % size - other % size).abs(), (sq / size - other / size).abs());
            let d = if df > dr { df } else { dr };
            let mut n = d;
            while n <= 10 {
                table[sq as usize][n as usize] |= 1 << other;
                n += 1;
            }
            other += 1;
        }
        sq += 1;
    }
    table
}

static WITHIN: [[[u128; 11]; 100]; 2] = [within(Version::Assassins), within(Version::Classic)];

/// The squares of each rank, as bit sets.
const fn ranks(version: Version) -> [u128; 10] {
    let size = version.size() as usize;
    let mut table = [0; 10];
    let mut sq = 0;
    while sq < size * size {
        table[sq / size] |= 1 << sq;
        sq += 1;
    }
    table
}

static RANKS: [[u128; 10]; 2] = [ranks(Version::Assassins), ranks(Version::Classic)];

/// The squares of the 0-based `rank` (the first side's home rank is 0), one bit a square.
#[inline]
pub fn rank_squares(version: Version, rank: u8) -> u128 {
    RANKS[version as usize][rank as usize]
}

/// Each square's orthogonal neighbours, and all eight.
const fn neighbours(version: Version) -> [[u128; 2]; 100] {
    let table = steps(version.size());
    let mut out = [[0; 2]; 100];
    let mut sq = 0;
    while sq < 100 {
        let mut d = 0;
        while d < 8 {
            let next = table[sq][d];
            if next != OFF {
                if d < 4 {
                    out[sq][0] |= 1 << next;
                }
                out[sq][1] |= 1 << next;
            }
            d += 1;
        }
        sq += 1;
    }
    out
}

static NEIGHBOURS: [[[u128; 2]; 100]; 2] = [neighbours(Version::Assassins), neighbours(Version::Classic)];

/// The squares one step from `sq`: orthogonally, or in any of the eight directions.
#[inline]
pub fn neighbours_of(version: Version, sq: Sq, diagonals_too: bool) -> u128 {
    NEIGHBOURS[version as usize][sq as usize][usize::from(diagonals_too)]
}

/// The squares from `sq` to the edge in `direction`, one bit a square.
#[inline]
pub fn ray(version: Version, sq: Sq, direction: usize) -> u128 {
    RAYS[version as usize][direction][sq as usize]
}

/// Whether a direction runs towards higher square indices, so that its nearest square in a
/// set is the lowest bit (north, east, north-east, north-west).
#[inline]
pub const fn ascending(direction: usize) -> bool {
    matches!(direction, 0 | 1 | 4 | 7)
}

/// The nearest square of `set` (squares of one ray from some square) along `direction`.
#[inline]
pub fn nearest(set: u128, direction: usize) -> Sq {
    if ascending(direction) { set.trailing_zeros() as Sq } else { (127 - set.leading_zeros()) as Sq }
}

/// The squares `min` to `max` king steps from `sq` (a ray's squares at those steps).
#[inline]
pub fn band(version: Version, sq: Sq, min: u8, max: u8) -> u128 {
    let table = &WITHIN[version as usize][sq as usize];
    let inner = if min == 0 { 0 } else { table[(min - 1).min(10) as usize] };
    table[max.min(10) as usize] & !inner
}

/// The square next to `sq` in `direction`, or [`OFF`].
#[inline]
pub fn step(version: Version, sq: Sq, direction: usize) -> Sq {
    STEPS[version as usize][sq as usize][direction]
}

/// A square's 0-based file and rank.
pub const fn file_rank(version: Version, sq: Sq) -> (u8, u8) {
    (sq % version.size(), sq / version.size())
}

/// The square at a 0-based file and rank, if on the board.
pub const fn at(version: Version, file: u8, rank: u8) -> Option<Sq> {
    if file < version.size() && rank < version.size() { Some(rank * version.size() + file) } else { None }
}

/// `e4`, `j10`.
pub fn name(version: Version, sq: Sq) -> String {
    match version {
        Version::Assassins => Square8::from_index(sq as usize).to_string(),
        Version::Classic => Square10::from_index(sq as usize).to_string(),
    }
}

/// Reads a square's name on the version's board, as the shared square type reads it.
pub fn parse_square(version: Version, text: &str) -> Option<Sq> {
    let index = match version {
        Version::Assassins => text.parse::<Square8>().ok()?.index(),
        Version::Classic => text.parse::<Square10>().ok()?.index(),
    };
    Some(index as Sq)
}

/// The direction and distance from one square to another along a line of the eight
/// directions, if they share one.
pub fn line_between(version: Version, from: Sq, to: Sq) -> Option<(usize, u8)> {
    let ((f1, r1), (f2, r2)) = (file_rank(version, from), file_rank(version, to));
    let (df, dr) = (f2 as i8 - f1 as i8, r2 as i8 - r1 as i8);
    if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    let unit = (df.signum(), dr.signum());
    let direction = DELTAS.iter().position(|&d| d == unit).expect("a unit step");
    Some((direction, df.abs().max(dr.abs()) as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_on_each_board() {
        let v = Version::Assassins;
        let a1 = parse_square(v, "a1").unwrap();
        assert_eq!(step(v, a1, 0), parse_square(v, "a2").unwrap());
        assert_eq!(step(v, a1, 3), OFF);
        let h8 = parse_square(v, "h8").unwrap();
        assert_eq!(step(v, h8, 4), OFF);
        let c = Version::Classic;
        let j10 = parse_square(c, "j10").unwrap();
        assert_eq!((j10, name(c, j10)), (99, "j10".to_string()));
        assert_eq!(step(c, j10, 6), parse_square(c, "i9").unwrap());
        assert!(parse_square(v, "i1").is_none() && parse_square(v, "a9").is_none() && parse_square(c, "a01").is_none());
        for (d, back) in [(0, 2), (1, 3), (4, 6), (5, 7)] {
            assert_eq!(step(c, step(c, 44, d), back), 44);
        }
        assert_eq!(line_between(c, 0, 99), Some((4, 9)));
        // The rays and bands agree with stepping square by square.
        for version in [v, c] {
            let cells = version.size() * version.size();
            for sq in 0..cells {
                for d in ALL_DIRECTIONS {
                    let (mut stepped, mut next, mut n) = (0u128, step(version, sq, d), 1);
                    while next != OFF {
                        stepped |= 1 << next;
                        assert_ne!(band(version, sq, n, n) & (1 << next), 0);
                        next = step(version, next, d);
                        n += 1;
                    }
                    assert_eq!(ray(version, sq, d), stepped);
                    let next = step(version, sq, d);
                    let beside = if next == OFF { 0 } else { 1u128 << next };
                    assert_eq!(neighbours_of(version, sq, true) & beside, beside);
                    assert_eq!(neighbours_of(version, sq, false) & beside, if d < 4 { beside } else { 0 });
                    if stepped != 0 {
                        assert_eq!(nearest(stepped, d), step(version, sq, d));
                    }
                }
            }
        }
        assert_eq!(line_between(c, 0, 21), None);
    }
}
