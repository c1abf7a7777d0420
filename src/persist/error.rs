//! What can go wrong when reading or writing the player's files, in words a player can act on.

use std::io;
use std::path::PathBuf;

/// Why a file could not be kept or read. Every variant names the file, so the message shown to
/// the player (or in a bug report) says where to look without a debugger.
#[derive(Debug, thiserror::Error)]
pub enum PersistError {
    /// The path ends in `..` or a root, so there is no file name to write to or set aside.
    #[error("{path} does not name a file")]
    NoFileName { path: PathBuf },

    /// The system reports no home folder and `KHALIF_HOME` is not set, so there is nowhere to
    /// keep the file; setting `KHALIF_HOME` is the way out.
    #[error("no folder to keep {what} in: the system reports no home folder; set KHALIF_HOME")]
    NoFolder { what: &'static str },

    /// The folder that should hold the file could not be made (permissions, a file in the way).
    #[error("could not create the folder {path}: {source}")]
    CreateFolder { path: PathBuf, source: io::Error },

    /// Writing failed; the file that was there before is untouched.
    #[error("could not write {path}: {source}")]
    Write { path: PathBuf, source: io::Error },

    /// The file exists but could not be read at all (permissions, a folder in its place); it was
    /// left where it is because nothing says its content is bad.
    #[error("could not read {path}: {source}")]
    Read { path: PathBuf, source: io::Error },

    /// The value could not be written as RON (a map with non-string keys, a float RON refuses);
    /// a bug in the caller's type rather than the disk.
    #[error("could not turn the data for {path} into RON: {message}")]
    Serialize { path: PathBuf, message: String },

    /// The file was read but its content is not what was expected. It was moved to `kept_at`
    /// so the next start is clean and the player (or a bug report) still has the original bytes.
    #[error("{path} could not be understood ({problem}); it was moved aside to {kept_at}")]
    Corrupt { path: PathBuf, problem: ParseProblem, kept_at: PathBuf },

    /// The content is bad and moving it aside failed too, so it is still at `path`; the next
    /// save will replace it.
    #[error("{path} could not be understood ({problem}) and could not be moved aside: {source}")]
    CorruptNotMoved { path: PathBuf, problem: ParseProblem, source: io::Error },
}

/// Where and why a file's content was refused, kept apart from the message so a front end can
/// point at the line or a test can check it without parsing text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ParseProblem {
    /// 1-based line where the parser gave up.
    pub line: usize,
    /// 1-based column where the parser gave up.
    pub column: usize,
    /// The parser's own words (ron's, or serde's for a value of the wrong type).
    pub message: String,
}

impl From<ron::error::SpannedError> for ParseProblem {
    fn from(error: ron::error::SpannedError) -> Self {
        ParseProblem { line: error.span.start.line, column: error.span.start.col, message: error.code.to_string() }
    }
}
