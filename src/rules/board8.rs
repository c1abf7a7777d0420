//! The 8×8 board of the chess-like pub games (Desert Pub Chess, Chafl): pieces as bitboards
//! plus a mailbox, the side to move, the turn number and an incrementally kept hash, written
//! once over each game's kinds of piece. A set of squares is a `u64`, bit `rank * 8 + file`.

use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

use super::Side;
use super::grid::Square as GridSquare;
use super::text::{self, PositionError, fields};

/// A square of an 8×8 board.
pub type Square = GridSquare<8, 8>;

/// The most kinds of piece a game on this board may have.
pub const MAX_KINDS: usize = 8;

/// Hash keys per side, kind and square.
pub type Keys = [[[u64; 64]; MAX_KINDS]; 2];

/// A game's kinds of piece, as the shared board stores and names them.
pub trait Kinds: Copy + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// Every kind, in kind-number order (at most [`MAX_KINDS`]).
    const ALL: &'static [Self];
    fn index(self) -> usize;
    /// The upper-case letter of position text and notation.
    fn letter(self) -> char;
    fn from_letter(letter: char) -> Option<Self>;
    /// The game's hash keys (each game its own seed, so their positions never share keys).
    fn keys() -> &'static Keys;
}

/// The sides' names in the chess-like games: White moves first.
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "White",
        Side::Second => "Black",
    }
}

/// The side letter of position text.
pub const fn side_letter(side: Side) -> char {
    match side {
        Side::First => 'w',
        Side::Second => 'b',
    }
}

/// The bit of a square.
pub const fn bit(square: Square) -> u64 {
    1 << square.index()
}

/// The squares of a set, lowest first.
pub fn squares(mut set: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let index = set.trailing_zeros() as usize;
            set &= set - 1;
            Square::from_index(index)
        })
    })
}

/// A piece: its side and kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece<K> {
    pub side: Side,
    pub kind: K,
}

impl<K: Kinds> Piece<K> {
    pub const fn new(side: Side, kind: K) -> Piece<K> {
        Piece { side, kind }
    }

    /// The letter of position text: upper case White, lower case Black.
    pub fn letter(self) -> char {
        match self.side {
            Side::First => self.kind.letter(),
            Side::Second => self.kind.letter().to_ascii_lowercase(),
        }
    }

    pub fn from_letter(letter: char) -> Option<Piece<K>> {
        let side = if letter.is_ascii_uppercase() { Side::First } else { Side::Second };
        K::from_letter(letter.to_ascii_uppercase()).map(|kind| Piece { side, kind })
    }
}

impl<K: Kinds> fmt::Display for Piece<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", side_name(self.side), self.kind)
    }
}

/// One complete turn of a chess-like game: where the moving piece starts and ends, the
/// squares of every piece it took, and what it became. In both games this identifies the
/// position the turn leaves, which is what their rulebooks count (P6, H7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Turn<K> {
    pub from: Square,
    /// Where the moving piece ends the turn.
    pub to: Square,
    /// The squares of the pieces taken.
    pub captured: u64,
    /// What the piece became on its last rank.
    pub promotion: Option<K>,
}

impl<K> Turn<K> {
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }
}

/// Why a turn's text was refused: the 1-based column when it is one spot, and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad turn{}: {problem}", at.map(|c| format!(" at column {c}")).unwrap_or_default())]
pub struct NotationError {
    pub at: Option<usize>,
    pub problem: String,
}

impl NotationError {
    pub fn new(at: Option<usize>, problem: impl Into<String>) -> NotationError {
        NotationError { at, problem: problem.into() }
    }
}

/// Piece placement as bitboards plus a square-indexed mailbox, the side to move, the turn
/// number and an incrementally kept hash. Small and `Copy`: search copies instead of undoing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board<K> {
    by_side: [u64; 2],
    by_kind: [u64; MAX_KINDS],
    /// 0 for empty, else `1 + side * MAX_KINDS + kind`.
    mailbox: [u8; 64],
    side_to_move: Side,
    turn_number: u32,
    hash: u64,
    kinds: PhantomData<K>,
}

/// The key toggled when the second player is to move.
const SECOND_TO_MOVE: u64 = super::zobrist::splitmix(0x0042_4C41_434B).1;

impl<K: Kinds> Board<K> {
    /// An empty board with `side` to move at turn 1.
    pub fn empty(side: Side) -> Board<K> {
        let mut board = Board {
            by_side: [0; 2],
            by_kind: [0; MAX_KINDS],
            mailbox: [0; 64],
            side_to_move: Side::First,
            turn_number: 1,
            hash: 0,
            kinds: PhantomData,
        };
        board.set_side_to_move(side);
        board
    }

