//! The campaign, lessons and puzzles played through the game's systems with no window: a
//! wager is settled and written to the profile when the game ends, a table's conditions
//! (no takebacks, the turn clock) hold, and lessons and puzzles are judged by the core and
//! recorded. Every test keeps its profile under its own `KHALIF_HOME`.
#![cfg(feature = "game")]

use std::sync::Mutex;
use std::time::Duration;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use khalif::app::{
    Career, GameCommand, PlayerDecision, Screen, Seat, Session, logic_plugin, open_lesson, open_puzzle, sit_down,
};
use khalif::campaign::{MatchResult, Profile};
use khalif::play::new_game;
use khalif::rules::view::{Cell, Choice, Effect, Motion};
use khalif::rules::{GameId, Outcome, Side, Square as _, WinReason};

/// The profile is one file, so the tests take turns with it.
static PROFILE: Mutex<()> = Mutex::new(());

fn sq(name: &str) -> Cell {
    name.parse::<khalif::rules::khalif::Square>().unwrap().cell()
}

/// A headless game with a fresh, empty profile folder.
fn game_app() -> App {
    let home = std::env::temp_dir().join(format!("khalif-career-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    // SAFETY: the tests of this file hold `PROFILE` while they run, so no other thread of
    // this binary reads the environment meanwhile.
    unsafe { std::env::set_var("KHALIF_HOME", &home) };
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin)).add_plugins(logic_plugin);
    app.update();
    app
}

/// Runs frames until `done` holds (the opponent thinks on a thread, so this waits a while).
fn run_until(app: &mut App, what: &str, done: impl Fn(&World) -> bool) {
    for _ in 0..2_000 {
        app.update();
        if done(app.world()) {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("never happened: {what}");
}

fn decide(app: &mut App, from: &str, to: &str) {
    app.world_mut().write_message(PlayerDecision(Choice::Move { from: sq(from), to: sq(to) }));
}

/// Sits down at venue `venue` with contender `contender` for `stake`, from `kfen` if given.
fn sit(app: &mut App, venue: usize, contender: usize, stake: u32, kfen: Option<&'static str>) {
    let seated = app.world_mut().run_system_once(
        move |mut commands: Commands, mut games: MessageWriter<GameCommand>, career: Res<Career>| {
            let contender = career.campaign.contenders(venue, &career.profile).swap_remove(contender);
            let game = kfen.map(|k| new_game(GameId::Khalif, Some(k)).unwrap());
            sit_down(&mut commands, &mut games, &career, venue, contender, stake, Side::Second, game)
        },
    );
    seated.unwrap().unwrap();
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Match);
}

fn settled(world: &World) -> bool {
    matches!(world.get_resource::<Seat>(), Some(Seat::Wager(w)) if w.settled.is_some())
}

fn saved_profile() -> Profile {
    let path = Profile::path().expect("KHALIF_HOME is set");
    Profile::load_from(&path).unwrap().expect("the profile was written")
}

#[test]
fn a_won_wager_pays_out_opens_a_venue_and_is_saved_for_good() {
    let _turn = PROFILE.lock().unwrap_or_else(|e| e.into_inner());
    let mut app = game_app();
    // Little Dunya insists the player takes Gold, whatever the player preferred.
    sit(&mut app, 0, 1, 5, Some("4k4/r8/3D5/9/9/9/1R7/9/K8 g 40"));
    decide(&mut app, "d7", "e9");
    run_until(&mut app, "the match is settled", settled);
    let Some(Seat::Wager(wager)) = app.world().get_resource::<Seat>() else { unreachable!() };
    let settlement = wager.settled.as_ref().unwrap();
    assert_eq!(wager.table.player, Side::First);
    assert_eq!(settlement.result, MatchResult::Won);
    assert_eq!((settlement.purse_before, settlement.purse_after), (20, 25));
    assert_eq!((settlement.reputation_before, settlement.reputation_after), (0, 3));
    assert_eq!(settlement.opened, ["The Spice Market"]);
    assert_eq!(settlement.parting, "I will tell Father you cheated. Kindly.", "her own parting line");
    let saved = saved_profile();
    assert_eq!((saved.purse, saved.regulars["Little Dunya"].won), (25, 1));
    // The result is final: a takeback is refused and the game stays won.
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    let session = app.world().resource::<Session>();
    assert_eq!(session.game.history().len(), 1);
    assert_eq!(session.refusal.as_deref(), Some("No takebacks at this table."));
    assert_eq!(app.world().resource::<Career>().profile.purse, 25, "settled once");
}

#[test]
fn no_takebacks_means_none_and_a_spent_clock_forfeits_the_wager() {
    let _turn = PROFILE.lock().unwrap_or_else(|e| e.into_inner());
    let mut app = game_app();
    // Auntie Layla at the Spice Market: no takebacks.
    sit(&mut app, 1, 2, 2, None);
    let gold = app.world().resource::<Seat>();
    let Seat::Wager(wager) = gold else { unreachable!() };
    assert!(!wager.table.takebacks);
    let player = wager.table.player;
    assert_eq!(player, Side::Second, "the preferred side, where the table leaves the choice");
    run_until(&mut app, "Layla opens as Gold", |w| {
        let session = w.resource::<Session>();
        session.game.history().len() == 1 && session.is_idle()
    });
    decide(&mut app, "e8", "d7");
    run_until(&mut app, "the player's turn is played", |w| w.resource::<Session>().game.history().len() >= 2);
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    assert!(app.world().resource::<Session>().game.history().len() >= 2, "nothing was taken back");
    assert_eq!(app.world().resource::<Session>().refusal.as_deref(), Some("No takebacks at this table."));

    // Bosun Rafiq at the Salt Docks: 60 seconds a turn. Twenty seconds pass every frame.
    let mut app = game_app();
    sit(&mut app, 2, 1, 5, None);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(20)));
    run_until(&mut app, "the clock runs out", settled);
    let Some(Seat::Wager(wager)) = app.world().get_resource::<Seat>() else { unreachable!() };
    assert!(wager.timed_out);
    assert_eq!(
        app.world().resource::<Session>().game.outcome(),
        Some(Outcome::Win { winner: Side::Second, reason: WinReason::Resignation })
    );
    assert_eq!(wager.settled.as_ref().unwrap().result, MatchResult::Lost);
    assert_eq!(saved_profile().purse, 15);
}

