//! The single-player journey through Zarhalem's venues (issue 5): the campaign's data and
//! the purse, wager and reputation arithmetic, and the player's profile. Plain Rust, no Bevy.

mod data;
mod profile;
mod purse;

pub use data::{Campaign, Colour, Condition, Regular, Stakes, Unlock, Venue, VenueKind, journey, parse_campaign};
pub use profile::{Profile, ProfileFormat, RegularRecord};
pub use purse::{MatchResult, WagerError, check_wager, is_unlocked, reputation_change, settle, settle_reputation};
