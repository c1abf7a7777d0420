//! Desert Pub Chess (`shared/rules/desert-pub-chess.md`): a test per rule number, perft as the
//! rulebook counts it (P6) against a reference generator written from the rule text, the
//! staged turn against copy-make play, "why not?" against the generator, and the formats (P4,
//! P5, records) with round trips, named errors and no panic on any input.

mod common;

use common::games::{self, sorted};

use std::collections::BTreeSet;

use common::dpc_reference;
use khalif::rules::desert_pub_chess::{
    DesertPubChess, Event, Game, Kind, Pending, Position, Record, START, Stage, TurnState, jump_path, parse_position,
    parse_turn, write_position, write_turn,
};
use khalif::rules::{Outcome, Rules, Side, TurnMachine, WinReason};
use proptest::prelude::*;
use rand::RngExt;

type Dpc = DesertPubChess;

fn setup(pieces: &str, side: char) -> Position {
    games::setup::<Dpc>(pieces, side)
}

fn names(pos: &Position) -> Vec<String> {
    games::names::<Dpc>(pos)
}

fn starting(pos: &Position, prefix: &str) -> Vec<String> {
    games::starting::<Dpc>(pos, prefix)
}

fn after(pos: &Position, text: &str) -> Position {
    games::after::<Dpc>(pos, text)
}

fn random_positions(seed: u64, count: usize) -> Vec<Position> {
    games::random_positions::<Dpc>(seed, count, 90)
}

// ---- P1 board, sides, setup ----

#[test]
fn p1_2_the_start_position_and_white_moves_first() {
    let start = Dpc::start();
    assert_eq!(write_position(&start), START);
    assert_eq!(parse_position(START), Ok(start));
    assert_eq!(start.side_to_move(), Side::First);
    let d1: khalif::rules::desert_pub_chess::Square = "d1".parse().unwrap();
    assert_eq!(start.piece_at(d1).map(|p| p.kind), Some(Kind::Prince));
    assert_eq!(start.piece_at("h8".parse().unwrap()).map(|p| (p.side, p.kind)), Some((Side::Second, Kind::Wazir)));
    assert_eq!(start.piece_at("f8".parse().unwrap()).map(|p| p.kind), Some(Kind::Ferz));
}

// ---- P2 pieces ----

#[test]
fn p2_1_pawns_step_one_square_capture_diagonally_and_must_promote() {
    let pos = setup("Pe2 Pd3 pd4 Sa1 sh8", 'w');
    assert_eq!(starting(&pos, "e2"), sorted(&["e2-e3"]), "one square, never two");
    assert_eq!(starting(&pos, "d3"), Vec::<String>::new(), "blocked straight ahead, nothing to capture");
    let pos = setup("Pe4 pd5 pe5 Sa1 sh8", 'w');
    assert_eq!(starting(&pos, "e4"), sorted(&["e4xd5"]), "captures diagonally forward only");
    let black = setup("Sa1 pe5 Ff4 sh8", 'b');
    assert_eq!(starting(&black, "e5"), sorted(&["e5-e4", "e5xf4"]), "Black moves down the board");
    let pos = setup("Pe7 Sa1 sh8 nd8", 'w');
    assert_eq!(
        starting(&pos, "e7"),
        sorted(&["e7-e8=F", "e7-e8=N", "e7-e8=S", "e7-e8=W", "e7xd8=F", "e7xd8=N", "e7xd8=S", "e7xd8=W"])
    );
    let err = parse_turn(&pos, "e7-e8").unwrap_err().to_string();
    assert!(err.contains("must promote"), "{err}");
    let err = parse_turn(&pos, "e7-e8=P").unwrap_err().to_string();
    assert!(err.contains("=W, =N, =F or =S"), "{err}");
}

#[test]
fn p2_2_the_knight_leaps_and_captures_by_displacement() {
    let pos = setup("Nd4 Pe6 sf5 sh8", 'w');
    assert_eq!(
        starting(&pos, "Nd4"),
        sorted(&["Nd4-b3", "Nd4-b5", "Nd4-c2", "Nd4-c6", "Nd4-e2", "Nd4-f3", "Nd4xf5"]),
        "not onto its own Pawn on e6"
    );
}

