//! The onlookers round the table: simple robed figures without faces, in turbans and hoods,
//! standing or sitting on stools clear of it, more of them in the busier places, at bigger
//! stakes and at the rival's matches. They idle while they watch, lean in with their hands
//! forward when a capture is near, and when a piece is taken its side's backers groan, hands
//! to their heads, while the others cheer and jump with their arms up (`CrowdMood`). None ever
//! hides the board: one who would stand in the camera's picture in front of it steps out of
//! sight until the camera moves on. Low graphics quality leaves the crowd out.

use std::f32::consts::PI;

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::GameSystems;
use super::career::Seat;
use super::crowd_mood::{CrowdMood, Reaction};
use super::place::{FLOOR, Place};
use super::settings::GameSettings;
use crate::campaign::VenueKind;
use crate::persist::Quality;
use crate::rules::Side;

/// One onlooker: the side their money is on, where they stand, and their own rhythm.
#[derive(Component)]
pub(super) struct Onlooker {
    backs: Side,
    home: Transform,
    phase: f32,
}

/// How many stand round the table now; the crowd is gathered again when it changes or the
/// match moves to another place (onlookers are not the place's `Scenery`: they come and go
/// on their own).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
struct CrowdSize(usize);

/// The nearest an onlooker stands to the board's centre: clear of the table and its chairs.
const NEAREST: f32 = 18.0;
/// The onlookers' size: figures built a little tall, brought to the table's scale.
const FIGURE_SCALE: f32 = 0.9;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CrowdSize>().add_systems(
        Update,
        (
            count_the_crowd,
            gather_crowd.run_if(resource_changed::<CrowdSize>.or_else(resource_changed::<Place>)),
            react,
            move_arms,
            stay_out_of_the_view,
        )
            .chain()
            .in_set(GameSystems::Present),
    );
}

/// What draws people to a table: the stake on it, and whether the rival sits there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Draw {
    stake: Option<u32>,
    rival: bool,
}

/// How many come to watch: the place's regulars, more when the stake is high and when the
/// rival plays, none on low graphics quality.
fn crowd_size(place: VenueKind, draw: Draw, quality: Quality) -> usize {
    if quality == Quality::Low {
        return 0;
    }
    let regulars = match place {
        VenueKind::Docks => 6,
        VenueKind::Pub | VenueKind::Tavern | VenueKind::Courtyard => 8,
        VenueKind::Market | VenueKind::Barracks => 10,
        VenueKind::PublicSquare => 14,
    };
    let drawn_by_the_stake = draw.stake.map_or(0, |s| (s as usize / 5).min(8));
    let drawn_by_the_rival = if draw.rival { 6 } else { 0 };
    regulars + drawn_by_the_stake + drawn_by_the_rival
}

fn count_the_crowd(
    place: Res<Place>,
    seat: Option<Res<Seat>>,
    settings: Res<GameSettings>,
    mut size: ResMut<CrowdSize>,
) {
    let draw = match seat.as_deref() {
        Some(Seat::Wager(wager)) => Draw { stake: Some(wager.stake), rival: wager.contender.rival_stage.is_some() },
        _ => Draw::default(),
    };
    let wanted = CrowdSize(crowd_size(place.0, draw, settings.settings.graphics.quality));
    if *size != wanted {
        *size = wanted;
    }
}

/// Where the `i`th of `n` onlookers stands, facing the board: along the table's two long
/// sides in two rows, from beyond one player's end to beyond the other's, leaving the players'
/// ends themselves (the cameras' seats) free.
fn stand(i: usize, n: usize) -> Transform {
    let per_side = n.div_ceil(2).max(1);
    let (side, j) = (i % 2, i / 2);
    let row = j % 2;
    let theta = -1.3 + 2.6 * (j as f32 + 0.5) / per_side as f32;
    let angle = if side == 0 { theta } else { PI - theta };
    let radius = NEAREST + row as f32 * 4.5;
    let at = Vec3::new(angle.cos() * radius, FLOOR, angle.sin() * radius);
    Transform::from_translation(at)
        .looking_at(Vec3::new(0.0, FLOOR, 0.0), Vec3::Y)
        .with_scale(Vec3::splat(FIGURE_SCALE))
}

