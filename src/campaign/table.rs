//! A campaign table: who the player may sit down with at a venue (its regulars, and the rival
//! when the journey brings him there), and the match their conditions make: the start
//! position, the sides, takebacks and the turn clock.

use super::data::{Campaign, Colour, Condition, Regular};
use super::profile::Profile;
use crate::ai::levels::{Personality, regulars};
use crate::rules::{GameId, Rules, Side};
use crate::with_game;

/// Someone the player may play at a venue.
#[derive(Clone, Debug, PartialEq)]
pub struct Contender {
    pub name: String,
    pub bio: String,
    /// How they play, under their own name and with their own banter.
    pub personality: Personality,
    pub conditions: Vec<Condition>,
    /// Set for the rival: which of his appearances this is (0-based).
    pub rival_stage: Option<usize>,
}

/// The match a contender's conditions make.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub game: GameId,
    /// The start position, in the game's position text.
    pub start: String,
    pub player: Side,
    /// Whether the player may take back a turn.
    pub takebacks: bool,
    /// Seconds the player has for each turn; running out forfeits the match.
    pub turn_limit: Option<u32>,
}

fn side_of(colour: Colour) -> Side {
    match colour {
        Colour::Gold | Colour::White | Colour::Light | Colour::Southlands => Side::First,
        Colour::Silver | Colour::Black | Colour::Dark | Colour::Northlands => Side::Second,
    }
}

impl Table {
    /// The table for `conditions` in `game`, the player taking `preferred` unless a condition
    /// decides: `PlayerPlays` names the side, and odds are given by the side whose pieces are
    /// removed. Fails when the conditions contradict each other or name a bad position or square.
    pub fn set(game: GameId, conditions: &[Condition], preferred: Side) -> Result<Table, String> {
        with_game!(game, G => set_for::<G>(conditions, preferred))
    }
}

fn set_for<G: Rules>(conditions: &[Condition], preferred: Side) -> Result<Table, String> {
    let mut start = G::start();
    let mut table = Table { game: G::ID, start: String::new(), player: preferred, takebacks: true, turn_limit: None };
    let mut fixed_side = None;
    for condition in conditions {
        match condition {
            Condition::PlayerPlays(colour) => fixed_side = Some(side_of(*colour)),
            Condition::StartFrom(text) => start = G::parse_position(text).map_err(|e| e.to_string())?,
            Condition::NoTakebacks => table.takebacks = false,
            Condition::TurnLimit(seconds) => table.turn_limit = Some(*seconds),
            Condition::RegularStartsWithout(_) => {}
        }
    }
    for condition in conditions {
        let Condition::RegularStartsWithout(squares) = condition else { continue };
        for name in squares {
            let square: G::Square = name.parse().map_err(|e| format!("{e}"))?;
            let piece = G::take(&mut start, square).ok_or_else(|| format!("no piece on {square} to give as odds"))?;
            let player = piece.side.opponent();
            if fixed_side.is_some_and(|side| side != player) {
                return Err(format!(
                    "the regular plays the side giving odds, but the player is to play {}",
                    G::NAMING.side(piece.side)
                ));
            }
            fixed_side = Some(player);
        }
    }
    if let Some(side) = fixed_side {
        table.player = side;
    }
    table.start = G::write_position(&start);
    Ok(table)
}

impl Campaign {
    /// Who sits at venue `venue` for a player with `profile`: its regulars, then the rival if
    /// his next appearance is here.
    pub fn contenders(&self, venue: usize, profile: &Profile) -> Vec<Contender> {
        let Some(at) = self.venues.get(venue) else { return Vec::new() };
        let mut list: Vec<Contender> = at.regulars.iter().filter_map(regular_contender).collect();
        if let (Some(rival), Some(stage)) = (&self.rival, self.rival_stage(profile)) {
            let next = rival.appears_at.get(stage).filter(|(name, _)| *name == at.name);
            if let Some(personality) = next.and_then(|(_, p)| personality_named(p)) {
                list.push(Contender {
                    name: rival.name.clone(),
                    bio: rival.bio.clone(),
                    personality: Personality { name: rival.name.clone(), banter: rival.banter.clone(), ..personality },
                    conditions: Vec::new(),
                    rival_stage: Some(stage),
                });
            }
        }
        list
    }

    /// How many times the player has beaten the rival, which is how far along the rival's
    /// thread the journey is (equal to his number of appearances once it is over).
    pub fn rival_stage(&self, profile: &Profile) -> Option<usize> {
        let rival = self.rival.as_ref()?;
        let won = profile.regulars.get(&rival.name).map_or(0, |r| r.won as usize);
        Some(won.min(rival.appears_at.len()))
    }
}

fn personality_named(name: &str) -> Option<Personality> {
    regulars().iter().find(|p| p.name == name).cloned()
}

fn regular_contender(regular: &Regular) -> Option<Contender> {
    let base = personality_named(&regular.personality)?;
    let banter = regular.banter.clone().unwrap_or(base.banter.clone());
    Some(Contender {
        name: regular.name.clone(),
        bio: regular.bio.clone(),
        personality: Personality { name: regular.name.clone(), banter, ..base },
        conditions: regular.conditions.clone(),
        rival_stage: None,
    })
}
