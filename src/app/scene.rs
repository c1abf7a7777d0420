//! The desert pub around the board: table, the board of the game being played (Khalif's with
//! its Wadi, Desert Pub Chess's chequer), walls of ochre plaster, a doorway onto dunes at
//! dusk, brass lanterns that flicker, slow ceiling fans and drifting smoke.

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::GameSystems;
use super::board::{BoardShape, BoardSquare};
use super::geometry::{SQUARE, cell_centre};
use super::looks::PieceLooks;
use super::session::Session;
use super::settings::GameSettings;
use super::textures;
use crate::persist::Quality;
use crate::rules::Side;
use crate::rules::geometry::Shade;

/// Height of the floor below the board.
const FLOOR: f32 = -16.0;
/// Half the room's width and depth.
const ROOM: f32 = 40.0;
/// Height of the ceiling.
const CEILING: f32 = 36.0;

/// A lantern's light, which flickers around its base intensity.
#[derive(Component)]
struct Flicker {
    base: f32,
    phase: f32,
}

/// The lantern over the table, the one light that casts shadows.
#[derive(Component)]
struct TableLight;

/// A ceiling fan's blades, turning slowly.
#[derive(Component)]
struct FanBlades {
    speed: f32,
}

/// A puff of smoke drifting up through the lantern light.
#[derive(Component)]
struct Smoke {
    origin: Vec3,
    velocity: Vec3,
    age: f32,
    life: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.05, 0.03, 0.03)))
        .insert_resource(GlobalAmbientLight { color: Color::srgb(1.0, 0.8, 0.6), brightness: 120.0, ..default() })
        .add_systems(Startup, (spawn_room, spawn_table, spawn_lanterns, spawn_fans, spawn_outside))
        .add_systems(
            Update,
            (dress_squares, fit_board_bed, apply_graphics, flicker, turn_fans, drift_smoke)
                .in_set(GameSystems::Present),
        );
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

fn spawn_room(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let plaster = materials.add(textured(&mut images, textures::plaster(), 0.9));
    let floor = materials.add(StandardMaterial {
        uv_transform: bevy::math::Affine2::from_scale(Vec2::splat(8.0)),
        ..textured(&mut images, textures::wood(), 0.7)
    });
    let beam = materials.add(StandardMaterial {
        base_color: Color::srgb(0.2, 0.11, 0.06),
        perceptual_roughness: 0.8,
        ..default()
    });
    let height = CEILING - FLOOR;
    let mid = (CEILING + FLOOR) / 2.0;
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(2.0 * ROOM, 0.5, 2.0 * ROOM))),
        MeshMaterial3d(floor),
        Transform::from_xyz(0.0, FLOOR - 0.25, 0.0),
    ));
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(2.0 * ROOM, 0.5, 2.0 * ROOM))),
        MeshMaterial3d(plaster.clone()),
        Transform::from_xyz(0.0, CEILING, 0.0),
    ));
    // Side walls and the wall behind Gold.
    for (size, at) in [
        (Vec3::new(0.5, height, 2.0 * ROOM), Vec3::new(ROOM, mid, 0.0)),
        (Vec3::new(0.5, height, 2.0 * ROOM), Vec3::new(-ROOM, mid, 0.0)),
        (Vec3::new(2.0 * ROOM, height, 0.5), Vec3::new(0.0, mid, ROOM)),
    ] {
        commands.spawn((
            Mesh3d(meshes.add(Cuboid::from_size(size))),
            MeshMaterial3d(plaster.clone()),
            Transform::from_translation(at),
        ));
    }
    // The wall behind Silver, with a wide doorway onto the desert.
    let (door_half, door_top) = (9.0, 14.0);
    let side = ROOM - door_half;
    for x in [-(door_half + side / 2.0), door_half + side / 2.0] {
        commands.spawn((
            Mesh3d(meshes.add(Cuboid::new(side, height, 0.5))),
            MeshMaterial3d(plaster.clone()),
            Transform::from_xyz(x, mid, -ROOM),
        ));
    }
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(2.0 * door_half, CEILING - door_top, 0.5))),
        MeshMaterial3d(plaster.clone()),
        Transform::from_xyz(0.0, (CEILING + door_top) / 2.0, -ROOM),
    ));
    // An arch over the doorway and a few ceiling beams.
    commands.spawn((
        Mesh3d(meshes.add(Torus::new(door_half - 0.6, door_half + 0.6))),
        MeshMaterial3d(beam.clone()),
        Transform::from_xyz(0.0, door_top, -ROOM + 0.4)
            .with_rotation(Quat::from_rotation_x(FRAC_PI_2))
            .with_scale(Vec3::new(1.0, 1.0, 0.5)),
    ));
    for z in [-30.0, -15.0, 0.0, 15.0, 30.0] {
        commands.spawn((
            Mesh3d(meshes.add(Cuboid::new(2.0 * ROOM, 1.2, 1.2))),
            MeshMaterial3d(beam.clone()),
            Transform::from_xyz(0.0, CEILING - 0.8, z),
        ));
    }
    // Other tables of the pub, in the half-dark.
    let wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.3, 0.17, 0.09),
        perceptual_roughness: 0.7,
        ..default()
    });
    for (x, z) in [(-26.0, -24.0), (26.0, -22.0), (-27.0, 20.0), (25.0, 24.0)] {
        commands.spawn((
            Mesh3d(meshes.add(Cylinder::new(5.0, 0.6))),
            MeshMaterial3d(wood.clone()),
            Transform::from_xyz(x, -1.0, z),
        ));
        commands.spawn((
            Mesh3d(meshes.add(Cylinder::new(0.7, 15.0))),
            MeshMaterial3d(wood.clone()),
            Transform::from_xyz(x, FLOOR / 2.0 - 0.8, z),
        ));
    }
}

