//! Where things are on the table: square centres, the square under a point, tray slots.

use bevy::prelude::*;

use crate::rules::khalif::{Side, Square, WADI_RANK};

/// Edge of one board square in world units (the table is built around it).
pub const SQUARE: f32 = 1.0;
/// Height of the board's playing surface.
pub const BOARD_TOP: f32 = 0.0;
/// How far the Wadi's sand lies below the stone squares.
pub const WADI_DEPTH: f32 = 0.06;

/// Centre of a square on the playing surface. Gold sits at +z (rank 1 nearest), Silver at −z.
pub fn square_centre(square: Square) -> Vec3 {
    let half = (Square::FILES as f32 - 1.0) / 2.0;
    let y = if square.rank() == WADI_RANK { BOARD_TOP - WADI_DEPTH } else { BOARD_TOP };
    Vec3::new((square.file() as f32 - half) * SQUARE, y, (half - square.rank() as f32) * SQUARE)
}

/// The square under a point of the board plane, if on the board.
pub fn square_at(point: Vec3) -> Option<Square> {
    let half = (Square::FILES as f32 - 1.0) / 2.0;
    let file = (point.x / SQUARE + half).round();
    let rank = (half - point.z / SQUARE).round();
    if (0.0..9.0).contains(&file) && (0.0..9.0).contains(&rank) { Square::new(file as u8, rank as u8) } else { None }
}

/// Where the `slot`th piece of `owner` captured so far rests: in a tray on the capturer's right.
pub fn tray_slot(owner: Side, slot: usize) -> Vec3 {
    let (row, col) = ((slot / 9) as f32, (slot % 9) as f32);
    // Captured Silver pieces go to Gold's tray (right of Gold, +x side) and vice versa.
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
