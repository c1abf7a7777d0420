//! The pub's AI opponent at the table, in any game: it thinks off the main thread so the
//! frame never freezes (on the web, which has no threads, it resumes its search a slice of a
//! few milliseconds per frame), then takes its decisions through the same `PlayerDecision`
//! messages as a person.
//! Decisions of its own inside the other side's turn (a successor, a retaliating Guard) are
//! taken at once by judging each option. It answers draw offers (K6.4) and, when it is one of
//! the regulars, talks, offers draws and resigns a game it judges hopeless (K6.3). Unless the
//! settings say otherwise it never answers quicker than a person would.

use std::time::Duration;

use bevy::prelude::*;
use web_time::Instant;

use super::GameSystems;
use super::background::SearchJob;
use super::commands::GameCommand;
use super::session::{PlayerDecision, Session};
use super::settings::GameSettings;
use super::stages::Animating;
use crate::ai::ending::{Hopelessness, accepts_draw, offers_draw};
use crate::ai::levels::{Banter, Personality, StyleWeights};
use crate::play::Plan;
use crate::rules::view::Ask;
use crate::rules::{Outcome, Side};

/// Who sits across the table, when playing against the pub.
#[derive(Resource, Clone, Debug)]
pub struct Opponent {
    pub side: Side,
    /// How it plays: a regular's level, style and banter, or a plain level.
    pub personality: Personality,
    /// Whether it is a regular at the table, who talks, offers draws and resigns; the lessons'
    /// and puzzles' opponents do none of that.
    pub regular: bool,
}

impl Opponent {
    /// A regular of the pub playing `side`.
    pub fn regular(side: Side, personality: &Personality) -> Opponent {
        Opponent { side, personality: personality.clone(), regular: true }
    }

    /// A silent opponent of a plain level (1–14), with a name for the HUD.
    pub fn level(side: Side, name: &str, level: u8) -> Opponent {
        let neutral = StyleWeights { aggression: 1.0, caution: 1.0, leapers: 1.0, footmen: 1.0 };
        let banter = Banter {
            opening: Vec::new(),
            first_capture: Vec::new(),
            lost_vizier: Vec::new(),
            winning: Vec::new(),
            conceding: Vec::new(),
            resigning: Vec::new(),
        };
        let personality = Personality { name: name.to_string(), level, style: neutral, banter, patience: 0 };
        Opponent { side, personality, regular: false }
    }
}

/// The least time an opponent takes over a turn, from its start: a person glances at the
/// board even before an obvious answer. It varies by turn so the answers do not come like a
/// metronome; the levels that think longer than this are not slowed at all.
fn thinking_pause(turn_number: u32) -> Duration {
    Duration::from_millis(600 + u64::from(turn_number.wrapping_mul(7919) % 600))
}

/// The search under way, and the turn it settled on (with the turn number it was planned
/// for, so a plan never outlives its turn).
#[derive(Resource, Default)]
pub struct Thinking {
    running: Option<SearchJob>,
    /// When the opponent began its current turn's search.
    asked_at: Option<Instant>,
    /// Its turn is settled but it is still taking its moment over it (`thinking_pause`).
    pausing: bool,
    planned: Option<(u32, Plan)>,
    /// The last search's score for the opponent: how it judges a draw offer.
    last_score: i32,
    /// The turn on which the opponent last offered a draw (one offer per turn).
    offered_on: Option<u32>,
    /// How many of its turns in a row the opponent has judged its game hopeless.
    hopelessness: Hopelessness,
    /// Set when the opponent has just judged its game hopeless for the last of its patience.
    resigning: bool,
    /// The longest slice of search run in one frame so far, in milliseconds (web build).
    pub longest_slice_ms: f64,
}

impl Thinking {
    /// Whether the opponent is thinking now, its pause included (for the HUD's cue).
    pub fn is_thinking(&self) -> bool {
        self.running.is_some() || self.pausing
    }
}

/// The line the regular is saying, and for how much longer it shows.
#[derive(Resource, Default)]
pub struct Speech {
    pub line: Option<(String, String)>,
    pub seconds_left: f32,
}

/// What the regular has already reacted to in this game.
#[derive(Resource, Default)]
struct BanterMemory {
    greeted: bool,
    first_capture: bool,
    /// How many of its key pieces (Khalif's Viziers) the opponent had last frame.
    key_pieces: Option<u32>,
    ended: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .init_resource::<Speech>()
        .init_resource::<BanterMemory>()
        .add_systems(
            Update,
            (forget_the_last_game, answer_draw_offers, play_for_the_pub).chain().in_set(GameSystems::Input),
        )
        .add_systems(Update, (banter, fade_speech).chain().in_set(GameSystems::Present));
}

fn say(speech: &mut Speech, opponent: &Opponent, line: Option<&str>) {
    if let (true, Some(line)) = (opponent.regular, line) {
        speech.line = Some((opponent.personality.name.clone(), line.to_string()));
        speech.seconds_left = 6.0;
    }
}

/// A new game at the table starts with a fresh heart: the hopeless turns of the last one do
/// not count towards resigning this one.
fn forget_the_last_game(mut started: MessageReader<GameCommand>, mut thinking: ResMut<Thinking>) {
    if started.read().any(|c| matches!(c, GameCommand::Start(_))) {
        thinking.hopelessness = Hopelessness::default();
        thinking.resigning = false;
        thinking.pausing = false;
    }
}

