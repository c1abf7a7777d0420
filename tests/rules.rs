//! One or more tests per rule of the rulebook (`shared/rules/khalif.md`), each on a
//! hand-built position, covering both sides. Test names start with the rule number.

mod common;

use common::{after, dests, names, setup, turn_names, turns_starting};
use khalif::rules::khalif::{
    Decision, Event, Kind, Pending, Position, Refusal, START_KFEN, Side, Square, Stage, TurnState, count_turns, half,
    why_not,
};
use khalif::rules::{Outcome, WinReason};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn refusal(pos: &Position, from: &str, to: &str) -> Refusal {
    why_not(pos, sq(from), sq(to)).expect_err("the move should be refused")
}

// ---- K1 Board and sides ----

#[test]
fn k1_1_squares_are_named_file_then_rank_from_golds_side() {
    assert_eq!(sq("a1").index(), 0);
    assert_eq!(sq("i1").index(), 8);
    assert_eq!(sq("i9").index(), 80);
    assert_eq!(Square::new(4, 0).unwrap().to_string(), "e1");
    assert_eq!(Square::all().count(), 81);
    for bad in ["j1", "a0", "a10", "", "e", "55", "ee"] {
        assert!(bad.parse::<Square>().is_err(), "{bad} accepted");
    }
}

#[test]
fn k1_2_rank_5_is_the_wadi_between_the_halves() {
    assert_eq!(half(sq("e4")), Some(Side::First));
    assert_eq!(half(sq("a5")), None);
    assert_eq!(half(sq("i5")), None);
    assert_eq!(half(sq("e6")), Some(Side::Second));
}

#[test]
fn k1_3_gold_moves_first_and_sides_alternate() {
    let start = Position::start();
    assert_eq!(start.side_to_move(), Side::First);
    let one = after(&start, "Cc2-d3");
    assert_eq!(one.side_to_move(), Side::Second);
    let two = after(&one, "Cc8-d7");
    assert_eq!(two.side_to_move(), Side::First);
}

#[test]
fn k1_4_forward_is_up_for_gold_and_down_for_silver() {
    let pos = setup("Ke1 Ce3 ke9 ce7", 'g');
    assert_eq!(dests(&pos, "e3"), names(&["d4", "f4"]));
    let pos = setup("Ke1 Ce3 ke9 ce7", 's');
    assert_eq!(dests(&pos, "e7"), names(&["d6", "f6"]));
}

#[test]
fn k1_5_adjacent_means_the_eight_surrounding_squares() {
    let around: Vec<Square> = Square::all().filter(|s| s.is_adjacent(sq("e5"))).collect();
    assert_eq!(around.len(), 8);
    assert_eq!(Square::all().filter(|s| s.is_adjacent(sq("a1"))).count(), 3);
    assert!(!sq("e5").is_adjacent(sq("e5")));
}

// ---- K2 Starting position ----

#[test]
fn k2_1_start_position() {
    let pos = Position::start();
    assert_eq!(pos.to_kfen(), START_KFEN);
    let row = [
        Kind::Raider,
        Kind::Vizier,
        Kind::Djinn,
        Kind::Guard,
        Kind::Khalif,
        Kind::Guard,
        Kind::Djinn,
        Kind::Vizier,
        Kind::Raider,
    ];
    for file in 0..9u8 {
        let gold = pos.piece_at(Square::new(file, 0).unwrap()).unwrap();
        let silver = pos.piece_at(Square::new(file, 8).unwrap()).unwrap();
        assert_eq!((gold.side, gold.kind), (Side::First, row[file as usize]));
        assert_eq!((silver.side, silver.kind), (Side::Second, row[file as usize]));
        assert_eq!(pos.piece_at(Square::new(file, 1).unwrap()).unwrap().kind, Kind::Camel);
        assert_eq!(pos.piece_at(Square::new(file, 7).unwrap()).unwrap().kind, Kind::Camel);
    }
    assert_eq!(pos.khalif(Side::Second), Some(sq("e9")));
}

// ---- K3 Moving in general ----

