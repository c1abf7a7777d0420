//! Chafl (`shared/rules/chafl.md`): a test per rule number, perft as the rulebook counts it
//! (H7) against a reference generator written from the rule text, the staged turn against
//! copy-make play, "why not?" against the generator, and the formats (H5, H6, records) with
//! round trips, named errors and no panic on any input.

mod common;

use common::games::{self, sorted};

use std::collections::BTreeSet;

use common::chafl_reference;
use khalif::rules::chafl::{
    Chafl, Event, Game, Kind, Position, Record, START, Square, TurnState, parse_position, parse_turn, write_position,
    write_turn,
};
use khalif::rules::{Outcome, Rules, Side, Square as _, TurnMachine, WinReason};
use proptest::prelude::*;
use rand::RngExt;

fn setup(pieces: &str, side: char) -> Position {
    games::setup::<Chafl>(pieces, side)
}

fn names(pos: &Position) -> Vec<String> {
    games::names::<Chafl>(pos)
}

fn starting(pos: &Position, prefix: &str) -> Vec<String> {
    games::starting::<Chafl>(pos, prefix)
}

fn after(pos: &Position, text: &str) -> Position {
    games::after::<Chafl>(pos, text)
}

fn random_positions(seed: u64, count: usize) -> Vec<Position> {
    games::random_positions::<Chafl>(seed, count, 120)
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn refusal(pos: &Position, from: &str, to: &str) -> String {
    Chafl::why_not(pos, sq(from), sq(to)).expect_err("refused").to_string()
}

// ---- H1 board, sides, setup ----

#[test]
fn h1_the_chess_array_white_first_and_the_havens() {
    let start = Chafl::start();
    assert_eq!(write_position(&start), START);
    assert_eq!(parse_position(START), Ok(start));
    assert_eq!(start.side_to_move(), Side::First);
    let at = |s: &str| start.piece_at(sq(s)).map(|p| (p.side, p.kind));
    assert_eq!(at("e1"), Some((Side::First, Kind::King)));
    assert_eq!(at("d8"), Some((Side::Second, Kind::General)));
    assert_eq!(at("c1"), Some((Side::First, Kind::Prince)));
    assert_eq!(at("h8"), Some((Side::Second, Kind::Captain)));
    assert_eq!(at("g1"), Some((Side::First, Kind::Horse)));
    assert_eq!(at("a7"), Some((Side::Second, Kind::Foot)));
    // H1.1: a1 is dark; H1.3: White's Havens are a8 and h8, Black's a1 and h1.
    let geometry = Chafl::geometry();
    assert_eq!(geometry.place(sq("a1").cell()).shade, khalif::rules::geometry::Shade::Dark);
    let havens: BTreeSet<(String, Side)> =
        geometry.goals.iter().map(|&(cell, side)| (geometry.place(cell).name.clone(), side)).collect();
    let expected: BTreeSet<(String, Side)> =
        [("a8", Side::First), ("h8", Side::First), ("a1", Side::Second), ("h1", Side::Second)]
            .into_iter()
            .map(|(s, side)| (s.to_string(), side))
            .collect();
    assert_eq!(havens, expected);
}

// ---- H2 moving ----

#[test]
fn h2_1_every_move_goes_to_an_empty_square() {
    let pos = setup("Kd4 Fe4 fd5 ke8", 'w');
    let message = refusal(&pos, "d4", "d5");
    assert!(message.contains("d5 is taken") && message.contains("(H2.1)"), "{message}");
    assert!(!names(&pos).iter().any(|t| t.contains("-d5") || t.contains("-e4")));
}

#[test]
fn h2_3_the_king_steps_one_square_and_never_castles() {
    let pos = setup("Kd4 ke8", 'w');
    assert_eq!(starting(&pos, "Kd4").len(), 8);
    assert!(refusal(&pos, "d4", "d6").contains("(H2.3)"));
    assert_eq!(starting(&Chafl::start(), "K"), Vec::<String>::new(), "no castling, no room");
}

#[test]
fn h2_4_the_general_joins_any_empty_square_next_to_another_friend() {
    let pos = setup("Ga1 Kd4 ke8", 'w');
    let expected = ["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"].map(|s| format!("Ga1-{s}"));
    assert_eq!(starting(&pos, "Ga1"), sorted(&expected.iter().map(String::as_str).collect::<Vec<_>>()));
    // Next to itself only is not next to a friend: "other than itself".
    let pos = setup("Gd4 Ka1 ke8", 'w');
    assert_eq!(starting(&pos, "Gd4"), sorted(&["Gd4-a2", "Gd4-b1", "Gd4-b2"]));
    let message = refusal(&pos, "d4", "d5");
    assert!(message.contains("joins a friendly piece") && message.contains("(H2.4)"), "{message}");
}

#[test]
fn h2_5_a_prince_joins_only_on_its_own_square_colour() {
    let pos = setup("Pc1 Kd4 ke8", 'w');
    assert_eq!(starting(&pos, "Pc1"), sorted(&["Pc1-c3", "Pc1-c5", "Pc1-e3", "Pc1-e5"]));
    let message = refusal(&pos, "c1", "d3");
    assert_eq!(message, "A Prince joins only on its own square colour (H2.5)");
}

#[test]
fn h2_6_a_captain_joins_only_on_the_other_colour() {
    let pos = setup("Ca1 Kd4 ke8", 'w');
    assert_eq!(starting(&pos, "Ca1"), sorted(&["Ca1-c4", "Ca1-d3", "Ca1-d5", "Ca1-e4"]));
    assert!(refusal(&pos, "a1", "c3").contains("(H2.6)"));
}

#[test]
fn h2_7_the_horse_steps_or_leaps_two_forward_or_sideways_never_back() {
    // The leap goes over its middle square, occupied or not.
    let pos = setup("Hd4 Ka1 fd5 ke8", 'w');
    let dests = ["b4", "b6", "c4", "c5", "d6", "e4", "e5", "f4", "f6"];
    assert_eq!(
        starting(&pos, "Hd4"),
        sorted(&dests.map(|d| format!("Hd4-{d}")).iter().map(String::as_str).collect::<Vec<_>>())
    );
    assert!(refusal(&pos, "d4", "d3").contains("never moves backwards (H2.7)"));
    assert!(refusal(&pos, "d4", "d2").contains("(H2.7)"));
    assert!(refusal(&pos, "d4", "e6").contains("(H2.7)"), "no knight's move");
    // Black's forward is down the board.
    let pos = setup("Ka1 hd5 ke8", 'b');
    assert_eq!(starting(&pos, "Hd5").len(), 10);
    assert!(starting(&pos, "Hd5").contains(&"Hd5-d3".to_string()));
    assert!(refusal(&pos, "d5", "d6").contains("backwards"));
}

#[test]
fn h2_8_the_foot_steps_forward_diagonally_forward_or_sideways() {
    let pos = setup("Fd4 Ka1 ke8", 'w');
    assert_eq!(starting(&pos, "Fd4"), sorted(&["Fd4-c4", "Fd4-c5", "Fd4-d5", "Fd4-e4", "Fd4-e5"]));
    assert!(refusal(&pos, "d4", "d6").contains("(H2.8)"));
    assert!(refusal(&pos, "d4", "c3").contains("backwards (H2.8)"));
}

#[test]
fn h2_9_a_foot_chooses_horse_or_captain_and_a_horse_becomes_a_general() {
    let pos = setup("Fc7 Ka1 ke5", 'w');
    assert_eq!(
        starting(&pos, "Fc7"),
        sorted(&["Fc7-b7", "Fc7-b8=C", "Fc7-b8=H", "Fc7-c8=C", "Fc7-c8=H", "Fc7-d7", "Fc7-d8=C", "Fc7-d8=H"])
    );
    assert_eq!(after(&pos, "Fc7-c8=C").piece_at(sq("c8")).map(|p| p.kind), Some(Kind::Captain));
    let err = parse_turn(&pos, "Fc7-c8").unwrap_err().to_string();
    assert!(err.contains("must promote: add =H or =C (H2.9)"), "{err}");
    let err = parse_turn(&pos, "Fc7-c8=G").unwrap_err().to_string();
    assert!(err.contains("a Foot becomes a Horse or a Captain"), "{err}");
    // The rulebook's example, for Black: the Horse reaches rank 1 and takes the Captain on d1.
    let pos = setup("hc2 Cd1 ke1 Kh5", 'b');
    let next = after(&pos, "Hc2-c1xd1=G");
    assert_eq!(next.piece_at(sq("c1")).map(|p| (p.side, p.kind)), Some((Side::Second, Kind::General)));
    assert_eq!(next.piece_at(sq("d1")), None);
    // A sideways move along the far rank promotes too.
    let pos = setup("Hc8 Ka1 ke5", 'w');
    assert!(names(&pos).contains(&"Hc8-b8=G".to_string()));
}

// ---- H3 capture ----

#[test]
fn h3_1_one_arrival_takes_every_piece_it_closes_on() {
    // The seed's example: the Prince joins d4 beside the Foot on e3, and the Foot on d5 is
    // caught against d6, the Prince on c4 against b4.
    let pos = setup("Ke1 Pg3 Fe3 Cd6 Hb4 fd5 pc4 ke8", 'w');
    let (turn, events) = parse_turn(&pos, "Pg3-d4xd5xc4").unwrap();
    assert_eq!(turn.captured.count_ones(), 2);
    let taken: Vec<(String, Option<String>)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Captured { at, partner, .. } => Some((at.to_string(), partner.map(|p| p.to_string()))),
            _ => None,
        })
        .collect();
    assert_eq!(taken, vec![("d5".into(), Some("d6".into())), ("c4".into(), Some("b4".into()))], "rank 8 first (H5)");
    // Diagonals never capture.
    let pos = setup("Ke1 Fc3 Fe5 fd4 ke8", 'w');
    assert!(Chafl::turns(&pos).iter().all(|t| !t.is_capture()));
}

