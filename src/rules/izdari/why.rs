//! "Why not?": which rule refuses a piece's move from one square to another, for the player
//! who tried it and for the staged turn. Legality comes from the same movement primitives the
//! generator uses; the reason is read from the board along the way, so that every refusal
//! names the rule (A- rules in Assassin's Izdari, B- and D- rules in classic).

use std::fmt;

use super::board::{Sq, file_rank, line_between, name, step};
use super::turn::{View, bit, winner};
use super::wagon::{self, Entry};
use super::{Kind, Position, Version};
use crate::rules::Side;

/// Why a move is illegal. Each names the rule it breaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    GameOver,
    NoPiece {
        square: Sq,
    },
    NotYourPiece {
        square: Sq,
        owner: Side,
    },
    /// Every piece but the Templar must go somewhere (A3.2, A2.1).
    SameSquare {
        kind: Kind,
    },
    /// A3.6: a Templar that stays must slay, and there is nobody beside it to slay.
    NothingToSlay,
    /// D5: the classic Templar never stands still.
    TemplarMustMove,
    /// A2.2, D1: nothing passes over or stops on a Dune (classic: the enemy's; never stops on
    /// its own).
    Dune {
        square: Sq,
    },
    /// A2.3: a move never passes over a piece.
    Blocked {
        square: Sq,
        kind: Kind,
    },
    /// A2.3, A3.2: every way the Assassin could step there is shut by pieces.
    NoWay,
    /// A2.3: nothing lands on a friendly piece.
    OwnPiece {
        square: Sq,
    },
    /// A3.1, A3.3: an Archer's step and a Dune's go to an empty square.
    NotEmpty {
        square: Sq,
        kind: Kind,
    },
    /// The piece does not move that way or that far.
    NotItsMovement {
        kind: Kind,
    },
    /// A3.1, B2: a shot goes along a clear line, far enough away.
    ShotTooClose,
    /// A3.1, D4: the Archer never shoots a Dune or the Wagon.
    ShotAtWagon,
    /// A3.1: no shot from inside the Wagon.
    ShotFromWagon,
    /// A4.1, B2: the Wagon's straight line and reach.
    WagonLine,
    /// A4.1: the Wagon never passes an enemy piece, a Dune or its own Templar.
    WagonBlocked {
        square: Sq,
    },
    /// A4.4: no passenger can make that move from the Wagon's square.
    NoPassengerMove,
}

impl Refusal {
    /// The rule broken, as the rulebook numbers it, for the version played.
    pub fn rule(self, version: Version) -> &'static str {
        let classic = version == Version::Classic;
        match self {
            Refusal::GameOver => {
                if classic {
                    "B1"
                } else {
                    "A5"
                }
            }
            Refusal::NoPiece { .. } | Refusal::NotYourPiece { .. } => "A1.1",
            Refusal::SameSquare { kind } | Refusal::NotItsMovement { kind } => movement_rule(kind, version),
            Refusal::NothingToSlay => "A3.6",
            Refusal::TemplarMustMove => "D5",
            Refusal::Dune { .. } if classic => "D1",
            Refusal::Dune { .. } => "A2.2",
            Refusal::Blocked { kind: Kind::Knight, .. } => "D1",
            Refusal::Blocked { .. } | Refusal::OwnPiece { .. } | Refusal::NoWay => "A2.3",
            Refusal::NotEmpty { kind, .. } => movement_rule(kind, version),
            Refusal::ShotTooClose if classic => "B2",
            Refusal::ShotTooClose | Refusal::ShotFromWagon => "A3.1",
            Refusal::ShotAtWagon if classic => "D4",
            Refusal::ShotAtWagon => "A3.1",
            Refusal::WagonLine if classic => "B2",
            Refusal::WagonLine | Refusal::WagonBlocked { .. } => "A4.1",
            Refusal::NoPassengerMove => "A4.4",
        }
    }
}

