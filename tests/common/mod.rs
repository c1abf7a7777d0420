//! Shared test helpers: a deliberately simple reference generator and random positions.
#![allow(dead_code)]

pub mod chafl_reference;
pub mod dpc_reference;
pub mod khitan_reference;
pub mod reference;

use khalif::rules::khalif::{Position, Turn, generate_turns, parse_kfen, play};
use rand::{RngExt, SeedableRng, rngs::SmallRng};

/// Parses a KFEN that a test wrote by hand.
pub fn kfen(text: &str) -> Position {
    parse_kfen(text).unwrap_or_else(|e| panic!("test KFEN `{text}`: {e}"))
}

pub fn rng(seed: u64) -> SmallRng {
    SmallRng::seed_from_u64(seed)
}

/// Every legal turn of a position.
pub fn turns(pos: &Position) -> Vec<Turn> {
    let mut out = Vec::new();
    generate_turns(pos, &mut out);
    out
}

/// Positions reached by random play from the start, `count` of them, sampled along many games.
pub fn random_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::start();
        let length = rng.random_range(4..120);
        for _ in 0..length {
            let ts = turns(&pos);
            if ts.is_empty() {
                break;
            }
            // Prefer captures now and then so that K5 resolutions show up often.
            let captures: Vec<&Turn> = ts.iter().filter(|t| pos.piece_at(t.to).is_some()).collect();
            let turn = if !captures.is_empty() && rng.random_range(0..3) == 0 {
                *captures[rng.random_range(0..captures.len())]
            } else {
                ts[rng.random_range(0..ts.len())]
            };
            play(&mut pos, &turn);
            if rng.random_range(0..8) == 0 {
                out.push(pos);
            }
        }
        out.push(pos);
    }
    out.truncate(count);
    out
}

/// Random legal placements (not reached by play): crowded boards with many Guards, Viziers
/// and Djinns next to each other, so that multi-choice resolutions happen often.
pub fn random_placements(seed: u64, count: usize) -> Vec<Position> {
    use khalif::rules::khalif::{Kind, Piece, Side, Square};
    let mut rng = rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::empty(if rng.random_range(0..2) == 0 { Side::First } else { Side::Second });
        let place = |pos: &mut Position, piece: Piece, rng: &mut SmallRng| {
            for _ in 0..20 {
                let sq = Square::from_index(rng.random_range(0..81));
                if pos.piece_at(sq).is_none() {
                    pos.put(sq, piece);
                    return;
                }
            }
        };
        for side in Side::BOTH {
            place(&mut pos, Piece::new(side, Kind::Khalif), &mut rng);
            let kinds = [
                Kind::Vizier,
                Kind::Vizier,
                Kind::Guard,
                Kind::Guard,
                Kind::Guard,
                Kind::Djinn,
                Kind::Djinn,
                Kind::Raider,
            ];
            for kind in kinds {
                if rng.random_range(0..4) != 0 {
                    place(&mut pos, Piece::new(side, kind), &mut rng);
                }
            }
            for _ in 0..rng.random_range(0..8) {
                place(&mut pos, Piece::new(side, Kind::Camel), &mut rng);
            }
        }
        // Keep only placements that KFEN accepts (spacing, one Khalif each).
        if let Ok(valid) = parse_kfen(&pos.to_kfen()) {
            out.push(valid);
        }
    }
    out
}

/// A position from a list such as `"Ke1 Vb1 ke9 cd7"` (upper case Gold, lower case Silver)
/// and the side to move (`'g'` or `'s'`); checked by the KFEN parser (one Khalif each, K4.3).
pub fn setup(pieces: &str, side: char) -> Position {
    use khalif::rules::khalif::{Side, parse_piece_list};
    let side = if side == 'g' { Side::First } else { Side::Second };
    parse_piece_list(pieces, side).unwrap_or_else(|e| panic!("`{pieces}`: {e}"))
}

/// The legal destinations of the piece on a square, as sorted square names.
pub fn dests(pos: &Position, from: &str) -> Vec<String> {
    let from = from.parse().unwrap();
    let mut out: Vec<String> =
        khalif::rules::khalif::primary_destinations(pos, from).squares().map(|s| s.to_string()).collect();
    out.sort();
    out
}

