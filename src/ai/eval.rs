//! Static evaluation from the side to move's view: a sum of named, tunable terms, each a
//! weight times a count taken from the position (so the weights can be fitted to game results).

use std::sync::LazyLock;

use crate::rules::khalif::tables::KNIGHT;
use crate::rules::khalif::{Bitboard, Kind, Position, Side, WADI_RANK, for_each_move_of};

/// Declares the weights once: the struct, the order of the feature vector and the names.
macro_rules! terms {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {
        /// The weights of the evaluation's terms, in hundredths of a Camel, roughly. The tuned
        /// values live in `levels/weights.ron` (written by `khalif-cli tune`).
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct Weights {
            $($(#[$doc])* pub $name: i32,)*
        }

        /// The names of the terms, in feature order.
        pub const TERMS: &[&str] = &[$(stringify!($name)),*];

        impl Weights {
            /// The weights in feature order.
            pub fn to_vec(&self) -> Vec<i32> {
                vec![$(self.$name),*]
            }

            /// The weighted sum of `features` (in [`TERMS`] order).
            pub fn dot(&self, features: &[i32]) -> i32 {
                let mut terms = features.iter();
                0 $(+ self.$name * terms.next().expect("one feature per term"))*
            }

            /// Weights from values in feature order (as many as [`TERMS`]).
            pub fn from_slice(values: &[i32]) -> Weights {
                let mut values = values.iter().copied();
                Weights { $($name: values.next().expect("one value per term"),)* }
            }
        }
    };
}

terms! {
    raider,
    /// A Vizier is a piece and a life: while one is left the Khalif can be succeeded (K5.2).
    vizier,
    djinn,
    guard,
    camel,
    /// Extra for having a successor at all: without one, one capture loses the game.
    last_successor,
    /// Per legal destination of the side's pieces.
    mobility,
    /// Per piece standing in the Wadi, the crossing point of the board.
    wadi,
    /// Per piece beyond the Wadi, in the opponent's half: pressure that makes progress.
    crossed,
    /// Per square beside the opponent's Khalif or Viziers that the side's pieces reach.
    ruler_pressure,
    /// Per square beside the side's Khalif or Viziers that a Guard of its side watches.
    guard_cover,
    /// Per opposing piece a Djinn attacks.
    djinn_attack,
    /// Extra when a Djinn attacks two pieces or more (a fork, K5.4).
    djinn_fork,
    /// Per Camel beside its own Vizier (ready for the long move).
    camel_support,
    /// Per rank a Camel has advanced.
    camel_advance,
}

/// The number of terms.
pub const TERM_COUNT: usize = TERMS.len();

/// The tuned weights, read once from the file the tuning tool writes.
static TUNED: LazyLock<Weights> = LazyLock::new(|| {
    ron::from_str(include_str!("../../levels/weights.ron")).expect("levels/weights.ron is checked by a test")
});

impl Default for Weights {
    fn default() -> Weights {
        TUNED.clone()
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
}

/// The counts the terms weigh, for one side, in [`TERMS`] order.
fn side_features(pos: &Position, side: Side) -> [i32; TERM_COUNT] {
    let count = |b: Bitboard| b.count() as i32;
    let viziers = count(pos.pieces(side, Kind::Vizier));
    // One pass over the side's moves gives mobility, pressure and where its Guards reach.
    let (mut mobility, mut reach, mut guard_reach) = (0, Bitboard::EMPTY, Bitboard::EMPTY);
    for_each_move_of(pos, side, |_, kind, dests| {
        mobility += dests.count() as i32;
        reach |= dests;
        if kind == Kind::Guard {
            guard_reach |= dests;
        }
    });
    let own = pos.side(side);
    let in_wadi = own.squares().filter(|s| s.rank() == WADI_RANK).count() as i32;
    let crossed = own
        .squares()
        .filter(|s| match side {
            Side::First => s.rank() > WADI_RANK,
            Side::Second => s.rank() < WADI_RANK,
        })
        .count() as i32;
    let beside_theirs = Position::adjacent_to(pos.rulers(side.opponent()));
    let beside_ours = Position::adjacent_to(pos.rulers(side));
    let guarded = guard_reach | Position::adjacent_to(pos.pieces(side, Kind::Guard));
    let them = pos.side(side.opponent());
    let (mut djinn_attack, mut djinn_fork) = (0, 0);
    for djinn in pos.pieces(side, Kind::Djinn) {
        let attacked = count(KNIGHT[djinn.index()] & them);
        djinn_attack += attacked;
        djinn_fork += i32::from(attacked >= 2);
    }
    let viziers_near = Position::adjacent_to(pos.pieces(side, Kind::Vizier));
    let camels = pos.pieces(side, Kind::Camel);
    let camel_advance = camels
        .squares()
        .map(|c| match side {
            Side::First => c.rank() as i32 - 1,
            Side::Second => 7 - c.rank() as i32,
        })
        .map(|r| r.max(0))
        .sum();
    [
        count(pos.pieces(side, Kind::Raider)),
        viziers,
        count(pos.pieces(side, Kind::Djinn)),
        count(pos.pieces(side, Kind::Guard)),
        count(camels),
        i32::from(viziers > 0),
        mobility,
        in_wadi,
        crossed,
        count(reach & beside_theirs),
        count(beside_ours & guarded),
        djinn_attack,
        djinn_fork,
        count(camels & viziers_near),
        camel_advance,
    ]
}

/// The side to move's counts minus the opponent's: the evaluation is these times the weights.
pub fn features(pos: &Position) -> [i32; TERM_COUNT] {
    let me = pos.side_to_move();
    let (mine, theirs) = (side_features(pos, me), side_features(pos, me.opponent()));
    std::array::from_fn(|i| mine[i] - theirs[i])
}

/// The position's value for the side to move.
pub fn evaluate(pos: &Position, weights: &Weights) -> i32 {
    weights.dot(&features(pos))
}
