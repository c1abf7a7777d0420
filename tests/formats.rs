//! K7 KFEN, K8 turn notation and game records: round trips, clear errors, and no panic on
//! any input (random bytes and mutated valid texts).

mod common;

use khalif::rules::khalif::{Game, Position, Record, START_KFEN, Side, parse_kfen, parse_turn, play, write_turn};
use proptest::prelude::*;

// ---- K7 KFEN ----

#[test]
fn k7_kfen_round_trips() {
    assert_eq!(parse_kfen(START_KFEN).unwrap(), Position::start());
    for pos in common::random_positions(3, 200).into_iter().filter(|p| khalif::rules::khalif::khalif_lost(p).is_none())
    {
        let text = pos.to_kfen();
        assert_eq!(parse_kfen(&text).unwrap(), pos, "{text}");
    }
    // The turn number is optional and defaults to 1.
    let no_number = parse_kfen("rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR s").unwrap();
    assert_eq!((no_number.side_to_move(), no_number.turn_number()), (Side::Second, 1));
}

fn kfen_error(text: &str) -> String {
    parse_kfen(text).expect_err(text).to_string()
}

#[test]
fn k7_kfen_errors_name_what_is_wrong_and_where() {
    let cases = [
        ("", "empty"),
        ("rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR", "missing the side to move"),
        ("rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR x", "column 51: side to move `x`"),
        ("rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR g 0", "turn number `0`"),
        ("rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR g 1 extra", "unexpected `extra`"),
        ("rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVQ g", "column 49: `Q` is not a piece letter"),
        ("rvdgkgdvr/cccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR g", "column 19: rank 8 has 8 squares"),
        ("rvdgkgdvr/cccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR g", "rank 8 has more than 9 squares"),
        ("rvdgkgdvr/ccccccccc/9/9/9/9/CCCCCCCCC/RVDGKGDVR g", "only 8 ranks"),
        ("rvdgkgdvr/ccccccccc/9/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR g", "more than 9 ranks"),
        ("rvdg1gdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR g", "Silver has 0 Khalifs"),
        ("rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDKKGDVR g", "Gold has 2 Khalifs"),
        ("rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RGDVKGDVR g", "Vizier on d1 stands next to its Khalif on e1 (K4.3)"),
        ("rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR g 99999999999", "turn number"),
    ];
    for (text, expected) in cases {
        let message = kfen_error(text);
        assert!(message.contains(expected), "`{text}` gave `{message}`, expected it to mention `{expected}`");
    }
}

// ---- K8 turn notation ----

#[test]
fn k8_every_generated_turn_prints_and_parses_back() {
    let mut positions = common::random_positions(4, 150);
    positions.extend(common::random_placements(5, 150));
    for pos in positions {
        for turn in common::turns(&pos) {
            let text = write_turn(&pos, &turn);
            let (parsed, _) = parse_turn(&pos, &text).unwrap_or_else(|e| panic!("`{text}` in {}: {e}", pos.to_kfen()));
            assert_eq!(parsed, turn, "`{text}` in {}", pos.to_kfen());
        }
    }
}

fn turn_error(pos: &Position, text: &str) -> String {
    parse_turn(pos, text).expect_err(text).to_string()
}

#[test]
fn k8_turn_errors_name_the_offending_token() {
    let start = Position::start();
    let guarded = common::setup("Ka1 Dc5 ke8 cd7 gf7 gd9", 'g');
    let chain = common::setup("Ke1 Dd4 ka9 ce6 rc7 rg7", 'g');
    let cases = [
        (&start, "", "empty turn"),
        (&start, "Cc2-c3", "token 1 `Cc2-c3`: A Camel moves straight forward or sideways only to capture (K4.7)"),
        (&start, "Cc2-j3", "token 1 `Cc2-j3`: expected a primary move"),
        (&start, "Qc2-d3", "token 1 `Qc2-d3`: expected a primary move"),
        (&start, "Dc2-d3", "token 1 `Dc2-d3`: the piece on c2 is a Camel, written `C`"),
        (&start, "Cc2xd3", "token 1 `Cc2xd3`: expected `Cc2-d3` here"),
        (&start, "Cc8-d7", "token 1 `Cc8-d7`: The piece on c8 is Silver's"),
        (&start, "Ce5-e6", "There is no piece on e5"),
        (&start, "Cc2-d3 Cc8-d7", "token 2 `Cc8-d7`: the turn is already over"),
        (&start, "Cc2-d3#", "`#` marks a turn that ends the game"),
        (&start, "Cc2-d3# x", "`#` may only end the last token"),
        (&guarded, "Dc5xd7", "the turn is not finished: expected Silver's choice of Guard to retaliate on d7"),
        (&guarded, "Dc5xd7 !Ga1xd7", "token 2 `!Ga1xd7`: a1 is not one of the choices"),
        (&guarded, "Dc5xd7 !Gf7xe7", "token 2 `!Gf7xe7`: the retaliation is on d7"),
        (&guarded, "Dc5xd7 =b9", "token 2 `=b9`: expected a retaliation"),
        (&chain, "Dd4xe6 +xa1", "token 2 `+xa1`: a1 is not one of the choices"),
        (&chain, "Dd4xe6 +xc7 +xe8", "token 3 `+xe8`: the turn is already over"),
        (&chain, "Dd4xe6 nonsense", "token 2 `nonsense`: expected a second Djinn capture"),
    ];
    for (pos, text, expected) in cases {
        let message = turn_error(pos, text);
        assert!(message.contains(expected), "`{text}` gave `{message}`, expected `{expected}`");
    }
    // A forced stage must be written.
    let forced = common::setup("Ka1 Dc5 ke8 cd7 gf7", 'g');
    assert!(turn_error(&forced, "Dc5xd7").contains("`!Gf7xd7` follows by the rules"));
}