#[test]
fn h3_1_only_the_moved_piece_captures() {
    // The Foot on d5 already stands between White pieces: another White move leaves it be.
    let pos = setup("Ke1 Fd4 Cd6 Fa2 fd5 ke8", 'w');
    let next = after(&pos, "Fa2-a3");
    assert!(next.piece_at(sq("d5")).is_some(), "partners are passive");
}

#[test]
fn h3_2_a_piece_in_a_corner_falls_to_one_arrival_beside_it() {
    // The seed's example: the Prince on g3 joins g1 or h2, and the General on h1 is taken.
    let pos = setup("Pg3 Fg2 Fg4 gh1 Ka5 ke8", 'w');
    let names = names(&pos);
    assert!(names.contains(&"Pg3-g1xh1".to_string()), "{names:?}");
    assert!(names.contains(&"Pg3-h2xh1".to_string()), "{names:?}");
    // Not in a corner: one arrival is not enough.
    let pos = setup("Pg3 Ff2 gh2 Ka5 ke8", 'w');
    assert!(!starting(&pos, "Pg3").iter().any(|t| t.contains('x')));
}

#[test]
fn h3_3_moving_between_two_enemies_is_safe() {
    let pos = setup("Ke1 Hd3 Cd7 fc5 fe5 fd6 ke8", 'w');
    let next = after(&pos, "Hd3-d5xd6");
    assert_eq!(next.piece_at(sq("d5")).map(|p| (p.side, p.kind)), Some((Side::First, Kind::Horse)));
    // Black's pieces beside it are already there: only an arrival could take it, and none can.
    assert!(!Chafl::turns(&next).iter().any(|t| t.captured & (1 << sq("d5").index()) != 0));
    // Into a corner next to an enemy, safe as well (H3.2 needs an enemy's arrival).
    let pos = setup("Kb1 ca2 ke8", 'w');
    let next = after(&pos, "Kb1-a1");
    assert_eq!(next.piece_at(sq("a1")).map(|p| p.kind), Some(Kind::King));
    assert!(next.piece_at(sq("a2")).is_some(), "and it takes nothing: a2 is no corner");
}

