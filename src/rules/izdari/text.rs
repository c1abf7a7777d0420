//! Position text (C1): ranks from the last down, `/` between them, a number for a run of
//! empty squares, a letter for a piece, a Wagon's passengers in parentheses after it
//! (`W(AR)`, read in any order, written sorted), then the side to move and, as in the other
//! games' texts, an optional turn number. Errors name the column and what is wrong.

use super::board::{at, parse_square};
use super::{Kind, Piece, Position, Version};
use crate::rules::Side;
use crate::rules::text::{PositionError, fields, read_turn_number};

/// The start of Assassin's Izdari (A1.2, C1).
pub const ASSASSINS_START: &str = "awrllrta/hdd2ddh/8/8/8/8/HDD2DDH/ATRLLRWA s";
/// The start of classic Izdari (B1, C1).
pub const CLASSIC_START: &str = "wllrddrnnt/lhd4dhn/10/10/10/10/10/10/NHD4DHL/TNNRDDRLLW w";

const FORMAT: &str = "position text";

fn error(at: Option<usize>, problem: impl Into<String>) -> PositionError {
    PositionError { format: FORMAT, at, problem: problem.into() }
}

/// The start position of a version.
pub fn start(version: Version) -> Position {
    let text = match version {
        Version::Assassins => ASSASSINS_START,
        Version::Classic => CLASSIC_START,
    };
    parse_position(version, text).expect("the start position parses")
}

/// The letters a version's text uses, for error messages.
fn letters(version: Version) -> String {
    let kinds: Vec<String> = Kind::ALL.iter().filter(|k| version.has(**k)).map(|k| k.letter().to_string()).collect();
    format!("{} (lower case for the second player)", kinds.join(" "))
}

/// Parses a version's position text (C1).
pub fn parse_position(version: Version, text: &str) -> Result<Position, PositionError> {
    let fields = fields(text);
    let &(col, placement) = fields.first().ok_or_else(|| error(None, "empty text, expected a position"))?;
    let mut pos = Position::empty(version, Side::First);
    parse_placement(version, placement, col, &mut pos)?;
    let letters = version.side_letters();
    let &(side_col, side) = fields.get(1).ok_or_else(|| {
        error(None, format!("missing the side to move (`{}` or `{}`) after the placement", letters[0], letters[1]))
    })?;
    let side = match side.chars().collect::<Vec<_>>()[..] {
        [c] if c == letters[0] => Side::First,
        [c] if c == letters[1] => Side::Second,
        _ => {
            return Err(error(
                Some(side_col),
                format!("side to move `{side}`: expected `{}` or `{}`", letters[0], letters[1]),
            ));
        }
    };
    pos.set_side_to_move(side);
    if let Some(n) = read_turn_number(FORMAT, &fields)? {
        pos.set_turn_number(n);
    }
    check(&pos)?;
    Ok(pos)
}

fn parse_placement(
    version: Version,
    placement: &str,
    first_col: usize,
    pos: &mut Position,
) -> Result<(), PositionError> {
    let size = version.size() as u32;
    let chars: Vec<char> = placement.chars().collect();
    let (mut file, mut rank) = (0u32, size - 1);
    let mut i = 0;
    while i < chars.len() {
        let col = Some(first_col + i);
        let c = chars[i];
        match c {
            '/' => {
                if file != size {
                    return Err(error(col, format!("rank {} has {file} squares, expected {size}", rank + 1)));
                }
                if rank == 0 {
                    return Err(error(col, format!("more than {size} ranks")));
                }
                rank -= 1;
                file = 0;
                i += 1;
            }
            '0'..='9' => {
                let digits: String = chars[i..].iter().take_while(|c| c.is_ascii_digit()).collect();
                let run: u32 = digits.parse().unwrap_or(u32::MAX);
                if run == 0 || digits.starts_with('0') {
                    return Err(error(col, format!("`{digits}` is not a run of empty squares (1-{size})")));
                }
                file = file.saturating_add(run);
                if file > size {
                    return Err(error(col, format!("rank {} has more than {size} squares", rank + 1)));
                }
                i += digits.len();
            }
            _ => {
                let piece = Piece::from_letter(c).filter(|p| version.has(p.kind)).ok_or_else(|| {
                    error(col, format!("`{c}` is not a piece letter ({}) nor a digit", letters(version)))
                })?;
                if file >= size {
                    return Err(error(col, format!("rank {} has more than {size} squares", rank + 1)));
                }
                let sq = at(version, file as u8, rank as u8).expect("checked bounds");
                pos.put(sq, piece);
                file += 1;
                i += 1;
                if chars.get(i) == Some(&'(') {
                    i = parse_riders(version, &chars, i, first_col, piece, pos)?;
                }
            }
        }
    }
    if rank != 0 {
        return Err(error(None, format!("only {} ranks, expected {size} separated by `/`", size - rank)));
    }
    if file != size {
        return Err(error(None, format!("rank 1 has {file} squares, expected {size}")));
    }
    Ok(())
}

