//! Where the game keeps its files: the platform's usual folders, or one chosen by `KHALIF_HOME`.

use std::path::PathBuf;

/// The environment variable that moves every folder under one root, so tests, CI and portable
/// installs never read or write the real home folder. An empty value counts as unset, so
/// `KHALIF_HOME= cargo run` is a way to get the platform folders back.
pub const HOME_VAR: &str = "KHALIF_HOME";

/// Where small files the player may edit or delete without losing progress go (settings), kept
/// apart from [`data_dir`] because platforms back up and roam them differently.
/// `$KHALIF_HOME/config` when set; `None` when the system reports no home folder.
pub fn config_dir() -> Option<PathBuf> {
    #[cfg(target_arch = "wasm32")]
    return Some(PathBuf::from("/config")); // a key prefix in the browser's storage
    #[cfg(not(target_arch = "wasm32"))]
    match home_override() {
        Some(home) => Some(home.join("config")),
        None => project_dirs().map(|dirs| dirs.config_dir().to_path_buf()),
    }
}

/// Where the player's progress goes (saved games, profiles): losing it loses games, so it sits
/// where the platform keeps application data rather than with the settings.
/// `$KHALIF_HOME/data` when set; `None` when the system reports no home folder.
pub fn data_dir() -> Option<PathBuf> {
    #[cfg(target_arch = "wasm32")]
    return Some(PathBuf::from("/data"));
    #[cfg(not(target_arch = "wasm32"))]
    match home_override() {
        Some(home) => Some(home.join("data")),
        None => project_dirs().map(|dirs| dirs.data_dir().to_path_buf()),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn home_override() -> Option<PathBuf> {
    std::env::var_os(HOME_VAR).filter(|home| !home.is_empty()).map(PathBuf::from)
}

#[cfg(not(target_arch = "wasm32"))]
fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("org", "Zarhalem", "Khalif")
}
