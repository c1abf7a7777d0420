//! The AI opponents' brain, plain Rust, written once for every game: an alpha-beta search
//! over whole turns in which every decision inside a turn is made by the side it belongs to
//! (in Khalif the defender picks its successor and retaliating Guard, the mover its second
//! Djinn capture), with each game's evaluation in a file of its own.

pub mod arena;
pub mod chafl;
pub mod convert;
pub mod desert_pub_chess;
pub mod endgames;
pub mod ending;
mod engine;
mod hint;
pub mod izdari;
pub mod khalif;
pub mod khitan;
pub mod levels;
mod search;
pub mod solve;
pub mod tactics;
pub mod tune;

pub use engine::{Engine, Weights};
pub use hint::{Hint, explained, hint};
pub use search::{Limits, QUIESCENCE_PLIES, SearchResult, Searcher, SlicedSearch, Style, WIN};
