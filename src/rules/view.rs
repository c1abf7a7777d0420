//! What a front end sees of any game, in words shared by all of them: cells, pieces by side
//! and kind number, the board, what happened (effects), what must be decided (prompts) and
//! the choices that answer. Each game translates its own events and decisions into these;
//! the 3D game, the terminal and the lessons are written once against them.

use super::{Outcome, Side};

/// A cell of the board, by index (`a1` is 0 on square boards; see the game's geometry).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Cell(pub u16);

impl Cell {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece as front ends see it: its side and its kind's number in the game's kind list.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PieceCode {
    pub side: Side,
    pub kind: u8,
}

/// How a piece travels, for animation and sound.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Motion {
    /// Along the board.
    Slide,
    /// In an arc over whatever stands between (a Djinn, a Knight).
    Leap,
    /// Fast and low (a Guard's retaliation).
    Dash,
    /// A short hop over the piece it takes (a jump of a chain).
    Hop,
    /// Rolled over its edge onto the next cell, landing mirrored (a Khitan flip).
    Roll,
}

/// Something that happened on the board, in the order it happened.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Effect {
    /// A piece goes from one cell to another, taking `captured` (where it stood and what it
    /// was) if anything: on the destination for a capture by displacement, elsewhere for a jump.
    Move {
        piece: PieceCode,
        from: Cell,
        to: Cell,
        captured: Option<(Cell, PieceCode)>,
        motion: Motion,
    },
    /// A piece taken where it stands by a piece arriving beside it (Chafl's custodian capture):
    /// squeezed between the arrival on `by` and the `partner` beyond it, or in a corner by the
    /// arrival alone (`partner` is `None`).
    Taken {
        at: Cell,
        piece: PieceCode,
        by: Cell,
        partner: Option<Cell>,
    },
    /// A piece taken from afar along a clear line by the piece on `by` (Khitan's matching
    /// colours facing across the board).
    Shot {
        at: Cell,
        piece: PieceCode,
        by: Cell,
    },
    /// A piece enters the board from its side's reserve (Khitan's placements).
    Placed {
        at: Cell,
        piece: PieceCode,
    },
    /// A piece climbs into the carrier on `carrier` from the cell `at` beside it or in its
    /// path, and rides out of sight (Izdari's Wagon loading, A4.2).
    Boarded {
        at: Cell,
        piece: PieceCode,
        carrier: Cell,
    },
    /// A piece leaves the carrier on `carrier` for the cell `to`, taking `captured` there if
    /// anything (Izdari's Wagon dropping a passenger, or a passenger leaving on its own).
    Alighted {
        piece: PieceCode,
        carrier: Cell,
        to: Cell,
        captured: Option<(Cell, PieceCode)>,
    },
    /// The piece on `at` becomes another kind (a succession, a promotion).
    Change {
        at: Cell,
        from: PieceCode,
        into: PieceCode,
    },
    /// A side lost the piece it must keep (its last Khalif).
    RoyalLost {
        side: Side,
    },
    /// The turn is over and `next` is to move.
    TurnEnded {
        next: Side,
    },
    GameOver(Outcome),
}

impl Effect {
    /// The piece this effect takes and where it stood: by a move (displaced or jumped) or
    /// squeezed where it stands. Counting captures this way serves every game.
    pub fn taken(&self) -> Option<(Cell, PieceCode)> {
        match *self {
            Effect::Move { captured, .. } | Effect::Alighted { captured, .. } => captured,
            Effect::Taken { at, piece, .. } | Effect::Shot { at, piece, .. } => Some((at, piece)),
            _ => None,
        }
    }
}

/// An effect with the number of the stage (in the game's stage list) that shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Staged {
    pub stage: usize,
    pub effect: Effect,
}

/// Puts a list of carried pieces in [`Board::carried`]'s one order, so lists gathered elsewhere
/// (the world's passengers) compare with it.
pub fn sort_carried(carried: &mut [(Cell, PieceCode)]) {
    carried.sort_by_key(|(cell, p)| (cell.0, p.side.index(), p.kind));
}

/// The pieces on every cell and the side to move: what a front end draws.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    pub cells: Vec<Option<PieceCode>>,
    pub side_to_move: Side,
    /// The pieces riding in carriers (Izdari's Wagons), by the carrier's cell, in one order
    /// (cell, side, kind) so that two boards compare equal whenever they show the same.
    pub carried: Vec<(Cell, PieceCode)>,
}

