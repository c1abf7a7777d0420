//! Squares of the 9×9 board (K1.1), the Wadi and the two halves (K1.2).

use crate::rules::Side;

/// One of the 81 squares (`a1` is 0, `i9` is 80).
pub type Square = crate::rules::grid::Square<9, 9>;

/// The rank index (0-based) of the Wadi, rank 5 (K1.2).
pub const WADI_RANK: u8 = 4;

/// The half of the board a square lies in, or `None` for the Wadi (K1.2).
pub const fn half(square: Square) -> Option<Side> {
    if square.rank() < WADI_RANK {
        Some(Side::First)
    } else if square.rank() > WADI_RANK {
        Some(Side::Second)
    } else {
        None
    }
}
