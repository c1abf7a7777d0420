//! Marks on the board, told apart by shape as well as colour: a ring under the picked-up piece,
//! dots on quiet destinations and rings on captures, corner frames on the last move, tall
//! pulsing rings on the choices of a decision inside a turn (a successor, where a chain can
//! land next, the Pawn that promotes), crosses on threatened pieces (H), and a square frame
//! for the keyboard cursor.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::GameSystems;
use super::clicks::Selection;
use super::geometry::{SQUARE, cell_centre};
use super::input::KeyCursor;
use super::screens::Screen;
use super::session::Session;
use super::stages::Animating;
use super::ui::UiState;
use crate::rules::view::{Ask, Cell};

/// A mark on the board; all are rebuilt together when what they show changes.
#[derive(Component)]
struct Mark;

/// A mark that breathes, to draw the eye to a decision.
#[derive(Component)]
struct Pulse;

#[derive(Resource)]
struct MarkLooks {
    dot: Handle<Mesh>,
    ring: Handle<Mesh>,
    tall_ring: Handle<Mesh>,
    bar: Handle<Mesh>,
    frame_bar: Handle<Mesh>,
    selected: Handle<StandardMaterial>,
    destination: Handle<StandardMaterial>,
    last_move: Handle<StandardMaterial>,
    choice: Handle<StandardMaterial>,
    threat: Handle<StandardMaterial>,
    cursor: Handle<StandardMaterial>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_looks)
        .add_systems(Update, (rebuild_marks, pulse).chain().in_set(GameSystems::Present));
}

fn glow(materials: &mut Assets<StandardMaterial>, color: Color, strength: f32) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color,
        emissive: LinearRgba::from(color) * strength,
        unlit: true,
        alpha_mode: AlphaMode::Blend,
        ..default()
    })
}

fn make_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(MarkLooks {
        dot: meshes.add(Cylinder::new(0.12, 0.02)),
        ring: meshes.add(Torus::new(0.36, 0.44)),
        tall_ring: meshes.add(Cylinder::new(0.46, 0.5).mesh().without_caps()),
        bar: meshes.add(Cuboid::new(0.6, 0.03, 0.09)),
        frame_bar: meshes.add(Cuboid::new(0.3, 0.03, 0.06)),
        selected: glow(&mut materials, Color::srgba(1.0, 0.85, 0.35, 0.95), 2.0),
        destination: glow(&mut materials, Color::srgba(0.35, 0.95, 0.85, 0.8), 1.5),
        last_move: glow(&mut materials, Color::srgba(0.95, 0.75, 0.35, 0.8), 1.0),
        choice: glow(&mut materials, Color::srgba(1.0, 0.45, 0.9, 0.45), 2.0),
        threat: glow(&mut materials, Color::srgba(1.0, 0.25, 0.2, 0.9), 2.0),
        cursor: glow(&mut materials, Color::srgba(0.5, 0.8, 1.0, 0.95), 2.5),
    });
}