/// The shapes and cloths of the crowd, made once for every gathering.
struct Wardrobe {
    robe: Handle<Mesh>,
    lap: Handle<Mesh>,
    torso: Handle<Mesh>,
    head: Handle<Mesh>,
    turban: Handle<Mesh>,
    hood: Handle<Mesh>,
    arm: Handle<Mesh>,
    stool: Handle<Mesh>,
    robes: Vec<Handle<StandardMaterial>>,
    skins: Vec<Handle<StandardMaterial>>,
    wraps: Vec<Handle<StandardMaterial>>,
    wood: Handle<StandardMaterial>,
}

impl Wardrobe {
    fn new(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> Wardrobe {
        let mut cloth =
            |c: Color| materials.add(StandardMaterial { base_color: c, perceptual_roughness: 0.9, ..default() });
        let robes = [
            Color::srgb(0.55, 0.2, 0.14),
            Color::srgb(0.2, 0.3, 0.45),
            Color::srgb(0.75, 0.68, 0.55),
            Color::srgb(0.3, 0.38, 0.2),
            Color::srgb(0.45, 0.3, 0.18),
            Color::srgb(0.6, 0.5, 0.2),
            Color::srgb(0.35, 0.22, 0.35),
        ]
        .map(&mut cloth)
        .to_vec();
        let skins = [Color::srgb(0.62, 0.42, 0.3), Color::srgb(0.45, 0.3, 0.2), Color::srgb(0.7, 0.5, 0.36)]
            .map(&mut cloth)
            .to_vec();
        let wraps = [Color::srgb(0.9, 0.88, 0.8), Color::srgb(0.3, 0.12, 0.1), Color::srgb(0.15, 0.2, 0.3)]
            .map(&mut cloth)
            .to_vec();
        let wood = cloth(Color::srgb(0.35, 0.22, 0.12));
        Wardrobe {
            robe: meshes.add(ConicalFrustum { radius_bottom: 3.6, radius_top: 2.4, height: 15.0 }),
            lap: meshes.add(Cuboid::new(4.6, 2.4, 6.0)),
            torso: meshes.add(Capsule3d::new(2.5, 5.0)),
            head: meshes.add(Sphere::new(2.1).mesh().ico(2).expect("a small icosphere")),
            turban: meshes.add(Cylinder::new(2.3, 1.9)),
            hood: meshes.add(Cone { radius: 2.6, height: 3.6 }),
            arm: meshes.add(Capsule3d::new(0.85, 6.4)),
            stool: meshes.add(Cylinder::new(2.4, 9.0)),
            robes,
            skins,
            wraps,
            wood,
        }
    }
}

/// An onlooker's arm, turning at the shoulder: which arm, and its owner's side and rhythm.
#[derive(Component)]
struct Arm {
    right: bool,
    backs: Side,
    phase: f32,
}

/// How far a sitting onlooker's upper body is lower than a standing one's.
const SITTING_DROP: f32 = 6.5;

fn gather_crowd(
    size: Res<CrowdSize>,
    old: Query<Entity, With<Onlooker>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut wardrobe: Local<Option<Wardrobe>>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    if size.0 == 0 {
        return;
    }
    let w = wardrobe.get_or_insert_with(|| Wardrobe::new(&mut meshes, &mut materials));
    for i in 0..size.0 {
        let home = stand(i, size.0);
        let backs = if i % 3 == 0 {
            Side::Second
        } else if i % 3 == 1 {
            Side::First
        } else {
            [Side::First, Side::Second][i / 3 % 2]
        };
        let phase = i as f32 * 1.37;
        // Some of the front row sit on stools; everyone else stands.
        let sitting = i % 4 == 1 && i / 2 % 2 == 0;
        let drop = if sitting { SITTING_DROP } else { 0.0 };
        let robe = w.robes[i % w.robes.len()].clone();
        let skin = w.skins[i % w.skins.len()].clone();
        let wrap = w.wraps[i / 2 % w.wraps.len()].clone();
        // Onlookers cast no shadows: the lantern's shadow map would draw every figure six
        // times a frame, and their shadows fall on the floor nobody looks at.
        let part = |mesh: &Handle<Mesh>, material: &Handle<StandardMaterial>, at: Transform| {
            (Mesh3d(mesh.clone()), MeshMaterial3d(material.clone()), at, NotShadowCaster)
        };
        commands.spawn((home, Visibility::default(), Onlooker { backs, home, phase })).with_children(|person| {
            if sitting {
                person.spawn(part(&w.stool, &w.wood, Transform::from_xyz(0.0, 4.5, 0.0)));
                person.spawn(part(&w.lap, &robe, Transform::from_xyz(0.0, 10.2, -1.6)));
                person.spawn(part(
                    &w.robe,
                    &robe,
                    Transform::from_xyz(0.0, 11.5, 0.0).with_scale(Vec3::new(1.0, 0.3, 1.0)),
                ));
            } else {
                person.spawn(part(&w.robe, &robe, Transform::from_xyz(0.0, 7.5, 0.0)));
            }
            person.spawn(part(&w.torso, &robe, Transform::from_xyz(0.0, 19.0 - drop, 0.0)));
            person.spawn(part(&w.head, &skin, Transform::from_xyz(0.0, 26.4 - drop, -0.3)));
            let headdress = if i % 3 == 2 {
                part(&w.hood, &wrap, Transform::from_xyz(0.0, 28.0 - drop, -0.3))
            } else {
                part(&w.turban, &wrap, Transform::from_xyz(0.0, 27.9 - drop, -0.3))
            };
            person.spawn(headdress);
            for right in [false, true] {
                let x = if right { 3.1 } else { -3.1 };
                person
                    .spawn((
                        Transform::from_xyz(x, 22.6 - drop, 0.0),
                        Visibility::default(),
                        Arm { right, backs, phase },
                    ))
                    .with_child(part(&w.arm, &robe, Transform::from_xyz(0.0, -4.0, 0.0)));
            }
        });
    }
}

/// Onlookers sway as they watch, lean in and hold still when a capture is near; a cheering
/// one jumps, a groaning one slumps forward.
fn react(time: Res<Time>, mood: Res<CrowdMood>, mut onlookers: Query<(&Onlooker, &mut Transform), Without<Arm>>) {
    let t = time.elapsed_secs();
    for (onlooker, mut transform) in &mut onlookers {
        let beat = t + onlooker.phase;
        let (lift, lean, sway) = match mood.backers[onlooker.backs.index()] {
            Reaction::Watching if mood.capture_near => (0.0, 0.16, (beat * 0.4).sin() * 0.01),
            Reaction::Watching => (0.0, 0.04, (beat * 0.9).sin() * 0.03),
            Reaction::Cheering(_) => (((beat * 9.0).sin().abs()) * 2.2, -0.08, (beat * 6.0).sin() * 0.08),
            Reaction::Groaning(_) => (-0.8, 0.3, (beat * 1.5).sin() * 0.05),
        };
        let home = onlooker.home;
        transform.translation = home.translation + Vec3::Y * lift;
        transform.rotation = home.rotation * Quat::from_rotation_x(-lean) * Quat::from_rotation_z(sway);
    }
}

/// Arms hang and swing a little while watching, reach forward when a capture is near, go up
/// in a cheer and to the head in a groan.
fn move_arms(time: Res<Time>, mood: Res<CrowdMood>, mut arms: Query<(&Arm, &mut Transform)>) {
    let t = time.elapsed_secs();
    for (arm, mut transform) in &mut arms {
        let beat = t + arm.phase + if arm.right { 0.6 } else { 0.0 };
        // Forward swing (negative raises the arm in front) and spread away from the body.
        let (forward, spread) = match mood.backers[arm.backs.index()] {
            Reaction::Watching if mood.capture_near => (-0.55, 0.12),
            Reaction::Watching => ((beat * 0.7).sin() * 0.06, 0.1),
            Reaction::Cheering(_) => (-2.7 + (beat * 8.0).sin() * 0.25, 0.35),
            Reaction::Groaning(_) => (-2.3, 0.75),
        };
        let outward = if arm.right { spread } else { -spread };
        transform.rotation = Quat::from_rotation_x(-forward) * Quat::from_rotation_z(outward);
    }
}

/// An onlooker nearer to the camera than the board, in the camera's direction of view, steps
/// out of sight so the board is never hidden; they come back when the camera moves on.
fn stay_out_of_the_view(
    camera: Query<&GlobalTransform, With<Camera3d>>,
    mut onlookers: Query<(&Onlooker, &mut Visibility)>,
) {
    let Some(eye) = camera.iter().next().map(|c| c.translation()) else { return };
    let flat = |v: Vec3| Vec2::new(v.x, v.z);
    let to_board = -flat(eye);
    for (onlooker, mut visibility) in &mut onlookers {
        let to_them = flat(onlooker.home.translation) - flat(eye);
        let in_the_way = in_the_way(to_board, to_them);
        let wanted = if in_the_way { Visibility::Hidden } else { Visibility::Inherited };
        if *visibility != wanted {
            *visibility = wanted;
        }
    }
}

/// How far either side of its direction of view the camera sees (seen from above, a 16:9
/// window), and how far an onlooker's shoulders reach from their middle.
const HALF_VIEW: f32 = 0.62;
const SHOULDERS: f32 = 4.5;

/// Whether someone `to_them` from the camera (seen from above) would stand in its picture in
/// front of the board `to_board` away: nearer than the board's far edge and within the view's
/// width of it, shoulders included (a figure close to the camera at the edge of the picture
/// would fill a corner of it).
fn in_the_way(to_board: Vec2, to_them: Vec2) -> bool {
    let (board, them) = (to_board.length(), to_them.length());
    if board < 1e-3 {
        return false; // straight overhead: nobody stands between
    }
    let angle = to_board.angle_to(to_them).abs();
    them < board + 8.0 && angle < HALF_VIEW + (SHOULDERS / them.max(1e-3)).atan()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bigger_stakes_and_the_rival_draw_more_onlookers_and_low_quality_none() {
        let free = crowd_size(VenueKind::Pub, Draw::default(), Quality::High);
        let staked = crowd_size(VenueKind::Pub, Draw { stake: Some(40), rival: false }, Quality::High);
        assert!(staked > free);
        assert!(crowd_size(VenueKind::Pub, Draw { stake: Some(40), rival: true }, Quality::High) > staked);
        assert!(crowd_size(VenueKind::PublicSquare, Draw::default(), Quality::High) > free);
        assert_eq!(crowd_size(VenueKind::PublicSquare, Draw { stake: Some(40), rival: true }, Quality::Low), 0);
    }

    #[test]
    fn nobody_stands_between_a_seated_player_and_the_board() {
        for n in [6, 14, 22] {
            for i in 0..n {
                let at = stand(i, n).translation;
                assert!(Vec2::new(at.x, at.z).length() >= NEAREST - 1e-3);
                for eye in [Vec2::new(0.0, 10.3), Vec2::new(0.0, -10.3)] {
                    assert!(!in_the_way(-eye, Vec2::new(at.x, at.z) - eye), "onlooker {i} of {n} at {at}");
                }
            }
        }
        // Someone standing right behind a player's chair is in the way of that player's view.
        assert!(in_the_way(Vec2::new(0.0, -10.3), Vec2::new(0.0, -3.0)));
    }
}
