//! The turn as a state machine in Desert Pub Chess's own stages: the move, each further jump
//! of a chain (the mover may stop after any jump, P2.4), the promotion choice (P2.1) and the
//! turn end. It says what is pending and reports what each decision made happen, so a front
//! end can show a chain hop by hop.

use super::tables::{bit, squares};
use super::turn::{Turn, has_turn, jump_path, jumps, no_pieces_left};
use super::why::{Refusal, why_not};
use super::{Kind, Piece, Position, Square};
use crate::rules::{Outcome, Side, WinReason};

/// The stages of a turn, in the order they run.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Stage {
    Move,
    Jump,
    Promotion,
    TurnEnd,
}

impl Stage {
    pub const ALL: [Stage; 4] = [Stage::Move, Stage::Jump, Stage::Promotion, Stage::TurnEnd];
}

/// A decision open to the mover inside a turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Decision {
    /// The move: a step, a leap, a capture, or a jumper's first jump.
    Primary { from: Square, to: Square },
    /// Another jump of the chain, landing here (P2.4).
    Jump(Square),
    /// Stop the chain after this jump (P2.4, [decision]: continuing is optional).
    Stop,
    /// What the pawn on the last rank becomes (P2.1).
    Promote(Kind),
}

/// What is waiting to be decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pending {
    /// The mover picks a move.
    Primary { side: Side },
    /// The jumper on `at` may jump again, landing on one of `landings`, or stop.
    Jump { side: Side, at: Square, landings: u64 },
    /// The pawn on `at` must promote; the mover picks the piece.
    Promotion { side: Side, at: Square },
}

impl Pending {
    pub fn side(self) -> Side {
        match self {
            Pending::Primary { side } | Pending::Jump { side, .. } | Pending::Promotion { side, .. } => side,
        }
    }

    pub fn stage(self) -> Stage {
        match self {
            Pending::Primary { .. } => Stage::Move,
            Pending::Jump { .. } => Stage::Jump,
            Pending::Promotion { .. } => Stage::Promotion,
        }
    }
}

/// Something that happened during a turn, in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// The move; `captured` is the piece taken and where it stood (on `to` for a capture by
    /// displacement, between the squares for a jump).
    Moved {
        piece: Piece,
        from: Square,
        to: Square,
        captured: Option<(Square, Piece)>,
    },
    /// A further jump of a chain, over `over`, whose piece is removed at once.
    Jumped {
        piece: Piece,
        from: Square,
        to: Square,
        over: Square,
        captured: Piece,
    },
    /// The pawn on `square` became `into`.
    Promoted {
        square: Square,
        side: Side,
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
            Event::Moved { from, to, captured, .. } => {
                if let Some((square, _)) = captured {
                    pos.take(square);
                }
                pos.relocate(from, to);
            }
            Event::Jumped { from, to, over, .. } => {
                pos.take(over);
                pos.relocate(from, to);
            }
            Event::Promoted { square, side, into } => {
                pos.take(square);
                pos.put(square, Piece::new(side, into));
            }
            Event::TurnEnded { .. } => pos.pass_turn(),
            Event::GameOver(_) => {}
        }
    }

    pub fn stage(self) -> Stage {
        match self {
            Event::Moved { .. } => Stage::Move,
            Event::Jumped { .. } => Stage::Jump,
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
    #[error(
        "the chain cannot jump to {square}: a jump goes over an enemy piece next to the jumper onto the empty square beyond (P2.4)"
    )]
    NotAJump { square: Square },
    #[error("a pawn promotes to a Knight, Desert Wazir, Desert Ferz or Prince (P2.1)")]
    NotAPromotion,
    #[error("the game is over")]
    GameOver,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    AwaitPrimary,
    AwaitJump { at: Square },
    AwaitPromotion { at: Square },
    Finished,
}

/// One turn being resolved, from the move to the hand-over.
#[derive(Clone, Debug)]
pub struct TurnState {
    start: Position,
    position: Position,
    mover: Side,
    turn: Turn,
    /// Jumps made so far (the first included).
    jumps: usize,
    phase: Phase,
    outcome: Option<Outcome>,
}

