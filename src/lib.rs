//! Khalif: the rules core (no Bevy) and, behind the `game` feature, the 3D game.

pub mod ai;
pub mod campaign;
pub mod persist;
pub mod play;
pub mod rules;
pub mod synth;

#[cfg(feature = "game")]
pub mod app;
