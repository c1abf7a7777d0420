//! Lessons (`levels/<game>/lessons.ron`): one idea of a game's rules each, a position and a
//! goal for one turn that is checked from what the turn did (its effects, read from the core),
//! with a hint. A newcomer who finishes a game's lessons has met every rule.

use serde::Deserialize;

use crate::rules::view::{Board, Effect};
use crate::rules::{GameId, Outcome, Rules, Side, Square as _};
use crate::with_game;

/// What the player must do in the lesson's turn.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Goal {
    /// Move a piece of this kind (by name) onto this square.
    Reach(String, String),
    /// Promote a piece into this kind (by name) on this square.
    Promote(String, String),
    /// Capture at least this many pieces in the turn (a Djinn's second capture, each jump of
    /// a chain counts).
    Capture(u32),
    /// Capture a piece and keep the capturer: nothing takes it back (K5.3).
    CaptureSafely,
    /// Win the game this turn.
    Win,
}

impl Goal {
    /// The goal in words, as the lesson shows it.
    pub fn describe(&self) -> String {
        match self {
            Goal::Reach(kind, square) => format!("Move your {kind} to {square}."),
            Goal::Promote(kind, square) => format!("Promote a Pawn to a {kind} on {square}."),
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
    /// The game it teaches (set from the file it was read from).
    #[serde(skip)]
    pub game: GameId,
    pub title: String,
    /// The rule it teaches, by number (`K4.3`, `P2.4`).
    pub rule: String,
    /// What the lesson says before the player moves.
    pub text: String,
    /// The position, as a piece list (`"Ke1 Ra1 ke9"`; the first player moves), or as the
    /// game's position text where a list cannot say it all (Khitan's reserves).
    pub pieces: String,
    pub goal: Goal,
    pub hint: String,
}

/// The number of a kind in game `G`'s kind list, by its name.
fn kind_named<G: Rules>(name: &str) -> Option<u8> {
    G::KINDS.iter().position(|(_, n)| n.eq_ignore_ascii_case(name)).map(|i| i as u8)
}

/// Pieces `mover` took in a turn (each capture of the turn) and pieces taken back from it.
fn captures(effects: &[Effect], mover: Side) -> (u32, u32) {
    let taken_by =
        |side: Side| effects.iter().filter(|e| e.taken().is_some_and(|(_, victim)| victim.side != side)).count() as u32;
    (taken_by(mover), taken_by(mover.opponent()))
}

impl Lesson {
    /// The lesson's position in its game's position text.
    pub fn position(&self) -> Result<String, String> {
        with_game!(self.game, G => self.start::<G>().map(|p| G::write_position(&p)))
    }

    /// The lesson's position: position text when it has rows (`/`), else a piece list.
    fn start<G: Rules>(&self) -> Result<G::Position, String> {
        let pos = if self.pieces.contains('/') {
            G::parse_position(&self.pieces)
        } else {
            G::parse_piece_list(&self.pieces, Side::First)
        };
        pos.map_err(|e| format!("lesson `{}`: {e}", self.title))
    }

    /// Whether a turn by `mover` that had `effects` and left `after` meets the goal.
    pub fn is_met(&self, effects: &[Effect], after: &Board, mover: Side) -> bool {
        with_game!(self.game, G => self.is_met_in::<G>(effects, after, mover))
    }

    fn is_met_in<G: Rules>(&self, effects: &[Effect], after: &Board, mover: Side) -> bool {
        let target =
            |kind: &str, square: &str| Some((kind_named::<G>(kind)?, square.parse::<G::Square>().ok()?.cell()));
        match &self.goal {
            Goal::Reach(kind, square) => target(kind, square)
                .is_some_and(|(kind, cell)| after.piece_at(cell).is_some_and(|p| p.side == mover && p.kind == kind)),
            Goal::Promote(kind, square) => target(kind, square).is_some_and(|(kind, cell)| {
                effects.iter().any(|e| matches!(e, Effect::Change { at, into, .. } if *at == cell && into.kind == kind && into.side == mover))
            }),
            Goal::Capture(count) => captures(effects, mover).0 >= *count,
            Goal::CaptureSafely => {
                let (taken, lost) = captures(effects, mover);
                taken >= 1 && lost == 0
            }
            Goal::Win => effects
                .iter()
                .any(|e| matches!(e, Effect::GameOver(Outcome::Win { winner, .. }) if *winner == mover)),
        }
    }

    /// Checks that the lesson can be done and is not done by any move at all: the goal is met
    /// by some legal turn and missed by another.
    pub fn check(&self) -> Result<(), String> {
        with_game!(self.game, G => self.check_in::<G>())
    }

    fn check_in<G: Rules>(&self) -> Result<(), String> {
        let pos = self.start::<G>()?;
        let (Goal::Reach(kind, square) | Goal::Promote(kind, square)) = &self.goal else {
            return self.check_turns::<G>(&pos);
        };
        kind_named::<G>(kind)
            .ok_or_else(|| format!("lesson `{}`, field `goal`: no piece called {kind}", self.title))?;
        square.parse::<G::Square>().map_err(|e| format!("lesson `{}`, field `goal`: {e}", self.title))?;
        self.check_turns::<G>(&pos)
    }

    fn check_turns<G: Rules>(&self, pos: &G::Position) -> Result<(), String> {
        let turns = G::turns(pos);
        let mover = G::side_to_move(pos);
        let met = turns
            .iter()
            .filter(|turn| {
                let events = crate::rules::replay::<G::Machine>(pos, turn).unwrap_or_default();
                let effects: Vec<Effect> = events.iter().flat_map(G::effects).map(|(_, e)| e).collect();
                let mut after = *pos;
                G::play(&mut after, turn);
                self.is_met_in::<G>(&effects, &G::board(&after), mover)
            })
            .count();
        if met == 0 {
            return Err(format!("lesson `{}`: no legal turn meets the goal {:?}", self.title, self.goal));
        }
        if met == turns.len() {
            return Err(format!("lesson `{}`: every turn meets the goal; it teaches nothing", self.title));
        }
        Ok(())
    }
}

/// Parses a game's lessons; errors name the file and line, or the lesson.
pub fn parse_lessons(game: GameId, text: &str, file: &str) -> Result<Vec<Lesson>, String> {
    let mut lessons: Vec<Lesson> = crate::persist::parse_ron(text, file)?;
    for lesson in &mut lessons {
        lesson.game = game;
        lesson.check().map_err(|e| format!("{file}: {e}"))?;
    }
    Ok(lessons)
}

/// The lessons that ship with the game, every game's in the order of the list of games.
pub fn lessons() -> Result<Vec<Lesson>, String> {
    let mut all = Vec::new();
    for game in GameId::ALL {
        let (text, file) = with_game!(game, G => <G as crate::ai::Engine>::LESSONS);
        all.extend(parse_lessons(game, text, file)?);
    }
    Ok(all)
}
