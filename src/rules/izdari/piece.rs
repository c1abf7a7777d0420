//! The versions of Izdari (A1, B1), the kinds of piece with their letters (C1), and a piece as
//! a side and a kind.

use crate::rules::Side;

/// Assassin's Izdari on 8×8 (A) or classic Izdari on 10×10 (B, D).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Version {
    #[default]
    Assassins,
    Classic,
}

impl Version {
    /// Files and ranks of the board (A1.1, B1).
    pub const fn size(self) -> u8 {
        match self {
            Version::Assassins => 8,
            Version::Classic => 10,
        }
    }

    /// How many squares the board has.
    pub const fn cells(self) -> usize {
        self.size() as usize * self.size() as usize
    }

    /// The piece whose loss ends the game: the Templar (A1.3) or the Wagon (B1).
    pub const fn royal(self) -> Kind {
        match self {
            Version::Assassins => Kind::Templar,
            Version::Classic => Kind::Wagon,
        }
    }

    /// The side letters of position text (C1): `s`/`n` or `w`/`b`.
    pub const fn side_letters(self) -> [char; 2] {
        match self {
            Version::Assassins => ['s', 'n'],
            Version::Classic => ['w', 'b'],
        }
    }

    /// The sides' names for people.
    pub const fn side_names(self) -> [&'static str; 2] {
        match self {
            Version::Assassins => ["Southlands", "Northlands"],
            Version::Classic => ["White", "Black"],
        }
    }

    /// The kinds this version plays: classic has Knights and no Assassins (B1).
    pub const fn has(self, kind: Kind) -> bool {
        match kind {
            Kind::Assassin => matches!(self, Version::Assassins),
            Kind::Knight => matches!(self, Version::Classic),
            _ => true,
        }
    }

    /// Whether a friendly piece of `kind` is loaded by the Wagon that meets it (A4.2, D7).
    pub const fn loadable(self, kind: Kind) -> bool {
        !matches!(kind, Kind::Templar | Kind::Dune | Kind::Wagon) && self.has(kind)
    }
}

/// The kinds of piece of both versions, in the order of their letters in C1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    Assassin,
    Templar,
    Archer,
    Lizard,
    Wagon,
    Halfling,
    Dune,
    Knight,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::Assassin,
        Kind::Templar,
        Kind::Archer,
        Kind::Lizard,
        Kind::Wagon,
        Kind::Halfling,
        Kind::Dune,
        Kind::Knight,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter of position text and notation (C1), upper case.
    pub const fn letter(self) -> char {
        match self {
            Kind::Assassin => 'A',
            Kind::Templar => 'T',
            Kind::Archer => 'R',
            Kind::Lizard => 'L',
            Kind::Wagon => 'W',
            Kind::Halfling => 'H',
            Kind::Dune => 'D',
            Kind::Knight => 'N',
        }
    }

    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == letter.to_ascii_uppercase())
    }

    pub const fn name(self) -> &'static str {
        match self {
            Kind::Assassin => "Assassin",
            Kind::Templar => "Templar",
            Kind::Archer => "Archer",
            Kind::Lizard => "Lizard",
            Kind::Wagon => "Wagon",
            Kind::Halfling => "Halfling",
            Kind::Dune => "Dune",
            Kind::Knight => "Knight",
        }
    }

    /// The name with its article, for sentences: "an Archer", "a Templar".
    pub const fn a_name(self) -> &'static str {
        match self {
            Kind::Assassin => "an Assassin",
            Kind::Templar => "a Templar",
            Kind::Archer => "an Archer",
            Kind::Lizard => "a Lizard",
            Kind::Wagon => "a Wagon",
            Kind::Halfling => "a Halfling",
            Kind::Dune => "a Dune",
            Kind::Knight => "a Knight",
        }
    }
}

/// A piece on the board (or riding in a Wagon): its side and kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// The letter of position text: upper case for the side that moves first (C1).
    pub fn letter(self) -> char {
        let upper = self.kind.letter();
        if self.side == Side::First { upper } else { upper.to_ascii_lowercase() }
    }

    pub fn from_letter(letter: char) -> Option<Piece> {
        let kind = Kind::from_letter(letter)?;
        let side = if letter.is_ascii_uppercase() { Side::First } else { Side::Second };
        Some(Piece::new(side, kind))
    }
}