/// Every legal turn in K8 notation, sorted.
pub fn turn_names(pos: &Position) -> Vec<String> {
    let mut names: Vec<String> = turns(pos).iter().map(|t| khalif::rules::khalif::write_turn(pos, t)).collect();
    names.sort();
    names
}

/// The legal turns whose text starts with `prefix` (a primary move), sorted.
pub fn turns_starting(pos: &Position, prefix: &str) -> Vec<String> {
    turn_names(pos).into_iter().filter(|t| t.starts_with(prefix)).collect()
}

/// Plays a turn written in K8 notation and returns the position after it.
pub fn after(pos: &Position, text: &str) -> Position {
    let (turn, _) = khalif::rules::khalif::parse_turn(pos, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    let mut next = *pos;
    play(&mut next, &turn);
    next
}

/// Names as owned strings, for comparing with the helpers above.
pub fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The helpers every sister game's rule tests share, written once over [`Rules`].
pub mod games {
    use khalif::rules::{Rules, Side};
    use rand::RngExt;

    /// A position from a piece list; `side` is `'w'` for the first player, anything else the second.
    pub fn setup<G: Rules>(pieces: &str, side: char) -> G::Position {
        let side = if side == 'w' { Side::First } else { Side::Second };
        G::parse_piece_list(pieces, side).unwrap_or_else(|e| panic!("`{pieces}`: {e}"))
    }

    /// Every legal turn's notation, sorted.
    pub fn names<G: Rules>(pos: &G::Position) -> Vec<String> {
        let mut v: Vec<String> = G::turns(pos).iter().map(|t| G::write_turn(pos, t)).collect();
        v.sort();
        v
    }

    /// The sorted notations that start with `prefix`.
    pub fn starting<G: Rules>(pos: &G::Position, prefix: &str) -> Vec<String> {
        names::<G>(pos).into_iter().filter(|t| t.starts_with(prefix)).collect()
    }

    pub fn sorted(list: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    /// The position after a turn written in notation.
    pub fn after<G: Rules>(pos: &G::Position, text: &str) -> G::Position {
        let turn = G::parse_turn(pos, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
        let mut next = *pos;
        G::play(&mut next, &turn);
        next
    }

    /// Checks in each of `positions` that the captures quiescence follows
    /// (`Engine::capture_turns`) are exactly the turns search considers that take
    /// (`Rules::is_capture`), in the same order; hands each capture to `each` (for a test's
    /// own counts) and returns how many it saw.
    pub fn assert_capture_turns_are_the_taking_turns<G: khalif::ai::Engine>(
        positions: &[G::Position],
        mut each: impl FnMut(&G::Turn),
    ) -> usize {
        let mut seen = 0;
        for pos in positions {
            let mut taking = Vec::new();
            G::search_turns(pos, &mut taking);
            taking.retain(|t| G::is_capture(pos, t));
            let mut captures = Vec::new();
            G::capture_turns(pos, &mut captures);
            assert_eq!(captures, taking, "{}", G::write_position(pos));
            seen += captures.len();
            captures.iter().for_each(&mut each);
        }
        seen
    }

    /// Positions reached by random play from the start (games of up to `longest` turns),
    /// preferring captures half the time.
    pub fn random_positions<G: Rules>(seed: u64, count: usize, longest: u32) -> Vec<G::Position> {
        let mut rng = super::rng(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut pos = G::start();
            for _ in 0..rng.random_range(4..longest) {
                let turns = G::turns(&pos);
                if turns.is_empty() {
                    break;
                }
                let captures: Vec<&G::Turn> = turns.iter().filter(|t| G::is_capture(&pos, t)).collect();
                let turn = if !captures.is_empty() && rng.random_range(0..2) == 0 {
                    *captures[rng.random_range(0..captures.len())]
                } else {
                    turns[rng.random_range(0..turns.len())]
                };
                G::play(&mut pos, &turn);
                if rng.random_range(0..6) == 0 {
                    out.push(pos);
                }
            }
            out.push(pos);
        }
        out.truncate(count);
        out
    }
}
