//! The ECS world follows the core stage by stage, in each game's own stages (Khalif's K5:
//! move, succession, retaliation, chained capture, turn end; Desert Pub Chess: move, each jump,
//! promotion, turn end): scripted turns driven through the staged system sets with no window,
//! checking after every stage that the piece entities equal the core's board and that the
//! stages ran in the rulebook's order.
#![cfg(feature = "game")]

mod common;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use khalif::app::{PlayerDecision, Screen, Session, SquareClicked, StageLog, board_mismatch, logic_plugin};
use khalif::play::{AnyGame, new_game};
use khalif::rules::khalif::{Game, Kind, Position};
use khalif::rules::view::{Cell, Choice, PieceCode};
use khalif::rules::{GameId, Side, Square as _};

fn sq(name: &str) -> Cell {
    name.parse::<khalif::rules::khalif::Square>().unwrap().cell()
}

/// A headless app in a match from `pos`, pieces spawned.
fn match_app(pos: Position) -> App {
    any_match_app(Box::new(Game::new(pos)))
}

/// A headless app in a match of any game, pieces spawned.
fn any_match_app(game: Box<dyn AnyGame>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin)).add_plugins(logic_plugin);
    app.insert_resource(Session::new(game));
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Match);
    app.update();
    app.update();
    assert_eq!(board_mismatch(app.world_mut()), None);
    app
}

/// Sends a choice and runs frames until every effect is shown, checking the world against
/// the core after each frame (one stage shows one effect per frame). Returns the stages run.
fn decide(app: &mut App, choice: Choice) -> Vec<&'static str> {
    app.world_mut().resource_mut::<StageLog>().0.clear();
    app.world_mut().write_message(PlayerDecision(choice));
    for _ in 0..20 {
        app.update();
        if let Some(problem) = board_mismatch(app.world_mut()) {
            panic!("after stage {:?}: {problem}", app.world().resource::<StageLog>().0.last());
        }
        if app.world().resource::<Session>().is_idle() && !app.world().resource::<StageLog>().0.is_empty() {
            break;
        }
    }
    let session = app.world().resource::<Session>();
    assert!(session.is_idle(), "all events shown");
    assert_eq!(session.shown, session.game.board(), "the shown board is the core's");
    app.world().resource::<StageLog>().0.clone()
}

#[test]
fn k5_3_a_retaliation_is_shown_as_move_then_retaliation() {
    let mut app = match_app(common::setup("Ka1 Dc5 ke8 cd7 gf7", 'g'));
    let stages = decide(&mut app, Choice::Move { from: sq("c5"), to: sq("d7") });
    assert_eq!(stages, ["Move", "Retaliation", "Turn end"]);
}

#[test]
fn k5_4_a_djinn_double_capture_with_its_retaliation() {
    let mut app = match_app(common::setup("Ke1 Dd4 ka9 ce6 cg7 vh8 gg9", 'g'));
    assert_eq!(decide(&mut app, Choice::Move { from: sq("d4"), to: sq("e6") }), ["Move"]);
    let stages = decide(&mut app, Choice::Cell(sq("g7")));
    assert_eq!(stages, ["Chained capture", "Retaliation", "Turn end"]);
}

#[test]
fn k5_2_a_succession_with_a_choice_made_by_clicking_the_vizier() {
    let mut app = match_app(common::setup("Ka1 Dd7 ke9 vb9 vh9", 'g'));
    // Pick the Djinn and its target by clicks, as a player would.
    app.world_mut().write_message(SquareClicked(sq("d7")));
    app.update();
    app.world_mut().resource_mut::<StageLog>().0.clear();
    app.world_mut().write_message(SquareClicked(sq("e9")));
    for _ in 0..5 {
        app.update();
        assert_eq!(board_mismatch(app.world_mut()), None);
    }
    assert_eq!(app.world().resource::<StageLog>().0, ["Move"]);
    // Silver decides in Gold's turn: clicking a non-candidate does nothing, the Vizier does.
    app.world_mut().write_message(SquareClicked(sq("a1")));
    app.update();
    assert!(app.world().resource::<Session>().game.is_mid_turn());
    let stages = decide(&mut app, Choice::Cell(sq("h9")));
    assert_eq!(stages, ["Succession", "Turn end"]);
    let crowned = app.world().resource::<Session>().shown.piece_at(sq("h9"));
    assert_eq!(crowned, Some(PieceCode { side: Side::Second, kind: Kind::Khalif as u8 }));
}

