//! The match in progress: the core's game, the board as shown so far, and the core's events
//! still waiting to be staged. Players' decisions go to the core here and nowhere else.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::GameSystems;
use crate::rules::khalif::{Decision, DecisionError, Event, Game, GameError, Position, Square};

/// The match being played.
#[derive(Resource)]
pub struct Session {
    pub game: Game,
    /// The board the world shows: the core's position with the queued events not yet applied.
    pub shown: Position,
    /// Events the core reported that the stage systems have not shown yet, in order.
    pub queue: VecDeque<Event>,
    /// Why the last attempted move was refused, for the HUD.
    pub refusal: Option<String>,
    /// The last primary move, for the last-move marks.
    pub last_move: Option<(Square, Square)>,
    /// While browsing the move list: the number of turns after which the board is shown.
    pub view: Option<usize>,
    /// Whether a turn may be taken back (a table's "no takebacks", or a settled wager).
    pub takebacks: bool,
    /// No more decisions are taken: the lesson's one turn is done, or the puzzle is over.
    pub closed: bool,
}

impl Session {
    pub fn new(game: Game) -> Session {
        Session {
            shown: *game.position(),
            game,
            queue: VecDeque::new(),
            refusal: None,
            last_move: None,
            view: None,
            takebacks: true,
            closed: false,
        }
    }

    /// The board to draw: an earlier position while browsing the move list, else the shown one.
    pub fn displayed(&self) -> Position {
        self.view.and_then(|n| self.game.position_after(n)).unwrap_or(self.shown)
    }

    /// Whether everything the core reported has been shown, so players may act again.
    pub fn is_idle(&self) -> bool {
        self.queue.is_empty()
    }
}

impl Default for Session {
    fn default() -> Session {
        Session::new(Game::new(Position::start()))
    }
}

/// A decision taken by a player (by pointer, keyboard or HUD).
#[derive(Message, Clone, Copy, Debug)]
pub struct PlayerDecision(pub Decision);

/// One core event as it is shown on the board, written by the stage that showed it.
#[derive(Message, Clone, Copy, Debug)]
pub struct Staged(pub Event);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Session>()
        .add_message::<PlayerDecision>()
        .add_message::<Staged>()
        .add_systems(Update, take_decisions.in_set(GameSystems::Decide));
}

/// Hands the players' decisions to the core and queues what happened for the stages.
fn take_decisions(mut decisions: MessageReader<PlayerDecision>, mut session: ResMut<Session>) {
    for PlayerDecision(decision) in decisions.read().copied() {
        if !session.is_idle() || session.closed {
            continue;
        }
        match session.game.decide(decision) {
            Ok(events) => {
                session.refusal = None;
                if let Decision::Primary { from, to } = decision {
                    session.last_move = Some((from, to));
                }
                session.queue.extend(events);
            }
            Err(GameError::Decision(DecisionError::IllegalMove { refusal })) => {
                session.refusal = Some(refusal.to_string());
            }
            Err(other) => session.refusal = Some(other.to_string()),
        }
    }
}
