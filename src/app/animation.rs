//! Pieces move with easing: they slide, leapers leap (the Djinn, the Knight), a Guard dashes
//! in on a retaliation, a desert jumper hops over each piece of its chain, the two flanks of a
//! custodian capture lean in on their victim, a Khitan tile rolls over its edge onto the next
//! cell and a line of fire runs from the capturing edge to each piece it takes, an Archer's
//! arrow flies to its target, a passenger hops onto its Wagon and off again, a piece from
//! the reserve drops onto its cell, captured pieces topple into their owner's tray, a crowned
//! Vizier, a promoted Pawn or a piece home on its Haven rises and turns. Speed comes from the
//! settings; a click or Space finishes every animation at once.

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use bevy::prelude::*;

use super::GameSystems;
use super::board::{InTray, OnSquare, PieceView, Riding};
use super::geometry::{cell_centre, facing, tray_slot};
use super::looks::rest;
use super::screens::Screen;
use super::session::{Session, Staged};
use super::settings::GameSettings;
use super::stages::Animating;
use crate::rules::geometry::Geometry;
use crate::rules::view::{Cell, Effect, Motion as Travel};
use crate::rules::{GameId, Outcome, WinReason};

/// How a piece travels.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Motion {
    Slide,
    /// An arc, the Djinn's leap.
    Leap,
    /// Fast and low, the Guard's retaliation.
    Dash,
    /// A short, quick arc over the piece taken: one jump of a chain.
    Hop,
    /// Knocked over and carried to the tray.
    Topple,
    /// Rises, turns once and settles: succession.
    Crown,
    /// Leans in toward a piece it closes on and back: the two flanks of a custodian capture.
    Squeeze,
    /// Rolls over the edge it shares with the next cell, landing mirrored: a Khitan flip.
    Roll,
    /// Drops onto its cell from above: a piece placed from the reserve.
    Drop,
    /// Straight and fast, with a shallow arc: an arrow in flight.
    Fly,
}

impl Motion {
    /// How long the motion takes at normal speed.
    fn seconds(self) -> f32 {
        match self {
            Motion::Slide => 0.45,
            Motion::Leap => 0.55,
            Motion::Dash => 0.3,
            Motion::Hop => 0.4,
            Motion::Topple => 0.75,
            Motion::Crown => 0.9,
            Motion::Squeeze => 0.5,
            Motion::Roll => 0.55,
            Motion::Drop => 0.45,
            Motion::Fly => 0.5,
        }
    }
}

/// Gone once its animation ends (an arrow that has struck).
#[derive(Component, Debug)]
struct Vanish;

/// A line of fire from a capturing piece to the piece it takes, fading out.
#[derive(Component, Debug)]
struct LineOfFire {
    left: f32,
    life: f32,
}

/// A running animation from one transform to another.
#[derive(Component, Debug)]
pub struct Tween {
    from: Transform,
    to: Transform,
    motion: Motion,
    delay: f32,
    elapsed: f32,
    duration: f32,
}

/// Finish every running animation now.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SkipAnimations;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SkipAnimations>().add_systems(
        Update,
        (start_animations, skip_animations, run_tweens, fade_lines_of_fire).chain().in_set(GameSystems::Animate),
    );
}

/// Where a piece of `game` rests on a cell: facing the opponent, or as its game orients it.
pub fn on_square(geometry: &Geometry, game: GameId, piece: &PieceView, cell: Cell) -> Transform {
    Transform::from_translation(cell_centre(geometry, cell)) * rest(game, piece.side, piece.kind)
}

/// The passengers riding `carrier`, in seat order (by kind, then by entity), from
/// `(carrier, kind, rider)` triples: the order [`riding`]'s seats are numbered in.
pub fn seat_order(carrier: Entity, riders: impl Iterator<Item = (Entity, u8, Entity)>) -> Vec<Entity> {
    let mut seated: Vec<(u8, Entity)> =
        riders.filter(|r| r.0 == carrier).map(|(_, kind, rider)| (kind, rider)).collect();
    seated.sort();
    seated.into_iter().map(|(_, rider)| rider).collect()
}

