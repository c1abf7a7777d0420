//! The turn as a state machine in Khitan's own stages: the flip (X2), the captures every
//! piece of the mover makes along its lines (X3), the placements from the reserve in expert
//! and master (X4.3, X4.4, one decision each: a cell of the mover's half and an orientation),
//! and the turn end with the ways to lose (X4.5).

use super::hex::{Direction, Hex};
use super::position::{Position, Version};
use super::tables::{bit, hexes};
use super::tile::Tile;
use super::turn::{Turn, flipped, for_each_flip, free_cells, has_turn, lines_of_fire, placements_owed, winner};
use super::why::{Refusal, why_not, why_not_place};
use crate::rules::{Outcome, Side, WinReason};

/// The stages of a turn, in the order they run.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Stage {
    Flip,
    Capture,
    Placement,
    TurnEnd,
}

impl Stage {
    pub const ALL: [Stage; 4] = [Stage::Flip, Stage::Capture, Stage::Placement, Stage::TurnEnd];
}

/// A decision open to the mover inside a turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Decision {
    /// The flip (X2.1).
    Primary { from: Hex, to: Hex },
    /// A piece from the reserve onto `at`, turned as `tile` (X4.3).
    Place { at: Hex, tile: Tile },
}

/// What is waiting to be decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pending {
    /// The mover picks a flip.
    Primary { side: Side },
    /// The mover places a piece on one of `cells` (the empty cells of its half); `left`
    /// placements are still owed, this one included.
    Placement { side: Side, cells: u64, left: u32 },
}

impl Pending {
    pub fn side(self) -> Side {
        match self {
            Pending::Primary { side } | Pending::Placement { side, .. } => side,
        }
    }

    pub fn stage(self) -> Stage {
        match self {
            Pending::Primary { .. } => Stage::Flip,
            Pending::Placement { .. } => Stage::Placement,
        }
    }
}

/// Something that happened during a turn, in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// The piece on `from` flipped over its edge onto `to`, turning from `before` to `after`
    /// (X2.2).
    Flipped {
        side: Side,
        from: Hex,
        to: Hex,
        before: Tile,
        after: Tile,
    },
    /// The piece on `at` was captured by the piece on `by`, looking along `direction` (X3.1).
    Captured {
        at: Hex,
        side: Side,
        tile: Tile,
        by: Hex,
        direction: Direction,
    },
    /// A piece from `side`'s reserve was placed on `at` (X4.3).
    Placed {
        at: Hex,
        side: Side,
        tile: Tile,
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
            Event::Flipped { side, from, to, after, .. } => {
                pos.take(from);
                pos.put(to, side, after);
            }
            Event::Captured { at, side, .. } => {
                pos.take(at);
                if pos.version() == Version::Master {
                    pos.set_reserve(side, pos.reserve(side) + 1);
                }
            }
            Event::Placed { at, side, tile } => {
                pos.put(at, side, tile);
                pos.set_reserve(side, pos.reserve(side) - 1);
            }
            Event::TurnEnded { .. } => pos.pass_turn(),
            Event::GameOver(_) => {}
        }
    }

    pub fn stage(self) -> Stage {
        match self {
            Event::Flipped { .. } => Stage::Flip,
            Event::Captured { .. } => Stage::Capture,
            Event::Placed { .. } => Stage::Placement,
            Event::TurnEnded { .. } | Event::GameOver(_) => Stage::TurnEnd,
        }
    }
}

/// Why a decision was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum DecisionError {
    #[error("{refusal} ({})", refusal.rule())]
    Illegal { refusal: Refusal },
    #[error("that decision does not answer what is pending ({0:?})")]
    NotPending(Pending),
    #[error("the game is over")]
    GameOver,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    AwaitPrimary,
    AwaitPlacement { left: u32 },
    Finished,
}

/// One turn being resolved, from the flip to the hand-over.
#[derive(Clone, Debug)]
pub struct TurnState {
    position: Position,
    mover: Side,
    turn: Turn,
    placements: Vec<(Hex, Tile)>,
    phase: Phase,
    outcome: Option<Outcome>,
}

