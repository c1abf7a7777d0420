//! The pieces' looks: six silhouettes built from simple solids, in gold or silver. The sides
//! differ in more than hue: gold stands on round bases, silver on hexagonal ones with a dark band.

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::prelude::*;

use super::GameSystems;
use super::animation::{in_tray, on_square};
use super::board::{InTray, OnSquare, PieceView};
use super::geometry::facing;
use super::input::Dragged;
use super::stages::Animating;
use crate::rules::khalif::{Kind, Side};

/// Meshes and materials of every piece, made once.
#[derive(Resource)]
pub struct PieceLooks {
    parts: [Vec<Part>; 6],
    bases: [Vec<Part>; 2],
    metal: [Handle<StandardMaterial>; 2],
    accent: [Handle<StandardMaterial>; 2],
}

/// One solid of a piece: its mesh, where it sits, and whether it takes the accent material.
#[derive(Clone)]
struct Part {
    mesh: Handle<Mesh>,
    at: Transform,
    accent: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, make_looks)
        .add_systems(Update, (dress_pieces, place_pieces).in_set(GameSystems::Present));
}

fn part(meshes: &mut Assets<Mesh>, mesh: impl Into<Mesh>, at: Transform) -> Part {
    Part { mesh: meshes.add(mesh.into()), at, accent: false }
}

fn accent(mut p: Part) -> Part {
    p.accent = true;
    p
}

fn at(x: f32, y: f32, z: f32) -> Transform {
    Transform::from_xyz(x, y, z)
}

fn make_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let m = &mut *meshes;
    let base_top = 0.12;
    let frustum =
        |r_bottom: f32, r_top: f32, h: f32| ConicalFrustum { radius_bottom: r_bottom, radius_top: r_top, height: h };

    let camel = vec![
        part(
            m,
            Capsule3d::new(0.13, 0.26),
            at(0.0, base_top + 0.2, 0.03).with_rotation(Quat::from_rotation_x(FRAC_PI_2)),
        ),
        part(m, Sphere::new(0.13), at(0.0, base_top + 0.32, 0.06)),
        part(m, Cylinder::new(0.05, 0.26), at(0.0, base_top + 0.33, -0.22).with_rotation(Quat::from_rotation_x(0.5))),
        part(
            m,
            Capsule3d::new(0.06, 0.1),
            at(0.0, base_top + 0.46, -0.3).with_rotation(Quat::from_rotation_x(FRAC_PI_2)),
        ),
        part(m, Cylinder::new(0.05, 0.2), at(-0.08, base_top + 0.08, 0.0)),
        part(m, Cylinder::new(0.05, 0.2), at(0.08, base_top + 0.08, 0.0)),
    ];
    let raider = {
        let mut parts = vec![
            part(m, frustum(0.27, 0.22, 0.5), at(0.0, base_top + 0.25, 0.0)),
            part(m, Cylinder::new(0.27, 0.08), at(0.0, base_top + 0.54, 0.0)),
        ];
        for i in 0..4 {
            let a = i as f32 * FRAC_PI_2 + PI / 4.0;
            parts.push(part(m, Cuboid::new(0.13, 0.14, 0.13), at(0.19 * a.cos(), base_top + 0.64, 0.19 * a.sin())));
        }
        parts.push(accent(part(m, Torus::new(0.2, 0.26), at(0.0, base_top + 0.12, 0.0))));
        parts
    };
    let vizier = vec![
        part(m, frustum(0.25, 0.11, 0.62), at(0.0, base_top + 0.31, 0.0)),
        accent(part(m, Torus::new(0.1, 0.16), at(0.0, base_top + 0.6, 0.0))),
        part(m, Sphere::new(0.17), at(0.0, base_top + 0.72, 0.0).with_scale(Vec3::new(1.0, 0.8, 1.0))),
        part(m, Torus::new(0.12, 0.19), at(0.0, base_top + 0.7, 0.0)),
        accent(part(m, Sphere::new(0.045), at(0.0, base_top + 0.74, -0.17))),
        part(m, Cone { radius: 0.05, height: 0.12 }, at(0.0, base_top + 0.89, 0.0)),
    ];
    let djinn = vec![
        part(m, frustum(0.22, 0.1, 0.16), at(0.0, base_top + 0.08, 0.0)),
        part(m, Sphere::new(0.2), at(0.0, base_top + 0.27, 0.02).with_scale(Vec3::new(1.0, 0.55, 1.45))),
        part(
            m,
            Cone { radius: 0.05, height: 0.32 },
            at(0.0, base_top + 0.3, -0.33).with_rotation(Quat::from_rotation_x(-1.2)),
        ),
        part(m, Torus::new(0.03, 0.07), at(0.0, base_top + 0.3, 0.3).with_rotation(Quat::from_rotation_x(FRAC_PI_2))),
        accent(part(m, Cone { radius: 0.11, height: 0.3 }, at(0.0, base_top + 0.5, 0.05))),
        accent(part(
            m,
            Torus::new(0.06, 0.11),
            at(0.0, base_top + 0.62, 0.05).with_rotation(Quat::from_rotation_z(0.4)),
        )),
        part(m, Sphere::new(0.06), at(0.0, base_top + 0.78, 0.08)),
    ];
    let guard = vec![
        part(m, Cylinder::new(0.22, 0.48), at(0.0, base_top + 0.24, 0.0)),
        part(m, Sphere::new(0.2), at(0.0, base_top + 0.52, 0.0)),
        accent(part(m, Cone { radius: 0.06, height: 0.22 }, at(0.0, base_top + 0.78, 0.0))),
        accent(part(
            m,
            Cylinder::new(0.2, 0.05),
            at(0.0, base_top + 0.3, -0.25).with_rotation(Quat::from_rotation_x(FRAC_PI_2)),
        )),
        part(m, Cuboid::new(0.04, 0.55, 0.04), at(0.26, base_top + 0.4, 0.0)),
    ];
    let khalif = {
        let mut parts = vec![
            part(m, frustum(0.29, 0.16, 0.7), at(0.0, base_top + 0.35, 0.0)),
            accent(part(m, Torus::new(0.13, 0.2), at(0.0, base_top + 0.7, 0.0))),
            part(m, Sphere::new(0.2), at(0.0, base_top + 0.86, 0.0).with_scale(Vec3::new(1.0, 1.15, 1.0))),
            part(m, Cone { radius: 0.07, height: 0.2 }, at(0.0, base_top + 1.15, 0.0)),
            accent(part(m, Torus::new(0.19, 0.24), at(0.0, base_top + 0.98, 0.0))),
        ];
        for i in 0..6 {
            let a = i as f32 * PI / 3.0;
            parts.push(accent(part(
                m,
                Cone { radius: 0.05, height: 0.14 },
                at(0.23 * a.cos(), base_top + 1.06, 0.23 * a.sin()),
            )));
        }
        parts
    };
    let gold_base = vec![
        part(m, Cylinder::new(0.37, 0.1), at(0.0, 0.05, 0.0)),
        part(m, Cylinder::new(0.31, 0.04), at(0.0, 0.11, 0.0)),
    ];
    let silver_base = vec![
        part(
            m,
            Extrusion::new(RegularPolygon::new(0.38, 6), 0.1),
            at(0.0, 0.05, 0.0).with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        ),
        accent(part(
            m,
            Extrusion::new(RegularPolygon::new(0.385, 6), 0.03),
            at(0.0, 0.07, 0.0).with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        )),
        part(
            m,
            Extrusion::new(RegularPolygon::new(0.31, 6), 0.04),
            at(0.0, 0.11, 0.0).with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        ),
    ];
    // Half-metallic: with no sky to reflect, fully metallic pieces would look black.
    let metal = |c: Color, roughness: f32| StandardMaterial {
        base_color: c,
        metallic: 0.55,
        perceptual_roughness: roughness,
        reflectance: 0.7,
        ..default()
    };
    commands.insert_resource(PieceLooks {
        parts: [raider, vizier, djinn, guard, khalif, camel],
        bases: [gold_base, silver_base],
        metal: [
            materials.add(metal(Color::srgb(1.0, 0.72, 0.22), 0.3)),
            materials.add(metal(Color::srgb(0.9, 0.93, 1.0), 0.25)),
        ],
        accent: [
            materials.add(metal(Color::srgb(0.75, 0.38, 0.12), 0.35)),
            materials.add(StandardMaterial {
                base_color: Color::srgb(0.08, 0.09, 0.12),
                metallic: 0.6,
                perceptual_roughness: 0.3,
                ..default()
            }),
        ],
    });
}