/// Where a passenger sits: seat `seat` of `count` in a row along the top of its carrier, small,
/// facing as the carrier faces.
pub fn riding(carrier: &Transform, seat: usize, count: usize) -> Transform {
    let along = (seat as f32 - (count.max(1) - 1) as f32 / 2.0) * 0.19;
    Transform {
        translation: carrier.translation + carrier.rotation * Vec3::new(along, 0.5, 0.0),
        rotation: carrier.rotation,
        scale: Vec3::splat(0.58),
    }
}

/// Where a captured piece rests: lying on its side in its owner's tray.
pub fn in_tray(piece: &PieceView, slot: usize) -> Transform {
    Transform::from_translation(tray_slot(piece.side, slot) + Vec3::Y * 0.37)
        .with_rotation(facing(piece.side) * Quat::from_rotation_z(FRAC_PI_2))
}

/// A piece as animations find it: where it is now, and on a square, in a tray or riding.
type AnimatedPiece = (
    Entity,
    &'static PieceView,
    &'static Transform,
    Option<&'static OnSquare>,
    Option<&'static InTray>,
    Option<&'static Riding>,
);

/// The mesh and material of a line of fire, made once.
#[derive(Default)]
struct Beam(Option<(Handle<Mesh>, Handle<StandardMaterial>)>);

/// An arrow's solids (shaft, head, fletching), pointing along +X, made once.
#[derive(Default)]
struct Arrow(Vec<(Handle<Mesh>, Handle<StandardMaterial>, Transform)>);

impl Arrow {
    fn parts(
        &mut self,
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
    ) -> &[(Handle<Mesh>, Handle<StandardMaterial>, Transform)] {
        if self.0.is_empty() {
            let wood = materials.add(StandardMaterial { base_color: Color::srgb(0.55, 0.38, 0.2), ..default() });
            let iron = materials.add(StandardMaterial {
                base_color: Color::srgb(0.6, 0.6, 0.62),
                metallic: 0.8,
                perceptual_roughness: 0.35,
                ..default()
            });
            let feather = materials.add(StandardMaterial { base_color: Color::srgb(0.92, 0.9, 0.85), ..default() });
            let along_x = Quat::from_rotation_z(-FRAC_PI_2);
            self.0 = vec![
                (meshes.add(Cylinder::new(0.025, 0.62)), wood, Transform::from_rotation(along_x)),
                (
                    meshes.add(Cone { radius: 0.06, height: 0.14 }),
                    iron,
                    Transform::from_xyz(0.37, 0.0, 0.0).with_rotation(along_x),
                ),
                (meshes.add(Cuboid::new(0.14, 0.1, 0.01)), feather, Transform::from_xyz(-0.25, 0.0, 0.0)),
            ];
        }
        &self.0
    }
}