#[test]
fn h3_4_the_king_is_taken_like_any_piece_and_captures_like_any_piece() {
    // Black's King on e5 is caught between the Foot arriving on e6 and the Foot on e4.
    let pos = setup("Kh4 Fe4 Fd5 ke5", 'w');
    let mut game = Game::new(pos);
    let turn = Chafl::parse_turn(&pos, "Fd5-e6xe5").unwrap();
    let events = game.play_turn(&turn).unwrap();
    let outcome = Outcome::Win { winner: Side::First, reason: WinReason::RoyalCaptured };
    assert!(events.contains(&Event::GameOver(outcome)));
    assert_eq!(outcome.describe(&Chafl::NAMING), "White wins: Black's King was captured");
    assert_eq!(Chafl::count_turns(game.position()), 0);
    // The King as the arriving piece, and as the partner.
    assert!(names(&setup("Kc4 Cd6 fd5 ke8", 'w')).contains(&"Kc4-d4xd5".to_string()));
    assert!(names(&setup("Kd4 Fc6 fd5 ke8", 'w')).contains(&"Fc6-d6xd5".to_string()));
}

// ---- H4 end ----

#[test]
fn h4_1_the_king_or_a_prince_arriving_on_its_haven_wins() {
    let pos = setup("Kb7 ke1", 'w');
    let mut game = Game::new(pos);
    let events = game.play_turn(&Chafl::parse_turn(&pos, "Kb7-a8").unwrap()).unwrap();
    let outcome = Outcome::Win { winner: Side::First, reason: WinReason::ReachedGoal };
    assert!(events.contains(&Event::GameOver(outcome)));
    assert_eq!(outcome.describe(&Chafl::NAMING), "White wins: White reached a Haven");
    let after_win = *game.position();
    assert_eq!((Chafl::winner(&after_win), Chafl::count_turns(&after_win)), (Some(Side::First), 0));
    // A Prince joins its dark Haven h8 beside the Foot on g7.
    let pos = setup("Ke1 Pc3 Fg7 ke8", 'w');
    let next = after(&pos, "Pc3-h8");
    assert_eq!(Chafl::winner(&next), Some(Side::First));
    // Black's Havens are a1 and h1; another side's Haven wins nothing.
    let pos = setup("Ke8 kb2", 'b');
    assert_eq!(Chafl::winner(&after(&pos, "Kb2-a1")), Some(Side::Second));
    let pos = setup("Kb2 ke8", 'w');
    assert_eq!(Chafl::winner(&after(&pos, "Kb2-a1")), None);
    // A General or Captain on a Haven wins nothing either.
    let pos = setup("Ke1 Ga1 Fg7 ke5", 'w');
    assert_eq!(Chafl::winner(&after(&pos, "Ga1-h8")), None);
    // A King already standing on its Haven in a given position has not moved onto it.
    let pos = parse_position("K7/8/8/8/8/8/8/4k3 w").unwrap();
    assert_eq!(Chafl::winner(&pos), None);
    assert!(Chafl::count_turns(&pos) > 0);
}

