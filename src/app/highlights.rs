//! Marks on the board, told apart by shape as well as colour: a ring under the picked-up piece,
//! dots on quiet destinations and rings on captures, a line to each target a shot can reach, a
//! low collar round each piece a Wagon can take aboard, corner brackets on the last move, tall
//! pulsing rings on the choices of a decision inside a turn (a successor, where a chain can
//! land next, the Pawn that promotes), crosses on threatened pieces (H), and a frame round
//! the keyboard cursor's cell, both following the cell's shape (square or hexagonal).

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::GameSystems;
use super::clicks::Selection;
use super::geometry::cell_centre;
use super::input::KeyCursor;
use super::screens::Screen;
use super::session::Session;
use super::stages::Animating;
use super::ui::UiState;
use crate::play::Reach;
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
    /// A shot's line and target.
    aim: Handle<StandardMaterial>,
}

/// The length of the threat crosses' and the cursor's bar, before stretching.
const BAR_LENGTH: f32 = 0.6;
/// The length of a last-move bracket's bar, before stretching to its edge.
const FRAME_BAR_LENGTH: f32 = 0.3;

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
        bar: meshes.add(Cuboid::new(BAR_LENGTH, 0.03, 0.09)),
        frame_bar: meshes.add(Cuboid::new(FRAME_BAR_LENGTH, 0.03, 0.06)),
        selected: glow(&mut materials, Color::srgba(1.0, 0.85, 0.35, 0.95), 2.0),
        destination: glow(&mut materials, Color::srgba(0.35, 0.95, 0.85, 0.8), 1.5),
        last_move: glow(&mut materials, Color::srgba(0.95, 0.75, 0.35, 0.8), 1.0),
        choice: glow(&mut materials, Color::srgba(1.0, 0.45, 0.9, 0.45), 2.0),
        threat: glow(&mut materials, Color::srgba(1.0, 0.25, 0.2, 0.9), 2.0),
        cursor: glow(&mut materials, Color::srgba(0.5, 0.8, 1.0, 0.95), 2.5),
        aim: glow(&mut materials, Color::srgba(1.0, 0.55, 0.25, 0.9), 2.0),
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
    let outline = crate::app::looks::cell_outline(session.game.id());
    let corners = |inset: f32| outline.iter().map(move |&c| Vec3::new(c.x, 0.0, c.y) * inset);
    // A bar lying along the board in the direction from `a` to `b`, centred on `centre`.
    let lying = |a: Vec3, b: Vec3, centre: Vec3| {
        let d = b - a;
        Transform::from_translation(centre).with_rotation(Quat::from_rotation_y((-d.z).atan2(d.x)))
    };
    if let Some((from, to)) = session.last_move {
        // Corner brackets: at each corner of the cell, two short bars along its two edges,
        // each covering two fifths of its edge from the corner.
        let inner: Vec<Vec3> = corners(0.76).collect();
        for square in [from, to] {
            for (i, &corner) in inner.iter().enumerate() {
                for neighbour in [inner[(i + 1) % inner.len()], inner[(i + inner.len() - 1) % inner.len()]] {
                    let edge = corner.distance(neighbour);
                    let centre = corner + (neighbour - corner) / edge * (0.2 * edge - 0.03);
                    let bar =
                        lying(corner, neighbour, centre).with_scale(Vec3::new(0.4 * edge / FRAME_BAR_LENGTH, 1.0, 1.0));
                    put(square, &looks.frame_bar, &looks.last_move, bar, false);
                }
            }
        }
    }
    match session.game.prompt().map(|p| p.ask) {
        Some(Ask::Move) => {
            if let Some(from) = selection.0 {
                put(from, &looks.ring, &looks.selected, Transform::default(), false);
                for (to, reach) in session.game.destinations(from) {
                    match reach {
                        Reach::Quiet => put(to, &looks.dot, &looks.destination, Transform::default(), false),
                        Reach::Captures => {
                            put(to, &looks.ring, &looks.destination, Transform::from_scale(Vec3::splat(0.85)), false)
                        }
                        // A low collar round the piece the carrier would take aboard.
                        Reach::Boards => {
                            let collar = Transform::from_xyz(0.0, 0.11, 0.0).with_scale(Vec3::new(0.8, 0.45, 0.8));
                            put(to, &looks.tall_ring, &looks.destination, collar, false)
                        }
                        Reach::Shoots => {
                            // The line of the shot, from the shooter to its target, and a ring
                            // on the target.
                            let (a, b) = (cell_centre(geometry, from), cell_centre(geometry, to));
                            let stretch = Vec3::new(a.distance(b) / BAR_LENGTH, 1.0, 0.35);
                            put(from, &looks.bar, &looks.aim, lying(a, b, (b - a) / 2.0).with_scale(stretch), false);
                            put(to, &looks.ring, &looks.aim, Transform::from_scale(Vec3::splat(0.85)), false);
                        }
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
        // A frame: a bar along each edge of the cell, the bar mesh stretched to the edge.
        let frame: Vec<Vec3> = corners(0.94).collect();
        for (i, &a) in frame.iter().enumerate() {
            let b = frame[(i + 1) % frame.len()];
            let bar = lying(a, b, (a + b) / 2.0 + Vec3::Y * 0.02);
            let stretch = Vec3::new(a.distance(b) / BAR_LENGTH, 1.0, 0.6);
            put(cursor.square, &looks.bar, &looks.cursor, bar.with_scale(stretch), false);
        }
    }
}

fn pulse(time: Res<Time>, mut marks: Query<&mut Transform, With<Pulse>>) {
    let s = 1.0 + 0.08 * (time.elapsed_secs() * 4.0).sin();
    for mut transform in &mut marks {
        transform.scale = Vec3::new(s, 1.0, s);
    }
}
