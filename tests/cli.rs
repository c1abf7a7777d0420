//! `khalif-cli` end to end: perft, divide, turns, why, bad input, and a scripted terminal game.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cli(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_khalif-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("khalif-cli starts");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(args: &[&str]) -> String {
    played(args, "")
}

/// What the tool printed for a session typed at its prompt, which must end in success.
fn played(args: &[&str], input: &str) -> String {
    let out = cli(args, input);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn perft_prints_the_count_as_its_last_line() {
    let out = stdout(&["perft", "start", "3"]);
    assert_eq!(out.lines().last(), Some("38428"));
    let out = stdout(&["perft", "start", "2", "--full"]);
    assert_eq!(out.lines().last(), Some("1144"));
}

// Izdari D8, C2: both versions on the command line, a Wagon with passengers in the text.
#[test]
fn izdari_perft_and_turns_on_the_command_line() {
    let out = stdout(&["--game", "izdari", "perft", "start", "2"]);
    assert_eq!(out.lines().last(), Some("1446"));
    let out = stdout(&["--game", "izdari-classic", "perft", "start", "1"]);
    assert_eq!(out.lines().last(), Some("228"));
    let out = stdout(&["--game", "izdari", "turns", "t7/8/8/8/8/8/A7/W(AHR)T6 s"]);
    // Full, the Wagon must set a passenger down on a1 before it can load a2 (A4.2, A4.3).
    assert!(out.contains("Wa1-a2/Ha1+Aa2") && !out.lines().any(|t| t == "Wa1-a2+Aa2"), "{out}");
    let out = stdout(&["--game", "izdari", "why", "start", "g1", "g2"]);
    assert!(out.contains("A4.1"), "{out}");
}

#[test]
fn divide_splits_perft_by_primary_move() {
    let out = stdout(&["divide", "start", "2"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"1144"));
    assert_eq!(lines.len(), 34 + 1, "one line per primary move, then the total");
    let sum: u64 = lines[..34].iter().map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 1144);
}

#[test]
fn turns_lists_every_turn_in_notation() {
    let out = stdout(&["turns", "start"]);
    assert_eq!(out.lines().count(), 34);
    assert!(out.lines().any(|l| l == "Cb2-d4"));
    let kfen = common::setup("Ka1 Dc5 ke8 cd7 gf7 gd9", 'g').to_kfen();
    let out = stdout(&["turns", &kfen]);
    assert!(out.lines().any(|l| l == "Dc5xd7 !Gd9xd7"));
}

#[test]
fn why_explains_a_refused_move_with_its_rule() {
    let kfen = common::setup("Ka1 Re4 ki9 re6", 'g').to_kfen();
    let out = stdout(&["why", &kfen, "e4", "e6"]);
    assert_eq!(out.trim(), "Only the Djinn may cross the Wadi in one move (K3.5)");
    let out = stdout(&["why", "start", "c2", "d3"]);
    assert_eq!(out.trim(), "c2-d3 is legal");
}

#[test]
fn analyse_prints_score_pv_and_best_turn() {
    let kfen = common::setup("Ka1 Dd7 Rb3 ke9 ra8", 'g').to_kfen();
    let out = stdout(&["analyse", &kfen, "--depth", "2"]);
    assert!(out.lines().any(|l| l.starts_with("depth ") && l.contains(" score ")), "{out}");
    assert_eq!(out.lines().last(), Some("best Dd7xe9#"));
    let out = cli(&["analyse", "start", "--time", "0"], "");
    assert!(String::from_utf8_lossy(&out.stderr).contains("give a positive number of seconds"));
}