impl TurnState {
    /// Starts the turn of the side to move. A side to move with no piece or no legal move has
    /// lost before it starts (X4.5).
    pub fn new(position: Position) -> TurnState {
        let origin = Hex::from_index(0);
        let mut state = TurnState {
            position,
            mover: position.side_to_move(),
            turn: Turn::flip(origin, origin, 0),
            placements: Vec::new(),
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
        self.turn.with_placements(&self.placements)
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
            Phase::AwaitPlacement { left } => {
                Pending::Placement { side, cells: free_cells(&self.position, side), left }
            }
        })
    }

    /// Every decision open now: each flip, or each free cell in each orientation.
    pub fn options(&self) -> Vec<Decision> {
        match self.pending() {
            None => Vec::new(),
            Some(Pending::Primary { .. }) => {
                let mut flips = Vec::new();
                for_each_flip(&self.position, |from, to| flips.push(Decision::Primary { from, to }));
                flips
            }
            Some(Pending::Placement { cells, .. }) => {
                hexes(cells).flat_map(|at| Tile::all().map(move |tile| Decision::Place { at, tile })).collect()
            }
        }
    }

    /// The decision a complete turn takes at what is pending now.
    pub fn decision_of(&self, turn: &Turn) -> Option<Decision> {
        match self.pending()? {
            Pending::Primary { .. } => Some(Decision::Primary { from: turn.from, to: turn.to }),
            Pending::Placement { .. } => turn
                .placements()
                .find(|(at, _)| !self.placements.iter().any(|(done, _)| done == at))
                .map(|(at, tile)| Decision::Place { at, tile }),
        }
    }

    /// Takes a decision and resolves the turn until the next decision or the hand-over.
    /// A refused decision changes nothing.
    pub fn decide(&mut self, decision: Decision) -> Result<Vec<Event>, DecisionError> {
        let pending = self.pending().ok_or(DecisionError::GameOver)?;
        let mut events = Vec::new();
        match (pending, decision) {
            (Pending::Primary { .. }, Decision::Primary { from, to }) => {
                why_not(&self.position, from, to).map_err(|refusal| DecisionError::Illegal { refusal })?;
                self.flip(from, to, &mut events);
            }
            (Pending::Placement { side, left, .. }, Decision::Place { at, tile }) => {
                why_not_place(&self.position, side, at).map_err(|refusal| DecisionError::Illegal { refusal })?;
                let event = Event::Placed { at, side, tile };
                event.apply(&mut self.position);
                self.placements.push((at, tile));
                events.push(event);
                if left > 1 {
                    self.phase = Phase::AwaitPlacement { left: left - 1 };
                } else {
                    self.turn_end(&mut events);
                }
            }
            (pending, _) => return Err(DecisionError::NotPending(pending)),
        }
        Ok(events)
    }

    fn flip(&mut self, from: Hex, to: Hex, events: &mut Vec<Event>) {
        let (side, before) = self.position.piece_at(from).expect("checked legal");
        let after_flip = flipped(&self.position, from, to);
        let after = after_flip.piece_at(to).expect("the flipped piece").1;
        let event = Event::Flipped { side, from, to, before, after };
        event.apply(&mut self.position);
        events.push(event);
        // X3: every capture, found on the board as the flip left it, then removed together
        // (X3.2), in cell order; a piece seen by two lookers is taken once, shown with the first.
        let mut taken = 0u64;
        let mut captured = Vec::new();
        for (by, direction, at) in lines_of_fire(&self.position, self.mover) {
            if taken & bit(at) == 0 {
                taken |= bit(at);
                captured.push((at, by, direction));
            }
        }
        captured.sort();
        for (at, by, direction) in captured {
            let (side, tile) = self.position.piece_at(at).expect("a captured cell holds a piece");
            let event = Event::Captured { at, side, tile, by, direction };
            event.apply(&mut self.position);
            events.push(event);
        }
        self.turn = Turn::flip(from, to, taken);
        let free = free_cells(&self.position, self.mover).count_ones();
        match placements_owed(&self.position, taken.count_ones(), free) {
            0 => self.turn_end(events),
            left => self.phase = Phase::AwaitPlacement { left },
        }
    }

    /// The hand-over, then X4.5.
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

/// How the game has ended in this position with its side to move, if it has (X4.5).
fn end_of(pos: &Position) -> Option<Outcome> {
    if let Some(winner) = winner(pos) {
        return Some(Outcome::Win { winner, reason: WinReason::NoPiecesLeft });
    }
    (!has_turn(pos)).then_some(Outcome::Win { winner: pos.side_to_move().opponent(), reason: WinReason::NoLegalMove })
}
