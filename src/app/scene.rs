//! The table and the board on it: the board of the game being played (Khalif's with its Wadi,
//! Desert Pub Chess's chequer, Khitan's hexes), its wooden bed and brass rim, the trays for
//! taken pieces. The place around the table is `place.rs`'s.

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use bevy::prelude::*;

use super::GameSystems;
use super::board::{BoardShape, BoardSquare};
use super::geometry::{SQUARE, cell_centre};
use super::looks::PieceLooks;
use super::place::FLOOR;
use super::session::Session;
use super::textures;
use crate::rules::Side;
use crate::rules::geometry::Shade;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_table)
        .add_systems(Update, (dress_squares, fit_board_bed).in_set(GameSystems::Present));
}

/// The board's wooden bed and brass rim, sized to the game's board.
#[derive(Component)]
struct BoardBed;

/// The table's wood and brass, made once and shared by the table and the board's bed.
#[derive(Resource)]
struct TableMaterials {
    wood: Handle<StandardMaterial>,
    brass: Handle<StandardMaterial>,
}

fn textured(images: &mut Assets<Image>, image: Image, roughness: f32) -> StandardMaterial {
    StandardMaterial { base_color_texture: Some(images.add(image)), perceptual_roughness: roughness, ..default() }
}

/// New cells get their game's tiles (Khalif's stone with the Wadi a sunken channel of sand,
/// Desert Pub Chess's sandstone and red earth).
fn dress_squares(
    mut commands: Commands,
    squares: Query<(Entity, &BoardSquare), Added<BoardSquare>>,
    session: Res<Session>,
    looks: Option<Res<PieceLooks>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let Some(looks) = looks else { return };
    let tile = &looks.of(session.game.id()).cell;
    let geometry = session.geometry();
    let tiles = &looks.of(session.game.id()).tiles;
    for (entity, BoardSquare(cell)) in &squares {
        let material = match geometry.place(*cell).shade {
            Shade::Light => &tiles[0],
            Shade::Dark => &tiles[1],
            Shade::Special | Shade::Middle => &tiles[2],
        };
        commands.entity(entity).insert((
            Mesh3d(tile.clone()),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(cell_centre(geometry, *cell) - Vec3::Y * 0.075),
        ));
        if let Some(&(_, owner)) = geometry.goals.iter().find(|(goal, _)| goal == cell) {
            let marker = &looks.of(session.game.id()).body[owner.index()];
            let place = geometry.place(*cell);
            // Outward, towards the board's corner or edge nearest the cell.
            let outward = Vec3::new(place.x.signum(), 0.0, -place.y.signum());
            commands.entity(entity).with_children(|tile| {
                for (mesh, at) in goal_marker(&mut meshes, owner, outward) {
                    tile.spawn((Mesh3d(mesh), MeshMaterial3d(marker.clone()), at));
                }
            });
        }
    }
}

/// The sign of a cell a side wins by reaching (Chafl's Havens), in that side's colour and in
/// the shape of its pieces' bases, so it reads without telling hues apart: a ring for the
/// first player, a hexagon for the second, inlaid round the cell's edge where a piece standing
/// on it leaves it visible, and a pennant of the same shape on a pole just off the board.
fn goal_marker(meshes: &mut Assets<Mesh>, owner: Side, outward: Vec3) -> Vec<(Handle<Mesh>, Transform)> {
    let top = 0.085;
    let sign = |meshes: &mut Assets<Mesh>, radius: f32, height: f32, upright: bool| -> Vec<(Handle<Mesh>, Transform)> {
        let tilt = if upright { Quat::from_rotation_x(FRAC_PI_2) } else { Quat::IDENTITY };
        match owner {
            Side::First => {
                let ring = meshes.add(Torus::new(radius * 0.84, radius));
                vec![(ring, Transform::from_xyz(0.0, height, 0.0).with_rotation(tilt))]
            }
            Side::Second => {
                let side = 2.0 * radius * 0.92 * (PI / 6.0).tan();
                let bar = meshes.add(Cuboid::new(side + radius * 0.14, radius * 0.1, radius * 0.16));
                (0..6)
                    .map(|i| {
                        let a = i as f32 * TAU / 6.0;
                        let at = Vec3::new(radius * 0.92 * a.cos(), 0.0, radius * 0.92 * a.sin());
                        let flat = Transform::from_translation(at).with_rotation(Quat::from_rotation_y(FRAC_PI_2 - a));
                        let placed = Transform::from_xyz(0.0, height, 0.0).with_rotation(tilt) * flat;
                        (bar.clone(), placed)
                    })
                    .collect()
            }
        }
    };
    let mut parts = sign(meshes, 0.47, top, false);
    // The pennant: a pole at the board's corner beside the cell, its sign standing on top.
    let foot = outward * 0.78;
    let pole = meshes.add(Cylinder::new(0.035, 0.9));
    parts.push((pole, Transform::from_translation(foot + Vec3::Y * 0.45)));
    for (mesh, at) in sign(meshes, 0.2, 0.0, true) {
        parts.push((mesh, Transform::from_translation(foot + Vec3::Y * 1.05) * at));
    }
    parts
}