    /// A board from the first player's back rank (files a–h), its pawn-like kind on the rank
    /// in front, and the second player's mirror image: the chess start.
    pub fn chess_start(back_rank: [K; 8], front: K) -> Board<K> {
        let mut board = Board::empty(Side::First);
        for file in 0..8u8 {
            let sq = |rank| Square::new(file, rank).expect("on board");
            board.put(sq(0), Piece::new(Side::First, back_rank[file as usize]));
            board.put(sq(1), Piece::new(Side::First, front));
            board.put(sq(6), Piece::new(Side::Second, front));
            board.put(sq(7), Piece::new(Side::Second, back_rank[file as usize]));
        }
        board
    }

    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    pub fn set_side_to_move(&mut self, side: Side) {
        if side != self.side_to_move {
            self.hash ^= SECOND_TO_MOVE;
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

    /// Hash of placement and side to move (not the turn number): repetitions and search.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece<K>> {
        let code = self.mailbox[sq.index()];
        (code != 0).then(|| {
            let code = code as usize - 1;
            let side = if code < MAX_KINDS { Side::First } else { Side::Second };
            Piece::new(side, K::ALL[code % MAX_KINDS])
        })
    }

    /// The squares of a side's pieces.
    pub fn side(&self, side: Side) -> u64 {
        self.by_side[side.index()]
    }

    pub fn pieces(&self, side: Side, kind: K) -> u64 {
        self.by_side[side.index()] & self.by_kind[kind.index()]
    }

    pub fn occupied(&self) -> u64 {
        self.by_side[0] | self.by_side[1]
    }

    /// Places a piece on an empty square.
    pub fn put(&mut self, sq: Square, piece: Piece<K>) {
        debug_assert!(self.mailbox[sq.index()] == 0, "put on occupied {sq}");
        self.by_side[piece.side.index()] |= bit(sq);
        self.by_kind[piece.kind.index()] |= bit(sq);
        self.mailbox[sq.index()] = (1 + piece.side.index() * MAX_KINDS + piece.kind.index()) as u8;
        self.hash ^= K::keys()[piece.side.index()][piece.kind.index()][sq.index()];
    }

    /// Removes and returns the piece on a square.
    pub fn take(&mut self, sq: Square) -> Option<Piece<K>> {
        let piece = self.piece_at(sq)?;
        self.by_side[piece.side.index()] &= !bit(sq);
        self.by_kind[piece.kind.index()] &= !bit(sq);
        self.mailbox[sq.index()] = 0;
        self.hash ^= K::keys()[piece.side.index()][piece.kind.index()][sq.index()];
        Some(piece)
    }

    /// Moves the piece on `from` to `to`, capturing by displacement what stood there.
    pub fn relocate(&mut self, from: Square, to: Square) -> Option<Piece<K>> {
        let piece = self.take(from).expect("relocate from an empty square");
        let captured = self.take(to);
        self.put(to, piece);
        captured
    }

    /// Ends the turn: the other side is to move and the turn count advances.
    pub fn pass_turn(&mut self) {
        self.set_side_to_move(self.side_to_move.opponent());
        self.turn_number = self.turn_number.saturating_add(1);
    }
}

fn error(at: Option<usize>, problem: impl Into<String>) -> PositionError {
    PositionError { format: "position text", at, problem: problem.into() }
}

/// Parses position text: eight ranks from rank 8 down, `/` between them, then `w` or `b`, and
/// (this project's addition, as in Khalif's KFEN) an optional turn number. `letters` lists the
/// game's letters for the error message; `allow(piece, rank)` refuses a piece where the game
/// never has one (a pawn on its last rank).
pub fn parse_board<K: Kinds>(
    text: &str,
    letters: &str,
    allow: impl Fn(Piece<K>, u8) -> Result<(), String>,
) -> Result<Board<K>, PositionError> {
    let fields = fields(text);
    let &(placement_col, placement) = fields.first().ok_or_else(|| error(None, "empty text, expected a position"))?;
    let mut board = Board::empty(Side::First);
    text::parse_placement("position text", placement, placement_col, (8, 8), |file, rank, c| {
        let piece =
            Piece::from_letter(c).ok_or_else(|| format!("`{c}` is not a piece letter ({letters}) nor a digit 1-8"))?;
        allow(piece, rank as u8)?;
        board.put(Square::new(file as u8, rank as u8).expect("checked bounds"), piece);
        Ok(())
    })?;
    let &(side_col, side) =
        fields.get(1).ok_or_else(|| error(None, "missing the side to move (`w` or `b`) after the placement"))?;
    board.set_side_to_move(match side {
        "w" => Side::First,
        "b" => Side::Second,
        other => return Err(error(Some(side_col), format!("side to move `{other}`: expected `w` or `b`"))),
    });
    if let Some(n) = text::read_turn_number("position text", &fields)? {
        board.set_turn_number(n);
    }
    Ok(board)
}

/// Writes a board as position text, with the turn number when it is not 1.
pub fn write_board<K: Kinds>(board: &Board<K>) -> String {
    let placement = text::write_placement((8, 8), |file, rank| {
        board.piece_at(Square::new(file, rank).expect("on board")).map(|p| p.letter())
    });
    let mut out = format!("{placement} {}", side_letter(board.side_to_move()));
    if board.turn_number() != 1 {
        out.push_str(&format!(" {}", board.turn_number()));
    }
    out
}

/// Reads pieces on squares (`"Wd4 pe5 Sa1"`, upper case White, lower case Black) onto an empty
/// board with `side` to move: handier than position text for lessons and tests. The caller
/// checks the result as position text would.
pub fn read_board_list<K: Kinds>(pieces: &str, side: Side) -> Result<Board<K>, PositionError> {
    let mut board = Board::empty(side);
    text::read_piece_list("position text", pieces, |letter, square: Square| {
        let piece = Piece::from_letter(letter).ok_or_else(|| format!("no piece `{letter}`"))?;
        if board.piece_at(square).is_some() {
            return Err(format!("{square} already holds a piece"));
        }
        board.put(square, piece);
        Ok(())
    })?;
    Ok(board)
}
