//! A hint: the best turn for the side to move with one line saying why, read by the game's
//! engine from what the turn does and from the line the search expects ("wins the Raider on c6").

use super::engine::Engine;
use super::search::{Limits, SearchResult, Searcher};

/// The suggested turn, in notation, with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint<G: Engine> {
    pub turn: G::Turn,
    pub notation: String,
    pub reason: String,
}

/// Searches `pos` within `limits` and explains the best turn.
pub fn hint<G: Engine>(pos: &G::Position, searcher: &mut Searcher<G>, limits: &Limits) -> Option<Hint<G>> {
    explained(pos, &searcher.search(pos, limits))
}

/// The best turn a finished search of `pos` found, explained; `None` where it found none.
pub fn explained<G: Engine>(pos: &G::Position, result: &SearchResult<G>) -> Option<Hint<G>> {
    let turn = result.best?;
    Some(Hint { turn, notation: G::write_turn(pos, &turn), reason: G::explain(pos, &turn, &result.pv) })
}
