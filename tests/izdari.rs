//! Izdari's rules (shared/rules/izdari.md): Assassin's Izdari (A1–A5), classic Izdari (B1–B3,
//! D1–D8), position text and counting (C1, C2). Each test names the rules it checks.

use khalif::rules::izdari::{self, Position, Version, perft};

fn assassins(text: &str) -> Position {
    izdari::parse_position(Version::Assassins, text).unwrap()
}

// D8, C2
#[test]
fn perft_from_the_starts_matches_the_rulebook() {
    let start = izdari::start(Version::Assassins);
    assert_eq!([1, 2].map(|d| perft(&start, d)), [38, 1_446]);
    let classic = izdari::start(Version::Classic);
    assert_eq!(perft(&classic, 1), 228);
}

// D8
#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimisation: run with --release")]
fn deeper_perft_matches_the_rulebook() {
    assert_eq!(perft(&izdari::start(Version::Assassins), 3), 148_224);
    assert_eq!(perft(&izdari::start(Version::Classic), 2), 51_162);
}

// C1
#[test]
fn start_texts_round_trip() {
    for (v, text) in [(Version::Assassins, izdari::ASSASSINS_START), (Version::Classic, izdari::CLASSIC_START)] {
        assert_eq!(izdari::write_position(&izdari::start(v)), text);
    }
    let _ = assassins(izdari::ASSASSINS_START);
}