#[allow(clippy::too_many_arguments)]
fn start_animations(
    mut staged: MessageReader<Staged>,
    session: Res<Session>,
    settings: Res<GameSettings>,
    mut commands: Commands,
    pieces: Query<AnimatedPiece>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut beam: Local<Beam>,
    mut arrow: Local<Arrow>,
) {
    let speed = settings.settings.animation_speed.max(0.1);
    if settings.settings.skip_animations {
        staged.clear();
        return;
    }
    let mut animate = |entity: Entity, from: Transform, to: Transform, motion: Motion, delay: f32| {
        let base = motion.seconds();
        commands.entity(entity).insert((
            Tween { from, to, motion, delay: delay / speed, elapsed: 0.0, duration: base / speed },
            Animating,
        ));
    };
    let geometry = session.geometry();
    let game = session.game.id();
    let mut lines_of_fire = Vec::new();
    let mut arrows = Vec::new();
    for Staged(effect) in staged.read() {
        match *effect {
            Effect::Move { to, motion, .. } => {
                let motion = match motion {
                    Travel::Slide => Motion::Slide,
                    Travel::Leap => Motion::Leap,
                    Travel::Dash => Motion::Dash,
                    Travel::Hop => Motion::Hop,
                    Travel::Roll => Motion::Roll,
                };
                if let Some((entity, piece, transform, ..)) = pieces.iter().find(|p| p.3 == Some(&OnSquare(to))) {
                    animate(entity, *transform, on_square(geometry, game, piece, to), motion, 0.0);
                }
            }
            Effect::Shot { at, by, .. } if crate::app::looks::arrows(game) => {
                // The arrow leaves the bow at chest height and strikes the target's body.
                let (start, end) =
                    (cell_centre(geometry, by) + Vec3::Y * 0.55, cell_centre(geometry, at) + Vec3::Y * 0.4);
                let along = Quat::from_rotation_arc(Vec3::X, (end - start).normalize_or(Vec3::X));
                let from = Transform::from_translation(start).with_rotation(along);
                arrows.push((from, from.with_translation(end)));
            }
            Effect::Shot { at, by, .. } => {
                let (mesh, material) = beam.0.get_or_insert_with(|| {
                    let glow = StandardMaterial {
                        base_color: Color::srgb(1.0, 0.85, 0.45),
                        emissive: LinearRgba::rgb(6.0, 3.6, 1.2),
                        unlit: true,
                        ..default()
                    };
                    (meshes.add(Cylinder::new(0.035, 1.0)), materials.add(glow))
                });
                let (start, end) = (cell_centre(geometry, by), cell_centre(geometry, at));
                let length = start.distance(end);
                let along = Quat::from_rotation_arc(Vec3::Y, (end - start).normalize_or(Vec3::X));
                let life = 0.7 / speed;
                lines_of_fire.push((
                    LineOfFire { left: life, life },
                    Mesh3d(mesh.clone()),
                    MeshMaterial3d(material.clone()),
                    Transform::from_translation((start + end) / 2.0 + Vec3::Y * 0.12)
                        .with_rotation(along)
                        .with_scale(Vec3::new(1.0, length, 1.0)),
                    DespawnOnExit(Screen::Match),
                ));
            }
            // A passenger hops from the square it is loaded on up onto its carrier's top, and
            // down from there to the square it is set on.
            Effect::Boarded { carrier, .. } => {
                if let Some((carrier, _, carrier_at, ..)) = pieces.iter().find(|p| p.3 == Some(&OnSquare(carrier))) {
                    let aboard = pieces.iter().filter_map(|p| p.5.map(|r| (r.carrier, p.1.kind, p.0)));
                    let seats = seat_order(carrier, aboard);
                    for (seat, &rider) in seats.iter().enumerate() {
                        if let Ok((_, _, transform, ..)) = pieces.get(rider) {
                            animate(rider, *transform, riding(carrier_at, seat, seats.len()), Motion::Hop, 0.0);
                        }
                    }
                }
            }
            Effect::Alighted { to, .. } => {
                if let Some((entity, piece, transform, ..)) = pieces.iter().find(|p| p.3 == Some(&OnSquare(to))) {
                    animate(entity, *transform, on_square(geometry, game, piece, to), Motion::Hop, 0.0);
                }
            }
            Effect::Placed { at, .. } => {
                if let Some((entity, piece, ..)) = pieces.iter().find(|p| p.3 == Some(&OnSquare(at))) {
                    let rest = on_square(geometry, game, piece, at);
                    animate(entity, rest.with_translation(rest.translation + Vec3::Y * 1.4), rest, Motion::Drop, 0.0);
                }
            }
            Effect::Taken { at, by, partner, .. } => {
                // Both flanks lean in on the victim before it topples into its tray.
                let centre = cell_centre(geometry, at);
                for flank in [Some(by), partner].into_iter().flatten() {
                    if let Some((entity, piece, ..)) = pieces.iter().find(|p| p.3 == Some(&OnSquare(flank))) {
                        let rest = on_square(geometry, game, piece, flank);
                        let lean = rest.with_translation(rest.translation.lerp(centre, 0.3));
                        animate(entity, rest, lean, Motion::Squeeze, 0.0);
                    }
                }
            }
            Effect::Change { at, .. } => {
                if let Some((entity, piece, transform, ..)) = pieces.iter().find(|p| p.3 == Some(&OnSquare(at))) {
                    animate(entity, *transform, on_square(geometry, game, piece, at), Motion::Crown, 0.0);
                }
            }
            // A piece home on its goal (Chafl's Haven) rises and turns in triumph.
            Effect::GameOver(Outcome::Win { winner, reason: WinReason::ReachedGoal }) => {
                for &(goal, _) in geometry.goals.iter().filter(|(_, owner)| *owner == winner) {
                    let home = pieces.iter().find(|p| p.3 == Some(&OnSquare(goal)) && p.1.side == winner);
                    if let Some((entity, piece, transform, ..)) = home {
                        animate(entity, *transform, on_square(geometry, game, piece, goal), Motion::Crown, 0.2);
                    }
                }
            }
            _ => {}
        }
        if let Some((_, victim)) = effect.taken() {
            let fallen =
                pieces.iter().filter(|p| p.4.is_some() && p.1.code() == victim).max_by_key(|p| p.4.map(|t| t.slot));
            if let Some((entity, piece, transform, _, Some(InTray { slot }), _)) = fallen {
                // A piece shot falls when the arrow strikes it.
                let arrow_flies = matches!(effect, Effect::Shot { .. }) && crate::app::looks::arrows(game);
                let delay = if arrow_flies { Motion::Fly.seconds() } else { 0.3 };
                animate(entity, *transform, in_tray(piece, *slot), Motion::Topple, delay);
            }
        }
    }
    for line in lines_of_fire {
        commands.spawn(line);
    }
    for (from, to) in arrows {
        let flight =
            Tween { from, to, motion: Motion::Fly, delay: 0.0, elapsed: 0.0, duration: Motion::Fly.seconds() / speed };
        let mut entity =
            commands.spawn((Vanish, flight, Animating, from, Visibility::default(), DespawnOnExit(Screen::Match)));
        for (mesh, material, at) in arrow.parts(&mut meshes, &mut materials) {
            entity.with_child((Mesh3d(mesh.clone()), MeshMaterial3d(material.clone()), *at));
        }
    }
}

