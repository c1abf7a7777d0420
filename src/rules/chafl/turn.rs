//! Complete turns (H7): generation, bulk counting, copy-make play and perft's end rules.
//!
//! A turn is a move with its promotion choice; what it captures follows from the move
//! (H3.1), so it is computed once when the turn is generated and kept for search and play.
//! Joining moves make every empty square next to a friend a destination: one set per side,
//! "next to a friend other than itself", is found with board shifts (`around`), never by a
//! scan per piece or square.

use super::tables::{
    CORNERS, EDGE_NEIGHBOURS, FAR_RANK, HAVENS, LEAPS, NEIGHBOURS, NEXT, NONE, STEPS, around, bit, colour_of, squares,
};
use super::{Kind, Piece, Position, Square};
use crate::rules::Side;

/// One complete turn (H7): a move and its promotion (a Foot's choice, a Horse's General), with
/// the squares of the enemy pieces it takes (H3.1, H3.2).
pub type Turn = crate::rules::board8::Turn<Kind>;

/// The side that has won in this position: by a move onto a Haven, or because the other's
/// King was taken (H4.1). (No legal move, H4.2, is found by generating.)
pub fn winner(pos: &Position) -> Option<Side> {
    if let Some(side) = pos.arrived() {
        return Some(side);
    }
    Side::BOTH.into_iter().find(|&side| pos.king(side) == 0).map(Side::opponent)
}

/// The enemy pieces a piece of the side to move arriving on `to` takes (H3.1–H3.3): each enemy
/// edge-adjacent to `to` with a piece of `own` (the mover's pieces after the move) on its far
/// side, or standing in a corner. Partners are passive: only the arrival captures.
pub fn captures(own: u64, enemies: u64, to: Square) -> u64 {
    if EDGE_NEIGHBOURS[to.index()] & enemies == 0 {
        return 0;
    }
    let mut taken = 0;
    for line in &NEXT {
        let next = line[to.index()];
        if next == NONE || enemies & (1 << next) == 0 {
            continue;
        }
        let beyond = line[next as usize];
        if CORNERS & (1 << next) != 0 || (beyond != NONE && own & (1 << beyond) != 0) {
            taken |= 1 << next;
        }
    }
    taken
}

/// The empty squares a joiner on `from` may move to: next to a friend other than itself, on
/// the colour its kind allows (H2.4–H2.6).
fn joins(kind: Kind, from: Square, own: u64, empty: u64) -> u64 {
    let near = around(own & !bit(from)) & empty;
    match kind {
        Kind::Prince => near & colour_of(from, true),
        Kind::Captain => near & colour_of(from, false),
        _ => near,
    }
}

/// The squares `piece` on `from` may move to (H2.3–H2.8), whichever side it belongs to.
pub fn destinations_of(pos: &Position, piece: Piece, from: Square) -> u64 {
    let side = piece.side;
    let empty = !pos.occupied();
    let i = from.index();
    match piece.kind {
        Kind::King => NEIGHBOURS[i] & empty,
        kind @ (Kind::General | Kind::Prince | Kind::Captain) => joins(kind, from, pos.side(side), empty),
        Kind::Horse => (STEPS[side.index()][i] | LEAPS[side.index()][i]) & empty,
        Kind::Foot => STEPS[side.index()][i] & empty,
    }
}

/// Calls `visit(from, kind, destinations)` for every piece of the side to move; nothing once
/// the game is over.
fn for_each_piece(pos: &Position, mut visit: impl FnMut(Square, Kind, u64)) {
    if winner(pos).is_some() {
        return;
    }
    for from in squares(pos.side(pos.side_to_move())) {
        let piece = pos.piece_at(from).expect("own square holds a piece");
        visit(from, piece.kind, destinations_of(pos, piece, from));
    }
}

/// Appends every legal turn of the side to move (H7); none once the game is over (H4.1).
pub fn generate_turns(pos: &Position, out: &mut Vec<Turn>) {
    push_turns(pos, out, true);
}

/// Appends the legal turns of the side to move that take a piece or bring a King or Prince home
/// (H3, H4.1), in [`generate_turns`]'s order: what quiescence follows, without keeping the
/// quiet moves.
pub fn generate_captures(pos: &Position, out: &mut Vec<Turn>) {
    push_turns(pos, out, false);
}

/// Appends the turns of the side to move, piece by piece (the quiet ones unless `quiet` is
/// false).
fn push_turns(pos: &Position, out: &mut Vec<Turn>, quiet: bool) {
    let side = pos.side_to_move();
    let own = pos.side(side);
    let enemies = pos.side(side.opponent());
    let far = FAR_RANK[side.index()];
    for_each_piece(pos, |from, kind, dests| {
        for to in squares(dests) {
            let captured = captures(own ^ bit(from) ^ bit(to), enemies, to);
            if !quiet && captured == 0 && !arrives_home(Piece::new(side, kind), to) {
                continue;
            }
            let promoting = far & bit(to) != 0;
            match kind {
                Kind::Foot if promoting => {
                    for promotion in Kind::FOOT_PROMOTIONS {
                        out.push(Turn { from, to, captured, promotion: Some(promotion) });
                    }
                }
                Kind::Horse if promoting => out.push(Turn { from, to, captured, promotion: Some(Kind::General) }),
                _ => out.push(Turn { from, to, captured, promotion: None }),
            }
        }
    });
}

/// The number of legal turns without building them: destinations by popcount, a Foot's
/// arrivals on the far rank twice (H7).
pub fn count_turns(pos: &Position) -> u64 {
    let far = FAR_RANK[pos.side_to_move().index()];
    let mut n = 0u64;
    for_each_piece(pos, |_, kind, dests| {
        n += u64::from(dests.count_ones());
        if kind == Kind::Foot {
            n += u64::from((dests & far).count_ones());
        }
    });
    n
}

/// Whether the side to move has any legal move (H4.2).
pub fn has_turn(pos: &Position) -> bool {
    let mut any = false;
    for_each_piece(pos, |_, _, dests| any |= dests != 0);
    any
}

/// Whether a move of `piece` onto `to` is an arrival on its Haven (H4.1).
pub fn arrives_home(piece: Piece, to: Square) -> bool {
    piece.kind.seeks_haven() && HAVENS[piece.side.index()] & bit(to) != 0
}

/// Plays a generated turn (copy-make). The side to move passes even when the turn ended the
/// game.
pub fn play(pos: &mut Position, turn: &Turn) {
    let piece = pos.take(turn.from).expect("a turn starts on a piece");
    for square in squares(turn.captured) {
        pos.take(square);
    }
    pos.put(turn.to, Piece::new(piece.side, turn.promotion.unwrap_or(piece.kind)));
    if arrives_home(piece, turn.to) {
        pos.set_arrived(piece.side);
    }
    pos.pass_turn();
}
