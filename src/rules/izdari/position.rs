//! The board between (and during) turns: what stands on each square, who rides in each side's
//! Wagon (A4.2), the side to move, the version, the turn number and an incrementally kept hash.

use super::board::{OFF, Sq};
use super::{Kind, Piece, Version};
use crate::rules::Side;
use crate::rules::zobrist::{keys, splitmix};

/// The seats of a Wagon (A4.2: up to three friendly pieces).
pub const SEATS: usize = 3;

/// The passengers of one Wagon, kept sorted so that equal loads compare and hash alike.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Riders([Option<Kind>; SEATS]);

impl Riders {
    pub fn len(&self) -> usize {
        self.0.iter().flatten().count()
    }

    pub fn is_empty(&self) -> bool {
        self.0[0].is_none()
    }

    pub fn is_full(&self) -> bool {
        self.0[SEATS - 1].is_some()
    }

    /// The passengers, in alphabetical order of their letters (C1: "the writer sorts them").
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        self.0.iter().flatten().copied()
    }

    /// Each kind aboard once: the passengers a choice can tell apart.
    pub fn distinct(&self) -> impl Iterator<Item = Kind> + '_ {
        self.0.iter().enumerate().filter_map(|(i, k)| k.filter(|&k| i == 0 || self.0[i - 1] != Some(k)))
    }

    /// The first passenger in letter order, if any ride.
    pub fn first(&self) -> Option<Kind> {
        self.0[0]
    }

    pub fn contains(&self, kind: Kind) -> bool {
        self.0.contains(&Some(kind))
    }

    /// Seats a passenger in letter order; the caller has checked a seat is free. No allocation:
    /// generation loads passengers on every Wagon path it tries.
    pub fn board(&mut self, kind: Kind) {
        debug_assert!(!self.is_full(), "a full Wagon loads nothing");
        let seat = self.0.iter().position(|k| k.is_none_or(|k| k.letter() > kind.letter())).unwrap_or(SEATS - 1);
        self.0.copy_within(seat..SEATS - 1, seat + 1);
        self.0[seat] = Some(kind);
    }

    /// Lets one passenger of `kind` off; whether one was aboard.
    pub fn alight(&mut self, kind: Kind) -> bool {
        let Some(seat) = self.0.iter().position(|&k| k == Some(kind)) else { return false };
        self.0.copy_within(seat + 1.., seat);
        self.0[SEATS - 1] = None;
        true
    }

    /// The passengers as position text writes them, `AR` (C1), empty when none ride.
    pub fn letters(&self, side: Side) -> String {
        self.kinds().map(|k| Piece::new(side, k).letter()).collect()
    }
}

const CELLS: usize = 100;
crate::key_table!(
    static PIECE_KEYS: [[[u64; CELLS]; 8]; 2] = keys::<8, CELLS>(0x0049_5A44_4152_4931);
);
crate::key_table!(
    /// One key per (side, kind, how many of that kind already ride): loads in any order hash alike.
    static RIDER_KEYS: [[[u64; SEATS]; 8]; 2] = keys::<8, SEATS>(0x0052_4944_4552_5331);
);
const SECOND_TO_MOVE: u64 = splitmix(0x0049_5A44_5349_4445).1;

/// A position of either version. `Copy` and flat: search copies instead of undoing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    cells: [Option<Piece>; CELLS],
    /// Each side's squares, one bit a square: the scans over every piece visit the pieces
    /// only, not every square of the board, and the sliding moves and the Archers' lines find
    /// their first obstacle with a bit scan.
    sides: [u128; 2],
    /// Every piece's square by kind, both sides together (`Kind::index`): with `sides`, the
    /// evaluation counts a side's Archers, footmen and hunters with popcounts.
    kinds: [u128; 8],
    /// How many pieces of each kind each side has on the board (passengers not counted): the
    /// popcount of `sides & kinds`, kept because the evaluation and the harness's material ask
    /// for every kind's count at every position judged (deriving it cost 2-4% of the search).
    counts: [[u8; 8]; 2],
    riders: [Riders; 2],
    /// Each side's Wagon and Templar square, [`OFF`] once taken.
    wagon: [Sq; 2],
    templar: [Sq; 2],
    side_to_move: Side,
    version: Version,
    turn_number: u32,
    /// Placement and side to move; the riders are added in [`Position::hash`].
    board_hash: u64,
}

impl Position {
    /// An empty board of `version` with `side` to move at turn 1.
    pub fn empty(version: Version, side: Side) -> Position {
        Position {
            cells: [None; CELLS],
            sides: [0; 2],
            kinds: [0; 8],
            counts: [[0; 8]; 2],
            riders: [Riders::default(); 2],
            wagon: [OFF; 2],
            templar: [OFF; 2],
            side_to_move: side,
            version,
            turn_number: 1,
            board_hash: if side == Side::Second { SECOND_TO_MOVE } else { 0 },
        }
    }

    pub fn version(&self) -> Version {
        self.version
    }

    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    pub fn set_side_to_move(&mut self, side: Side) {
        if side != self.side_to_move {
            self.board_hash ^= SECOND_TO_MOVE;
            self.side_to_move = side;
        }
    }

    /// The number of the turn about to be played; every turn of either side counts one.
    pub fn turn_number(&self) -> u32 {
        self.turn_number
    }

    pub fn set_turn_number(&mut self, n: u32) {
        self.turn_number = n;
    }