#[test]
fn k6_1_a_game_ending_capture_brings_the_result_screen() {
    let mut app = match_app(common::setup("Ka1 Dd7 ke9", 'g'));
    let stages = decide(&mut app, Choice::Move { from: sq("d7"), to: sq("e9") });
    assert_eq!(stages, ["Move", "Succession", "Turn end", "Turn end"]);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<State<Screen>>().get(), &Screen::Result);
}

#[test]
fn a_refused_move_explains_itself_and_changes_nothing() {
    let mut app = match_app(Position::start());
    app.world_mut().write_message(SquareClicked(sq("e2")));
    app.update();
    app.world_mut().write_message(SquareClicked(sq("e3")));
    app.update();
    let session = app.world().resource::<Session>();
    assert_eq!(session.refusal.as_deref(), Some("A Camel moves straight forward or sideways only to capture (K4.7)"));
    assert_eq!(session.game.history().len(), 0);
    assert_eq!(board_mismatch(app.world_mut()), None);
}

#[test]
fn the_pubs_opponent_answers_without_blocking_the_frame() {
    use khalif::app::Opponent;
    let mut app = match_app(Position::start());
    app.insert_resource(Opponent::level(Side::Second, "level 2", 2));
    decide(&mut app, Choice::Move { from: sq("c2"), to: sq("d3") });
    for _ in 0..2000 {
        app.update();
        assert_eq!(board_mismatch(app.world_mut()), None);
        let session = app.world().resource::<Session>();
        if session.game.history().len() == 2 && session.is_idle() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let session = app.world().resource::<Session>();
    assert_eq!(session.game.history().len(), 2, "Silver's regular has replied");
    assert_eq!(session.game.board().side_to_move, Side::First);
}

#[test]
fn the_pubs_opponent_takes_a_moment_over_even_an_easy_answer() {
    use khalif::app::Opponent;
    let mut app = match_app(Position::start());
    app.insert_resource(Opponent::level(Side::Second, "level 1", 1));
    let asked = std::time::Instant::now();
    decide(&mut app, Choice::Move { from: sq("c2"), to: sq("d3") });
    run_until(&mut app, |s| s.game.history().len() == 2 && s.is_idle());
    // A depth-1 search takes milliseconds; the answer waits for the pause of at least 0.6 s.
    assert!(asked.elapsed() >= std::time::Duration::from_millis(600), "answered after {:?}", asked.elapsed());
}

#[test]
fn a_regular_greets_the_table_and_turns_down_an_early_draw() {
    use khalif::ai::levels::regulars;
    use khalif::app::{GameCommand, Opponent, Speech};
    let mut app = match_app(Position::start());
    let yusuf = &regulars()[0];
    app.insert_resource(Opponent::regular(Side::Second, yusuf));
    app.update();
    let said = app.world().resource::<Speech>().line.clone();
    assert_eq!(said, Some((yusuf.name.clone(), yusuf.banter.opening[0].clone())), "the opening line");
    // K6.4: Gold offers a draw at once; a level game that is not stuck goes on.
    app.world_mut().write_message(GameCommand::OfferDraw(Side::First));
    for _ in 0..3 {
        app.update();
    }
    let session = app.world().resource::<Session>();
    assert_eq!(session.game.draw_offer(), None, "the offer was answered");
    assert_eq!(session.game.outcome(), None, "and declined");
    assert_eq!(app.world().resource::<Speech>().line.as_ref().map(|(_, l)| l.as_str()), Some("No. We play on."));
}

/// Runs frames (letting the opponent's thread think) until `done` holds; panics after 2000.
fn run_until(app: &mut App, done: impl Fn(&Session) -> bool) {
    for _ in 0..2000 {
        app.update();
        assert_eq!(board_mismatch(app.world_mut()), None);
        if done(app.world().resource::<Session>()) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the table never got there");
}

/// Gold, a whole army up, walks its Khalif about (never back to a square, so no position comes
/// back: the search would score a return as a draw) while `opponent` plays Silver's lone
/// Khalif, for `gold_turns` of Gold's turns or until the game ends; returns how it ended.
fn hopeless_game_for_silver(
    opponent: khalif::app::Opponent,
    gold_turns: usize,
) -> (App, Option<khalif::rules::Outcome>) {
    let mut app = match_app(common::setup("Ke1 Ra2 Rb2 Da3 Db3 Gc1 ki9", 'g'));
    app.insert_resource(opponent);
    let walk = [("e1", "e2"), ("e2", "e3"), ("e3", "d3"), ("d3", "d2")];
    for (n, &(from, to)) in walk.iter().take(gold_turns).enumerate() {
        decide(&mut app, Choice::Move { from: sq(from), to: sq(to) });
        run_until(&mut app, |s| s.is_idle() && (s.game.history().len() == 2 * (n + 1) || s.game.outcome().is_some()));
        if app.world().resource::<Session>().game.outcome().is_some() {
            break;
        }
    }
    let outcome = app.world().resource::<Session>().game.outcome();
    (app, outcome)
}

#[test]
fn k6_3_a_regular_resigns_a_hopeless_game_once_their_patience_runs_out_and_says_so() {
    use khalif::ai::levels::regulars;
    use khalif::app::{Opponent, Speech};
    use khalif::rules::{Outcome, WinReason};
    let yusuf = &regulars()[0];
    assert_eq!(yusuf.patience, 2, "Old Yusuf plays on through one hopeless turn");
    let (app, outcome) = hopeless_game_for_silver(Opponent::regular(Side::Second, yusuf), 4);
    assert_eq!(outcome, Some(Outcome::Win { winner: Side::First, reason: WinReason::Resignation }));
    let session = app.world().resource::<Session>();
    assert_eq!(session.game.history().len(), 3, "one reply, then the resignation on his second turn");
    let said = app.world().resource::<Speech>().line.clone();
    assert_eq!(said, Some((yusuf.name.clone(), yusuf.banter.resigning[0].clone())));
}

#[test]
fn the_lessons_partner_never_resigns_however_hopeless() {
    let (_, outcome) = hopeless_game_for_silver(khalif::app::Opponent::level(Side::Second, "partner", 1), 4);
    assert_eq!(outcome, None, "four hopeless turns played, none resigned");
}

/// A square of the 8×8 board.
fn dpc(name: &str) -> Cell {
    name.parse::<khalif::rules::desert_pub_chess::Square>().unwrap().cell()
}

#[test]
fn p2_4_a_jump_chain_is_shown_hop_by_hop_and_each_jumped_piece_leaves_as_it_is_jumped() {
    let game = new_game(GameId::DesertPubChess, Some("7s/8/8/8/2p5/1p6/1W6/8 w")).unwrap();
    let mut app = any_match_app(game);
    // The first jump is the move; the chain may go on, so the turn waits for the mover.
    assert_eq!(decide(&mut app, Choice::Move { from: dpc("b2"), to: dpc("b4") }), ["Move"]);
    let session = app.world().resource::<Session>();
    assert_eq!(session.shown.piece_at(dpc("b3")), None, "the jumped Pawn has left the board");
    assert!(session.game.is_mid_turn());
    // Clicking the jumper again stops the chain; clicking the landing square jumps on.
    assert_eq!(decide(&mut app, Choice::Cell(dpc("d4"))), ["Jump", "Turn end"]);
    assert_eq!(app.world().resource::<Session>().game.history()[0].notation, "Wb2xb4xd4");
}

#[test]
fn p2_1_a_promotion_waits_for_the_choice_of_piece() {
    let game = new_game(GameId::DesertPubChess, Some("7s/4P3/8/8/8/8/8/S7 w")).unwrap();
    let mut app = any_match_app(game);
    assert_eq!(decide(&mut app, Choice::Move { from: dpc("e7"), to: dpc("e8") }), ["Move"]);
    let wazir = khalif::rules::desert_pub_chess::Kind::Wazir as u8;
    assert_eq!(decide(&mut app, Choice::Piece(wazir)), ["Promotion", "Turn end"]);
    let promoted = app.world().resource::<Session>().shown.piece_at(dpc("e8"));
    assert_eq!(promoted, Some(PieceCode { side: Side::First, kind: wazir }));
}

/// A square of Chafl's board.
fn chafl(name: &str) -> Cell {
    name.parse::<khalif::rules::chafl::Square>().unwrap().cell()
}

#[test]
fn h3_1_a_custodian_capture_is_shown_stage_by_stage_and_the_world_matches_the_core() {
    // The Prince joins d4 and closes on two pieces: the move, then each capture, then the end.
    let game = new_game(GameId::Chafl, Some("4k3/8/3C4/3f4/1Hp5/4F1P1/8/4K3 w")).unwrap();
    let mut app = any_match_app(game);
    assert_eq!(
        decide(&mut app, Choice::Move { from: chafl("g3"), to: chafl("d4") }),
        ["Move", "Capture", "Capture", "Turn end"]
    );
    let session = app.world().resource::<Session>();
    assert_eq!(session.shown.piece_at(chafl("d5")), None);
    assert_eq!(session.shown.piece_at(chafl("c4")), None);
    assert_eq!(session.game.history()[0].notation, "Pg3-d4xd5xc4");
    assert_eq!(board_mismatch(app.world_mut()), None);
}

#[test]
fn h2_9_a_foot_promotion_waits_for_horse_or_captain() {
    let game = new_game(GameId::Chafl, Some("8/2F1k3/8/8/8/8/8/K7 w")).unwrap();
    let mut app = any_match_app(game);
    assert_eq!(decide(&mut app, Choice::Move { from: chafl("c7"), to: chafl("c8") }), ["Move"]);
    let captain = khalif::rules::chafl::Kind::Captain as u8;
    assert_eq!(decide(&mut app, Choice::Piece(captain)), ["Promotion", "Turn end"]);
    let promoted = app.world().resource::<Session>().shown.piece_at(chafl("c8"));
    assert_eq!(promoted, Some(PieceCode { side: Side::First, kind: captain }));
}

/// A cell of Khitan's board.
fn khitan(name: &str) -> Cell {
    name.parse::<khalif::rules::khitan::Hex>().unwrap().cell()
}

#[test]
fn x3_1_a_flip_its_captures_and_a_placement_are_shown_stage_by_stage() {
    // Expert: b4 flips onto c5 and takes g5 along row 5, then a piece comes from the reserve.
    let game = new_game(GameId::Khitan, Some("r+4/6/7/8/6y+2/1R+6/7/6/5 l expert 3/3")).unwrap();
    let mut app = any_match_app(game);
    assert_eq!(decide(&mut app, Choice::Move { from: khitan("b4"), to: khitan("c5") }), ["Flip", "Capture"]);
    let session = app.world().resource::<Session>();
    assert_eq!(session.shown.piece_at(khitan("g5")), None, "the piece taken has left the board");
    let v_minus = khalif::rules::khitan::Tile::new(khalif::rules::khitan::Colour::Violet, true).index() as u8;
    assert_eq!(session.shown.piece_at(khitan("c5")), Some(PieceCode { side: Side::First, kind: v_minus }), "X2.2");
    assert_eq!(board_mismatch(app.world_mut()), None);
    assert_eq!(decide(&mut app, Choice::Place { at: khitan("a1"), kind: 3 }), ["Placement", "Turn end"]);
    let session = app.world().resource::<Session>();
    assert_eq!(session.shown.piece_at(khitan("a1")), Some(PieceCode { side: Side::First, kind: 3 }));
    assert_eq!(session.game.history()[0].notation, "b4-c5xg5@a1G+");
    assert_eq!(board_mismatch(app.world_mut()), None);
}

fn izdari(name: &str) -> Cell {
    name.parse::<khalif::rules::grid::Square<8, 8>>().unwrap().cell()
}

// A4.2, A4.3, A3.6: a Wagon that must set a passenger down before it loads, the loading and
// the drop shown as their own effects; a Templar's slaying in its stage.
#[test]
fn izdari_a_wagon_journey_and_a_slaying_are_shown_stage_by_stage() {
    let game = new_game(GameId::Izdari, Some("8/8/8/8/1t6/8/A7/W(AHR)T6 s")).unwrap();
    let mut app = any_match_app(game);
    assert_eq!(decide(&mut app, Choice::Move { from: izdari("a1"), to: izdari("a3") }), Vec::<&str>::new());
    // Full, it must drop on a1 before loading a2: the Halfling steps off.
    assert_eq!(
        decide(&mut app, Choice::Piece(khalif::rules::izdari::Kind::Halfling as u8)),
        ["Wagon", "Wagon", "Wagon"]
    );
    assert_eq!(decide(&mut app, Choice::Stop), ["Wagon", "Turn end"]);
    let session = app.world().resource::<Session>();
    assert_eq!(session.shown.piece_at(izdari("a2")), None, "the Assassin rides on");
    assert_eq!(session.shown.piece_at(izdari("a1")).map(|p| p.kind), Some(khalif::rules::izdari::Kind::Halfling as u8));
    assert_eq!(session.game.history()[0].notation, "Wa1-a3/Ha1+Aa2");
    // The Northlands' Templar steps beside the Wagon and slays it, with its riders (A4.5).
    assert_eq!(decide(&mut app, Choice::Move { from: izdari("b4"), to: izdari("b3") }), ["Move"]);
    assert_eq!(decide(&mut app, Choice::Cell(izdari("a3"))), ["Slay", "Turn end"]);
    let session = app.world().resource::<Session>();
    assert_eq!(session.shown.piece_at(izdari("a3")), None);
    assert_eq!(session.game.history()[1].notation, "Tb4-b3!a3");
}

#[test]
fn a_new_match_of_another_game_rebuilds_the_board() {
    use khalif::app::{BoardSquare, GameCommand};
    let mut app = match_app(Position::start());
    let count = |app: &mut App| app.world_mut().query::<&BoardSquare>().iter(app.world()).count();
    assert_eq!(count(&mut app), 81);
    app.world_mut().write_message(GameCommand::Start(new_game(GameId::DesertPubChess, None).unwrap()));
    app.update();
    app.update();
    assert_eq!(count(&mut app), 64);
    assert_eq!(board_mismatch(app.world_mut()), None);
}

// Issue 15: the crowd has money on both sides. A capture shown on the table stirs it: the
// taken piece's backers groan, the taker's cheer (here Silver's Guard retaliates last, K5.3).
#[test]
fn the_crowd_reacts_to_the_captures_as_they_are_shown() {
    use khalif::app::{CrowdMood, Reaction};
    let mut app = match_app(common::setup("Ka1 Dc5 ke8 cd7 gf7", 'g'));
    assert!(!app.world().resource::<CrowdMood>().stirred(), "a quiet crowd before any capture");
    decide(&mut app, Choice::Move { from: sq("c5"), to: sq("d7") });
    let mood = *app.world().resource::<CrowdMood>();
    assert!(matches!(mood.backers[Side::First.index()], Reaction::Groaning(_)), "{mood:?}");
    assert!(matches!(mood.backers[Side::Second.index()], Reaction::Cheering(_)), "{mood:?}");
}

// ---- issue 15: captures worth watching ----

/// A headless match of `game` with the vignettes' timeline, these settings, and a clock that
/// moves `step` a frame.
fn vignette_app(game: Box<dyn AnyGame>, settings: khalif::persist::Settings, step: std::time::Duration) -> App {
    use khalif::app::{GameSettings, vignette_plugin};
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin)).add_plugins((logic_plugin, vignette_plugin));
    app.insert_resource(GameSettings { settings, notice: None });
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(step));
    app.insert_resource(Session::new(game));
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Match);
    app.update();
    app.update();
    app
}