/// Reads `(AR)` after a Wagon at `open`; returns the index after `)`.
fn parse_riders(
    version: Version,
    chars: &[char],
    open: usize,
    first_col: usize,
    wagon: Piece,
    pos: &mut Position,
) -> Result<usize, PositionError> {
    let col = |i: usize| Some(first_col + i);
    if wagon.kind != Kind::Wagon {
        return Err(error(
            col(open),
            format!("only a Wagon carries passengers (A4.2); `(` follows `{}`", wagon.letter()),
        ));
    }
    let mut i = open + 1;
    loop {
        let Some(&c) = chars.get(i) else {
            return Err(error(col(open), "the passengers' `(` is never closed by `)`"));
        };
        if c == ')' {
            return Ok(i + 1);
        }
        let rider = Piece::from_letter(c)
            .filter(|p| version.has(p.kind))
            .ok_or_else(|| error(col(i), format!("`{c}` is not a piece letter ({})", letters(version))))?;
        if rider.side != wagon.side {
            return Err(error(
                col(i),
                format!("`{c}` rides in the other side's Wagon: passengers are friendly pieces (A4.2)"),
            ));
        }
        if !version.loadable(rider.kind) {
            return Err(error(col(i), format!("a {} never rides in the Wagon (A4.2, D7)", rider.kind.name())));
        }
        if pos.riders(wagon.side).is_full() {
            return Err(error(col(i), "a Wagon holds at most three passengers (A4.2)"));
        }
        pos.riders_mut(wagon.side).board(rider.kind);
        i += 1;
    }
}

/// At most one Templar and one Wagon a side (D7).
fn check(pos: &Position) -> Result<(), PositionError> {
    for side in Side::BOTH {
        for kind in [Kind::Templar, Kind::Wagon] {
            let count = pos.pieces().filter(|(_, p)| *p == Piece::new(side, kind)).count();
            if count > 1 {
                let name = pos.version().side_names()[side.index()];
                return Err(error(None, format!("{name} has {count} {}s: at most one a side (D7)", kind.name())));
            }
        }
    }
    Ok(())
}

/// Writes a position as text (C1), with the turn number when it is not 1.
pub fn write_position(pos: &Position) -> String {
    let version = pos.version();
    let size = version.size();
    let mut out = String::new();
    for rank in (0..size).rev() {
        let mut empty = 0;
        for file in 0..size {
            let sq = at(version, file, rank).expect("on the board");
            let Some(piece) = pos.at(sq) else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(piece.letter());
            let riders = pos.riders(piece.side);
            if piece.kind == Kind::Wagon && !riders.is_empty() {
                out.push_str(&format!("({})", riders.letters(piece.side)));
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(version.side_letters()[pos.side_to_move().index()]);
    if pos.turn_number() != 1 {
        out.push_str(&format!(" {}", pos.turn_number()));
    }
    out
}

/// Parses pieces on squares (`"Tb1 Wg1(AR) ta8"`) with `side` to move: handier than position
/// text for lessons and tests.
pub fn parse_piece_list(version: Version, pieces: &str, side: Side) -> Result<Position, PositionError> {
    let mut pos = Position::empty(version, side);
    for token in pieces.split_whitespace() {
        let bad = |problem: String| error(None, format!("`{token}`: {problem}"));
        let (head, riders) = match token.split_once('(') {
            Some((head, rest)) => (head, Some(rest.strip_suffix(')').ok_or_else(|| bad("`(` without `)`".into()))?)),
            None => (token, None),
        };
        let mut chars = head.chars();
        let letter = chars.next().unwrap_or(' ');
        let piece = Piece::from_letter(letter)
            .filter(|p| version.has(p.kind))
            .ok_or_else(|| bad(format!("no piece `{letter}` ({})", letters(version))))?;
        let sq = parse_square(version, chars.as_str()).ok_or_else(|| bad("not a square of this board".into()))?;
        if pos.at(sq).is_some() {
            return Err(bad("the square already holds a piece".into()));
        }
        pos.put(sq, piece);
        if let Some(riders) = riders {
            let chars: Vec<char> = format!("({riders})").chars().collect();
            parse_riders(version, &chars, 0, 1, piece, &mut pos).map_err(|e| bad(e.problem))?;
        }
    }
    check(&pos)?;
    Ok(pos)
}