impl PieceLooks {
    fn spawn_parts(&self, commands: &mut Commands, entity: Entity, side: Side, kind: Kind) {
        let s = side.index();
        for p in self.bases[s].iter().chain(self.parts[kind.index()].iter()) {
            let material = if p.accent { self.accent[s].clone() } else { self.metal[s].clone() };
            commands.entity(entity).with_child((Mesh3d(p.mesh.clone()), MeshMaterial3d(material), p.at));
        }
    }
}

/// Gives each new piece its solids, and swaps them when a succession turns a Vizier into a
/// Khalif. Does nothing without the looks (headless tests).
fn dress_pieces(changed: Query<(Entity, Ref<PieceView>)>, looks: Option<Res<PieceLooks>>, mut commands: Commands) {
    let Some(looks) = looks else { return };
    for (entity, piece) in &changed {
        if !piece.is_changed() {
            continue;
        }
        if piece.is_added() {
            commands.entity(entity).insert((Transform::default(), Visibility::default()));
        } else {
            commands.entity(entity).despawn_children();
        }
        looks.spawn_parts(&mut commands, entity, piece.side, piece.kind);
    }
}

/// Puts every piece that is not animating where the board says: on its square facing the
/// opponent, in its tray, or (while dragged) under the pointer.
fn place_pieces(
    mut pieces: Query<
        (&PieceView, Option<&OnSquare>, Option<&InTray>, Option<&Dragged>, &mut Transform),
        Without<Animating>,
    >,
) {
    for (piece, on, tray, dragged, mut transform) in &mut pieces {
        *transform = match (on, tray, dragged) {
            (Some(_), _, Some(Dragged { at })) => Transform::from_translation(*at).with_rotation(facing(piece.side)),
            (Some(OnSquare(square)), _, None) => on_square(piece, *square),
            (None, Some(InTray { slot }), _) => in_tray(piece, *slot),
            (None, None, _) => continue,
        };
    }
}