fn skip_animations(
    mut skip: MessageReader<SkipAnimations>,
    mut tweens: Query<&mut Tween>,
    mut lines: Query<&mut LineOfFire>,
) {
    if skip.read().count() > 0 {
        for mut tween in &mut tweens {
            tween.delay = 0.0;
            tween.elapsed = tween.duration;
        }
        for mut line in &mut lines {
            line.left = 0.0;
        }
    }
}

/// Lines of fire thin out and vanish.
fn fade_lines_of_fire(
    time: Res<Time>,
    mut commands: Commands,
    mut lines: Query<(Entity, &mut LineOfFire, &mut Transform)>,
) {
    for (entity, mut line, mut transform) in &mut lines {
        line.left -= time.delta_secs();
        if line.left <= 0.0 {
            commands.entity(entity).despawn();
            continue;
        }
        let k = (line.left / line.life).clamp(0.0, 1.0);
        transform.scale.x = k;
        transform.scale.z = k;
    }
}

fn run_tweens(
    time: Res<Time>,
    mut commands: Commands,
    mut tweens: Query<(Entity, &mut Tween, &mut Transform, Has<Vanish>)>,
) {
    for (entity, mut tween, mut transform, vanish) in &mut tweens {
        if tween.delay > 0.0 {
            tween.delay -= time.delta_secs();
            continue;
        }
        tween.elapsed += time.delta_secs();
        let t = (tween.elapsed / tween.duration).clamp(0.0, 1.0);
        *transform = sample(&tween, t);
        if t >= 1.0 && vanish {
            commands.entity(entity).despawn();
        } else if t >= 1.0 {
            commands.entity(entity).remove::<(Tween, Animating)>();
        }
    }
}