#[test]
fn p2_3_the_prince_steps_anywhere_and_is_not_royal() {
    let pos = setup("Sd4 Pd5 ne5 nh8", 'w');
    assert_eq!(starting(&pos, "Sd4").len(), 7, "eight neighbours but its own Pawn's square");
    // Not royal: it may step where a Knight takes it, and losing it does not end the game.
    assert!(starting(&pos, "Sd4").contains(&"Sd4-c3".to_string()));
    let taken = after(&setup("Sd4 Pa2 nc6 sh8", 'b'), "Nc6xd4");
    assert_eq!(TurnState::begin(taken).outcome(), None, "White plays on without its Princes");
}

#[test]
fn p2_4_the_desert_wazir_steps_without_capturing_and_captures_by_jumping() {
    let pos = setup("Wd4 pd5 pe4 Pc4 sh8 pd6", 'w');
    // d5 is an enemy with d6 behind it (taken): no jump; e4 is an enemy with f4 empty: a jump.
    assert_eq!(starting(&pos, "Wd4"), sorted(&["Wd4-d3", "Wd4xf4"]));
    assert!(
        Dpc::why_not(&pos, "d4".parse().unwrap(), "d5".parse().unwrap())
            .unwrap_err()
            .text
            .contains("never captures by stepping")
    );
    assert!(
        Dpc::why_not(&pos, "d4".parse().unwrap(), "b4".parse().unwrap())
            .unwrap_err()
            .text
            .contains("never jumps its own")
    );
    assert!(Dpc::why_not(&pos, "d4".parse().unwrap(), "d2".parse().unwrap()).unwrap_err().text.contains("is empty"));
    assert!(
        Dpc::why_not(&pos, "d4".parse().unwrap(), "e5".parse().unwrap()).unwrap_err().text.contains("orthogonally")
    );
}

#[test]
fn p2_4_a_chain_turns_and_may_stop_after_any_jump() {
    let pos = setup("Wb2 pb3 pc4 pd5 sh8", 'w');
    // Every prefix of the chain is a turn of its own; the chain turns at b4 and at d4.
    let chains: Vec<String> = starting(&pos, "Wb2x");
    assert_eq!(chains, sorted(&["Wb2xb4", "Wb2xb4xd4", "Wb2xb4xd4xd6"]));
    let mut state = TurnState::begin(pos);
    let events = state.decide(khalif::rules::desert_pub_chess::Decision::Primary {
        from: "b2".parse().unwrap(),
        to: "b4".parse().unwrap(),
    });
    assert!(matches!(events.unwrap()[0], Event::Moved { captured: Some(_), .. }));
    let Some(Pending::Jump { landings, .. }) = state.pending() else { panic!("the chain may go on") };
    assert_eq!(landings, 1 << "d4".parse::<khalif::rules::desert_pub_chess::Square>().unwrap().index());
    let stopped = state.decide(khalif::rules::desert_pub_chess::Decision::Stop).unwrap();
    assert_eq!(stopped.iter().map(|e| e.stage()).collect::<Vec<_>>(), [Stage::TurnEnd]);
}

#[test]
fn p2_4_jumped_pieces_leave_at_once_and_the_origin_counts_as_empty() {
    // Four enemies round c3..e5: the Wazir can jump round the square and land on its own origin.
    let pos = setup("Wc3 pc4 pd5 pe4 pd3 sh8", 'w');
    let turns = Dpc::turns(&pos);
    let home = turns.iter().find(|t| t.from == t.to).expect("a chain back to the origin");
    assert_eq!(home.captured.count_ones(), 4);
    // Clockwise and anticlockwise take the same four and end alike: one turn (P6). Two
    // steps and seven chains: 1 jump to c5 or e3, 2 jumps to e5 two ways taking different
    // pieces, 3 jumps to e3 or c5, and the full loop once.
    assert_eq!(turns.len(), 2 + 7);
    assert_eq!(Dpc::count_turns(&pos), 9);
    // A jumped piece is gone: a chain never jumps back over the square it just cleared.
    let pos = setup("Wa1 pa2 sh8", 'w');
    assert_eq!(starting(&pos, "Wa1x"), sorted(&["Wa1xa3"]));
    assert_eq!(jump_path(&pos, &Dpc::turns(&pos).into_iter().find(|t| t.is_capture()).unwrap()).unwrap().len(), 1);
}