/// The board's bed and rim, rebuilt when the board changes shape.
fn fit_board_bed(
    mut commands: Commands,
    shape: Res<BoardShape>,
    session: Res<Session>,
    beds: Query<Entity, With<BoardBed>>,
    table: Res<TableMaterials>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    if !shape.is_changed() {
        return;
    }
    for entity in &beds {
        commands.entity(entity).despawn();
    }
    let (hx, hz) = session.geometry().half_extent;
    let (wood, brass) = (table.wood.clone(), table.brass.clone());
    let (w, d) = (2.0 * hx * SQUARE + 0.8, 2.0 * hz * SQUARE + 0.8);
    commands.spawn((
        BoardBed,
        Mesh3d(meshes.add(Cuboid::new(w, 0.3, d))),
        MeshMaterial3d(wood),
        Transform::from_xyz(0.0, -0.26, 0.0),
    ));
    let (rx, rz) = (w / 2.0 + 0.04, d / 2.0 + 0.04);
    for (size, at) in [
        (Vec3::new(w + 0.2, 0.12, 0.12), Vec3::new(0.0, -0.08, rz)),
        (Vec3::new(w + 0.2, 0.12, 0.12), Vec3::new(0.0, -0.08, -rz)),
        (Vec3::new(0.12, 0.12, d + 0.2), Vec3::new(rx, -0.08, 0.0)),
        (Vec3::new(0.12, 0.12, d + 0.2), Vec3::new(-rx, -0.08, 0.0)),
    ] {
        commands.spawn((
            BoardBed,
            Mesh3d(meshes.add(Cuboid::from_size(size))),
            MeshMaterial3d(brass.clone()),
            Transform::from_translation(at),
        ));
    }
}

fn spawn_table(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let wood = materials.add(textured(&mut images, textures::wood(), 0.55));
    let brass = materials.add(StandardMaterial {
        base_color: Color::srgb(0.78, 0.56, 0.24),
        metallic: 1.0,
        perceptual_roughness: 0.35,
        ..default()
    });
    commands.insert_resource(TableMaterials { wood: wood.clone(), brass: brass.clone() });
    // Table top and legs (the board's bed is sized to each game's board, `fit_board_bed`).
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(16.0, 0.8, 13.0))),
        MeshMaterial3d(wood.clone()),
        Transform::from_xyz(0.0, -0.62, 0.0),
    ));
    for (x, z) in [(-7.0, -5.5), (7.0, -5.5), (-7.0, 5.5), (7.0, 5.5)] {
        commands.spawn((
            Mesh3d(meshes.add(Cylinder::new(0.45, -FLOOR))),
            MeshMaterial3d(wood.clone()),
            Transform::from_xyz(x, FLOOR / 2.0 - 0.6, z),
        ));
    }
    // The two captured-piece trays, brass, at the players' right hands.
    for x in [6.3, -6.3] {
        commands.spawn((
            Mesh3d(meshes.add(Cuboid::new(2.0, 0.08, 8.6))),
            MeshMaterial3d(brass.clone()),
            Transform::from_xyz(x, -0.2, 0.0),
        ));
    }
}
