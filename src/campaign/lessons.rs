//! Lessons (`levels/lessons.ron`): one idea of the rules each, a position and a goal for one
//! turn that the core checks from the turn's events, with a hint. A newcomer who finishes
//! them has met every rule.

use serde::Deserialize;

use crate::rules::khalif::{Event, Kind, Position, Side, Square, Turn, generate_turns, parse_piece_list, replay};

/// What the player must do in the lesson's turn.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Goal {
    /// Move a piece of this kind onto this square.
    Reach(Kind, String),
    /// Capture at least this many pieces in the turn (a Djinn's second capture counts).
    Capture(u32),
    /// Capture a piece and keep the capturer: no Guard takes it back (K5.3).
    CaptureSafely,
    /// Win the game this turn.
    Win,
}

impl Goal {
    /// The goal in words, as the lesson shows it.
    pub fn describe(&self) -> String {
        match self {
            Goal::Reach(kind, square) => format!("Move your {kind} to {square}."),
            Goal::Capture(1) => "Capture a piece.".to_string(),
            Goal::Capture(n) => format!("Capture {n} pieces in one turn."),
            Goal::CaptureSafely => "Capture a piece and keep the piece that captured.".to_string(),
            Goal::Win => "Win the game this turn.".to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    pub title: String,
    /// The rule it teaches, by number (`K4.3`).
    pub rule: String,
    /// What the lesson says before the player moves.
    pub text: String,
    /// The position, as a piece list (`"Ke1 Ra1 ke9"`); Gold moves.
    pub pieces: String,
    pub goal: Goal,
    pub hint: String,
}

impl Lesson {
    pub fn position(&self) -> Result<Position, String> {
        parse_piece_list(&self.pieces, Side::First).map_err(|e| format!("lesson `{}`: {e}", self.title))
    }

    /// Whether `turn`, played in the lesson's position, meets the goal.
    pub fn is_met_by(&self, pos: &Position, turn: &Turn) -> bool {
        let Ok(events) = replay(pos, turn) else { return false };
        let me = pos.side_to_move();
        match &self.goal {
            Goal::Reach(kind, square) => {
                let Ok(square) = square.parse::<Square>() else { return false };
                let mut after = *pos;
                crate::rules::khalif::play(&mut after, turn);
                after.piece_at(square).is_some_and(|p| p.side == me && p.kind == *kind)
            }
            Goal::Capture(count) => captures(&events) >= *count,
            Goal::CaptureSafely => {
                captures(&events) >= 1 && !events.iter().any(|e| matches!(e, Event::Retaliated { .. }))
            }
            Goal::Win => events.iter().any(|e| matches!(e, Event::KhalifLost { side } if *side != me)),
        }
    }

    /// Checks that the lesson can be done and is not done by any move at all: the goal is met
    /// by some legal turn and missed by another.
    pub fn check(&self) -> Result<(), String> {
        let pos = self.position()?;
        if let Goal::Reach(_, square) = &self.goal {
            square.parse::<Square>().map_err(|e| format!("lesson `{}`, field `goal`: {e}", self.title))?;
        }
        let mut turns = Vec::new();
        generate_turns(&pos, &mut turns);
        let met = turns.iter().filter(|t| self.is_met_by(&pos, t)).count();
        if met == 0 {
            return Err(format!("lesson `{}`: no legal turn meets the goal {:?}", self.title, self.goal));
        }
        if met == turns.len() {
            return Err(format!("lesson `{}`: every turn meets the goal; it teaches nothing", self.title));
        }
        Ok(())
    }
}

/// Pieces captured by the mover in a turn (the primary capture and a Djinn's second one).
fn captures(events: &[Event]) -> u32 {
    events.iter().filter(|e| matches!(e, Event::Moved { captured: Some(_), .. } | Event::Chained { .. })).count() as u32
}

/// Parses the lessons; errors name the file and line, or the lesson.
pub fn parse_lessons(text: &str, file: &str) -> Result<Vec<Lesson>, String> {
    let lessons: Vec<Lesson> = crate::persist::parse_ron(text, file)?;
    for lesson in &lessons {
        lesson.check().map_err(|e| format!("{file}: {e}"))?;
    }
    Ok(lessons)
}

/// The lessons that ship with the game.
pub fn lessons() -> Result<Vec<Lesson>, String> {
    parse_lessons(include_str!("../../levels/lessons.ron"), "levels/lessons.ron")
}
