//! What a vignette shows (`vignette.rs` decides which plays and for how long): the camera
//! closes in on the blow the first time its kind is seen in a match, and when the blow lands
//! a burst of its own (sparks of a Guard's strike, the violet smoke of a Djinn, the dust of a
//! jump or a squeeze, the glint of a Templar's blade, an arrow's splinters, a tile's embers,
//! the gold of a crowning) flies out with a ring and a flash of light. Low graphics quality
//! keeps the camera's move and leaves the bursts out.

use std::f32::consts::TAU;

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::GameSystems;
use super::camera::CameraFocus;
use super::geometry::cell_centre;
use super::screens::Screen;
use super::session::Session;
use super::settings::GameSettings;
use super::vignette::{Vignette, VignetteKind};
use crate::persist::Quality;

/// On a vignette once its burst has been thrown.
#[derive(Component)]
struct Landed;

/// A mote of a burst: flies, falls (or rises) and shrinks away.
#[derive(Component)]
struct Mote {
    velocity: Vec3,
    /// Downward pull; negative rises like smoke.
    gravity: f32,
    age: f32,
    life: f32,
    size: f32,
}

/// A ring spreading out from the blow and thinning.
#[derive(Component)]
struct Ring {
    age: f32,
    life: f32,
    reach: f32,
    rise: f32,
}

/// A flash of light at the blow, dying down.
#[derive(Component)]
struct Flash {
    age: f32,
    life: f32,
    peak: f32,
}

/// How a kind's burst looks: its motes' colour and glow, how they fly, its ring and flash.
struct Burst {
    colour: Color,
    glow: f32,
    motes: usize,
    /// Outward speed, upward speed, downward pull, life, size.
    speed: f32,
    lift: f32,
    gravity: f32,
    life: f32,
    size: f32,
    /// Motes swirl round the blow instead of flying straight out (a Djinn's smoke).
    swirl: bool,
    /// Flat shards instead of round motes (splinters, glints, sparks).
    shards: bool,
    ring: Option<f32>,
    flash: f32,
}

fn burst(kind: VignetteKind) -> Burst {
    let plain = Burst {
        colour: Color::srgb(0.62, 0.5, 0.36),
        glow: 0.0,
        motes: 10,
        speed: 1.1,
        lift: 0.8,
        gravity: 3.0,
        life: 0.6,
        size: 0.06,
        swirl: false,
        shards: false,
        ring: None,
        flash: 0.0,
    };
    match kind {
        VignetteKind::Strike => plain,
        VignetteKind::Retaliation => Burst {
            colour: Color::srgb(1.0, 0.6, 0.2),
            glow: 8.0,
            motes: 18,
            speed: 3.0,
            lift: 2.0,
            gravity: 7.0,
            life: 0.5,
            size: 0.04,
            shards: true,
            ring: Some(1.3),
            flash: 3.0e5,
            ..plain
        },
        VignetteKind::LeapingStrike => Burst {
            colour: Color::srgb(0.55, 0.35, 0.95),
            glow: 3.0,
            motes: 16,
            speed: 1.5,
            lift: 1.2,
            gravity: -0.6,
            life: 0.9,
            size: 0.09,
            swirl: true,
            ring: Some(1.5),
            flash: 2.0e5,
            ..plain
        },
        VignetteKind::JumpChain => Burst { motes: 8, ring: Some(0.8), ..plain },
        VignetteKind::Squeeze => Burst { motes: 12, speed: 1.4, ring: Some(1.0), ..plain },
        VignetteKind::Slay => Burst {
            colour: Color::srgb(0.85, 0.9, 1.0),
            glow: 5.0,
            motes: 14,
            speed: 2.2,
            lift: 1.0,
            gravity: 2.0,
            life: 0.5,
            size: 0.035,
            shards: true,
            ring: Some(0.9),
            flash: 2.0e5,
            ..plain
        },
        VignetteKind::ArrowShot => Burst {
            colour: Color::srgb(0.55, 0.38, 0.2),
            motes: 12,
            speed: 2.0,
            lift: 1.4,
            gravity: 6.0,
            size: 0.05,
            shards: true,
            flash: 0.8e5,
            ..plain
        },
        VignetteKind::LineOfFire => Burst {
            colour: Color::srgb(1.0, 0.75, 0.3),
            glow: 6.0,
            motes: 14,
            speed: 0.8,
            lift: 1.2,
            gravity: -1.0,
            life: 0.8,
            size: 0.04,
            ring: Some(1.0),
            flash: 2.0e5,
            ..plain
        },
        VignetteKind::Crowning => Burst {
            colour: Color::srgb(1.0, 0.82, 0.35),
            glow: 6.0,
            motes: 20,
            speed: 0.5,
            lift: 1.6,
            gravity: -0.4,
            life: 1.0,
            size: 0.045,
            swirl: true,
            ring: Some(0.9),
            flash: 2.5e5,
            ..plain
        },
    }
}

