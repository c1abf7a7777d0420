//! KFEN (K7): the position text, parsed with errors that name the offending character.

use std::fmt;

use super::tables::ADJACENT;
use super::{Kind, Piece, Position, Side, Square, side_letter, side_name};
use crate::rules::text::{self, PositionError, fields};

/// The start position in KFEN (K7).
pub const START_KFEN: &str = "rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR g 1";

fn error(at: Option<usize>, problem: impl Into<String>) -> PositionError {
    PositionError { format: "KFEN", at, problem: problem.into() }
}

/// Parses a KFEN position: placement, side to move, optional turn number (K7). The position
/// must be one the rules can reach the start of a turn in: one Khalif per side and K4.3 spacing.
pub fn parse_kfen(text: &str) -> Result<Position, PositionError> {
    let fields = fields(text);
    let (placement_col, placement) = *fields.first().ok_or_else(|| error(None, "empty text, expected a position"))?;
    let mut pos = Position::empty(Side::First);
    parse_placement(&mut pos, placement, placement_col)?;

    let &(side_col, side) =
        fields.get(1).ok_or_else(|| error(None, "missing the side to move (`g` or `s`) after the placement"))?;
    pos.set_side_to_move(match side {
        "g" => Side::First,
        "s" => Side::Second,
        other => {
            return Err(error(Some(side_col), format!("side to move `{other}`: expected `g` or `s`")));
        }
    });
    if let Some(n) = text::read_turn_number("KFEN", &fields)? {
        pos.set_turn_number(n);
    }
    validate(&pos)?;
    Ok(pos)
}

fn parse_placement(pos: &mut Position, placement: &str, first_col: usize) -> Result<(), PositionError> {
    text::parse_placement("KFEN", placement, first_col, (9, 9), |file, rank, c| {
        let piece = Piece::from_letter(c).ok_or_else(|| {
            format!("`{c}` is not a piece letter (R V D G K C for Gold, r v d g k c for Silver) nor a digit 1-9")
        })?;
        pos.put(Square::new(file as u8, rank as u8).expect("checked bounds"), piece);
        Ok(())
    })
}

/// The conditions every position between turns meets: one Khalif per side (K2, K6.1) and
/// Vizier spacing (K4.3).
fn validate(pos: &Position) -> Result<(), PositionError> {
    for side in Side::BOTH {
        let khalifs = pos.pieces(side, Kind::Khalif).count();
        if khalifs != 1 {
            return Err(error(None, format!("{} has {khalifs} Khalifs, expected exactly 1", side_name(side))));
        }
        let rulers = pos.rulers(side);
        for vizier in pos.pieces(side, Kind::Vizier) {
            if let Some(near) = (ADJACENT[vizier.index()] & rulers).first() {
                let what = pos.piece_at(near).expect("ruler").kind;
                return Err(error(
                    None,
                    format!("{}'s Vizier on {vizier} stands next to its {what} on {near} (K4.3)", side_name(side)),
                ));
            }
        }
    }
    Ok(())
}

/// Writes a position as KFEN (K7), turn number included.
pub struct Kfen<'a>(pub &'a Position);

impl fmt::Display for Kfen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.0;
        let placement = text::write_placement((9, 9), |file, rank| {
            pos.piece_at(Square::new(file, rank).expect("on board")).map(|p| p.letter())
        });
        write!(f, "{placement} {} {}", side_letter(pos.side_to_move()), pos.turn_number())
    }
}

impl Position {
    /// This position as KFEN text.
    pub fn to_kfen(&self) -> String {
        Kfen(self).to_string()
    }
}

impl std::str::FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        parse_kfen(text)
    }
}

/// Parses a position written as a list of pieces on squares (`"Ke1 Da3 ki9"`, upper case
/// Gold, lower case Silver) with `side` to move: handier than KFEN for composed positions
/// such as puzzles and tactics. The result must pass KFEN's checks.
pub fn parse_piece_list(pieces: &str, side: Side) -> Result<Position, PositionError> {
    let mut pos = Position::empty(side);
    text::read_piece_list("KFEN", pieces, |letter, square: Square| {
        let piece = Piece::from_letter(letter).ok_or_else(|| format!("no piece `{letter}`"))?;
        if pos.piece_at(square).is_some() {
            return Err(format!("{square} already holds a piece"));
        }
        pos.put(square, piece);
        Ok(())
    })?;
    parse_kfen(&pos.to_kfen())
}
