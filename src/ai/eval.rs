//! Static evaluation from the side to move's view, as a sum of named, tunable terms.

use crate::rules::khalif::tables::KNIGHT;
use crate::rules::khalif::{Bitboard, Kind, Position, Side, for_each_move_of};

/// The weights of the evaluation's terms, in hundredths of a Camel... roughly centipawns.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Weights {
    pub raider: i32,
    pub vizier: i32,
    pub djinn: i32,
    pub guard: i32,
    pub camel: i32,
    /// Each Vizier left is a life: the Khalif can be succeeded (K5.2).
    pub successor: i32,
    /// Extra for the last successor: without it one capture loses the game.
    pub last_successor: i32,
    /// Per legal destination of the side's pieces.
    pub mobility: i32,
    /// Per piece standing in the Wadi, the crossing point of the board.
    pub wadi: i32,
    /// Per square beside the side's Khalif or Viziers that a Guard of its side watches.
    pub guard_cover: i32,
    /// Per opposing piece a Djinn attacks, and extra when it attacks two (a fork).
    pub djinn_attack: i32,
    pub djinn_fork: i32,
    /// Per Camel beside its own Vizier (ready for the long move).
    pub camel_support: i32,
    /// Per rank a Camel has advanced.
    pub camel_advance: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            raider: 520,
            vizier: 420,
            djinn: 430,
            guard: 320,
            camel: 100,
            successor: 250,
            last_successor: 450,
            mobility: 3,
            wadi: 12,
            guard_cover: 6,
            djinn_attack: 8,
            djinn_fork: 35,
            camel_support: 10,
            camel_advance: 4,
        }
    }
}

impl Weights {
    /// A piece's material value (the Khalif's presence is scored by the search, not here).
    pub(crate) fn value(&self, kind: Kind) -> i32 {
        match kind {
            Kind::Raider => self.raider,
            Kind::Vizier => self.vizier,
            Kind::Djinn => self.djinn,
            Kind::Guard => self.guard,
            Kind::Camel => self.camel,
            Kind::Khalif => 0,
        }
    }

    /// One side's score (higher is better for that side).
    fn side_score(&self, pos: &Position, side: Side) -> i32 {
        let mut score = 0;
        for kind in Kind::ALL {
            score += self.value(kind) * pos.pieces(side, kind).count() as i32;
        }
        let viziers = pos.pieces(side, Kind::Vizier).count() as i32;
        score += self.successor * viziers + if viziers > 0 { self.last_successor } else { 0 };
        // One pass over the side's moves gives mobility and where its Guards reach.
        let (mut mobility, mut guard_reach) = (0, Bitboard::EMPTY);
        for_each_move_of(pos, side, |_, kind, dests| {
            mobility += dests.count();
            if kind == Kind::Guard {
                guard_reach |= dests;
            }
        });
        score += self.mobility * mobility as i32;
        let wadi_rank = crate::rules::khalif::WADI_RANK;
        score += self.wadi * pos.side(side).squares().filter(|s| s.rank() == wadi_rank).count() as i32;
        let beside_rulers = Position::adjacent_to(pos.rulers(side));
        let guarded = guard_reach | Position::adjacent_to(pos.pieces(side, Kind::Guard));
        score += self.guard_cover * (beside_rulers & guarded).count() as i32;
        let them = pos.side(side.opponent());
        for djinn in pos.pieces(side, Kind::Djinn) {
            let attacked = (KNIGHT[djinn.index()] & them).count() as i32;
            score += self.djinn_attack * attacked + if attacked >= 2 { self.djinn_fork } else { 0 };
        }
        let viziers_near = Position::adjacent_to(pos.pieces(side, Kind::Vizier));
        for camel in pos.pieces(side, Kind::Camel) {
            if viziers_near.contains(camel) {
                score += self.camel_support;
            }
            let advanced = match side {
                Side::Gold => camel.rank() as i32 - 1,
                Side::Silver => 7 - camel.rank() as i32,
            };
            score += self.camel_advance * advanced.max(0);
        }
        score
    }
}

/// The position's value for the side to move, with the default weights.
pub fn evaluate(pos: &Position, weights: &Weights) -> i32 {
    let me = pos.side_to_move();
    weights.side_score(pos, me) - weights.side_score(pos, me.opponent())
}
