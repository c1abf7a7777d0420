//! The player's progress: purse, reputation, venues opened, lessons done and a record against
//! each regular. Kept through `persist` (atomic writes; a file that cannot be read, or that
//! belongs to something else, is moved aside and reported, never overwritten).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::data::Campaign;
use super::purse::{MatchResult, is_unlocked, settle, settle_reputation};
use crate::persist::{PersistError, data_dir, load_ron, save_ron};

/// Marks a file as a Khalif profile of this layout: any other file (a settings file, a save,
/// a later layout) fails to read as a profile and is set aside instead of being overwritten.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ProfileFormat {
    #[default]
    KhalifProfile1,
}

/// Wins, losses and draws against one regular, and the coin that changed hands.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct RegularRecord {
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
    /// Coin won minus coin lost.
    pub coins: i64,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub format: ProfileFormat,
    pub purse: u32,
    pub reputation: u32,
    /// Venues opened so far, by name: once open, a venue stays open.
    pub unlocked: BTreeSet<String>,
    pub lessons_done: BTreeSet<String>,
    /// Puzzles solved, by name (absent from profiles written before puzzles were kept).
    #[serde(default)]
    pub puzzles_solved: BTreeSet<String>,
    pub regulars: BTreeMap<String, RegularRecord>,
}

const FILE_NAME: &str = "profile.ron";

impl Profile {
    /// A newcomer to `campaign`: its starting purse, and the venues open from the start.
    pub fn new(campaign: &Campaign) -> Profile {
        let mut profile = Profile {
            format: ProfileFormat::KhalifProfile1,
            purse: campaign.starting_purse,
            reputation: 0,
            unlocked: BTreeSet::new(),
            lessons_done: BTreeSet::new(),
            puzzles_solved: BTreeSet::new(),
            regulars: BTreeMap::new(),
        };
        profile.open_venues(campaign);
        profile
    }

    /// Settles a match played against `regular` for `wager` and opens the venues the new
    /// purse or reputation reaches; returns the names of the venues newly opened.
    pub fn record(&mut self, campaign: &Campaign, regular: &str, wager: u32, result: MatchResult) -> Vec<String> {
        let before = self.purse;
        self.purse = settle(self.purse, wager, result);
        self.reputation = settle_reputation(self.reputation, result);
        let entry = self.regulars.entry(regular.to_string()).or_default();
        match result {
            MatchResult::Won => entry.won += 1,
            MatchResult::Lost => entry.lost += 1,
            MatchResult::Drawn => entry.drawn += 1,
        }
        entry.coins += i64::from(self.purse) - i64::from(before);
        self.open_venues(campaign)
    }

    fn open_venues(&mut self, campaign: &Campaign) -> Vec<String> {
        let mut opened = Vec::new();
        for venue in &campaign.venues {
            if !self.unlocked.contains(&venue.name) && is_unlocked(&venue.unlock, self.reputation, self.purse) {
                self.unlocked.insert(venue.name.clone());
                opened.push(venue.name.clone());
            }
        }
        opened
    }

    /// Where the profile lives: the platform's data folder (the browser's storage on the web).
    pub fn path() -> Option<PathBuf> {
        data_dir().map(|dir| dir.join(FILE_NAME))
    }

    /// Reads a profile. `Ok(None)` when there is none yet; an unreadable or foreign file is
    /// moved aside and reported ([`PersistError::Corrupt`]) so the player can be told.
    pub fn load_from(path: &Path) -> Result<Option<Profile>, PersistError> {
        load_ron(path)
    }

    /// Writes the profile atomically: a crash mid-write leaves the previous one whole.
    pub fn save_to(&self, path: &Path) -> Result<(), PersistError> {
        save_ron(path, self)
    }
}
