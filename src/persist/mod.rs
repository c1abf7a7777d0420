//! Keeping the player's files (settings now, saved games and profiles later) safe on disk.
//!
//! Plain Rust, no Bevy, so the CLI and the tests can use it and a headless build can check it.
//! Three promises hold for every file written through here:
//! - a crash or power cut mid-write leaves either the old file or the new one, never half of
//!   each ([`write_atomic`]);
//! - a file that cannot be read is never silently thrown away or overwritten: it is moved aside
//!   next to the original, and the error says why it was refused and where it went
//!   ([`load_ron`], [`PersistError::Corrupt`]);
//! - tests and CI never touch a real home folder: `KHALIF_HOME` moves every folder
//!   ([`config_dir`], [`data_dir`]).

mod atomic;
mod dirs;
mod error;
mod quarantine;
mod ron_file;
mod settings;

pub use atomic::write_atomic;
pub use dirs::{HOME_VAR, config_dir, data_dir};
pub use error::{ParseProblem, PersistError};
pub use ron_file::{load_ron, save_ron};
pub use settings::{CameraSettings, Graphics, Quality, Settings};
