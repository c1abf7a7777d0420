//! Converting a won game: a side that leads on material is pushed towards the game's own win
//! instead of being left to keep its lead and shuffle. Each game says what progress towards
//! its win looks like (`Engine::conversion`); the search adds it, for whichever side leads by
//! the game's adjudication margin, to every position it judges.

use super::engine::Engine;

/// The conversion bonus of `pos` for the side to move: the game's progress term for the side
/// to move when it leads, taken away when the opponent leads, nothing in a level game.
pub(crate) fn conversion_bonus<G: Engine>(pos: &G::Position) -> i32 {
    let me = G::side_to_move(pos);
    let lead = G::material(pos, me) - G::material(pos, me.opponent());
    if lead >= G::ADJUDICATION_MARGIN {
        G::conversion(pos, me)
    } else if lead <= -G::ADJUDICATION_MARGIN {
        -G::conversion(pos, me.opponent())
    } else {
        0
    }
}
