//! Where things are on the table: cell centres of any game's board, the cell under a point,
//! tray slots.

use bevy::prelude::*;

use crate::rules::Side;
use crate::rules::geometry::{Geometry, Shade};
use crate::rules::view::Cell;

/// Edge of one board square in world units (the table is built around it).
pub const SQUARE: f32 = 1.0;
/// Height of the board's playing surface.
pub const BOARD_TOP: f32 = 0.0;
/// How far a game's special ground (Khalif's Wadi) lies below the other cells.
pub const SPECIAL_DEPTH: f32 = 0.06;

/// Centre of a cell on the playing surface. The first player sits at +z, the second at −z.
pub fn cell_centre(geometry: &Geometry, cell: Cell) -> Vec3 {
    let place = geometry.place(cell);
    let y = if place.shade == Shade::Special { BOARD_TOP - SPECIAL_DEPTH } else { BOARD_TOP };
    Vec3::new(place.x * SQUARE, y, -place.y * SQUARE)
}

/// The cell under a point of the board plane, if on the board.
pub fn cell_at(geometry: &Geometry, point: Vec3) -> Option<Cell> {
    geometry.cell_at(point.x / SQUARE, -point.z / SQUARE)
}

/// Where the `slot`th piece of `owner` captured so far rests: in a tray on the capturer's right.
pub fn tray_slot(owner: Side, slot: usize) -> Vec3 {
    let (row, col) = ((slot / 9) as f32, (slot % 9) as f32);
    // Captured pieces of the second player go to the first player's tray (+x side) and vice versa.
    let x = match owner {
        Side::Second => 5.9 + row * 0.8,
        Side::First => -5.9 - row * 0.8,
    };
    let z = match owner {
        Side::Second => 4.0 - col * 0.9,
        Side::First => -4.0 + col * 0.9,
    };
    Vec3::new(x, BOARD_TOP - 0.05, z)
}

/// The direction a side's pieces face (towards the opponent).
pub fn facing(side: Side) -> Quat {
    match side {
        Side::First => Quat::IDENTITY,
        Side::Second => Quat::from_rotation_y(std::f32::consts::PI),
    }
}
