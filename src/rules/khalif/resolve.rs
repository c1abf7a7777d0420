//! The K5 stages after a capture, as small queries and updates shared by the fast turn
//! generator and the explicit turn state machine, so both follow one source of rule truth.

use super::tables::{ACROSS_WADI, ADJACENT, ALL_DIRECTIONS, KNIGHT, slides};
use super::{Bitboard, Kind, Piece, Position, Side, Square};

/// K5.2: the Viziers that may succeed `side`'s captured Khalif. Empty means that side has lost.
pub fn successors(pos: &Position, side: Side) -> Bitboard {
    pos.pieces(side, Kind::Vizier)
}

/// K5.3: the Guards of `defender` that must (one of them) retaliate on `square`, where a piece
/// of `defender` was just captured. Empty when the square is not beside a Khalif or Vizier of
/// the defender, or no Guard has an open line to it that does not cross the Wadi.
pub fn retaliators(pos: &Position, square: Square, defender: Side) -> Bitboard {
    if (ADJACENT[square.index()] & pos.rulers(defender)).is_empty() {
        return Bitboard::EMPTY;
    }
    // Lines are symmetric: the Guards reachable from the square are those that reach it.
    slides(square, &ALL_DIRECTIONS, pos.occupied()) & pos.pieces(defender, Kind::Guard) & !ACROSS_WADI[square.index()]
}

/// K5.4: the opposing pieces the Djinn on `square` may take with its second capture.
pub fn chain_targets(pos: &Position, square: Square, mover: Side) -> Bitboard {
    KNIGHT[square.index()] & pos.side(mover.opponent())
}

/// K5.2: the Vizier on `square` becomes its side's Khalif.
pub fn succeed(pos: &mut Position, square: Square) {
    debug_assert_eq!(pos.piece_at(square).map(|p| p.kind), Some(Kind::Vizier));
    pos.change_kind(square, Kind::Khalif);
}

/// Whether a capture needs no K5 resolution at all: not a Khalif, not beside the
/// victim's rulers, and not by a Djinn. Lets generation and counting skip copying the position.
#[inline]
pub(crate) fn is_plain_capture(pos: &Position, square: Square, captured: Piece, by: Kind) -> bool {
    captured.kind != Kind::Khalif
        && by != Kind::Djinn
        && (ADJACENT[square.index()] & pos.rulers(captured.side)).is_empty()
}
