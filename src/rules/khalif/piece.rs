//! Sides and pieces (K1.3, K4) with their letters (K7).

use std::fmt;

use crate::rules::Side;

/// Gold and Silver, the first and the second player (K1.3).
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "Gold",
        Side::Second => "Silver",
    }
}

/// The KFEN letter for the side to move (K7).
pub const fn side_letter(side: Side) -> char {
    match side {
        Side::First => 'g',
        Side::Second => 's',
    }
}

/// The rank step of a move *forward* for a side (K1.4).
pub const fn forward(side: Side) -> i8 {
    match side {
        Side::First => 1,
        Side::Second => -1,
    }
}

/// The six kinds of piece (K4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Kind {
    Raider,
    Vizier,
    Djinn,
    Guard,
    Khalif,
    Camel,
}

impl Kind {
    pub const ALL: [Kind; 6] = [Kind::Raider, Kind::Vizier, Kind::Djinn, Kind::Guard, Kind::Khalif, Kind::Camel];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter used in KFEN (Gold) and in turn notation (K7, K8).
    pub const fn letter(self) -> char {
        match self {
            Kind::Raider => 'R',
            Kind::Vizier => 'V',
            Kind::Djinn => 'D',
            Kind::Guard => 'G',
            Kind::Khalif => 'K',
            Kind::Camel => 'C',
        }
    }

    /// The kind named by an upper-case letter.
    pub const fn from_letter(letter: char) -> Option<Kind> {
        match letter {
            'R' => Some(Kind::Raider),
            'V' => Some(Kind::Vizier),
            'D' => Some(Kind::Djinn),
            'G' => Some(Kind::Guard),
            'K' => Some(Kind::Khalif),
            'C' => Some(Kind::Camel),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Kind::Raider => "Raider",
            Kind::Vizier => "Vizier",
            Kind::Djinn => "Djinn",
            Kind::Guard => "Guard",
            Kind::Khalif => "Khalif",
            Kind::Camel => "Camel",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: its side and kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// KFEN letter: upper case for Gold, lower case for Silver (K7).
    pub const fn letter(self) -> char {
        let upper = self.kind.letter();
        match self.side {
            Side::First => upper,
            Side::Second => upper.to_ascii_lowercase(),
        }
    }

    /// The piece named by a KFEN letter.
    pub const fn from_letter(letter: char) -> Option<Piece> {
        let side = if letter.is_ascii_uppercase() { Side::First } else { Side::Second };
        match Kind::from_letter(letter.to_ascii_uppercase()) {
            Some(kind) => Some(Piece { side, kind }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", side_name(self.side), self.kind)
    }
}
