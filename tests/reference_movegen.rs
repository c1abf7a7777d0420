//! The fast bitboard generator against the deliberately simple one in `common/reference.rs`,
//! the "why not?" explainer and the turn state machine, on many positions.

mod common;

use common::reference::Board;
use khalif::rules::khalif::{
    Decision, Kind, MoveTotals, Position, Side, Square, TurnState, count_turns, khalif_lost, move_totals,
    primary_destinations, reachable_by, why_not, write_turn,
};
use rand::RngExt;

fn many_positions() -> Vec<Position> {
    let mut all = common::random_positions(1, 400);
    all.extend(common::random_placements(2, 400));
    all
}

#[test]
fn fast_and_reference_generators_agree_on_every_turn() {
    // How often each K8 stage token showed up, so the comparison is known to cover them all.
    let mut seen = [0usize; 4];
    for pos in many_positions() {
        let mut fast: Vec<String> = common::turns(&pos).iter().map(|t| write_turn(&pos, t)).collect();
        let mut slow = Board::from_position(&pos).turns();
        fast.sort();
        slow.sort();
        assert_eq!(fast, slow, "turns differ in {}", pos.to_kfen());
        assert_eq!(count_turns(&pos), fast.len() as u64, "bulk count in {}", pos.to_kfen());
        for turn in &fast {
            for (n, mark) in seen.iter_mut().zip(["=", "!G", "+x", "#"]) {
                *n += usize::from(turn.contains(mark));
            }
        }
    }
    assert!(seen.iter().all(|&n| n >= 20), "stage tokens seen (=, !G, +x, #): {seen:?}");
}

#[test]
fn why_not_agrees_with_both_generators_on_every_from_to_pair() {
    // Finished games are left out: there every move is refused as `GameOver`.
    for pos in many_positions().into_iter().filter(|p| khalif_lost(p).is_none()).step_by(4) {
        let board = Board::from_position(&pos);
        for from in Square::all() {
            let dests = primary_destinations(&pos, from);
            for to in Square::all() {
                let explained = why_not(&pos, from, to);
                let slow = board.legal_primary(from.index(), to.index());
                assert_eq!(dests.contains(to), slow, "{from}-{to} in {}", pos.to_kfen());
                assert_eq!(explained.is_ok(), slow, "why_not {from}-{to} in {}: {explained:?}", pos.to_kfen());
            }
        }
    }
}

#[test]
fn move_totals_add_up_every_piece_s_destinations_for_either_side() {
    // The evaluation's mobility and reach step most Camels all at once (K4.7); they must equal
    // the sum over the pieces one at a time, for the side to move and for the side waiting.
    let (mut camels_beside_viziers, mut stepping_camels) = (0, 0);
    for pos in many_positions() {
        for side in [Side::First, Side::Second] {
            let mut turn_of_side = pos;
            turn_of_side.set_side_to_move(side);
            let mut expected = MoveTotals::default();
            for from in turn_of_side.side(side) {
                let dests = primary_destinations(&turn_of_side, from);
                expected.count += dests.count();
                expected.reach |= dests;
                if turn_of_side.piece_at(from).is_some_and(|p| p.kind == Kind::Guard) {
                    expected.guard_reach |= dests;
                }
            }
            assert_eq!(move_totals(&pos, side), expected, "{side:?} in {}", pos.to_kfen());
            assert_eq!(reachable_by(&pos, side), expected.reach);
            let beside = Position::adjacent_to(pos.pieces(side, Kind::Vizier));
            camels_beside_viziers += (pos.pieces(side, Kind::Camel) & beside).count();
            stepping_camels += (pos.pieces(side, Kind::Camel) & !beside).count();
        }
    }
    assert!(camels_beside_viziers > 100 && stepping_camels > 1000, "{camels_beside_viziers}, {stepping_camels}");
}

/// Drives the state machine with random decisions and checks it ends where `play` does, and
/// that replaying its events reproduces its board after every decision.
#[test]
fn the_state_machine_and_copy_make_reach_the_same_positions() {
    let mut rng = common::rng(5);
    for pos in many_positions() {
        let mut state = TurnState::new(pos);
        // The board a front end shows, replayed event by event.
        let mut shown = pos;
        while state.pending().is_some() {
            let options = state.options();
            let choice: Decision = options[rng.random_range(0..options.len())];
            for event in state.decide(choice).expect("an offered option is accepted") {
                event.apply(&mut shown);
            }
            assert_eq!(&shown, state.position(), "events replayed from {}", pos.to_kfen());
        }
        if state.outcome().is_some() && state.turn().from == state.turn().to {
            continue; // the game was already over: no turn was played
        }
        let mut copy = pos;
        khalif::rules::khalif::play(&mut copy, &state.turn());
        assert_eq!(&copy, state.position(), "from {}", pos.to_kfen());
    }
}
