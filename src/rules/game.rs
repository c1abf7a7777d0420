//! A whole game of any pub game: the turns played so far, the turn in progress, undo and redo,
//! resignation, draws by agreement and, where the game has it, the draw by repetition.
//! Front ends (terminal, 3D) drive a game through this type.

use super::shape::{Rules, TurnMachine, replay};
use super::{Outcome, Side, WinReason};

type Event<R> = <<R as Rules>::Machine as TurnMachine>::Event;
type Decision<R> = <<R as Rules>::Machine as TurnMachine>::Decision;
type Pending<R> = <<R as Rules>::Machine as TurnMachine>::Pending;

/// One finished turn in a game's history.
#[derive(Clone, Debug)]
pub struct PlayedTurn<R: Rules> {
    /// The position the turn started from.
    pub before: R::Position,
    pub turn: R::Turn,
    /// What happened, in order.
    pub events: Vec<Event<R>>,
    /// The turn in the game's notation.
    pub notation: String,
}

/// Why a game-level action was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GameError {
    #[error("the game is over")]
    Over,
    #[error("no draw has been offered to that player")]
    NoDrawOffered(Side),
    /// The rules refused a decision; the text says why, with the rule.
    #[error("{0}")]
    Refused(String),
}

/// A game from a start position.
#[derive(Clone, Debug)]
pub struct Game<R: Rules> {
    start: R::Position,
    history: Vec<PlayedTurn<R>>,
    /// Turns taken back with undo, the most recently undone last, for redo.
    undone: Vec<R::Turn>,
    /// The turn in progress and the position it started from.
    current: R::Machine,
    turn_start: R::Position,
    turn_events: Vec<Event<R>>,
    /// A result decided off the board: resignation or agreement.
    settled: Option<Outcome>,
    draw_offer: Option<Side>,
}

impl<R: Rules> Game<R> {
    pub fn new(start: R::Position) -> Game<R> {
        Game {
            start,
            history: Vec::new(),
            undone: Vec::new(),
            current: R::Machine::begin(start),
            turn_start: start,
            turn_events: Vec::new(),
            settled: None,
            draw_offer: None,
        }
    }

    pub fn start(&self) -> &R::Position {
        &self.start
    }

    /// The board now, mid-turn included.
    pub fn position(&self) -> &R::Position {
        self.current.position()
    }

    /// The turn in progress.
    pub fn current(&self) -> &R::Machine {
        &self.current
    }

    /// The position the turn in progress started from.
    pub fn turn_start(&self) -> &R::Position {
        &self.turn_start
    }

    /// The events of the turn in progress so far.
    pub fn turn_events(&self) -> &[Event<R>] {
        &self.turn_events
    }

    pub fn history(&self) -> &[PlayedTurn<R>] {
        &self.history
    }

    /// The position after `n` finished turns (0 is the start), for browsing the move list.
    pub fn position_after(&self, n: usize) -> Option<R::Position> {
        match self.history.get(n) {
            Some(played) => Some(played.before),
            None if n == self.history.len() => Some(self.turn_start),
            None => None,
        }
    }

    /// What must be decided now, or `None` when the game is over.
    pub fn pending(&self) -> Option<Pending<R>> {
        if self.outcome().is_some() { None } else { self.current.pending() }
    }

    /// Whether a turn has begun and still waits for a decision.
    pub fn is_mid_turn(&self) -> bool {
        self.pending().is_some() && !self.turn_events.is_empty()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.settled.or(self.current.outcome()).or_else(|| self.repeated())
    }

    /// The draw by repetition, for games that have it: the position at the start of the turn
    /// now has stood there twice before, with the same side to move.
    fn repeated(&self) -> Option<Outcome> {
        if !R::REPETITION_DRAWS || !self.turn_events.is_empty() {
            return None;
        }
        let now = R::hash(&self.turn_start);
        let earlier = self.history.iter().filter(|t| R::hash(&t.before) == now).count();
        (earlier >= 2).then_some(Outcome::DrawRepeated)
    }

    /// The side that has offered a draw not yet answered.
    pub fn draw_offer(&self) -> Option<Side> {
        self.draw_offer
    }

