//! The turn as a state machine in Izdari's own stages: the move (a step, a shot, a passenger
//! leaving, A3, A4.4), the Wagon's journey square by square with its loading and drops (A4.2,
//! A4.3), the Templar's slaying (A3.6, B2) and the turn end with the ways to win (A5, B1). It
//! says what is pending and reports what each decision made happen.

use super::board::Sq;
use super::turn::{Squares, Turn, View, bit, has_turn, squares, winner};
use super::wagon::{self, Entry, Path};
use super::why::{Explained, Reading, read_move};
use super::{Kind, Piece, Position, Riders};
use crate::rules::{Outcome, Side, WinReason};

/// The stages of a turn, in the order they run.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Stage {
    Move,
    Wagon,
    Slay,
    TurnEnd,
}

impl Stage {
    pub const ALL: [Stage; 4] = [Stage::Move, Stage::Wagon, Stage::Slay, Stage::TurnEnd];
}

/// A set of kinds, one bit a kind's index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Kinds(pub u8);

impl Kinds {
    pub fn contains(self, kind: Kind) -> bool {
        self.0 & (1 << kind.index()) != 0
    }

    pub fn iter(self) -> impl Iterator<Item = Kind> {
        Kind::ALL.into_iter().filter(move |&k| self.contains(k))
    }

    /// How many kinds the set holds.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    fn with(self, kind: Kind) -> Kinds {
        Kinds(self.0 | 1 << kind.index())
    }
}

/// A decision open to the mover inside a turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Decision {
    /// The move: a piece and its destination, or an Archer and its target; a Templar's own
    /// square to stay and slay (A3.6).
    Primary { from: Sq, to: Sq },
    /// On the Wagon's square, which goes: the Wagon (`Kind::Wagon`) or a passenger (A4.4).
    Mover(Kind),
    /// What the Wagon drops on the square it is leaving, if anything (A4.3).
    Drop(Option<Kind>),
    /// The enemy the Templar slays, or none where it may decline (A3.6).
    Slay(Option<Sq>),
}

/// What is waiting to be decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pending {
    Primary {
        side: Side,
    },
    /// The Wagon on `at` and some of its passengers could all go to `to`.
    Mover {
        side: Side,
        at: Sq,
        to: Sq,
        kinds: Kinds,
    },
    /// The Wagon is leaving `at` (square `index` of its path to `to`) and may drop one of
    /// `kinds` there; `none` says whether it may also drop nothing.
    Drop {
        side: Side,
        at: Sq,
        to: Sq,
        index: usize,
        kinds: Kinds,
        none: bool,
    },
    /// The Templar on `at` may slay one of `targets`; `required` when it did not move.
    Slay {
        side: Side,
        at: Sq,
        targets: Squares,
        required: bool,
    },
}

impl Pending {
    pub fn side(self) -> Side {
        match self {
            Pending::Primary { side }
            | Pending::Mover { side, .. }
            | Pending::Drop { side, .. }
            | Pending::Slay { side, .. } => side,
        }
    }

    pub fn stage(self) -> Stage {
        match self {
            Pending::Primary { .. } | Pending::Mover { .. } => Stage::Move,
            Pending::Drop { .. } => Stage::Wagon,
            Pending::Slay { .. } => Stage::Slay,
        }
    }
}

/// Something that happened during a turn, in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// A piece moved, taking what stood on `to` (A2.3); `from_wagon` for a passenger leaving
    /// the Wagon on `from` (A4.4). A Templar that stays makes no such event.
    Moved {
        piece: Piece,
        from: Sq,
        to: Sq,
        captured: Option<Piece>,
        from_wagon: bool,
    },
    /// An Archer on `by` shot the piece on `at` (A3.1).
    Shot {
        by: Sq,
        at: Sq,
        piece: Piece,
    },
    /// The Wagon left `from`, dropping `dropped` there (A4.3), and went on to `to`, over any
    /// of its own Dunes between (D1), loading the friendly piece it found there (A4.2). One
    /// event a step, so that the seats never hold more than three at any moment.
    WagonMoved {
        wagon: Piece,
        from: Sq,
        to: Sq,
        dropped: Option<Piece>,
        loaded: Option<Piece>,
    },
    /// The Templar on `by` slew the piece on `at` (A3.6); a Wagon goes with its passengers.
    Slain {
        by: Sq,
        at: Sq,
        piece: Piece,
        riders: Riders,
    },
    /// The turn is over and `next` is to move.
    TurnEnded {
        next: Side,
    },
    GameOver(Outcome),
}

