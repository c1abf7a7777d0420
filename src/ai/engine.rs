//! What the AI needs of a game beyond its rules: an evaluation with named, tunable weights,
//! the game's knowledge for ordering and pruning captures, the harness's material count, how
//! a regular's style bends the weights, and the words of hints and tactics. Each game
//! implements [`Engine`] in its own file under `src/ai/`; search, matches, tuning, hints and
//! the puzzle solver are written once over it.

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::convert::conversion_bonus;
use super::levels::{Ladder, StyleWeights};
use crate::rules::Rules;

/// A game's evaluation weights: a struct of named terms (declared with [`terms!`]) that the
/// tuner can read and write as a vector in feature order.
pub trait Weights: Clone + Debug + PartialEq + Default + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The names of the terms, in feature order.
    const TERMS: &'static [&'static str];
    /// The weights in feature order.
    fn to_vec(&self) -> Vec<i32>;
    /// Weights from values in feature order (as many as [`Weights::TERMS`]).
    fn from_slice(values: &[i32]) -> Self;
}

/// A game's side of the AI.
pub trait Engine: Rules {
    type Weights: Weights;
    /// Units of [`Engine::material`] a side must lead by for the match harness to score a game
    /// that would not end as won.
    const ADJUDICATION_MARGIN: i32;
    /// The tactics suite's file, built in, and its name for messages.
    const TACTICS: (&'static str, &'static str);
    /// The lessons' file (for the campaign's school), built in, and its name.
    const LESSONS: (&'static str, &'static str);
    /// The endgames suite's file (won positions to convert), built in, and its name.
    const ENDGAMES: (&'static str, &'static str);
    /// The puzzles' file, where the game has puzzles.
    const PUZZLES: Option<(&'static str, &'static str)>;
    /// The kinds whose loss a regular laments at the table (banter): Khalif's Viziers.
    const KEY_KINDS: &'static [u8];
    /// The levels below the top as this game plays them (depth, noise in its own evaluation
    /// units, quiescence, oversight, node bound), weakest first: calibrated on its ladder so
    /// that each beats the one below by +100 to +250 Elo (`khalif-cli ladder`,
    /// docs/performance.md).
    const LADDER: Ladder;
    /// Where a random turn often throws the game away (a Khitan flip into a line of fire), the
    /// match harness draws its random opening turns only among those a short search scores
    /// within this many evaluation units of the best; `None` draws among all turns.
    const OPENING_MARGIN: Option<i32> = None;
    /// How deep the endgames suite's player looks (`endgames::endgame_player`): the old top
    /// level's depth, where the suite's figures were first measured.
    const ENDGAME_DEPTH: u32 = 6;
    /// Whether a side behind by the adjudication margin judges by the evaluation alone when it
    /// searches (`Searcher::judge`), leaving out the progress its opponent's hunt would count.
    /// In Desert Pub Chess the hunt's terms (and the centre they drop) mislead the defence: the
    /// searcher that leaves them out when behind beat the one that does not by +35 at six plies
    /// over 400 games, +78 at four; in the other games it was level (docs/performance.md).
    const DEFENDS_BY_EVALUATION: bool = false;

    /// The turns search considers in `pos`: every legal turn, unless the game's turns can be
    /// too many to search (Khitan's placements) and it picks the promising ones.
    fn search_turns(pos: &Self::Position, out: &mut Vec<Self::Turn>) {
        Self::generate_turns(pos, out);
    }

    /// The turns of `search_turns` that capture (`Rules::is_capture`), in the same order: what
    /// quiescence follows. A game whose generation can skip the quiet turns cheaply says so.
    fn capture_turns(pos: &Self::Position, out: &mut Vec<Self::Turn>) {
        Self::search_turns(pos, out);
        out.retain(|t| Self::is_capture(pos, t));
    }

