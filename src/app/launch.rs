//! Command-line options of the game binary, kept as a resource (screenshot mode, start position).

use std::path::PathBuf;

use bevy::prelude::*;

use crate::rules::khalif::{Position, Square};

/// Which camera view to start in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// Seated at the side to move's end of the table.
    #[default]
    Seated,
    /// Straight down onto the board, the tactical view.
    Top,
}

/// How the game was started.
#[derive(Resource, Clone, Debug, Default)]
pub struct LaunchOptions {
    /// Render, save this PNG and exit.
    pub screenshot: Option<PathBuf>,
    /// Start a match from this position at once.
    pub position: Option<Position>,
    pub view: View,
    /// Frames rendered before the screenshot is taken (lets assets and shaders settle).
    pub frames: u32,
    /// Pick up the piece on this square at the start (shows its legal moves in a screenshot).
    pub select: Option<Square>,
    /// Sit this regular (an index into `levels/personalities.ron`) at the table, on the side
    /// not to move.
    pub against: Option<usize>,
}

impl LaunchOptions {
    /// The window size in physical pixels: fixed for screenshots, so they are comparable.
    pub fn window_size(&self) -> (u32, u32) {
        (1280, 720)
    }
}
