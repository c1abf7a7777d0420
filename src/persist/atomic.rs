//! Replacing a file so that a crash leaves the old content or the new, never a mix.

use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::PersistError;

/// Tells apart the temporary files of two writes from the same process at the same moment.
static NEXT_TEMP: AtomicU64 = AtomicU64::new(0);

/// Writes `bytes` to `path` so that readers, and the file after a crash or power cut, see either
/// the previous content or all of the new one. A plain `fs::write` truncates first, so a crash
/// mid-write would lose the player's settings or save.
///
/// The folder is created when missing. The bytes go to a uniquely named hidden file in the same
/// folder (a rename is only atomic within one file system), which is flushed to disk before it
/// is renamed over `path`; on failure the temporary file is removed and `path` is untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), PersistError> {
    let name = path.file_name().ok_or_else(|| PersistError::NoFileName { path: path.to_path_buf() })?;
    let folder = folder_of(path);
    fs::create_dir_all(folder).map_err(|source| PersistError::CreateFolder { path: folder.to_path_buf(), source })?;

    let (temp_path, file) =
        create_temp(folder, name).map_err(|source| PersistError::Write { path: path.to_path_buf(), source })?;
    let written = fill(file, bytes).and_then(|()| fs::rename(&temp_path, path));
    if let Err(source) = written {
        let _ = fs::remove_file(&temp_path);
        return Err(PersistError::Write { path: path.to_path_buf(), source });
    }
    sync_folder(folder);
    Ok(())
}

/// The folder a path lives in; a bare file name lives in the current folder.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Opens a new temporary file next to the target. `create_new` never reuses a file left by an
/// earlier crash or another writer, so two writes cannot interleave in one temporary file.
fn create_temp(folder: &Path, name: &OsStr) -> io::Result<(PathBuf, File)> {
    let mut last_error = None;
    for _ in 0..100 {
        let mut temp_name = OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(".tmp-{}-{}", std::process::id(), NEXT_TEMP.fetch_add(1, Ordering::Relaxed)));
        let temp_path = folder.join(temp_name);
        match OpenOptions::new().write(true).create_new(true).open(&temp_path) {
            Ok(file) => return Ok((temp_path, file)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => last_error = Some(error),
            Err(error) => return Err(error),
        }
    }
    Err(last_error.unwrap_or_else(|| io::Error::other("no free temporary file name")))
}

/// Writes and flushes to the disk itself, so the rename never publishes a file whose bytes are
/// still only in the cache.
fn fill(mut file: File, bytes: &[u8]) -> io::Result<()> {
    file.write_all(bytes)?;
    file.sync_all()
}

/// Makes the rename itself survive a power cut (on Unix a rename lives in the folder's entry).
/// Best effort: the new content is already safe in the file, and some systems cannot open a
/// folder for syncing.
fn sync_folder(folder: &Path) {
    #[cfg(unix)]
    if let Ok(dir) = File::open(folder) {
        let _ = dir.sync_all();
    }
    #[cfg(not(unix))]
    let _ = folder;
}
