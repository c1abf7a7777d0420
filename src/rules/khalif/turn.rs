//! A complete turn (K5, K8.1): the primary move and every choice made while it resolved,
//! with fast generation, counting and copy-make application for search and perft.

use super::movegen::{for_each_capturer, for_each_primary};
use super::resolve::{chain_targets, is_plain_capture, retaliators, succeed, successors};
use super::{Bitboard, Kind, Piece, Position, Side, Square};

/// How one capture resolved (K5.2, K5.3): who succeeded the victim's Khalif, which Guard
/// retaliated, and who succeeded the capturer's Khalif if the retaliation took it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Resolution {
    pub successor: Option<Square>,
    pub retaliator: Option<Square>,
    pub counter_successor: Option<Square>,
}

/// A Djinn's second capture (K5.4) and how it resolved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Chain {
    pub to: Square,
    pub resolution: Resolution,
}

/// One complete turn: every decision from the primary move to the hand-over. Two turns are
/// equal exactly when they are the same sequence of decisions, which is what perft counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Turn {
    pub from: Square,
    pub to: Square,
    /// Resolution of the primary move's capture (default when it captured nothing).
    pub first: Resolution,
    /// The Djinn's second capture, `None` when there was none to make or it was declined.
    pub chain: Option<Chain>,
}

impl Turn {
    /// A turn that is its primary move alone: a quiet move, or a capture that nothing
    /// resolves (no succession, no retaliation, no chained capture).
    pub fn plain(from: Square, to: Square) -> Turn {
        Turn { from, to, first: Resolution::default(), chain: None }
    }
}

/// Whether the game in this position is over because a side lost its last Khalif (K6.1).
pub fn khalif_lost(pos: &Position) -> Option<Side> {
    Side::BOTH.into_iter().find(|&s| pos.khalif(s).is_none())
}

/// Applies the rest of K5.2–K5.3 after `captured` was taken on `square`, following `res`.
/// Returns `false` when a side lost its last Khalif, which ends the game at once.
fn resolve(pos: &mut Position, square: Square, captured: Piece, res: &Resolution) -> bool {
    if captured.kind == Kind::Khalif {
        match res.successor {
            Some(v) => succeed(pos, v),
            None => return false,
        }
    }
    if let Some(guard) = res.retaliator {
        let taken = pos.relocate(guard, square).expect("retaliation captures the capturer");
        if taken.kind == Kind::Khalif {
            match res.counter_successor {
                Some(v) => succeed(pos, v),
                None => return false,
            }
        }
    }
    true
}

/// Plays a turn that was generated for this position (copy-make: callers copy first if they
/// need the position back). The side to move passes even when the turn ended the game.
pub fn play(pos: &mut Position, turn: &Turn) {
    if let Some(captured) = pos.relocate(turn.from, turn.to) {
        let goes_on = resolve(pos, turn.to, captured, &turn.first);
        if let (true, Some(chain)) = (goes_on, turn.chain) {
            let second = pos.relocate(turn.to, chain.to).expect("a chained capture captures");
            resolve(pos, chain.to, second, &chain.resolution);
        }
    }
    pos.pass_turn();
}

/// Every way the capture just made on `square` (the position already shows it) can resolve,
/// with the position after each: `visit(resolution, position, game_goes_on)`.
fn each_resolution(
    pos: &Position,
    square: Square,
    captured: Piece,
    visit: &mut impl FnMut(Resolution, &Position, bool),
) {
    if captured.kind != Kind::Khalif {
        return each_retaliation(pos, square, captured.side, Resolution::default(), visit);
    }
    let heirs = successors(pos, captured.side);
    if heirs.is_empty() {
        return visit(Resolution::default(), pos, false);
    }
    for heir in heirs {
        let mut crowned = *pos;
        succeed(&mut crowned, heir);
        let res = Resolution { successor: Some(heir), ..Resolution::default() };
        each_retaliation(&crowned, square, captured.side, res, visit);
    }
}

