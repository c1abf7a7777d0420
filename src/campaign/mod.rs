//! The single-player journey through Zarhalem's venues (issue 5): the campaign's data and
//! the purse, wager and reputation arithmetic, the player's profile, the lessons and the puzzles. Plain Rust, no Bevy.

mod data;
mod lessons;
mod profile;
mod purse;
mod puzzles;
mod table;

pub use data::{
    Campaign, Colour, Condition, Regular, Rival, Stakes, Unlock, Venue, VenueKind, journey, parse_campaign,
};
pub use lessons::{Goal, Lesson, lessons, parse_lessons};
pub use profile::{Profile, ProfileFormat, RegularRecord};
pub use purse::{MatchResult, WagerError, check_wager, is_unlocked, reputation_change, settle, settle_reputation};
pub use puzzles::{Puzzle, parse_puzzles, puzzles};
pub use table::{Contender, Table};