/// The rule that says how a kind moves.
fn movement_rule(kind: Kind, version: Version) -> &'static str {
    match (version, kind) {
        (Version::Classic, Kind::Knight) => "B2, D2",
        (Version::Classic, Kind::Templar) => "D5",
        (Version::Classic, _) => "B2",
        (_, Kind::Archer) => "A3.1",
        (_, Kind::Assassin) => "A3.2",
        (_, Kind::Dune) => "A3.3",
        (_, Kind::Halfling) => "A3.4",
        (_, Kind::Lizard) => "A3.5",
        (_, Kind::Templar) => "A3.6",
        (_, Kind::Wagon) => "A4.1",
        (_, Kind::Knight) => "B2",
    }
}

/// A refusal with the board's names for its squares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Explained {
    pub refusal: Refusal,
    pub version: Version,
}

impl fmt::Display for Explained {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.version;
        let sq = |s: Sq| name(v, s);
        let side = |s: Side| v.side_names()[s.index()];
        match self.refusal {
            Refusal::GameOver => write!(f, "The game is over"),
            Refusal::NoPiece { square } => write!(f, "There is no piece on {}", sq(square)),
            Refusal::NotYourPiece { square, owner } => {
                write!(f, "The piece on {} is {}'s; it is not {}'s turn", sq(square), side(owner), side(owner))
            }
            Refusal::SameSquare { kind } => write!(f, "A {} must move to another square", kind.name()),
            Refusal::NothingToSlay => {
                write!(f, "A Templar that stays where it is must slay, and no enemy stands beside it")
            }
            Refusal::TemplarMustMove => {
                write!(f, "The classic Templar moves one or two squares; it never stands still")
            }
            Refusal::Dune { square } => {
                write!(f, "The Dune on {} blocks the way: nothing passes over or stops on a Dune", sq(square))
            }
            Refusal::Blocked { square, kind } => {
                write!(f, "The piece on {} is in the way: {} never passes over a piece", sq(square), kind.a_name())
            }
            Refusal::OwnPiece { square } => write!(f, "{} holds one of your own pieces", sq(square)),
            Refusal::NoWay => write!(f, "Pieces shut every way of three steps or fewer to that square"),
            Refusal::NotEmpty { square, kind } => {
                write!(f, "A {} moves only onto an empty square, and {} is not", kind.name(), sq(square))
            }
            Refusal::NotItsMovement { kind } => {
                write!(f, "A {} does not move that way: {}", kind.name(), movement_text(kind, v))
            }
            Refusal::ShotTooClose => match v {
                Version::Assassins => write!(f, "An Archer shoots only at least two squares away, along a clear line"),
                Version::Classic => write!(f, "An Archer shoots only more than six squares away, along a clear line"),
            },
            Refusal::ShotAtWagon => write!(f, "An Archer never shoots at a Dune or the Wagon"),
            Refusal::ShotFromWagon => write!(f, "An Archer cannot shoot from inside the Wagon"),
            Refusal::WagonLine => match v {
                Version::Assassins => write!(f, "The Wagon goes up to five squares in a straight orthogonal line"),
                Version::Classic => write!(f, "The Wagon goes any distance in a straight line"),
            },
            Refusal::WagonBlocked { square } => write!(
                f,
                "The Wagon never takes: it cannot pass or stop on {} (an enemy, a Dune or its own Templar)",
                sq(square)
            ),
            Refusal::NoPassengerMove => write!(f, "None of the Wagon's passengers can make that move from its square"),
        }
    }
}