#[test]
fn k3_1_a_turn_starts_with_a_primary_move_of_the_side_to_move() {
    let pos = Position::start();
    assert!(matches!(refusal(&pos, "c8", "d7"), Refusal::NotYourPiece { owner: Side::Second, .. }));
    assert!(matches!(refusal(&pos, "e5", "e6"), Refusal::NoPiece { .. }));
    let pos = after(&pos, "Cc2-d3");
    assert!(matches!(refusal(&pos, "d3", "e4"), Refusal::NotYourPiece { owner: Side::First, .. }));
    assert!(why_not(&pos, sq("c8"), sq("d7")).is_ok());
}

#[test]
fn k3_2_never_onto_a_friendly_piece() {
    let pos = setup("Ke1 Ra1 Ca4 ke9 ra9 ca6", 'g');
    assert!(!dests(&pos, "a1").contains(&"a4".to_string()));
    assert_eq!(refusal(&pos, "a1", "a4"), Refusal::OwnPiece { square: sq("a4") });
    let pos = setup("Ke1 Ra1 Ca4 ke9 ra9 ca6", 's');
    assert_eq!(refusal(&pos, "a9", "a6"), Refusal::OwnPiece { square: sq("a6") });
}

#[test]
fn k3_3_pieces_capture_by_moving_onto_an_opposing_piece() {
    let pos = setup("Ke1 Rb2 ke9 cb4", 'g');
    assert!(turn_names(&pos).contains(&"Rb2xb4".to_string()));
    let next = after(&pos, "Rb2xb4");
    assert_eq!(next.piece_at(sq("b4")).unwrap().side, Side::First);
    assert_eq!(next.side(Side::Second).count(), 1);
    let pos = setup("Ke1 Cb4 ke9 rb5", 's');
    assert!(turn_names(&pos).contains(&"Rb5xb4".to_string()));
}

#[test]
fn k3_4_sliding_needs_an_empty_path_and_only_the_djinn_jumps() {
    let pos = setup("Ke1 Ra1 Ca3 Dc1 Cb2 Cc2 Cd2 Cb3 Cd3 ke9", 'g');
    assert_eq!(dests(&pos, "a1"), names(&["a2", "b1"]));
    assert_eq!(refusal(&pos, "a1", "a4"), Refusal::Blocked { by: sq("a3") });
    // The Djinn leaps over the ring of Camels around it.
    assert_eq!(dests(&pos, "c1"), names(&["a2", "e2"]));
    // A Vizier's two-square move needs the middle square empty.
    let pos = setup("Ke1 Ve5 Ce6 ke9 vc9", 'g');
    assert!(!dests(&pos, "e5").contains(&"e7".to_string()));
    let pos = setup("Ke1 Ve5 Ce6 ke9 vc9 cc8", 's');
    assert_eq!(refusal(&pos, "c9", "c7"), Refusal::Blocked { by: sq("c8") });
    assert!(dests(&pos, "c9").contains(&"e7".to_string()), "a diagonal with d8 empty");
}

#[test]
fn k3_5_only_the_djinn_crosses_the_wadi_in_one_move() {
    let pos = setup("Ka1 Re4 De3 Gc4 ki9 re6 de7", 'g');
    let raider = dests(&pos, "e4");
    assert!(raider.contains(&"e5".to_string()), "into the Wadi is fine");
    assert!(!raider.contains(&"e6".to_string()), "no capture across the Wadi");
    assert_eq!(refusal(&pos, "e4", "e6"), Refusal::CrossesWadi);
    assert!(dests(&pos, "e3").contains(&"d5".to_string()));
    // Silver's Djinn from e7 leaps to d5, f5 (Wadi) and c6, g6... and the Gold Djinn crosses.
    let pos = setup("Ka1 Re4 Dd4 ki9 re6 de7", 'g');
    assert!(dests(&pos, "d4").contains(&"e6".to_string()), "the Djinn captures across the Wadi");
    let pos = setup("Ka1 Re4 ki9 re6 de7", 's');
    assert_eq!(refusal(&pos, "e6", "e4"), Refusal::CrossesWadi);
    // Out of the Wadi to either half is allowed.
    let pos = setup("Ka1 Re5 ki9", 'g');
    let raider = dests(&pos, "e5");
    assert!(raider.contains(&"e9".to_string()) && raider.contains(&"e1".to_string()));
}

