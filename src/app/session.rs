//! The match in progress: the core's game (any pub game, through `AnyGame`), the board as
//! shown so far, and the core's effects still waiting to be staged. Players' choices go to
//! the core here and nowhere else.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::GameSystems;
use crate::play::{AnyGame, new_game};
use crate::rules::GameId;
use crate::rules::geometry::Geometry;
use crate::rules::view::{Board, Cell, Choice, Effect, Staged as CoreStaged};

/// The match being played.
#[derive(Resource)]
pub struct Session {
    pub game: Box<dyn AnyGame>,
    /// The board the world shows: the core's board with the queued effects not yet applied.
    pub shown: Board,
    /// Effects the core reported that the stage systems have not shown yet, in order.
    pub queue: VecDeque<CoreStaged>,
    /// Why the last attempted move was refused, for the HUD.
    pub refusal: Option<String>,
    /// The last turn's first move, for the last-move marks.
    pub last_move: Option<(Cell, Cell)>,
    /// While browsing the move list: the number of turns after which the board is shown.
    pub view: Option<usize>,
    /// Whether a turn may be taken back (a table's "no takebacks", or a settled wager).
    pub takebacks: bool,
    /// No more decisions are taken: the lesson's one turn is done, or the puzzle is over.
    pub closed: bool,
}

impl Session {
    pub fn new(game: Box<dyn AnyGame>) -> Session {
        Session {
            shown: game.board(),
            last_move: game.history().last().map(|t| t.primary),
            game,
            queue: VecDeque::new(),
            refusal: None,
            view: None,
            takebacks: true,
            closed: false,
        }
    }

    /// The board to draw: an earlier one while browsing the move list, else the shown one.
    pub fn displayed(&self) -> Board {
        self.view.and_then(|n| self.game.board_after(n)).unwrap_or_else(|| self.shown.clone())
    }

    /// Whether everything the core reported has been shown, so players may act again.
    pub fn is_idle(&self) -> bool {
        self.queue.is_empty()
    }

    /// The board's cells, names and shape.
    pub fn geometry(&self) -> &'static Geometry {
        self.game.geometry()
    }

    /// The name of a cell (`e4`).
    pub fn name(&self, cell: Cell) -> &str {
        &self.geometry().place(cell).name
    }
}

impl Default for Session {
    fn default() -> Session {
        Session::new(new_game(GameId::Khalif, None).expect("the start position is valid"))
    }
}

/// A choice made by a player (by pointer, keyboard or HUD), or by the pub's AI.
#[derive(Message, Clone, Copy, Debug)]
pub struct PlayerDecision(pub Choice);

/// One core effect as it is shown on the board, written by the stage that showed it.
#[derive(Message, Clone, Copy, Debug)]
pub struct Staged(pub Effect);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Session>()
        .add_message::<PlayerDecision>()
        .add_message::<Staged>()
        .add_systems(Update, take_decisions.in_set(GameSystems::Decide));
}

/// Hands the players' choices to the core and queues what happened for the stages.
fn take_decisions(mut decisions: MessageReader<PlayerDecision>, mut session: ResMut<Session>) {
    for PlayerDecision(choice) in decisions.read().copied() {
        if !session.is_idle() || session.closed {
            continue;
        }
        match session.game.decide(choice) {
            Ok(staged) => {
                session.refusal = None;
                if let Choice::Move { from, to } = choice {
                    session.last_move = Some((from, to));
                }
                session.queue.extend(staged);
            }
            Err(refusal) => session.refusal = Some(refusal),
        }
    }
}
