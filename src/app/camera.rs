//! The camera: seated at either end of the table, orbit and zoom within limits, a flat
//! top-down tactical view on one key, and (in hot seat) turning to the side to move.

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::camera::Hdr;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::post_process::bloom::Bloom;
use bevy::prelude::*;

use super::GameSystems;
use super::launch::{LaunchOptions, View};
use super::place::PlaceFog;
use super::session::{Session, Staged};
use super::settings::GameSettings;
use crate::persist::Quality;
use crate::rules::Side;
use crate::rules::view::Effect;

/// Pitch limits of the seated view (radians above the board plane).
const PITCH: (f32, f32) = (0.35, 1.35);
/// Zoom limits: distance from the board's centre.
const DISTANCE: (f32, f32) = (8.0, 24.0);
/// Pitch of the top-down view: just short of straight down, so "up" stays defined.
const TOP_PITCH: f32 = FRAC_PI_2 - 0.001;

/// A point of the table the camera closes in on for a moment (a capture's vignette), by
/// `weight` from 0 (the rig's own view) to 1 (close in); the top-down view ignores it.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct CameraFocus {
    pub at: Vec3,
    pub weight: f32,
}

/// How close a focused camera comes to its point.
const FOCUS_DISTANCE: f32 = 7.0;
/// The seated player's usual distance from the board's centre.
const SEATED_DISTANCE: f32 = 13.5;
/// How far above the board the camera's gaze rises when the player sits all the way back.
const LOOK_LIFT: f32 = 3.5;
/// Where the camera looks when nothing draws it: the board's centre, a little below.
const BOARD_CENTRE: Vec3 = Vec3::new(0.0, -0.5, 0.0);

/// Where the camera wants to be; the real camera eases towards it.
#[derive(Resource, Debug, Clone, Copy)]
pub struct CameraRig {
    /// Angle around the board: 0 behind Gold, π behind Silver.
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
    pub top_down: bool,
    /// Turn to the side to move after each turn (hot seat).
    pub follow_turn: bool,
    /// Orbit speed factor.
    pub sensitivity: f32,
}

impl CameraRig {
    pub fn seated(side: Side) -> CameraRig {
        CameraRig {
            yaw: yaw_of(side),
            pitch: 0.7,
            distance: SEATED_DISTANCE,
            top_down: false,
            follow_turn: true,
            sensitivity: 1.0,
        }
    }

    /// What the camera looks at: the board's centre, and above it as the player sits back
    /// past the usual seat, so the room and its crowd come into view beyond the board.
    fn gaze(&self) -> Vec3 {
        if self.top_down {
            return BOARD_CENTRE;
        }
        let back = ((self.distance - SEATED_DISTANCE) / (DISTANCE.1 - SEATED_DISTANCE)).clamp(0.0, 1.0);
        BOARD_CENTRE + Vec3::Y * back * LOOK_LIFT
    }

    fn eye(&self) -> Vec3 {
        let pitch = if self.top_down { TOP_PITCH } else { self.pitch };
        let distance = if self.top_down { self.distance.max(13.0) + 3.0 } else { self.distance };
        let flat = distance * pitch.cos();
        Vec3::new(flat * self.yaw.sin(), distance * pitch.sin(), flat * self.yaw.cos())
    }
}

fn yaw_of(side: Side) -> f32 {
    match side {
        Side::First => 0.0,
        Side::Second => PI,
    }
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(CameraRig::seated(Side::First))
        .init_resource::<CameraFocus>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (apply_camera_settings, follow_turns, orbit_and_zoom, toggle_top_down, ease_camera)
                .chain()
                .in_set(GameSystems::Present),
        );
}

fn spawn_camera(
    mut commands: Commands,
    options: Option<Res<LaunchOptions>>,
    settings: Res<GameSettings>,
    session: Res<Session>,
    mut rig: ResMut<CameraRig>,
) {
    *rig = CameraRig::seated(session.game.board().side_to_move);
    rig.top_down = match options.as_deref() {
        Some(o) if o.screenshot.is_some() => o.view == View::Top,
        _ => settings.settings.camera.start_top_down,
    };
    if options.as_deref().is_some_and(|o| o.view == View::Wide) {
        // Sat back from the table and looking across it: the place and the crowd in view.
        rig.distance = DISTANCE.1;
        rig.pitch = 0.42;
    }
    commands.spawn((
        Camera3d::default(),
        Hdr,
        Bloom::NATURAL,
        Projection::Perspective(PerspectiveProjection { fov: 0.75, ..default() }),
        DistanceFog {
            color: PlaceFog::default().0,
            falloff: FogFalloff::Linear { start: 40.0, end: 140.0 },
            ..default()
        },
        Transform::from_translation(rig.eye()).looking_at(rig.gaze(), Vec3::Y),
    ));
}