#[test]
fn k3_5_the_wadi_binds_the_camels_long_move_and_the_guard() {
    // Gold Camel c3 beside its Vizier b2: the long move reaches d4 and e5, not f6.
    let pos = setup("Ke1 Vb2 Cc3 ke9", 'g');
    assert_eq!(dests(&pos, "c3"), names(&["a5", "b4", "d4", "e5"]));
    assert_eq!(refusal(&pos, "c3", "f6"), Refusal::CrossesWadi);
    // A Guard's long move toward its Vizier across the Wadi is refused.
    let pos = setup("Ke1 Vd7 Gd3 ke9", 'g');
    assert!(!dests(&pos, "d3").contains(&"d6".to_string()));
    assert_eq!(refusal(&pos, "d3", "d6"), Refusal::CrossesWadi);
    let pos = setup("Ke1 ke9 vd3 gd7", 's');
    assert_eq!(refusal(&pos, "d7", "d4"), Refusal::CrossesWadi);
}

#[test]
fn k3_6_there_is_no_check() {
    // The Gold Khalif may step onto a square the Silver Raider attacks.
    let pos = setup("Ke1 ke9 rd8", 'g');
    assert!(dests(&pos, "e1").contains(&"d1".to_string()));
    let pos = setup("Ke1 Rd2 ke9", 's');
    assert!(dests(&pos, "e9").contains(&"d9".to_string()));
}

// ---- K4 The pieces ----

#[test]
fn k4_1_raider_moves_orthogonally_any_distance() {
    let pos = setup("Ka1 Re3 ki9", 'g');
    assert_eq!(dests(&pos, "e3"), names(&["a3", "b3", "c3", "d3", "f3", "g3", "h3", "i3", "e1", "e2", "e4", "e5"]));
    assert_eq!(refusal(&pos, "e3", "f4"), Refusal::NotItsMovement { kind: Kind::Raider });
    let pos = setup("Ka1 ki9 re7", 's');
    assert_eq!(dests(&pos, "e7").len(), 8 + 4);
}

#[test]
fn k4_2_vizier_moves_one_or_two_squares_in_a_line() {
    let pos = setup("Ka1 Ve3 ki9", 'g');
    assert_eq!(
        dests(&pos, "e3"),
        names(&["c1", "c3", "c5", "d2", "d3", "d4", "e1", "e2", "e4", "e5", "f2", "f3", "f4", "g1", "g3", "g5"])
    );
    assert_eq!(refusal(&pos, "e3", "e6"), Refusal::NotItsMovement { kind: Kind::Vizier });
    assert_eq!(refusal(&pos, "e3", "f5"), Refusal::NotItsMovement { kind: Kind::Vizier });
    let pos = setup("Ka1 ki9 ve7", 's');
    assert_eq!(dests(&pos, "e7").len(), 16);
}

#[test]
fn k4_3_a_vizier_never_ends_next_to_its_khalif_or_other_vizier() {
    let pos = setup("Ke1 Vc1 Vh3 ke9", 'g');
    let v = dests(&pos, "c1");
    assert!(!v.contains(&"d1".to_string()) && !v.contains(&"d2".to_string()));
    assert!(matches!(refusal(&pos, "c1", "d2"), Refusal::Spacing { next_to_kind: Kind::Khalif, .. }));
    let pos = setup("Ke1 Vc3 Vg3 ke9", 'g');
    assert_eq!(
        refusal(&pos, "c3", "d2"),
        Refusal::Spacing { kind: Kind::Vizier, next_to: sq("e1"), next_to_kind: Kind::Khalif }
    );
    assert!(why_not(&pos, sq("c3"), sq("e3")).is_ok(), "e3 is two squares from e1");
    let pos = setup("Ka1 Vc3 Ve4 ki9", 'g');
    assert!(matches!(refusal(&pos, "c3", "d3"), Refusal::Spacing { next_to_kind: Kind::Vizier, .. }));
    // An enemy Vizier or Khalif does not count.
    let pos = setup("Ka1 Vc3 ki9 ve5", 'g');
    assert!(dests(&pos, "c3").contains(&"d4".to_string()));
    // Silver too.
    let pos = setup("Ka1 ke9 vc9", 's');
    assert!(matches!(refusal(&pos, "c9", "d8"), Refusal::Spacing { .. }));
}