fn movement_text(kind: Kind, v: Version) -> &'static str {
    match (v, kind) {
        (Version::Classic, Kind::Halfling) => "exactly three squares diagonally",
        (Version::Classic, Kind::Archer) => "two squares in any direction onto an empty square, or it shoots from afar",
        (Version::Classic, Kind::Dune) => "one square in any direction",
        (Version::Classic, Kind::Templar) => "one or two squares in any direction",
        (Version::Classic, Kind::Knight) => "two squares straight on, then perhaps one more in any direction",
        (_, Kind::Assassin) => "up to three orthogonal steps, turning at will",
        (_, Kind::Halfling) => "up to three squares diagonally",
        (_, Kind::Lizard) => "two or more squares diagonally",
        (_, Kind::Archer) => "one square orthogonally onto an empty square, or it shoots",
        (_, Kind::Dune) => "one square orthogonally",
        (_, Kind::Templar) => "one square orthogonally, or it stays and slays",
        (_, Kind::Wagon) => "up to five squares in a straight orthogonal line",
        (_, Kind::Knight) => "two squares straight on, then perhaps one more",
    }
}

/// How a legal primary move reads: which piece moves and how.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reading {
    /// The piece on the square moves (a Templar that stays included), taking by landing.
    Move,
    /// An Archer fires at the piece on the destination.
    Shot,
    /// The Wagon travels; and/or passengers of the kinds in the mask could make the move
    /// themselves (A4.4): bit `kind.index()`.
    WagonSquare { wagon: bool, riders: u8 },
}

/// Whether the side to move may move from `from` to `to`, and how the move reads.
pub fn read_move(pos: &Position, from: Sq, to: Sq) -> Result<Reading, Refusal> {
    let view = View::new(pos);
    if winner(pos).is_some() {
        return Err(Refusal::GameOver);
    }
    let piece = pos.at(from).ok_or(Refusal::NoPiece { square: from })?;
    if piece.side != view.me {
        return Err(Refusal::NotYourPiece { square: from, owner: piece.side });
    }
    match piece.kind {
        Kind::Wagon => wagon_square(&view, from, to),
        Kind::Templar if from == to => match view.version {
            Version::Classic => Err(Refusal::TemplarMustMove),
            Version::Assassins if view.slayable(from) == 0 => Err(Refusal::NothingToSlay),
            Version::Assassins => Ok(Reading::Move),
        },
        kind if from == to => Err(Refusal::SameSquare { kind }),
        Kind::Archer if pos.at(to).is_some_and(|p| p.side != view.me) => {
            if view.shots(from) & bit(to) != 0 {
                return Ok(Reading::Shot);
            }
            Err(shot_refusal(&view, from, to))
        }
        kind => {
            if view.moves(kind, from) & bit(to) != 0 {
                return Ok(Reading::Move);
            }
            Err(move_refusal(&view, kind, from, to))
        }
    }
}

/// Why an Archer on `from` may not shoot the enemy on `to`.
fn shot_refusal(view: &View, from: Sq, to: Sq) -> Refusal {
    if view.pos.at(to).is_some_and(|p| matches!(p.kind, Kind::Wagon | Kind::Dune)) {
        return Refusal::ShotAtWagon;
    }
    let Some((direction, _)) = line_between(view.version, from, to) else { return Refusal::ShotTooClose };
    if let Some(square) = first_piece_between(view, from, to, direction) {
        let kind = view.pos.at(square).map_or(Kind::Archer, |p| p.kind);
        return if kind == Kind::Dune {
            Refusal::Dune { square }
        } else {
            Refusal::Blocked { square, kind: Kind::Archer }
        };
    }
    Refusal::ShotTooClose
}

/// The first occupied square strictly between two squares of a line.
fn first_piece_between(view: &View, from: Sq, to: Sq, direction: usize) -> Option<Sq> {
    let mut sq = step(view.version, from, direction);
    while sq != to {
        if !view.pos.is_empty(sq) {
            return Some(sq);
        }
        sq = step(view.version, sq, direction);
    }
    None
}