/// The K5.3 branch of [`each_resolution`]: no retaliation, or each Guard that may make it,
/// followed by the capturer's succession if the Guard took its Khalif.
fn each_retaliation(
    pos: &Position,
    square: Square,
    victim: Side,
    res: Resolution,
    visit: &mut impl FnMut(Resolution, &Position, bool),
) {
    let guards = retaliators(pos, square, victim);
    if guards.is_empty() {
        return visit(res, pos, true);
    }
    for guard in guards {
        let mut after = *pos;
        let taken = after.relocate(guard, square).expect("retaliation captures");
        let res = Resolution { retaliator: Some(guard), ..res };
        if taken.kind != Kind::Khalif {
            visit(res, &after, true);
            continue;
        }
        let heirs = successors(&after, victim.opponent());
        if heirs.is_empty() {
            visit(res, &after, false);
        }
        for heir in heirs {
            let mut crowned = after;
            succeed(&mut crowned, heir);
            visit(Resolution { counter_successor: Some(heir), ..res }, &crowned, true);
        }
    }
}

/// Every complete turn starting with the capture `from`→`to` by a `kind` piece:
/// `visit(turn, position_after_resolution)`; the side to move has not passed yet.
fn each_capture_turn(pos: &Position, from: Square, to: Square, kind: Kind, visit: &mut impl FnMut(Turn, &Position)) {
    let mut after = *pos;
    let captured = after.relocate(from, to).expect("a capture");
    let mover = pos.side_to_move();
    each_resolution(&after, to, captured, &mut |first, resolved, goes_on| {
        let turn = Turn { from, to, first, chain: None };
        visit(turn, resolved);
        let djinn_alive = resolved.piece_at(to) == Some(Piece::new(mover, Kind::Djinn));
        if kind != Kind::Djinn || !goes_on || !djinn_alive {
            return;
        }
        for target in chain_targets(resolved, to, mover) {
            let mut second = *resolved;
            let captured = second.relocate(to, target).expect("a chained capture");
            each_resolution(&second, target, captured, &mut |resolution, after_chain, _| {
                visit(Turn { chain: Some(Chain { to: target, resolution }), ..turn }, after_chain);
            });
        }
    });
}

/// Appends every legal turn of the side to move to `out`. None when the game is over.
pub fn generate_turns(pos: &Position, out: &mut Vec<Turn>) {
    push_turns(pos, out, true);
}

/// Appends the legal turns of the side to move whose move takes a piece, in
/// [`generate_turns`]'s order: what quiescence follows, without building the quiet moves.
pub fn generate_captures(pos: &Position, out: &mut Vec<Turn>) {
    push_turns(pos, out, false);
}

/// Appends the turns of the side to move, piece by piece: its quiet moves (unless `quiet` is
/// false), then its captures with every way each resolves (K5.2–K5.4).
fn push_turns(pos: &Position, out: &mut Vec<Turn>, quiet: bool) {
    if khalif_lost(pos).is_some() {
        return;
    }
    if !quiet {
        return for_each_capturer(pos, |from, kind, targets| push_captures(pos, out, from, kind, targets));
    }
    let them = pos.side(pos.side_to_move().opponent());
    for_each_primary(pos, |from, kind, dests| {
        for to in dests & !them {
            out.push(Turn::plain(from, to));
        }
        push_captures(pos, out, from, kind, dests & them);
    });
}

/// Appends every turn in which the `kind` piece on `from` takes one of `targets`; a capture
/// that needs no resolution is pushed as it is, without playing it out on a copy of the position.
fn push_captures(pos: &Position, out: &mut Vec<Turn>, from: Square, kind: Kind, targets: Bitboard) {
    for to in targets {
        let captured = pos.piece_at(to).expect("capture square holds a piece");
        if is_plain_capture(pos, to, captured, kind) {
            out.push(Turn::plain(from, to));
        } else {
            each_capture_turn(pos, from, to, kind, &mut |turn, _| out.push(turn));
        }
    }
}

/// The number of legal turns (K8.1) without building them: quiet moves are counted in bulk,
/// captures that need no resolution are counted without copying the position.
pub fn count_turns(pos: &Position) -> u64 {
    if khalif_lost(pos).is_some() {
        return 0;
    }
    let them = pos.side(pos.side_to_move().opponent());
    let mut n = 0u64;
    for_each_primary(pos, |from, kind, dests| {
        n += u64::from((dests & !them).count());
        for to in dests & them {
            let captured = pos.piece_at(to).expect("capture square holds a piece");
            if is_plain_capture(pos, to, captured, kind) {
                n += 1;
            } else {
                each_capture_turn(pos, from, to, kind, &mut |_, _| n += 1);
            }
        }
    });
    n
}
