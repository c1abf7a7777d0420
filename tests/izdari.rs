//! Izdari's rules (shared/rules/izdari.md): Assassin's Izdari (A1–A5), classic Izdari (B1–B3,
//! D1–D8), position text and counting (C1, C2). Each test names the rules it checks.

use std::collections::{BTreeSet, HashSet};

use khalif::play::Reach;
use khalif::rules::izdari::{
    self, Decision, Event, Kind, Pending, Position, TurnState, Version, generate_turns, name, parse_square, parse_turn,
    perft, play, replay, why_not, write_position, write_turn,
};
use khalif::rules::{Outcome, Rules, Side, WinReason};
use rand::RngExt;

mod common;

const A: Version = Version::Assassins;
const C: Version = Version::Classic;

/// A position from a piece list, Southlands (classic: White) to move unless `side` says.
fn at(version: Version, pieces: &str) -> Position {
    izdari::parse_piece_list(version, pieces, Side::First).unwrap()
}

fn sq(version: Version, name: &str) -> u8 {
    parse_square(version, name).unwrap()
}

/// The front end's board after `turn` (the board before it, with the turn's effects replayed
/// on it), and the core's board after it.
fn drawn_after<G>(pos: &Position, turn: &izdari::Turn) -> (khalif::rules::view::Board, khalif::rules::view::Board)
where
    G: Rules<Position = Position, Machine = TurnState>,
{
    let mut drawn = G::board(pos);
    for event in replay(pos, turn).unwrap() {
        for (_, effect) in G::effects(&event) {
            drawn.apply(&effect);
        }
    }
    let mut played = *pos;
    play(&mut played, turn);
    (drawn, G::board(&played))
}

/// Every legal turn, in notation.
fn turns(pos: &Position) -> BTreeSet<String> {
    let mut out = Vec::new();
    generate_turns(pos, &mut out);
    out.iter().map(|t| write_turn(pos, t)).collect()
}

