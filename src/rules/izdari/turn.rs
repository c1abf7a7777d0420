//! Complete turns (C2): generation with one turn per distinct successor position, bulk
//! counting, copy-make play and the end rules (A5, D6, D7).
//!
//! Where different turns leave the same position, generation keeps one: an Assassin's or a
//! Knight's ways to one square are one destination; passengers of one kind are one choice;
//! every turn that only removes one enemy piece (an Archer's shot, a Templar slaying without
//! moving) is one turn per target square. Wagon turns need no deduplication: the squares the
//! Wagon leaves, and what it drops on each, tell its turns apart (see `wagon.rs`).

use super::board::{ALL_DIRECTIONS, DIAGONAL, OFF, ORTHOGONAL, Sq, band, nearest, neighbours_of, ray, step};
use super::wagon::{self, Drops};
use super::{Kind, Piece, Position, Version};
use crate::rules::Side;

/// One complete turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Turn {
    /// The moving piece's square; for a passenger leaving on its own, its Wagon's square.
    pub from: Sq,
    /// Where the piece ends; an Archer's target when it fires; `from` for a Templar that stays.
    pub to: Sq,
    /// The passenger that leaves the Wagon on its own (A4.4), if this is such a turn.
    pub rider: Option<Kind>,
    /// An Archer firing instead of moving (A3.1, B2).
    pub shot: bool,
    /// The enemy the Templar slays after its move (A3.6, B2), [`OFF`] for none.
    pub slay: Sq,
    /// What a Wagon drops on each square it leaves (A4.3).
    pub drops: Drops,
}

impl Turn {
    /// A piece's move (a Templar's without slaying, a Wagon's without drops).
    pub const fn step(from: Sq, to: Sq) -> Turn {
        Turn { from, to, rider: None, shot: false, slay: OFF, drops: Drops::NONE }
    }

    pub const fn slays(self) -> Option<Sq> {
        if self.slay == OFF { None } else { Some(self.slay) }
    }
}

/// A set of squares of either board, one bit a square.
pub type Squares = u128;

#[inline]
pub const fn bit(sq: Sq) -> Squares {
    1 << sq
}

/// The squares of a set, lowest first.
pub fn squares(mut set: Squares) -> impl Iterator<Item = Sq> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let sq = set.trailing_zeros() as Sq;
            set &= set - 1;
            sq
        })
    })
}

/// The side that has won: the other lost its Templar (A1.3) or, in classic, its Wagon (B1).
/// (No legal move, A5.2, is found by generating.)
pub fn winner(pos: &Position) -> Option<Side> {
    let lost = |side| match pos.version() {
        Version::Assassins => pos.templar(side).is_none(),
        Version::Classic => pos.wagon(side).is_none(),
    };
    Side::BOTH.into_iter().find(|&side| lost(side)).map(Side::opponent)
}

/// How the pieces of the side to move see the board.
#[derive(Clone, Copy)]
pub(super) struct View<'a> {
    pub pos: &'a Position,
    pub version: Version,
    pub me: Side,
}

