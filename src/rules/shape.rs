//! The shape every pub game's rules take, so that everything else (search, perft, records,
//! the terminal, the 3D game) is written once: [`Rules`] for a game's positions and whole
//! turns, [`TurnMachine`] for a turn taken decision by decision, stage by stage.

use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

use super::geometry::Geometry;
use super::grid::BadSquare;
use super::text::PositionError;
use super::view::{Cell, Choice, Effect, PieceCode, Prompt, WhyNot};
use super::{GameId, Naming, Outcome, Side};

/// A square or cell of a game's board, as its rules core names it.
pub trait Square:
    Copy + Eq + Ord + Hash + fmt::Debug + fmt::Display + FromStr<Err = BadSquare> + Send + Sync + 'static
{
    /// How many cells the board has.
    const COUNT: usize;
    fn index(self) -> usize;
    fn from_index(index: usize) -> Self;

    /// The cell front ends know it by.
    fn cell(self) -> Cell {
        Cell(self.index() as u16)
    }

    fn of_cell(cell: Cell) -> Self {
        Self::from_index(cell.index())
    }
}

impl<const FILES: u8, const RANKS: u8> Square for super::grid::Square<FILES, RANKS> {
    const COUNT: usize = FILES as usize * RANKS as usize;

    fn index(self) -> usize {
        super::grid::Square::index(self)
    }

    fn from_index(index: usize) -> Self {
        super::grid::Square::from_index(index)
    }
}

/// A turn taken one decision at a time: who must decide what, each decision answered with
/// what happened, in the game's own stages. Decisions are not always the mover's (in Khalif
/// the defender picks its successor and retaliating Guard).
pub trait TurnMachine: Clone + fmt::Debug + Send + Sync + 'static {
    type Position: Copy;
    type Turn: Copy;
    type Decision: Copy + PartialEq + fmt::Debug + Send + Sync + 'static;
    type Pending: Copy + fmt::Debug;
    type Event: Copy + fmt::Debug + Send + Sync + 'static;
    type Error: std::error::Error + Clone + Send + Sync + 'static;

    /// Starts the turn of the side to move (already over when the game is).
    fn begin(position: Self::Position) -> Self;
    /// The board now, mid-turn included.
    fn position(&self) -> &Self::Position;
    /// What must be decided now, or `None` once the turn is over.
    fn pending(&self) -> Option<Self::Pending>;
    /// Takes a decision and resolves the turn until the next decision or the hand-over; a
    /// refused decision changes nothing.
    fn decide(&mut self, decision: Self::Decision) -> Result<Vec<Self::Event>, Self::Error>;
    /// The decisions taken so far, a complete turn once finished.
    fn turn(&self) -> Self::Turn;
    fn is_finished(&self) -> bool;
    fn outcome(&self) -> Option<Outcome>;
    /// The decision a complete turn (generated, parsed or planned) takes at what is pending now.
    fn decision_of(&self, turn: &Self::Turn) -> Option<Self::Decision>;
    /// Every decision open now.
    fn options(&self) -> Vec<Self::Decision>;
}

/// Implements [`TurnMachine`] for a game's turn state whose own methods already have the
/// trait's names and meanings (`new` for `begin`).
macro_rules! turn_machine_by_own_methods {
    ($state:ty { $position:ty, $turn:ty, $decision:ty, $pending:ty, $event:ty, $error:ty }) => {
        impl $crate::rules::TurnMachine for $state {
            type Position = $position;
            type Turn = $turn;
            type Decision = $decision;
            type Pending = $pending;
            type Event = $event;
            type Error = $error;

            fn begin(position: $position) -> $state {
                <$state>::new(position)
            }

            fn position(&self) -> &$position {
                <$state>::position(self)
            }

            fn pending(&self) -> Option<$pending> {
                <$state>::pending(self)
            }

            fn decide(&mut self, decision: $decision) -> Result<Vec<$event>, $error> {
                <$state>::decide(self, decision)
            }

            fn turn(&self) -> $turn {
                <$state>::turn(self)
            }

            fn is_finished(&self) -> bool {
                <$state>::is_finished(self)
            }

            fn outcome(&self) -> Option<$crate::rules::Outcome> {
                <$state>::outcome(self)
            }

            fn decision_of(&self, turn: &$turn) -> Option<$decision> {
                <$state>::decision_of(self, turn)
            }

            fn options(&self) -> Vec<$decision> {
                <$state>::options(self)
            }
        }
    };
}
pub(crate) use turn_machine_by_own_methods;

