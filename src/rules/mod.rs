//! The rules of the pub games. Plain Rust, no Bevy: front ends and the AI call in here.
//!
//! Each game lives in its own module; what they share is the shape of a turn: a machine that
//! says who must decide what, takes decisions and reports what happened ([`TurnMachine`]).

pub mod khalif;

pub use khalif::{Kind, Piece, Side};

/// How a finished game ended (K6).
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// One side won; the reason says how.
    Win { winner: Side, reason: WinReason },
    /// Both players agreed to a draw (K6.4).
    DrawAgreed,
}

/// Why a game was won (K6.1–K6.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub enum WinReason {
    /// The loser's last Khalif was captured with no Vizier to succeed it (K6.1).
    KhalifCaptured,
    /// The loser had no legal move (K6.2).
    NoLegalMove,
    /// The loser resigned (K6.3).
    Resignation,
}

impl Outcome {
    /// The result as a record writes it: `1-0` (Gold won), `0-1` (Silver won) or `1/2-1/2`.
    pub fn result_text(self) -> &'static str {
        match self {
            Outcome::Win { winner: Side::Gold, .. } => "1-0",
            Outcome::Win { winner: Side::Silver, .. } => "0-1",
            Outcome::DrawAgreed => "1/2-1/2",
        }
    }

    /// One line for people: "Gold wins: Silver's last Khalif was captured".
    pub fn describe(self) -> String {
        match self {
            Outcome::DrawAgreed => "Draw by agreement".to_string(),
            Outcome::Win { winner, reason } => {
                let loser = winner.opponent();
                let why = match reason {
                    WinReason::KhalifCaptured => format!("{loser}'s last Khalif was captured"),
                    WinReason::NoLegalMove => format!("{loser} has no legal move"),
                    WinReason::Resignation => format!("{loser} resigned"),
                };
                format!("{winner} wins: {why}")
            }
        }
    }
}

/// The seam every pub game's turn follows: a turn is a series of decisions, not always made by
/// the side whose turn it is, each answered with what happened so a front end can show it
/// stage by stage. The 3D front end and the AI drive games through this shape.
pub trait TurnMachine {
    /// One choice a player makes (a primary move, a successor, a Guard, a second capture...).
    type Decision: Clone;
    /// Something that happened, for animation, sound and the move list.
    type Event: Clone;
    /// Why a decision was refused.
    type Error: std::error::Error;

    /// The side that must decide now, or `None` when the game is over.
    fn decider(&self) -> Option<Side>;
    /// The decisions open to the decider now.
    fn options(&self) -> Vec<Self::Decision>;
    /// Takes a decision and resolves the turn up to the next decision or the hand-over.
    fn decide(&mut self, decision: Self::Decision) -> Result<Vec<Self::Event>, Self::Error>;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
}
