//! What every game's position text shares: splitting it into fields with their columns, and
//! an error that names the format, the column and the problem.

/// A refused position text: what is wrong, and where (1-based character column) when it is
/// one spot. `format` names the notation (`KFEN`, `position text`) so the message says it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad {format}{}: {problem}", at.map(|c| format!(" at column {c}")).unwrap_or_default())]
pub struct PositionError {
    pub format: &'static str,
    pub at: Option<usize>,
    pub problem: String,
}

/// The whitespace-separated fields of `text`, each with its 1-based starting column.
pub fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut fields = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                fields.push((text[..s].chars().count() + 1, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    fields
}