fn spawn_lanterns(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let brass = materials.add(StandardMaterial {
        base_color: Color::srgb(0.8, 0.58, 0.25),
        metallic: 1.0,
        perceptual_roughness: 0.3,
        ..default()
    });
    let flame = materials.add(StandardMaterial {
        base_color: Color::srgb(1.0, 0.7, 0.35),
        emissive: LinearRgba::rgb(18.0, 9.0, 3.0),
        ..default()
    });
    let cage = meshes.add(Cylinder::new(0.9, 2.0).mesh().resolution(8));
    let cap = meshes.add(Cone { radius: 1.1, height: 0.9 });
    let glow = meshes.add(Sphere::new(0.45));
    let chain = meshes.add(Cylinder::new(0.05, 1.0));
    // The lantern over the table lights the game; the others light the room.
    let lanterns = [
        (Vec3::new(3.5, 17.0, -2.0), 9.0e6, true),
        (Vec3::new(-24.0, 14.0, -24.0), 2.5e6, false),
        (Vec3::new(24.0, 14.0, 22.0), 2.5e6, false),
        (Vec3::new(-24.0, 14.0, 22.0), 2.0e6, false),
        (Vec3::new(24.0, 14.0, -22.0), 2.0e6, false),
    ];
    for (i, (at, intensity, shadows)) in lanterns.into_iter().enumerate() {
        let hang = CEILING - at.y - 1.5;
        commands.spawn((Transform::from_translation(at), Visibility::default())).with_children(|l| {
            l.spawn((Mesh3d(cage.clone()), MeshMaterial3d(brass.clone()), NotShadowCaster));
            l.spawn((
                Mesh3d(cap.clone()),
                MeshMaterial3d(brass.clone()),
                Transform::from_xyz(0.0, 1.4, 0.0),
                NotShadowCaster,
            ));
            l.spawn((Mesh3d(glow.clone()), MeshMaterial3d(flame.clone()), NotShadowCaster));
            l.spawn((
                Mesh3d(chain.clone()),
                MeshMaterial3d(brass.clone()),
                Transform::from_xyz(0.0, 1.8 + hang / 2.0, 0.0).with_scale(Vec3::new(1.0, hang, 1.0)),
                NotShadowCaster,
            ));
            let mut light = l.spawn((
                PointLight {
                    color: Color::srgb(1.0, 0.68, 0.38),
                    intensity,
                    range: 90.0,
                    radius: 0.4,
                    shadow_maps_enabled: shadows,
                    ..default()
                },
                Transform::from_xyz(0.0, -0.2, 0.0),
                Flicker { base: intensity, phase: i as f32 * 1.7 },
            ));
            if shadows {
                light.insert(TableLight);
            }
        });
    }
}

