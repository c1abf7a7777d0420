//! The Wagon's move (A4, B2, D1, D7): its straight path, the friendly pieces it must load on
//! the way, the passengers it may drop on the squares it leaves, and playing all of it.
//!
//! Its turns never need deduplication: a Wagon turn is its destination and, for each square it
//! leaves, the kind it drops there, if any; loading is compulsory, so that is the whole turn,
//! and two different such turns leave different boards. Generation therefore offers each
//! distinct kind aboard once per drop.

use super::board::{ALL_DIRECTIONS, OFF, ORTHOGONAL, Sq, line_between, step};
use super::position::SEATS;
use super::turn::{Turn, View};
use super::{Kind, Piece, Position, Riders, Version};

/// What a Wagon drops on each square it leaves, by the square's place on its path (0 is its
/// starting square): four bits a square, a kind's index plus one, 0 for nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Drops(u64);

impl Drops {
    pub const NONE: Drops = Drops(0);

    /// What is dropped on the path's square `index`.
    pub fn at(self, index: usize) -> Option<Kind> {
        let code = (self.0 >> (4 * index)) & 15;
        (code != 0).then(|| Kind::ALL[code as usize - 1])
    }

    /// These drops and `kind` dropped on square `index` of the path.
    pub fn with(self, index: usize, kind: Kind) -> Drops {
        Drops(self.0 & !(15 << (4 * index)) | ((kind.index() as u64 + 1) << (4 * index)))
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The raw bits, for search's grouping of a turn's inner choices.
    pub fn bits(self) -> u64 {
        self.0
    }
}

/// The longest path: five squares in Assassin's Izdari (A4.1), the board's width in classic.
pub const MAX_PATH: usize = 10;

/// The squares a Wagon goes through, its starting square first and its destination last.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Path {
    squares: [Sq; MAX_PATH],
    len: u8,
}

impl Path {
    pub fn squares(&self) -> &[Sq] {
        &self.squares[..self.len as usize]
    }

    pub fn destination(&self) -> Sq {
        self.squares[self.len as usize - 1]
    }
}

/// What a Wagon finds on a square it enters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entry {
    Empty,
    /// A friendly piece it must load (A4.2).
    Load(Kind),
    /// One of its own Dunes, passed but never stopped on (classic, D1).
    OwnDune,
    /// Anything else ends its path: an enemy piece, a Dune (an enemy's in classic), its Templar
    /// (A4.1).
    Blocked,
}

/// What the Wagon meets entering `sq`.
pub fn entry(view: &View, sq: Sq) -> Entry {
    match view.pos.at(sq) {
        None => Entry::Empty,
        Some(p) if p.side != view.me => Entry::Blocked,
        Some(p) if p.kind == Kind::Dune && view.version == Version::Classic => Entry::OwnDune,
        Some(p) if view.version.loadable(p.kind) => Entry::Load(p.kind),
        Some(_) => Entry::Blocked,
    }
}

/// How far a Wagon may go in one move and which ways (A4.1, B2).
fn reach(version: Version) -> (std::ops::Range<usize>, usize) {
    match version {
        Version::Assassins => (ORTHOGONAL, 5),
        Version::Classic => (ALL_DIRECTIONS, MAX_PATH - 1),
    }
}

/// The path of a Wagon on `from` to `to`, if `to` lies along one of its lines within reach,
/// every square on the way can be entered and `to` can be stopped on. The seats always suffice
/// for some choice of drops; which drops keep them sufficient is [`can_finish`]'s question.
pub fn path(view: &View, from: Sq, to: Sq) -> Option<Path> {
    let (direction, length) = line_between(view.version, from, to)?;
    let (directions, most) = reach(view.version);
    if !directions.contains(&direction) || length as usize > most {
        return None;
    }
    let mut path = Path { squares: [OFF; MAX_PATH], len: 1 };
    path.squares[0] = from;
    let mut sq = from;
    for _ in 0..length {
        sq = step(view.version, sq, direction);
        match entry(view, sq) {
            Entry::Blocked => return None,
            Entry::OwnDune if sq == to => return None,
            _ => {}
        }
        path.squares[path.len as usize] = sq;
        path.len += 1;
    }
    Some(path)
}

/// Whether a Wagon that has just left square `index` of `path` with `riders` aboard can still
/// reach the destination: it drops a passenger on every square it leaves where it may, the
/// best it can do to keep a seat free for what it must load (A4.2).
pub fn can_finish(view: &View, path: &Path, index: usize, mut riders: Riders) -> bool {
    let squares = path.squares();
    for i in index + 1..squares.len() {
        if let Entry::Load(kind) = entry(view, squares[i]) {
            if riders.is_full() {
                return false;
            }
            riders.board(kind);
        }
        if i + 1 < squares.len()
            && droppable(view, path, i)
            && let Some(kind) = riders.first()
        {
            riders.alight(kind);
        }
    }
    true
}