#[test]
fn bad_input_is_an_error_message_not_a_panic() {
    for args in [
        vec!["perft", "nonsense", "2"],
        vec!["why", "start", "z9", "e4"],
        vec!["turns", "rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR q"],
        // Khalif's evaluation has no centre term: refused before any game is played, and the
        // `--out` path (never written) keeps the tuned weights safe even if it were not.
        vec!["tune", "--games", "1", "--hold", "centre", "--out", "target/tune-hold-refused.ron"],
    ] {
        let out = cli(&args, "");
        assert!(!out.status.success(), "{args:?} should fail");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_scripted_terminal_game_with_decisions_undo_save_and_load() {
    let dir = std::env::temp_dir().join(format!("khalif-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.khalif");
    let kfen = common::setup("Ka1 Dc5 ke8 cd7 gf7 gd9", 'g').to_kfen();
    let script =
        format!("why c5 c7\nc5 d7\nh1\nd9\nsave {f}\nundo\nundo\nload {f}\nresign\nundo\nquit\n", f = file.display());
    let text = played(&["play", "--position", &kfen], &script);
    assert!(text.contains("A Djinn leaps like a knight"), "{text}");
    assert!(text.contains("Silver: a Guard must strike back on d7 (f7, d9)"), "{text}");
    assert!(text.contains("h1 is not one of the choices"), "{text}");
    assert!(text.contains("Silver Guard dashes d9→d7 and takes the Gold Djinn."), "{text}");
    assert!(text.contains("Last turn: Dc5xd7 !Gd9xd7"), "{text}");
    assert!(text.contains("Nothing to take back."), "{text}");
    assert!(text.contains("Gold wins: Silver resigned."), "{text}");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("1. Dc5xd7 !Gd9xd7"), "{saved}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_command_takes_the_game() {
    fn with<'a>(args: &[&'a str]) -> Vec<&'a str> {
        [&args[..1], &["--game", "desert-pub-chess"][..], &args[1..]].concat()
    }
    let out = stdout(&with(&["perft", "start", "4"]));
    assert_eq!(out.lines().last(), Some("26250"), "P6");
    assert_eq!(stdout(&with(&["turns", "start"])).lines().count(), 12);
    assert_eq!(stdout(&with(&["divide", "start", "2"])).lines().last(), Some("144"));
    let out = stdout(&with(&["why", "start", "e2", "e4"]));
    assert_eq!(out.trim(), "A Pawn moves one square forward, never two (P2.1)");
    let out = stdout(&with(&["analyse", "wnfssfnw/pppppppp/8/8/3p4/8/PPPW1PPP/1NFSSFNW w", "--depth", "2"]));
    assert!(out.lines().any(|l| l.starts_with("depth ")), "{out}");
    assert!(out.lines().last().is_some_and(|l| l.starts_with("best ")), "{out}");
    let out = stdout(&with(&["bench", "--runs", "1"]));
    assert!(out.lines().any(|l| l.starts_with("start")), "{out}");
    let bad = cli(&["perft", "--game", "chess", "start", "1"], "");
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown game `chess`"));
    let bad = cli(&with(&["perft", "rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR g", "1"]), "");
    assert!(String::from_utf8_lossy(&bad.stderr).starts_with("error: bad position text"));
}

#[test]
fn a_terminal_game_of_desert_pub_chess_with_a_chain_and_a_promotion() {
    let script = "b2 b4\nno\nh8 g8\ne7 e8\nq\nW\nquit\n";
    let text = played(&["play", "--game", "desert-pub-chess", "--position", "7s/4P3/8/8/2p5/1p6/1W6/8 w"], script);
    assert!(text.contains("White: the chain may go on from b4 (d4) — or `no`"), "{text}");
    assert!(text.contains("Last turn: Wb2xb4"), "{text}");
    assert!(
        text.contains("White: the Pawn on e8 promotes (W Desert Wazir, N Knight, F Desert Ferz, S Prince)"),
        "{text}"
    );
    assert!(text.contains("Answer with one of the pieces offered"), "{text}");
    assert!(text.contains("Last turn: e7-e8=W"), "{text}");
}

#[test]
fn chafl_on_the_command_line_counts_explains_and_plays() {
    let out = stdout(&["perft", "--game", "chafl", "start", "3"]);
    assert_eq!(out.lines().last(), Some("145650"), "H7");
    let out = stdout(&["why", "--game", "chafl", "start", "c1", "d3"]);
    assert_eq!(out.trim(), "A Prince joins only on its own square colour (H2.5)");
    let script = "g3 d4\ne8 f8\nc7 c8\nC\nquit\n";
    let text = played(&["play", "--game", "chafl", "--position", "4k3/2F5/3C4/3f4/1Hp5/4F1P1/8/4K3 w"], script);
    assert!(text.contains("The Black Foot on d5 is caught against d6 and taken."), "{text}");
    assert!(text.contains("Last turn: Pg3-d4xd5xc4"), "{text}");
    assert!(text.contains("White: the Foot on c8 promotes (H Horse, C Captain)"), "{text}");
    assert!(text.contains("Last turn: Fc7-c8=C"), "{text}");
}

