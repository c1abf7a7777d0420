//! The board between turns: each side's cells as a mask, each piece's orientation, the side
//! to move, the version played and the reserves (X4, X5.4), the turn number and an
//! incrementally kept hash of everything that makes two positions the same.

use super::hex::{CELLS, Hex};
use super::tables::{KEYS, bit};
use super::tile::Tile;
use crate::rules::Side;

/// Classic, expert or master (X4.2–X4.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Version {
    /// Captured pieces leave the game; no reserve is used (X4.2).
    #[default]
    Classic,
    /// Each capture places a piece from the capturer's reserve; captured pieces leave (X4.3).
    Expert,
    /// As expert, and captured pieces go back to their owner's reserve (X4.4).
    Master,
}

impl Version {
    pub const ALL: [Version; 3] = [Version::Classic, Version::Expert, Version::Master];

    /// The word of position text (X5.4).
    pub const fn word(self) -> &'static str {
        match self {
            Version::Classic => "classic",
            Version::Expert => "expert",
            Version::Master => "master",
        }
    }

    pub fn from_word(word: &str) -> Option<Version> {
        Version::ALL.into_iter().find(|v| v.word() == word)
    }

    /// The reserve each side starts with (X4.3, X4.4).
    pub const fn starting_reserve(self) -> u8 {
        match self {
            Version::Classic => 0,
            Version::Expert => 3,
            Version::Master => 6,
        }
    }

    /// Whether captures are answered by placements from the reserve.
    pub const fn places(self) -> bool {
        !matches!(self, Version::Classic)
    }
}

/// A position: placement, orientations, side to move, version, reserves, turn number and hash.
/// Empty cells keep orientation 0, so two equal positions compare equal field by field.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    sides: [u64; 2],
    tiles: [u8; CELLS],
    side_to_move: Side,
    version: Version,
    reserves: [u8; 2],
    turn_number: u32,
    hash: u64,
}

impl Position {
    /// An empty board with `side` to move at turn 1, in `version`, with no reserves.
    pub fn empty(side: Side, version: Version) -> Position {
        let mut pos = Position {
            sides: [0; 2],
            tiles: [0; CELLS],
            side_to_move: Side::First,
            version,
            reserves: [0; 2],
            turn_number: 1,
            hash: 0,
        };
        pos.set_side_to_move(side);
        pos
    }

    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    pub fn set_side_to_move(&mut self, side: Side) {
        if side != self.side_to_move {
            self.hash ^= KEYS.second_to_move;
            self.side_to_move = side;
        }
    }

    pub fn version(&self) -> Version {
        self.version
    }

    pub fn turn_number(&self) -> u32 {
        self.turn_number
    }

    /// Hash of placement, orientations, reserves and side to move (not the turn number).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The cells a side's pieces stand on.
    pub fn side(&self, side: Side) -> u64 {
        self.sides[side.index()]
    }

    pub fn occupied(&self) -> u64 {
        self.sides[0] | self.sides[1]
    }

    /// The piece on a cell: its owner and orientation.
    pub fn piece_at(&self, hex: Hex) -> Option<(Side, Tile)> {
        let b = bit(hex);
        let side = if self.sides[0] & b != 0 {
            Side::First
        } else if self.sides[1] & b != 0 {
            Side::Second
        } else {
            return None;
        };
        Some((side, Tile::from_index(usize::from(self.tiles[hex.index()]))))
    }

    /// The orientation on an occupied cell (by index, for the capture scan).
    #[inline]
    pub fn tile_on(&self, index: usize) -> Tile {
        Tile::from_index(usize::from(self.tiles[index]))
    }

    /// Puts a piece on an empty cell.
    pub fn put(&mut self, hex: Hex, side: Side, tile: Tile) {
        debug_assert!(self.occupied() & bit(hex) == 0, "put on an occupied cell");
        self.sides[side.index()] |= bit(hex);
        self.tiles[hex.index()] = tile.index() as u8;
        self.hash ^= KEYS.tiles[side.index()][tile.index()][hex.index()];
    }

    /// Takes the piece off a cell, returning it.
    pub fn take(&mut self, hex: Hex) -> Option<(Side, Tile)> {
        let (side, tile) = self.piece_at(hex)?;
        self.sides[side.index()] &= !bit(hex);
        self.tiles[hex.index()] = 0;
        self.hash ^= KEYS.tiles[side.index()][tile.index()][hex.index()];
        Some((side, tile))
    }

    /// Pieces a side holds in reserve (X4.3, X4.4).
    pub fn reserve(&self, side: Side) -> u8 {
        self.reserves[side.index()]
    }

    pub fn set_reserve(&mut self, side: Side, count: u8) {
        let s = side.index();
        self.hash ^= KEYS.reserves[s][usize::from(self.reserves[s])] ^ KEYS.reserves[s][usize::from(count)];
        self.reserves[s] = count;
    }

    /// Ends the turn: the other side is to move and the turn count advances.
    pub fn pass_turn(&mut self) {
        self.set_side_to_move(self.side_to_move.opponent());
        self.turn_number = self.turn_number.saturating_add(1);
    }
}