impl<'a> View<'a> {
    pub fn new(pos: &'a Position) -> View<'a> {
        View { pos, version: pos.version(), me: pos.side_to_move() }
    }

    /// The squares a sliding piece cannot pass: every piece but, in classic, its own Dunes (D1).
    #[inline]
    fn obstacles(&self) -> Squares {
        match self.version {
            Version::Classic => self.pos.occupancy() & !(self.pos.squares_of(self.me) & self.pos.dunes()),
            Version::Assassins => self.pos.occupancy(),
        }
    }

    /// Where a taking piece of the side may end: an empty square, or an enemy other than a
    /// Dune (A2.2, A2.3).
    #[inline]
    fn landings(&self) -> Squares {
        !self.pos.squares_of(self.me) & !self.pos.dunes()
    }

    /// A square a sliding piece may pass ([`View::obstacles`]).
    #[inline]
    pub fn passable(&self, sq: Sq) -> bool {
        self.obstacles() & bit(sq) == 0
    }

    /// An enemy that a shot or a slaying may take: not a Dune, and for a shot not the Wagon.
    #[inline]
    pub fn target(&self, sq: Sq, wagon_too: bool) -> bool {
        self.pos
            .at(sq)
            .is_some_and(|p| p.side != self.me && p.kind != Kind::Dune && (wagon_too || p.kind != Kind::Wagon))
    }

    /// Slides from `from` along each of `directions`: the squares reached between `min` and
    /// `max` steps, empty or holding an enemy to take; the first piece that cannot be passed
    /// ends the line.
    fn slide(&self, from: Sq, directions: std::ops::Range<usize>, min: u8, max: u8) -> Squares {
        let obstacles = self.obstacles();
        let mut set = 0;
        for d in directions {
            let line = ray(self.version, from, d);
            let hit = line & obstacles;
            set |= if hit == 0 { line } else { line & !ray(self.version, nearest(hit, d), d) };
        }
        set & self.landings() & band(self.version, from, min, max)
    }

    /// Where a piece of `kind` standing (or riding) on `from` may move, taking by landing where
    /// it takes; an Archer's steps only, a Templar's moves before any slaying, no Wagon.
    pub fn moves(&self, kind: Kind, from: Sq) -> Squares {
        let classic = self.version == Version::Classic;
        let empty = |set: Squares| set & !self.pos.occupancy();
        let beside = neighbours_of(self.version, from, classic);
        match kind {
            Kind::Assassin => self.assassin(from),
            Kind::Halfling if classic => self.slide(from, DIAGONAL, 3, 3),
            Kind::Halfling => self.slide(from, DIAGONAL, 1, 3),
            Kind::Lizard => self.slide(from, DIAGONAL, 2, u8::MAX),
            Kind::Dune => empty(beside),
            Kind::Archer if classic => empty(self.slide(from, ALL_DIRECTIONS, 2, 2)),
            Kind::Archer => empty(beside),
            Kind::Templar if classic => self.slide(from, ALL_DIRECTIONS, 1, 2),
            Kind::Templar => beside & self.landings(),
            Kind::Knight => self.knight(from),
            Kind::Wagon => 0,
        }
    }

    /// A3.2: up to three orthogonal steps, turning at will, through empty squares; the last
    /// may take. The start never counts as empty (a passenger's holds its Wagon).
    fn assassin(&self, from: Sq) -> Squares {
        let empty = !self.pos.occupancy();
        let step = |set: Squares| squares(set & empty).fold(0, |out, sq| out | neighbours_of(self.version, sq, false));
        let first = neighbours_of(self.version, from, false);
        let second = step(first);
        let third = step(second);
        (first | second | third) & self.landings() & !bit(from)
    }

    /// B2 with D1, D2: two squares straight on, then optionally one more in any direction;
    /// every square passed empty or an own Dune; it takes where it lands.
    fn knight(&self, from: Sq) -> Squares {
        let v = self.version;
        let (obstacles, landings) = (self.obstacles(), self.landings());
        let mut out = 0;
        for d in ALL_DIRECTIONS {
            let first = step(v, from, d);
            if first == OFF || obstacles & bit(first) != 0 {
                continue;
            }
            let second = step(v, first, d);
            if second == OFF {
                continue;
            }
            out |= bit(second);
            if obstacles & bit(second) == 0 {
                out |= neighbours_of(v, second, true);
            }
        }
        out & landings
    }

    /// The enemies an Archer on `from` may shoot (A3.1, B2, D4): the first piece along each
    /// line, far enough away, not a Dune nor the Wagon.
    pub fn shots(&self, from: Sq) -> Squares {
        let reach = if self.version == Version::Classic { 7 } else { 2 };
        let them = self.me.opponent();
        let wagon = self.pos.wagon(them).map_or(0, bit);
        let targets = self.pos.squares_of(them) & !self.pos.dunes() & !wagon & band(self.version, from, reach, u8::MAX);
        if targets == 0 {
            return 0;
        }
        let occupied = self.pos.occupancy();
        let mut out = 0;
        for d in ALL_DIRECTIONS {
            // A line with no target on it shoots nothing, whatever stands first on it.
            let line = ray(self.version, from, d);
            if line & targets != 0 {
                out |= bit(nearest(line & occupied, d));
            }
        }
        out & targets
    }

    /// The enemies a Templar standing on `at` may slay (A3.6: orthogonally adjacent; B2: any of
    /// the eight neighbours), never a Dune.
    pub fn slayable(&self, at: Sq) -> Squares {
        let directions = if self.version == Version::Classic { ALL_DIRECTIONS } else { ORTHOGONAL };
        directions
            .map(|d| step(self.version, at, d))
            .filter(|&s| s != OFF && self.target(s, true))
            .fold(0, |a, s| a | bit(s))
    }

    /// Whether a move onto `to` takes the enemy's royal piece and so ends the game (D6).
    pub fn takes_royal(&self, to: Sq) -> bool {
        self.pos.at(to).is_some_and(|p| p.side != self.me && p.kind == self.version.royal())
    }
}

/// The enemy pieces `side`'s Archers on the board could shoot now (A3.1, B2): what the AI
/// weighs as open lines and the hints point at.
pub fn archer_targets(pos: &Position, side: Side) -> Squares {
    let view = View { pos, version: pos.version(), me: side };
    squares(pos.squares_of(side) & pos.squares_of_kind(Kind::Archer)).fold(0, |set, sq| set | view.shots(sq))
}

/// Appends every legal turn of the side to move, one per distinct successor position (C2).
/// Turns of one origin and destination come together (search groups them).
pub fn generate_turns(pos: &Position, out: &mut Vec<Turn>) {
    generate(pos, u32::MAX, false, out);
}

/// The turns search tries: every legal turn, but of a Wagon's only those that drop at most one
/// passenger (a Wagon with three aboard on a long path has thousands of ways to drop them).
pub fn search_turns(pos: &Position, out: &mut Vec<Turn>) {
    generate(pos, 1, false, out);
}

/// The turns that take something (land on, shoot or slay an enemy), in the order
/// [`generate_turns`] gives them: what quiescence follows. The Wagon never takes (A4.1), so
/// none of its own moves is here, only its passengers leaving onto an enemy (A4.4).
pub fn capture_turns(pos: &Position, out: &mut Vec<Turn>) {
    generate(pos, 0, true, out);
}

fn generate(pos: &Position, most_drops: u32, captures_only: bool, out: &mut Vec<Turn>) {
    if winner(pos).is_some() {
        return;
    }
    let view = View::new(pos);
    let mut removed: Squares = 0;
    for from in squares(pos.squares_of(view.me)) {
        let piece = pos.at(from).expect("a square of the side holds its piece");
        match piece.kind {
            Kind::Wagon => wagon_square_turns(&view, from, most_drops, captures_only, out),
            Kind::Templar => templar_turns(&view, from, &mut removed, captures_only, out),
            kind => {
                for to in squares(kept(&view, view.moves(kind, from), captures_only)) {
                    out.push(Turn::step(from, to));
                }
                if kind == Kind::Archer {
                    for target in squares(view.shots(from) & !removed) {
                        removed |= bit(target);
                        out.push(Turn { shot: true, ..Turn::step(from, target) });
                    }
                }
            }
        }
    }
}

/// Of the squares a piece may move to, those a generation keeps: all of them, or with
/// `captures_only` those it would take on (every landing on a piece is a capture).
fn kept(view: &View, moves: Squares, captures_only: bool) -> Squares {
    if captures_only { moves & view.pos.occupancy() } else { moves }
}

/// The Templar's turns: stay and slay (A3.6; never in classic, D5), or move and slay or not.
/// With `captures_only`, a move that neither lands on an enemy nor slays is left out.
fn templar_turns(view: &View, from: Sq, removed: &mut Squares, captures_only: bool, out: &mut Vec<Turn>) {
    if view.version == Version::Assassins {
        for target in squares(view.slayable(from) & !*removed) {
            *removed |= bit(target);
            out.push(Turn { slay: target, ..Turn::step(from, from) });
        }
    }
    for to in squares(view.moves(Kind::Templar, from)) {
        if !captures_only || !view.pos.is_empty(to) {
            out.push(Turn::step(from, to));
        }
        if view.takes_royal(to) {
            continue;
        }
        // The move changes nothing beside `to`: it empties `from`, which held the Templar
        // itself, and fills `to`, no neighbour of its own; so what it could slay there is read
        // off the board as it stands.
        for target in squares(view.slayable(to)) {
            out.push(Turn { slay: target, ..Turn::step(from, to) });
        }
    }
}

/// Everything that leaves from the Wagon's square: the Wagon's own moves (A4.1–A4.3) and its
/// passengers leaving on their own (A4.4), sorted by destination so that the turns of one
/// origin and destination stand together; with `captures_only`, the passengers' captures alone.
fn wagon_square_turns(view: &View, from: Sq, most_drops: u32, captures_only: bool, out: &mut Vec<Turn>) {
    let start = out.len();
    if !captures_only {
        wagon::moves(view, from, most_drops, out);
    }
    let riders = view.pos.riders(view.me);
    for kind in riders.distinct() {
        for to in squares(kept(view, view.moves(kind, from), captures_only)) {
            out.push(Turn { rider: Some(kind), ..Turn::step(from, to) });
        }
    }
    if !riders.is_empty() {
        out[start..].sort_by_key(|t| t.to);
    }
}

/// The number of legal turns (C2).
pub fn count_turns(pos: &Position) -> u64 {
    let mut turns = Vec::with_capacity(128);
    generate_turns(pos, &mut turns);
    turns.len() as u64
}

/// Whether the side to move has a legal turn (A5.2).
pub fn has_turn(pos: &Position) -> bool {
    count_turns(pos) > 0
}

/// Plays a generated (or checked) turn; the other side is to move.
pub fn play(pos: &mut Position, turn: &Turn) {
    let me = pos.side_to_move();
    if let Some(kind) = turn.rider {
        pos.riders_mut(me).alight(kind);
        pos.take(turn.to);
        pos.put(turn.to, Piece::new(me, kind));
    } else if turn.shot {
        pos.take(turn.to);
    } else if pos.at(turn.from).is_some_and(|p| p.kind == Kind::Wagon) {
        wagon::play(pos, turn);
    } else {
        if turn.to != turn.from {
            pos.take(turn.to);
            pos.relocate(turn.from, turn.to);
        }
        if let Some(target) = turn.slays() {
            pos.take(target);
        }
    }
    pos.pass_turn();
}
