//! The onlookers round the table: simple robed figures standing clear of it, more of them in
//! the busier places and at bigger stakes. They idle while they watch, and when a piece is
//! taken its side's backers groan and slump while the others cheer and jump (`CrowdMood`).
//! None ever hides the board: one that stands between the camera and the board steps out of
//! sight until the camera moves on. Low graphics quality leaves the crowd out.

use std::f32::consts::PI;

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
const NEAREST: f32 = 17.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CrowdSize>().add_systems(
        Update,
        (
            count_the_crowd,
            gather_crowd.run_if(resource_changed::<CrowdSize>.or_else(resource_changed::<Place>)),
            react,
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
    let theta = -1.0 + 2.0 * (j as f32 + 0.5) / per_side as f32;
    let angle = if side == 0 { theta } else { PI - theta };
    let radius = NEAREST + row as f32 * 4.5;
    let at = Vec3::new(angle.cos() * radius, FLOOR, angle.sin() * radius);
    Transform::from_translation(at).looking_at(Vec3::new(0.0, FLOOR, 0.0), Vec3::Y)
}

fn gather_crowd(
    size: Res<CrowdSize>,
    old: Query<Entity, With<Onlooker>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    if size.0 == 0 {
        return;
    }
    let body = meshes.add(Capsule3d::new(3.4, 18.0));
    let head = meshes.add(Sphere::new(2.6));
    let headdress = meshes.add(Cylinder::new(2.7, 1.6));
    let cloth = |c: Color| StandardMaterial { base_color: c, perceptual_roughness: 0.9, ..default() };
    let robes: Vec<Handle<StandardMaterial>> = [
        Color::srgb(0.55, 0.2, 0.14),
        Color::srgb(0.2, 0.3, 0.45),
        Color::srgb(0.75, 0.68, 0.55),
        Color::srgb(0.3, 0.38, 0.2),
        Color::srgb(0.45, 0.3, 0.18),
        Color::srgb(0.6, 0.5, 0.2),
    ]
    .into_iter()
    .map(|c| materials.add(cloth(c)))
    .collect();
    let skins: Vec<Handle<StandardMaterial>> = [Color::srgb(0.62, 0.42, 0.3), Color::srgb(0.45, 0.3, 0.2)]
        .into_iter()
        .map(|c| materials.add(cloth(c)))
        .collect();
    let wraps = [materials.add(cloth(Color::srgb(0.9, 0.88, 0.8))), materials.add(cloth(Color::srgb(0.3, 0.12, 0.1)))];
    for i in 0..size.0 {
        let home = stand(i, size.0);
        let backs = if i % 3 == 0 {
            Side::Second
        } else if i % 3 == 1 {
            Side::First
        } else {
            [Side::First, Side::Second][i / 3 % 2]
        };
        commands.spawn((home, Visibility::default(), Onlooker { backs, home, phase: i as f32 * 1.37 })).with_children(
            |person| {
                person.spawn((
                    Mesh3d(body.clone()),
                    MeshMaterial3d(robes[i % robes.len()].clone()),
                    Transform::from_xyz(0.0, 12.4, 0.0),
                ));
                person.spawn((
                    Mesh3d(head.clone()),
                    MeshMaterial3d(skins[i % 2].clone()),
                    Transform::from_xyz(0.0, 27.0, -0.4),
                ));
                person.spawn((
                    Mesh3d(headdress.clone()),
                    MeshMaterial3d(wraps[i / 2 % 2].clone()),
                    Transform::from_xyz(0.0, 28.8, -0.4),
                ));
            },
        );
    }
}

/// Onlookers sway as they watch, lean in and hold still when a capture is near; a cheering
/// one jumps, a groaning one slumps forward.
fn react(time: Res<Time>, mood: Res<CrowdMood>, mut onlookers: Query<(&Onlooker, &mut Transform)>) {
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

/// Whether someone `to_them` from the camera (seen from above) stands between it and the board
/// `to_board` away: nearer than the board's far edge and within the view's width of it.
fn in_the_way(to_board: Vec2, to_them: Vec2) -> bool {
    let (board, them) = (to_board.length(), to_them.length());
    if board < 1e-3 {
        return false; // straight overhead: nobody stands between
    }
    let angle = to_board.angle_to(to_them).abs();
    them < board + 8.0 && angle < 0.75
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
