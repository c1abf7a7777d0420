//! The rules of the pub games. Plain Rust, no Bevy: front ends and the AI call in here.
//!
//! Each game lives in its own module and implements one shape ([`Rules`], with a staged
//! [`TurnMachine`]); games, records, front ends and the AI are written once against it.

pub mod board8;
pub mod chafl;
pub mod desert_pub_chess;
pub mod game;
mod games;
pub mod geometry;
pub mod grid;
pub mod izdari;
pub mod khalif;
pub mod khitan;
pub mod record;
mod shape;
pub mod text;
pub mod view;
pub mod zobrist;

pub use game::{Game, GameError, PlayedTurn};
pub use games::GameId;
pub use record::{Record, RecordError};
pub use shape::{Rules, Square, TurnMachine, replay};

/// One of the two players of a pub game. Every game names them its own way (Gold and Silver
/// in Khalif, White and Black in Desert Pub Chess); the first player moves first in all.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// How a game names its sides and the piece whose loss ends it, for the lines people read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Naming {
    /// The game's name, as the title screen and records show it.
    pub game: &'static str,
    /// The first and the second player.
    pub sides: [&'static str; 2],
    /// The piece a side must keep (Khalif's Khalif), for "Silver's Khalif was captured".
    pub royal: &'static str,
    /// Where a piece arriving wins, for games that have such a place (Chafl's "a Haven"); empty
    /// otherwise.
    pub goal: &'static str,
    /// How a piece taken from afar is taken, after "The Light Tile on g5", with `{by}` for the
    /// cell of the piece that takes it; empty for games without such captures.
    pub shot: &'static str,
}

impl Naming {
    pub fn side(&self, side: Side) -> &'static str {
        self.sides[side.index()]
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// One side won; the reason says how.
    Win { winner: Side, reason: WinReason },
    /// Both players agreed to a draw (Khalif K6.4, Desert Pub Chess P3.2).
    DrawAgreed,
    /// The same position came back a third time (Desert Pub Chess P3.4).
    DrawRepeated,
}

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub enum WinReason {
    /// The loser lost the piece it must keep: its last Khalif with no Vizier to succeed (K6.1).
    RoyalCaptured,
    /// The loser has no piece left (P3.1).
    NoPiecesLeft,
    /// The winner brought a piece home to its goal (Chafl's King or Prince on a Haven, H4.1).
    ReachedGoal,
    /// The loser had no legal move (K6.2, P3.3).
    NoLegalMove,
    /// The loser resigned.
    Resignation,
}

impl Outcome {
    /// The result as a record writes it: `1-0` (the first player won), `0-1` or `1/2-1/2`.
    pub fn result_text(self) -> &'static str {
        match self {
            Outcome::Win { winner: Side::First, .. } => "1-0",
            Outcome::Win { winner: Side::Second, .. } => "0-1",
            Outcome::DrawAgreed | Outcome::DrawRepeated => "1/2-1/2",
        }
    }

    /// One line for people: "Gold wins: Silver's Khalif was captured".
    pub fn describe(self, naming: &Naming) -> String {
        match self {
            Outcome::DrawAgreed => "Draw by agreement".to_string(),
            Outcome::DrawRepeated => "Draw: the same position stood for the third time".to_string(),
            Outcome::Win { winner, reason } => {
                let loser = naming.side(winner.opponent());
                let why = match reason {
                    WinReason::RoyalCaptured => format!("{loser}'s {} was captured", naming.royal),
                    WinReason::ReachedGoal => format!("{} reached {}", naming.side(winner), naming.goal),
                    WinReason::NoPiecesLeft => format!("{loser} has no piece left"),
                    WinReason::NoLegalMove => format!("{loser} has no legal move"),
                    WinReason::Resignation => format!("{loser} resigned"),
                };
                format!("{} wins: {why}", naming.side(winner))
            }
        }
    }

    /// How a record's `Termination` tag names the way the game ended.
    pub fn termination(self, naming: &Naming) -> String {
        match self {
            Outcome::DrawAgreed => "agreement".to_string(),
            Outcome::DrawRepeated => "repetition".to_string(),
            Outcome::Win { reason: WinReason::Resignation, .. } => "resignation".to_string(),
            Outcome::Win { reason: WinReason::RoyalCaptured, .. } => format!("{} captured", naming.royal),
            Outcome::Win { reason: WinReason::NoPiecesLeft, .. } => "no pieces left".to_string(),
            Outcome::Win { reason: WinReason::ReachedGoal, .. } => format!("reached {}", naming.goal),
            Outcome::Win { reason: WinReason::NoLegalMove, .. } => "no legal move".to_string(),
        }
    }
}
