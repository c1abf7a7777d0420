//! The campaign as data (`levels/campaign.ron`): the venues of Zarhalem, their stakes and
//! what opens them, and the regulars at each table with their biography, AI personality,
//! banter and table conditions. Reading checks everything the game would otherwise trip on
//! later, and names the file, the line and the field at fault.

use serde::{Deserialize, Serialize};

use super::table::Table;
use crate::ai::levels::{Banter, regulars};
use crate::rules::{GameId, Rules, Side};
use crate::with_game;

/// A whole campaign: where the player starts and the venues in the order of the journey.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    pub name: String,
    /// Pub coin in the purse at the start.
    pub starting_purse: u32,
    pub venues: Vec<Venue>,
    /// A second thread through the journey: a rival who turns up at some venues.
    #[serde(default)]
    pub rival: Option<Rival>,
}

/// A rival who follows the player from venue to venue, growing stronger: at each venue in
/// `appears_at` the rival is met with the personality given there.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rival {
    pub name: String,
    pub bio: String,
    /// Venue name and the personality the rival plays with there, in the order met.
    pub appears_at: Vec<(String, String)>,
    pub banter: Banter,
}

/// One of the places the seed names: taverns, markets, docks, barracks, courtyards, squares,
/// and Desert Pub Chess's smoky pub. Each has its own scene round the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Deserialize, Serialize)]
pub enum VenueKind {
    /// The smoky pub with its wobbling fans: where a free match is played unless the player
    /// chooses another place.
    #[default]
    Pub,
    Tavern,
    Market,
    Docks,
    Barracks,
    Courtyard,
    PublicSquare,
}

impl VenueKind {
    pub const ALL: [VenueKind; 7] = [
        VenueKind::Pub,
        VenueKind::Tavern,
        VenueKind::Market,
        VenueKind::Docks,
        VenueKind::Barracks,
        VenueKind::Courtyard,
        VenueKind::PublicSquare,
    ];

    /// The place in a few words, for the campaign map and the settings.
    pub fn name(self) -> &'static str {
        match self {
            VenueKind::Pub => "smoky pub",
            VenueKind::Tavern => "dockside tavern",
            VenueKind::Market => "spice market",
            VenueKind::Docks => "docks",
            VenueKind::Barracks => "barracks",
            VenueKind::Courtyard => "courtyard",
            VenueKind::PublicSquare => "public square",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Venue {
    pub name: String,
    /// The game played at this venue's tables (Khalif when not given).
    #[serde(default)]
    pub game: GameId,
    pub kind: VenueKind,
    pub description: String,
    pub unlock: Unlock,
    pub stakes: Stakes,
    pub regulars: Vec<Regular>,
}

/// What opens a venue: enough reputation or a heavy enough purse (either; none means open).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Unlock {
    #[serde(default)]
    pub reputation: Option<u32>,
    #[serde(default)]
    pub purse: Option<u32>,
}

/// The least and most coin a table takes on one match.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stakes {
    pub min: u32,
    pub max: u32,
}

/// A regular of a venue.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Regular {
    pub name: String,
    pub bio: String,
    /// The name of an AI personality in `levels/personalities.ron`.
    pub personality: String,
    #[serde(default)]
    pub conditions: Vec<Condition>,
    /// What this regular says; the personality's banter when absent.
    #[serde(default)]
    pub banter: Option<Banter>,
}

/// A condition a regular insists on, shown on a card before play.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub enum Condition {
    /// The player takes this side.
    PlayerPlays(Colour),
    /// The regular gives odds: starts without these pieces (e.g. a Djinn, a Vizier), by square.
    RegularStartsWithout(Vec<String>),
    /// The match starts from this position, in the game's position text.
    StartFrom(String),
    NoTakebacks,
    /// Seconds per turn for the player.
    TurnLimit(u32),
}

impl Condition {
    /// The condition as its card shows it before play: a title and a line saying what it
    /// means for the player; `who` is the regular insisting on it, at a table of `game`.
    pub fn card(&self, game: GameId, who: &str) -> (String, String) {
        match self {
            Condition::PlayerPlays(colour) => {
                (format!("You play {colour:?}"), format!("{who} will not sit down otherwise."))
            }
            Condition::RegularStartsWithout(squares) => {
                let pieces: Vec<String> = squares
                    .iter()
                    .map(|name| match with_game!(game, G => start_piece_name::<G>(name)) {
                        Some(kind) => format!("the {kind} on {name}"),
                        None => name.clone(),
                    })
                    .collect();
                ("Odds given".to_string(), format!("{who} starts without {}.", pieces.join(" and ")))
            }
            Condition::StartFrom(text) => {
                ("A set position".to_string(), format!("The match starts from {who}'s own position ({text})."))
            }
            Condition::NoTakebacks => ("No takebacks".to_string(), "A turn played stays played.".to_string()),
            Condition::TurnLimit(seconds) => {
                (format!("{seconds} seconds a turn"), "Let your time run out and you forfeit the match.".to_string())
            }
        }
    }
}