#[test]
fn k4_3_the_khalif_never_steps_next_to_its_own_vizier() {
    let pos = setup("Ke1 Vg2 ke9", 'g');
    assert!(!dests(&pos, "e1").contains(&"f2".to_string()));
    assert!(!dests(&pos, "e1").contains(&"f1".to_string()));
    assert!(matches!(
        refusal(&pos, "e1", "f2"),
        Refusal::Spacing { kind: Kind::Khalif, next_to_kind: Kind::Vizier, .. }
    ));
    let pos = setup("Ke1 ke9 vc8", 's');
    assert!(!dests(&pos, "e9").contains(&"d9".to_string()));
    assert!(dests(&pos, "e9").contains(&"f8".to_string()));
}

#[test]
fn k4_4_djinn_leaps_like_a_knight() {
    let pos = setup("Ka1 De4 Cd6 ki9", 'g');
    assert_eq!(dests(&pos, "e4"), names(&["c3", "c5", "d2", "f2", "f6", "g3", "g5"]));
    let pos = setup("Ka1 ki9 da9", 's');
    assert_eq!(dests(&pos, "a9"), names(&["b7", "c8"]));
}

#[test]
fn k4_5_guard_steps_one_square_or_slides_to_a_square_beside_its_rulers() {
    // No line from e3 ends beside the Khalif a1 (a2, b1, b2): only the eight steps.
    let pos = setup("Ka1 Ge3 ki9", 'g');
    assert_eq!(dests(&pos, "e3"), names(&["d2", "d3", "d4", "e2", "e4", "f2", "f3", "f4"]));
    assert_eq!(refusal(&pos, "e3", "e1"), Refusal::GuardLongMove);
    let pos = setup("Ke1 Gb4 ki9", 'g');
    // The diagonal b4-c3-d2: d2 is beside the Khalif.
    assert!(dests(&pos, "b4").contains(&"d2".to_string()));
    let pos = setup("Ka1 ki9 vf7 gb7", 's');
    assert!(dests(&pos, "b7").contains(&"e7".to_string()), "e7 is beside the Vizier f7");
    assert!(!dests(&pos, "b7").contains(&"d7".to_string()));
}

#[test]
fn k4_6_khalif_moves_one_square() {
    let pos = setup("Ke4 ki9", 'g');
    assert_eq!(dests(&pos, "e4").len(), 8);
    assert_eq!(refusal(&pos, "e4", "e6"), Refusal::NotItsMovement { kind: Kind::Khalif });
    let pos = setup("Ka1 ki9", 's');
    assert_eq!(dests(&pos, "i9"), names(&["h8", "h9", "i8"]));
}

#[test]
fn k4_7_camel_steps_diagonally_forward_and_captures_forward_or_sideways() {
    let pos = setup("Ka1 Ce3 ki9 ce4 cd4 cf3", 'g');
    // d4 holds a Silver Camel: no diagonal capture; e4 forward capture; f3 sideways capture; d3 empty: no sideways move.
    assert_eq!(dests(&pos, "e3"), names(&["e4", "f3", "f4"]));
    assert_eq!(refusal(&pos, "e3", "d4"), Refusal::CamelDiagonalCapture);
    assert_eq!(refusal(&pos, "e3", "d3"), Refusal::CamelMovesThereOnlyToCapture);
    assert_eq!(refusal(&pos, "e3", "e2"), Refusal::CamelBackwards);
    let pos = setup("Ka1 Ce6 ki9 ce7", 's');
    assert_eq!(dests(&pos, "e7"), names(&["d6", "e6", "f6"]));
}

