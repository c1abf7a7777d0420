//! The five kinds of piece (P2) with their letters (P4, P5), and the sides' names.

use std::fmt;

use crate::rules::Side;

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

/// White moves first (P1.1).
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "White",
        Side::Second => "Black",
    }
}

/// The side letter of position text (P5).
pub const fn side_letter(side: Side) -> char {
    match side {
        Side::First => 'w',
        Side::Second => 'b',
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

    /// The letter of position text: upper case White, lower case Black (P5).
    pub const fn letter(self) -> char {
        match self.side {
            Side::First => self.kind.letter(),
            Side::Second => self.kind.letter().to_ascii_lowercase(),
        }
    }

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
