//! The pub's AI opponent at the table: it thinks off the main thread so the frame never
//! freezes, then takes its decisions through the same `PlayerDecision` messages as a person.
//! Decisions of its own inside the other side's turn (a successor, a retaliating Guard) are
//! taken at once by judging each option.

use std::sync::{Arc, Mutex};

use bevy::prelude::*;

use super::GameSystems;
use super::session::{PlayerDecision, Session};
use super::stages::Animating;
use crate::ai::arena::Player;
use crate::ai::{Weights, evaluate};
use crate::rules::khalif::{Decision, Pending, Side, Turn, TurnState};

/// Who sits across the table, when playing against the pub.
#[derive(Resource, Clone, Debug)]
pub struct Opponent {
    pub side: Side,
    pub player: Player,
}

/// A search running on another thread, and the turn it settled on (with the turn number it
/// was planned for, so a plan never outlives its turn).
#[derive(Resource, Default)]
pub struct Thinking {
    /// Filled by the thinking thread when it is done: `Some(best turn or none)`.
    running: Option<Arc<Mutex<Option<Option<Turn>>>>>,
    planned: Option<(u32, Turn)>,
}

impl Thinking {
    /// Whether the opponent is thinking now (for the HUD's cue).
    pub fn is_thinking(&self) -> bool {
        self.running.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>().add_systems(Update, play_for_the_pub.in_set(GameSystems::Input));
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

fn play_for_the_pub(
    opponent: Option<Res<Opponent>>,
    mut thinking: ResMut<Thinking>,
    session: Res<Session>,
    animating: Query<(), With<Animating>>,
    mut decisions: MessageWriter<PlayerDecision>,
) {
    let Some(opponent) = opponent else { return };
    let Some(pending) = session.game.pending() else { return };
    if pending.side() != opponent.side || !session.is_idle() || !animating.is_empty() || session.view.is_some() {
        return;
    }
    if let Some(slot) = &thinking.running {
        let Some(result) = slot.lock().map(|mut s| s.take()).unwrap_or(Some(None)) else { return };
        let number = session.game.position().turn_number();
        thinking.planned = result.map(|turn| (number, turn));
        thinking.running = None;
    }
    let state = session.game.current();
    let number = state.position().turn_number();
    let plan = thinking.planned.filter(|(n, _)| *n == number && state.mover() == opponent.side).map(|(_, t)| t);
    if plan.is_none() && matches!(pending, Pending::Primary { .. }) {
        let slot = Arc::new(Mutex::new(None));
        let (pos, player, done) = (*session.game.position(), opponent.player.clone(), slot.clone());
        std::thread::spawn(move || {
            let best = player.searcher().search(&pos, &player.limits).best;
            if let Ok(mut done) = done.lock() {
                *done = Some(best);
            }
        });
        thinking.running = Some(slot);
        return;
    }
    let decision = plan.and_then(|turn| state.decision_of(&turn)).or_else(|| judge_options(state, opponent.side));
    if let Some(decision) = decision {
        decisions.write(PlayerDecision(decision));
    }
}
