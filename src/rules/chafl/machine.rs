//! The turn as a state machine in Chafl's own stages: the move (H2), the custodian captures it
//! makes (H3), the promotion on the far rank (H2.9, a Foot's choice) and the turn end with the
//! ways to win (H4). It says what is pending and reports what each decision made happen.

use super::tables::{FAR_RANK, bit, squares};
use super::turn::{Turn, arrives_home, captures, has_turn, winner};
use super::why::{Refusal, why_not};
use super::{Kind, Piece, Position, Square};
use crate::rules::{Outcome, Side, WinReason};

/// The stages of a turn, in the order they run.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Stage {
    Move,
    Capture,
    Promotion,
    TurnEnd,
}

impl Stage {
    pub const ALL: [Stage; 4] = [Stage::Move, Stage::Capture, Stage::Promotion, Stage::TurnEnd];
}

/// A decision open to the mover inside a turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Decision {
    /// The move (H2).
    Primary { from: Square, to: Square },
    /// What the Foot on the far rank becomes: a Horse or a Captain (H2.9).
    Promote(Kind),
}

/// What is waiting to be decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pending {
    /// The mover picks a move.
    Primary { side: Side },
    /// The Foot on `at` must promote; the mover picks the piece.
    Promotion { side: Side, at: Square },
}

impl Pending {
    pub fn side(self) -> Side {
        match self {
            Pending::Primary { side } | Pending::Promotion { side, .. } => side,
        }
    }

    pub fn stage(self) -> Stage {
        match self {
            Pending::Primary { .. } => Stage::Move,
            Pending::Promotion { .. } => Stage::Promotion,
        }
    }
}

/// Something that happened during a turn, in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// The move, onto an empty square (H2.1).
    Moved {
        piece: Piece,
        from: Square,
        to: Square,
    },
    /// The piece on `at` was taken between the piece that arrived on `by` and its `partner`
    /// on the far side, or in its corner by the arrival alone (H3.1, H3.2).
    Captured {
        at: Square,
        piece: Piece,
        by: Square,
        partner: Option<Square>,
    },
    /// The piece on `square` became `into` (H2.9).
    Promoted {
        square: Square,
        from: Piece,
        into: Kind,
    },
    /// The turn is over and `next` is to move (also after a turn that ended the game).
    TurnEnded {
        next: Side,
    },
    GameOver(Outcome),
}

impl Event {
    /// Replays this event onto a board, mechanically (no rule is decided here).
    pub fn apply(self, pos: &mut Position) {
        match self {
            Event::Moved { from, to, .. } => {
                pos.relocate(from, to);
            }
            Event::Captured { at, .. } => {
                pos.take(at);
            }
            Event::Promoted { square, from, into } => {
                pos.take(square);
                pos.put(square, Piece::new(from.side, into));
            }
            Event::TurnEnded { .. } => pos.pass_turn(),
            Event::GameOver(_) => {}
        }
    }

