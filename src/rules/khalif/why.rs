//! "Why not?": explains which rule refuses a primary move, for the game's refusal line and
//! the CLI. Written straight from the rule text with board geometry, independently of the
//! bitboard generator, so each checks the other in the tests.

use std::fmt;

use super::turn::khalif_lost;
use super::{Kind, Position, Side, Square, forward, half, side_name};

/// Why a primary move is illegal. Each names the rule it breaks.
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
    /// K3.2
    OwnPiece {
        square: Square,
    },
    /// K4.x: the piece does not move that way.
    NotItsMovement {
        kind: Kind,
    },
    /// K3.5
    CrossesWadi,
    /// K3.4
    Blocked {
        by: Square,
    },
    /// K4.3
    Spacing {
        kind: Kind,
        next_to: Square,
        next_to_kind: Kind,
    },
    /// K4.5
    GuardLongMove,
    /// K4.7: the long move needs a friendly Vizier beside the Camel.
    CamelLongMoveNeedsVizier,
    /// K4.7: a diagonal move never captures.
    CamelDiagonalCapture,
    /// K4.7: straight forward and sideways only capture.
    CamelMovesThereOnlyToCapture,
    /// K4.7
    CamelBackwards,
}

impl Refusal {
    /// The rule broken, as the rulebook numbers it.
    pub fn rule(self) -> &'static str {
        match self {
            Refusal::GameOver => "K6",
            Refusal::NoPiece { .. } | Refusal::NotYourPiece { .. } | Refusal::SameSquare => "K3.1",
            Refusal::OwnPiece { .. } => "K3.2",
            Refusal::Blocked { .. } => "K3.4",
            Refusal::CrossesWadi => "K3.5",
            Refusal::Spacing { .. } => "K4.3",
            Refusal::GuardLongMove => "K4.5",
            Refusal::NotItsMovement { kind } => match kind {
                Kind::Raider => "K4.1",
                Kind::Vizier => "K4.2",
                Kind::Djinn => "K4.4",
                Kind::Guard => "K4.5",
                Kind::Khalif => "K4.6",
                Kind::Camel => "K4.7",
            },
            Refusal::CamelLongMoveNeedsVizier
            | Refusal::CamelDiagonalCapture
            | Refusal::CamelMovesThereOnlyToCapture
            | Refusal::CamelBackwards => "K4.7",
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::GameOver => write!(f, "The game is over"),
            Refusal::NoPiece { square } => write!(f, "There is no piece on {square}"),
            Refusal::NotYourPiece { square, owner } => {
                let owner = side_name(owner);
                write!(f, "The piece on {square} is {owner}'s, and it is not {owner}'s turn")
            }
            Refusal::SameSquare => write!(f, "A move must go to another square"),
            Refusal::OwnPiece { square } => write!(f, "A piece never moves onto its own side's piece ({square})"),
            Refusal::NotItsMovement { kind } => f.write_str(match kind {
                Kind::Raider => "A Raider moves any distance along a rank or a file",
                Kind::Vizier => "A Vizier moves one or two squares in a straight line",
                Kind::Djinn => "A Djinn leaps like a knight: two squares one way, one at right angles",
                Kind::Guard => "A Guard moves along a straight line",
                Kind::Khalif => "A Khalif moves one square",
                Kind::Camel => "A Camel moves diagonally forward, and captures straight forward or sideways",
            }),
            Refusal::CrossesWadi => write!(f, "Only the Djinn may cross the Wadi in one move"),
            Refusal::Blocked { by } => write!(f, "The way is blocked by the piece on {by}; only the Djinn jumps"),
            Refusal::Spacing { kind, next_to, next_to_kind } => write!(
                f,
                "A {kind} may not end next to its own {next_to_kind} (on {next_to}): Viziers keep their distance"
            ),
            Refusal::GuardLongMove => {
                write!(f, "A Guard moves more than one square only to a square beside its own Khalif or Vizier")
            }
            Refusal::CamelLongMoveNeedsVizier => {
                write!(f, "A Camel makes its long diagonal move only when it starts beside its own Vizier")
            }
            Refusal::CamelDiagonalCapture => write!(f, "A Camel never captures diagonally"),
            Refusal::CamelMovesThereOnlyToCapture => {
                write!(f, "A Camel moves straight forward or sideways only to capture")
            }
            Refusal::CamelBackwards => write!(f, "A Camel never moves backwards"),
        }
    }
}

