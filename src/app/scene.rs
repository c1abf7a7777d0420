//! The pub table: a wooden table, the 9×9 stone board with its Wadi, warm light and a seated camera.

use bevy::prelude::*;

use crate::rules::khalif::{Square, WADI_RANK};

/// Edge of one board square in world units.
const SQUARE_SIZE: f32 = 1.0;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.08, 0.05, 0.04)))
        .add_systems(Startup, spawn_table);
}

/// World position of the centre of a board square, on the board's top face.
fn square_centre(square: Square) -> Vec3 {
    let half = (Square::FILES as f32 - 1.0) / 2.0;
    Vec3::new(
        (square.file() as f32 - half) * SQUARE_SIZE,
        0.0,
        (half - square.rank() as f32) * SQUARE_SIZE,
    )
}

fn spawn_table(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.36, 0.2, 0.1),
        perceptual_roughness: 0.7,
        ..default()
    });
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(14.0, 0.6, 14.0))),
        MeshMaterial3d(wood),
        Transform::from_xyz(0.0, -0.45, 0.0),
    ));
    let tile = meshes.add(Cuboid::new(SQUARE_SIZE * 0.96, 0.15, SQUARE_SIZE * 0.96));
    let stone = |c: Color| StandardMaterial { base_color: c, perceptual_roughness: 0.25, ..default() };
    let (light, dark, sand) = (
        materials.add(stone(Color::srgb(0.85, 0.8, 0.7))),
        materials.add(stone(Color::srgb(0.45, 0.4, 0.36))),
        materials.add(stone(Color::srgb(0.86, 0.7, 0.45))),
    );
    for square in Square::all() {
        let (material, sunken) = if square.rank() == WADI_RANK {
            (sand.clone(), -0.06)
        } else if (square.file() + square.rank()) % 2 == 0 {
            (dark.clone(), 0.0)
        } else {
            (light.clone(), 0.0)
        };
        commands.spawn((
            Mesh3d(tile.clone()),
            MeshMaterial3d(material),
            Transform::from_translation(square_centre(square) + Vec3::Y * (sunken - 0.075)),
        ));
    }
    commands.spawn((
        PointLight { color: Color::srgb(1.0, 0.75, 0.45), intensity: 2_000_000.0, range: 40.0, shadow_maps_enabled: true, ..default() },
        Transform::from_xyz(2.0, 7.0, 3.0),
    ));
    commands.spawn((Camera3d::default(), Transform::from_xyz(0.0, 9.0, 11.0).looking_at(Vec3::ZERO, Vec3::Y)));
}
