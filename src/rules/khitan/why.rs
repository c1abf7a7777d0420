//! "Why not?": which rule refuses a flip or a placement, written from the rule text with the
//! board's plain geometry (cell centres one width apart), independently of the generator's
//! tables, so each checks the other in the tests.

use std::fmt;

use super::hex::Hex;
use super::position::Position;
use super::text::side_name;
use super::turn::winner;
use crate::rules::Side;

/// Why a flip or a placement is illegal. Each names the rule it breaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    GameOver,
    NoPiece {
        hex: Hex,
    },
    NotYourPiece {
        hex: Hex,
        owner: Side,
    },
    SameCell,
    /// X2.1: a piece flips over one of its edges onto the adjacent cell.
    NotAdjacent {
        from: Hex,
        to: Hex,
    },
    /// X2.1: the cell flipped onto must be empty; nothing captures by landing.
    Occupied {
        hex: Hex,
    },
    /// X4.3: a placement goes on an empty cell of the placer's half.
    NotYourHalf {
        hex: Hex,
    },
    /// X4.3: a placement goes on an empty cell.
    PlacedOnPiece {
        hex: Hex,
    },
}

impl Refusal {
    /// The rule broken, as the rulebook numbers it.
    pub fn rule(self) -> &'static str {
        match self {
            Refusal::GameOver => "X4.5",
            Refusal::NoPiece { .. } | Refusal::NotYourPiece { .. } | Refusal::SameCell => "X2.1",
            Refusal::NotAdjacent { .. } | Refusal::Occupied { .. } => "X2.1",
            Refusal::NotYourHalf { .. } | Refusal::PlacedOnPiece { .. } => "X4.3",
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::GameOver => write!(f, "The game is over"),
            Refusal::NoPiece { hex } => write!(f, "There is no piece on {hex}"),
            Refusal::NotYourPiece { hex, owner } => write!(f, "The piece on {hex} is {}'s", side_name(owner)),
            Refusal::SameCell => write!(f, "A flip goes onto another cell"),
            Refusal::NotAdjacent { from, to } => {
                write!(f, "A piece flips over one of its edges onto a neighbouring cell: {to} does not touch {from}")
            }
            Refusal::Occupied { hex } => {
                write!(
                    f,
                    "A piece flips only onto an empty cell: {hex} is taken; pieces capture by facing, not by landing"
                )
            }
            Refusal::NotYourHalf { hex } => {
                write!(f, "A piece from the reserve goes on an empty cell of your own half: {hex} is not in it")
            }
            Refusal::PlacedOnPiece { hex } => {
                write!(f, "A piece from the reserve goes on an empty cell: {hex} is taken")
            }
        }
    }
}

/// Whether two cells touch: their centres are one cell width apart.
fn touching(a: Hex, b: Hex) -> bool {
    let ((ax, ay), (bx, by)) = (a.centre(), b.centre());
    ((ax - bx).powi(2) + (ay - by).powi(2) - 1.0).abs() < 0.01
}

/// Why the side to move may not flip the piece on `from` onto `to` (X2.1, X4.5).
pub fn why_not(pos: &Position, from: Hex, to: Hex) -> Result<(), Refusal> {
    if winner(pos).is_some() {
        return Err(Refusal::GameOver);
    }
    let (owner, _) = pos.piece_at(from).ok_or(Refusal::NoPiece { hex: from })?;
    if owner != pos.side_to_move() {
        return Err(Refusal::NotYourPiece { hex: from, owner });
    }
    if from == to {
        return Err(Refusal::SameCell);
    }
    if !touching(from, to) {
        return Err(Refusal::NotAdjacent { from, to });
    }
    if pos.piece_at(to).is_some() {
        return Err(Refusal::Occupied { hex: to });
    }
    Ok(())
}

/// Why `side` may not place a piece from its reserve on `hex` (X4.3): its half is rows 1–4
/// for Light and 6–9 for Dark (X5.1).
pub fn why_not_place(pos: &Position, side: Side, hex: Hex) -> Result<(), Refusal> {
    let own_half = match side {
        Side::First => hex.row() < 4,
        Side::Second => hex.row() > 4,
    };
    if !own_half {
        return Err(Refusal::NotYourHalf { hex });
    }
    if pos.piece_at(hex).is_some() {
        return Err(Refusal::PlacedOnPiece { hex });
    }
    Ok(())
}
