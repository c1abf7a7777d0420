//! Position text (C1): ranks from the last down, `/` between them, a number for a run of
//! empty squares, a letter for a piece, a Wagon's passengers in parentheses after it
//! (`W(AR)`, read in any order, written sorted), then the side to move and, as in the other
//! games' texts, an optional turn number. Errors name the column and what is wrong.

use super::board::{at, parse_square};
use super::{Kind, Piece, Position, Riders, Version};
use crate::rules::Side;
use crate::rules::text::{self, PositionError, fields, read_turn_number};

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
    let size = u32::from(version.size());
    let mut seats = [Riders::default(); 2];
    text::parse_placement_with_groups(
        FORMAT,
        placement,
        first_col,
        (size, size),
        |file, rank, c| {
            let piece = Piece::from_letter(c)
                .filter(|p| version.has(p.kind))
                .ok_or_else(|| format!("`{c}` is not a piece letter ({}) nor a digit", letters(version)))?;
            pos.put(at(version, file as u8, rank as u8).expect("checked bounds"), piece);
            Ok(())
        },
        Some(&mut |letter, riders, col| {
            let wagon = Piece::from_letter(letter).expect("placed above");
            read_riders(version, wagon, riders, col, &mut seats[wagon.side.index()])
        }),
    )?;
    for side in Side::BOTH {
        *pos.riders_mut(side) = seats[side.index()];
    }
    Ok(())
}

/// Seats the passengers written `AR` inside the parentheses after `wagon` (first letter at
/// column `first_col`).
fn read_riders(
    version: Version,
    wagon: Piece,
    riders: &str,
    first_col: usize,
    seats: &mut Riders,
) -> Result<(), PositionError> {
    if wagon.kind != Kind::Wagon {
        return Err(error(
            Some(first_col - 1),
            format!("only a Wagon carries passengers (A4.2); `(` follows `{}`", wagon.letter()),
        ));
    }
    for (i, c) in riders.chars().enumerate() {
        let col = Some(first_col + i);
        let rider = Piece::from_letter(c)
            .filter(|p| version.has(p.kind))
            .ok_or_else(|| error(col, format!("`{c}` is not a piece letter ({})", letters(version))))?;
        if rider.side != wagon.side {
            return Err(error(
                col,
                format!("`{c}` rides in the other side's Wagon: passengers are friendly pieces (A4.2)"),
            ));
        }
        if !version.loadable(rider.kind) {
            return Err(error(col, format!("{} never rides in the Wagon (A4.2, D7)", rider.kind.a_name())));
        }
        if seats.is_full() {
            return Err(error(col, "a Wagon holds at most three passengers (A4.2)"));
        }
        seats.board(rider.kind);
    }
    Ok(())
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
    let mut out = text::write_placement((size, size), |file, rank| {
        let piece = pos.at(at(version, file, rank).expect("on the board"))?;
        let riders = pos.riders(piece.side);
        Some(match piece.kind {
            Kind::Wagon if !riders.is_empty() => format!("{}({})", piece.letter(), riders.letters(piece.side)),
            _ => piece.letter().to_string(),
        })
    });
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
            let mut seats = pos.riders(piece.side);
            read_riders(version, piece, riders, 1, &mut seats).map_err(|e| bad(e.problem))?;
            *pos.riders_mut(piece.side) = seats;
        }
    }
    check(&pos)?;
    Ok(pos)
}