/// The shapes of motes and rings, made once.
struct Shapes {
    mote: Handle<Mesh>,
    shard: Handle<Mesh>,
    ring: Handle<Mesh>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (frame_the_blow, throw_bursts, fly_motes, spread_rings, fade_flashes).chain().in_set(GameSystems::Present),
    );
}

/// The share of the close-up at progress `t` of a first vignette: in, hold, out.
fn closeness(t: f32) -> f32 {
    let ramp = |x: f32| x.clamp(0.0, 1.0) * x.clamp(0.0, 1.0) * (3.0 - 2.0 * x.clamp(0.0, 1.0));
    ramp(t / 0.25).min(ramp((1.0 - t) / 0.3))
}

/// While the first vignette of its kind plays, the camera closes in on the blow.
fn frame_the_blow(session: Res<Session>, vignettes: Query<&Vignette>, mut focus: ResMut<CameraFocus>) {
    let geometry = session.geometry();
    let wanted = vignettes.iter().filter(|v| v.first).last().map(|v| {
        let at = cell_centre(geometry, v.at);
        let by = cell_centre(geometry, v.by);
        CameraFocus { at: at.lerp(by, 0.3), weight: closeness(v.progress()) }
    });
    let wanted = wanted.unwrap_or_default();
    if *focus != wanted {
        *focus = wanted;
    }
}

