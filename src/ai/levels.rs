//! The playing levels, from "knows the rules" to "master", and the pub regulars'
//! personalities (style weights, a level, banter) read from RON files in `levels/`.

use std::sync::LazyLock;

use serde::Deserialize;

use super::arena::Player;
use super::engine::Engine;
use super::search::{Limits, QUIESCENCE_PLIES, Style};

/// How many levels every game has: the last is the top level, which thinks to its time
/// budget; the others are the rungs of each game's ladder (`Engine::LADDER`). Fourteen because
/// Khalif's top level, searching ten or eleven plies in its 2 s, is +382 Elo over seven
/// plies (docs/performance.md): the plies between need rungs of their own.
pub const LEVELS: u8 = 14;

/// A playing strength as a game plays it: how deep and how cleanly it thinks.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    pub number: u8,
    pub name: &'static str,
    pub limits: Limits,
    pub style: Style,
}

/// One level below the top in one game: how far it looks, how much it misjudges and
/// how far it follows captures past its horizon. Weak levels search shallowly, judge noisily
/// and stop at the horizon or soon after: they miss tactics as people do, never throwing
/// pieces away at random.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rung {
    /// Plies searched.
    pub depth: u32,
    /// The most its judgement of a position is off, in the game's evaluation units (the same
    /// error every time for the same position, as a person's misjudgement is).
    pub noise: i32,
    /// How many capture plies it follows past its depth: 0 none, 2 a capture and its
    /// recapture, `QUIESCENCE_PLIES` every exchange to its end.
    pub quiescence: u32,
    /// In how many positions of a thousand it overlooks the reply to its last move (follows no
    /// capture past its depth there): the rungs between never looking and always looking.
    pub oversight: u32,
    /// The most nodes it searches for a turn, where its depth alone would keep a player waiting
    /// or see too far in a crowded position.
    pub nodes: Option<u64>,
}

/// The rungs of a ladder, levels 1 to 13 (level 14 is the top, the same in every game).
pub type Ladder = [Rung; LEVELS as usize - 1];

/// A rung that follows every exchange and has no node bound.
pub const fn rung(depth: u32, noise: i32) -> Rung {
    Rung { depth, noise, quiescence: QUIESCENCE_PLIES, oversight: 0, nodes: None }
}

/// A rung blind to the reply to its last move: it follows no capture past its depth, as a
/// newcomer does not see that the piece they just moved can be taken.
pub const fn blind(depth: u32, noise: i32) -> Rung {
    Rung { quiescence: 0, ..rung(depth, noise) }
}

/// A rung that deepens as far as `nodes` let it, as a player who gives each turn about the
/// same effort: few plies in a crowded middle game, many in a sparse ending, where a fixed
/// depth would stop short of the win the top level sees. The bound cuts the last iteration in
/// the middle (the turn is the best of those it finished), so the same position always gets
/// the same turn, however busy the machine.
pub const fn deepening(nodes: u64) -> Rung {
    Rung { nodes: Some(nodes), ..rung(TOP_LEVEL_DEPTH, 0) }
}

/// A rung that sees the reply to its last move in most positions but overlooks it in
/// `oversight` of a thousand (the same positions every time): the steps between a newcomer who
/// never looks at what the opponent can take and a player who always does, which in most
/// games is the widest gap a single rung could leave.
pub const fn careless(depth: u32, noise: i32, oversight: u32) -> Rung {
    Rung { oversight, ..rung(depth, noise) }
}

/// What the levels are called at the table, weakest first.
const NAMES: [&str; LEVELS as usize] = [
    "knows the rules",
    "learning the pieces",
    "tea-house player",
    "tavern regular",
    "market trader",
    "caravan guard",
    "dock captain",
    "barracks sergeant",
    "barracks champion",
    "courtyard sage",
    "grand vizier",
    "legend of the pubs",
    "khalif's champion",
    "master",
];

/// Level `number`'s name (1–14).
pub fn level_name(number: u8) -> Option<&'static str> {
    NAMES.get(usize::from(number).checked_sub(1)?).copied()
}

/// The most the top level takes over one turn, from being asked to answering.
pub const TOP_LEVEL_BUDGET: std::time::Duration = std::time::Duration::from_secs(2);

/// The top level's search time: its budget less a margin for what comes after the search
/// last looks at the clock (a batch of nodes, the line it reports) and for a busy machine,
/// so that the turn arrives within the budget. Every level stops at it: the shallow rungs
/// never come near it, and it keeps a deep rung in a crowded position within the budget.
pub const TOP_LEVEL_THINKING: std::time::Duration = std::time::Duration::from_millis(1950);

/// How long the hint thinks: the top level's judgement, answering within a second.
pub const HINT_THINKING: std::time::Duration = std::time::Duration::from_millis(900);

/// The deepest the top level and the deepening rungs may look: in practice their clock or
/// node bound stops them first.
const TOP_LEVEL_DEPTH: u32 = 64;

/// Level `number` (1–14) as it plays game `G`: a rung of the game's ladder, or the top level,
/// which deepens until its thinking time is spent.
pub fn level_of<G: Engine>(number: u8) -> Option<Level> {
    let name = level_name(number)?;
    let rung = G::LADDER.get(usize::from(number) - 1).copied().unwrap_or(rung(TOP_LEVEL_DEPTH, 0));
    Some(Level {
        number,
        name,
        limits: Limits { depth: rung.depth, nodes: rung.nodes, time: Some(TOP_LEVEL_THINKING) },
        style: Style {
            noise: rung.noise,
            noise_seed: u64::from(number),
            quiescence: rung.quiescence,
            oversight: rung.oversight,
            ..Style::default()
        },
    })
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
        if level_name(p.level).is_none() {
            return Err(format!("{file}: {}: level {} does not exist (1–{LEVELS})", p.name, p.level));
        }
        let factors = [p.style.aggression, p.style.caution, p.style.leapers, p.style.footmen];
        if factors.iter().any(|f| !(0.0..=4.0).contains(f)) {
            return Err(format!("{file}: {}: style factors must be between 0 and 4", p.name));
        }
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_top_level_thinks_to_its_clock_and_the_others_answer_within_it() {
        use crate::rules::khalif::Khalif;
        let top = level_of::<Khalif>(LEVELS).unwrap();
        assert_eq!((top.limits.depth, top.style.noise, top.style.quiescence), (TOP_LEVEL_DEPTH, 0, QUIESCENCE_PLIES));
        assert!((1..=LEVELS).all(|n| level_of::<Khalif>(n).unwrap().limits.time == Some(TOP_LEVEL_THINKING)));
        assert!(TOP_LEVEL_THINKING < TOP_LEVEL_BUDGET);
        assert!(level_of::<Khalif>(0).is_none() && level_of::<Khalif>(LEVELS + 1).is_none());
        assert_eq!(level_name(1), Some("knows the rules"));
        assert_eq!(level_name(LEVELS), Some("master"));
    }

    #[test]
    fn the_deep_levels_get_the_large_transposition_table() {
        use crate::rules::khalif::Khalif;
        let bits = |level| level_of::<Khalif>(level).unwrap().limits.table_bits();
        // Khalif's levels 11 to 14 search seven plies or more; level 10 six.
        assert_eq!((bits(10), bits(11), bits(LEVELS)), (16, 20, 20));
        assert_eq!((1..=LEVELS).filter(|&level| bits(level) == 20).count(), 4);
    }
}
