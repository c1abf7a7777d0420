//! Thousands of random games checking the invariants the rules promise.

mod common;

use khalif::rules::khalif::{Kind, Position, Side, Square, parse_kfen, play, tables::ADJACENT};
use rand::RngExt;

/// Cut-off for a game that has not ended (there is no automatic draw, K6.4).
const MAX_TURNS: usize = 300;

fn check_invariants(pos: &Position, before: &Position) {
    for side in Side::BOTH {
        // K4.3 (and K6.5): no Vizier beside its own Khalif or other Vizier.
        let rulers = pos.rulers(side);
        for v in pos.pieces(side, Kind::Vizier) {
            assert!((ADJACENT[v.index()] & rulers).is_empty(), "spacing broken in {}", pos.to_kfen());
        }
        // Piece counts only fall (a succession turns a Vizier into a Khalif: count the pair).
        assert!(pos.side(side).count() <= before.side(side).count());
        let rulers_now = (pos.pieces(side, Kind::Vizier) | pos.pieces(side, Kind::Khalif)).count();
        let rulers_before = (before.pieces(side, Kind::Vizier) | before.pieces(side, Kind::Khalif)).count();
        assert!(rulers_now <= rulers_before);
        for kind in [Kind::Raider, Kind::Djinn, Kind::Guard, Kind::Camel, Kind::Vizier] {
            assert!(pos.pieces(side, kind).count() <= before.pieces(side, kind).count(), "{kind} count rose");
        }
        assert!(pos.pieces(side, Kind::Khalif).count() <= 1);
    }
    // No square holds two pieces; mailbox and bitboards agree.
    assert!((pos.side(Side::First) & pos.side(Side::Second)).is_empty());
    for sq in Square::all() {
        match pos.piece_at(sq) {
            None => assert!(!pos.occupied().contains(sq)),
            Some(p) => assert!(pos.pieces(p.side, p.kind).contains(sq)),
        }
    }
    // The incremental hash matches a fresh one.
    if pos.khalif(Side::First).is_some() && pos.khalif(Side::Second).is_some() {
        assert_eq!(parse_kfen(&pos.to_kfen()).unwrap().hash(), pos.hash());
    }
}

#[test]
fn random_games_keep_the_invariants_and_end() {
    let mut rng = common::rng(2026);
    let (mut finished, mut cut) = (0, 0);
    for _ in 0..2000 {
        let mut pos = Position::start();
        let mut ended = false;
        for _ in 0..MAX_TURNS {
            let turns = common::turns(&pos);
            if turns.is_empty() {
                ended = true;
                break;
            }
            let before = pos;
            play(&mut pos, &turns[rng.random_range(0..turns.len())]);
            check_invariants(&pos, &before);
        }
        if ended { finished += 1 } else { cut += 1 }
    }
    assert!(finished > 1000, "most random games end by the rules ({finished} ended, {cut} cut)");
}

// K3.3, K5.1-K5.4: the captures quiescence follows are exactly the generated turns whose
// primary move takes a piece (with every succession, retaliation and chained capture they
// branch into), in the generator's order.
#[test]
fn capture_generation_gives_the_taking_turns_in_the_generators_order() {
    use khalif::rules::khalif::Khalif;
    let positions = common::random_positions(2027, 1500);
    let mut branching = 0;
    let seen = common::games::assert_capture_turns_are_the_taking_turns::<Khalif>(&positions, |t| {
        branching += usize::from(t.chain.is_some() || t.first.retaliator.is_some());
    });
    assert!(seen > 1000, "{seen}");
    assert!(branching > 0, "some captures chain on or are struck back at");
}