#[test]
fn p2_5_the_desert_ferz_is_the_wazir_of_the_diagonals() {
    let pos = setup("Fc3 nd4 ne4 Pb4 sh8 pf6", 'w');
    assert_eq!(starting(&pos, "Fc3"), sorted(&["Fc3-b2", "Fc3-d2", "Fc3xe5", "Fc3xe5xg7"]));
    assert!(Dpc::why_not(&pos, "c3".parse().unwrap(), "c4".parse().unwrap()).unwrap_err().text.contains("diagonally"));
}

#[test]
fn p2_6_captures_are_never_compulsory() {
    let pos = setup("Wd4 pd5 Sa1 sh8", 'w');
    let turns = Dpc::turns(&pos);
    assert!(turns.iter().any(|t| t.is_capture()) && turns.iter().any(|t| !t.is_capture()));
}

// ---- P3 end of the game ----

#[test]
fn p3_1_taking_the_last_piece_wins_at_once() {
    let pos = setup("Wd4 pd5 Sa1", 'w');
    let mut game = Game::new(pos);
    let turn = Dpc::turns(&pos).into_iter().find(|t| t.is_capture()).unwrap();
    let events = game.play_turn(&turn).unwrap();
    let outcome = Outcome::Win { winner: Side::First, reason: WinReason::NoPiecesLeft };
    assert!(events.contains(&Event::GameOver(outcome)));
    assert_eq!(game.outcome(), Some(outcome));
    let after = *game.position();
    assert_eq!((Dpc::count_turns(&after), Dpc::winner(&after)), (0, Some(Side::First)));
    assert_eq!(outcome.describe(&Dpc::NAMING), "White wins: Black has no piece left");
}

#[test]
fn p3_2_a_player_may_resign_or_agree_a_draw() {
    let mut game = Game::new(Dpc::start());
    game.offer_draw(Side::First).unwrap();
    assert_eq!(game.answer_draw(Side::Second, true).unwrap(), Some(Outcome::DrawAgreed));
    let mut game = Game::new(Dpc::start());
    assert_eq!(
        game.resign(Side::Second).unwrap(),
        Outcome::Win { winner: Side::First, reason: WinReason::Resignation }
    );
}

#[test]
fn p3_3_no_legal_move_loses() {
    // White's only piece, a Pawn, is blocked and has nothing to capture.
    let pos = setup("Pa2 pa3 sh8", 'w');
    assert_eq!(Dpc::count_turns(&pos), 0);
    let state = TurnState::begin(pos);
    assert_eq!(state.outcome(), Some(Outcome::Win { winner: Side::Second, reason: WinReason::NoLegalMove }));
}

#[test]
fn p3_4_the_third_repetition_is_a_draw() {
    let mut game = Game::new(Dpc::start());
    for text in ["Nb1-c3", "Nb8-c6", "Nc3-b1", "Nc6-b8"].repeat(2) {
        assert_eq!(game.outcome(), None, "before {text}");
        let turn = Dpc::parse_turn(game.position(), text).unwrap();
        game.play_turn(&turn).unwrap();
    }
    assert_eq!(game.outcome(), Some(Outcome::DrawRepeated), "the start stands for the third time");
    assert!(game.undo() && game.outcome().is_none(), "undo takes the repeating turn back");
    // Khalif has no such rule (K6.4): the same shuffle goes on.
    let mut khalif = khalif::rules::khalif::Game::new(khalif::rules::khalif::Position::start());
    for text in ["Dc1-b3", "Dc9-b7", "Db3-c1", "Db7-c9"].repeat(2) {
        let turn = khalif::rules::khalif::Khalif::parse_turn(khalif.position(), text).unwrap();
        khalif.play_turn(&turn).unwrap();
    }
    assert_eq!(khalif.outcome(), None);
}

// ---- P4 notation ----