#[test]
fn k4_7_camel_long_move_beside_a_vizier_never_captures() {
    let pos = setup("Ka1 Vd2 Ce3 ki9 ch6", 'g');
    // Beside the Vizier d2: diagonal forward f4, g5 (h6 is across the Wadi and occupied), d4, c5.
    assert_eq!(dests(&pos, "e3"), names(&["c5", "d4", "f4", "g5"]));
    let pos = setup("Ka1 Ce3 ki9", 'g');
    assert_eq!(refusal(&pos, "e3", "g5"), Refusal::CamelLongMoveNeedsVizier);
    let pos = setup("Ka1 Vd2 Ce3 Cg5 ki9", 'g');
    assert_eq!(refusal(&pos, "e3", "h6"), Refusal::CrossesWadi);
    let pos = setup("Ka1 Vd2 Ce3 ki9 cg5", 'g');
    assert_eq!(refusal(&pos, "e3", "g5"), Refusal::CamelDiagonalCapture);
    // Silver Camel e7 beside its Vizier f8 slides down to c5 / g5.
    let pos = setup("Ka1 ki9 vf8 ce7", 's');
    assert_eq!(dests(&pos, "e7"), names(&["c5", "d6", "f6", "g5"]));
}

#[test]
fn k4_7_a_camel_on_the_last_rank_only_captures_sideways() {
    let pos = setup("Ka1 Ce9 ki8 cd9 cf9", 'g');
    assert_eq!(dests(&pos, "e9"), names(&["d9", "f9"]));
    let pos = setup("Ka2 Cd1 ki8 ce1", 's');
    assert_eq!(dests(&pos, "e1"), names(&["d1"]));
}

// ---- K5 Capture resolution ----

#[test]
fn k5_1_a_quiet_move_ends_the_turn() {
    let mut state = TurnState::new(Position::start());
    let events = state.decide(Decision::Primary { from: sq("c2"), to: sq("d3") }).unwrap();
    assert!(state.is_finished());
    assert!(matches!(events[..], [Event::Moved { captured: None, .. }, Event::TurnEnded { next: Side::Second }]));
    let mut state = TurnState::new(after(&Position::start(), "Cc2-d3"));
    let events = state.decide(Decision::Primary { from: sq("g8"), to: sq("f7") }).unwrap();
    assert!(matches!(events[..], [Event::Moved { captured: None, .. }, Event::TurnEnded { next: Side::First }]));
}

#[test]
fn k5_2_succession_with_one_vizier_is_automatic() {
    let pos = setup("Ka1 Dd7 ke9 vh9", 'g');
    assert_eq!(turns_starting(&pos, "Dd7xe9"), names(&["Dd7xe9 =h9"]));
    let next = after(&pos, "Dd7xe9 =h9");
    assert_eq!(next.khalif(Side::Second), Some(sq("h9")));
    let pos = setup("Ke1 Vb1 ka9 dd3", 's');
    assert_eq!(turns_starting(&pos, "Dd3xe1"), names(&["Dd3xe1 =b1"]));
}

#[test]
fn k5_2_with_two_viziers_the_losing_side_chooses() {
    let pos = setup("Ka1 Dd7 ke9 vb9 vh9 gf9 gd9", 'g');
    // K5.5: the Guards beside e9 do not retaliate, since e9 is beside no Vizier.
    assert_eq!(turns_starting(&pos, "Dd7xe9"), names(&["Dd7xe9 =b9", "Dd7xe9 =h9"]));
    let mut state = TurnState::new(pos);
    state.decide(Decision::Primary { from: sq("d7"), to: sq("e9") }).unwrap();
    assert_eq!(state.pending().map(|p| p.side()), Some(Side::Second), "Silver decides in Gold's turn");
    assert_eq!(state.stage(), Stage::Succession);
    let events = state.decide(Decision::Successor(sq("b9"))).unwrap();
    assert_eq!(events[0], Event::Succeeded { side: Side::Second, square: sq("b9") });
    assert!(state.is_finished());
}

#[test]
fn k5_2_with_no_vizier_the_side_loses_at_once() {
    let pos = setup("Ka1 Dd7 ke9 gd9", 'g');
    assert_eq!(turns_starting(&pos, "Dd7xe9"), names(&["Dd7xe9#"]));
    let mut state = TurnState::new(pos);
    let events = state.decide(Decision::Primary { from: sq("d7"), to: sq("e9") }).unwrap();
    assert!(events.contains(&Event::KhalifLost { side: Side::Second }));
    assert_eq!(state.outcome(), Some(Outcome::Win { winner: Side::First, reason: WinReason::RoyalCaptured }));
    let pos = setup("Ke1 ka9 dd3", 's');
    assert_eq!(turns_starting(&pos, "Dd3xe1"), names(&["Dd3xe1#"]));
}

