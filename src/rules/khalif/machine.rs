//! The turn as an explicit state machine whose stages are K5's: move, succession,
//! retaliation, chained capture, turn end. It exposes the pending decision (which side
//! decides, from which options) and reports what each decision made happen, so a front end
//! can animate the turn stage by stage. Forced stages (one option) resolve by themselves.

use super::movegen::{has_primary_move, primary_destinations};
use super::resolve::{chain_targets, retaliators, succeed, successors};
use super::turn::{Chain, Resolution, Turn};
use super::why::{Refusal, why_not};
use super::{Bitboard, Kind, Piece, Position, Side, Square};
use crate::rules::{Outcome, WinReason};

/// The stages of a turn (K5.1–K5.6), in the order they run.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Stage {
    Move,
    Succession,
    Retaliation,
    ChainedCapture,
    TurnEnd,
}

/// A decision open to a player inside a turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Decision {
    /// K5.1: the mover's primary move.
    Primary { from: Square, to: Square },
    /// K5.2: which Vizier succeeds the captured Khalif.
    Successor(Square),
    /// K5.3: which Guard (by its square) retaliates.
    Retaliator(Square),
    /// K5.4: the Djinn's second capture, onto this square.
    SecondCapture(Square),
    /// K5.4: no second capture.
    Decline,
}

/// What is waiting to be decided, by whom, among which squares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pending {
    /// The mover picks a primary move.
    Primary { side: Side },
    /// `side` lost its Khalif and picks which of these Viziers succeeds (K5.2).
    Successor { side: Side, candidates: Bitboard },
    /// `side` picks which of these Guards retaliates on `square` (K5.3).
    Retaliator { side: Side, square: Square, guards: Bitboard },
    /// `side`'s Djinn on `from` may capture on one of `targets`, or decline (K5.4).
    SecondCapture { side: Side, from: Square, targets: Bitboard },
}

impl Pending {
    /// The side that must decide (not always the side whose turn it is).
    pub fn side(self) -> Side {
        match self {
            Pending::Primary { side }
            | Pending::Successor { side, .. }
            | Pending::Retaliator { side, .. }
            | Pending::SecondCapture { side, .. } => side,
        }
    }

    pub fn stage(self) -> Stage {
        match self {
            Pending::Primary { .. } => Stage::Move,
            Pending::Successor { .. } => Stage::Succession,
            Pending::Retaliator { .. } => Stage::Retaliation,
            Pending::SecondCapture { .. } => Stage::ChainedCapture,
        }
    }
}

/// Something that happened during a turn, in order. Captures are part of the move that made them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// K5.1: the primary move, with what it captured.
    Moved { piece: Piece, from: Square, to: Square, captured: Option<Piece> },
    /// K5.2: the Vizier on `square` became `side`'s Khalif.
    Succeeded { side: Side, square: Square },
    /// K5.3: a Guard dashed from `from` and took the capturer on `to`.
    Retaliated { guard: Piece, from: Square, to: Square, captured: Piece },
    /// K5.4: the Djinn's second capture.
    Chained { djinn: Piece, from: Square, to: Square, captured: Piece },
    /// K6.1: `side`'s Khalif was captured with no Vizier to succeed; the game is over.
    KhalifLost { side: Side },
    /// K5.6: the turn is over and `next` is to move (also after a turn that ended the game).
    TurnEnded { next: Side },
    /// K6: the game is over.
    GameOver(Outcome),
}

impl Event {
    /// Replays this event onto a board, mechanically (no rule is decided here): front ends keep
    /// the board they show one event behind the core and check it against the core's position.
    pub fn apply(self, pos: &mut Position) {
        match self {
            Event::Moved { from, to, .. } | Event::Retaliated { from, to, .. } | Event::Chained { from, to, .. } => {
                pos.relocate(from, to);
            }
            Event::Succeeded { square, .. } => succeed(pos, square),
            Event::TurnEnded { .. } => pos.pass_turn(),
            Event::KhalifLost { .. } | Event::GameOver(_) => {}
        }
    }

