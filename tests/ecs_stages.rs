//! The ECS world follows the core stage by stage (K5): scripted turns driven through the staged
//! system sets with no window, checking after every stage that the piece entities equal the
//! core's board and that the stages ran in K5's order.
#![cfg(feature = "game")]

mod common;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use khalif::app::{PlayerDecision, Screen, Session, SquareClicked, StageLog, board_mismatch, logic_plugin};
use khalif::rules::khalif::{Decision, Game, Position, Square, Stage};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// A headless app in a match from `pos`, pieces spawned.
fn match_app(pos: Position) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin)).add_plugins(logic_plugin);
    app.insert_resource(Session::new(Game::new(pos)));
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Match);
    app.update();
    app.update();
    assert_eq!(board_mismatch(app.world_mut()), None);
    app
}

/// Sends a decision and runs frames until every event is shown, checking the world against
/// the core after each frame (one stage shows one event per frame). Returns the stages run.
fn decide(app: &mut App, decision: Decision) -> Vec<Stage> {
    app.world_mut().resource_mut::<StageLog>().0.clear();
    app.world_mut().write_message(PlayerDecision(decision));
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
    assert_eq!(&session.shown, session.game.position(), "the shown board is the core's");
    app.world().resource::<StageLog>().0.clone()
}

#[test]
fn k5_3_a_retaliation_is_shown_as_move_then_retaliation() {
    let mut app = match_app(common::setup("Ka1 Dc5 ke8 cd7 gf7", 'g'));
    let stages = decide(&mut app, Decision::Primary { from: sq("c5"), to: sq("d7") });
    assert_eq!(stages, [Stage::Move, Stage::Retaliation, Stage::TurnEnd]);
}

#[test]
fn k5_4_a_djinn_double_capture_with_its_retaliation() {
    let mut app = match_app(common::setup("Ke1 Dd4 ka9 ce6 cg7 vh8 gg9", 'g'));
    assert_eq!(decide(&mut app, Decision::Primary { from: sq("d4"), to: sq("e6") }), [Stage::Move]);
    let stages = decide(&mut app, Decision::SecondCapture(sq("g7")));
    assert_eq!(stages, [Stage::ChainedCapture, Stage::Retaliation, Stage::TurnEnd]);
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
    assert_eq!(app.world().resource::<StageLog>().0, [Stage::Move]);
    // Silver decides in Gold's turn: clicking a non-candidate does nothing, the Vizier does.
    app.world_mut().write_message(SquareClicked(sq("a1")));
    app.update();
    assert!(app.world().resource::<Session>().game.is_mid_turn());
    let stages = decide(&mut app, Decision::Successor(sq("h9")));
    assert_eq!(stages, [Stage::Succession, Stage::TurnEnd]);
    let khalif = app.world().resource::<Session>().shown.khalif(khalif::rules::khalif::Side::Second);
    assert_eq!(khalif, Some(sq("h9")));
}

#[test]
fn k6_1_a_game_ending_capture_brings_the_result_screen() {
    let mut app = match_app(common::setup("Ka1 Dd7 ke9", 'g'));
    let stages = decide(&mut app, Decision::Primary { from: sq("d7"), to: sq("e9") });
    assert_eq!(stages, [Stage::Move, Stage::Succession, Stage::TurnEnd, Stage::TurnEnd]);
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
    assert_eq!(session.refusal.as_deref(), Some("A Camel moves straight forward or sideways only to capture"));
    assert_eq!(session.game.history().len(), 0);
    assert_eq!(board_mismatch(app.world_mut()), None);
}

#[test]
fn the_pubs_opponent_answers_without_blocking_the_frame() {
    use khalif::ai::arena::Player;
    use khalif::app::Opponent;
    use khalif::rules::khalif::Side;
    let mut app = match_app(Position::start());
    app.insert_resource(Opponent { side: Side::Second, player: Player::parse("level:2").unwrap(), regular: None });
    decide(&mut app, Decision::Primary { from: sq("c2"), to: sq("d3") });
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
    assert_eq!(session.game.position().side_to_move(), Side::First);
}

#[test]
fn a_regular_greets_the_table_and_turns_down_an_early_draw() {
    use khalif::ai::levels::regulars;
    use khalif::app::{GameCommand, Opponent, Speech};
    use khalif::rules::khalif::Side;
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
