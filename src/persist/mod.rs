//! Keeping the player's files (settings now, saved games and profiles later) safe on disk, or
//! in the browser's storage in the web build.
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

#[cfg(not(target_arch = "wasm32"))]
mod atomic;
#[cfg(target_arch = "wasm32")]
mod browser;
mod dirs;
mod error;
#[cfg(not(target_arch = "wasm32"))]
mod quarantine;
mod ron_file;
mod settings;

#[cfg(not(target_arch = "wasm32"))]
pub use atomic::write_atomic;
#[cfg(target_arch = "wasm32")]
use browser as quarantine;
#[cfg(target_arch = "wasm32")]
pub use browser::write_atomic;
pub use dirs::{HOME_VAR, config_dir, data_dir};
pub use error::{ParseProblem, PersistError};
pub use ron_file::{load_ron, parse_ron, save_ron};
pub use settings::{CameraSettings, Graphics, Quality, Settings};

/// The bytes of the file (or, on the web, the stored entry) at `path`.
pub fn read(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    #[cfg(target_arch = "wasm32")]
    return browser::read(path);
    #[cfg(not(target_arch = "wasm32"))]
    std::fs::read(path)
}

/// The files (web: entries) in `folder` whose names end in `.extension`, newest first where
/// the platform knows when they were written.
pub fn list(folder: &std::path::Path, extension: &str) -> Vec<std::path::PathBuf> {
    #[cfg(target_arch = "wasm32")]
    return browser::list(folder, extension);
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::time::UNIX_EPOCH;
        let mut files: Vec<_> = std::fs::read_dir(folder)
            .into_iter()
            .flatten()
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == extension))
            .map(|p| {
                let modified = std::fs::metadata(&p).and_then(|m| m.modified()).unwrap_or(UNIX_EPOCH);
                (p, modified)
            })
            .collect();
        files.sort_by_key(|f| std::cmp::Reverse(f.1));
        files.into_iter().map(|(p, _)| p).collect()
    }
}
