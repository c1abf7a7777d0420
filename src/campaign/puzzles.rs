//! Puzzles (`levels/puzzles.ron`): win the game in N turns against any defence. Each is
//! proved by the engine's exact solver (`ai::solve`): the stated first move wins within N
//! turns, and no win exists in fewer.

use serde::Deserialize;

use crate::ai::solve::{forced_win, move_forces_win};
use crate::rules::khalif::{Position, Turn, generate_turns, parse_kfen, write_primary};

/// One puzzle as the player meets it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    pub name: String,
    pub kfen: String,
    /// The side to move wins within this many of its own turns.
    pub turns: u32,
    /// A winning first primary move, in notation (`Dd7xe9`).
    pub solution: String,
    pub hint: String,
}

impl Puzzle {
    pub fn position(&self) -> Result<Position, String> {
        parse_kfen(&self.kfen).map_err(|e| format!("puzzle `{}`: {e}", self.name))
    }

    /// Proves the puzzle: the position is legal, the solution is a legal primary move that
    /// forces the win within `turns`, and no win exists in fewer turns.
    pub fn verify(&self) -> Result<(), String> {
        let pos = self.position()?;
        let mut turns: Vec<Turn> = Vec::new();
        generate_turns(&pos, &mut turns);
        let first = turns
            .iter()
            .find(|t| write_primary(&pos, t) == self.solution)
            .ok_or_else(|| format!("puzzle `{}`: `{}` is not a legal primary move", self.name, self.solution))?;
        if !move_forces_win(&pos, first.from, first.to, self.turns) {
            return Err(format!(
                "puzzle `{}`: `{}` does not force a win in {} turns",
                self.name, self.solution, self.turns
            ));
        }
        if forced_win(&pos, self.turns - 1) {
            return Err(format!("puzzle `{}`: there is a win in fewer than {} turns", self.name, self.turns));
        }
        Ok(())
    }
}

/// Parses a puzzle file; errors name the file and line, or the puzzle.
pub fn parse_puzzles(text: &str, file: &str) -> Result<Vec<Puzzle>, String> {
    let puzzles: Vec<Puzzle> = crate::persist::parse_ron(text, file)?;
    if let Some(p) = puzzles.iter().find(|p| p.turns == 0) {
        return Err(format!("{file}: puzzle `{}`: field `turns` must be 1 or more", p.name));
    }
    for p in &puzzles {
        p.position().map_err(|e| format!("{file}: {e}"))?;
    }
    Ok(puzzles)
}

/// The puzzles that ship with the game.
pub fn puzzles() -> Result<Vec<Puzzle>, String> {
    parse_puzzles(include_str!("../../levels/puzzles.ron"), "levels/puzzles.ron")
}