    /// How far `ahead`, which leads on material by the adjudication margin or more, has come
    /// towards the game's own win (Khalif: its quarry's successors gone, its quarry cornered
    /// and closed in on), in evaluation units; the search adds it for the side ahead (see
    /// `convert`). Material alone cannot tell a position that is being won from one where
    /// the pieces merely stand: without this a side far ahead shuffles.
    fn conversion(_pos: &Self::Position, _ahead: crate::rules::Side) -> i32 {
        0
    }

    /// What the search judges a position by: the evaluation plus the push of a side ahead
    /// towards its win (`convert::conversion_bonus`). One call, so that a game whose evaluation
    /// and conversion share work (Khalif: both need every square its pieces reach) does it once,
    /// and a game whose hunt would be pulled off course by a middle game's term leaves that term
    /// out while it converts (Desert Pub Chess's centre, in endgames).
    fn evaluate_for_search(pos: &Self::Position, weights: &Self::Weights) -> i32 {
        Self::evaluate(pos, weights) + conversion_bonus::<Self>(pos)
    }

    /// The counts the weights multiply, side to move minus opponent, in term order.
    fn features(pos: &Self::Position) -> Vec<i32>;
    /// The position's value for the side to move.
    fn evaluate(pos: &Self::Position, weights: &Self::Weights) -> i32;
    /// How early to try a capture: the worth of what it takes, weighed against the capturer
    /// (most valuable victim, least valuable attacker).
    fn capture_order(pos: &Self::Position, turn: &Self::Turn, weights: &Self::Weights) -> i32;
    /// The most a capture can win, for quiescence's delta pruning; `None` for captures that
    /// must always be followed (they may decide the game or take more than they show).
    fn capture_gain(pos: &Self::Position, turn: &Self::Turn, weights: &Self::Weights) -> Option<i32>;
    /// Whether the side to move can pass without harm to the null-move test: it has pieces to
    /// spare, so a real move is at least as good as passing.
    fn null_move_safe(pos: &Self::Position) -> bool;
    /// A side's material in fixed units independent of the tuned weights, for the harness.
    fn material(pos: &Self::Position, side: crate::rules::Side) -> i32;
    /// The weights a regular plays with: `base` bent by their style.
    fn styled(base: &Self::Weights, style: &StyleWeights) -> Self::Weights;
    /// One line on why `turn` is good in `pos`, given the expected line `pv` starting with it.
    fn explain(pos: &Self::Position, turn: &Self::Turn, pv: &[Self::Turn]) -> String;
    /// The theme a clearly winning turn shows, for the tactics miner, if it shows one.
    fn theme_of(pos: &Self::Position, best: &Self::Turn, turns: &[Self::Turn]) -> Option<&'static str>;
}

/// Declares a game's weights once: the struct, the order of the feature vector and the names,
/// so tuning and the evaluation cannot drift apart. `$file` is the tuned values' RON file,
/// compiled in and read by `Default`.
#[macro_export]
macro_rules! terms {
    ($(#[$meta:meta])* $weights:ident, $file:literal, { $($(#[$doc:meta])* $name:ident),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $weights {
            $($(#[$doc])* pub $name: i32,)*
        }

        impl $crate::ai::Weights for $weights {
            const TERMS: &'static [&'static str] = &[$(stringify!($name)),*];

            fn to_vec(&self) -> Vec<i32> {
                vec![$(self.$name),*]
            }

            fn from_slice(values: &[i32]) -> $weights {
                let mut values = values.iter().copied();
                $weights { $($name: values.next().expect("one value per term"),)* }
            }
        }

        impl $weights {
            /// The weighted sum of `features` (in term order).
            pub fn dot(&self, features: &[i32]) -> i32 {
                let mut terms = features.iter();
                0 $(+ self.$name * terms.next().expect("one feature per term"))*
            }
        }

        impl Default for $weights {
            /// The tuned weights, read once from the file the tuning tool writes.
            fn default() -> $weights {
                static TUNED: std::sync::LazyLock<$weights> = std::sync::LazyLock::new(|| {
                    ron::from_str(include_str!($file)).expect(concat!($file, " is checked by a test"))
                });
                TUNED.clone()
            }
        }
    };
}