/// Whether the square `index` of the path is empty once the Wagon leaves it (A4.3): its
/// start, an empty square, or one whose piece it loaded; never an own Dune passed.
pub fn droppable(view: &View, path: &Path, index: usize) -> bool {
    leaves_room(index, entry(view, path.squares()[index]))
}

/// [`droppable`] for a square where the Wagon met `met`.
fn leaves_room(index: usize, met: Entry) -> bool {
    index == 0 || met != Entry::OwnDune
}

/// Appends every Wagon move from `from`: destination by destination, each with every distinct
/// way of dropping passengers, or only those with at most `most_drops` drops (search's
/// shortlist: a full Wagon that must drop more often to load on its way loses those paths).
///
/// Along each line it keeps every way of having come so far ([`Way`]), in the order of the
/// choices made square by square (no drop first, then each kind aboard in letter order), and
/// extends them one square at a time: the turns to each destination are the ways that reach
/// it, so no path is walked twice.
pub fn moves(view: &View, from: Sq, most_drops: u32, out: &mut Vec<Turn>) {
    let (directions, most) = reach(view.version);
    let start = Way { chosen: Drops::NONE, left: most_drops, riders: view.pos.riders(view.me) };
    let (mut ways, mut next) = (Vec::new(), Vec::new());
    for d in directions {
        ways.clear();
        ways.push(start);
        // What the Wagon met on the square it is about to leave (its start: nothing).
        let mut left_behind = Entry::Empty;
        let mut sq = from;
        for index in 0..most {
            sq = step(view.version, sq, d);
            if sq == OFF {
                break;
            }
            let found = entry(view, sq);
            if found == Entry::Blocked {
                break;
            }
            next.clear();
            let room = leaves_room(index, left_behind);
            for way in &ways {
                way.go_on(index, room, found, &mut next);
            }
            std::mem::swap(&mut ways, &mut next);
            if ways.is_empty() {
                break;
            }
            if found != Entry::OwnDune {
                out.extend(ways.iter().map(|way| Turn { drops: way.chosen, ..Turn::step(from, sq) }));
            }
            left_behind = found;
        }
    }
}

/// One way a Wagon can have come along its line so far: the drops chosen, how many more it may
/// make, and who rides now that it has loaded what it met.
#[derive(Clone, Copy)]
struct Way {
    chosen: Drops,
    left: u32,
    riders: Riders,
}

impl Way {
    /// The ways on from this one, leaving square `index` of the path for the next, where the
    /// Wagon meets `found`: with nothing dropped, then with each kind aboard dropped once if
    /// the square leaves `room` (A4.3) and drops are left; none where it must load with every
    /// seat taken (A4.2).
    fn go_on(&self, index: usize, room: bool, found: Entry, out: &mut Vec<Way>) {
        let mut options = [None; SEATS + 1];
        let mut count = 1;
        if self.left > 0 && room {
            for kind in self.riders.distinct() {
                options[count] = Some(kind);
                count += 1;
            }
        }
        for &drop in &options[..count] {
            let mut way = *self;
            if let Some(kind) = drop {
                way.riders.alight(kind);
                way.chosen = way.chosen.with(index, kind);
                way.left -= 1;
            }
            if let Entry::Load(kind) = found {
                if way.riders.is_full() {
                    continue;
                }
                way.riders.board(kind);
            }
            out.push(way);
        }
    }
}

/// Plays a Wagon turn: square by square, loading what it meets and dropping what the turn says.
pub fn play(pos: &mut Position, turn: &Turn) {
    let view = View::new(pos);
    let path = path(&view, turn.from, turn.to).expect("a legal Wagon turn has a path");
    let me = view.me;
    let mut riders = pos.riders(me);
    let wagon = pos.take(turn.from).expect("the Wagon");
    for (index, &sq) in path.squares().iter().enumerate() {
        if index > 0
            && let Some(p) = pos.at(sq).filter(|p| p.kind != Kind::Dune)
        {
            pos.take(sq);
            riders.board(p.kind);
        }
        if let Some(kind) = turn.drops.at(index) {
            riders.alight(kind);
            pos.put(sq, Piece::new(me, kind));
        }
    }
    pos.put(turn.to, wagon);
    *pos.riders_mut(me) = riders;
}
