//! The AI opponents' brain, plain Rust: an evaluation with named terms and an alpha-beta
//! search over whole turns in which every decision inside a turn is made by the side it
//! belongs to (the defender picks its successor and retaliating Guard, the mover its second
//! Djinn capture).

pub mod arena;
pub mod draw;
mod eval;
mod hint;
pub mod levels;
mod search;
pub mod solve;
pub mod tactics;
pub mod tune;

pub use eval::{TERMS, Weights, evaluate, features};
pub use hint::{Hint, explain, hint};
pub use search::{Limits, SearchResult, Searcher, SlicedSearch, Style};
