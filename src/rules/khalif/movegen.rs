//! Primary moves (K3, K4): where each piece of the side to move may go.

use super::tables::{
    ACROSS_WADI, ADJACENT, ALL_DIRECTIONS, ALL_LINES, CAMEL_CAPTURE_OFFSETS, CAMEL_CAPTURES, CAMEL_STEP_OFFSETS,
    CAMEL_STEPS, FORWARD_DIAGONALS, KNIGHT, ORTHOGONAL, ORTHOGONAL_LINES, VIZIER_SPAN, slides, vizier_reach,
};
use super::{Bitboard, Kind, Position, Side, Square};

/// What every piece's move generation needs to know about one side, computed once per position.
pub(crate) struct MoveContext {
    pub side: Side,
    pub own: Bitboard,
    pub occupied: Bitboard,
    viziers: Bitboard,
    /// Squares adjacent to the side's Khalif: a Vizier may not end there (K4.3).
    beside_khalif: Bitboard,
    /// Squares adjacent to any of the side's Viziers: the Khalif may not end there (K4.3).
    beside_viziers: Bitboard,
    /// Squares adjacent to the side's Khalif or a Vizier: where a Guard's long move may end (K4.5).
    beside_rulers: Bitboard,
}

impl MoveContext {
    pub fn new(pos: &Position, side: Side) -> MoveContext {
        let viziers = pos.pieces(side, Kind::Vizier);
        let beside_khalif = Position::adjacent_to(pos.pieces(side, Kind::Khalif));
        let beside_viziers = Position::adjacent_to(viziers);
        MoveContext {
            side,
            own: pos.side(side),
            occupied: pos.occupied(),
            viziers,
            beside_khalif,
            beside_viziers,
            beside_rulers: beside_khalif | beside_viziers,
        }
    }

    /// Legal destinations of a primary move by a `kind` piece of this side standing on `from`.
    /// Always inlined: the evaluation's `move_totals` asks it for every piece of both sides at
    /// every position it judges, and inlined into that loop over the kinds each kind's arm
    /// stands alone (−11% of the search's instructions from Khalif's turn-31 middlegame, −15%
    /// from the start; the same search).
    #[inline(always)]
    pub fn destinations(&self, from: Square, kind: Kind) -> Bitboard {
        let i = from.index();
        let reach = match kind {
            Kind::Djinn => return KNIGHT[i] & !self.own,
            Kind::Raider => slides(from, &ORTHOGONAL, self.occupied),
            Kind::Vizier => {
                let other_viziers = self.viziers & !Bitboard::from_square(from);
                vizier_reach(from, self.occupied) & !self.beside_khalif & !Position::adjacent_to(other_viziers)
            }
            Kind::Guard => ADJACENT[i] | (slides(from, &ALL_DIRECTIONS, self.occupied) & self.beside_rulers),
            Kind::Khalif => ADJACENT[i] & !self.beside_viziers,
            Kind::Camel => self.camel_reach(from),
        };
        reach & !self.own & !ACROSS_WADI[i]
    }

    /// The opposing pieces a `kind` piece of this side on `from` may take: the destinations
    /// of [`MoveContext::destinations`] that hold one, with a Camel's steps and long move,
    /// which never capture (K4.7), left out rather than worked out and thrown away.
    #[inline(always)]
    pub fn captures(&self, from: Square, kind: Kind) -> Bitboard {
        let i = from.index();
        let them = self.occupied & !self.own;
        // The Djinn leaps the Wadi (K4.4); no other piece crosses it (K3.5).
        let takeable = them & !ACROSS_WADI[i];
        // What the piece could take were nothing in the way: most pieces see no opposing
        // piece there, and need no lines worked out.
        let in_range = match kind {
            Kind::Djinn => return KNIGHT[i] & them,
            Kind::Camel => return CAMEL_CAPTURES[self.side.index()][i] & takeable,
            Kind::Khalif => return ADJACENT[i] & !self.beside_viziers & takeable,
            Kind::Raider => ORTHOGONAL_LINES[i],
            Kind::Vizier => VIZIER_SPAN[i],
            Kind::Guard => ADJACENT[i] | (ALL_LINES[i] & self.beside_rulers),
        };
        if (in_range & takeable).is_empty() {
            return Bitboard::EMPTY;
        }
        self.destinations(from, kind) & them
    }

    /// K4.7: diagonal forward steps onto empty squares, captures forward or sideways, and the
    /// long diagonal move (never a capture) when the Camel starts beside a friendly Vizier.
    fn camel_reach(&self, from: Square) -> Bitboard {
        let s = self.side.index();
        let i = from.index();
        let them = self.occupied & !self.own;
        let mut quiet = CAMEL_STEPS[s][i];
        if (ADJACENT[i] & self.viziers).any() {
            quiet |= slides(from, &FORWARD_DIAGONALS[s], self.occupied);
        }
        (quiet & !self.occupied) | (CAMEL_CAPTURES[s][i] & them)
    }

