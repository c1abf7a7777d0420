//! The playing levels, from "knows the rules" to "master", and the pub regulars'
//! personalities (style weights, a level, banter) read from RON files in `levels/`.

use std::sync::LazyLock;

use serde::Deserialize;

use super::arena::Player;
use super::engine::Engine;
use super::search::{Limits, Style};

/// A playing strength: how deep and how cleanly it thinks.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    pub number: u8,
    pub name: &'static str,
    pub limits: Limits,
    pub style: Style,
}

/// The six levels. Weak levels search shallowly, judge noisily and stop at the horizon
/// instead of following captures: they miss tactics as people do, never throwing pieces away
/// at random.
pub fn levels() -> Vec<Level> {
    let level = |number: u8, name, depth, noise, quiescence| Level {
        number,
        name,
        // The top level stops deepening once a turn has taken its thinking time, so it answers
        // within its budget whatever the position; the others never come near it.
        limits: Limits { depth, nodes: None, time: (number == 6).then_some(TOP_LEVEL_THINKING) },
        style: Style { noise, noise_seed: u64::from(number), quiescence },
    };
    vec![
        level(1, "knows the rules", 1, 250, false),
        level(2, "tavern regular", 1, 120, true),
        level(3, "market trader", 2, 80, true),
        level(4, "dock captain", 3, 70, true),
        level(5, "barracks champion", 4, 15, true),
        level(6, "master", 6, 0, true),
    ]
}

/// The most the top level takes over one turn, from being asked to answering.
pub const TOP_LEVEL_BUDGET: std::time::Duration = std::time::Duration::from_secs(2);

/// The top level's search time: its budget less a margin for what comes after the search
/// last looks at the clock (a batch of nodes, the line it reports) and for a busy machine,
/// so that the turn arrives within the budget.
pub const TOP_LEVEL_THINKING: std::time::Duration = std::time::Duration::from_millis(1950);

/// Level `number` (1–6).
pub fn level(number: u8) -> Option<Level> {
    levels().into_iter().find(|l| l.number == number)
}

/// Level `number` as it plays game `G`: with the game's own misjudgement and depth per level
/// where it has them (`Engine::LEVEL_NOISE`, `Engine::LEVEL_DEPTH`, `Engine::LEVEL_NODES`).
pub fn level_of<G: Engine>(number: u8) -> Option<Level> {
    let mut level = level(number)?;
    let index = usize::from(number) - 1;
    if let Some(noise) = G::LEVEL_NOISE {
        level.style.noise = noise[index];
    }
    if let Some(depth) = G::LEVEL_DEPTH {
        level.limits.depth = depth[index];
    }
    level.limits.nodes = level.limits.nodes.or(G::LEVEL_NODES[index]);
    Some(level)
}

/// How a regular likes to play, as factors on the evaluation's terms (1.0 = neutral). Each
/// game's engine says which of its terms each factor bends (`Engine::styled`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StyleWeights {
    /// Mobility and attacks.
    pub aggression: f32,
    /// Cover for what must be kept (successors, Guards).
    pub caution: f32,
    /// The pieces that leap and jump: Khalif's Djinn, Desert Pub Chess's desert jumpers.
    pub leapers: f32,
    /// The foot soldiers' advance: Camels, Pawns.
    pub footmen: f32,
}

/// Lines a regular says at moments of the game.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Banter {
    pub opening: Vec<String>,
    pub first_capture: Vec<String>,
    /// When they lose a key piece: a Vizier in Khalif, a desert jumper in Desert Pub Chess.
    pub lost_vizier: Vec<String>,
    pub winning: Vec<String>,
    /// What they say when the player beats them: their parting line.
    #[serde(default)]
    pub conceding: Vec<String>,
    /// What they say as they resign a hopeless game (K6.3); their parting lines where none.
    #[serde(default)]
    pub resigning: Vec<String>,
}

/// A regular of the pubs: name, level, style and banter.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Personality {
    pub name: String,
    pub level: u8,
    pub style: StyleWeights,
    pub banter: Banter,
    /// How many of their turns in a row they play on in a game they judge hopeless before
    /// resigning (`ai::ending`); 0 never resigns. The proud play on longest.
    #[serde(default = "default_patience")]
    pub patience: u32,
}

/// A regular's patience where their entry does not set one: long enough that one bad-looking
/// turn never ends a game, short enough that a lost game does not drag on.
fn default_patience() -> u32 {
    4
}

impl Personality {
    /// How this regular plays game `G`: their level's search with their own style of judgement.
    pub fn player<G: Engine>(&self) -> Player<G> {
        let level = level_of::<G>(self.level).expect("levels are checked when the file is read");
        Player { name: self.name.clone(), limits: level.limits, style: level.style, weights: self.weights::<G>() }
    }

    /// The evaluation weights this regular plays game `G` with.
    pub fn weights<G: Engine>(&self) -> G::Weights {
        G::styled(&G::Weights::default(), &self.style)
    }
}

/// The regulars of `levels/personalities.ron`, built into the game (the web build has no files).
pub fn regulars() -> &'static [Personality] {
    static REGULARS: LazyLock<Vec<Personality>> = LazyLock::new(|| {
        parse_personalities(include_str!("../../levels/personalities.ron"), "levels/personalities.ron")
            .expect("levels/personalities.ron is checked by a test")
    });
    &REGULARS
}

impl Banter {
    /// One of the lines for a moment, picked by `turn` so a regular does not always say the same.
    pub fn pick(lines: &[String], turn: u32) -> Option<&str> {
        (!lines.is_empty()).then(|| lines[turn as usize % lines.len()].as_str())
    }

    /// What they say as they resign.
    pub fn resignation(&self, turn: u32) -> &str {
        Banter::pick(&self.resigning, turn)
            .or_else(|| Banter::pick(&self.conceding, turn))
            .unwrap_or("I know a lost game when I see one. It is yours.")
    }

    /// What they say as the player leaves the table: `won` is whether they won the match
    /// (`None` for a draw).
    pub fn parting(&self, won: Option<bool>, turn: u32) -> &str {
        match won {
            Some(true) => Banter::pick(&self.winning, turn).unwrap_or("Better luck next time."),
            Some(false) => Banter::pick(&self.conceding, turn).unwrap_or("Well played. Until the next game."),
            None => "Honours even. Another night, then.",
        }
    }
}

/// Parses a personalities file; errors name the file, line, column and what is wrong.
pub fn parse_personalities(text: &str, file: &str) -> Result<Vec<Personality>, String> {
    let list: Vec<Personality> = crate::persist::parse_ron(text, file)?;
    for p in &list {
        if level(p.level).is_none() {
            return Err(format!("{file}: {}: level {} does not exist (1–6)", p.name, p.level));
        }
        let factors = [p.style.aggression, p.style.caution, p.style.leapers, p.style.footmen];
        if factors.iter().any(|f| !(0.0..=4.0).contains(f)) {
            return Err(format!("{file}: {}: style factors must be between 0 and 4", p.name));
        }
    }
    Ok(list)
}
