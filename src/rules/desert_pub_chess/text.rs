//! Position text (P5), parsed with errors that name the offending character.
//!
//! `wnfssfnw/pppppppp/8/8/8/8/PPPPPPPP/WNFSSFNW w`: eight ranks from 8 down to 1, then the side
//! to move. This project also reads an optional turn number after the side (as Khalif's KFEN
//! does) and writes one when it is not 1, so records and screenshots keep their numbering.

use super::piece::side_letter;
use super::{Kind, Piece, Position, Square};
use crate::rules::Side;
use crate::rules::text::{self, PositionError, fields};

/// The start position (P5).
pub const START: &str = "wnfssfnw/pppppppp/8/8/8/8/PPPPPPPP/WNFSSFNW w";

fn error(at: Option<usize>, problem: impl Into<String>) -> PositionError {
    PositionError { format: "position text", at, problem: problem.into() }
}

/// Parses position text (P5): placement, side to move, and an optional turn number.
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    let fields = fields(text);
    let &(placement_col, placement) = fields.first().ok_or_else(|| error(None, "empty text, expected a position"))?;
    let mut pos = Position::empty(Side::First);
    parse_placement(&mut pos, placement, placement_col)?;
    let &(side_col, side) =
        fields.get(1).ok_or_else(|| error(None, "missing the side to move (`w` or `b`) after the placement"))?;
    pos.set_side_to_move(match side {
        "w" => Side::First,
        "b" => Side::Second,
        other => return Err(error(Some(side_col), format!("side to move `{other}`: expected `w` or `b`"))),
    });
    if let Some(n) = text::read_turn_number("position text", &fields)? {
        pos.set_turn_number(n);
    }
    if pos.side(pos.side_to_move().opponent()) == 0 && pos.side(pos.side_to_move()) != 0 {
        return Err(error(
            None,
            "the side not to move has no piece: that game ended on the turn before, with the other side to move (P3.1)",
        ));
    }
    Ok(pos)
}

fn parse_placement(pos: &mut Position, placement: &str, first_col: usize) -> Result<(), PositionError> {
    text::parse_placement("position text", placement, first_col, (8, 8), |file, rank, c| {
        let piece = Piece::from_letter(c).ok_or_else(|| {
            format!("`{c}` is not a piece letter (W F N S P for White, w f n s p for Black) nor a digit 1-8")
        })?;
        let last_rank = if piece.side == Side::First { 7 } else { 0 };
        if piece.kind == Kind::Pawn && rank == last_rank {
            return Err(format!("a Pawn on rank {}, its own last rank, has promoted (P2.1)", rank + 1));
        }
        pos.put(Square::new(file as u8, rank as u8).expect("checked bounds"), piece);
        Ok(())
    })
}

/// Writes a position as text (P5), with the turn number when it is not 1.
pub fn write_position(pos: &Position) -> String {
    let placement = text::write_placement((8, 8), |file, rank| {
        pos.piece_at(Square::new(file, rank).expect("on board")).map(|p| p.letter())
    });
    let mut out = format!("{placement} {}", side_letter(pos.side_to_move()));
    if pos.turn_number() != 1 {
        out.push_str(&format!(" {}", pos.turn_number()));
    }
    out
}

/// Parses a position written as pieces on squares (`"Wd4 pe5 Sa1"`, upper case White, lower
/// case Black) with `side` to move: handier than position text for lessons and tests.
pub fn parse_piece_list(pieces: &str, side: Side) -> Result<Position, PositionError> {
    let mut pos = Position::empty(side);
    text::read_piece_list("position text", pieces, |letter, square: Square| {
        let piece = Piece::from_letter(letter).ok_or_else(|| format!("no piece `{letter}`"))?;
        if pos.piece_at(square).is_some() {
            return Err(format!("{square} already holds a piece"));
        }
        pos.put(square, piece);
        Ok(())
    })?;
    parse_position(&write_position(&pos))
}