fn spawn_fans(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let dark_wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.22, 0.12, 0.07),
        perceptual_roughness: 0.6,
        ..default()
    });
    let brass = materials.add(StandardMaterial {
        base_color: Color::srgb(0.7, 0.5, 0.22),
        metallic: 1.0,
        perceptual_roughness: 0.4,
        ..default()
    });
    for (x, z, speed) in [(-14.0, -20.0, 0.9), (14.0, 18.0, 0.75)] {
        commands.spawn((
            Mesh3d(meshes.add(Cylinder::new(0.15, 3.0))),
            MeshMaterial3d(brass.clone()),
            Transform::from_xyz(x, CEILING - 1.5, z),
        ));
        commands
            .spawn((Transform::from_xyz(x, CEILING - 3.2, z), Visibility::default(), FanBlades { speed }))
            .with_children(|fan| {
                fan.spawn((Mesh3d(meshes.add(Cylinder::new(0.7, 0.6))), MeshMaterial3d(brass.clone())));
                for i in 0..4 {
                    let a = i as f32 * TAU / 4.0;
                    fan.spawn((
                        Mesh3d(meshes.add(Cuboid::new(6.0, 0.1, 1.3))),
                        MeshMaterial3d(dark_wood.clone()),
                        Transform::from_xyz(3.4 * a.cos(), 0.0, 3.4 * a.sin())
                            .with_rotation(Quat::from_rotation_y(-a) * Quat::from_rotation_x(0.15)),
                    ));
                }
            });
    }
}