/// The opponent answers a draw offer from the player at once (K6.4).
fn answer_draw_offers(
    opponent: Option<Res<Opponent>>,
    thinking: Res<Thinking>,
    session: Res<Session>,
    mut commands: MessageWriter<GameCommand>,
    mut speech: ResMut<Speech>,
) {
    let Some(opponent) = opponent else { return };
    // It answers once its search is done (its score judges the offer), pause or none.
    if session.game.draw_offer() != Some(opponent.side.opponent()) || thinking.running.is_some() {
        return;
    }
    let accept = accepts_draw(thinking.last_score, session.game.stalemate());
    commands.write(GameCommand::AnswerDraw { side: opponent.side, accept });
    let line = if accept { "A draw, then. Fair enough." } else { "No. We play on." };
    say(&mut speech, &opponent, Some(line));
}

#[allow(clippy::too_many_arguments)]
fn play_for_the_pub(
    opponent: Option<Res<Opponent>>,
    mut thinking: ResMut<Thinking>,
    session: Res<Session>,
    settings: Option<Res<GameSettings>>,
    animating: Query<(), With<Animating>>,
    mut decisions: MessageWriter<PlayerDecision>,
    mut commands: MessageWriter<GameCommand>,
    mut speech: ResMut<Speech>,
) {
    let Some(opponent) = opponent else { return };
    let Some(prompt) = session.game.prompt() else { return };
    let waiting = !session.is_idle() || !animating.is_empty() || session.view.is_some();
    if prompt.side != opponent.side || waiting || session.game.draw_offer().is_some() {
        return;
    }
    let thinking = &mut *thinking;
    let game = session.game.as_ref();
    let number = game.turn_number();
    if let Some(job) = &mut thinking.running {
        let Some(verdict) = job.poll(&mut thinking.longest_slice_ms) else { return };
        thinking.last_score = verdict.as_ref().map_or(0, |v| v.score);
        thinking.resigning = thinking.hopelessness.resigns(thinking.last_score, opponent.personality.patience);
        thinking.planned = verdict.map(|v| (number, v.plan));
        thinking.running = None;
    }
    // A plan is for the opponent's own turn: its number, with the opponent to move.
    let own_turn = game.board().side_to_move == opponent.side;
    let plan = thinking.planned.as_ref().filter(|(n, _)| *n == number && own_turn).map(|(_, plan)| plan);
    let starting = prompt.ask == Ask::Move;
    if plan.is_none() && starting {
        thinking.running = Some(SearchJob::start(game.think(&opponent.personality)));
        thinking.asked_at = Some(Instant::now());
        return;
    }
    let pausing = settings.is_none_or(|s| s.settings.thinking_pause);
    let asked_at = thinking.asked_at.filter(|_| starting && pausing);
    thinking.pausing = asked_at.is_some_and(|at| at.elapsed() < thinking_pause(number));
    if thinking.pausing {
        return;
    }
    if starting && opponent.regular && thinking.resigning {
        thinking.resigning = false;
        commands.write(GameCommand::Resign);
        let line = opponent.personality.banter.resignation(number);
        say(&mut speech, &opponent, Some(line));
        return;
    }
    let offers = opponent.regular && offers_draw(thinking.last_score, game.stalemate());
    if starting && thinking.offered_on != Some(number) && offers {
        thinking.offered_on = Some(number);
        commands.write(GameCommand::OfferDraw(opponent.side));
        return;
    }
    let choice = plan.and_then(|plan| game.plan_choice(plan)).or_else(|| game.judge_choice(opponent.side));
    if let Some(choice) = choice {
        decisions.write(PlayerDecision(choice));
    }
}

/// The regular's lines at the moments of the game its banter names.
fn banter(
    opponent: Option<Res<Opponent>>,
    session: Res<Session>,
    mut started: MessageReader<GameCommand>,
    mut memory: ResMut<BanterMemory>,
    mut speech: ResMut<Speech>,
) {
    if started.read().any(|c| matches!(c, GameCommand::Start(_))) {
        *memory = BanterMemory::default(); // a new game at the table
        *speech = Speech::default();
    }
    let Some(opponent) = opponent else { return };
    if !opponent.regular {
        return;
    }
    let lines: &Banter = &opponent.personality.banter;
    let game = session.game.as_ref();
    let turn = game.turn_number();
    let key_pieces = game.key_pieces(opponent.side);
    let theirs_now = game.board().cells_of(opponent.side.opponent()).count();
    let theirs_at_start = game.board_after(0).map_or(0, |b| b.cells_of(opponent.side.opponent()).count());
    let line = if !memory.greeted {
        memory.greeted = true;
        Banter::pick(&lines.opening, turn)
    } else if !memory.first_capture && theirs_now < theirs_at_start {
        memory.first_capture = true;
        Banter::pick(&lines.first_capture, turn)
    } else if memory.key_pieces.is_some_and(|before| key_pieces < before) {
        Banter::pick(&lines.lost_vizier, turn)
    } else if !memory.ended
        && matches!(session.game.outcome(), Some(Outcome::Win { winner, .. }) if winner == opponent.side)
    {
        memory.ended = true;
        Banter::pick(&lines.winning, turn)
    } else {
        None
    };
    memory.key_pieces = Some(key_pieces);
    say(&mut speech, &opponent, line);
}

fn fade_speech(time: Res<Time>, mut speech: ResMut<Speech>) {
    if speech.line.is_some() {
        speech.seconds_left -= time.delta_secs();
        if speech.seconds_left <= 0.0 {
            speech.line = None;
        }
    }
}
