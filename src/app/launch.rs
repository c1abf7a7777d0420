//! Command-line options of the game binary (or the web page's address), kept as a resource:
//! screenshot mode, the game and its start position, a screen to open.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::play::{AnyGame, new_game};
use crate::rules::GameId;

/// Which camera view to start in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// Seated at the side to move's end of the table.
    #[default]
    Seated,
    /// Straight down onto the board, the tactical view.
    Top,
    /// Seated further back and higher, looking across the table: the place and its crowd.
    Wide,
}

/// How the game was started.
#[derive(Resource, Clone, Debug, Default)]
pub struct LaunchOptions {
    /// Render, save this PNG and exit.
    pub screenshot: Option<PathBuf>,
    /// The game of `position` and `moves` (and the title screen's choice at start).
    pub game: GameId,
    /// Start a match from this position (the game's position text, or `start`) at once.
    pub position: Option<String>,
    pub view: View,
    /// Frames rendered before the screenshot is taken, counting those drawn with every
    /// pipeline ready (lets the camera and the crowd settle).
    pub frames: u32,
    /// Pick up the piece on this square (by name, `e2`) at the start: shows its legal moves
    /// in a screenshot.
    pub select: Option<String>,
    /// Sit this regular (an index into `levels/personalities.ron`) at the table, on the side
    /// not to move.
    pub against: Option<usize>,
    /// Turns played from `position` before the game is shown, in the game's notation.
    pub moves: Vec<String>,
    /// The last of `moves` is played on the table, through its stages and animations, instead
    /// of before the game is shown: a screenshot catches it under way.
    pub stage_last: bool,
    /// A screen to open at once instead of the title.
    pub open: Option<Destination>,
    /// The place to show round the table, whatever the match (`--venue`).
    pub venue: Option<VenueChoice>,
    /// In screenshot mode, the game's clock moves on by this many milliseconds a frame
    /// (`--step-ms`) instead of by the real time the frame took.
    pub step_ms: Option<u32>,
}

/// A place named on the command line (`--venue`): a campaign venue by number, or the pub.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VenueChoice {
    /// The campaign's venue of this index (written from 1).
    Number(usize),
    /// The smoky pub of a free match.
    Pub,
}

impl std::str::FromStr for VenueChoice {
    type Err = String;

    fn from_str(text: &str) -> Result<VenueChoice, String> {
        match text {
            "pub" => Ok(VenueChoice::Pub),
            _ => match text.parse::<usize>() {
                Ok(n) if n >= 1 => Ok(VenueChoice::Number(n - 1)),
                _ => Err(format!("`{text}` is not a venue: use its number in the campaign (from 1) or `pub`")),
            },
        }
    }
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

    /// The game to start with: `position` with `moves` played (but the last, with
    /// `stage_last`), or why it cannot be.
    pub fn start_game(&self) -> Option<Result<Box<dyn AnyGame>, String>> {
        let position = self.position.as_deref()?;
        let before = if self.stage_last { self.moves.len().saturating_sub(1) } else { self.moves.len() };
        Some(new_game(self.game, Some(position)).map_err(|e| e.to_string()).and_then(|mut game| {
            for written in &self.moves[..before] {
                game.play_notation(written).map_err(|e| format!("`{written}`: {e}"))?;
            }
            if let Some(last) = self.staged_move() {
                game.clone().play_notation(last).map_err(|e| format!("`{last}`: {e}"))?;
            }
            Ok(game)
        }))
    }

    /// The turn to play on the table once it is shown (`stage_last`).
    pub fn staged_move(&self) -> Option<&str> {
        self.moves.last().filter(|_| self.stage_last).map(String::as_str)
    }

    /// [`Self::start_game`] when it can be played (errors are reported at launch).
    pub fn game(&self) -> Option<Box<dyn AnyGame>> {
        self.start_game()?.ok()
    }
}
