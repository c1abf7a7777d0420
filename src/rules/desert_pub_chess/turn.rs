//! Complete turns (P6): generation, bulk counting, copy-make play and perft.
//!
//! A turn is identified by the position it leaves: its origin, where the piece ends, the
//! squares of every piece it took and a promotion. Two jump chains that take the same pieces
//! and end on the same square (the same pieces jumped in another order) leave the same
//! position, so they are one turn (P6). Only chains can meet like that, and only chains of
//! the same piece: the generator keeps each jumper's chains in a short list keyed by
//! (landing square, pieces taken) and explores a state only the first time it is reached.
//! Steps, leaps and displacement captures never need the list, so the common case pays nothing.

use super::tables::{
    DIAGONAL, DIAGONAL_STEPS, JUMPS, KING, KNIGHT, LAST_RANK, NONE, ORTHOGONAL, ORTHOGONAL_STEPS, PAWN_CAPTURES,
    PAWN_STEPS, bit, squares,
};
use super::{Kind, Piece, Position, Square};
use crate::rules::Side;

/// One complete turn (P6): everything the mover does, identified by the position it leaves
/// (`to` is a chain's last landing square; `captured` the piece displaced or every piece jumped).
pub type Turn = crate::rules::board8::Turn<Kind>;

/// Whether the game in this position is over because the side to move has lost its last
/// piece (P3.1). (No legal move, P3.3, is found by generating.)
pub fn no_pieces_left(pos: &Position) -> bool {
    pos.side(pos.side_to_move()) == 0
}

/// The directions a jumper uses.
fn directions(kind: Kind) -> std::ops::Range<usize> {
    if kind == Kind::Wazir { ORTHOGONAL } else { DIAGONAL }
}

/// The neighbours of `from` on a jumper's lines: where it steps (onto empty ones, never a
/// capture, P2.4) and where the enemies it may jump first stand.
pub fn steps(kind: Kind, from: Square) -> u64 {
    if kind == Kind::Wazir { ORTHOGONAL_STEPS[from.index()] } else { DIAGONAL_STEPS[from.index()] }
}

/// The single jumps of a `kind` jumper on `from`: over one of `enemies` onto one of the `free`
/// squares beyond. Returns the squares jumped over and the landing squares.
pub fn jumps(kind: Kind, from: Square, enemies: u64, free: u64) -> (u64, u64) {
    let (mut over_set, mut land_set) = (0, 0);
    for d in directions(kind) {
        let (over, land) = JUMPS[d][from.index()];
        if land != NONE && enemies & (1 << over) != 0 && free & (1 << land) != 0 {
            over_set |= 1 << over;
            land_set |= 1 << land;
        }
    }
    (over_set, land_set)
}

/// The chains of a jumper, each state `(landing square, pieces taken)` visited once.
struct Chains {
    dirs: std::ops::Range<usize>,
    /// The pieces it may jump.
    enemies: u64,
    /// Squares it may land on before anything is taken: the empty ones and its own origin
    /// (the square a chain started from counts as empty, P2.4).
    open: u64,
    /// Every state reached so far, in the order found.
    found: Vec<(Square, u64)>,
}

impl Chains {
    fn explore(&mut self, at: Square, taken: u64) {
        for d in self.dirs.clone() {
            let (over, land) = JUMPS[d][at.index()];
            if land == NONE {
                continue;
            }
            let (over_bit, land_bit) = (1u64 << over, 1u64 << land);
            let free = self.open | taken;
            if self.enemies & !taken & over_bit == 0 || free & land_bit == 0 {
                continue;
            }
            let state = (Square::from_index(land as usize), taken | over_bit);
            if self.found.contains(&state) {
                continue;
            }
            self.found.push(state);
            self.explore(state.0, state.1);
        }
    }
}

/// Every distinct jump chain of the jumper on `from` (at least one jump each; every prefix is
/// a chain of its own): `(landing square, squares of the pieces taken)`.
fn jump_chains(pos: &Position, from: Square, kind: Kind) -> Vec<(Square, u64)> {
    let side = pos.side_to_move();
    let enemies = pos.side(side.opponent());
    let first_jumps = steps(kind, from) & enemies;
    if first_jumps == 0 {
        return Vec::new();
    }
    let mut chains = Chains { dirs: directions(kind), enemies, open: !pos.occupied() | bit(from), found: Vec::new() };
    chains.explore(from, 0);
    chains.found
}

/// Calls `visit(from, kind, destinations)` for every piece of the side to move with the
/// squares it reaches by a step, leap or displacement capture (not jumps, not promotions).
fn for_each_simple(pos: &Position, mut visit: impl FnMut(Square, Kind, u64)) {
    let side = pos.side_to_move();
    let own = pos.side(side);
    let empty = !pos.occupied();
    let enemies = pos.side(side.opponent());
    for from in squares(own) {
        let kind = pos.piece_at(from).expect("own square holds a piece").kind;
        let i = from.index();
        let dests = match kind {
            Kind::Pawn => (PAWN_STEPS[side.index()][i] & empty) | (PAWN_CAPTURES[side.index()][i] & enemies),
            Kind::Knight => KNIGHT[i] & !own,
            Kind::Prince => KING[i] & !own,
            Kind::Wazir | Kind::Ferz => steps(kind, from) & empty,
        };
        visit(from, kind, dests);
    }
}