impl TurnState {
    /// Starts the turn of the side to move. A side to move with no piece (P3.1) or no legal
    /// move (P3.3) has already lost.
    pub fn new(position: Position) -> TurnState {
        let mover = position.side_to_move();
        let origin = Square::from_index(0);
        let mut state = TurnState {
            start: position,
            position,
            mover,
            turn: Turn { from: origin, to: origin, captured: 0, promotion: None },
            jumps: 0,
            phase: Phase::AwaitPrimary,
            outcome: None,
        };
        if no_pieces_left(&position) {
            state.finish(Outcome::Win { winner: mover.opponent(), reason: WinReason::NoPiecesLeft });
        } else if !has_turn(&position) {
            state.finish(Outcome::Win { winner: mover.opponent(), reason: WinReason::NoLegalMove });
        }
        state
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn mover(&self) -> Side {
        self.mover
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
            Phase::AwaitJump { at } => Pending::Jump { side, at, landings: self.landings(at) },
            Phase::AwaitPromotion { at } => Pending::Promotion { side, at },
        })
    }

    /// Where the jumper on `at` may land with another jump now.
    fn landings(&self, at: Square) -> u64 {
        let Some(piece) = self.position.piece_at(at) else { return 0 };
        let enemies = self.position.side(self.mover.opponent());
        // The chain's origin counts as empty (P2.4), and it is: the jumper has left it.
        jumps(piece.kind, at, enemies, !self.position.occupied()).1
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
            Some(Pending::Jump { landings, .. }) => {
                squares(landings).map(Decision::Jump).chain(std::iter::once(Decision::Stop)).collect()
            }
            Some(Pending::Promotion { .. }) => Kind::PROMOTIONS.into_iter().map(Decision::Promote).collect(),
        }
    }

    /// The decision a complete turn takes at what is pending now.
    pub fn decision_of(&self, turn: &Turn) -> Option<Decision> {
        let path = || if super::is_chain(&self.start, turn) { jump_path(&self.start, turn) } else { None };
        match self.pending()? {
            Pending::Primary { .. } => {
                let to = path().and_then(|p| p.first().copied()).unwrap_or(turn.to);
                Some(Decision::Primary { from: turn.from, to })
            }
            Pending::Jump { .. } => Some(path()?.get(self.jumps).map_or(Decision::Stop, |&to| Decision::Jump(to))),
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
            (Pending::Jump { at, landings, .. }, Decision::Jump(to)) => {
                if landings & bit(to) == 0 {
                    return Err(DecisionError::NotAJump { square: to });
                }
                self.jump(at, to, &mut events);
            }
            (Pending::Jump { .. }, Decision::Stop) => self.turn_end(&mut events),
            (Pending::Promotion { at, side }, Decision::Promote(kind)) => {
                if !Kind::PROMOTIONS.contains(&kind) {
                    return Err(DecisionError::NotAPromotion);
                }
                self.position.take(at);
                self.position.put(at, Piece::new(side, kind));
                self.turn.promotion = Some(kind);
                events.push(Event::Promoted { square: at, side, into: kind });
                self.turn_end(&mut events);
            }
            (pending, _) => return Err(DecisionError::NotPending(pending)),
        }
        Ok(events)
    }

    fn primary(&mut self, from: Square, to: Square, events: &mut Vec<Event>) {
        let piece = self.position.piece_at(from).expect("checked legal");
        self.turn = Turn { from, to, captured: 0, promotion: None };
        let jumped = piece.kind.is_jumper() && !from.is_adjacent(to);
        if jumped {
            let over = between(from, to);
            let captured = self.position.take(over).expect("a jump goes over a piece");
            self.position.relocate(from, to);
            self.turn.captured = bit(over);
            self.jumps = 1;
            events.push(Event::Moved { piece, from, to, captured: Some((over, captured)) });
            return self.after_jump(to, events);
        }
        let captured = self.position.relocate(from, to);
        self.turn.captured = if captured.is_some() { bit(to) } else { 0 };
        events.push(Event::Moved { piece, from, to, captured: captured.map(|c| (to, c)) });
        let last_rank = if self.mover == Side::First { 7 } else { 0 };
        if piece.kind == Kind::Pawn && to.rank() == last_rank {
            self.phase = Phase::AwaitPromotion { at: to };
        } else {
            self.turn_end(events);
        }
    }

    fn jump(&mut self, at: Square, to: Square, events: &mut Vec<Event>) {
        let piece = self.position.piece_at(at).expect("the jumper");
        let over = between(at, to);
        let captured = self.position.take(over).expect("a jump goes over a piece");
        self.position.relocate(at, to);
        self.turn.to = to;
        self.turn.captured |= bit(over);
        self.jumps += 1;
        events.push(Event::Jumped { piece, from: at, to, over, captured });
        self.after_jump(to, events);
    }

    /// After a jump the chain may go on, unless it took the last enemy piece (P3.1).
    fn after_jump(&mut self, at: Square, events: &mut Vec<Event>) {
        if self.landings(at) == 0 {
            self.turn_end(events);
        } else {
            self.phase = Phase::AwaitJump { at };
        }
    }

    /// The hand-over, then P3.1 and P3.3 for the side now to move.
    fn turn_end(&mut self, events: &mut Vec<Event>) {
        self.position.pass_turn();
        events.push(Event::TurnEnded { next: self.position.side_to_move() });
        let reason = if no_pieces_left(&self.position) {
            Some(WinReason::NoPiecesLeft)
        } else if !has_turn(&self.position) {
            Some(WinReason::NoLegalMove)
        } else {
            None
        };
        match reason {
            Some(reason) => {
                let outcome = Outcome::Win { winner: self.mover, reason };
                events.push(Event::GameOver(outcome));
                self.finish(outcome);
            }
            None => self.phase = Phase::Finished,
        }
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.phase = Phase::Finished;
    }
}

/// The square halfway between two squares two apart on a line (the one a jump goes over).
pub fn between(from: Square, to: Square) -> Square {
    let file = (from.file() + to.file()) / 2;
    let rank = (from.rank() + to.rank()) / 2;
    Square::new(file, rank).expect("between two squares of the board")
}
