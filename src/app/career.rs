//! The player's career in the game: the profile, read at start and written after every
//! result, and what the match at the table is for (a campaign wager, a lesson, a puzzle).
//! Wagers are settled, lessons and puzzles judged, and the table's turn clock run here; the
//! rules of each stay in `crate::campaign`.

use std::path::PathBuf;

use bevy::prelude::*;

use super::GameSystems;
use super::commands::{GameCommand, finished};
use super::opponent::Opponent;
use super::session::Session;
use super::stages::Animating;
use crate::ai::levels::LEVELS;
use crate::campaign::{Campaign, Contender, Lesson, MatchResult, Profile, Puzzle, Table, journey, lessons, puzzles};
use crate::persist::PersistError;
use crate::play::{AnyGame, new_game};
use crate::rules::{Outcome, Side};

/// The journey, the lessons and puzzles, and the player's progress through them.
#[derive(Resource)]
pub struct Career {
    pub campaign: Campaign,
    pub lessons: Vec<Lesson>,
    pub puzzles: Vec<Puzzle>,
    pub profile: Profile,
    /// Where the profile is written; `None` when writing could destroy a file that could not
    /// be read or moved aside (progress then lives for this session only, and the player is told).
    path: Option<PathBuf>,
    /// What the player should know about the profile file (set aside, not saved).
    pub notice: Option<String>,
}

impl Career {
    /// Reads the profile from the platform's data folder (the browser's storage on the web).
    fn load() -> Career {
        let campaign = journey().expect("levels/campaign.ron is checked by a test");
        let mut career = Career {
            lessons: lessons().expect("levels/<game>/lessons.ron is checked by a test"),
            puzzles: puzzles().expect("levels/<game>/puzzles.ron is checked by a test"),
            profile: Profile::new(&campaign),
            campaign,
            path: Profile::path(),
            notice: None,
        };
        let Some(path) = career.path.clone() else {
            career.notice = Some("No folder for the profile (set KHALIF_HOME); progress is not kept.".into());
            return career;
        };
        match Profile::load_from(&path) {
            Ok(Some(profile)) => career.profile = profile,
            Ok(None) => {}
            Err(PersistError::Corrupt { kept_at, problem, .. }) => {
                career.notice = Some(format!(
                    "Your profile could not be read ({problem}). It was kept at {} and a new one begun.",
                    kept_at.display()
                ));
            }
            Err(e) => {
                career.path = None; // never write over a file that could not be read or kept
                career.notice = Some(format!("Your profile could not be read: {e}. Progress is not saved."));
            }
        }
        career
    }

    /// Writes the profile atomically; a failure is shown, never silently dropped.
    pub fn save(&mut self) {
        if let Some(path) = &self.path
            && let Err(e) = self.profile.save_to(path)
        {
            self.notice = Some(format!("Progress not saved: {e}"));
        }
    }
}

/// What the match at the table is for. Absent in a free match.
#[derive(Resource, Clone, Debug)]
pub enum Seat {
    Wager(Box<Wager>),
    Lesson { index: usize, verdict: Option<bool> },
    Puzzle { index: usize, verdict: Option<bool> },
}

/// A campaign match: who, where, for how much, under which conditions, and once it is over,
/// how it was settled.
#[derive(Clone, Debug)]
pub struct Wager {
    pub venue: usize,
    pub contender: Contender,
    pub stake: u32,
    pub table: Table,
    pub settled: Option<Settlement>,
    /// The player's turn clock ran out, which forfeits the match.
    pub timed_out: bool,
}

/// How a finished campaign match changed the player's purse and name.
#[derive(Clone, Debug)]
pub struct Settlement {
    pub result: MatchResult,
    pub purse_before: u32,
    pub purse_after: u32,
    pub reputation_before: u32,
    pub reputation_after: u32,
    pub opened: Vec<String>,
    /// The contender's last words, as the player leaves the table.
    pub parting: String,
}

/// Seconds left of the player's turn at a table with a time limit.
#[derive(Resource, Debug, Default)]
pub struct TurnClock {
    /// The turn being timed and the seconds left for it.
    pub running: Option<(u32, f32)>,
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Career::load())
        .init_resource::<TurnClock>()
        .add_systems(Update, (settle_wager, judge_lesson, judge_puzzle, run_turn_clock).in_set(GameSystems::Present));
}