impl Board {
    pub fn piece_at(&self, cell: Cell) -> Option<PieceCode> {
        self.cells.get(cell.index()).copied().flatten()
    }

    /// The pieces riding in the carrier on `cell`.
    pub fn riders(&self, cell: Cell) -> impl Iterator<Item = PieceCode> + '_ {
        self.carried.iter().filter(move |(c, _)| *c == cell).map(|&(_, p)| p)
    }

    /// Puts the carried pieces in their one order.
    pub fn sort_carried(&mut self) {
        sort_carried(&mut self.carried);
    }

    /// A piece leaves `cell`: what rode in it is gone with it (a carrier taken, A4.5).
    fn clear(&mut self, cell: Cell) {
        self.cells[cell.index()] = None;
        self.carried.retain(|(c, _)| *c != cell);
    }

    /// Replays an effect mechanically (no rule is decided here): front ends keep the board
    /// they show one effect behind the core and check it against the core's.
    pub fn apply(&mut self, effect: &Effect) {
        match *effect {
            Effect::Move { piece, from, to, captured, .. } => {
                if let Some((at, _)) = captured {
                    self.clear(at);
                }
                self.cells[from.index()] = None;
                self.cells[to.index()] = Some(piece);
                // Passengers travel with their carrier.
                for (cell, _) in self.carried.iter_mut().filter(|(c, _)| *c == from) {
                    *cell = to;
                }
                self.sort_carried();
            }
            Effect::Taken { at, .. } | Effect::Shot { at, .. } => self.clear(at),
            Effect::Placed { at, piece } => self.cells[at.index()] = Some(piece),
            Effect::Alighted { to, piece, carrier, captured } => {
                if let Some((at, _)) = captured {
                    self.clear(at);
                }
                if let Some(i) = self.carried.iter().position(|&(c, p)| c == carrier && p == piece) {
                    self.carried.remove(i);
                }
                self.cells[to.index()] = Some(piece);
            }
            Effect::Boarded { at, piece, carrier } => {
                self.cells[at.index()] = None;
                self.carried.push((carrier, piece));
                self.sort_carried();
            }
            Effect::Change { at, into, .. } => self.cells[at.index()] = Some(into),
            Effect::TurnEnded { next } => self.side_to_move = next,
            Effect::RoyalLost { .. } | Effect::GameOver(_) => {}
        }
    }

    /// The cells holding a piece of `side`.
    pub fn cells_of(&self, side: Side) -> impl Iterator<Item = Cell> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(move |(_, p)| p.is_some_and(|p| p.side == side))
            .map(|(i, _)| Cell(i as u16))
    }
}

/// What a pending decision asks for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Ask {
    /// A piece and where it goes: the move that starts a turn.
    Move,
    /// One of these cells (a successor, a Guard, the next landing of a chain). `from` is the
    /// piece acting, if one is; `stop` names the way to decline, when declining is allowed.
    Cells { cells: Vec<Cell>, from: Option<Cell>, stop: Option<&'static str> },
    /// One of `kinds` for the piece on `at`: what it becomes (a promotion), which piece goes
    /// (Izdari's Wagon or a passenger), or which passenger steps off there. `stop` names the
    /// way to decline, when declining is allowed.
    Piece { at: Cell, kinds: Vec<u8>, stop: Option<&'static str> },
    /// A piece of one of `kinds` to put on one of `cells` (a placement from the reserve; in
    /// Khitan the kinds are the twelve orientations).
    Place { cells: Vec<Cell>, kinds: Vec<u8> },
}

/// A decision waiting for a player, with the lines that tell the player about it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Prompt {
    /// Who decides (not always the side whose turn it is).
    pub side: Side,
    /// The stage (in the game's stage list) the decision belongs to.
    pub stage: usize,
    pub ask: Ask,
    /// "Gold: your Khalif has fallen".
    pub headline: String,
    /// "Click the Vizier that becomes Khalif (K5.2)".
    pub instruction: String,
}

/// A player's answer to a prompt.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Choice {
    Move {
        from: Cell,
        to: Cell,
    },
    Cell(Cell),
    /// Decline or stop (a second Djinn capture declined, a chain stopped).
    Stop,
    Piece(u8),
    /// A piece of `kind` put on `at`.
    Place {
        at: Cell,
        kind: u8,
    },
}

/// Why a move is refused, with the rule that refuses it.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{text} ({rule})")]
pub struct WhyNot {
    pub text: String,
    pub rule: &'static str,
}