#[test]
fn k5_3_a_guard_retaliates_on_a_capture_beside_its_khalif() {
    let pos = setup("Ka1 Dc5 ke8 cd7 gf7", 'g');
    assert_eq!(turns_starting(&pos, "Dc5xd7"), names(&["Dc5xd7 !Gf7xd7"]));
    let next = after(&pos, "Dc5xd7 !Gf7xd7");
    assert_eq!(next.piece_at(sq("d7")).map(|p| (p.side, p.kind)), Some((Side::Second, Kind::Guard)));
    assert!(next.pieces(Side::First, Kind::Djinn).is_empty());
    // Silver captures, Gold retaliates.
    let pos = setup("Ke2 Cd3 Gf3 ki9 dc5", 's');
    assert_eq!(turns_starting(&pos, "Dc5xd3"), names(&["Dc5xd3 !Gf3xd3"]));
}

#[test]
fn k5_3_with_two_guards_the_defender_chooses() {
    let pos = setup("Ka1 Dc5 ke8 cd7 gf7 gd9", 'g');
    assert_eq!(turns_starting(&pos, "Dc5xd7"), names(&["Dc5xd7 !Gd9xd7", "Dc5xd7 !Gf7xd7"]));
    let mut state = TurnState::new(pos);
    state.decide(Decision::Primary { from: sq("c5"), to: sq("d7") }).unwrap();
    let Some(Pending::Retaliator { side, square, guards }) = state.pending() else { panic!("a Guard choice") };
    assert_eq!((side, square, guards.count()), (Side::Second, sq("d7"), 2));
    assert!(state.decide(Decision::Retaliator(sq("a1"))).is_err(), "not a candidate");
    state.decide(Decision::Retaliator(sq("d9"))).unwrap();
    assert!(state.is_finished());
}

#[test]
fn k5_3_no_retaliation_away_from_the_rulers_blocked_or_across_the_wadi() {
    // The capture square d7 is not beside a Silver Khalif or Vizier.
    let pos = setup("Ka1 Dc5 ki9 cd7 gf7", 'g');
    assert_eq!(turns_starting(&pos, "Dc5xd7"), names(&["Dc5xd7"]));
    // The line f7-e7-d7 is blocked.
    let pos = setup("Ka1 Dc5 ke8 cd7 ce7 gf7", 'g');
    assert_eq!(turns_starting(&pos, "Dc5xd7"), names(&["Dc5xd7"]));
    // A Gold Guard in its own half cannot retaliate on d6 in Silver's half; one in the Wadi can.
    let pos = setup("Kc7 Cd6 Gd4 ki9 db5", 's');
    assert_eq!(turns_starting(&pos, "Db5xd6"), names(&["Db5xd6"]));
    let pos = setup("Kc7 Cd6 Gd5 ki9 db5", 's');
    assert_eq!(turns_starting(&pos, "Db5xd6"), names(&["Db5xd6 !Gd5xd6"]));
}

#[test]
fn k5_3_a_retaliation_that_takes_the_khalif_brings_succession_or_defeat() {
    let pos = setup("Ke4 Vb1 ke9 vf6 cf5 gh5", 'g');
    assert_eq!(turns_starting(&pos, "Ke4xf5"), names(&["Ke4xf5 !Gh5xf5 =b1"]));
    let pos = setup("Ke4 ke9 vf6 cf5 gh5", 'g');
    assert_eq!(turns_starting(&pos, "Ke4xf5"), names(&["Ke4xf5 !Gh5xf5#"]));
    let mut state = TurnState::new(pos);
    state.decide(Decision::Primary { from: sq("e4"), to: sq("f5") }).unwrap();
    assert_eq!(state.outcome(), Some(Outcome::Win { winner: Side::Second, reason: WinReason::RoyalCaptured }));
    // With two Viziers the capturing side chooses its successor.
    let pos = setup("Ke4 Vb1 Vh1 ke9 vf6 cf5 gh5", 'g');
    let mut state = TurnState::new(pos);
    state.decide(Decision::Primary { from: sq("e4"), to: sq("f5") }).unwrap();
    assert!(matches!(state.pending(), Some(Pending::Successor { side: Side::First, .. })));
    // Silver's Khalif captures next to a Gold Vizier and is taken back.
    let pos = setup("Ka1 Vd4 Cd5 Gb5 ke6", 's');
    assert_eq!(turns_starting(&pos, "Ke6xd5"), names(&["Ke6xd5 !Gb5xd5#"]));
}