#[test]
fn p4_turns_are_written_with_every_landing_square_and_parse_back() {
    let pos = setup("Wa6 pa5 pb4 pd4 sh8", 'w');
    assert!(names(&pos).contains(&"Wa6xa4xc4xe4".to_string()));
    let (turn, events) = parse_turn(&pos, "Wa6xa4xc4xe4").unwrap();
    assert_eq!(turn.captured.count_ones(), 3);
    assert_eq!(events.iter().filter(|e| e.stage() == Stage::Jump).count(), 2, "two further jumps");
    for pos in random_positions(21, 120) {
        for turn in Dpc::turns(&pos) {
            let text = write_turn(&pos, &turn);
            let (parsed, _) =
                parse_turn(&pos, &text).unwrap_or_else(|e| panic!("`{text}` in {}: {e}", write_position(&pos)));
            assert_eq!(parsed, turn, "`{text}`");
        }
    }
}

#[test]
fn p4_bad_turns_are_refused_with_the_reason() {
    let start = Dpc::start();
    let cases = [
        ("", "empty turn"),
        ("e2-e4", "one square forward, never two"),
        ("Pe2-e3", "without a letter"),
        ("Ne2-e3", "is a Pawn"),
        ("Nb1xc3", "`x` marks a capture"),
        ("Nb1-c3xe4", "already over"),
        ("Qb1-c3", "not a piece letter"),
        ("Nb1", "origin, `-` or `x`, destination"),
        ("Nb1-z9", "expected a square"),
        ("Nb1-c3=W", "only a Pawn"),
    ];
    for (text, expected) in cases {
        let message = parse_turn(&start, text).expect_err(text).to_string();
        assert!(message.contains(expected), "`{text}` gave `{message}`, expected `{expected}`");
    }
}

// ---- P5 position text ----

#[test]
fn p5_position_text_round_trips_and_errors_name_the_spot() {
    for pos in random_positions(22, 150) {
        let text = write_position(&pos);
        assert_eq!(parse_position(&text), Ok(pos), "{text}");
    }
    let cases = [
        ("", "empty"),
        ("wnfssfnw/pppppppp/8/8/8/8/PPPPPPPP/WNFSSFNW", "missing the side to move"),
        ("wnfssfnw/pppppppp/8/8/8/8/PPPPPPPP/WNFSSFNW g", "column 45: side to move `g`"),
        ("wnfssfnw/pppppppp/8/8/8/8/PPPPPPPP/WNFSSFNK w", "column 43: `K` is not a piece letter"),
        ("wnfssfnw/ppppppp/8/8/8/8/PPPPPPPP/WNFSSFNW w", "column 17: rank 7 has 7 squares"),
        ("wnfssfnw/pppppppp/8/8/8/PPPPPPPP/WNFSSFNW w", "only 7 ranks"),
        ("Pnfssfnw/pppppppp/8/8/8/8/PPPPPPPP/WNFSSFNW w", "own last rank"),
        ("8/8/8/8/8/8/8/S7 w", "the side not to move has no piece"),
    ];
    for (text, expected) in cases {
        let message = parse_position(text).expect_err(text).to_string();
        assert!(message.contains(expected), "`{text}` gave `{message}`, expected `{expected}`");
    }
}

// ---- P6 counting ----

#[test]
fn p6_perft_from_the_start_is_the_rulebooks() {
    let start = Dpc::start();
    for (depth, expected) in [(1, 12), (2, 144), (3, 1_944), (4, 26_250)] {
        assert_eq!(Dpc::perft(&start, depth), expected, "perft({depth})");
        assert_eq!(Dpc::perft_full(&start, depth), expected, "full perft({depth})");
    }
}

#[test]
fn p6_the_generator_equals_the_reference_on_random_positions() {
    let mut positions = random_positions(23, 300);
    positions.push(setup("Wc3 pc4 pd5 pe4 pd3 sh8", 'w'));
    positions.push(setup("Fd4 pc5 pe5 pc3 pe3 pb6 pf6 pb2 pf2 sh8", 'w'));
    for pos in positions {
        let turns = Dpc::turns(&pos);
        let mine: BTreeSet<_> = turns
            .iter()
            .map(|t| {
                let mut next = pos;
                Dpc::play(&mut next, t);
                dpc_reference::board(&next).0
            })
            .collect();
        assert_eq!(mine.len(), turns.len(), "no two turns leave the same position: {}", write_position(&pos));
        assert_eq!(mine, dpc_reference::successors(&pos), "{}", write_position(&pos));
        assert_eq!(Dpc::count_turns(&pos), turns.len() as u64);
    }
}