    /// Takes one decision of the turn in progress.
    pub fn decide(&mut self, decision: Decision<R>) -> Result<Vec<Event<R>>, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::Over);
        }
        let events = self.current.decide(decision).map_err(|e| GameError::Refused(e.to_string()))?;
        self.turn_events.extend(events.iter().copied());
        if self.current.is_finished() {
            self.finish_turn();
            self.undone.clear();
        }
        Ok(events)
    }

    /// Plays a complete turn (generated, parsed from notation, or chosen by the AI),
    /// abandoning a turn in progress first.
    pub fn play_turn(&mut self, turn: &R::Turn) -> Result<Vec<Event<R>>, GameError> {
        let events = self.play_turn_keeping_redo(turn)?;
        self.undone.clear();
        Ok(events)
    }

    fn play_turn_keeping_redo(&mut self, turn: &R::Turn) -> Result<Vec<Event<R>>, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::Over);
        }
        self.abandon_turn();
        let events = replay::<R::Machine>(&self.turn_start, turn).map_err(GameError::Refused)?;
        let mut after = self.turn_start;
        R::play(&mut after, turn);
        self.turn_events = events.clone();
        self.current = R::Machine::begin(after);
        self.push_history(*turn);
        Ok(events)
    }

    /// Records the finished turn in progress and starts the next one.
    fn finish_turn(&mut self) {
        let turn = self.current.turn();
        let after = *self.current.position();
        let outcome = self.current.outcome();
        self.current = R::Machine::begin(after);
        debug_assert!(outcome.is_none() || self.current.outcome() == outcome);
        self.push_history(turn);
    }

    fn push_history(&mut self, turn: R::Turn) {
        let events = std::mem::take(&mut self.turn_events);
        let notation = R::write_events(&events);
        self.history.push(PlayedTurn { before: self.turn_start, turn, events, notation });
        self.turn_start = *self.current.position();
        self.draw_offer = None;
    }

    /// Drops the decisions of an unfinished turn; the board goes back to where the turn began.
    pub fn abandon_turn(&mut self) {
        if self.is_mid_turn() {
            self.current = R::Machine::begin(self.turn_start);
            self.turn_events.clear();
        }
    }

    /// Takes back the last action: a resignation or agreed draw, an unfinished turn, or the
    /// last finished turn (with a draw by repetition it made). Returns whether anything was
    /// taken back.
    pub fn undo(&mut self) -> bool {
        if self.settled.take().is_some() {
            return true;
        }
        if self.is_mid_turn() {
            self.abandon_turn();
            return true;
        }
        let Some(last) = self.history.pop() else { return false };
        self.undone.push(last.turn);
        self.turn_start = last.before;
        self.current = R::Machine::begin(last.before);
        self.turn_events.clear();
        self.draw_offer = None;
        true
    }

    /// Plays again the last turn taken back by [`Self::undo`].
    pub fn redo(&mut self) -> bool {
        let Some(turn) = self.undone.pop() else { return false };
        self.play_turn_keeping_redo(&turn).is_ok()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// `side` resigns; the opponent wins.
    pub fn resign(&mut self, side: Side) -> Result<Outcome, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::Over);
        }
        let outcome = Outcome::Win { winner: side.opponent(), reason: WinReason::Resignation };
        self.settled = Some(outcome);
        Ok(outcome)
    }

    /// `side` offers a draw; it stands until answered or a turn is finished.
    pub fn offer_draw(&mut self, side: Side) -> Result<(), GameError> {
        if self.outcome().is_some() {
            return Err(GameError::Over);
        }
        self.draw_offer = Some(side);
        Ok(())
    }

    /// `side` answers the opponent's offer. Accepting ends the game in a draw.
    pub fn answer_draw(&mut self, side: Side, accept: bool) -> Result<Option<Outcome>, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::Over);
        }
        if self.draw_offer != Some(side.opponent()) {
            return Err(GameError::NoDrawOffered(side));
        }
        self.draw_offer = None;
        if accept {
            self.settled = Some(Outcome::DrawAgreed);
        }
        Ok(self.settled)
    }

    /// Ends the game with a result decided off the board (loading a record that says so).
    pub(crate) fn settle(&mut self, outcome: Outcome) {
        self.settled = Some(outcome);
    }
}