    /// The K5 stage this event belongs to.
    pub fn stage(self) -> Stage {
        match self {
            Event::Moved { .. } => Stage::Move,
            Event::Succeeded { .. } | Event::KhalifLost { .. } => Stage::Succession,
            Event::Retaliated { .. } => Stage::Retaliation,
            Event::Chained { .. } => Stage::ChainedCapture,
            Event::TurnEnded { .. } | Event::GameOver(_) => Stage::TurnEnd,
        }
    }
}

/// Why a decision was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum DecisionError {
    #[error("{refusal} ({})", refusal.rule())]
    IllegalMove { refusal: Refusal },
    #[error("that decision does not answer what is pending ({0:?})")]
    NotPending(Pending),
    #[error("{square} is not one of the choices open now")]
    NotAnOption { square: Square },
    #[error("the game is over")]
    GameOver,
}

/// Where in the resolution of a capture the machine stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    AwaitPrimary,
    AwaitSuccessor { capture: Capture },
    AwaitRetaliator { capture: Capture },
    AwaitCounterSuccessor,
    AwaitSecondCapture { from: Square },
    Finished,
}

/// A capture under resolution: where, whose piece was taken, and whether it is the second.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Capture {
    square: Square,
    victim: Side,
    second: bool,
}

/// One turn being resolved, from the primary move to the hand-over (K5).
#[derive(Clone, Debug)]
pub struct TurnState {
    position: Position,
    mover: Side,
    turn: Turn,
    phase: Phase,
    outcome: Option<Outcome>,
}

impl TurnState {
    /// Starts the turn of the side to move in `position`. A position whose side to move has no
    /// legal move, or with a side missing its Khalif, is already over (K6.1, K6.2).
    pub fn new(position: Position) -> TurnState {
        let mover = position.side_to_move();
        let mut state = TurnState {
            position,
            mover,
            turn: Turn::plain(Square::from_index(0), Square::from_index(0)),
            phase: Phase::AwaitPrimary,
            outcome: None,
        };
        if let Some(loser) = Side::BOTH.into_iter().find(|&s| position.khalif(s).is_none()) {
            state.finish(Outcome::Win { winner: loser.opponent(), reason: WinReason::RoyalCaptured });
        } else if !has_primary_move(&position) {
            state.finish(Outcome::Win { winner: mover.opponent(), reason: WinReason::NoLegalMove });
        }
        state
    }

    /// The board as it stands now, mid-turn included.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The side whose turn this is.
    pub fn mover(&self) -> Side {
        self.mover
    }

    /// The decisions taken so far, as a complete turn once [`Self::is_finished`].
    pub fn turn(&self) -> Turn {
        self.turn
    }

    /// Whether the turn has been handed over (or the game ended).
    pub fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The current stage: the pending decision's, or `TurnEnd` once finished.
    pub fn stage(&self) -> Stage {
        self.pending().map_or(Stage::TurnEnd, Pending::stage)
    }

    /// What must be decided now, or `None` once the turn is over.
    pub fn pending(&self) -> Option<Pending> {
        let pos = &self.position;
        Some(match self.phase {
            Phase::Finished => return None,
            Phase::AwaitPrimary => Pending::Primary { side: self.mover },
            Phase::AwaitSuccessor { capture } => {
                Pending::Successor { side: capture.victim, candidates: successors(pos, capture.victim) }
            }
            Phase::AwaitRetaliator { capture } => Pending::Retaliator {
                side: capture.victim,
                square: capture.square,
                guards: retaliators(pos, capture.square, capture.victim),
            },
            Phase::AwaitCounterSuccessor => {
                Pending::Successor { side: self.mover, candidates: successors(pos, self.mover) }
            }
            Phase::AwaitSecondCapture { from } => {
                Pending::SecondCapture { side: self.mover, from, targets: chain_targets(pos, from, self.mover) }
            }
        })
    }

