//! The tactics suite of each game: positions with the primary move that wins, by theme (in
//! Khalif: Djinn double captures, avoiding retaliation, taking the last Khalif, succession
//! traps), read from `levels/<game>/tactics.ron`. It measures the search (`khalif-cli tactics`).

use serde::Deserialize;

use super::engine::Engine;
use super::search::{Limits, Searcher};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: String,
    /// What the tactic is about, as the game's engine names themes (`DjinnDouble`).
    theme: String,
    /// The position, in the game's position text.
    position: String,
    /// The winning primary moves (`Dd7xe9`); more than one when they win alike.
    best: Vec<String>,
}

/// One position of the suite.
#[derive(Clone, Debug)]
pub struct Tactic<G: Engine> {
    pub name: String,
    pub theme: String,
    pub position: G::Position,
    pub best: Vec<String>,
}

/// Parses a suite; an error names the file, and the line or the tactic at fault.
pub fn parse_tactics<G: Engine>(text: &str, file: &str) -> Result<Vec<Tactic<G>>, String> {
    let entries: Vec<Entry> = crate::persist::parse_ron(text, file)?;
    entries
        .into_iter()
        .map(|entry| {
            let position =
                G::parse_position(&entry.position).map_err(|e| format!("{file}: tactic `{}`: {e}", entry.name))?;
            let legal: Vec<String> = G::turns(&position).iter().map(|t| G::write_primary(&position, t)).collect();
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

/// The suite that ships with game `G`.
pub fn suite<G: Engine>() -> Result<Vec<Tactic<G>>, String> {
    let (text, file) = G::TACTICS;
    parse_tactics(text, file)
}

/// Searches a tactic within `limits`; returns the move found and whether it is one of the
/// winning ones.
pub fn attempt<G: Engine>(tactic: &Tactic<G>, searcher: &mut Searcher<G>, limits: &Limits) -> (String, bool) {
    let found = searcher.search(&tactic.position, limits).best.map(|t| G::write_primary(&tactic.position, &t));
    let found = found.unwrap_or_default();
    let solved = tactic.best.contains(&found);
    (found, solved)
}
