//! What every game's position text shares: splitting it into fields with their columns, and
//! an error that names the format, the column and the problem.

use std::fmt::Write as _;

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

/// Reads the placement field of a square board's position text: ranks from the far one down,
/// `/` between them, a number for a run of empty squares, a letter for a piece.
/// `place(file, rank, letter)` puts a piece or says why the letter is refused. Every error
/// names the column where it can.
pub fn parse_placement(
    format: &'static str,
    placement: &str,
    first_col: usize,
    dims: (u32, u32),
    place: impl FnMut(u32, u32, char) -> Result<(), String>,
) -> Result<(), PositionError> {
    parse_placement_with_groups(format, placement, first_col, dims, place, None)
}

/// Reads a group in parentheses written right after a piece letter (Izdari's passengers,
/// `W(AR)`): given the letter, the group's text and the column of its first character, it
/// takes the group in or says where it is wrong.
pub type GroupReader<'a> = &'a mut dyn FnMut(char, &str, usize) -> Result<(), PositionError>;

/// [`parse_placement`] for a game whose pieces may carry a group in parentheses, read by
/// `group`; without one, `(` is a letter like any other and `place` refuses it.
pub fn parse_placement_with_groups(
    format: &'static str,
    placement: &str,
    first_col: usize,
    (files, ranks): (u32, u32),
    mut place: impl FnMut(u32, u32, char) -> Result<(), String>,
    mut group: Option<GroupReader>,
) -> Result<(), PositionError> {
    let error = |at: Option<usize>, problem: String| PositionError { format, at, problem };
    let mut rank = ranks - 1;
    let mut file = 0u32;
    let mut chars = placement.chars().enumerate().peekable();
    while let Some((offset, c)) = chars.next() {
        let col = Some(first_col + offset);
        let rank_name = rank + 1;
        match c {
            '/' => {
                if file != files {
                    return Err(error(col, format!("rank {rank_name} has {file} squares, expected {files}")));
                }
                if rank == 0 {
                    return Err(error(col, format!("more than {ranks} ranks")));
                }
                rank -= 1;
                file = 0;
            }
            '1'..='9' => {
                let mut run = c.to_digit(10).expect("a digit");
                while let Some(&(_, next)) = chars.peek().filter(|(_, n)| n.is_ascii_digit()) {
                    run = run.saturating_mul(10).saturating_add(next.to_digit(10).expect("a digit"));
                    chars.next();
                }
                file = file.saturating_add(run);
                if file > files {
                    return Err(error(col, format!("rank {rank_name} has more than {files} squares")));
                }
            }
            _ => {
                if file >= files {
                    return Err(error(col, format!("rank {rank_name} has more than {files} squares")));
                }
                place(file, rank, c).map_err(|problem| error(col, problem))?;
                file += 1;
                if let Some(read) = group.as_mut()
                    && chars.next_if(|&(_, next)| next == '(').is_some()
                {
                    let mut inside = String::new();
                    loop {
                        match chars.next() {
                            Some((_, ')')) => break,
                            Some((_, ch)) => inside.push(ch),
                            None => {
                                return Err(error(Some(first_col + offset + 1), "`(` is never closed by `)`".into()));
                            }
                        }
                    }
                    read(c, &inside, first_col + offset + 2)?;
                }
            }
        }
    }
    if rank != 0 {
        return Err(error(None, format!("only {} ranks, expected {ranks} separated by `/`", ranks - rank)));
    }
    if file != files {
        return Err(error(None, format!("rank 1 has {file} squares, expected {files}")));
    }
    Ok(())
}

/// Writes the placement field of a square board's position text; `letter(file, rank)` is what
/// stands on a square, if anything: a piece's letter (with its group, in Izdari).
pub fn write_placement<W: std::fmt::Display>((files, ranks): (u8, u8), letter: impl Fn(u8, u8) -> Option<W>) -> String {
    let mut out = String::new();
    for rank in (0..ranks).rev() {
        let mut empty = 0;
        for file in 0..files {
            match letter(file, rank) {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let _ = write!(out, "{c}"); // writing to a String cannot fail
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Reads a position written as a list of pieces on squares (`"Ke1 Da3 ki9"`, upper case the
/// first player): for each token, `put(letter, square)` places the piece or says why it cannot.
pub fn read_piece_list<S: std::str::FromStr>(
    format: &'static str,
    pieces: &str,
    mut put: impl FnMut(char, S) -> Result<(), String>,
) -> Result<(), PositionError>
where
    S::Err: std::fmt::Display,
{
    let error = |problem: String| PositionError { format, at: None, problem };
    for token in pieces.split_whitespace() {
        let mut chars = token.chars();
        let letter = chars.next().unwrap_or(' ');
        let square: S = chars.as_str().parse().map_err(|e| error(format!("`{token}`: {e}")))?;
        put(letter, square).map_err(|problem| error(format!("`{token}`: {problem}")))?;
    }
    Ok(())
}

/// The optional turn number in the third field of a position text (and nothing after it):
/// `None` when absent.
pub fn read_turn_number(format: &'static str, fields: &[(usize, &str)]) -> Result<Option<u32>, PositionError> {
    let error = |at: usize, problem: String| PositionError { format, at: Some(at), problem };
    if let Some(&(col, extra)) = fields.get(3) {
        return Err(error(col, format!("unexpected `{extra}` after the turn number")));
    }
    fields
        .get(2)
        .map(|&(col, number)| {
            number
                .parse()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| error(col, format!("turn number `{number}`: expected a whole number from 1")))
        })
        .transpose()
}