#[test]
fn h4_2_no_legal_move_loses() {
    // White's lone King in Black's corner, hemmed in.
    let pos = parse_position("4k3/8/8/8/8/8/cc6/Kc6 w").unwrap();
    assert_eq!(Chafl::count_turns(&pos), 0);
    let state = TurnState::begin(pos);
    assert_eq!(state.outcome(), Some(Outcome::Win { winner: Side::Second, reason: WinReason::NoLegalMove }));
    assert_eq!(Chafl::why_not(&pos, sq("a1"), sq("b2")).unwrap_err().rule, "H4");
}

#[test]
fn h4_3_the_third_repetition_is_a_draw_and_agreement_too() {
    let mut game = Game::new(setup("Kd4 kd6 Fa2 fh7", 'w'));
    for text in ["Kd4-c4", "Kd6-c6", "Kc4-d4", "Kc6-d6"].repeat(2) {
        assert_eq!(game.outcome(), None, "before {text}");
        let turn = Chafl::parse_turn(game.position(), text).unwrap();
        game.play_turn(&turn).unwrap();
    }
    assert_eq!(game.outcome(), Some(Outcome::DrawRepeated));
    let mut game = Game::new(Chafl::start());
    game.offer_draw(Side::First).unwrap();
    assert_eq!(game.answer_draw(Side::Second, true).unwrap(), Some(Outcome::DrawAgreed));
}

// ---- H5 notation ----