fn vignettes(app: &mut App) -> Vec<khalif::app::Vignette> {
    app.world_mut().query::<&khalif::app::Vignette>().iter(app.world()).copied().collect()
}

fn khalif_game(placement: &str) -> Box<dyn AnyGame> {
    Box::new(Game::new(common::setup(placement, 'g')))
}

#[test]
fn a_capture_plays_its_vignette_holding_the_next_stage_until_a_skip_ends_it() {
    use khalif::app::{SkipAnimations, VignetteKind};
    // The clock stands still: only a skip can end a vignette.
    let mut app = vignette_app(khalif_game("Ka1 Dc5 ke8 cd7 gf7"), Default::default(), std::time::Duration::ZERO);
    app.world_mut().write_message(PlayerDecision(Choice::Move { from: sq("c5"), to: sq("d7") }));
    for _ in 0..10 {
        app.update();
    }
    // K5.4: the Djinn's leaping strike plays; K5.3's retaliation waits behind it.
    assert_eq!(app.world().resource::<StageLog>().0, ["Move"]);
    let playing = vignettes(&mut app);
    assert_eq!(playing.len(), 1);
    assert_eq!((playing[0].kind, playing[0].at, playing[0].first), (VignetteKind::LeapingStrike, sq("d7"), true));
    app.world_mut().write_message(SkipAnimations);
    app.update();
    app.update();
    // K5.3: the Guard strikes back, and its own vignette holds the turn's end.
    assert_eq!(app.world().resource::<StageLog>().0, ["Move", "Retaliation"]);
    assert_eq!(vignettes(&mut app).iter().map(|v| v.kind).collect::<Vec<_>>(), [VignetteKind::Retaliation]);
    app.world_mut().write_message(SkipAnimations);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(app.world().resource::<StageLog>().0, ["Move", "Retaliation", "Turn end"]);
    assert!(vignettes(&mut app).is_empty());
    assert_eq!(board_mismatch(app.world_mut()), None);
}