/// The desert at dusk beyond the doorway: sky, dunes and a thin moon, all unlit.
fn spawn_outside(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let sky = materials.add(StandardMaterial {
        base_color_texture: Some(images.add(textures::dusk_sky())),
        unlit: true,
        ..default()
    });
    commands.spawn((
        Mesh3d(meshes.add(Rectangle::new(160.0, 80.0))),
        MeshMaterial3d(sky),
        Transform::from_xyz(0.0, 10.0, -95.0)
            .with_rotation(Quat::from_rotation_z(PI))
            .with_scale(Vec3::new(-1.0, 1.0, 1.0)),
    ));
    let dune = |c: Color| StandardMaterial { base_color: c, unlit: true, ..default() };
    let far = materials.add(dune(Color::srgb(0.5, 0.27, 0.25)));
    let near = materials.add(dune(Color::srgb(0.82, 0.48, 0.27)));
    for (x, z, r, material) in
        [(-30.0, -80.0, 26.0, &far), (25.0, -82.0, 30.0, &far), (-8.0, -66.0, 22.0, &near), (28.0, -62.0, 18.0, &near)]
    {
        commands.spawn((
            Mesh3d(meshes.add(Sphere::new(r))),
            MeshMaterial3d(material.clone()),
            Transform::from_xyz(x, FLOOR - r * 0.55, z).with_scale(Vec3::new(1.6, 0.6, 0.6)),
            NotShadowCaster,
        ));
    }
    // Cool moonlight through the doorway, against the lanterns' warmth.
    commands.spawn((
        DirectionalLight { color: Color::srgb(0.6, 0.7, 1.0), illuminance: 900.0, ..default() },
        Transform::from_xyz(-10.0, 20.0, -40.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    let moon = materials.add(StandardMaterial {
        base_color: Color::srgb(1.0, 0.95, 0.8),
        emissive: LinearRgba::rgb(3.0, 2.8, 2.2),
        unlit: true,
        ..default()
    });
    commands.spawn((
        Mesh3d(meshes.add(Sphere::new(1.6))),
        MeshMaterial3d(moon),
        Transform::from_xyz(-14.0, 22.0, -90.0),
    ));
    // Smoke puffs drifting in the light over the table.
    let puff = materials.add(StandardMaterial {
        base_color_texture: Some(images.add(textures::puff())),
        base_color: Color::srgba(1.0, 0.92, 0.8, 0.22),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        cull_mode: None,
        ..default()
    });
    let quad = meshes.add(Rectangle::new(3.0, 3.0));
    for i in 0..24 {
        let f = i as f32;
        let origin = Vec3::new((f * 2.3).sin() * 9.0, 3.0, (f * 1.7).cos() * 7.0 - 2.0);
        commands.spawn((
            Mesh3d(quad.clone()),
            MeshMaterial3d(puff.clone()),
            Transform::from_translation(origin + Vec3::Y * ((f * 1.3) % 12.0)),
            Smoke {
                origin,
                velocity: Vec3::new((f * 0.7).sin() * 0.25, 0.35 + (f * 0.37) % 0.3, 0.1),
                age: (f * 0.83) % 20.0,
                life: 20.0,
            },
            NotShadowCaster,
            bevy::picking::Pickable::IGNORE,
        ));
    }
}

fn flicker(time: Res<Time>, mut lights: Query<(&mut PointLight, &Flicker)>) {
    let t = time.elapsed_secs();
    for (mut light, f) in &mut lights {
        let wobble = (t * 7.3 + f.phase).sin() * 0.05
            + (t * 13.1 + f.phase * 2.0).sin() * 0.04
            + (t * 2.1 + f.phase).sin() * 0.03;
        light.intensity = f.base * (1.0 + wobble);
    }
}

fn turn_fans(time: Res<Time>, mut fans: Query<(&mut Transform, &FanBlades)>) {
    for (mut transform, fan) in &mut fans {
        transform.rotate_y(fan.speed * time.delta_secs());
    }
}

/// Smoke rises, spreads and fades; each puff starts again low over the table. Puffs face the camera.
fn drift_smoke(
    time: Res<Time>,
    camera: Query<&Transform, (With<Camera3d>, Without<Smoke>)>,
    mut puffs: Query<(&mut Transform, &mut Smoke)>,
) {
    let dt = time.delta_secs();
    let eye = camera.iter().next().map(|c| c.translation).unwrap_or(Vec3::Y * 10.0);
    for (mut transform, mut smoke) in &mut puffs {
        smoke.age += dt;
        if smoke.age > smoke.life {
            smoke.age = 0.0;
            transform.translation = smoke.origin;
        }
        transform.translation += smoke.velocity * dt;
        let growth = 0.6 + smoke.age / smoke.life * 1.6;
        transform.scale = Vec3::splat(growth);
        transform.look_at(eye, Vec3::Y);
    }
}

/// Shadows and smoke follow the graphics settings; low quality turns both off.
fn apply_graphics(
    settings: Res<GameSettings>,
    mut lights: Query<&mut PointLight, With<TableLight>>,
    mut puffs: Query<&mut Visibility, With<Smoke>>,
) {
    if !settings.is_changed() {
        return;
    }
    let graphics = &settings.settings.graphics;
    let low = graphics.quality == Quality::Low;
    for mut light in &mut lights {
        light.shadow_maps_enabled = graphics.shadows && !low;
    }
    for mut visibility in &mut puffs {
        *visibility = if graphics.smoke && !low { Visibility::Inherited } else { Visibility::Hidden };
    }
}