#[test]
fn h5_turns_list_every_captured_square_and_parse_back() {
    for pos in random_positions(31, 120) {
        for turn in Chafl::turns(&pos) {
            let text = write_turn(&pos, &turn);
            let (back, _) = parse_turn(&pos, &text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
            assert_eq!(back, turn, "{text}");
            assert_eq!(text.matches('x').count() as u32, turn.captured.count_ones(), "{text}");
        }
    }
    let pos = setup("Ke1 Pg3 Fe3 Cd6 Hb4 fd5 pc4 ke8", 'w');
    let cases = [
        ("", "empty turn"),
        ("Pg3-d4", "this move takes 2: write every captured square, rank 8 first, `Pg3-d4xd5xc4`"),
        ("Pg3-d4xc4xd5", "this move takes 2"),
        ("Pg3-d4xd5xc4xe4", "column 14: this move does not take the piece on e4"),
        ("Gg3-d4", "the piece on g3 is a Prince, written `P`"),
        ("Qg3-d4", "`Q` is not a piece letter"),
        ("Pg3d4", "expected `-`"),
        ("Pg3-d9", "column 5: expected the square the move goes to"),
        ("Pg3-d4xd5xc4=H", "only a Foot or a Horse"),
        ("Pg3-d3", "column 5: A Prince joins only on its own square colour (H2.5)"),
    ];
    for (text, expected) in cases {
        let message = parse_turn(&pos, text).expect_err(text).to_string();
        assert!(message.contains(expected), "`{text}` gave `{message}`, expected `{expected}`");
    }
}

// ---- H6 position text ----

#[test]
fn h6_position_text_round_trips_and_errors_name_the_spot() {
    for pos in random_positions(32, 150) {
        let text = write_position(&pos);
        let back = parse_position(&text).unwrap();
        assert_eq!(write_position(&back), text);
        assert_eq!(back.hash(), pos.hash(), "{text}");
    }
    let cases = [
        ("", "empty"),
        ("chpgkphc/ffffffff/8/8/8/8/FFFFFFFF/CHPGKPHC", "missing the side to move"),
        ("chpgkphc/ffffffff/8/8/8/8/FFFFFFFF/CHPGKPHC x", "column 45: side to move `x`"),
        ("chpgkphc/ffffffff/8/8/8/8/FFFFFFFF/CHPGKPHQ w", "column 43: `Q` is not a piece letter"),
        ("chpgkphc/fffffff/8/8/8/8/FFFFFFFF/CHPGKPHC w", "column 17: rank 7 has 7 squares"),
        (
            "chpgkphc/ffffffff/8/8/8/8/FFFFFFFF/CHPGPPHC w",
            "White has 0 Kings (`K`): a position has exactly one King a side (H6)",
        ),
        ("chpgkphk/ffffffff/8/8/8/8/FFFFFFFF/CHPGKPHC w", "Black has 2 Kings"),
        ("Fhpgkphc/ffffffff/8/8/8/8/FFFFFFFF/CHPGKPHC w", "a Foot on rank 8, its far rank, has promoted (H2.9)"),
        ("chpgkphc/ffffffff/8/8/8/8/FFFFFFFF/CHPGKPHC w 0", "turn number"),
    ];
    for (text, expected) in cases {
        let message = parse_position(text).expect_err(text).to_string();
        assert!(message.contains(expected), "`{text}` gave `{message}`, expected `{expected}`");
    }
}

// ---- H7 counting ----

#[test]
fn h7_perft_from_the_start_is_the_rulebooks() {
    let start = Chafl::start();
    for (depth, expected) in [(1, 50), (2, 2_500), (3, 145_650)] {
        assert_eq!(Chafl::perft(&start, depth), expected, "perft({depth})");
        assert_eq!(Chafl::perft_full(&start, depth), expected, "full perft({depth})");
    }
}

#[test]
fn h7_the_generator_equals_the_reference_on_random_positions() {
    let mut positions = random_positions(33, 300);
    positions.push(setup("Ke1 Pg3 Fe3 Cd6 Hb4 fd5 pc4 ke8", 'w'));
    positions.push(setup("Pg3 Fg2 Fg4 gh1 Ka5 ke8", 'w'));
    positions.push(setup("Fc7 Hc8 Ka1 ke5", 'w'));
    for pos in positions {
        let turns = Chafl::turns(&pos);
        let mut mine: Vec<(usize, usize, Option<Kind>, _)> = turns
            .iter()
            .map(|t| {
                let mut next = pos;
                Chafl::play(&mut next, t);
                (t.from.index(), t.to.index(), t.promotion, chafl_reference::board(&next))
            })
            .collect();
        let mut reference = chafl_reference::turns(&pos);
        mine.sort_by_key(|t| (t.0, t.1, t.2));
        reference.sort_by_key(|t| (t.0, t.1, t.2));
        assert_eq!(mine, reference, "{}", write_position(&pos));
        assert_eq!(Chafl::count_turns(&pos), turns.len() as u64);
    }
}

#[test]
fn h7_the_staged_turn_ends_where_copy_make_play_does() {
    let mut rng = common::rng(34);
    for pos in random_positions(35, 200) {
        for _ in 0..3 {
            let mut state = TurnState::begin(pos);
            while state.pending().is_some() {
                let options = state.options();
                state.decide(options[rng.random_range(0..options.len())]).unwrap();
            }
            if Chafl::turns(&pos).is_empty() {
                assert!(state.outcome().is_some());
                continue;
            }
            let turn = state.turn();
            assert!(Chafl::turns(&pos).contains(&turn), "{turn:?} from {}", write_position(&pos));
            let mut played = pos;
            Chafl::play(&mut played, &turn);
            assert_eq!(state.position(), &played);
            // The events replay onto the board they started from.
            let mut replayed = pos;
            for event in khalif::rules::chafl::replay(&pos, &turn).unwrap() {
                event.apply(&mut replayed);
            }
            assert_eq!(replayed.hash(), played.hash());
        }
    }
}

#[test]
fn why_not_agrees_with_the_generator_on_every_square_pair() {
    for pos in random_positions(36, 80) {
        let moves: BTreeSet<(usize, usize)> =
            Chafl::turns(&pos).iter().map(|t| (t.from.index(), t.to.index())).collect();
        for from in Square::all() {
            for to in Square::all() {
                let legal = Chafl::why_not(&pos, from, to).is_ok();
                assert_eq!(
                    legal,
                    moves.contains(&(from.index(), to.index())),
                    "{from}-{to} in {}",
                    write_position(&pos)
                );
            }
        }
    }
}

// ---- records ----

#[test]
fn records_name_their_game_and_replay() {
    let mut game = Game::new(Chafl::start());
    for text in ["Fe2-e3", "Fd7-d6", "Gd1-d3"] {
        let turn = Chafl::parse_turn(game.position(), text).unwrap();
        game.play_turn(&turn).unwrap();
    }
    let text = Record::new(game.clone()).to_text();
    assert!(text.starts_with("[Game \"Chafl\"]"), "{text}");
    assert!(text.contains("1. Fe2-e3\n2. Fd7-d6\n3. Gd1-d3"), "{text}");
    let back = Record::parse(&text).unwrap();
    assert_eq!(back.game.position(), game.position());
    let (loaded, _) = khalif::play::load_record(&text).unwrap();
    assert_eq!(loaded.id(), khalif::rules::GameId::Chafl);
    let bad = Record::parse("[Game \"Chafl\"]\n\n1. Fe2-e5\n").unwrap_err();
    assert_eq!(bad.line, 3);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn no_input_panics_the_parsers(text in "\\PC{0,80}") {
        let _ = parse_position(&text);
        let _ = parse_turn(&Chafl::start(), &text);
        let _ = Record::parse(&text);
        let _ = khalif::play::load_record(&text);
    }

    #[test]
    fn mutated_valid_texts_are_refused_or_read_never_a_panic(cut in 0usize..60, byte in 0u8..128) {
        let mut position = START.as_bytes().to_vec();
        let at = cut % position.len();
        position[at] = byte;
        let _ = parse_position(&String::from_utf8_lossy(&position));
        let mut turn = b"Pg3-d4xd5xc4=H".to_vec();
        let at = cut % turn.len();
        turn[at] = byte;
        let _ = parse_turn(&setup("Ke1 Pg3 Fe3 Cd6 Hb4 fd5 pc4 ke8", 'w'), &String::from_utf8_lossy(&turn));
    }
}

// H3.1-H3.3, H4.1: the captures quiescence follows are exactly the generated turns that take a
// piece or bring a King or Prince home, in the generator's order.
#[test]
fn capture_generation_gives_the_taking_turns_in_the_generators_order() {
    let seen = games::assert_capture_turns_are_the_taking_turns::<Chafl>(&random_positions(2027, 1500), |_| {});
    assert!(seen > 500, "{seen}");
}
