//! Position text (X5.4, strict as X7.4), parsed with errors that name the column:
//! `1b+b+b+1/b+1b-b-1b+/1b+1b-1b+1/8/9/8/1O+1O-1O+1/O+1O-O-1O+/1O+O+O+1 l classic 0/0` — the
//! rows from 9 down to 1, each a run of pieces (`Y+`, upper case Light) and digits for empty
//! cells; the side to move (`l` or `d`); the version; the reserves as `light/dark`.

use super::hex::{Hex, ROW_LENGTHS};
use super::position::{Position, Version};
use super::tables::MAX_PIECES;
use super::tile::Tile;
use crate::rules::Side;
use crate::rules::text::{PositionError, fields, read_piece_list};

/// The start of the classic version (X4.1).
pub const START: &str = "1b+b+b+1/b+1b-b-1b+/1b+1b-1b+1/8/9/8/1O+1O-1O+1/O+1O-O-1O+/1O+O+O+1 l classic 0/0";

const FORMAT: &str = "position text";

fn error(at: Option<usize>, problem: impl Into<String>) -> PositionError {
    PositionError { format: FORMAT, at, problem: problem.into() }
}

/// The sides' names: Light moves first (X5.1).
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "Light",
        Side::Second => "Dark",
    }
}

/// The start of a version: the classic board with that version's reserves (X4.1).
pub fn start(version: Version) -> Position {
    let n = version.starting_reserve();
    let text = START.replace("classic 0/0", &format!("{} {n}/{n}", version.word()));
    parse_position(&text).expect("the start position is valid")
}

/// Reads the rows (X5.4): from row 9 down, `/` between rows.
fn read_rows(placement: &str, first_col: usize, pos: &mut Position) -> Result<(), PositionError> {
    let chars: Vec<char> = placement.chars().collect();
    let mut row = 8usize;
    let mut place = 0u8;
    let mut i = 0;
    let mut last_was_digit = false;
    while i < chars.len() {
        let col = Some(first_col + i);
        let length = ROW_LENGTHS[row];
        match chars[i] {
            '/' => {
                if place != length {
                    return Err(error(col, format!("row {} has {place} cells, expected {length}", row + 1)));
                }
                if row == 0 {
                    return Err(error(col, "more than 9 rows"));
                }
                row -= 1;
                place = 0;
                last_was_digit = false;
            }
            '0' => return Err(error(col, "`0` is not a run of empty cells (X7.4)")),
            c @ '1'..='9' => {
                if last_was_digit {
                    return Err(error(col, "two digits in a row: write one run of empty cells (X7.4)"));
                }
                place += c as u8 - b'0';
                if place > length {
                    return Err(error(col, format!("row {} has more than {length} cells", row + 1)));
                }
                last_was_digit = true;
            }
            letter => {
                let sign = chars.get(i + 1).copied().unwrap_or(' ');
                let (tile, side) = Tile::from_text(letter, sign).ok_or_else(|| {
                    error(
                        col,
                        format!(
                            "`{letter}{sign}` is not a piece: a colour letter R O Y G B V (upper case Light, \
                             lower case Dark) then `+` or `-` (X5.3)"
                        ),
                    )
                })?;
                if place >= length {
                    return Err(error(col, format!("row {} has more than {length} cells", row + 1)));
                }
                pos.put(Hex::new(row as u8, place).expect("within the row"), side, tile);
                place += 1;
                i += 1;
                last_was_digit = false;
            }
        }
        i += 1;
    }
    if row != 0 {
        return Err(error(None, format!("only {} rows, expected 9 separated by `/`", 9 - row)));
    }
    if place != ROW_LENGTHS[0] {
        return Err(error(None, format!("row 1 has {place} cells, expected {}", ROW_LENGTHS[0])));
    }
    Ok(())
}

/// Reads the reserves field `light/dark`.
fn read_reserves(text: &str, col: usize) -> Result<[u8; 2], PositionError> {
    let bad = || error(Some(col), format!("reserves `{text}`: expected two counts as light/dark, e.g. `3/3` (X5.4)"));
    let (light, dark) = text.split_once('/').ok_or_else(bad)?;
    let count = |n: &str| {
        n.parse::<u8>()
            .ok()
            .filter(|_| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && (n == "0" || !n.starts_with('0')))
    };
    Ok([count(light).ok_or_else(bad)?, count(dark).ok_or_else(bad)?])
}