/// Why a piece of `kind` on `from` may not move to `to`: what stands on the destination or in
/// the way, else its movement.
fn move_refusal(view: &View, kind: Kind, from: Sq, to: Sq) -> Refusal {
    if let Some(p) = view.pos.at(to) {
        if p.kind == Kind::Dune {
            return Refusal::Dune { square: to };
        }
        if p.side == view.me {
            return Refusal::OwnPiece { square: to };
        }
        if matches!(kind, Kind::Archer | Kind::Dune) {
            return Refusal::NotEmpty { square: to, kind };
        }
    }
    // A sliding piece on its line: name what stands in the way.
    let slides = matches!(kind, Kind::Halfling | Kind::Lizard | Kind::Templar | Kind::Archer);
    if let (true, Some((direction, _))) = (slides, line_between(view.version, from, to)) {
        let mut sq = step(view.version, from, direction);
        while sq != to {
            if !view.passable(sq) {
                let blocker = view.pos.at(sq).map_or(kind, |p| p.kind);
                return if blocker == Kind::Dune {
                    Refusal::Dune { square: sq }
                } else {
                    Refusal::Blocked { square: sq, kind }
                };
            }
            sq = step(view.version, sq, direction);
        }
    }
    if kind == Kind::Assassin && steps_apart(view.version, from, to) <= 3 {
        return Refusal::NoWay;
    }
    Refusal::NotItsMovement { kind }
}

/// How many orthogonal steps apart two squares are.
fn steps_apart(version: Version, a: Sq, b: Sq) -> u8 {
    let ((f1, r1), (f2, r2)) = (file_rank(version, a), file_rank(version, b));
    f1.abs_diff(f2) + r1.abs_diff(r2)
}

/// The Wagon's square: the Wagon's move (A4.1–A4.3) or a passenger leaving on its own (A4.4).
fn wagon_square(view: &View, from: Sq, to: Sq) -> Result<Reading, Refusal> {
    let riders = view.pos.riders(view.me);
    let mut mask = 0u8;
    for kind in riders.distinct() {
        if view.moves(kind, from) & bit(to) != 0 {
            mask |= 1 << kind.index();
        }
    }
    let wagon = wagon_refusal(view, from, to);
    match (wagon, mask) {
        (None, riders) => Ok(Reading::WagonSquare { wagon: true, riders }),
        (Some(_), riders) if riders != 0 => Ok(Reading::WagonSquare { wagon: false, riders }),
        (Some(refusal), _) => {
            let archer_could_shoot = riders.contains(Kind::Archer) && view.shots(from) & bit(to) != 0;
            if archer_could_shoot {
                return Err(Refusal::ShotFromWagon);
            }
            if from == to {
                return Err(Refusal::SameSquare { kind: Kind::Wagon });
            }
            // Off the Wagon's lines, with passengers aboard, nobody could make the move.
            Err(match refusal {
                Refusal::WagonLine if !riders.is_empty() => Refusal::NoPassengerMove,
                other => other,
            })
        }
    }
}

/// Why the Wagon on `from` may not go to `to`, or `None` when it may. Its seats never stop it:
/// every square it leaves before a load is empty behind it (its start, or a square whose piece
/// it loaded), so a full Wagon can always drop a passenger first (A4.2, A4.3).
fn wagon_refusal(view: &View, from: Sq, to: Sq) -> Option<Refusal> {
    if wagon::path(view, from, to).is_some() {
        return None;
    }
    let Some((direction, _)) = line_between(view.version, from, to) else { return Some(Refusal::WagonLine) };
    let mut sq = from;
    while sq != to {
        sq = step(view.version, sq, direction);
        match wagon::entry(view, sq) {
            Entry::Blocked => return Some(Refusal::WagonBlocked { square: sq }),
            Entry::OwnDune if sq == to => return Some(Refusal::Dune { square: sq }),
            _ => {}
        }
    }
    Some(Refusal::WagonLine)
}

/// Whether a primary move is legal, and if not the rule that refuses it.
pub fn why_not(pos: &Position, from: Sq, to: Sq) -> Result<(), Refusal> {
    read_move(pos, from, to).map(|_| ())
}