    pub fn stage(self) -> Stage {
        match self {
            Event::Moved { .. } => Stage::Move,
            Event::Captured { .. } => Stage::Capture,
            Event::Promoted { .. } => Stage::Promotion,
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
    #[error("a Foot on the far rank becomes a Horse or a Captain (H2.9)")]
    NotAPromotion,
    #[error("the game is over")]
    GameOver,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    AwaitPrimary,
    AwaitPromotion { at: Square },
    Finished,
}

/// One turn being resolved, from the move to the hand-over.
#[derive(Clone, Debug)]
pub struct TurnState {
    position: Position,
    mover: Side,
    turn: Turn,
    phase: Phase,
    outcome: Option<Outcome>,
}

impl TurnState {
    /// Starts the turn of the side to move. A game already won, or a side to move with no
    /// legal move (H4.2), is over before it starts.
    pub fn new(position: Position) -> TurnState {
        let mover = position.side_to_move();
        let origin = Square::from_index(0);
        let mut state = TurnState {
            position,
            mover,
            turn: Turn { from: origin, to: origin, captured: 0, promotion: None },
            phase: Phase::AwaitPrimary,
            outcome: None,
        };
        if let Some(outcome) = end_of(&position) {
            state.outcome = Some(outcome);
            state.phase = Phase::Finished;
        }
        state
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The turn as decided so far: complete once [`Self::is_finished`].
    pub fn turn(&self) -> Turn {
        self.turn
    }

    pub fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn pending(&self) -> Option<Pending> {
        let side = self.mover;
        Some(match self.phase {
            Phase::Finished => return None,
            Phase::AwaitPrimary => Pending::Primary { side },
            Phase::AwaitPromotion { at } => Pending::Promotion { side, at },
        })
    }

    /// Every decision open now (for the move: every legal move).
    pub fn options(&self) -> Vec<Decision> {
        match self.pending() {
            None => Vec::new(),
            Some(Pending::Primary { side }) => squares(self.position.side(side))
                .flat_map(|from| {
                    Square::all()
                        .filter(move |&to| why_not(&self.position, from, to).is_ok())
                        .map(move |to| Decision::Primary { from, to })
                })
                .collect(),
            Some(Pending::Promotion { .. }) => Kind::FOOT_PROMOTIONS.into_iter().map(Decision::Promote).collect(),
        }
    }

    /// The decision a complete turn takes at what is pending now.
    pub fn decision_of(&self, turn: &Turn) -> Option<Decision> {
        match self.pending()? {
            Pending::Primary { .. } => Some(Decision::Primary { from: turn.from, to: turn.to }),
            Pending::Promotion { .. } => turn.promotion.map(Decision::Promote),
        }
    }

    /// Takes a decision and resolves the turn until the next decision or the hand-over.
    /// A refused decision changes nothing.
    pub fn decide(&mut self, decision: Decision) -> Result<Vec<Event>, DecisionError> {
        let pending = self.pending().ok_or(DecisionError::GameOver)?;
        let mut events = Vec::new();
        match (pending, decision) {
            (Pending::Primary { .. }, Decision::Primary { from, to }) => {
                why_not(&self.position, from, to).map_err(|refusal| DecisionError::IllegalMove { refusal })?;
                self.primary(from, to, &mut events);
            }
            (Pending::Promotion { at, .. }, Decision::Promote(kind)) => {
                if !Kind::FOOT_PROMOTIONS.contains(&kind) {
                    return Err(DecisionError::NotAPromotion);
                }
                self.promote(at, kind, &mut events);
                self.turn_end(&mut events);
            }
            (pending, _) => return Err(DecisionError::NotPending(pending)),
        }
        Ok(events)
    }

    fn primary(&mut self, from: Square, to: Square, events: &mut Vec<Event>) {
        let piece = self.position.piece_at(from).expect("checked legal");
        self.position.relocate(from, to);
        events.push(Event::Moved { piece, from, to });
        if arrives_home(piece, to) {
            self.position.set_arrived(self.mover);
        }
        // H3: every enemy the arrival squeezes, from rank 8 down and file a up (H5's order).
        let own = self.position.side(self.mover);
        let taken = captures(own, self.position.side(self.mover.opponent()), to);
        self.turn = Turn { from, to, captured: taken, promotion: None };
        let mut in_order: Vec<Square> = squares(taken).collect();
        in_order.sort_by_key(|s| (std::cmp::Reverse(s.rank()), s.file()));
        for at in in_order {
            let victim = self.position.take(at).expect("a captured square holds a piece");
            events.push(Event::Captured { at, piece: victim, by: to, partner: partner(to, at) });
        }
        // H2.9: on the far rank a Horse becomes a General; a Foot asks.
        if FAR_RANK[self.mover.index()] & bit(to) != 0 {
            match piece.kind {
                Kind::Foot => return self.phase = Phase::AwaitPromotion { at: to },
                Kind::Horse => self.promote(to, Kind::General, events),
                _ => {}
            }
        }
        self.turn_end(events);
    }

    fn promote(&mut self, at: Square, into: Kind, events: &mut Vec<Event>) {
        let from = self.position.take(at).expect("the promoting piece");
        self.position.put(at, Piece::new(from.side, into));
        self.turn.promotion = Some(into);
        events.push(Event::Promoted { square: at, from, into });
    }

    /// The hand-over, then H4.1 and H4.2.
    fn turn_end(&mut self, events: &mut Vec<Event>) {
        self.position.pass_turn();
        events.push(Event::TurnEnded { next: self.position.side_to_move() });
        if let Some(outcome) = end_of(&self.position) {
            events.push(Event::GameOver(outcome));
            self.outcome = Some(outcome);
        }
        self.phase = Phase::Finished;
    }
}

/// How the game has ended in this position with its side to move, if it has (H4.1, H4.2).
fn end_of(pos: &Position) -> Option<Outcome> {
    let to_move = pos.side_to_move();
    if let Some(winner) = winner(pos) {
        let reason = if pos.arrived() == Some(winner) { WinReason::ReachedGoal } else { WinReason::RoyalCaptured };
        return Some(Outcome::Win { winner, reason });
    }
    (!has_turn(pos)).then_some(Outcome::Win { winner: to_move.opponent(), reason: WinReason::NoLegalMove })
}

/// The square beyond a piece taken on `at` by an arrival on `by`: the partner's, or `None`
/// for a corner taken by the arrival alone (H3.2).
fn partner(by: Square, at: Square) -> Option<Square> {
    Square::new((2 * at.file()).checked_sub(by.file())?, (2 * at.rank()).checked_sub(by.rank())?)
}