#[test]
fn a_vignette_ends_on_its_own_scaled_by_the_animation_speed_and_shorter_once_seen() {
    use khalif::app::VignetteKind;
    // P2.4: a chain of two jumps, at twice the normal speed, the clock moving 10 ms a frame.
    let game = new_game(GameId::DesertPubChess, Some("7s/8/8/8/2p5/1p6/1W6/8 w")).unwrap();
    let settings = khalif::persist::Settings { animation_speed: 2.0, ..Default::default() };
    let mut app = vignette_app(game, settings, std::time::Duration::from_millis(10));
    app.world_mut().write_message(PlayerDecision(Choice::Move { from: dpc("b2"), to: dpc("b4") }));
    app.update();
    app.update();
    let first = vignettes(&mut app);
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].kind, VignetteKind::JumpChain);
    assert!((first[0].length - VignetteKind::JumpChain.seconds() / 2.0).abs() < 1e-4, "{:?}", first[0]);
    // It ends by itself after its length (0.45 s: 45 frames of 10 ms).
    let mut frames = 0;
    while !vignettes(&mut app).is_empty() {
        app.update();
        frames += 1;
        assert!(frames < 100, "the vignette never ended");
    }
    assert!((40..=50).contains(&frames), "ended after {frames} frames");
    // The second jump of the chain is the same kind, seen already: shorter, no close-up.
    app.world_mut().write_message(PlayerDecision(Choice::Cell(dpc("d4"))));
    app.update();
    app.update();
    let second = vignettes(&mut app);
    assert_eq!(second.len(), 1);
    assert!(!second[0].first);
    assert!((second[0].length - first[0].length * khalif::app::VIGNETTE_SHORTENED).abs() < 1e-4);
}

