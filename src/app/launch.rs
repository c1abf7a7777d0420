//! Command-line options of the game binary, kept as a resource (screenshot mode, start position).

use std::path::PathBuf;

use bevy::prelude::*;

use crate::rules::khalif::{Game, Position, Square, Turn};

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
    /// Turns played from `position` before the game is shown (checked when parsed).
    pub moves: Vec<Turn>,
    /// A screen to open at once instead of the title.
    pub open: Option<Destination>,
}

/// A screen the game can open at start (`--open`), numbered from 1 as players count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    Campaign,
    School,
    Venue(usize),
    Lesson(usize),
    Puzzle(usize),
    /// A campaign match: venue and contender, by index.
    Table {
        venue: usize,
        contender: usize,
    },
}

impl std::str::FromStr for Destination {
    type Err = String;

    /// `campaign`, `school`, `venue:N`, `lesson:N`, `puzzle:N` or `table:VENUE:CONTENDER`.
    fn from_str(text: &str) -> Result<Destination, String> {
        let parts: Vec<&str> = text.split(':').collect();
        let number = |part: &str| match part.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(n - 1),
            _ => Err(format!("`{part}` in `{text}` is not a number from 1")),
        };
        match parts.as_slice() {
            ["campaign"] => Ok(Destination::Campaign),
            ["school"] => Ok(Destination::School),
            ["venue", n] => Ok(Destination::Venue(number(n)?)),
            ["lesson", n] => Ok(Destination::Lesson(number(n)?)),
            ["puzzle", n] => Ok(Destination::Puzzle(number(n)?)),
            ["table", v, c] => Ok(Destination::Table { venue: number(v)?, contender: number(c)? }),
            _ => Err(format!(
                "unknown screen `{text}`: use campaign, school, venue:N, lesson:N, puzzle:N or table:VENUE:CONTENDER"
            )),
        }
    }
}

impl LaunchOptions {
    /// The window size in physical pixels: fixed for screenshots, so they are comparable.
    pub fn window_size(&self) -> (u32, u32) {
        (1280, 720)
    }

    /// The game to start with: `position` with `moves` played.
    pub fn game(&self) -> Option<Game> {
        let mut game = Game::new(self.position?);
        for turn in &self.moves {
            game.play_turn(turn).ok()?;
        }
        Some(game)
    }
}