/// The turns of the piece on `from`, in notation.
fn turns_from(pos: &Position, from: &str) -> BTreeSet<String> {
    let v = pos.version();
    let from = sq(v, from);
    let mut out = Vec::new();
    generate_turns(pos, &mut out);
    out.iter().filter(|t| t.from == from).map(|t| write_turn(pos, t)).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The position after a turn given in notation.
fn after(pos: &Position, text: &str) -> Position {
    let (turn, _) = parse_turn(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut next = *pos;
    play(&mut next, &turn);
    next
}

/// The rule a refused move names.
fn refused(pos: &Position, from: &str, to: &str) -> &'static str {
    let v = pos.version();
    why_not(pos, sq(v, from), sq(v, to)).expect_err("the move should be refused").rule(v)
}

// D8, C2
#[test]
fn perft_from_the_starts_matches_the_rulebook() {
    let start = izdari::start(A);
    assert_eq!([1, 2].map(|d| perft(&start, d)), [38, 1_446]);
    assert_eq!(perft(&izdari::start(C), 1), 228);
}

// D8
#[test]
fn deeper_perft_matches_the_rulebook() {
    assert_eq!(perft(&izdari::start(A), 3), 148_224);
    assert_eq!(perft(&izdari::start(C), 2), 51_162);
}

// A1.1, A1.2
#[test]
fn the_start_of_assassins_izdari() {
    let start = izdari::start(A);
    assert_eq!(start.side_to_move(), Side::First);
    let expect = [
        ("a1", 'A'),
        ("b1", 'T'),
        ("c1", 'R'),
        ("d1", 'L'),
        ("e1", 'L'),
        ("f1", 'R'),
        ("g1", 'W'),
        ("h1", 'A'),
        ("a2", 'H'),
        ("b2", 'D'),
        ("c2", 'D'),
        ("f2", 'D'),
        ("g2", 'D'),
        ("h2", 'H'),
        ("a8", 'a'),
        ("b8", 'w'),
        ("c8", 'r'),
        ("d8", 'l'),
        ("e8", 'l'),
        ("f8", 'r'),
        ("g8", 't'),
        ("h8", 'a'),
        ("a7", 'h'),
        ("b7", 'd'),
        ("c7", 'd'),
        ("f7", 'd'),
        ("g7", 'd'),
        ("h7", 'h'),
    ];
    for (square, letter) in expect {
        assert_eq!(start.at(sq(A, square)).map(|p| p.letter()), Some(letter), "{square}");
    }
    assert_eq!(start.piece_count(), 28);
}

// A1.3, A5.1, D6, C2
#[test]
fn taking_the_templar_ends_the_game_at_once() {
    let pos = at(A, "Tb1 Ac1 Rh8 tc3 Ld8 ad3");
    let mut state = TurnState::new(pos);
    let events = state.decide(Decision::Primary { from: sq(A, "c1"), to: sq(A, "c3") }).unwrap();
    let won = Outcome::Win { winner: Side::First, reason: WinReason::RoyalCaptured };
    assert!(events.contains(&Event::GameOver(won)));
    assert_eq!(state.outcome(), Some(won));
    assert_eq!(perft(state.position(), 1), 0, "a won position has no successors");
    // D6: the Templar that takes the Templar by landing slays nothing after it.
    let pos = at(A, "Tc2 tc3 ad3 Ab8");
    let mut state = TurnState::new(pos);
    state.decide(Decision::Primary { from: sq(A, "c2"), to: sq(A, "c3") }).unwrap();
    assert!(state.is_finished());
}

// A2.1, A3.2
#[test]
fn the_assassin_turns_at_will_within_three_steps() {
    let pos = at(A, "Ad4 Tb1 tb8");
    let from = turns_from(&pos, "d4");
    // Manhattan distance 1 to 3: 4 + 8 + 12 squares, all on the board from d4.
    assert_eq!(from.len(), 24);
    assert!(from.contains("Ad4-e6") && from.contains("Ad4-d7") && !from.contains("Ad4-e7"));
    // A3.2: each step onto an empty square, the last may take; never through a piece.
    let pos = at(A, "Aa1 Ra2 Db1 Tc8 tb8 hb2");
    assert_eq!(turns_from(&pos, "a1"), set(&[]), "shut in by its own Archer and Dune");
    let pos = at(A, "Aa1 Db1 Tc8 tb8 ha2 la3");
    assert_eq!(turns_from(&pos, "a1"), set(&["Aa1xa2"]), "takes the first enemy and stops");
    assert_eq!(refused(&pos, "a1", "a3"), "A2.3");
    assert_eq!(refused(&pos, "a1", "a1"), "A3.2");
}

// A2.2, A2.3, A3.3
#[test]
fn dunes_block_everything_and_are_never_taken() {
    let pos = at(A, "Ld4 Ra4 Ac4 Tb1 df6 dc3 tb8 dd2");
    assert!(!turns_from(&pos, "d4").iter().any(|t| t.ends_with("f6") || t.ends_with("g7")));
    assert_eq!(refused(&pos, "d4", "f6"), "A2.2");
    assert!(!turns_from(&pos, "c4").iter().any(|t| t.ends_with("c3")));
    assert_eq!(refused(&pos, "c4", "c3"), "A2.2");
    // An Archer never shoots a Dune; a Dune steps one square orthogonally onto an empty square.
    assert_eq!(refused(&pos, "a4", "d1"), "A3.1");
    let pos = at(A, "De4 Tb1 tb8 ae5");
    assert_eq!(turns_from(&pos, "e4"), set(&["De4-d4", "De4-e3", "De4-f4"]), "Dunes never take (A2.3)");
    assert_eq!(refused(&pos, "e4", "f5"), "A3.3");
}

// A3.1
#[test]
fn the_archer_steps_or_fires() {
    let pos = at(A, "Rd4 Tb1 tb8 ad5 hd7 lg7 wa4 ah4 ld1");
    let from = turns_from(&pos, "d4");
    // Steps: one square orthogonally onto empty squares only (d5 holds an enemy, adjacent).
    assert!(from.contains("Rd4-d3") && from.contains("Rd4-c4") && from.contains("Rd4-e4"));
    assert!(!from.iter().any(|t| t.contains("d5")), "an adjacent enemy is neither taken nor shot");
    assert_eq!(refused(&pos, "d4", "d5"), "A3.1");
    // Fires along clear lines at two squares or more; never at the Wagon; every diagonal counts.
    assert!(from.contains("Rd4*g7") && from.contains("Rd4*h4"));
    assert!(!from.contains("Rd4*a4"), "never at the Wagon");
    assert!(!from.contains("Rd4*d7"), "d5 stands between");
    assert!(from.contains("Rd4*d1"), "three squares down a clear file");
    // The board marks a shot apart from a step and a capture by landing: the Archer stays.
    let game = khalif::play::new_game(khalif::rules::GameId::Izdari, Some(&write_position(&pos))).unwrap();
    let cell = |name: &str| khalif::rules::view::Cell(sq(A, name) as u16);
    let reach: std::collections::HashMap<_, _> = game.destinations(cell("d4")).into_iter().collect();
    assert_eq!((reach[&cell("g7")], reach[&cell("d3")]), (Reach::Shoots, Reach::Quiet));
    let halfling = at(A, "Hd4 Tb1 tb8 ag7");
    let game = khalif::play::new_game(khalif::rules::GameId::Izdari, Some(&write_position(&halfling))).unwrap();
    assert!(game.destinations(cell("d4")).contains(&(cell("g7"), Reach::Captures)));
    // A4.2: a Wagon stopping on a friend takes it aboard, also when it must drop on the way.
    let wagon = at(A, "Wa1(HH) Aa2 Ra3 Th1 th8");
    let game = khalif::play::new_game(khalif::rules::GameId::Izdari, Some(&write_position(&wagon))).unwrap();
    let reach: std::collections::HashMap<_, _> = game.destinations(cell("a1")).into_iter().collect();
    assert_eq!(
        (reach[&cell("a2")], reach[&cell("a3")], reach[&cell("c1")]),
        (Reach::Boards, Reach::Boards, Reach::Quiet)
    );
}

// A3.4, A3.5
#[test]
fn halflings_and_lizards_slide_diagonally() {
    let pos = at(A, "Hd4 Tb1 tb8 ag7");
    let halfling = turns_from(&pos, "d4");
    assert!(!halfling.contains("Hd4-g7") && halfling.contains("Hd4xg7"));
    assert!(halfling.contains("Hd4-a1") && halfling.contains("Hd4-a7") && !halfling.contains("Hd4-h8"));
    assert_eq!(halfling.len(), 3 + 3 + 3 + 3);
    let pos = at(A, "Ld4 Tb1 tb8 ag7");
    let lizard = turns_from(&pos, "d4");
    assert!(!lizard.contains("Ld4-e5") && !lizard.contains("Ld4-c3"), "at least two squares");
    assert!(lizard.contains("Ld4-f6") && lizard.contains("Ld4xg7") && lizard.contains("Ld4-a1"));
    assert!(!lizard.contains("Ld4-h8"), "no piece is passed");
    assert_eq!(refused(&pos, "d4", "e5"), "A3.5");
}

// A3.6
#[test]
fn the_templar_steps_then_may_slay() {
    let pos = at(A, "Td4 tb8 ae4 hc5 de3");
    let from = turns_from(&pos, "d4");
    // Stays and slays the Assassin beside it (a Dune never); moves and slays or not.
    assert!(from.contains("Td4!e4"));
    assert!(!from.iter().any(|t| t.ends_with("!e3")), "never slays a Dune");
    assert!(from.contains("Td4-d5") && from.contains("Td4-d5!c5") && from.contains("Td4xe4"));
    assert!(from.contains("Td4-c4!c5"), "from c4, c5 is orthogonally beside");
    assert!(!from.contains("Td4-d3!e4"), "e4 is diagonal to d3");
    let pos = at(A, "Td4 tb8");
    assert_eq!(refused(&pos, "d4", "d4"), "A3.6", "a turn of no step must slay");
    assert_eq!(refused(&pos, "d4", "e5"), "A3.6");
}

// A4.1, A4.2, A4.3
#[test]
fn the_wagon_loads_what_it_meets_and_drops_on_the_squares_it_leaves() {
    let pos = at(A, "Wa1 Aa2 Ha4 Tb1 tb8 ra7");
    let from = turns_from(&pos, "a1");
    // Up to five squares: a2..a6; a7 holds an enemy. The Assassin on a2 is loaded on the way.
    assert!(from.contains("Wa1-a2+Aa2") && from.contains("Wa1-a3+Aa2/Aa2") && from.contains("Wa1-a6+Aa2+Ha4"));
    assert!(!from.iter().any(|t| t.starts_with("Wa1-a7")), "never onto an enemy (A4.1)");
    assert_eq!(refused(&pos, "a1", "a7"), "A4.1");
    // Loaded on a2, it may be dropped back on a2, or on a3 as the Wagon leaves it; one a square.
    assert!(from.contains("Wa1-a4+Aa2/Aa3+Ha4"));
    assert!(!from.iter().any(|t| t.contains("/Aa1")), "nothing rode when it left a1");
    assert_eq!(refused(&pos, "a1", "b1"), "A4.1", "its own Templar blocks it");
    // Dropping on the starting square (A4.3) and at most three passengers (A4.2).
    let pos = izdari::parse_position(A, "t7/8/8/8/A7/A7/8/W(AHR)T6 s").unwrap();
    let from = turns_from(&pos, "a1");
    assert!(from.contains("Wa1-a2/Aa1") && from.contains("Wa1-a2/Ha1"));
    assert!(!from.iter().any(|t| t.starts_with("Wa1-a3") && !t.contains("/")), "full at a3 without a drop");
    assert_eq!(why_not(&pos, sq(A, "a1"), sq(A, "a3")).ok(), Some(()), "possible with a drop on a1 or a2");
}

// A4.4, A4.5
#[test]
fn passengers_leave_on_their_own_and_die_with_their_wagon() {
    let pos = izdari::parse_position(A, "t7/8/8/8/8/8/8/W(AR)T6 s").unwrap();
    let from = turns_from(&pos, "a1");
    assert!(from.contains("Wa1:A-a4") && from.contains("Wa1:A-c2") && from.contains("Wa1:R-a2"));
    assert!(!from.iter().any(|t| t.starts_with("Wa1:R") && t.contains('*')), "no shot from inside (A3.1)");
    let next = after(&pos, "Wa1:A-c2");
    assert_eq!(write_position(&next), "t7/8/8/8/8/8/2A5/W(R)T6 n 2");
    // Both the Wagon and its Assassin can go to a2: the mover chooses.
    let mut state = TurnState::new(pos);
    state.decide(Decision::Primary { from: sq(A, "a1"), to: sq(A, "a2") }).unwrap();
    assert!(matches!(state.pending(), Some(Pending::Mover { .. })));
    // A4.5: a Templar slays the Wagon with its passengers.
    let pos = izdari::parse_position(A, "8/8/8/8/8/8/t7/W(AR)T6 n").unwrap();
    let next = after(&pos, "Ta2!a1");
    assert_eq!(write_position(&next), "8/8/8/8/8/8/t7/1T6 s 2");
}

// A5.2
#[test]
fn a_player_with_no_legal_move_loses() {
    let pos = at(A, "Ta1 db1 da2 tc8");
    let state = TurnState::new(pos);
    assert_eq!(state.outcome(), Some(Outcome::Win { winner: Side::Second, reason: WinReason::NoLegalMove }));
}

// C2
#[test]
fn turns_that_leave_the_same_position_count_once() {
    // Two Archers and the Templar can all remove the Lizard on d5: one turn.
    let pos = at(A, "Rd1 Ra5 Td4 tb8 ld5");
    let removals: Vec<String> =
        turns(&pos).into_iter().filter(|t| t.ends_with("d5") && (t.contains('*') || t.contains('!'))).collect();
    assert_eq!(removals.len(), 1, "{removals:?}");
    // Distinct successors everywhere on a random walk.
    let mut rng = common::rng(13);
    for version in [A, C] {
        let mut pos = izdari::start(version);
        for _ in 0..200 {
            let mut list = Vec::new();
            generate_turns(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            let hashes: HashSet<u64> = list
                .iter()
                .map(|t| {
                    let mut next = pos;
                    play(&mut next, t);
                    next.hash()
                })
                .collect();
            assert_eq!(hashes.len(), list.len(), "{}", write_position(&pos));
            pos = {
                let mut next = pos;
                play(&mut next, &list[rng.random_range(0..list.len())]);
                next
            };
        }
    }
}

// B1, B2, D1–D7
#[test]
fn classic_pieces() {
    let start = izdari::start(C);
    assert_eq!((start.piece_count(), start.side_to_move()), (32, Side::First));
    // B2: the Halfling goes exactly three squares; the Dune one square any way.
    let pos = at(C, "He5 Tj1 Wa1 wa10 tj10");
    assert_eq!(turns_from(&pos, "e5"), set(&["He5-b2", "He5-b8", "He5-h2", "He5-h8"]));
    let pos = at(C, "De5 Tj1 Wa1 wa10 tj10");
    assert_eq!(turns_from(&pos, "e5").len(), 8);
    // B2, D4: the Archer steps two squares, passing its own Dune, or shoots beyond six.
    let pos = at(C, "Re2 De3 Tj1 Wa1 wa10 tj10 he10 hd9");
    let from = turns_from(&pos, "e2");
    assert!(from.contains("Re2-e4") && !from.contains("Re2-e3"), "over its own Dune, never onto it (D1)");
    assert!(!from.iter().any(|t| t.contains('*')), "its own Dune blocks the shot (D4)");
    let pos = at(C, "Re2 Tj1 Wa1 wa10 tj10 he10 hd9 la6");
    let from = turns_from(&pos, "e2");
    assert!(from.contains("Re2*e10"), "eight squares away");
    assert!(!from.contains("Re2*a6"), "four squares away is too near (B2)");
    assert!(!from.iter().any(|t| t.contains("a10")), "never the Wagon");
    // D5: the Templar moves one or two squares, never stands still, then may destroy any
    // of its eight neighbours, the Wagon included.
    let pos = at(C, "Te5 Wa1 wa10 tj10 hf7");
    let from = turns_from(&pos, "e5");
    assert!(from.contains("Te5-e7!f7") && from.contains("Te5-e6!f7") && from.contains("Te5-f6!f7"));
    assert_eq!(refused(&pos, "e5", "e5"), "D5");
    let pos = at(C, "Tb9 Wa1 wa10 tj10");
    assert!(turns_from(&pos, "b9").contains("Tb9-b10!a10"), "slaying the Wagon wins (B1, D5)");
    // B2, D1, D2: the Knight: two straight, then perhaps one more, any way (back included).
    let pos = at(C, "Ne5 Tj1 Wa1 wa10 tj10");
    let from = turns_from(&pos, "e5");
    assert!(from.contains("Ne5-e7") && from.contains("Ne5-e6") && from.contains("Ne5-f8") && from.contains("Ne5-d8"));
    assert!(!from.contains("Ne5-e5"), "never back to its start");
    let pos = at(C, "Ne5 De6 Tj1 Wa1 wa10 tj10 de4");
    let from = turns_from(&pos, "e5");
    assert!(from.contains("Ne5-e7"), "over its own Dune (D1)");
    assert!(!from.contains("Ne5-e3"), "the enemy Dune blocks the way down (D1)");
    // B2, D1: the classic Wagon goes any distance any way, over its own Dunes, never onto one.
    let pos = at(C, "Wa1 Db2 Hc3 Tj1 wa10 tj10");
    let from = turns_from(&pos, "a1");
    assert!(!from.iter().any(|t| t.starts_with("Wa1-j10")), "j10 holds the enemy Templar: it never takes");
    assert!(from.contains("Wa1-i9+Hc3") && from.contains("Wa1-d4+Hc3/Hc3"));
    assert!(!from.iter().any(|t| t.starts_with("Wa1-b2")), "never stops on its Dune");
    assert!(!from.iter().any(|t| t.contains("/Hb2")), "nothing is dropped on its Dune");
}

// B1, D6, D7
#[test]
fn classic_ends_when_the_wagon_is_taken() {
    let pos = at(C, "Lc3 Wa1 wf6 tj10 Tj1");
    let next = after(&pos, "Lc3xf6");
    assert!(izdari::winner(&next) == Some(Side::First));
    assert_eq!(perft(&next, 1), 0);
    // The classic Templar is only a piece: losing it goes on.
    let pos = at(C, "Lc3 Wa1 wa10 tf6 Tj1");
    let next = after(&pos, "Lc3xf6");
    assert_eq!(izdari::winner(&next), None);
    assert!(perft(&next, 1) > 0);
}

// C1
#[test]
fn position_text_round_trips_and_names_what_is_wrong() {
    for (v, text) in [(A, izdari::ASSASSINS_START), (C, izdari::CLASSIC_START)] {
        assert_eq!(write_position(&izdari::start(v)), text);
    }
    // Passengers are read in any order and written sorted.
    let pos = izdari::parse_position(A, "t7/8/8/8/8/8/8/W(RHA)T6 s 12").unwrap();
    assert_eq!(write_position(&pos), "t7/8/8/8/8/8/8/W(AHR)T6 s 12");
    let bad = |text: &str| izdari::parse_position(A, text).unwrap_err().to_string();
    assert!(bad("t7/8/8/8/8/8/8/W(T)T6 s").contains("never rides"), "{}", bad("t7/8/8/8/8/8/8/W(T)T6 s"));
    assert!(bad("t7/8/8/8/8/8/8/W(AAAA)T6 s").contains("at most three"));
    assert!(bad("t7/8/8/8/8/8/8/W(a)T6 s").contains("other side"));
    assert!(bad("t7/8/8/8/8/8/8/A(R)T6 s").contains("only a Wagon"));
    assert!(bad("t7/8/8/8/8/8/8/T6W(A s").contains("never closed"));
    // The error names the column of the passenger refused: `W` is at 16, `(` at 17.
    let refused = izdari::parse_position(A, "t7/8/8/8/8/8/8/W(AT)T6 s").unwrap_err();
    assert_eq!(refused.at, Some(19), "{refused}");
    assert!(bad("t7/8/8/8/8/8/8/WT6 w").contains("expected `s` or `n`"));
    assert!(bad("t7/8/8/8/8/8/8/NT6 s").contains("not a piece letter"), "no Knight in Assassin's");
    assert!(bad("t7/8/8/8/8/8/8/TT6 s").contains("at most one"), "D7");
    assert!(bad("t8/8/8/8/8/8/8/T7 s").contains("more than 8"));
    assert!(izdari::parse_position(C, "10/10/10/10/10/10/10/10/10/WT8 w").is_ok());
    assert!(izdari::parse_position(C, "10/10/10/10/10/10/10/10/10/WT8 s").is_err());
}

// Notation, C2: every generated turn replays through the staged turn, writes and reads back,
// and the staged turn's events rebuild the same position.
#[test]
fn random_games_keep_the_staged_turn_and_the_generator_in_step() {
    let mut rng = common::rng(2026);
    for version in [A, C] {
        for _ in 0..3 {
            let mut pos = izdari::start(version);
            for ply in 0..80 {
                let mut list = Vec::new();
                generate_turns(&pos, &mut list);
                if list.is_empty() {
                    break;
                }
                // A sample of the turns each ply (all would take minutes unoptimised).
                for _ in 0..12 {
                    let turn = &list[rng.random_range(0..list.len())];
                    let text = write_turn(&pos, turn);
                    let (parsed, events) = parse_turn(&pos, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    assert_eq!(parsed, *turn, "{text}");
                    let mut played = pos;
                    play(&mut played, turn);
                    let mut rebuilt = pos;
                    for event in replay(&pos, turn).unwrap() {
                        event.apply(&mut rebuilt);
                    }
                    assert_eq!(rebuilt, played, "{text} from {}", write_position(&pos));
                    // The board a front end draws, passengers included, replayed effect by
                    // effect, is the core's after the turn.
                    let (drawn, core) = match version {
                        A => drawn_after::<izdari::AssassinsIzdari>(&pos, turn),
                        C => drawn_after::<izdari::ClassicIzdari>(&pos, turn),
                    };
                    assert_eq!(drawn, core, "{text} from {}", write_position(&pos));
                    assert_eq!(events.len(), replay(&pos, turn).unwrap().len());
                    assert!(why_not(&pos, turn.from, turn.to).is_ok(), "{text}");
                }
                // The staged turn's primaries are the generated ones, and no more.
                if ply % 8 != 0 {
                    play(&mut pos, &list[rng.random_range(0..list.len())]);
                    continue;
                }
                let primaries: BTreeSet<(u8, u8)> = list.iter().map(|t| (t.from, t.to)).collect();
                let options: BTreeSet<(u8, u8)> = TurnState::new(pos)
                    .options()
                    .into_iter()
                    .map(|d| match d {
                        Decision::Primary { from, to } => (from, to),
                        other => panic!("{other:?}"),
                    })
                    .collect();
                let extra: Vec<String> = options
                    .difference(&primaries)
                    .map(|&(f, t)| format!("{}-{}", name(version, f), name(version, t)))
                    .collect();
                // Only removals folded into another turn's (C2) may be missing from generation.
                for &(f, t) in options.difference(&primaries) {
                    let p = pos.at(f).unwrap();
                    assert!(matches!(p.kind, Kind::Archer | Kind::Templar), "{extra:?}");
                    assert!(
                        f == t || pos.at(t).is_some_and(|q| q.side != p.side),
                        "{extra:?} in {}",
                        write_position(&pos)
                    );
                }
                assert!(primaries.is_subset(&options));
                play(&mut pos, &list[rng.random_range(0..list.len())]);
            }
        }
    }
}

// Notation: errors name what is wrong, never panic.
#[test]
fn bad_turn_text_is_refused_with_a_reason() {
    let start = izdari::start(A);
    for (text, says) in [
        ("", "piece letter"),
        ("Qa1-a2", "not a piece letter"),
        ("Aa9-a2", "not a square"),
        ("Ab1-b3", "holds a Templar, not an Assassin"),
        ("Ha2-b3x", "unexpected"),
        ("Ha2b3", "expected `-` or `x`"),
        ("Wg1-h1/Ag1", "drops differently"),
        ("Rc1*c7", "A3.1"),
    ] {
        let error = parse_turn(&start, text).unwrap_err().to_string();
        assert!(error.contains(says), "{text}: {error}");
    }
}

// A4.2, A4.3: the staged Wagon asks on each square it leaves, offering only the drops that
// keep its path possible.
#[test]
fn the_staged_wagon_asks_for_drops_square_by_square() {
    // Full (A, H, R) on a1 with an Assassin to load on a2: it must drop on a1 first.
    let pos = izdari::parse_position(A, "t7/8/8/8/8/8/A7/W(AHR)T6 s").unwrap();
    let mut state = TurnState::new(pos);
    state.decide(Decision::Primary { from: sq(A, "a1"), to: sq(A, "a3") }).unwrap();
    let Some(Pending::Drop { at, none, kinds, .. }) = state.pending() else { panic!("{:?}", state.pending()) };
    assert_eq!((name(A, at), none, kinds.count()), ("a1".to_string(), false, 3));
    assert_eq!(state.decide(Decision::Drop(None)), Err(izdari::DecisionError::NotAnOption));
    assert_eq!(state.decide(Decision::Drop(Some(Kind::Lizard))), Err(izdari::DecisionError::NotAnOption));
    state.decide(Decision::Drop(Some(Kind::Halfling))).unwrap();
    // Leaving a2 with A, A, R aboard for the empty a3: dropping nothing is allowed now.
    let Some(Pending::Drop { at, none: true, kinds, .. }) = state.pending() else { panic!("{:?}", state.pending()) };
    assert_eq!((name(A, at), kinds.count()), ("a2".to_string(), 2));
    let events = state.decide(Decision::Drop(None)).unwrap();
    assert!(state.is_finished());
    assert!(matches!(events[0], Event::WagonMoved { loaded: None, dropped: None, .. }));
    assert_eq!(write_position(state.position()), "t7/8/8/8/8/W(AAR)7/8/HT6 n 2");
    assert_eq!(izdari::write_events(A, &events), "Wa2-a3");
    // The Wagon moves at least one square (A4.3).
    assert_eq!(refused(&pos, "a1", "a1"), "A4.1");
}

// A3.6: the staged Templar: a stay must slay, a step may.
#[test]
fn the_staged_templar_slays_or_declines() {
    let pos = at(A, "Td4 tb8 ae4 hc5");
    let mut stay = TurnState::new(pos);
    stay.decide(Decision::Primary { from: sq(A, "d4"), to: sq(A, "d4") }).unwrap();
    assert!(matches!(stay.pending(), Some(Pending::Slay { required: true, .. })));
    assert_eq!(stay.decide(Decision::Slay(None)), Err(izdari::DecisionError::NotAnOption));
    let events = stay.decide(Decision::Slay(Some(sq(A, "e4")))).unwrap();
    assert!(matches!(events[0], Event::Slain { .. }));
    let mut step = TurnState::new(pos);
    step.decide(Decision::Primary { from: sq(A, "d4"), to: sq(A, "d5") }).unwrap();
    assert!(matches!(step.pending(), Some(Pending::Slay { required: false, .. })));
    step.decide(Decision::Slay(None)).unwrap();
    assert!(step.is_finished());
    assert_eq!(write_position(step.position()), "1t6/8/8/2hT4/4a3/8/8/8 n 2");
}

// A2.3, A3.1, A3.6, A4.1, A4.4: the captures quiescence follows are exactly the generated
// turns that take (a piece landing on an enemy, an Archer's shot, a Templar's slaying, a
// passenger leaving onto an enemy; never a Wagon's own move), in the generator's order.
#[test]
fn capture_generation_gives_the_taking_turns_in_the_generators_order() {
    let mut rng = common::rng(2027);
    let (mut positions, mut captures, mut by_passengers) = (0, 0, 0);
    for version in [A, C] {
        let mut reached = Vec::new();
        for _ in 0..6 {
            let mut pos = izdari::start(version);
            for _ in 0..150 {
                let mut list = Vec::new();
                izdari::search_turns(&pos, &mut list);
                if list.is_empty() {
                    break;
                }
                reached.push(pos);
                play(&mut pos, &list[rng.random_range(0..list.len())]);
            }
        }
        positions += reached.len();
        let count = |t: &izdari::Turn| by_passengers += usize::from(t.rider.is_some());
        captures += match version {
            A => common::games::assert_capture_turns_are_the_taking_turns::<izdari::AssassinsIzdari>(&reached, count),
            C => common::games::assert_capture_turns_are_the_taking_turns::<izdari::ClassicIzdari>(&reached, count),
        };
    }
    assert!(positions > 1000 && captures > 1000 && by_passengers > 0, "{positions} {captures} {by_passengers}");
}
