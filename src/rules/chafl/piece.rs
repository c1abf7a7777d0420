//! The six kinds of piece (H1.2, H2) with their letters (H5, H6).

use std::fmt;

use crate::rules::board8::{self, Keys, Kinds};
use crate::rules::zobrist::keys;

/// The kinds of piece (H2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    /// H2.3: one square any way; taken like any piece (H3.4), and taking it wins (H4.1).
    King,
    /// H2.4: joins, to any empty square next to a friend.
    General,
    /// H2.5: joins on its own square colour; wins on its Haven (H4.1).
    Prince,
    /// H2.6: joins on the other square colour.
    Captain,
    /// H2.7: steps or leaps two, forward or sideways.
    Horse,
    /// H2.8: steps forward or sideways.
    Foot,
}

impl Kind {
    pub const ALL: [Kind; 6] = [Kind::King, Kind::General, Kind::Prince, Kind::Captain, Kind::Horse, Kind::Foot];
    /// What a Foot on the far rank may become, in the order the choice is offered (H2.9).
    pub const FOOT_PROMOTIONS: [Kind; 2] = [Kind::Horse, Kind::Captain];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of position text and notation (H5, H6).
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::General => 'G',
            Kind::Prince => 'P',
            Kind::Captain => 'C',
            Kind::Horse => 'H',
            Kind::Foot => 'F',
        }
    }

    pub const fn from_letter(letter: char) -> Option<Kind> {
        match letter {
            'K' => Some(Kind::King),
            'G' => Some(Kind::General),
            'P' => Some(Kind::Prince),
            'C' => Some(Kind::Captain),
            'H' => Some(Kind::Horse),
            'F' => Some(Kind::Foot),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Kind::King => "King",
            Kind::General => "General",
            Kind::Prince => "Prince",
            Kind::Captain => "Captain",
            Kind::Horse => "Horse",
            Kind::Foot => "Foot",
        }
    }

    /// Whether it moves by joining (H2.4–H2.6).
    pub const fn joins(self) -> bool {
        matches!(self, Kind::General | Kind::Prince | Kind::Captain)
    }

    /// Whether it wins by arriving on one of its Havens (H4.1).
    pub const fn seeks_haven(self) -> bool {
        matches!(self, Kind::King | Kind::Prince)
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
            static KEYS: Keys = keys(0x0043_4841_464C);
        ); // "CHAFL"
        &KEYS
    }
}

/// A piece: its side and kind.
pub type Piece = board8::Piece<Kind>;