/// Squares strictly between two squares on one line (empty when not on a line or adjacent).
fn between(from: Square, to: Square) -> impl Iterator<Item = Square> {
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let steps = df.abs().max(dr.abs());
    let on_line = df == 0 || dr == 0 || df.abs() == dr.abs();
    let (sf, sr) = (df.signum(), dr.signum());
    (1..if on_line { steps } else { 0 }).filter_map(move |k| from.offset(sf * k, sr * k))
}

/// Explains why the side to move may not make the primary move `from`→`to`; `Ok` if it may.
pub fn why_not(pos: &Position, from: Square, to: Square) -> Result<(), Refusal> {
    if khalif_lost(pos).is_some() {
        return Err(Refusal::GameOver);
    }
    let piece = pos.piece_at(from).ok_or(Refusal::NoPiece { square: from })?;
    let me = pos.side_to_move();
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
    let distance = df.abs().max(dr.abs());
    let straight = df == 0 || dr == 0;
    let diagonal = df.abs() == dr.abs();
    let wrong_way = Err(Refusal::NotItsMovement { kind: piece.kind });
    match piece.kind {
        Kind::Raider if !straight => return wrong_way,
        Kind::Vizier if !(straight || diagonal) || distance > 2 => return wrong_way,
        Kind::Djinn if !matches!((df.abs(), dr.abs()), (1, 2) | (2, 1)) => return wrong_way,
        Kind::Guard if !(straight || diagonal) => return wrong_way,
        Kind::Khalif if distance > 1 => return wrong_way,
        Kind::Camel => camel_shape(pos, from, df, dr * forward(me), target.is_some())?,
        _ => {}
    }
    if piece.kind == Kind::Djinn {
        return Ok(());
    }
    if matches!((half(from), half(to)), (Some(a), Some(b)) if a != b) {
        return Err(Refusal::CrossesWadi);
    }
    if let Some(by) = between(from, to).find(|&s| pos.piece_at(s).is_some()) {
        return Err(Refusal::Blocked { by });
    }
    let own = |kind: Kind| Square::all().filter(move |&s| pos.piece_at(s) == Some(super::Piece::new(me, kind)));
    let spacing = |kinds: &[Kind]| {
        kinds.iter().find_map(|&k| {
            own(k).find(|&s| s != from && s.is_adjacent(to)).map(|s| Refusal::Spacing {
                kind: piece.kind,
                next_to: s,
                next_to_kind: k,
            })
        })
    };
    match piece.kind {
        Kind::Vizier => spacing(&[Kind::Khalif, Kind::Vizier]).map_or(Ok(()), Err),
        Kind::Khalif => spacing(&[Kind::Vizier]).map_or(Ok(()), Err),
        Kind::Guard if distance > 1 => {
            let beside_ruler = own(Kind::Khalif).chain(own(Kind::Vizier)).any(|s| s.is_adjacent(to));
            if beside_ruler { Ok(()) } else { Err(Refusal::GuardLongMove) }
        }
        _ => Ok(()),
    }
}

/// K4.7 for a Camel moving `df` files and `forward` ranks towards its own forward direction.
fn camel_shape(pos: &Position, from: Square, df: i8, forward: i8, captures: bool) -> Result<(), Refusal> {
    let diagonal_forward = forward > 0 && df.abs() == forward;
    let capture_step = (df == 0 && forward == 1) || (forward == 0 && df.abs() == 1);
    if captures {
        return if capture_step {
            Ok(())
        } else if diagonal_forward {
            Err(Refusal::CamelDiagonalCapture)
        } else if forward < 0 {
            Err(Refusal::CamelBackwards)
        } else {
            Err(Refusal::NotItsMovement { kind: Kind::Camel })
        };
    }
    if diagonal_forward {
        let me = pos.piece_at(from).expect("camel").side;
        let beside_vizier =
            Square::all().any(|s| s.is_adjacent(from) && pos.piece_at(s) == Some(super::Piece::new(me, Kind::Vizier)));
        return if forward == 1 || beside_vizier { Ok(()) } else { Err(Refusal::CamelLongMoveNeedsVizier) };
    }
    if capture_step {
        Err(Refusal::CamelMovesThereOnlyToCapture)
    } else if forward < 0 {
        Err(Refusal::CamelBackwards)
    } else {
        Err(Refusal::NotItsMovement { kind: Kind::Camel })
    }
}
