//! "Why not?": which rule refuses a move, written straight from the rule text with board
//! geometry, independently of the bitboard generator, so each checks the other in the tests.

use std::fmt;

use super::{Kind, Position, Square, side_name};
use crate::rules::Side;

/// Why a move is illegal. Each names the rule it breaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    GameOver,
    NoPiece {
        square: Square,
    },
    NotYourPiece {
        square: Square,
        owner: Side,
    },
    SameSquare,
    /// H2.1: every move goes to an empty square; nothing captures by displacement.
    Occupied {
        square: Square,
    },
    /// H2.3: the King steps one square.
    KingOneSquare,
    /// H2.4–H2.6: a joiner goes only next to another friendly piece.
    NoFriendBeside {
        kind: Kind,
        square: Square,
    },
    /// H2.5: a Prince stays on its square colour.
    PrinceColour,
    /// H2.6: a Captain changes square colour.
    CaptainColour,
    /// H2.7, H2.8: never backwards.
    Backwards {
        kind: Kind,
    },
    /// H2.7, H2.8: the five directions, one step (or the Horse's two).
    NotItsMovement {
        kind: Kind,
    },
}

impl Refusal {
    /// The rule broken, as the rulebook numbers it.
    pub fn rule(self) -> &'static str {
        match self {
            Refusal::GameOver => "H4",
            Refusal::NoPiece { .. } | Refusal::NotYourPiece { .. } | Refusal::SameSquare => "H2",
            Refusal::Occupied { .. } => "H2.1",
            Refusal::KingOneSquare => "H2.3",
            Refusal::PrinceColour => "H2.5",
            Refusal::CaptainColour => "H2.6",
            Refusal::NoFriendBeside { kind, .. } | Refusal::Backwards { kind } | Refusal::NotItsMovement { kind } => {
                match kind {
                    Kind::King => "H2.3",
                    Kind::General => "H2.4",
                    Kind::Prince => "H2.5",
                    Kind::Captain => "H2.6",
                    Kind::Horse => "H2.7",
                    Kind::Foot => "H2.8",
                }
            }
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::GameOver => write!(f, "The game is over"),
            Refusal::NoPiece { square } => write!(f, "There is no piece on {square}"),
            Refusal::NotYourPiece { square, owner } => {
                write!(f, "The piece on {square} is {}'s; it is not {}'s move", side_name(owner), side_name(owner))
            }
            Refusal::SameSquare => write!(f, "A move must go somewhere"),
            Refusal::Occupied { square } => {
                write!(
                    f,
                    "{square} is taken: every move goes to an empty square, and nothing captures by landing on a piece"
                )
            }
            Refusal::KingOneSquare => write!(f, "The King moves one square in any direction"),
            Refusal::NoFriendBeside { kind, square } => write!(
                f,
                "A {kind} joins a friendly piece: it moves only next to one of its own side's other pieces, and {square} has none beside it"
            ),
            Refusal::PrinceColour => write!(f, "A Prince joins only on its own square colour"),
            Refusal::CaptainColour => write!(f, "A Captain joins only on the other square colour"),
            Refusal::Backwards { kind } => write!(f, "A {kind} never moves backwards"),
            Refusal::NotItsMovement { kind: Kind::Horse } => {
                write!(f, "A Horse steps one square or leaps two, straight forward, diagonally forward or sideways")
            }
            Refusal::NotItsMovement { kind } => {
                write!(f, "A {kind} steps one square straight forward, diagonally forward or sideways")
            }
        }
    }
}

/// Whether `from`→`to` is a legal move, and if not, which rule refuses it.
pub fn why_not(pos: &Position, from: Square, to: Square) -> Result<(), Refusal> {
    let me = pos.side_to_move();
    if super::winner(pos).is_some() || !super::has_turn(pos) {
        return Err(Refusal::GameOver);
    }
    let piece = pos.piece_at(from).ok_or(Refusal::NoPiece { square: from })?;
    if piece.side != me {
        return Err(Refusal::NotYourPiece { square: from, owner: piece.side });
    }
    if from == to {
        return Err(Refusal::SameSquare);
    }
    if pos.piece_at(to).is_some() {
        return Err(Refusal::Occupied { square: to });
    }
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let dark = |s: Square| (s.file() + s.rank()).is_multiple_of(2);
    match piece.kind {
        Kind::King if df.abs() <= 1 && dr.abs() <= 1 => Ok(()),
        Kind::King => Err(Refusal::KingOneSquare),
        kind @ (Kind::General | Kind::Prince | Kind::Captain) => {
            let friend_beside =
                Square::all().any(|s| s != from && s.is_adjacent(to) && pos.piece_at(s).is_some_and(|p| p.side == me));
            if !friend_beside {
                Err(Refusal::NoFriendBeside { kind, square: to })
            } else if kind == Kind::Prince && dark(from) != dark(to) {
                Err(Refusal::PrinceColour)
            } else if kind == Kind::Captain && dark(from) == dark(to) {
                Err(Refusal::CaptainColour)
            } else {
                Ok(())
            }
        }
        kind @ (Kind::Horse | Kind::Foot) => {
            let forward = if me == Side::First { dr } else { -dr };
            let reach = if kind == Kind::Horse { 2 } else { 1 };
            let on_a_line = df == 0 || forward == 0 || df.abs() == forward;
            if forward < 0 {
                Err(Refusal::Backwards { kind })
            } else if on_a_line && df.abs().max(forward) <= reach {
                Ok(())
            } else {
                Err(Refusal::NotItsMovement { kind })
            }
        }
    }
}