/// Appends every legal turn of the side to move (P6: one per distinct successor position).
/// None when the side to move has no piece left (P3.1).
pub fn generate_turns(pos: &Position, out: &mut Vec<Turn>) {
    push_turns(pos, out, true);
}

/// Appends the legal turns of the side to move that take a piece (displacement captures and
/// jump chains, P3), in [`generate_turns`]'s order: what quiescence follows, without building
/// the quiet moves.
pub fn generate_captures(pos: &Position, out: &mut Vec<Turn>) {
    push_turns(pos, out, false);
}

/// Appends the turns of the side to move, piece by piece: its steps, leaps and captures (the
/// quiet ones unless `quiet` is false), then a jumper's chains, which always take.
fn push_turns(pos: &Position, out: &mut Vec<Turn>, quiet: bool) {
    let side = pos.side_to_move();
    let last_rank = LAST_RANK[side.index()];
    let enemies = pos.side(side.opponent());
    let kept = if quiet { u64::MAX } else { enemies };
    for_each_simple(pos, |from, kind, dests| {
        for to in squares(dests & kept) {
            let captured = bit(to) & enemies;
            if kind == Kind::Pawn && bit(to) & last_rank != 0 {
                for promotion in Kind::PROMOTIONS {
                    out.push(Turn { from, to, captured, promotion: Some(promotion) });
                }
            } else {
                out.push(Turn { from, to, captured, promotion: None });
            }
        }
        if kind.is_jumper() {
            for (to, captured) in jump_chains(pos, from, kind) {
                out.push(Turn { from, to, captured, promotion: None });
            }
        }
    });
}

/// The number of legal turns without building them: steps and leaps by popcount, promotions
/// four at a time, jump chains explored only where an enemy stands next to a jumper.
pub fn count_turns(pos: &Position) -> u64 {
    let last_rank = LAST_RANK[pos.side_to_move().index()];
    let enemies = pos.side(pos.side_to_move().opponent());
    let mut n = 0u64;
    for_each_simple(pos, |from, kind, dests| {
        n += u64::from(dests.count_ones());
        match kind {
            Kind::Pawn => n += 3 * u64::from((dests & last_rank).count_ones()),
            Kind::Wazir | Kind::Ferz if steps(kind, from) & enemies != 0 => {
                n += jump_chains(pos, from, kind).len() as u64
            }
            _ => {}
        }
    });
    n
}

/// The squares the piece on `from` may reach with the first action of a turn: its steps,
/// leaps and captures, and for a jumper the landing squares of its first jumps.
pub fn primary_destinations(pos: &Position, from: Square) -> u64 {
    let mut dests = 0;
    for_each_simple(pos, |at, kind, simple| {
        if at != from {
            return;
        }
        dests = simple;
        if kind.is_jumper() {
            dests |= jumps(kind, from, pos.side(pos.side_to_move().opponent()), !pos.occupied()).1;
        }
    });
    dests
}

/// Whether the side to move has any legal turn (P3.3).
pub fn has_turn(pos: &Position) -> bool {
    let enemies = pos.side(pos.side_to_move().opponent());
    let mut any = false;
    for_each_simple(pos, |from, kind, dests| {
        any |= dests != 0 || (kind.is_jumper() && steps(kind, from) & enemies != 0);
    });
    any
}

/// Plays a turn generated for this position (copy-make). The side to move passes even when
/// the turn ended the game.
pub fn play(pos: &mut Position, turn: &Turn) {
    let piece = pos.take(turn.from).expect("a turn starts on a piece");
    for square in squares(turn.captured) {
        pos.take(square);
    }
    let kind = turn.promotion.unwrap_or(piece.kind);
    pos.put(turn.to, Piece::new(piece.side, kind));
    pos.pass_turn();
}

/// The landing squares of one way to play a chain turn, in order (any of the equal ways).
pub fn jump_path(pos: &Position, turn: &Turn) -> Option<Vec<Square>> {
    let kind = pos.piece_at(turn.from)?.kind;
    let enemies = pos.side(pos.side_to_move().opponent());
    let open = !pos.occupied() | bit(turn.from);
    fn walk(
        at: Square,
        taken: u64,
        goal: (Square, u64),
        dirs: std::ops::Range<usize>,
        enemies: u64,
        open: u64,
        path: &mut Vec<Square>,
    ) -> bool {
        if (at, taken) == goal && !path.is_empty() {
            return true;
        }
        for d in dirs.clone() {
            let (over, land) = JUMPS[d][at.index()];
            if land == NONE {
                continue;
            }
            let over_bit = 1u64 << over;
            let taken_next = taken | over_bit;
            let usable = over_bit & goal.1 & enemies & !taken != 0 && (open | taken) & (1u64 << land) != 0;
            if usable {
                let land = Square::from_index(land as usize);
                path.push(land);
                if walk(land, taken_next, goal, dirs.clone(), enemies, open, path) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = Vec::new();
    let found = walk(turn.from, 0, (turn.to, turn.captured), directions(kind), enemies, open, &mut path);
    (kind.is_jumper() && found).then_some(path)
}

/// Whether the turn is a jump chain (its captures are not on its destination).
pub fn is_chain(pos: &Position, turn: &Turn) -> bool {
    turn.captured != 0 && pos.piece_at(turn.from).is_some_and(|p| p.kind.is_jumper())
}

/// The side that has won in this position by P3.1 (the side to move has no piece left).
pub fn winner_by_capture(pos: &Position) -> Option<Side> {
    no_pieces_left(pos).then(|| pos.side_to_move().opponent())
}
