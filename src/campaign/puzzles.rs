//! Puzzles (`levels/<game>/puzzles.ron`, Khalif's for now): win the game in N turns against
//! any defence. Each is proved by the engine's exact solver (`ai::solve`): the stated first
//! move wins within N turns, and no win exists in fewer.

use serde::Deserialize;

use crate::ai::Engine;
use crate::ai::solve::{forced_win, move_forces_win};
use crate::rules::{GameId, Rules};
use crate::with_game;

/// One puzzle as the player meets it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// The game it is set in (from the file it was read from).
    #[serde(skip)]
    pub game: GameId,
    pub name: String,
    /// The position, in the game's position text.
    pub position: String,
    /// The side to move wins within this many of its own turns.
    pub turns: u32,
    /// A winning first primary move, in notation (`Dd7xe9`).
    pub solution: String,
    pub hint: String,
}

impl Puzzle {
    /// Proves the puzzle: the position is legal, the solution is a legal primary move that
    /// forces the win within `turns`, and no win exists in fewer turns.
    pub fn verify(&self) -> Result<(), String> {
        with_game!(self.game, G => self.verify_in::<G>())
    }

    fn verify_in<G: Rules>(&self) -> Result<(), String> {
        let pos = G::parse_position(&self.position).map_err(|e| format!("puzzle `{}`: {e}", self.name))?;
        let first = G::turns(&pos)
            .into_iter()
            .find(|t| G::write_primary(&pos, t) == self.solution)
            .ok_or_else(|| format!("puzzle `{}`: `{}` is not a legal primary move", self.name, self.solution))?;
        let (from, to) = G::primary(&first);
        if !move_forces_win::<G>(&pos, from, to, self.turns) {
            return Err(format!(
                "puzzle `{}`: `{}` does not force a win in {} turns",
                self.name, self.solution, self.turns
            ));
        }
        if forced_win::<G>(&pos, self.turns - 1) {
            return Err(format!("puzzle `{}`: there is a win in fewer than {} turns", self.name, self.turns));
        }
        Ok(())
    }
}

/// Parses a game's puzzle file; errors name the file and line, or the puzzle.
pub fn parse_puzzles(game: GameId, text: &str, file: &str) -> Result<Vec<Puzzle>, String> {
    let mut puzzles: Vec<Puzzle> = crate::persist::parse_ron(text, file)?;
    if let Some(p) = puzzles.iter().find(|p| p.turns == 0) {
        return Err(format!("{file}: puzzle `{}`: field `turns` must be 1 or more", p.name));
    }
    for p in &mut puzzles {
        p.game = game;
        with_game!(game, G => G::parse_position(&p.position).map(|_| ()))
            .map_err(|e| format!("{file}: puzzle `{}`: {e}", p.name))?;
    }
    Ok(puzzles)
}

/// The puzzles that ship with the game, every game's that has them.
pub fn puzzles() -> Result<Vec<Puzzle>, String> {
    let mut all = Vec::new();
    for game in GameId::ALL {
        if let Some((text, file)) = with_game!(game, G => <G as Engine>::PUZZLES) {
            all.extend(parse_puzzles(game, text, file)?);
        }
    }
    Ok(all)
}
