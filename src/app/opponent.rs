//! The pub's AI opponent at the table: it thinks off the main thread so the frame never
//! freezes (on the web, which has no threads, it resumes its search a slice of a few
//! milliseconds per frame), then takes its decisions through the same `PlayerDecision` messages as a person.
//! Decisions of its own inside the other side's turn (a successor, a retaliating Guard) are
//! taken at once by judging each option. It answers and makes draw offers (K6.4) and, when
//! it is one of the regulars, talks.

use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use web_time::Instant;

use super::GameSystems;
use super::commands::GameCommand;
use super::session::{PlayerDecision, Session};
use super::stages::Animating;
use crate::ai::arena::Player;
use crate::ai::draw::{Stalemate, accepts_draw, offers_draw};
use crate::ai::levels::{Banter, Personality};
use crate::ai::{Searcher, SlicedSearch, Weights, evaluate};
use crate::rules::Outcome;
use crate::rules::khalif::{Decision, Game, Kind, Pending, Position, Side, Turn, TurnState};

/// Who sits across the table, when playing against the pub.
#[derive(Resource, Clone, Debug)]
pub struct Opponent {
    pub side: Side,
    pub player: Player,
    /// The regular's banter, when the opponent is one of them.
    pub regular: Option<Personality>,
}

impl Opponent {
    /// A regular of the pub playing `side`.
    pub fn regular(side: Side, personality: &Personality) -> Opponent {
        Opponent { side, player: personality.player(), regular: Some(personality.clone()) }
    }
}

/// What a finished search sends back: the turn to play and its score for the searcher.
type Verdict = Option<(Turn, i32)>;

/// A search under way.
enum Job {
    /// On a thread of its own, which fills the slot when it is done.
    Thread(Arc<Mutex<Option<Verdict>>>),
    /// Resumed a slice per frame; the slice's node count adapts to take about `SLICE_MS`.
    Sliced { searcher: Box<Searcher>, search: Box<SlicedSearch>, slice_nodes: u64 },
}

/// Milliseconds of search per frame where the search runs on the main thread (the web).
const SLICE_MS: f64 = 4.0;

impl Job {
    fn start(pos: Position, player: Player) -> Job {
        if cfg!(target_arch = "wasm32") {
            let mut searcher = Box::new(player.searcher());
            let search = Box::new(searcher.start(&pos, &player.limits));
            return Job::Sliced { searcher, search, slice_nodes: 2_000 };
        }
        let slot = Arc::new(Mutex::new(None));
        let done = slot.clone();
        std::thread::spawn(move || {
            let result = player.searcher().search(&pos, &player.limits);
            if let Ok(mut done) = done.lock() {
                *done = Some(result.best.map(|turn| (turn, result.score)));
            }
        });
        Job::Thread(slot)
    }

    /// The verdict once the search is done; `slice_ms` keeps the longest slice run in a frame.
    fn poll(&mut self, slice_ms: &mut f64) -> Option<Verdict> {
        match self {
            Job::Thread(slot) => slot.lock().map(|mut s| s.take()).unwrap_or(Some(None)),
            Job::Sliced { searcher, search, slice_nodes } => {
                let started = Instant::now();
                let result = searcher.resume(search, *slice_nodes);
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                *slice_ms = slice_ms.max(ms);
                *slice_nodes = if ms < SLICE_MS * 0.75 {
                    (*slice_nodes + *slice_nodes / 4).min(1_000_000)
                } else if ms > SLICE_MS * 1.25 {
                    (*slice_nodes * 3 / 4).max(256)
                } else {
                    *slice_nodes
                };
                result.map(|r| r.best.map(|turn| (turn, r.score)))
            }
        }
    }
}

/// The search under way, and the turn it settled on (with the turn number it was planned
/// for, so a plan never outlives its turn).
#[derive(Resource, Default)]
pub struct Thinking {
    running: Option<Job>,
    planned: Option<(u32, Turn)>,
    /// The last search's score for the opponent: how it judges a draw offer.
    last_score: i32,
    /// The turn on which the opponent last offered a draw (one offer per turn).
    offered_on: Option<u32>,
    /// The longest slice of search run in one frame so far, in milliseconds (web build).
    pub longest_slice_ms: f64,
}