/// Starts a campaign match with `contender` at `venue` (in the venue's game) for `stake`, the
/// player preferring `preferred` where the contender's conditions leave the choice; `game`
/// replaces the game the table starts (a screenshot of a late position).
#[allow(clippy::too_many_arguments)]
pub fn sit_down(
    commands: &mut Commands,
    games: &mut MessageWriter<GameCommand>,
    career: &Career,
    venue: usize,
    contender: Contender,
    stake: u32,
    preferred: Side,
    game: Option<Box<dyn AnyGame>>,
) -> Result<(), String> {
    let at = career.campaign.venues.get(venue).ok_or("no such venue")?;
    let table = Table::set(at.game, &contender.conditions, preferred)?;
    commands.insert_resource(Opponent::regular(table.player.opponent(), &contender.personality));
    let game = match game {
        Some(game) => game,
        None => new_game(table.game, Some(&table.start)).map_err(|e| e.to_string())?,
    };
    games.write(GameCommand::Start(game));
    let wager = Wager { venue, contender, stake, table, settled: None, timed_out: false };
    commands.insert_resource(Seat::Wager(Box::new(wager)));
    commands.insert_resource(TurnClock::default());
    Ok(())
}

/// Sets up lesson `index`: one turn for the first player. The second only answers inside it
/// (in Khalif a Guard striking back, a successor named), as the pub's weakest player would.
pub fn open_lesson(commands: &mut Commands, games: &mut MessageWriter<GameCommand>, career: &Career, index: usize) {
    let Some(lesson) = career.lessons.get(index) else { return };
    let Some(game) = lesson.position().ok().and_then(|p| new_game(lesson.game, Some(&p)).ok()) else { return };
    commands.insert_resource(Opponent::level(Side::Second, "The pupil's partner", 1));
    commands.insert_resource(Seat::Lesson { index, verdict: None });
    games.write(GameCommand::Start(game));
}

/// Sets up puzzle `index`, the engine's strongest level defending.
pub fn open_puzzle(commands: &mut Commands, games: &mut MessageWriter<GameCommand>, career: &Career, index: usize) {
    let Some(puzzle) = career.puzzles.get(index) else { return };
    let Ok(game) = new_game(puzzle.game, Some(&puzzle.position)) else { return };
    let defender = game.board().side_to_move.opponent();
    commands.insert_resource(Opponent::level(defender, "The defence", LEVELS));
    commands.insert_resource(Seat::Puzzle { index, verdict: None });
    games.write(GameCommand::Start(game));
}

/// A free match: nothing at stake, nothing to judge.
pub fn leave_seat(commands: &mut Commands) {
    commands.remove_resource::<Seat>();
    commands.remove_resource::<Opponent>();
}

/// How many turns `side` has completed in `game` (a puzzle's turns used).
pub fn turns_played_by(game: &dyn AnyGame, side: Side) -> usize {
    game.history().iter().filter(|t| t.side == side).count()
}

/// How the game ended for the player of `side`.
fn result_for(outcome: Outcome, side: Side) -> MatchResult {
    match outcome {
        Outcome::Win { winner, .. } if winner == side => MatchResult::Won,
        Outcome::Win { .. } => MatchResult::Lost,
        Outcome::DrawAgreed | Outcome::DrawRepeated => MatchResult::Drawn,
    }
}

/// Keeps the table's takeback rule while a campaign match is played, and settles the match
/// once it is over: purse, reputation, record, venues opened, and the profile written. The
/// result is final: no takebacks after it.
fn settle_wager(
    seat: Option<ResMut<Seat>>,
    mut career: ResMut<Career>,
    mut session: ResMut<Session>,
    animating: Query<(), With<Animating>>,
) {
    let Some(mut seat) = seat else { return };
    let Seat::Wager(wager) = &mut *seat else { return };
    if wager.settled.is_some() {
        return;
    }
    if session.takebacks != wager.table.takebacks {
        session.takebacks = wager.table.takebacks; // the table's rule, from its first frame
    }
    if !finished(&session, &animating) {
        return;
    }
    let Some(outcome) = session.game.outcome() else { return };
    let result = result_for(outcome, wager.table.player);
    let career = &mut *career;
    let (purse_before, reputation_before) = (career.profile.purse, career.profile.reputation);
    let opened = career.profile.record(&career.campaign, &wager.contender.name, wager.stake, result);
    let turn = session.game.turn_number();
    let banter = &wager.contender.personality.banter;
    let parting = match result {
        MatchResult::Won => banter.parting(Some(false), turn),
        MatchResult::Lost => banter.parting(Some(true), turn),
        MatchResult::Drawn => banter.parting(None, turn),
    };
    wager.settled = Some(Settlement {
        result,
        purse_before,
        purse_after: career.profile.purse,
        reputation_before,
        reputation_after: career.profile.reputation,
        opened,
        parting: parting.to_string(),
    });
    session.takebacks = false;
    career.save();
}