    /// K4.7 for every Camel in `camels` at once, none of which may stand beside a Vizier of the
    /// side (those have the long move too): the diagonal steps forward onto empty squares and
    /// the captures forward and sideways, each direction a shift of the whole set. No step
    /// crosses the Wadi, and a square is counted once for each Camel that reaches it.
    fn stepping_camels(&self, camels: Bitboard) -> MoveTotals {
        let s = self.side.index();
        let them = self.occupied & !self.own;
        let mut totals = MoveTotals::default();
        for (files, ranks) in CAMEL_STEP_OFFSETS[s] {
            totals.add(camels.shifted(files, ranks) & !self.occupied);
        }
        for (files, ranks) in CAMEL_CAPTURE_OFFSETS[s] {
            totals.add(camels.shifted(files, ranks) & them);
        }
        totals
    }
}

/// A side's primary moves added up, as if it were its turn: what the evaluation's mobility,
/// pressure and Guard cover and the hunt's reach are made of.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct MoveTotals {
    /// Destinations of all the side's pieces, a square two pieces reach counted twice.
    pub count: u32,
    /// Every square some piece of the side could move to (and so capture on).
    pub reach: Bitboard,
    /// The squares the side's Guards could move to.
    pub guard_reach: Bitboard,
}

impl MoveTotals {
    /// Counts in one piece's destinations, or one direction's of a set of pieces.
    #[inline]
    fn add(&mut self, dests: Bitboard) {
        self.count += dests.count();
        self.reach |= dests;
    }
}

/// Every piece of `side`'s destinations added up as if it were its turn, computed with the
/// Camels that have no Vizier beside them (most of them) stepped all at once: the evaluation
/// asks for it at every position it judges.
pub fn move_totals(pos: &Position, side: Side) -> MoveTotals {
    let ctx = MoveContext::new(pos, side);
    let camels = pos.pieces(side, Kind::Camel);
    let mut totals = ctx.stepping_camels(camels & !ctx.beside_viziers);
    for kind in Kind::ALL {
        let movers = if kind == Kind::Camel { camels & ctx.beside_viziers } else { pos.pieces(side, kind) };
        for from in movers {
            let dests = ctx.destinations(from, kind);
            totals.add(dests);
            if kind == Kind::Guard {
                totals.guard_reach |= dests;
            }
        }
    }
    totals
}

/// Calls `visit(from, kind, destinations)` for every piece of the side to move that can move.
#[inline]
pub(crate) fn for_each_primary(pos: &Position, visit: impl FnMut(Square, Kind, Bitboard)) {
    for_each_piece_reaching(pos, MoveContext::destinations, visit);
}

/// Calls `visit(from, kind, targets)` for every piece of the side to move that can capture,
/// with the pieces it can take, in [`for_each_primary`]'s order: quiescence's captures.
#[inline]
pub(crate) fn for_each_capturer(pos: &Position, visit: impl FnMut(Square, Kind, Bitboard)) {
    for_each_piece_reaching(pos, MoveContext::captures, visit);
}

/// Calls `visit(from, kind, squares)` for every piece of the side to move, kind by kind, whose
/// `reach` is not empty: the one walk over the pieces that moves and captures share.
#[inline(always)]
fn for_each_piece_reaching(
    pos: &Position,
    reach: impl Fn(&MoveContext, Square, Kind) -> Bitboard,
    mut visit: impl FnMut(Square, Kind, Bitboard),
) {
    let ctx = MoveContext::new(pos, pos.side_to_move());
    for kind in Kind::ALL {
        for from in pos.pieces(ctx.side, kind) {
            let squares = reach(&ctx, from, kind);
            if squares.any() {
                visit(from, kind, squares);
            }
        }
    }
}

/// Whether the side to move has at least one legal primary move (else it loses, K6.2).
pub fn has_primary_move(pos: &Position) -> bool {
    let ctx = MoveContext::new(pos, pos.side_to_move());
    Kind::ALL
        .into_iter()
        .any(|kind| pos.pieces(ctx.side, kind).squares().any(|from| ctx.destinations(from, kind).any()))
}

/// Legal destinations of the piece on `from`, if it belongs to the side to move.
pub fn primary_destinations(pos: &Position, from: Square) -> Bitboard {
    match pos.piece_at(from) {
        Some(piece) if piece.side == pos.side_to_move() => {
            MoveContext::new(pos, piece.side).destinations(from, piece.kind)
        }
        _ => Bitboard::EMPTY,
    }
}

/// Squares `by` could move to (and so capture on) if it were its turn: for threat marks and hints.
pub fn reachable_by(pos: &Position, by: Side) -> Bitboard {
    move_totals(pos, by).reach
}
