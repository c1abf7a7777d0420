//! Sides and pieces (K1.3, K4) with their letters (K7).

use std::fmt;

/// One of the two players (K1.3). Gold moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Side {
    Gold,
    Silver,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Gold, Side::Silver];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn opponent(self) -> Side {
        match self {
            Side::Gold => Side::Silver,
            Side::Silver => Side::Gold,
        }
    }

    /// The rank step of a move *forward* for this side (K1.4).
    pub const fn forward(self) -> i8 {
        match self {
            Side::Gold => 1,
            Side::Silver => -1,
        }
    }

    /// The KFEN letter for the side to move (K7).
    pub const fn letter(self) -> char {
        match self {
            Side::Gold => 'g',
            Side::Silver => 's',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::Gold => "Gold",
            Side::Silver => "Silver",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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
            Side::Gold => upper,
            Side::Silver => upper.to_ascii_lowercase(),
        }
    }

    /// The piece named by a KFEN letter.
    pub const fn from_letter(letter: char) -> Option<Piece> {
        let side = if letter.is_ascii_uppercase() { Side::Gold } else { Side::Silver };
        match Kind::from_letter(letter.to_ascii_uppercase()) {
            Some(kind) => Some(Piece { side, kind }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.side, self.kind)
    }
}