/// When the blow lands, its burst flies out (not on low graphics quality).
#[allow(clippy::too_many_arguments)]
fn throw_bursts(
    session: Res<Session>,
    settings: Res<GameSettings>,
    vignettes: Query<(Entity, &Vignette), Without<Landed>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut shapes: Local<Option<Shapes>>,
    mut paints: Local<Vec<(VignetteKind, Handle<StandardMaterial>)>>,
) {
    let low = settings.settings.graphics.quality == Quality::Low;
    for (entity, vignette) in &vignettes {
        if vignette.progress() < vignette.kind.impact() {
            continue;
        }
        commands.entity(entity).insert(Landed);
        if low {
            continue;
        }
        let shapes = shapes.get_or_insert_with(|| Shapes {
            mote: meshes.add(Sphere::new(1.0).mesh().ico(1).expect("a small icosphere")),
            shard: meshes.add(Cuboid::new(2.0, 0.5, 1.0)),
            ring: meshes.add(Torus::new(0.92, 1.0)),
        });
        let look = burst(vignette.kind);
        let paint = match paints.iter().find(|(k, _)| *k == vignette.kind) {
            Some((_, paint)) => paint.clone(),
            None => {
                let paint = materials.add(StandardMaterial {
                    base_color: look.colour,
                    emissive: look.colour.to_linear() * look.glow,
                    perceptual_roughness: 0.8,
                    ..default()
                });
                paints.push((vignette.kind, paint.clone()));
                paint
            }
        };
        let centre = cell_centre(session.geometry(), vignette.at) + Vec3::Y * 0.35;
        // Shorter vignettes throw shorter bursts.
        let pace = (vignette.length / vignette.kind.seconds()).clamp(0.3, 1.5);
        let mesh = if look.shards { &shapes.shard } else { &shapes.mote };
        for i in 0..look.motes {
            let angle = TAU * (i as f32 + 0.5 * (i % 2) as f32) / look.motes as f32;
            let out = Vec3::new(angle.cos(), 0.0, angle.sin());
            let spread = 0.7 + 0.3 * ((i * 7 % 5) as f32 / 4.0);
            let velocity = if look.swirl {
                (out.cross(Vec3::Y) * 1.2 + out * 0.4) * look.speed * spread + Vec3::Y * look.lift
            } else {
                out * look.speed * spread + Vec3::Y * look.lift * (0.6 + 0.4 * spread)
            };
            let start = if look.swirl { centre + out * 0.25 } else { centre };
            commands.spawn((
                Mote { velocity, gravity: look.gravity, age: 0.0, life: look.life * pace, size: look.size },
                Mesh3d(mesh.clone()),
                MeshMaterial3d(paint.clone()),
                Transform::from_translation(start)
                    .with_rotation(Quat::from_rotation_arc(Vec3::X, velocity.normalize_or(Vec3::X)))
                    .with_scale(Vec3::splat(look.size)),
                NotShadowCaster,
                DespawnOnExit(Screen::Match),
            ));
        }
        if let Some(reach) = look.ring {
            let rise = if vignette.kind == VignetteKind::Crowning { 0.9 } else { 0.0 };
            commands.spawn((
                Ring { age: 0.0, life: 0.6 * pace, reach, rise },
                Mesh3d(shapes.ring.clone()),
                MeshMaterial3d(paint.clone()),
                Transform::from_translation(centre - Vec3::Y * 0.3).with_scale(Vec3::splat(0.2)),
                NotShadowCaster,
                DespawnOnExit(Screen::Match),
            ));
        }
        if look.flash > 0.0 {
            commands.spawn((
                Flash { age: 0.0, life: 0.45 * pace, peak: look.flash },
                PointLight { color: look.colour, intensity: look.flash, range: 6.0, radius: 0.2, ..default() },
                Transform::from_translation(centre + Vec3::Y * 0.4),
                DespawnOnExit(Screen::Match),
            ));
        }
    }
}

fn fly_motes(time: Res<Time>, mut commands: Commands, mut motes: Query<(Entity, &mut Mote, &mut Transform)>) {
    let dt = time.delta_secs();
    for (entity, mut mote, mut transform) in &mut motes {
        mote.age += dt;
        if mote.age >= mote.life {
            commands.entity(entity).despawn();
            continue;
        }
        mote.velocity.y -= mote.gravity * dt;
        transform.translation += mote.velocity * dt;
        let left = 1.0 - mote.age / mote.life;
        transform.scale = Vec3::splat(mote.size * left.sqrt());
    }
}

fn spread_rings(time: Res<Time>, mut commands: Commands, mut rings: Query<(Entity, &mut Ring, &mut Transform)>) {
    for (entity, mut ring, mut transform) in &mut rings {
        ring.age += time.delta_secs();
        let t = ring.age / ring.life;
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        let grown = 0.2 + (ring.reach - 0.2) * (1.0 - (1.0 - t) * (1.0 - t));
        // Flat and spreading; it thins as it goes.
        transform.scale = Vec3::new(grown, (1.0 - t) * 2.0, grown);
        transform.translation.y += ring.rise * time.delta_secs() / ring.life;
    }
}

fn fade_flashes(time: Res<Time>, mut commands: Commands, mut flashes: Query<(Entity, &mut Flash, &mut PointLight)>) {
    for (entity, mut flash, mut light) in &mut flashes {
        flash.age += time.delta_secs();
        if flash.age >= flash.life {
            commands.entity(entity).despawn();
            continue;
        }
        let left = 1.0 - flash.age / flash.life;
        light.intensity = flash.peak * left * left;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_close_up_comes_in_holds_and_goes_back() {
        assert_eq!(closeness(0.0), 0.0);
        assert!((closeness(0.5) - 1.0).abs() < 1e-6);
        assert_eq!(closeness(1.0), 0.0);
        assert!(closeness(0.1) > 0.0 && closeness(0.1) < 1.0);
    }
}