/// Replays a complete turn through the state machine, returning its events; fails only for a
/// turn that is not legal in `pos`.
pub fn replay<M: TurnMachine>(pos: &M::Position, turn: &M::Turn) -> Result<Vec<M::Event>, String> {
    let mut state = M::begin(*pos);
    let mut events = Vec::new();
    while let Some(pending) = state.pending() {
        let decision = state.decision_of(turn).ok_or_else(|| format!("the turn says nothing about {pending:?}"))?;
        events.extend(state.decide(decision).map_err(|e| e.to_string())?);
    }
    Ok(events)
}

/// One pub game's rules, as a type with no values: its positions, whole turns for search and
/// perft, the staged turn for front ends, its texts, and how front ends see it.
pub trait Rules: Copy + Default + fmt::Debug + Send + Sync + 'static {
    const ID: GameId;
    const NAMING: Naming;
    /// The stages a turn resolves in, in order; the 3D game's stage systems carry these names.
    const STAGES: &'static [&'static str];
    /// Whether a position standing for the third time (same side to move) is a draw.
    const REPETITION_DRAWS: bool;
    /// The kinds of piece by number: (letter, name).
    const KINDS: &'static [(char, &'static str)];
    /// Where every kind is one piece lying in different ways (Khitan's tiles, X5.3): what a
    /// list of captured pieces calls one, so that it counts them instead of naming the ways
    /// they lay.
    const PIECE_NOUN: Option<&'static str> = None;
    /// The decisions inside a turn after its primary move, in the order they are taken:
    /// `true` where the defender takes it, `false` where the mover does. Search and the
    /// puzzle solver give each decision to its owner.
    const INNER: &'static [bool];
    /// Positions for the perft speed benchmark: a name, the position (`start` or text) and a depth.
    const BENCH: &'static [(&'static str, &'static str, u32)];
    /// The kinds a pub regular may give as odds (removed from the start position): a house
    /// custom of the campaign's tables, not a rule of the game.
    const ODDS: &'static [u8];
    /// The versions of the game a match may start as (a name and its start, `start` or a
    /// position text), the first being [`Rules::start`]; empty for a game of one version.
    const VERSIONS: &'static [(&'static str, &'static str)] = &[];

    type Square: Square;
    type Position: Copy + PartialEq + fmt::Debug + Send + Sync + 'static;
    type Turn: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;
    type Machine: TurnMachine<Position = Self::Position, Turn = Self::Turn>;

    fn start() -> Self::Position;
    fn parse_position(text: &str) -> Result<Self::Position, PositionError>;
    fn write_position(pos: &Self::Position) -> String;
    /// A position given as a list of pieces on squares (`"Ke1 Da3 ki9"`) with `side` to move.
    fn parse_piece_list(pieces: &str, side: Side) -> Result<Self::Position, PositionError>;
    fn side_to_move(pos: &Self::Position) -> Side;
    fn turn_number(pos: &Self::Position) -> u32;
    /// Hash of placement and side to move: repetitions and search.
    fn hash(pos: &Self::Position) -> u64;
    /// Hands the move to the other side without a turn (search's null move).
    fn pass(pos: &mut Self::Position);
    /// Pieces on the board, both sides: a capture lowers it.
    fn piece_count(pos: &Self::Position) -> u32;
    /// The winner, when the position already decides the game by what stands on the board
    /// (a side's last Khalif gone, a side with no piece left). "No legal move" is found by
    /// generating turns.
    fn winner(pos: &Self::Position) -> Option<Side>;

    /// Appends every legal turn, one per distinct turn as the rulebook counts them.
    fn generate_turns(pos: &Self::Position, out: &mut Vec<Self::Turn>);
    /// The number of legal turns, counted without building them where that is faster.
    fn count_turns(pos: &Self::Position) -> u64;
    /// Plays a generated turn (copy-make); the side to move passes.
    fn play(pos: &mut Self::Position, turn: &Self::Turn);
    /// The turn's first move, from and to: how search groups turns and remembers moves.
    fn primary(turn: &Self::Turn) -> (Self::Square, Self::Square);
    /// The choice a turn takes at inner decision `level` (an index into [`Rules::INNER`]);
    /// turns of one primary move that agree up to a level share its branch.
    fn inner_key(turn: &Self::Turn, level: usize) -> u64;
    fn is_capture(pos: &Self::Position, turn: &Self::Turn) -> bool;

    fn write_turn(pos: &Self::Position, turn: &Self::Turn) -> String;
    /// The turn's primary move alone (`Dd7xe9`): how puzzles, tactics and `divide` name it.
    fn write_primary(pos: &Self::Position, turn: &Self::Turn) -> String;
    fn parse_turn(pos: &Self::Position, text: &str) -> Result<Self::Turn, String>;
    /// A finished turn's events as its notation.
    fn write_events(events: &[<Self::Machine as TurnMachine>::Event]) -> String;
    /// Whether a primary move is legal, and if not the rule that refuses it.
    fn why_not(pos: &Self::Position, from: Self::Square, to: Self::Square) -> Result<(), WhyNot>;
    /// The squares a piece may move to with its primary move.
    fn destinations(pos: &Self::Position, from: Self::Square) -> Vec<Self::Square>;
    /// The side to move's pieces that the opponent could take next turn.
    fn threatened(pos: &Self::Position) -> Vec<Self::Square>;
    /// What a player should know about a side at a glance, for the match panel
    /// ("successors left: 2").
    fn side_status(pos: &Self::Position, side: Side) -> String;

    /// The board's cells, names and shape.
    fn geometry() -> &'static Geometry;
    fn piece_at(pos: &Self::Position, square: Self::Square) -> Option<PieceCode>;
    /// Takes a piece off the board (a piece given as odds), returning it.
    fn take(pos: &mut Self::Position, square: Self::Square) -> Option<PieceCode>;
    /// An event as front ends see it, with its stage's number in [`Rules::STAGES`]: none, one,
    /// or several in order (an Izdari Wagon's step loads, moves and drops).
    fn effects(event: &<Self::Machine as TurnMachine>::Event) -> Vec<(usize, Effect)>;
    /// A pending decision as front ends ask it.
    fn prompt(pending: &<Self::Machine as TurnMachine>::Pending) -> Prompt;
    /// The decision a front end's choice means for what is pending, if it means one.
    fn decision(
        pending: &<Self::Machine as TurnMachine>::Pending,
        choice: Choice,
    ) -> Option<<Self::Machine as TurnMachine>::Decision>;
    /// A decision as a front end's choice.
    fn choice(decision: &<Self::Machine as TurnMachine>::Decision) -> Choice;

    /// Perft: the number of distinct sequences of `depth` turns, the last ply counted in bulk.
    fn perft(pos: &Self::Position, depth: u32) -> u64 {
        perft_counting::<Self>(pos, depth, true)
    }

    /// Perft that makes every turn, the last ply included.
    fn perft_full(pos: &Self::Position, depth: u32) -> u64 {
        perft_counting::<Self>(pos, depth, false)
    }

    /// `start` or a position's text, as command lines take it.
    fn parse_position_arg(text: &str) -> Result<Self::Position, PositionError> {
        if text.trim() == "start" { Ok(Self::start()) } else { Self::parse_position(text) }
    }

    /// The pieces riding in carriers, by the carrier's square: none but in games with carriers
    /// (Izdari's Wagons).
    fn carried(_pos: &Self::Position) -> Vec<(Self::Square, PieceCode)> {
        Vec::new()
    }

    /// The board as front ends draw it.
    fn board(pos: &Self::Position) -> super::view::Board {
        let mut board = super::view::Board {
            cells: (0..Self::Square::COUNT).map(|i| Self::piece_at(pos, Self::Square::from_index(i))).collect(),
            side_to_move: Self::side_to_move(pos),
            carried: Self::carried(pos).into_iter().map(|(sq, p)| (super::view::Cell(sq.index() as u16), p)).collect(),
        };
        board.sort_carried();
        board
    }

    /// Every legal turn.
    fn turns(pos: &Self::Position) -> Vec<Self::Turn> {
        let mut out = Vec::new();
        Self::generate_turns(pos, &mut out);
        out
    }
}

fn perft_counting<R: Rules>(pos: &R::Position, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if bulk && depth == 1 {
        return R::count_turns(pos);
    }
    let mut turns = Vec::with_capacity(64);
    R::generate_turns(pos, &mut turns);
    turns
        .iter()
        .map(|turn| {
            let mut next = *pos;
            R::play(&mut next, turn);
            perft_counting::<R>(&next, depth - 1, bulk)
        })
        .sum()
}