fn ease(function: EaseFunction, t: f32) -> f32 {
    EasingCurve::new(0.0, 1.0, function).sample_clamped(t)
}

/// The transform at progress `t` (0..=1) of a tween.
fn sample(tween: &Tween, t: f32) -> Transform {
    let (from, to) = (tween.from, tween.to);
    let mut out = to;
    match tween.motion {
        Motion::Slide | Motion::Dash => {
            let k = ease(
                if tween.motion == Motion::Dash { EaseFunction::QuadraticIn } else { EaseFunction::CubicInOut },
                t,
            );
            out.translation = from.translation.lerp(to.translation, k) + Vec3::Y * (PI * k).sin() * 0.15;
            out.rotation = from.rotation.slerp(to.rotation, k);
        }
        Motion::Leap | Motion::Hop => {
            let k = ease(EaseFunction::SineInOut, t);
            let height = if tween.motion == Motion::Leap { 1.6 } else { 0.9 };
            out.translation = from.translation.lerp(to.translation, k) + Vec3::Y * (PI * k).sin() * height;
            out.rotation = from.rotation.slerp(to.rotation, k);
        }
        Motion::Topple => {
            // First tip over where it stood, then glide to the tray.
            if t < 0.4 {
                let k = ease(EaseFunction::BounceOut, t / 0.4);
                out.translation = from.translation;
                out.rotation = from.rotation.slerp(to.rotation, k);
            } else {
                let k = ease(EaseFunction::CubicInOut, (t - 0.4) / 0.6);
                out.translation = from.translation.lerp(to.translation, k) + Vec3::Y * (PI * k).sin() * 0.8;
                out.rotation = to.rotation;
            }
        }
        Motion::Roll => {
            // About the edge shared with the next cell, half a turn: the tile lands mirrored,
            // which its two faces, printed alike, make the same as its rest on the new cell.
            let k = ease(EaseFunction::CubicInOut, t);
            let hinge = (from.translation + to.translation) / 2.0;
            let axis = Vec3::Y.cross(to.translation - from.translation).normalize_or(Vec3::X);
            let turn = Quat::from_axis_angle(axis, PI * k);
            out.translation = hinge + turn * (from.translation - hinge) + Vec3::Y * (PI * k).sin() * 0.2;
            out.rotation = turn * from.rotation;
            if t >= 1.0 {
                out = to;
            }
        }
        Motion::Drop => {
            let k = ease(EaseFunction::BounceOut, t);
            out.translation = from.translation.lerp(to.translation, k);
        }
        Motion::Fly => {
            let lift = 0.06 * from.translation.distance(to.translation);
            out.translation = from.translation.lerp(to.translation, t) + Vec3::Y * (PI * t).sin() * lift;
        }
        Motion::Squeeze => {
            // Out to the lean and back to rest.
            let k = (PI * ease(EaseFunction::SineInOut, t)).sin();
            out.translation = from.translation.lerp(to.translation, k);
            out.rotation = from.rotation;
        }
        Motion::Crown => {
            let rise = (PI * t).sin();
            out.translation = to.translation + Vec3::Y * rise * 0.7;
            out.rotation = to.rotation * Quat::from_rotation_y(ease(EaseFunction::CubicInOut, t) * TAU);
            out.scale = Vec3::splat(1.0 + rise * 0.25);
        }
    }
    out
}