fn verdict(world: &World) -> Option<bool> {
    match world.get_resource::<Seat>() {
        Some(Seat::Lesson { verdict, .. } | Seat::Puzzle { verdict, .. }) => *verdict,
        _ => None,
    }
}

fn open(app: &mut App, lesson: Option<usize>, puzzle: Option<usize>) {
    app.world_mut()
        .run_system_once(move |mut commands: Commands, mut games: MessageWriter<GameCommand>, career: Res<Career>| {
            if let Some(i) = lesson {
                open_lesson(&mut commands, &mut games, &career, i);
            }
            if let Some(i) = puzzle {
                open_puzzle(&mut commands, &mut games, &career, i);
            }
        })
        .unwrap();
    app.update();
    app.update();
}

#[test]
fn lessons_and_puzzles_are_judged_by_the_core_and_kept_in_the_profile() {
    let _turn = PROFILE.lock().unwrap_or_else(|e| e.into_inner());
    let mut app = game_app();
    // Lesson 1 (K4.1): slide the Raider from a1 to a4.
    open(&mut app, Some(0), None);
    decide(&mut app, "a1", "a2");
    run_until(&mut app, "the lesson is judged", |w| verdict(w).is_some());
    assert_eq!(verdict(app.world()), Some(false), "a2 is not the goal");
    decide(&mut app, "e9", "e8"); // Silver's pieces are not the player's to move here
    app.update();
    assert_eq!(app.world().resource::<Session>().game.history().len(), 1, "the lesson's turn is over");
    open(&mut app, Some(0), None); // retry
    assert_eq!(verdict(app.world()), None);
    decide(&mut app, "a1", "a4");
    run_until(&mut app, "the retried lesson is judged", |w| verdict(w).is_some());
    assert_eq!(verdict(app.world()), Some(true));
    assert!(saved_profile().lessons_done.contains("The Raider"));

    // Lesson 10 (K5.3): Silver's Guard strikes back inside Gold's turn, decided for Silver.
    open(&mut app, Some(9), None);
    assert_eq!(app.world().resource::<Career>().lessons[9].rule, "K5.3");
    decide(&mut app, "d5", "d7");
    run_until(&mut app, "the guarded capture is judged", |w| verdict(w).is_some());
    assert_eq!(verdict(app.world()), Some(false), "the Camel was guarded");
    let session = app.world().resource::<Session>();
    let effects = &session.game.history()[0].effects;
    let retaliated = effects.iter().any(|e| matches!(e, Effect::Move { motion: Motion::Dash, .. }));
    assert!(retaliated, "Silver's Guard struck back: {effects:?}");

    // Puzzle 1: the Djinn takes the last Khalif; anything else fails against the defence.
    open(&mut app, None, Some(0));
    decide(&mut app, "a1", "b1");
    run_until(&mut app, "the missed puzzle is judged", |w| verdict(w).is_some());
    assert_eq!(verdict(app.world()), Some(false));
    open(&mut app, None, Some(0));
    decide(&mut app, "d7", "e9");
    run_until(&mut app, "the puzzle is judged", |w| verdict(w).is_some());
    assert_eq!(verdict(app.world()), Some(true));
    assert!(saved_profile().puzzles_solved.contains("Djinn takes the last Khalif"));
}