#[test]
fn khitan_on_the_command_line_counts_explains_and_plays_a_placement() {
    let out = stdout(&["perft", "--game", "khitan", "start", "3"]);
    assert_eq!(out.lines().last(), Some("22004"), "X6");
    let out = stdout(&["why", "--game", "khitan", "start", "c2", "c4"]);
    assert_eq!(out.trim(), "A piece flips over one of its edges onto a neighbouring cell: c4 does not touch c2 (X2.1)");
    assert_eq!(stdout(&["turns", "--game", "khitan", "start"]).lines().count(), 28);
    // Expert: the flip takes g5, the terminal asks where the piece from the reserve goes.
    let script = "b4 c5\nz9 Q+\na1 G+\nquit\n";
    let text = played(&["play", "--game", "khitan", "--position", "r+4/6/7/8/6y+2/1R+6/7/6/5 l expert 3/3"], script);
    assert!(text.contains("on g5 faces its own colour along the line from c5 and is captured."), "{text}");
    assert!(text.contains("Light: place a piece from the reserve (1 to place)"), "{text}");
    assert!(text.contains("Answer with a cell from the list"), "{text}");
    assert!(text.contains("Last turn: b4-c5xg5@a1G+"), "{text}");
    // The hexagonal board is drawn row by row, Dark at the top.
    let top = text.lines().find(|l| l.starts_with(" 9 ")).unwrap_or_default();
    assert!(top.contains("r+") && top.trim_end().ends_with('9'), "{text}");
}

#[test]
fn mine_endgames_prints_entries_the_endgames_suite_accepts() {
    use khalif::ai::endgames::parse_endgames;
    use khalif::rules::khitan::Khitan;
    let out = stdout(&["--game", "khitan", "mine-endgames", "--games", "6", "--count", "2"]);
    let entries: Vec<&str> = out.lines().collect();
    assert!(!entries.is_empty(), "six self-play games give at least one won endgame:\n{out}");
    let suite =
        parse_endgames::<Khitan>(&format!("[\n{}\n]", entries.join("\n")), "mined").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(suite.len(), entries.len());
}

#[test]
fn endgames_plays_the_positions_of_a_file_given_and_names_a_bad_one() {
    let dir = std::env::temp_dir().join(format!("khalif-cli-endgames-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mine.ron");
    // P3.1: a Prince, a Wazir and a Ferz against a lone Knight.
    std::fs::write(&file, r#"[(name: "lone Knight", position: "8/8/8/3n4/8/7F/3S4/W7 w 1")]"#).unwrap();
    let path = file.to_str().unwrap();
    let args = ["--game", "desert-pub-chess", "endgames", "--player", "depth:4", "--suite", path];
    let out = stdout(&args);
    assert!(
        out.lines().last().unwrap_or_default().contains(" of 1 won within 60 turns by depth:4 against itself"),
        "{out}"
    );
    // The same against a defence that judges without the hunt's terms, and a defender's bad spec named.
    let against = [&args[..], &["--defender", "depth:4,hunt:0"]].concat();
    let out = stdout(&against);
    assert!(out.lines().last().unwrap_or_default().contains("by depth:4 against depth:4,hunt:0"), "{out}");
    let bad = cli(&[&args[..], &["--defender", "depth:4,hunt:2"]].concat(), "");
    assert!(!bad.status.success() && String::from_utf8_lossy(&bad.stderr).contains("depth:4,hunt:2"));
    // A position the side to move does not lead in is refused, with the file and the entry named.
    std::fs::write(&file, r#"[(name: "level", position: "8/8/8/3n4/8/8/3S4/8 w 1")]"#).unwrap();
    let out = cli(&args, "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains(path) && err.contains("endgame `level`"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
    let missing = cli(&["--game", "desert-pub-chess", "endgames", "--suite", path], "");
    assert!(!missing.status.success() && String::from_utf8_lossy(&missing.stderr).contains(path));
}

#[test]
fn output_into_a_reader_that_has_gone_ends_quietly() {
    // `khalif-cli … | head -1`: the reader closes the pipe before the tool has printed all.
    // Closed before the tool starts, so that a tool quicker than the test cannot print first.
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_khalif-cli"))
        .args(["perft", "start", "3"])
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("khalif-cli runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(141), "the status a shell gives a tool the closed pipe stopped");
}