impl Thinking {
    /// Whether the opponent is thinking now (for the HUD's cue).
    pub fn is_thinking(&self) -> bool {
        self.running.is_some()
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
    viziers: Option<u32>,
    ended: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .init_resource::<Speech>()
        .init_resource::<BanterMemory>()
        .add_systems(Update, (answer_draw_offers, play_for_the_pub).chain().in_set(GameSystems::Input))
        .add_systems(Update, (banter, fade_speech).chain().in_set(GameSystems::Present));
}

/// The best of the open options for `side`, judged one step ahead.
fn judge_options(state: &TurnState, side: Side) -> Option<Decision> {
    let weights = Weights::default();
    state.options().into_iter().max_by_key(|&option| {
        let mut trial = state.clone();
        let _ = trial.decide(option);
        let mut pos = *trial.position();
        pos.set_side_to_move(side);
        evaluate(&pos, &weights)
    })
}

/// How stuck the game in `session` is, from its whole history.
fn stalemate_of(game: &Game) -> Stalemate {
    let positions: Vec<_> = (0..=game.history().len()).filter_map(|n| game.position_after(n)).collect();
    Stalemate::of(&positions)
}

fn say(speech: &mut Speech, opponent: &Opponent, line: Option<&str>) {
    if let (Some(regular), Some(line)) = (&opponent.regular, line) {
        speech.line = Some((regular.name.clone(), line.to_string()));
        speech.seconds_left = 6.0;
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
    if session.game.draw_offer() != Some(opponent.side.opponent()) || thinking.is_thinking() {
        return;
    }
    let accept = accepts_draw(thinking.last_score, stalemate_of(&session.game));
    commands.write(GameCommand::AnswerDraw { side: opponent.side, accept });
    let line = if accept { "A draw, then. Fair enough." } else { "No. We play on." };
    say(&mut speech, &opponent, Some(line));
}

fn play_for_the_pub(
    opponent: Option<Res<Opponent>>,
    mut thinking: ResMut<Thinking>,
    session: Res<Session>,
    animating: Query<(), With<Animating>>,
    mut decisions: MessageWriter<PlayerDecision>,
    mut commands: MessageWriter<GameCommand>,
) {
    let Some(opponent) = opponent else { return };
    let Some(pending) = session.game.pending() else { return };
    let waiting = !session.is_idle() || !animating.is_empty() || session.view.is_some();
    if pending.side() != opponent.side || waiting || session.game.draw_offer().is_some() {
        return;
    }
    let thinking = &mut *thinking;
    if let Some(job) = &mut thinking.running {
        let Some(verdict) = job.poll(&mut thinking.longest_slice_ms) else { return };
        let number = session.game.position().turn_number();
        thinking.planned = verdict.map(|(turn, _)| (number, turn));
        thinking.last_score = verdict.map_or(0, |(_, score)| score);
        thinking.running = None;
    }
    let state = session.game.current();
    let number = state.position().turn_number();
    let plan = thinking.planned.filter(|(n, _)| *n == number && state.mover() == opponent.side).map(|(_, t)| t);
    if plan.is_none() && matches!(pending, Pending::Primary { .. }) {
        thinking.running = Some(Job::start(*session.game.position(), opponent.player.clone()));
        return;
    }
    if matches!(pending, Pending::Primary { .. })
        && thinking.offered_on != Some(number)
        && offers_draw(thinking.last_score, stalemate_of(&session.game))
    {
        thinking.offered_on = Some(number);
        commands.write(GameCommand::OfferDraw(opponent.side));
        return;
    }
    let decision = plan.and_then(|turn| state.decision_of(&turn)).or_else(|| judge_options(state, opponent.side));
    if let Some(decision) = decision {
        decisions.write(PlayerDecision(decision));
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
    let Some(regular) = &opponent.regular else { return };
    let lines: &Banter = &regular.banter;
    let pos = *session.game.position();
    let turn = pos.turn_number();
    let viziers = pos.pieces(opponent.side, Kind::Vizier).count();
    let start = *session.game.start();
    let theirs_now = pos.side(opponent.side.opponent()).count();
    let theirs_at_start = start.side(opponent.side.opponent()).count();
    let line = if !memory.greeted {
        memory.greeted = true;
        Banter::pick(&lines.opening, turn)
    } else if !memory.first_capture && theirs_now < theirs_at_start {
        memory.first_capture = true;
        Banter::pick(&lines.first_capture, turn)
    } else if memory.viziers.is_some_and(|before| viziers < before) {
        Banter::pick(&lines.lost_vizier, turn)
    } else if !memory.ended
        && matches!(session.game.outcome(), Some(Outcome::Win { winner, .. }) if winner == opponent.side)
    {
        memory.ended = true;
        Banter::pick(&lines.winning, turn)
    } else {
        None
    };
    memory.viziers = Some(viziers);
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
