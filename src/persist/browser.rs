//! The web build's storage: the browser's localStorage, one key per path (`khalif:/data/…`).
//! One `setItem` replaces a value whole, so a write is atomic as a file rename is on disk; a
//! value that cannot be read is moved to a new key beside it, never overwritten.

use std::io;
use std::path::{Path, PathBuf};

use web_time::{SystemTime, UNIX_EPOCH};

use super::PersistError;

const PREFIX: &str = "khalif:";

fn storage() -> io::Result<web_sys::Storage> {
    web_sys::window()
        .and_then(|window| window.local_storage().ok().flatten())
        .ok_or_else(|| io::Error::other("the browser offers no local storage (private mode?)"))
}

fn key(path: &Path) -> String {
    format!("{PREFIX}{}", path.display())
}

fn js_error(value: wasm_bindgen::JsValue) -> io::Error {
    io::Error::other(value.as_string().unwrap_or_else(|| "the browser refused (storage full?)".to_string()))
}

/// The bytes stored under `path`; `NotFound` when there are none.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    match storage()?.get_item(&key(path)).map_err(js_error)? {
        Some(text) => Ok(text.into_bytes()),
        None => Err(io::Error::new(io::ErrorKind::NotFound, "no such entry")),
    }
}

/// Stores `bytes` (UTF-8 text: RON and game records) under `path` in one step.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), PersistError> {
    let failed = |source| PersistError::Write { path: path.to_path_buf(), source };
    let text = std::str::from_utf8(bytes).map_err(|e| failed(io::Error::new(io::ErrorKind::InvalidData, e)))?;
    storage().and_then(|s| s.set_item(&key(path), text).map_err(js_error)).map_err(failed)
}

/// Moves the value under `path` to `<path>.corrupt-<unix seconds>[-n]`, never over another.
pub(super) fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let storage = storage()?;
    let value = storage.get_item(&key(path)).map_err(js_error)?.unwrap_or_default();
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    for n in 0..10_000u32 {
        let suffix = if n == 0 { String::new() } else { format!("-{n}") };
        let aside = PathBuf::from(format!("{}.corrupt-{seconds}{suffix}", path.display()));
        if storage.get_item(&key(&aside)).map_err(js_error)?.is_none() {
            storage.set_item(&key(&aside), &value).map_err(js_error)?;
            storage.remove_item(&key(path)).map_err(js_error)?;
            return Ok(aside);
        }
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "every aside name is taken"))
}

/// The paths stored in `folder` whose names end in `.extension`.
pub fn list(folder: &Path, extension: &str) -> Vec<PathBuf> {
    let Ok(storage) = storage() else { return Vec::new() };
    let prefix = key(folder);
    let count = storage.length().unwrap_or(0);
    (0..count)
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter_map(|k| k.strip_prefix(PREFIX).map(PathBuf::from))
        .filter(|p| key(p).starts_with(&prefix) && p.extension().is_some_and(|x| x == extension))
        .collect()
}