    /// The decision a complete turn (generated, parsed or planned) takes at what is pending
    /// now, or `None` when it says nothing about it.
    pub fn decision_of(&self, turn: &Turn) -> Option<Decision> {
        let res = match self.turn.chain {
            Some(_) => turn.chain.map(|c| c.resolution).unwrap_or_default(),
            None => turn.first,
        };
        match self.pending()? {
            Pending::Primary { .. } => Some(Decision::Primary { from: turn.from, to: turn.to }),
            Pending::Successor { side, .. } => {
                if side == self.mover { res.counter_successor } else { res.successor }.map(Decision::Successor)
            }
            Pending::Retaliator { .. } => res.retaliator.map(Decision::Retaliator),
            Pending::SecondCapture { .. } => {
                Some(turn.chain.map_or(Decision::Decline, |c| Decision::SecondCapture(c.to)))
            }
        }
    }

    /// Every decision open now (for the primary move: every legal primary move).
    pub fn options(&self) -> Vec<Decision> {
        match self.pending() {
            None => Vec::new(),
            Some(Pending::Primary { side }) => self
                .position
                .side(side)
                .squares()
                .flat_map(|from| {
                    primary_destinations(&self.position, from).squares().map(move |to| Decision::Primary { from, to })
                })
                .collect(),
            Some(Pending::Successor { candidates, .. }) => candidates.squares().map(Decision::Successor).collect(),
            Some(Pending::Retaliator { guards, .. }) => guards.squares().map(Decision::Retaliator).collect(),
            Some(Pending::SecondCapture { targets, .. }) => {
                targets.squares().map(Decision::SecondCapture).chain(std::iter::once(Decision::Decline)).collect()
            }
        }
    }

    /// Takes a decision and resolves the turn until the next decision or the hand-over.
    /// A refused decision changes nothing.
    pub fn decide(&mut self, decision: Decision) -> Result<Vec<Event>, DecisionError> {
        let pending = self.pending().ok_or(DecisionError::GameOver)?;
        let mut events = Vec::new();
        let check = |set: Bitboard, square: Square| {
            if set.contains(square) { Ok(()) } else { Err(DecisionError::NotAnOption { square }) }
        };
        match (pending, decision) {
            (Pending::Primary { .. }, Decision::Primary { from, to }) => {
                why_not(&self.position, from, to).map_err(|refusal| DecisionError::IllegalMove { refusal })?;
                self.primary(from, to, &mut events);
            }
            (Pending::Successor { candidates, side }, Decision::Successor(square)) => {
                check(candidates, square)?;
                self.crown(side, square, &mut events);
                match self.phase {
                    Phase::AwaitSuccessor { capture } => self.retaliation(capture, &mut events),
                    _ => self.turn_end(&mut events),
                }
            }
            (Pending::Retaliator { guards, .. }, Decision::Retaliator(guard)) => {
                check(guards, guard)?;
                let Phase::AwaitRetaliator { capture } = self.phase else { unreachable!() };
                self.retaliate(capture, guard, &mut events);
            }
            (Pending::SecondCapture { targets, from, .. }, Decision::SecondCapture(to)) => {
                check(targets, to)?;
                self.second_capture(from, to, &mut events);
            }
            (Pending::SecondCapture { .. }, Decision::Decline) => self.turn_end(&mut events),
            (pending, _) => return Err(DecisionError::NotPending(pending)),
        }
        Ok(events)
    }

    /// K5.1
    fn primary(&mut self, from: Square, to: Square, events: &mut Vec<Event>) {
        let piece = self.position.piece_at(from).expect("checked legal");
        let captured = self.position.relocate(from, to);
        self.turn = Turn::plain(from, to);
        events.push(Event::Moved { piece, from, to, captured });
        match captured {
            None => self.turn_end(events),
            Some(victim) => {
                self.after_capture(Capture { square: to, victim: victim.side, second: false }, victim.kind, events)
            }
        }
    }

    /// K5.2, then on to K5.3.
    fn after_capture(&mut self, capture: Capture, captured: Kind, events: &mut Vec<Event>) {
        if captured != Kind::Khalif {
            return self.retaliation(capture, events);
        }
        let heirs = successors(&self.position, capture.victim);
        match heirs.single() {
            _ if heirs.is_empty() => self.lose(capture.victim, events),
            Some(only) => {
                self.crown(capture.victim, only, events);
                self.retaliation(capture, events);
            }
            None => self.phase = Phase::AwaitSuccessor { capture },
        }
    }