/// Whether everything played so far is shown and no turn is half done: the moment to judge.
fn played_out(session: &Session, animating: &Query<(), With<Animating>>) -> bool {
    session.is_idle() && animating.is_empty() && !session.game.is_mid_turn()
}

/// Ends a lesson or puzzle: keeps the verdict, takes no more moves, and sends the opponent home.
fn conclude(verdict: &mut Option<bool>, solved: bool, session: &mut Session, commands: &mut Commands) {
    *verdict = Some(solved);
    session.closed = true;
    session.takebacks = false; // retry starts it afresh
    commands.remove_resource::<Opponent>();
}

/// A lesson is one turn: once it is played out, the core's events say whether it met the goal.
fn judge_lesson(
    seat: Option<ResMut<Seat>>,
    mut career: ResMut<Career>,
    mut session: ResMut<Session>,
    animating: Query<(), With<Animating>>,
    mut commands: Commands,
) {
    let Some(mut seat) = seat else { return };
    let Seat::Lesson { index, verdict } = &mut *seat else { return };
    if verdict.is_some() || !played_out(&session, &animating) {
        return;
    }
    let history = session.game.history();
    let Some(played) = history.first() else { return };
    let Some(after) = session.game.board_after(1) else { return };
    let career = &mut *career;
    let Some(lesson) = career.lessons.get(*index) else { return };
    let met = lesson.is_met(&played.effects, &after, played.side);
    conclude(verdict, met, &mut session, &mut commands);
    if met && career.profile.lessons_done.insert(lesson.title.clone()) {
        career.save();
    }
}

/// A puzzle is solved when the player wins within its number of turns, and failed when the
/// turns run out first or the defence wins.
fn judge_puzzle(
    seat: Option<ResMut<Seat>>,
    mut career: ResMut<Career>,
    mut session: ResMut<Session>,
    animating: Query<(), With<Animating>>,
    mut commands: Commands,
) {
    let Some(mut seat) = seat else { return };
    let Seat::Puzzle { index, verdict } = &mut *seat else { return };
    if verdict.is_some() || !played_out(&session, &animating) {
        return;
    }
    let career = &mut *career;
    let Some(puzzle) = career.puzzles.get(*index) else { return };
    let player = session.game.board_after(0).map_or(Side::First, |b| b.side_to_move);
    let turns_played = turns_played_by(session.game.as_ref(), player);
    let solved = match session.game.outcome() {
        Some(outcome) => result_for(outcome, player) == MatchResult::Won,
        None if turns_played >= puzzle.turns as usize => false,
        None => return,
    };
    conclude(verdict, solved, &mut session, &mut commands);
    if solved && career.profile.puzzles_solved.insert(puzzle.name.clone()) {
        career.save();
    }
}

/// At a table with a time limit, the player's clock runs while the player is to decide; when
/// it runs out the player forfeits (the table's rule, resolved as a resignation, K6.3).
fn run_turn_clock(
    time: Res<Time>,
    seat: Option<ResMut<Seat>>,
    session: Res<Session>,
    mut clock: ResMut<TurnClock>,
    mut games: MessageWriter<GameCommand>,
) {
    let Some(mut seat) = seat else { return };
    let Seat::Wager(wager) = &mut *seat else { return };
    let Some(limit) = wager.table.turn_limit else { return };
    let to_decide = session.game.prompt().is_some_and(|p| p.side == wager.table.player);
    if !to_decide || !session.is_idle() || session.game.draw_offer().is_some() {
        return;
    }
    let turn = session.game.turn_number();
    let left = match clock.running {
        Some((timed, left)) if timed == turn => left - time.delta_secs(),
        _ => limit as f32,
    };
    clock.running = Some((turn, left.max(0.0)));
    if left <= 0.0 && !wager.timed_out {
        wager.timed_out = true;
        games.write(GameCommand::Resign);
    }
}