impl Event {
    /// Replays this event onto a board, mechanically (no rule is decided here).
    pub fn apply(self, pos: &mut Position) {
        match self {
            Event::Moved { piece, from, to, from_wagon, .. } => {
                pos.take(to);
                if from_wagon {
                    pos.riders_mut(piece.side).alight(piece.kind);
                    pos.put(to, piece);
                } else {
                    pos.relocate(from, to);
                }
            }
            Event::Shot { at, .. } | Event::Slain { at, .. } => {
                pos.take(at);
            }
            Event::WagonMoved { wagon, from, to, dropped, loaded } => {
                let riders = pos.riders(wagon.side);
                pos.take(from);
                *pos.riders_mut(wagon.side) = riders;
                if let Some(piece) = dropped {
                    pos.riders_mut(wagon.side).alight(piece.kind);
                    pos.put(from, piece);
                }
                if let Some(piece) = loaded {
                    let riders = pos.riders(wagon.side);
                    pos.take(to);
                    *pos.riders_mut(wagon.side) = riders;
                    pos.riders_mut(wagon.side).board(piece.kind);
                }
                let riders = pos.riders(wagon.side);
                pos.put(to, wagon);
                *pos.riders_mut(wagon.side) = riders;
            }
            Event::TurnEnded { .. } => pos.pass_turn(),
            Event::GameOver(_) => {}
        }
    }

    pub fn stage(self) -> Stage {
        match self {
            Event::Moved { .. } | Event::Shot { .. } => Stage::Move,
            Event::WagonMoved { .. } => Stage::Wagon,
            Event::Slain { .. } => Stage::Slay,
            Event::TurnEnded { .. } | Event::GameOver(_) => Stage::TurnEnd,
        }
    }
}

/// Why a decision was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum DecisionError {
    #[error("{} ({})", explained, explained.refusal.rule(explained.version))]
    IllegalMove { explained: Explained },
    #[error("that decision does not answer what is pending ({0:?})")]
    NotPending(Pending),
    #[error("that is not one of the choices open now")]
    NotAnOption,
    #[error("the game is over")]
    GameOver,
}