/// Parses position text (X5.4, X7.4).
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    let fields = fields(text);
    let field = |n: usize, what: &str| {
        fields.get(n).copied().ok_or_else(|| {
            error(
                None,
                format!("missing the {what}: position text has four fields, rows, side, version, reserves (X5.4)"),
            )
        })
    };
    let (rows_col, rows) = field(0, "rows")?;
    let (side_col, side) = field(1, "side to move (`l` or `d`)")?;
    let (version_col, version) = field(2, "version (`classic`, `expert` or `master`)")?;
    let (reserves_col, reserves) = field(3, "reserves (`light/dark`)")?;
    if let Some(&(col, extra)) = fields.get(4) {
        return Err(error(Some(col), format!("unexpected `{extra}`: position text has exactly four fields (X7.4)")));
    }
    let side = match side {
        "l" => Side::First,
        "d" => Side::Second,
        other => return Err(error(Some(side_col), format!("side to move `{other}`: expected `l` or `d`"))),
    };
    let version = Version::from_word(version).ok_or_else(|| {
        error(Some(version_col), format!("version `{version}`: expected `classic`, `expert` or `master`"))
    })?;
    let mut pos = Position::empty(side, version);
    read_rows(rows, rows_col, &mut pos)?;
    let reserves = read_reserves(reserves, reserves_col)?;
    for s in Side::BOTH {
        let total = pos.side(s).count_ones() as usize + usize::from(reserves[s.index()]);
        if total > MAX_PIECES {
            return Err(error(
                None,
                format!(
                    "{} has {total} pieces on the board and in reserve: at most {MAX_PIECES} (X1.2, X7.4)",
                    side_name(s)
                ),
            ));
        }
        pos.set_reserve(s, reserves[s.index()]);
    }
    Ok(pos)
}

/// Writes a position as text (X5.4).
pub fn write_position(pos: &Position) -> String {
    let mut rows = Vec::new();
    for row in (0..9u8).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for place in 0..ROW_LENGTHS[usize::from(row)] {
            match pos.piece_at(Hex::new(row, place).expect("within the row")) {
                None => empty += 1,
                Some((side, tile)) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push_str(&tile.text(side));
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        rows.push(text);
    }
    let side = if pos.side_to_move() == Side::First { 'l' } else { 'd' };
    let [light, dark] = [Side::First, Side::Second].map(|s| pos.reserve(s));
    format!("{} {side} {} {light}/{dark}", rows.join("/"), pos.version().word())
}

/// Parses a position written as pieces on cells (`"Y+c3 b-e7"`, upper case Light) with `side`
/// to move, in the classic version with no reserve: handier than position text for lessons
/// and tests.
pub fn parse_piece_list(pieces: &str, side: Side) -> Result<Position, PositionError> {
    let mut pos = Position::empty(side, Version::Classic);
    read_piece_list(FORMAT, pieces, |letter, rest: PieceOnCell| {
        let (tile, owner) = Tile::from_text(letter, rest.sign)
            .ok_or_else(|| format!("`{letter}{}` is not a piece (X5.3)", rest.sign))?;
        if pos.piece_at(rest.hex).is_some() {
            return Err(format!("two pieces on {}", rest.hex));
        }
        pos.put(rest.hex, owner, tile);
        Ok(())
    })?;
    for s in Side::BOTH {
        if pos.side(s).count_ones() as usize > MAX_PIECES {
            return Err(error(None, format!("{} has more than {MAX_PIECES} pieces (X1.2)", side_name(s))));
        }
    }
    Ok(pos)
}

/// The rest of a piece-list token after its colour letter: the sign and the cell (`+c3`).
struct PieceOnCell {
    sign: char,
    hex: Hex,
}

impl std::str::FromStr for PieceOnCell {
    type Err = String;

    fn from_str(text: &str) -> Result<PieceOnCell, String> {
        let mut chars = text.chars();
        let sign = chars.next().ok_or("expected `+` or `-` and a cell, e.g. `Y+c3`")?;
        let hex = chars.as_str().parse::<Hex>().map_err(|e| e.to_string())?;
        Ok(PieceOnCell { sign, hex })
    }
}
