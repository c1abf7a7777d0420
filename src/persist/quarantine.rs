//! Moving a file that could not be read out of the way, without ever overwriting anything.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Moves `path` to `<name>.corrupt-<unix seconds>` beside it (then `-1`, `-2`, … when that name
/// is taken) and returns where it went. The game then starts clean while the player keeps the
/// original bytes to fix by hand or attach to a bug report; a second bad file the same second
/// must not destroy the first one's copy.
pub(super) fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let name = path.file_name().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    for n in 0..10_000u32 {
        let mut aside_name = OsString::from(name);
        aside_name.push(format!(".corrupt-{seconds}"));
        if n > 0 {
            aside_name.push(format!("-{n}"));
        }
        let aside = path.with_file_name(aside_name);
        if claim(path, &aside)? {
            return Ok(aside);
        }
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "every aside name is taken"))
}

/// Moves `path` to `aside` unless `aside` exists; `Ok(false)` means try another name.
///
/// A rename silently replaces its target on Unix, so the move is a hard link (which refuses an
/// existing name atomically) followed by removing the original. File systems without hard links
/// fall back to checking first and renaming, which is only racy against another process
/// quarantining the same file in the same second.
fn claim(path: &Path, aside: &Path) -> io::Result<bool> {
    match fs::hard_link(path, aside) {
        Ok(()) => fs::remove_file(path).map(|()| true),
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => Ok(false),
        Err(_) if aside.exists() => Ok(false),
        Err(_) => fs::rename(path, aside).map(|()| true),
    }
}
