//! Reading and writing one value as a RON file, the format of every file the player may edit.

use std::io;
use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{ParseProblem, PersistError, quarantine, write_atomic};

/// Reads `path` as RON. `Ok(None)` when there is no file, since a first start is not an error.
///
/// A file that is not valid RON, or whose values do not fit `T`, is moved aside (see
/// [`PersistError::Corrupt`]) rather than left in place: otherwise the game would fail on it at
/// every start, or a later save would destroy the only copy of what the player had. A file that
/// cannot be read at all (permissions, a folder in its place) is left alone and reported as
/// [`PersistError::Read`], because nothing says its content is bad.
pub fn load_ron<T: DeserializeOwned>(path: &Path) -> Result<Option<T>, PersistError> {
    let bytes = match super::read(path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(PersistError::Read { path: path.to_path_buf(), source }),
    };
    match ron::de::from_bytes(&bytes) {
        Ok(value) => Ok(Some(value)),
        Err(error) => {
            let problem = ParseProblem::from(error);
            let path = path.to_path_buf();
            Err(match quarantine::set_aside(&path) {
                Ok(kept_at) => PersistError::Corrupt { path, problem, kept_at },
                Err(source) => PersistError::CorruptNotMoved { path, problem, source },
            })
        }
    }
}

/// Writes `value` to `path` as pretty RON (one field a line, so the player can read and edit
/// it) through [`write_atomic`], so a crash never leaves half a file.
pub fn save_ron<T: Serialize>(path: &Path, value: &T) -> Result<(), PersistError> {
    let mut text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::new())
        .map_err(|error| PersistError::Serialize { path: path.to_path_buf(), message: error.to_string() })?;
    text.push('\n');
    write_atomic(path, text.as_bytes())
}

/// Parses `text`, the contents of the game data file `file` (levels, tactics, weights), as RON;
/// the error names the file, line and column and what is wrong there.
pub fn parse_ron<T: DeserializeOwned>(text: &str, file: &str) -> Result<T, String> {
    ron::from_str(text).map_err(|e| format!("{file}:{}:{}: {}", e.span.start.line, e.span.start.col, e.code))
}
