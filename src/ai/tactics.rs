//! The tactics suite: positions with the primary move that wins, by theme (Djinn double
//! captures, avoiding retaliation, taking the last Khalif, succession traps), read from
//! `levels/tactics.ron`. It measures the search (`khalif-cli tactics`).

use serde::Deserialize;

use super::search::{Limits, Searcher};
use crate::rules::khalif::{Position, generate_turns, parse_kfen, write_primary};

/// What a tactic is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Theme {
    /// A Djinn capture followed by its second capture (K5.4).
    DjinnDouble,
    /// A capture that a Guard would take back (K5.3) is refused for a better one.
    AvoidRetaliation,
    /// The Khalif with no Vizier left is taken (K6.1).
    LastKhalif,
    /// Succession (K5.2) decides it: a Khalif taken twice in a turn, or a capture that costs
    /// the capturer its own last Khalif.
    Succession,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: String,
    theme: Theme,
    kfen: String,
    /// The winning primary moves (`Dd7xe9`); more than one when they win alike.
    best: Vec<String>,
}

/// One position of the suite.
#[derive(Clone, Debug)]
pub struct Tactic {
    pub name: String,
    pub theme: Theme,
    pub position: Position,
    pub best: Vec<String>,
}

/// Parses a suite; an error names the file, and the line or the tactic at fault.
pub fn parse_tactics(text: &str, file: &str) -> Result<Vec<Tactic>, String> {
    let entries: Vec<Entry> = crate::persist::parse_ron(text, file)?;
    entries
        .into_iter()
        .map(|entry| {
            let position = parse_kfen(&entry.kfen).map_err(|e| format!("{file}: tactic `{}`: {e}", entry.name))?;
            let mut turns = Vec::new();
            generate_turns(&position, &mut turns);
            let legal: Vec<String> = turns.iter().map(|t| write_primary(&position, t)).collect();
            if entry.best.is_empty() {
                return Err(format!("{file}: tactic `{}`: no best move given", entry.name));
            }
            if let Some(bad) = entry.best.iter().find(|b| !legal.contains(b)) {
                return Err(format!("{file}: tactic `{}`: `{bad}` is not a legal primary move", entry.name));
            }
            Ok(Tactic { name: entry.name, theme: entry.theme, position, best: entry.best })
        })
        .collect()
}

/// The suite that ships with the game.
pub fn suite() -> Result<Vec<Tactic>, String> {
    parse_tactics(include_str!("../../levels/tactics.ron"), "levels/tactics.ron")
}

/// Searches a tactic within `limits`; returns the move found and whether
/// it is one of the winning ones.
pub fn attempt(tactic: &Tactic, searcher: &mut Searcher, limits: &Limits) -> (String, bool) {
    let found = searcher.search(&tactic.position, limits).best.map(|t| write_primary(&tactic.position, &t));
    let found = found.unwrap_or_default();
    let solved = tactic.best.contains(&found);
    (found, solved)
}