#[test]
fn k5_4_the_djinn_may_capture_once_more_or_decline() {
    let pos = setup("Ke1 Dd4 ka9 ce6 rc7 rg7", 'g');
    assert_eq!(turns_starting(&pos, "Dd4xe6"), names(&["Dd4xe6", "Dd4xe6 +xc7", "Dd4xe6 +xg7"]));
    let mut state = TurnState::new(pos);
    state.decide(Decision::Primary { from: sq("d4"), to: sq("e6") }).unwrap();
    let Some(Pending::SecondCapture { side, from, targets }) = state.pending() else { panic!() };
    assert_eq!((side, from, targets.count()), (Side::First, sq("e6"), 2));
    assert_eq!(state.options().len(), 3, "two captures and declining");
    state.decide(Decision::Decline).unwrap();
    assert!(state.is_finished());
    let pos = setup("Ka1 ke9 dd6 Ce4 Rc3", 's');
    assert_eq!(turns_starting(&pos, "Dd6xe4"), names(&["Dd6xe4", "Dd6xe4 +xc3"]));
}

#[test]
fn k5_4_no_second_capture_after_a_retaliation_and_never_a_third() {
    let pos = setup("Ka1 Dc5 ke8 cd7 gf7 rb8 rb6", 'g');
    assert_eq!(turns_starting(&pos, "Dc5xd7"), names(&["Dc5xd7 !Gf7xd7"]));
    // After the second capture, further targets are not offered.
    let pos = setup("Ke1 Dd4 ka9 ce6 rc7 rb5 ra6", 'g');
    for t in turns_starting(&pos, "Dd4xe6") {
        assert!(t.matches("+x").count() <= 1, "{t}");
    }
    // Only a Djinn's primary capture chains; a Raider's does not.
    let pos = setup("Ke1 Re4 ka9 ce5 rc6", 'g');
    assert_eq!(turns_starting(&pos, "Re4xe5"), names(&["Re4xe5"]));
}

#[test]
fn k5_4_the_second_capture_resolves_succession_and_retaliation_again() {
    let pos = setup("Ke1 Dd4 ka9 ce6 cg7 vh8 gg9", 'g');
    assert!(turns_starting(&pos, "Dd4xe6").contains(&"Dd4xe6 +xg7 !Gg9xg7".to_string()));
    let pos = setup("Ke1 Dd4 kc7 ce6 vh8", 'g');
    assert!(turns_starting(&pos, "Dd4xe6").contains(&"Dd4xe6 +xc7 =h8".to_string()));
    // K6.1 mid-turn: the second capture takes the last Khalif.
    let pos = setup("Ke1 Dd4 kc7 ce6", 'g');
    assert!(turns_starting(&pos, "Dd4xe6").contains(&"Dd4xe6 +xc7#".to_string()));
}

#[test]
fn k5_5_capturing_a_khalif_or_vizier_never_triggers_retaliation() {
    let pos = setup("Ka1 Dd6 ki9 ve8 gf8 gd8", 'g');
    assert_eq!(turns_starting(&pos, "Dd6xe8"), names(&["Dd6xe8"]));
    let pos = setup("Ka1 Ve2 Gf2 Gd2 ki9 dd4", 's');
    assert_eq!(turns_starting(&pos, "Dd4xe2"), names(&["Dd4xe2"]));
}