    /// Ends the turn: the other side is to move and the turn count advances.
    pub fn pass_turn(&mut self) {
        self.set_side_to_move(self.side_to_move.opponent());
        self.turn_number = self.turn_number.saturating_add(1);
    }

    /// Hash of placement, passengers and side to move (not the turn number). The search asks
    /// it at every node, so an empty Wagon costs one test.
    pub fn hash(&self) -> u64 {
        let mut hash = self.board_hash;
        for (side, riders) in self.riders.iter().enumerate() {
            let seats = &riders.0;
            let mut nth = 0;
            for (seat, kind) in seats.iter().enumerate() {
                let Some(kind) = *kind else { break };
                nth = if seat > 0 && seats[seat - 1] == Some(kind) { nth + 1 } else { 0 };
                hash ^= RIDER_KEYS[side][kind.index()][nth];
            }
        }
        hash
    }

    #[inline]
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.cells[sq as usize]
    }

    #[inline]
    pub fn is_empty(&self, sq: Sq) -> bool {
        self.cells[sq as usize].is_none()
    }

    /// The square of a side's Wagon, if it stands.
    pub fn wagon(&self, side: Side) -> Option<Sq> {
        Some(self.wagon[side.index()]).filter(|&s| s != OFF)
    }

    /// The square of a side's Templar, if it stands.
    pub fn templar(&self, side: Side) -> Option<Sq> {
        Some(self.templar[side.index()]).filter(|&s| s != OFF)
    }

    /// Who rides in a side's Wagon (nobody once it is gone).
    pub fn riders(&self, side: Side) -> Riders {
        self.riders[side.index()]
    }

    pub fn riders_mut(&mut self, side: Side) -> &mut Riders {
        &mut self.riders[side.index()]
    }

    /// Places a piece on an empty square.
    pub fn put(&mut self, sq: Sq, piece: Piece) {
        debug_assert!(self.cells[sq as usize].is_none(), "put on an occupied square");
        self.cells[sq as usize] = Some(piece);
        self.sides[piece.side.index()] |= 1 << sq;
        self.counts[piece.side.index()][piece.kind.index()] += 1;
        self.kinds[piece.kind.index()] |= 1 << sq;
        self.board_hash ^= PIECE_KEYS[piece.side.index()][piece.kind.index()][sq as usize];
        match piece.kind {
            Kind::Wagon => self.wagon[piece.side.index()] = sq,
            Kind::Templar => self.templar[piece.side.index()] = sq,
            _ => {}
        }
    }

    /// Removes and returns the piece on a square; a Wagon taken loses its passengers (A4.5).
    pub fn take(&mut self, sq: Sq) -> Option<Piece> {
        let piece = self.cells[sq as usize].take()?;
        self.sides[piece.side.index()] &= !(1 << sq);
        self.counts[piece.side.index()][piece.kind.index()] -= 1;
        self.kinds[piece.kind.index()] &= !(1 << sq);
        self.board_hash ^= PIECE_KEYS[piece.side.index()][piece.kind.index()][sq as usize];
        match piece.kind {
            Kind::Wagon => {
                self.wagon[piece.side.index()] = OFF;
                self.riders[piece.side.index()] = Riders::default();
            }
            Kind::Templar => self.templar[piece.side.index()] = OFF,
            _ => {}
        }
        Some(piece)
    }

    /// Moves the piece on `from` to the empty square `to`, keeping a Wagon's passengers aboard.
    pub fn relocate(&mut self, from: Sq, to: Sq) {
        let piece = self.cells[from as usize].take().expect("relocate from an occupied square");
        let keys = &PIECE_KEYS[piece.side.index()][piece.kind.index()];
        self.board_hash ^= keys[from as usize] ^ keys[to as usize];
        debug_assert!(self.cells[to as usize].is_none(), "relocate onto an occupied square");
        self.cells[to as usize] = Some(piece);
        let moved = (1 << from) | (1 << to);
        self.sides[piece.side.index()] ^= moved;
        self.kinds[piece.kind.index()] ^= moved;
        match piece.kind {
            Kind::Wagon => self.wagon[piece.side.index()] = to,
            Kind::Templar => self.templar[piece.side.index()] = to,
            _ => {}
        }
    }

    /// Every piece on the board with its square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Sq, Piece)> + '_ {
        let mut left = self.occupancy();
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let sq = left.trailing_zeros() as Sq;
            left &= left - 1;
            Some((sq, self.cells[sq as usize].expect("an occupied square holds a piece")))
        })
    }

    /// The squares that hold a piece, one bit a square (`turn::Squares`): a move that lands on
    /// one of them takes.
    pub fn occupancy(&self) -> u128 {
        self.sides[0] | self.sides[1]
    }

    /// The squares of `side`'s pieces, one bit a square.
    pub fn squares_of(&self, side: Side) -> u128 {
        self.sides[side.index()]
    }

    /// How many pieces of `kind` `side` has on the board (passengers not counted).
    pub fn count(&self, side: Side, kind: Kind) -> u32 {
        u32::from(self.counts[side.index()][kind.index()])
    }

    /// The squares of every Dune, both sides'.
    pub fn dunes(&self) -> u128 {
        self.kinds[Kind::Dune.index()]
    }

    /// The squares of every piece of `kind`, both sides' (passengers not counted): `& squares_of`
    /// gives one side's.
    pub fn squares_of_kind(&self, kind: Kind) -> u128 {
        self.kinds[kind.index()]
    }

    /// How many pieces stand on the board, both sides (passengers not counted).
    pub fn piece_count(&self) -> u32 {
        self.occupancy().count_ones()
    }
}