/// A Wagon under way: its path, the square it stands on, and where on the path it is.
#[derive(Clone, Copy, Debug)]
struct Journey {
    path: Path,
    index: usize,
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    AwaitPrimary,
    AwaitMover { at: Sq, to: Sq, kinds: Kinds },
    AwaitDrop { journey: Journey },
    AwaitSlay { at: Sq, required: bool },
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
    /// legal move (A5.2), is over before it starts.
    pub fn new(position: Position) -> TurnState {
        let mut state = TurnState {
            position,
            mover: position.side_to_move(),
            turn: Turn::step(0, 0),
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
        matches!(self.phase, Phase::Finished)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn pending(&self) -> Option<Pending> {
        let side = self.mover;
        Some(match self.phase {
            Phase::Finished => return None,
            Phase::AwaitPrimary => Pending::Primary { side },
            Phase::AwaitMover { at, to, kinds } => Pending::Mover { side, at, to, kinds },
            Phase::AwaitDrop { journey } => {
                let (kinds, none) = self.drop_options(&journey);
                let at = journey.path.squares()[journey.index];
                Pending::Drop { side, at, to: journey.path.destination(), index: journey.index, kinds, none }
            }
            Phase::AwaitSlay { at, required } => {
                Pending::Slay { side, at, targets: View::new(&self.position).slayable(at), required }
            }
        })
    }

    /// Every decision open now (for the move: every legal move).
    pub fn options(&self) -> Vec<Decision> {
        let size = self.position.version().cells() as Sq;
        match self.pending() {
            None => Vec::new(),
            Some(Pending::Primary { side }) => {
                let own: Vec<Sq> = self.position.pieces().filter(|(_, p)| p.side == side).map(|(s, _)| s).collect();
                own.into_iter()
                    .flat_map(|from| {
                        (0..size)
                            .filter(move |&to| read_move(&self.position, from, to).is_ok())
                            .map(move |to| Decision::Primary { from, to })
                    })
                    .collect()
            }
            Some(Pending::Mover { kinds, .. }) => kinds.iter().map(Decision::Mover).collect(),
            Some(Pending::Drop { kinds, none, .. }) => none
                .then_some(Decision::Drop(None))
                .into_iter()
                .chain(kinds.iter().map(|k| Decision::Drop(Some(k))))
                .collect(),
            Some(Pending::Slay { targets, required, .. }) => (!required)
                .then_some(Decision::Slay(None))
                .into_iter()
                .chain(squares(targets).map(|s| Decision::Slay(Some(s))))
                .collect(),
        }
    }

    /// The decision a complete turn takes at what is pending now.
    pub fn decision_of(&self, turn: &Turn) -> Option<Decision> {
        Some(match self.pending()? {
            Pending::Primary { .. } => Decision::Primary { from: turn.from, to: turn.to },
            Pending::Mover { .. } => Decision::Mover(turn.rider.unwrap_or(Kind::Wagon)),
            Pending::Drop { index, .. } => Decision::Drop(turn.drops.at(index)),
            Pending::Slay { .. } => Decision::Slay(turn.slays()),
        })
    }

    /// Takes a decision and resolves the turn until the next decision or the hand-over.
    /// A refused decision changes nothing.
    pub fn decide(&mut self, decision: Decision) -> Result<Vec<Event>, DecisionError> {
        let pending = self.pending().ok_or(DecisionError::GameOver)?;
        let mut events = Vec::new();
        match (self.phase, decision) {
            (Phase::AwaitPrimary, Decision::Primary { from, to }) => {
                let version = self.position.version();
                let reading = read_move(&self.position, from, to)
                    .map_err(|refusal| DecisionError::IllegalMove { explained: Explained { refusal, version } })?;
                self.turn = Turn::step(from, to);
                match reading {
                    Reading::Shot => {
                        self.turn.shot = true;
                        let piece = self.position.take(to).expect("a target");
                        events.push(Event::Shot { by: from, at: to, piece });
                        self.turn_end(&mut events);
                    }
                    Reading::Move => self.move_piece(from, to, &mut events),
                    Reading::WagonSquare { wagon, riders } => {
                        let mut kinds = Kinds(riders);
                        if wagon {
                            kinds = kinds.with(Kind::Wagon);
                        }
                        if kinds.count() > 1 {
                            self.phase = Phase::AwaitMover { at: from, to, kinds };
                        } else {
                            let kind = kinds.iter().next().expect("a reading names a mover");
                            self.wagon_square(from, to, kind, &mut events);
                        }
                    }
                }
            }
            (Phase::AwaitMover { at, to, kinds }, Decision::Mover(kind)) => {
                if !kinds.contains(kind) {
                    return Err(DecisionError::NotAnOption);
                }
                self.wagon_square(at, to, kind, &mut events);
            }
            (Phase::AwaitDrop { journey }, Decision::Drop(drop)) => {
                let (kinds, none) = self.drop_options(&journey);
                if !drop.map_or(none, |k| kinds.contains(k)) {
                    return Err(DecisionError::NotAnOption);
                }
                self.travel(journey, drop, &mut events);
            }
            (Phase::AwaitSlay { at, required }, Decision::Slay(target)) => {
                let targets = View::new(&self.position).slayable(at);
                match target {
                    None if required => return Err(DecisionError::NotAnOption),
                    Some(s) if targets & bit(s) == 0 => return Err(DecisionError::NotAnOption),
                    _ => {}
                }
                if let Some(s) = target {
                    self.slay(at, s, &mut events);
                }
                self.turn_end(&mut events);
            }
            _ => return Err(DecisionError::NotPending(pending)),
        }
        Ok(events)
    }

    /// Any piece but the Wagon: its move, then the Templar's slaying.
    fn move_piece(&mut self, from: Sq, to: Sq, events: &mut Vec<Event>) {
        let piece = self.position.at(from).expect("checked legal");
        let took_royal = View::new(&self.position).takes_royal(to);
        if from != to {
            let captured = self.position.take(to);
            self.position.relocate(from, to);
            events.push(Event::Moved { piece, from, to, captured, from_wagon: false });
        }
        if piece.kind == Kind::Templar && !took_royal && View::new(&self.position).slayable(to) != 0 {
            self.phase = Phase::AwaitSlay { at: to, required: from == to };
        } else {
            self.turn_end(events);
        }
    }

    /// On the Wagon's square, `kind` goes: the Wagon itself or a passenger (A4.4).
    fn wagon_square(&mut self, from: Sq, to: Sq, kind: Kind, events: &mut Vec<Event>) {
        if kind != Kind::Wagon {
            self.turn.rider = Some(kind);
            let piece = Piece::new(self.mover, kind);
            self.position.riders_mut(self.mover).alight(kind);
            let captured = self.position.take(to);
            self.position.put(to, piece);
            events.push(Event::Moved { piece, from, to, captured, from_wagon: true });
            return self.turn_end(events);
        }
        let path = wagon::path(&View::new(&self.position), from, to).expect("checked legal");
        self.continue_journey(Journey { path, index: 0 }, events);
    }

    /// What the Wagon may drop on the square it is leaving: the kinds aboard, and whether it may
    /// drop nothing, each only if the rest of its path stays possible (A4.2).
    fn drop_options(&self, journey: &Journey) -> (Kinds, bool) {
        let view = View::new(&self.position);
        let riders = self.position.riders(self.mover);
        let mut kinds = Kinds::default();
        for kind in riders.distinct() {
            let mut aboard = riders;
            aboard.alight(kind);
            if wagon::can_finish(&view, &journey.path, journey.index, aboard) {
                kinds = kinds.with(kind);
            }
        }
        (kinds, wagon::can_finish(&view, &journey.path, journey.index, riders))
    }

    /// Asks about the drop on the Wagon's square, or goes on when there is nothing to choose.
    fn continue_journey(&mut self, journey: Journey, events: &mut Vec<Event>) {
        let view = View::new(&self.position);
        let droppable = wagon::droppable(&view, &journey.path, journey.index);
        let (kinds, none) = self.drop_options(&journey);
        let choices = kinds.count() + u32::from(none);
        if droppable && choices > 1 {
            self.phase = Phase::AwaitDrop { journey };
        } else {
            let forced = if none || !droppable { None } else { kinds.iter().next() };
            self.travel(journey, forced, events);
        }
    }

    /// The Wagon leaves its square (dropping `drop` there) for the next square it can stand
    /// on, loading what it finds; at the destination the turn ends.
    fn travel(&mut self, journey: Journey, drop: Option<Kind>, events: &mut Vec<Event>) {
        let squares = journey.path.squares();
        let here = squares[journey.index];
        let view = View::new(&self.position);
        let mut next = journey.index + 1;
        while wagon::entry(&view, squares[next]) == Entry::OwnDune {
            next += 1;
        }
        let there = squares[next];
        let wagon = self.position.at(here).expect("the Wagon");
        let me = self.mover;
        let mut riders = self.position.riders(me);
        self.position.take(here);
        let dropped = drop.map(|kind| {
            self.turn.drops = self.turn.drops.with(journey.index, kind);
            riders.alight(kind);
            let piece = Piece::new(me, kind);
            self.position.put(here, piece);
            piece
        });
        let loaded = self.position.take(there);
        if let Some(piece) = loaded {
            riders.board(piece.kind);
        }
        self.position.put(there, wagon);
        *self.position.riders_mut(me) = riders;
        events.push(Event::WagonMoved { wagon, from: here, to: there, dropped, loaded });
        if next == squares.len() - 1 {
            self.turn_end(events);
        } else {
            self.continue_journey(Journey { index: next, ..journey }, events);
        }
    }

    fn slay(&mut self, by: Sq, at: Sq, events: &mut Vec<Event>) {
        let riders = self.position.riders(self.mover.opponent());
        let piece = self.position.take(at).expect("a target");
        let riders = if piece.kind == Kind::Wagon { riders } else { Riders::default() };
        self.turn.slay = at;
        events.push(Event::Slain { by, at, piece, riders });
    }

    /// The hand-over, then A5 (classic: B1).
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

/// How the game has ended in this position with its side to move, if it has (A5, B1).
fn end_of(pos: &Position) -> Option<Outcome> {
    if let Some(winner) = winner(pos) {
        return Some(Outcome::Win { winner, reason: WinReason::RoyalCaptured });
    }
    (!has_turn(pos)).then_some(Outcome::Win { winner: pos.side_to_move().opponent(), reason: WinReason::NoLegalMove })
}

crate::rules::shape::turn_machine_by_own_methods!(TurnState {
    Position,
    Turn,
    Decision,
    Pending,
    Event,
    DecisionError
});