    fn crown(&mut self, side: Side, square: Square, events: &mut Vec<Event>) {
        succeed(&mut self.position, square);
        let by_mover = side == self.mover;
        let res = self.resolution_mut();
        if by_mover {
            res.counter_successor = Some(square);
        } else {
            res.successor = Some(square);
        }
        events.push(Event::Succeeded { side, square });
    }

    /// The resolution record of the capture being resolved.
    fn resolution_mut(&mut self) -> &mut Resolution {
        match &mut self.turn.chain {
            Some(chain) => &mut chain.resolution,
            None => &mut self.turn.first,
        }
    }

    /// K5.3
    fn retaliation(&mut self, capture: Capture, events: &mut Vec<Event>) {
        let guards = retaliators(&self.position, capture.square, capture.victim);
        match guards.single() {
            _ if guards.is_empty() => self.chained_capture(capture, events),
            Some(only) => self.retaliate(capture, only, events),
            None => self.phase = Phase::AwaitRetaliator { capture },
        }
    }

    fn retaliate(&mut self, capture: Capture, guard: Square, events: &mut Vec<Event>) {
        let piece = self.position.piece_at(guard).expect("a guard");
        let taken = self.position.relocate(guard, capture.square).expect("retaliation captures");
        self.resolution_mut().retaliator = Some(guard);
        events.push(Event::Retaliated { guard: piece, from: guard, to: capture.square, captured: taken });
        if taken.kind != Kind::Khalif {
            return self.turn_end(events);
        }
        let heirs = successors(&self.position, self.mover);
        match heirs.single() {
            _ if heirs.is_empty() => self.lose(self.mover, events),
            Some(only) => {
                self.crown(self.mover, only, events);
                self.turn_end(events);
            }
            None => self.phase = Phase::AwaitCounterSuccessor,
        }
    }

    /// K5.4: offered only after a primary capture by a Djinn that is still on the board.
    fn chained_capture(&mut self, capture: Capture, events: &mut Vec<Event>) {
        let djinn = Piece::new(self.mover, Kind::Djinn);
        let offered = !capture.second
            && self.position.piece_at(capture.square) == Some(djinn)
            && self.turn.to == capture.square
            && chain_targets(&self.position, capture.square, self.mover).any();
        if offered {
            self.phase = Phase::AwaitSecondCapture { from: capture.square };
        } else {
            self.turn_end(events);
        }
    }

    fn second_capture(&mut self, from: Square, to: Square, events: &mut Vec<Event>) {
        let djinn = self.position.piece_at(from).expect("the djinn");
        let captured = self.position.relocate(from, to).expect("a second capture captures");
        self.turn.chain = Some(Chain { to, resolution: Resolution::default() });
        events.push(Event::Chained { djinn, from, to, captured });
        self.after_capture(Capture { square: to, victim: captured.side, second: true }, captured.kind, events);
    }

    /// K5.6
    fn turn_end(&mut self, events: &mut Vec<Event>) {
        self.position.pass_turn();
        let next = self.position.side_to_move();
        events.push(Event::TurnEnded { next });
        if !has_primary_move(&self.position) {
            let outcome = Outcome::Win { winner: self.mover, reason: WinReason::NoLegalMove };
            events.push(Event::GameOver(outcome));
            self.finish(outcome);
        } else {
            self.phase = Phase::Finished;
        }
    }

    /// K6.1: `side` lost its last Khalif; the turn stops here and the game is over.
    fn lose(&mut self, side: Side, events: &mut Vec<Event>) {
        self.position.pass_turn();
        let outcome = Outcome::Win { winner: side.opponent(), reason: WinReason::RoyalCaptured };
        events.push(Event::KhalifLost { side });
        events.push(Event::TurnEnded { next: self.position.side_to_move() });
        events.push(Event::GameOver(outcome));
        self.finish(outcome);
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.phase = Phase::Finished;
    }
}
