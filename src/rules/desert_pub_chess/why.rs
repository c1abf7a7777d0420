//! "Why not?": which rule refuses a move, written straight from the rule text with board
//! geometry, independently of the bitboard generator, so each checks the other in the tests.

use std::fmt;

use super::side_name;
use super::{Kind, Position, Square};
use crate::rules::Side;

/// Why a move (the first action of a turn) is illegal. Each names the rule it breaks.
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
    OwnPiece {
        square: Square,
    },
    /// The piece does not move that way at all.
    NotItsMovement {
        kind: Kind,
    },
    /// P2.1: one square straight forward, never two.
    PawnOneSquare,
    /// P2.1: straight forward only onto an empty square.
    PawnBlocked,
    /// P2.1: diagonally forward only to capture.
    PawnCapturesOnly,
    /// P2.1: never backwards or sideways.
    PawnBackwards,
    /// P2.4, P2.5: a step never captures.
    StepNeverCaptures {
        kind: Kind,
    },
    /// P2.4, P2.5: a jump goes over a piece, not an empty square.
    JumpOverEmpty {
        kind: Kind,
        over: Square,
    },
    /// P2.4, P2.5: never over a friendly piece.
    JumpOverFriend {
        kind: Kind,
        over: Square,
    },
    /// P2.4, P2.5: a jump lands on the empty square beyond, never on a piece.
    JumpLandsOnPiece {
        kind: Kind,
        on: Square,
    },
}

impl Refusal {
    /// The rule broken, as the rulebook numbers it.
    pub fn rule(self) -> &'static str {
        match self {
            Refusal::GameOver => "P3",
            Refusal::NoPiece { .. } | Refusal::NotYourPiece { .. } | Refusal::SameSquare | Refusal::OwnPiece { .. } => {
                "P2"
            }
            Refusal::PawnOneSquare | Refusal::PawnBlocked | Refusal::PawnCapturesOnly | Refusal::PawnBackwards => {
                "P2.1"
            }
            Refusal::NotItsMovement { kind }
            | Refusal::StepNeverCaptures { kind }
            | Refusal::JumpOverEmpty { kind, .. }
            | Refusal::JumpOverFriend { kind, .. }
            | Refusal::JumpLandsOnPiece { kind, .. } => match kind {
                Kind::Pawn => "P2.1",
                Kind::Knight => "P2.2",
                Kind::Prince => "P2.3",
                Kind::Wazir => "P2.4",
                Kind::Ferz => "P2.5",
            },
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines = |kind: Kind| if kind == Kind::Wazir { "orthogonally" } else { "diagonally" };
        match *self {
            Refusal::GameOver => write!(f, "The game is over"),
            Refusal::NoPiece { square } => write!(f, "There is no piece on {square}"),
            Refusal::NotYourPiece { square, owner } => {
                write!(f, "The piece on {square} is {}'s; it is not {}'s move", side_name(owner), side_name(owner))
            }
            Refusal::SameSquare => write!(f, "A move must go somewhere"),
            Refusal::OwnPiece { square } => write!(f, "{square} holds one of your own pieces"),
            Refusal::NotItsMovement { kind: Kind::Knight } => {
                write!(f, "A Knight leaps two squares one way and one square across")
            }
            Refusal::NotItsMovement { kind: Kind::Prince } => write!(f, "A Prince moves one square in any direction"),
            Refusal::NotItsMovement { kind: Kind::Pawn } => write!(f, "A Pawn moves straight forward"),
            Refusal::NotItsMovement { kind } => write!(
                f,
                "A {kind} moves {} only: one step onto an empty square, or a jump over an enemy piece",
                lines(kind)
            ),
            Refusal::PawnOneSquare => write!(f, "A Pawn moves one square forward, never two"),
            Refusal::PawnBlocked => write!(f, "A Pawn moves straight forward only onto an empty square"),
            Refusal::PawnCapturesOnly => write!(f, "A Pawn moves diagonally forward only to capture"),
            Refusal::PawnBackwards => write!(f, "A Pawn never moves backwards or sideways"),
            Refusal::StepNeverCaptures { kind } => write!(
                f,
                "A {kind} never captures by stepping: it captures by jumping over an enemy piece onto the empty square beyond"
            ),
            Refusal::JumpOverEmpty { kind, over } => {
                write!(f, "A {kind} jumps only over an enemy piece, and {over} is empty")
            }
            Refusal::JumpOverFriend { kind, over } => write!(f, "A {kind} never jumps its own side's piece on {over}"),
            Refusal::JumpLandsOnPiece { kind, on } => {
                write!(f, "A {kind}'s jump lands on the empty square beyond the piece jumped, and {on} is taken")
            }
        }
    }
}

/// Whether `from`→`to` is a legal first action of a turn, and if not, which rule refuses it.
/// Later jumps of a chain and the promotion choice are the state machine's business.
pub fn why_not(pos: &Position, from: Square, to: Square) -> Result<(), Refusal> {
    let me = pos.side_to_move();
    if pos.side(me) == 0 || !super::has_turn(pos) {
        return Err(Refusal::GameOver);
    }
    let piece = pos.piece_at(from).ok_or(Refusal::NoPiece { square: from })?;
    if piece.side != me {
        return Err(Refusal::NotYourPiece { square: from, owner: piece.side });
    }
    if from == to {
        return Err(Refusal::SameSquare);
    }
    let target = pos.piece_at(to);
    if target.is_some_and(|t| t.side == me) {
        return Err(Refusal::OwnPiece { square: to });
    }
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let (adf, adr) = (df.abs(), dr.abs());
    match piece.kind {
        Kind::Knight if (adf, adr) == (1, 2) || (adf, adr) == (2, 1) => Ok(()),
        Kind::Prince if adf <= 1 && adr <= 1 => Ok(()),
        Kind::Knight | Kind::Prince => Err(Refusal::NotItsMovement { kind: piece.kind }),
        Kind::Pawn => {
            let forward = if me == Side::First { 1 } else { -1 };
            match (adf, dr * forward) {
                (0, 1) if target.is_none() => Ok(()),
                (0, 1) => Err(Refusal::PawnBlocked),
                (1, 1) if target.is_some() => Ok(()),
                (1, 1) => Err(Refusal::PawnCapturesOnly),
                (0, 2) => Err(Refusal::PawnOneSquare),
                (_, r) if r <= 0 => Err(Refusal::PawnBackwards),
                _ => Err(Refusal::NotItsMovement { kind: Kind::Pawn }),
            }
        }
        Kind::Wazir | Kind::Ferz => {
            let on_its_lines = if piece.kind == Kind::Wazir { adf == 0 || adr == 0 } else { adf == adr };
            let distance = adf.max(adr);
            match (on_its_lines, distance) {
                (true, 1) if target.is_none() => Ok(()),
                (true, 1) => Err(Refusal::StepNeverCaptures { kind: piece.kind }),
                (true, 2) => {
                    let over = super::between(from, to);
                    match pos.piece_at(over) {
                        None => Err(Refusal::JumpOverEmpty { kind: piece.kind, over }),
                        Some(p) if p.side == me => Err(Refusal::JumpOverFriend { kind: piece.kind, over }),
                        Some(_) if target.is_some() => Err(Refusal::JumpLandsOnPiece { kind: piece.kind, on: to }),
                        Some(_) => Ok(()),
                    }
                }
                _ => Err(Refusal::NotItsMovement { kind: piece.kind }),
            }
        }
    }
}
