//! The five kinds of piece (P2) with their letters (P4, P5).

use std::fmt;

use crate::rules::board8::{self, Keys, Kinds};
use crate::rules::zobrist::keys;

/// The kinds of piece (P2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    /// P2.4: steps orthogonally, captures only by jumping, in chains.
    Wazir,
    /// P2.5: steps and jumps diagonally.
    Ferz,
    /// P2.2
    Knight,
    /// P2.3: the shahzada, not royal.
    Prince,
    /// P2.1
    Pawn,
}

impl Kind {
    pub const ALL: [Kind; 5] = [Kind::Wazir, Kind::Ferz, Kind::Knight, Kind::Prince, Kind::Pawn];
    /// What a pawn may promote to, in the order the choice is offered (P2.1).
    pub const PROMOTIONS: [Kind; 4] = [Kind::Wazir, Kind::Knight, Kind::Ferz, Kind::Prince];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of position text and notation (P4, P5).
    pub const fn letter(self) -> char {
        match self {
            Kind::Wazir => 'W',
            Kind::Ferz => 'F',
            Kind::Knight => 'N',
            Kind::Prince => 'S',
            Kind::Pawn => 'P',
        }
    }

    pub const fn from_letter(letter: char) -> Option<Kind> {
        match letter {
            'W' => Some(Kind::Wazir),
            'F' => Some(Kind::Ferz),
            'N' => Some(Kind::Knight),
            'S' => Some(Kind::Prince),
            'P' => Some(Kind::Pawn),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Kind::Wazir => "Desert Wazir",
            Kind::Ferz => "Desert Ferz",
            Kind::Knight => "Knight",
            Kind::Prince => "Prince",
            Kind::Pawn => "Pawn",
        }
    }

    /// Whether it captures by jumping (P2.4, P2.5).
    pub const fn is_jumper(self) -> bool {
        matches!(self, Kind::Wazir | Kind::Ferz)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Kinds for Kind {
    const ALL: &'static [Kind] = &Kind::ALL;

    fn index(self) -> usize {
        self as usize
    }

    fn letter(self) -> char {
        Kind::letter(self)
    }

    fn from_letter(letter: char) -> Option<Kind> {
        Kind::from_letter(letter)
    }

    fn keys() -> &'static Keys {
        crate::key_table!(
            static KEYS: Keys = keys(0x4445_5345_5254);
        ); // "DESERT"
        &KEYS
    }
}

/// A piece: its side and kind.
pub type Piece = board8::Piece<Kind>;
