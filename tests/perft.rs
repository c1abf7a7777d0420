//! K8.1: perft from the start position equals the rulebook's numbers, bulk and full.

mod common;

use khalif::rules::Rules;
use khalif::rules::khalif::{Khalif, Position};

fn perft(pos: &Position, depth: u32) -> u64 {
    Khalif::perft(pos, depth)
}

fn perft_full(pos: &Position, depth: u32) -> u64 {
    Khalif::perft_full(pos, depth)
}

/// The rulebook's numbers, K8.1.
const START: [u64; 4] = [34, 1144, 38428, 1280834];

#[test]
fn k8_1_perft_from_the_start_to_depth_4() {
    let pos = Position::start();
    for (depth, &expected) in (1..).zip(START.iter()) {
        assert_eq!(perft(&pos, depth), expected, "perft({depth})");
    }
}

#[test]
fn k8_1_full_perft_agrees_with_bulk_counting() {
    let pos = Position::start();
    assert_eq!(perft_full(&pos, 3), START[2]);
    for pos in common::random_positions(11, 40) {
        assert_eq!(perft_full(&pos, 2), perft(&pos, 2), "{}", pos.to_kfen());
    }
}

/// Depth 5 takes a fraction of a second in release and tens of seconds in debug:
/// `cargo test --release --no-default-features -- --ignored`.
#[test]
#[ignore]
fn k8_1_perft_from_the_start_depth_5() {
    assert_eq!(perft(&Position::start(), 5), 43_560_682);
    assert_eq!(perft_full(&Position::start(), 5), 43_560_682);
}