#[test]
fn p6_the_staged_turn_ends_where_copy_make_play_does() {
    let mut rng = common::rng(24);
    for pos in random_positions(25, 200) {
        for _ in 0..3 {
            let mut state = TurnState::begin(pos);
            while state.pending().is_some() {
                let options = state.options();
                state.decide(options[rng.random_range(0..options.len())]).unwrap();
            }
            if state.outcome().is_some() && Dpc::turns(&pos).is_empty() {
                continue;
            }
            let turn = state.turn();
            assert!(Dpc::turns(&pos).contains(&turn), "{turn:?} from {}", write_position(&pos));
            let mut played = pos;
            Dpc::play(&mut played, &turn);
            assert_eq!(state.position(), &played);
        }
    }
}

#[test]
fn why_not_agrees_with_the_generator_on_every_square_pair() {
    for pos in random_positions(26, 80) {
        let firsts: BTreeSet<(usize, usize)> = Dpc::turns(&pos)
            .iter()
            .map(|t| {
                let path = jump_path(&pos, t);
                let to = path.and_then(|p| p.first().copied()).unwrap_or(t.to);
                (t.from.index(), to.index())
            })
            .collect();
        for from in khalif::rules::desert_pub_chess::Square::all() {
            for to in khalif::rules::desert_pub_chess::Square::all() {
                let legal = Dpc::why_not(&pos, from, to).is_ok();
                assert_eq!(
                    legal,
                    firsts.contains(&(from.index(), to.index())),
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
    let mut game = Game::new(Dpc::start());
    for text in ["e2-e3", "d7-d6", "Nb1-c3"] {
        let turn = Dpc::parse_turn(game.position(), text).unwrap();
        game.play_turn(&turn).unwrap();
    }
    let text = Record::new(game.clone()).to_text();
    assert!(text.starts_with("[Game \"Desert Pub Chess\"]"), "{text}");
    assert!(text.contains("1. e2-e3\n2. d7-d6\n3. Nb1-c3"), "{text}");
    let back = Record::parse(&text).unwrap();
    assert_eq!(back.game.position(), game.position());
    let khalif_record = khalif::rules::khalif::Record::parse(&text).unwrap_err().to_string();
    assert!(khalif_record.contains("a record of Desert Pub Chess, not of Khalif"), "{khalif_record}");
    let (loaded, _) = khalif::play::load_record(&text).unwrap();
    assert_eq!(loaded.id(), khalif::rules::GameId::DesertPubChess);
    let bad = Record::parse("[Game \"Desert Pub Chess\"]\n\n1. e2-e4\n").unwrap_err();
    assert_eq!(bad.line, 3);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn no_input_panics_the_parsers(text in "\\PC{0,80}") {
        let _ = parse_position(&text);
        let _ = parse_turn(&Dpc::start(), &text);
        let _ = Record::parse(&text);
        let _ = khalif::play::load_record(&text);
    }

    #[test]
    fn mutated_valid_texts_are_refused_or_read_never_a_panic(cut in 0usize..60, byte in 0u8..128) {
        let mut position = START.as_bytes().to_vec();
        let at = cut % position.len();
        position[at] = byte;
        let _ = parse_position(&String::from_utf8_lossy(&position));
        let mut turn = b"Wa6xa4xc4xe4=W".to_vec();
        let at = cut % turn.len();
        turn[at] = byte;
        let _ = parse_turn(&setup("Wa6 pa5 pb4 pd4 sh8", 'w'), &String::from_utf8_lossy(&turn));
    }
}

// P3: the captures quiescence follows are exactly the generated turns that take, displacement
// captures and jump chains, in the generator's order.
#[test]
fn capture_generation_gives_the_taking_turns_in_the_generators_order() {
    let seen = games::assert_capture_turns_are_the_taking_turns::<Dpc>(&random_positions(2027, 1500), |_| {});
    assert!(seen > 500, "{seen}");
}