/// The name of the piece standing on `square` at the start of game `G`.
fn start_piece_name<G: Rules>(square: &str) -> Option<&'static str> {
    let piece = G::piece_at(&G::start(), square.parse().ok()?)?;
    Some(G::KINDS[piece.kind as usize].1)
}

/// A side, as the campaign file names it: Gold and Silver at Khalif's tables, White and Black
/// at the chess tables, Light and Dark at Khitan's, Southlands and Northlands at Assassin's
/// Izdari's (the first and the second player either way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Colour {
    Gold,
    Silver,
    White,
    Black,
    Light,
    Dark,
    Southlands,
    Northlands,
}

/// The line (1-based) of the first occurrence of `needle` in `text` after `after` (the start
/// of the entry it belongs to), for errors found after parsing.
fn line_of(text: &str, after: &str, needle: &str) -> usize {
    let start = text.find(after).unwrap_or(0);
    let at = text[start..].find(needle).map_or(start, |i| start + i);
    text[..at].matches('\n').count() + 1
}

/// Whether a table condition can be played at a table of `G`: a legal start position, odds
/// given by pieces of the start position of the kinds the game's tables give (in Khalif a
/// Djinn or a Vizier), a side the game has, a turn limit of at least five seconds.
fn check_condition<G: Rules>(condition: &Condition) -> Result<(), String> {
    match condition {
        Condition::StartFrom(text) => G::parse_position(text).map(|_| ()).map_err(|e| e.to_string()),
        Condition::RegularStartsWithout(squares) => squares.iter().try_for_each(|name| {
            let square: G::Square = name.parse().map_err(|e: crate::rules::grid::BadSquare| e.to_string())?;
            match G::piece_at(&G::start(), square) {
                Some(piece) if G::ODDS.contains(&piece.kind) => Ok(()),
                _ => {
                    let kinds: Vec<&str> = G::ODDS.iter().map(|&k| G::KINDS[k as usize].1).collect();
                    let none = if kinds.len() == 2 { "neither" } else { "none of them" };
                    Err(format!("odds are a {}; {square} holds {none} at the start", kinds.join(" or a ")))
                }
            }
        }),
        Condition::PlayerPlays(colour) if !G::NAMING.sides.contains(&format!("{colour:?}").as_str()) => Err(format!(
            "{colour:?} is not a side of {}: {} or {}",
            G::NAMING.game,
            G::NAMING.sides[0],
            G::NAMING.sides[1]
        )),
        Condition::TurnLimit(seconds) if *seconds < 5 => Err(format!("a turn limit of {seconds} s is too short")),
        _ => Ok(()),
    }
}

/// Parses and checks a campaign file. An error reads `file:line: venue …, field: problem`.
pub fn parse_campaign(text: &str, file: &str) -> Result<Campaign, String> {
    let campaign: Campaign = crate::persist::parse_ron(text, file)?;
    let fail =
        |after: &str, needle: &str, what: String| Err(format!("{file}:{}: {what}", line_of(text, after, needle)));
    if campaign.venues.len() < 8 {
        return fail(
            "venues",
            "venues",
            format!("field `venues`: {} venues, the journey needs 8", campaign.venues.len()),
        );
    }
    for venue in &campaign.venues {
        let at = format!("name: \"{}\"", venue.name);
        if venue.stakes.min == 0 || venue.stakes.min > venue.stakes.max {
            return fail(
                &at,
                "stakes",
                format!("venue `{}`, field `stakes`: min must be 1 or more and at most max", venue.name),
            );
        }
        if !(2..=4).contains(&venue.regulars.len()) {
            return fail(&at, "regulars", format!("venue `{}`, field `regulars`: 2 to 4 regulars", venue.name));
        }
        for regular in &venue.regulars {
            let at = format!("name: \"{}\"", regular.name);
            if !regulars().iter().any(|p| p.name == regular.personality) {
                let what = format!(
                    "regular `{}`, field `personality`: no personality `{}` in levels/personalities.ron",
                    regular.name, regular.personality
                );
                return fail(&at, "personality", what);
            }
            let game = venue.game;
            let problems = regular.conditions.iter().map(|c| with_game!(game, G => check_condition::<G>(c)));
            let whole = std::iter::once(Table::set(game, &regular.conditions, Side::First).map(|_| ()));
            for problem in problems.chain(whole) {
                if let Err(problem) = problem {
                    return fail(
                        &at,
                        "conditions",
                        format!("regular `{}`, field `conditions`: {problem}", regular.name),
                    );
                }
            }
        }
    }
    if let Some(rival) = &campaign.rival {
        for (venue, personality) in &rival.appears_at {
            let at = format!("(\"{venue}\"");
            if !campaign.venues.iter().any(|v| &v.name == venue) {
                return fail(&at, venue, format!("rival `{}`, field `appears_at`: no venue `{venue}`", rival.name));
            }
            if !regulars().iter().any(|p| &p.name == personality) {
                let what = format!("rival `{}`, field `appears_at`: no personality `{personality}`", rival.name);
                return fail(&at, personality, what);
            }
        }
    }
    Ok(campaign)
}

/// The campaign that ships with the game.
pub fn journey() -> Result<Campaign, String> {
    parse_campaign(include_str!("../../levels/campaign.ron"), "levels/campaign.ron")
}