#[test]
fn vignettes_never_hold_the_stages_when_animations_are_skipped_or_vignettes_are_off() {
    let off = [
        khalif::persist::Settings { skip_animations: true, ..Default::default() },
        khalif::persist::Settings { vignettes: false, ..Default::default() },
    ];
    for settings in off {
        // The clock stands still, so a vignette that started would hold the turn for ever.
        let mut app = vignette_app(khalif_game("Ka1 Dc5 ke8 cd7 gf7"), settings.clone(), std::time::Duration::ZERO);
        assert_eq!(
            decide(&mut app, Choice::Move { from: sq("c5"), to: sq("d7") }),
            ["Move", "Retaliation", "Turn end"]
        );
        assert!(vignettes(&mut app).is_empty(), "{settings:?}");
    }
}

// Issue 15: the crowd leans in while a capture is near (a piece of the side to move stands
// threatened) and settles back when none is.
#[test]
fn the_crowd_leans_in_while_a_piece_stands_threatened() {
    use khalif::app::CrowdMood;
    let mut app = match_app(common::setup("Ka1 Dc5 ke8 cd7 gf7", 'g'));
    decide(&mut app, Choice::Move { from: sq("a1"), to: sq("b1") });
    assert!(app.world().resource::<CrowdMood>().capture_near, "the Djinn on c5 eyes the Camel on d7");
    decide(&mut app, Choice::Move { from: sq("e8"), to: sq("e9") });
    assert!(!app.world().resource::<CrowdMood>().capture_near, "nothing of Gold's stands threatened");
}