#[test]
fn k5_6_turn_end_hands_over_and_the_stages_run_in_order() {
    let pos = setup("Ke1 Dd4 ka9 ce6 cg7 vh8 gg9", 'g');
    let mut state = TurnState::new(pos);
    let mut events = state.decide(Decision::Primary { from: sq("d4"), to: sq("e6") }).unwrap();
    events.extend(state.decide(Decision::SecondCapture(sq("g7"))).unwrap());
    let stages: Vec<Stage> = events.iter().map(|e| e.stage()).collect();
    assert_eq!(stages, [Stage::Move, Stage::ChainedCapture, Stage::Retaliation, Stage::TurnEnd]);
    assert_eq!(state.position().side_to_move(), Side::Second);
    // The same turn mirrored for Silver.
    let pos = setup("ke9 dd6 Ka1 Ce4 Cg3 Vh2 Gg1", 's');
    let mut state = TurnState::new(pos);
    let mut events = state.decide(Decision::Primary { from: sq("d6"), to: sq("e4") }).unwrap();
    events.extend(state.decide(Decision::SecondCapture(sq("g3"))).unwrap());
    let stages: Vec<Stage> = events.iter().map(|e| e.stage()).collect();
    assert_eq!(stages, [Stage::Move, Stage::ChainedCapture, Stage::Retaliation, Stage::TurnEnd]);
    assert_eq!(state.position().side_to_move(), Side::First);
}

// ---- K6 End of the game ----

#[test]
fn k6_1_losing_the_last_khalif_ends_the_game_wherever_in_the_turn() {
    let pos = after(&setup("Ke1 Dd4 kc7 ce6", 'g'), "Dd4xe6 +xc7#");
    assert_eq!(
        TurnState::new(pos).outcome(),
        Some(Outcome::Win { winner: Side::First, reason: WinReason::RoyalCaptured })
    );
    assert_eq!(count_turns(&pos), 0, "a finished game has no turns");
    let pos = after(&setup("ke9 dd6 Kc3 Ce4", 's'), "Dd6xe4 +xc3#");
    assert_eq!(
        TurnState::new(pos).outcome(),
        Some(Outcome::Win { winner: Side::Second, reason: WinReason::RoyalCaptured })
    );
}

#[test]
fn k6_2_a_side_with_no_legal_move_loses() {
    let stuck = setup("Ke5 cg1 ch1 ch2 ci2 ki1", 's');
    assert_eq!(count_turns(&stuck), 0);
    assert_eq!(
        TurnState::new(stuck).outcome(),
        Some(Outcome::Win { winner: Side::First, reason: WinReason::NoLegalMove })
    );
    let before = setup("Ke4 cg1 ch1 ch2 ci2 ki1", 'g');
    assert!(turn_names(&before).contains(&"Ke4-e5#".to_string()));
    let stuck_gold = setup("Ka9 Ca8 Cb8 Cb9 Cc9 ke1", 'g');
    assert_eq!(count_turns(&stuck_gold), 0);
}

#[test]
fn k6_3_and_k6_4_resignation_and_draw_by_agreement_only() {
    use khalif::rules::khalif::Game;
    let mut game = Game::new(Position::start());
    assert!(game.answer_draw(Side::Second, true).is_err(), "no offer yet");
    game.offer_draw(Side::First).unwrap();
    assert_eq!(game.answer_draw(Side::Second, false).unwrap(), None);
    assert_eq!(game.outcome(), None, "a declined draw is no draw");
    game.offer_draw(Side::First).unwrap();
    assert_eq!(game.answer_draw(Side::Second, true).unwrap(), Some(Outcome::DrawAgreed));
    let mut game = Game::new(Position::start());
    assert_eq!(
        game.resign(Side::First).unwrap(),
        Outcome::Win { winner: Side::Second, reason: WinReason::Resignation }
    );
    assert!(game.decide(Decision::Primary { from: sq("c2"), to: sq("d3") }).is_err());
    let mut game = Game::new(after(&Position::start(), "Cc2-d3"));
    assert_eq!(
        game.resign(Side::Second).unwrap(),
        Outcome::Win { winner: Side::First, reason: WinReason::Resignation }
    );
}

#[test]
fn k6_4_repetition_never_draws_by_itself() {
    use khalif::rules::khalif::Game;
    let mut game = Game::new(Position::start());
    for _ in 0..4 {
        for (f, t) in [("c1", "b3"), ("c9", "b7"), ("b3", "c1"), ("b7", "c9")] {
            game.decide(Decision::Primary { from: sq(f), to: sq(t) }).unwrap();
        }
    }
    assert_eq!(game.outcome(), None);
}
