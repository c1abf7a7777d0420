//! Position text (P5), parsed with errors that name the offending character.
//!
//! `wnfssfnw/pppppppp/8/8/8/8/PPPPPPPP/WNFSSFNW w`: eight ranks from 8 down to 1, then the side
//! to move. This project also reads an optional turn number after the side (as Khalif's KFEN
//! does) and writes one when it is not 1, so records and screenshots keep their numbering.

use super::piece::side_letter;
use super::{Kind, Piece, Position, Square};
use crate::rules::Side;
use crate::rules::text::{PositionError, fields};

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
    if let Some(&(col, number)) = fields.get(2) {
        let n: u32 = number
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| error(Some(col), format!("turn number `{number}`: expected a whole number from 1")))?;
        pos.set_turn_number(n);
    }
    if let Some(&(col, extra)) = fields.get(3) {
        return Err(error(Some(col), format!("unexpected `{extra}` after the position")));
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
    let mut rank: i32 = 7;
    let mut file: u32 = 0;
    for (offset, c) in placement.chars().enumerate() {
        let col = Some(first_col + offset);
        let rank_name = rank + 1;
        match c {
            '/' => {
                if file != 8 {
                    return Err(error(col, format!("rank {rank_name} has {file} squares, expected 8")));
                }
                if rank == 0 {
                    return Err(error(col, "more than 8 ranks"));
                }
                rank -= 1;
                file = 0;
            }
            '1'..='8' => {
                file += c as u32 - '0' as u32;
                if file > 8 {
                    return Err(error(col, format!("rank {rank_name} has more than 8 squares")));
                }
            }
            _ => {
                let piece = Piece::from_letter(c).ok_or_else(|| {
                    error(col, format!("`{c}` is not a piece letter (W F N S P for White, w f n s p for Black) nor a digit 1-8"))
                })?;
                if file >= 8 {
                    return Err(error(col, format!("rank {rank_name} has more than 8 squares")));
                }
                let last_rank = if piece.side == Side::First { 7 } else { 0 };
                if piece.kind == Kind::Pawn && rank == last_rank {
                    return Err(error(col, format!("a Pawn on rank {rank_name}, its own last rank, has promoted (P2.1)")));
                }
                pos.put(Square::new(file as u8, rank as u8).expect("checked bounds"), piece);
                file += 1;
            }
        }
    }
    if rank != 0 {
        return Err(error(None, format!("only {} ranks, expected 8 separated by `/`", 8 - rank)));
    }
    if file != 8 {
        return Err(error(None, format!("rank 1 has {file} squares, expected 8")));
    }
    Ok(())
}

/// Writes a position as text (P5), with the turn number when it is not 1.
pub fn write_position(pos: &Position) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match pos.piece_at(Square::new(file, rank).expect("on board")) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(piece.letter());
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
    out.push(' ');
    out.push(side_letter(pos.side_to_move()));
    if pos.turn_number() != 1 {
        out.push_str(&format!(" {}", pos.turn_number()));
    }
    out
}

/// Parses a position written as pieces on squares (`"Wd4 pe5 Sa1"`, upper case White, lower
/// case Black) with `side` to move: handier than position text for lessons and tests.
pub fn parse_piece_list(pieces: &str, side: Side) -> Result<Position, PositionError> {
    let mut pos = Position::empty(side);
    for token in pieces.split_whitespace() {
        let mut chars = token.chars();
        let letter = chars.next().unwrap_or(' ');
        let piece = Piece::from_letter(letter).ok_or_else(|| error(None, format!("`{token}`: no piece `{letter}`")))?;
        let square: Square = chars.as_str().parse().map_err(|e| error(None, format!("`{token}`: {e}")))?;
        if pos.piece_at(square).is_some() {
            return Err(error(None, format!("`{token}`: {square} already holds a piece")));
        }
        pos.put(square, piece);
    }
    parse_position(&write_position(&pos))
}