// ---- Game records ----

fn sample_game() -> Game {
    let mut game = Game::new(Position::start());
    let mut rng = common::rng(9);
    use rand::RngExt;
    for _ in 0..60 {
        let turns = common::turns(game.position());
        if turns.is_empty() {
            break;
        }
        game.play_turn(&turns[rng.random_range(0..turns.len())]).unwrap();
    }
    game
}

#[test]
fn records_round_trip_with_tags_and_results() {
    let mut record = Record::new(sample_game());
    record.set_tag("Gold", "Amira \"the Quick\"");
    record.set_tag("Silver", "Tariq \\ of the docks");
    record.set_tag("Date", "2026-11-30");
    let text = record.to_text();
    let loaded = Record::parse(&text).unwrap();
    assert_eq!(loaded.tag("Gold"), Some("Amira \"the Quick\""));
    assert_eq!(loaded.tag("Silver"), Some("Tariq \\ of the docks"));
    assert_eq!(loaded.game.position(), record.game.position());
    assert_eq!(loaded.game.history().len(), record.game.history().len());
    assert_eq!(loaded.to_text(), text);

    let mut resigned = sample_game();
    if resigned.outcome().is_none() {
        resigned.resign(Side::Second).unwrap();
        let text = Record::new(resigned.clone()).to_text();
        assert!(text.contains("[Result \"1-0\"]") && text.contains("[Termination \"resignation\"]"));
        assert_eq!(Record::parse(&text).unwrap().game.outcome(), resigned.outcome());
    }
}

#[test]
fn records_from_a_custom_start_keep_their_turn_numbers() {
    let start = common::setup("Ke1 Dd4 ka9 ce6 rc7 rg7", 'g');
    let mut game = Game::new(start);
    let (turn, _) = parse_turn(&start, "Dd4xe6 +xc7").unwrap();
    game.play_turn(&turn).unwrap();
    let text = Record::new(game).to_text();
    assert!(text.contains("1. Dd4xe6 +xc7"), "{text}");
    let mut after = start;
    play(&mut after, &turn);
    assert_eq!(Record::parse(&text).unwrap().game.position(), &after);
}

#[test]
fn record_errors_name_the_line() {
    let cases = [
        ("[Gold \"A\"]\n\n1. Cc2-c3\n", "line 3: token 1 `Cc2-c3`"),
        ("1. Cc2-d3\n3. Cc8-d7\n", "line 2: turn number `3`: expected 2"),
        ("[Start \"9/9 g\"]\n", "line 1: Start tag: bad KFEN"),
        ("[Gold Amira]\n", "line 1: tag Gold: the value must be in double quotes"),
        ("[Gold \"A\"\n", "line 1: a tag is"),
        ("1. Cc2-d3\n[Gold \"A\"]\n", "line 2: tags must come before the turns"),
        ("Cc2-d3\n", "line 1: expected a numbered turn"),
        ("[Result \"2-0\"]\n", "line 1: result `2-0`"),
        ("[Result \"1-0\"]\n[Termination \"agreement\"]\n", "line 2: termination `agreement`"),
    ];
    for (text, expected) in cases {
        let message = Record::parse(text).expect_err(text).to_string();
        assert!(message.contains(expected), "`{text}` gave `{message}`, expected `{expected}`");
    }
    // A record whose turns end the game must not claim another result.
    let start = common::setup("Ke4 cg1 ch1 ch2 ci2 ki1", 'g').to_kfen();
    let won = format!("[Start \"{start}\"]\n[Result \"0-1\"]\n\n1. Ke4-e5#\n");
    let message = Record::parse(&won).expect_err("wrong result").to_string();
    assert!(message.contains("line 2: the turns end the game 1-0, not 0-1"), "{message}");
    let right = won.replace("0-1", "1-0");
    assert_eq!(Record::parse(&right).unwrap().game.outcome().map(|o| o.result_text()), Some("1-0"));
}

// ---- No panic on any input ----

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn parsers_never_panic_on_random_text(text in ".{0,120}") {
        let _ = parse_kfen(&text);
        let _ = parse_turn(&Position::start(), &text);
        let _ = Record::parse(&text);
    }

    #[test]
    fn parsers_never_panic_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_kfen(&text);
        let _ = parse_turn(&Position::start(), &text);
        let _ = Record::parse(&text);
    }

    #[test]
    fn parsers_never_panic_on_mutated_valid_text(
        cut in 0usize..400, insert in "[ -~\n]{0,3}", delete in 0usize..4, which in 0usize..3
    ) {
        let record = Record::new(sample_game()).to_text();
        let guarded = "Dc5xd7 !Gf7xd7";
        let base: &str = [START_KFEN, guarded, record.as_str()][which];
        let mut chars: Vec<char> = base.chars().collect();
        let at = cut % (chars.len() + 1);
        let end = (at + delete).min(chars.len());
        chars.splice(at..end, insert.chars());
        let text: String = chars.into_iter().collect();
        let _ = parse_kfen(&text);
        let _ = parse_turn(&common::setup("Ka1 Dc5 ke8 cd7 gf7 gd9", 'g'), &text);
        let _ = Record::parse(&text);
    }
}
