//! The endgames suite of each game: won positions (a side ahead on material by the
//! adjudication margin or more, to move, with no win in one turn) that the top level must
//! finish against the top level defending, read from `levels/<game>/endgames.ron`. It
//! measures converting (`khalif-cli endgames`); `khalif-cli mine-endgames` finds candidates.

use serde::Deserialize;

use super::arena::{GameResult, PlayedGame, Player, play_game_from};
use super::convert::material_lead;
use super::engine::Engine;
use super::solve::forced_win;
use crate::rules::Side;

/// Turns (each side's move is one) within which an endgame of the suite should be won.
pub const ENDGAME_TURNS: u32 = 60;

/// The player on both sides of the suite: a clean search to the game's `Engine::ENDGAME_DEPTH`
/// (the top level of the six levels before issue 16; seven plies in Khalif), so that the suite
/// runs in minutes and its figures stay comparable whatever the ladder's rungs become.
pub fn endgame_player<G: Engine>() -> String {
    format!("depth:{}", G::ENDGAME_DEPTH)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: String,
    /// The position, in the game's position text; the side to move is the side ahead.
    position: String,
}

/// One won position of the suite.
#[derive(Clone, Debug)]
pub struct Endgame<G: Engine> {
    pub name: String,
    pub position: G::Position,
}

/// Why `pos` is not a fair won position for the suite, if it is not one: the game must still
/// be on, the side to move must lead by the margin, and it must not win at once (then the
/// suite would measure tactics, not converting).
pub fn unfit<G: Engine>(pos: &G::Position) -> Option<String> {
    if G::winner(pos).is_some() || G::turns(pos).is_empty() {
        return Some("the game is already over".to_string());
    }
    let lead = material_lead::<G>(pos);
    if lead < G::ADJUDICATION_MARGIN {
        return Some(format!(
            "the side to move leads by {lead} units of material, the suite wants {} or more",
            G::ADJUDICATION_MARGIN
        ));
    }
    forced_win::<G>(pos, 1).then(|| "the side to move wins in one turn".to_string())
}

/// Parses a suite; an error names the file and the endgame at fault.
pub fn parse_endgames<G: Engine>(text: &str, file: &str) -> Result<Vec<Endgame<G>>, String> {
    let entries: Vec<Entry> = crate::persist::parse_ron(text, file)?;
    entries
        .into_iter()
        .map(|entry| {
            let at = |problem: String| format!("{file}: endgame `{}`: {problem}", entry.name);
            let position = G::parse_position(&entry.position).map_err(|e| at(e.to_string()))?;
            if let Some(problem) = unfit::<G>(&position) {
                return Err(at(problem));
            }
            Ok(Endgame { name: entry.name, position })
        })
        .collect()
}

/// The suite that ships with game `G`.
pub fn suite<G: Engine>() -> Result<Vec<Endgame<G>>, String> {
    let (text, file) = G::ENDGAMES;
    parse_endgames(text, file)
}

/// An endgame played out: in how many turns the side ahead won (if it did), and the game
/// itself, so a miss can be shown (how it ended, where it stood).
pub struct PlayedOut<G: Engine> {
    pub won_in: Option<u32>,
    pub game: PlayedGame<G>,
}

/// Plays `endgame` out, `player` for the side ahead and `defender` for the other, for at most
/// `turns` turns.
pub fn play_out<G: Engine>(endgame: &Endgame<G>, player: &Player<G>, defender: &Player<G>, turns: u32) -> PlayedOut<G> {
    let ahead: Side = G::side_to_move(&endgame.position);
    let (gold, silver) = if ahead == Side::First { (player, defender) } else { (defender, player) };
    let game = play_game_from(endgame.position, gold, silver, 0, 0, turns);
    let won_in = (game.result == GameResult::Won(ahead)).then_some(game.positions.len() as u32);
    PlayedOut { won_in, game }
}