/// Follows the settings: turning to the side to move, orbit speed, and smooth edges.
fn apply_camera_settings(
    settings: Res<GameSettings>,
    mut rig: ResMut<CameraRig>,
    mut commands: Commands,
    camera: Query<Entity, With<Camera3d>>,
) {
    if !settings.is_changed() {
        return;
    }
    let s = &settings.settings;
    rig.follow_turn = s.camera.turn_to_side_to_move;
    rig.sensitivity = s.camera.orbit_sensitivity;
    let msaa = if s.graphics.msaa && s.graphics.quality != Quality::Low { Msaa::Sample4 } else { Msaa::Off };
    for entity in &camera {
        commands.entity(entity).insert(msaa);
    }
}

/// In hot seat the camera turns to the player whose turn it is.
fn follow_turns(mut staged: MessageReader<Staged>, mut rig: ResMut<CameraRig>) {
    for Staged(effect) in staged.read() {
        if let (Effect::TurnEnded { next }, true) = (effect, rig.follow_turn) {
            rig.yaw = yaw_of(*next);
        }
    }
}

fn orbit_and_zoom(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    mut rig: ResMut<CameraRig>,
) {
    if buttons.pressed(MouseButton::Right) {
        let k = rig.sensitivity;
        rig.yaw -= motion.delta.x * 0.005 * k;
        rig.pitch = (rig.pitch + motion.delta.y * 0.004 * k).clamp(PITCH.0, PITCH.1);
    }
    if scroll.delta.y != 0.0 {
        rig.distance = (rig.distance - scroll.delta.y * 0.8).clamp(DISTANCE.0, DISTANCE.1);
    }
}

fn toggle_top_down(keys: Res<ButtonInput<KeyCode>>, mut rig: ResMut<CameraRig>) {
    if keys.just_pressed(KeyCode::KeyT) {
        rig.top_down = !rig.top_down;
    }
}

/// Eases the camera towards the rig (drawn towards the focus, if any), turning the short way
/// round.
fn ease_camera(
    time: Res<Time>,
    rig: Res<CameraRig>,
    focus: Res<CameraFocus>,
    mut looking_at: Local<Option<Vec3>>,
    mut camera: Query<&mut Transform, With<Camera3d>>,
) {
    let Ok(mut transform) = camera.single_mut() else { return };
    let (target, look) = framing(&rig, *focus);
    let current = transform.translation;
    // Interpolate in cylindrical coordinates so a half turn swings round the table.
    let (r0, a0) = (Vec2::new(current.x, current.z).length(), current.x.atan2(current.z));
    let (r1, mut a1) = (Vec2::new(target.x, target.z).length(), target.x.atan2(target.z));
    while a1 - a0 > PI {
        a1 -= 2.0 * PI;
    }
    while a1 - a0 < -PI {
        a1 += 2.0 * PI;
    }
    let k = 1.0 - (-6.0 * time.delta_secs()).exp();
    let (r, a, y) = (r0 + (r1 - r0) * k, a0 + (a1 - a0) * k, current.y + (target.y - current.y) * k);
    transform.translation = Vec3::new(r * a.sin(), y, r * a.cos());
    let looked = looking_at.get_or_insert(look);
    *looked = looked.lerp(look, k);
    // "Up" on screen is away from the viewer's side, also in the top-down view.
    let up = Vec3::new(-a.sin(), 0.0, -a.cos()).lerp(Vec3::Y, if rig.top_down { 0.0 } else { 1.0 });
    transform.look_at(*looked, up.normalize_or(Vec3::Y));
}

/// Where the camera should be and what it should look at: the rig's view, drawn towards the
/// focus by its weight (seen from the same side, closer and a little lower).
fn framing(rig: &CameraRig, focus: CameraFocus) -> (Vec3, Vec3) {
    let (eye, gaze) = (rig.eye(), rig.gaze());
    if rig.top_down || focus.weight <= 0.0 {
        return (eye, gaze);
    }
    let back = (eye - BOARD_CENTRE).normalize_or(Vec3::Y);
    let close = focus.at + (back + Vec3::Y * -0.15).normalize_or(Vec3::Y) * FOCUS_DISTANCE;
    let w = focus.weight.clamp(0.0, 1.0);
    (eye.lerp(close, w), gaze.lerp(focus.at, w))
}