#[allow(clippy::too_many_arguments)]
fn rebuild_marks(
    mut commands: Commands,
    looks: Res<MarkLooks>,
    session: Res<Session>,
    selection: Res<Selection>,
    cursor: Res<KeyCursor>,
    ui_state: Res<UiState>,
    screen: Res<State<Screen>>,
    animating: Query<(), With<Animating>>,
    marks: Query<Entity, With<Mark>>,
    mut was_animating: Local<bool>,
) {
    let busy = !animating.is_empty();
    let changed = session.is_changed()
        || selection.is_changed()
        || cursor.is_changed()
        || ui_state.is_changed()
        || screen.is_changed()
        || busy != *was_animating;
    *was_animating = busy;
    if !changed {
        return;
    }
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    if *screen.get() == Screen::Title || busy || session.view.is_some() {
        return;
    }
    let geometry = session.geometry();
    let lift = Vec3::Y * (0.012 + crate::app::looks::mark_lift(session.game.id()));
    let mut put =
        |square: Cell, mesh: &Handle<Mesh>, material: &Handle<StandardMaterial>, at: Transform, pulse: bool| {
            let mut entity = commands.spawn((
                Mark,
                Mesh3d(mesh.clone()),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(cell_centre(geometry, square) + at.translation + lift)
                    .with_rotation(at.rotation)
                    .with_scale(at.scale),
                NotShadowCaster,
                bevy::picking::Pickable::IGNORE,
            ));
            if pulse {
                entity.insert(Pulse);
            }
        };
    if let Some((from, to)) = session.last_move {
        // Corner brackets: two short bars at each corner.
        for square in [from, to] {
            for (cx, cz) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                let corner = Vec3::new(cx * 0.38 * SQUARE, 0.0, cz * 0.38 * SQUARE);
                put(
                    square,
                    &looks.frame_bar,
                    &looks.last_move,
                    Transform::from_translation(corner - Vec3::X * cx * 0.12),
                    false,
                );
                put(
                    square,
                    &looks.frame_bar,
                    &looks.last_move,
                    Transform::from_translation(corner - Vec3::Z * cz * 0.12)
                        .with_rotation(Quat::from_rotation_y(std::f32::consts::FRAC_PI_2)),
                    false,
                );
            }
        }
    }
    match session.game.prompt().map(|p| p.ask) {
        Some(Ask::Move) => {
            if let Some(from) = selection.0 {
                put(from, &looks.ring, &looks.selected, Transform::default(), false);
                for (to, captures) in session.game.destinations(from) {
                    if captures {
                        put(to, &looks.ring, &looks.destination, Transform::from_scale(Vec3::splat(0.85)), false);
                    } else {
                        put(to, &looks.dot, &looks.destination, Transform::default(), false);
                    }
                }
            }
        }
        Some(Ask::Cells { cells, from, .. }) => {
            for cell in cells {
                put(cell, &looks.tall_ring, &looks.choice, Transform::from_xyz(0.0, 0.25, 0.0), true);
            }
            if let Some(from) = from {
                put(from, &looks.ring, &looks.selected, Transform::default(), false);
            }
        }
        Some(Ask::Piece { at, .. }) => {
            put(at, &looks.tall_ring, &looks.choice, Transform::from_xyz(0.0, 0.25, 0.0), true);
        }
        Some(Ask::Place { cells, .. }) => {
            for cell in cells {
                put(cell, &looks.dot, &looks.choice, Transform::default(), true);
            }
        }
        None => {}
    }
    if ui_state.threats && session.game.outcome().is_none() {
        for square in session.game.threatened() {
            let x = |angle: f32| Transform::from_xyz(0.0, 0.01, 0.0).with_rotation(Quat::from_rotation_y(angle));
            put(square, &looks.bar, &looks.threat, x(0.785), false);
            put(square, &looks.bar, &looks.threat, x(-0.785), false);
        }
    }
    if cursor.visible {
        for (dx, dz, angle) in [
            (0.0, -0.47, 0.0),
            (0.0, 0.47, 0.0),
            (-0.47, 0.0, std::f32::consts::FRAC_PI_2),
            (0.47, 0.0, std::f32::consts::FRAC_PI_2),
        ] {
            put(
                cursor.square,
                &looks.bar,
                &looks.cursor,
                Transform::from_xyz(dx, 0.02, dz)
                    .with_rotation(Quat::from_rotation_y(angle))
                    .with_scale(Vec3::new(1.55, 1.0, 0.6)),
                false,
            );
        }
    }
}

fn pulse(time: Res<Time>, mut marks: Query<&mut Transform, With<Pulse>>) {
    let s = 1.0 + 0.08 * (time.elapsed_secs() * 4.0).sin();
    for mut transform in &mut marks {
        transform.scale = Vec3::new(s, 1.0, s);
    }
}
