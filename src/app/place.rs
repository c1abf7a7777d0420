//! The place around the table: the room or the open air of the venue being played, with its
//! own light, sky and props, rebuilt whenever the match moves to another place. A campaign
//! match is played where its venue is; a free match where the settings say (the smoky pub
//! unless the player chose another).

use std::f32::consts::{PI, TAU};

use bevy::light::{CascadeShadowConfigBuilder, NotShadowCaster};
use bevy::prelude::*;

use super::GameSystems;
use super::career::{Career, Seat};
use super::launch::{LaunchOptions, VenueChoice};
use super::props::{self, Kit};
use super::settings::GameSettings;
use super::textures;
use crate::campaign::{Campaign, VenueKind};
use crate::persist::{Graphics, Quality};

/// Height of the floor below the board.
pub(super) const FLOOR: f32 = -16.0;
/// Half the room's width and depth.
pub(super) const ROOM: f32 = 40.0;
/// Height of the ceiling.
const CEILING: f32 = 36.0;

/// The colour distant things fade into, the place's air: the pub's smoky brown, a daylight
/// place's haze, the docks' night.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub(super) struct PlaceFog(pub Color);

impl Default for PlaceFog {
    fn default() -> PlaceFog {
        PlaceFog(SMOKE)
    }
}

/// The pub's smoke, the haze of the rooms lit by flames.
const SMOKE: Color = Color::srgb(0.12, 0.07, 0.05);

/// The place shown around the table.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place(pub VenueKind);

/// Everything that belongs to the place, not to the table: despawned when the place changes.
#[derive(Component)]
pub(super) struct Scenery;

/// A flame's light, which flickers around its base intensity.
#[derive(Component)]
pub(super) struct Flicker {
    base: f32,
    phase: f32,
}

/// The one light of a place that casts shadows (the lantern over the table, or the sun).
#[derive(Component)]
pub(super) struct ShadowLight;

/// A ceiling fan's blades, turning slowly and out of balance.
#[derive(Component)]
pub(super) struct FanBlades {
    speed: f32,
    angle: f32,
}

/// A puff of smoke drifting up through the light over the table.
#[derive(Component)]
pub(super) struct Smoke {
    origin: Vec3,
    velocity: Vec3,
    age: f32,
    life: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Place(VenueKind::Pub)).init_resource::<PlaceFog>().add_systems(
        Update,
        (
            follow_the_venue,
            build_place.run_if(resource_changed::<Place>),
            tint_the_fog.run_if(resource_changed::<PlaceFog>),
            apply_graphics,
            flicker,
            turn_fans,
            drift_smoke,
        )
            .chain()
            .in_set(GameSystems::Present),
    );
}

/// Keeps the place the match belongs in ([`place_for`]).
fn follow_the_venue(
    launch: Res<LaunchOptions>,
    seat: Option<Res<Seat>>,
    career: Res<Career>,
    settings: Res<GameSettings>,
    mut place: ResMut<Place>,
) {
    let wager_venue = match seat.as_deref() {
        Some(Seat::Wager(wager)) => Some(wager.venue),
        _ => None,
    };
    let wanted = place_for(launch.venue, wager_venue, settings.settings.scene, &career.campaign);
    if place.0 != wanted {
        place.0 = wanted;
    }
}

/// Where a match is played: the `--venue` of a screenshot, else the campaign match's venue,
/// else the settings' choice for a free match.
fn place_for(
    asked: Option<VenueChoice>,
    wager_venue: Option<usize>,
    free: VenueKind,
    campaign: &Campaign,
) -> VenueKind {
    let kind_of = |index: usize| campaign.venues.get(index).map(|v| v.kind);
    let asked = asked.and_then(|choice| match choice {
        VenueChoice::Pub => Some(VenueKind::Pub),
        VenueChoice::Number(index) => kind_of(index),
    });
    asked.or_else(|| wager_venue.and_then(kind_of)).unwrap_or(free)
}

fn build_place(
    place: Res<Place>,
    settings: Res<GameSettings>,
    old: Query<Entity, With<Scenery>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let graphics = &settings.settings.graphics;
    let mut kit = Kit { commands: &mut commands, meshes: &mut meshes, materials: &mut materials, images: &mut images };
    let shadows = graphics.shadows && graphics.quality != Quality::Low;
    match place.0 {
        VenueKind::Pub => smoky_pub(&mut kit, shadows),
        VenueKind::Tavern => dockside_tavern(&mut kit, shadows),
        VenueKind::Market => spice_market(&mut kit, shadows),
        VenueKind::Docks => harbour_docks(&mut kit, shadows),
        VenueKind::Barracks => barracks(&mut kit, shadows),
        VenueKind::Courtyard => courtyard(&mut kit, shadows),
        VenueKind::PublicSquare => khalifs_square(&mut kit, shadows),
    }
    if smoke_shown(graphics) && matches!(place.0, VenueKind::Pub | VenueKind::Tavern | VenueKind::Barracks) {
        smoke(&mut kit);
    }
}

/// The camera's fog takes the place's air.
fn tint_the_fog(air: Res<PlaceFog>, mut fogs: Query<&mut DistanceFog>) {
    for mut fog in &mut fogs {
        fog.color = air.0;
    }
}

/// The colour beyond everything, the haze distant things fade into, and the ambient light,
/// set together.
fn air(kit: &mut Kit, clear: Color, fog: Color, ambient: Color, brightness: f32) {
    kit.commands.insert_resource(ClearColor(clear));
    kit.commands.insert_resource(PlaceFog(fog));
    kit.commands.insert_resource(GlobalAmbientLight { color: ambient, brightness, ..default() });
}

/// Desert Pub Chess's room: ochre plaster, beams, slow fans that need oil, lanterns, pipe smoke,
/// and a doorway onto the dunes at dusk.
fn smoky_pub(kit: &mut Kit, shadows: bool) {
    air(kit, Color::srgb(0.05, 0.03, 0.03), SMOKE, Color::srgb(1.0, 0.8, 0.6), 120.0);
    let plaster = kit.textured(textures::plaster(), 0.9, 1.0);
    let floor = kit.textured(textures::wood(), 0.7, 8.0);
    room(kit, &plaster, &floor, true);
    lanterns(kit, Color::srgb(1.0, 0.68, 0.38), 9.0e6, shadows, true);
    fans(kit);
    props::pub_tables(kit);
    dusk_outside(kit);
}

/// The dockside tavern: tarred planks, ropes and crates, dimmer lanterns, and through the door
/// the harbour's water glinting under the moon.
fn dockside_tavern(kit: &mut Kit, shadows: bool) {
    air(kit, Color::srgb(0.02, 0.03, 0.05), SMOKE, Color::srgb(0.8, 0.75, 0.7), 90.0);
    let planks = kit.textured_tinted(textures::wood(), 0.8, 3.0, Color::srgb(0.75, 0.7, 0.65));
    let floor = kit.textured(textures::wood(), 0.75, 6.0);
    room(kit, &planks, &floor, true);
    lanterns(kit, Color::srgb(1.0, 0.62, 0.32), 7.5e6, shadows, true);
    props::cargo(kit, &[(-30.0, -30.0), (31.0, -28.0), (-32.0, 26.0), (30.0, 30.0), (-20.0, -34.0)]);
    props::rope_coils(kit, &[(-12.0, -34.0), (14.0, -35.0), (-34.0, 0.0)]);
    night_water(kit, -ROOM - 4.0);
}

/// The spice market at midday: open to the sky, striped awnings over the stalls, baskets of
/// saffron, paprika and cumin, daylight softened by cloth.
fn spice_market(kit: &mut Kit, shadows: bool) {
    air(kit, Color::srgb(0.62, 0.76, 0.9), Color::srgb(0.62, 0.76, 0.9), Color::srgb(1.0, 0.92, 0.8), 300.0);
    let sand = kit.textured(textures::sand(), 0.95, 10.0);
    kit.spawn(Cuboid::new(6.0 * ROOM, 0.5, 6.0 * ROOM), &sand, Transform::from_xyz(0.0, FLOOR - 0.25, 0.0));
    sun(kit, Color::srgb(1.0, 0.93, 0.82), 4000.0, Vec3::new(-20.0, 40.0, -14.0), shadows);
    day_sky(kit);
    props::stalls(kit);
    props::awnings(kit);
}

/// The docks by night: planks over black water, harbour lights far off, bollards, crates and a
/// moored boat's mast, one lantern on a post over the table.
fn harbour_docks(kit: &mut Kit, shadows: bool) {
    air(kit, Color::srgb(0.02, 0.03, 0.07), Color::srgb(0.02, 0.03, 0.07), Color::srgb(0.45, 0.55, 0.8), 60.0);
    let planks = kit.textured(textures::wood(), 0.8, 10.0);
    kit.spawn(Cuboid::new(2.0 * ROOM, 0.5, 2.0 * ROOM), &planks, Transform::from_xyz(0.0, FLOOR - 0.25, 0.0));
    post_lantern(kit, shadows);
    moonlight(kit, 600.0);
    night_water(kit, -ROOM);
    props::cargo(kit, &[(-30.0, -26.0), (32.0, -30.0), (-33.0, 24.0)]);
    props::bollards(kit);
    props::rope_coils(kit, &[(20.0, -34.0), (-16.0, -36.0)]);
    props::boat(kit);
}

/// The barracks: grey stone, weapon racks and round shields, torches on the walls, a banner.
fn barracks(kit: &mut Kit, shadows: bool) {
    air(kit, Color::srgb(0.03, 0.03, 0.04), SMOKE, Color::srgb(0.9, 0.8, 0.7), 80.0);
    let stone = kit.textured(textures::stone([0.5, 0.48, 0.45], 31), 0.95, 4.0);
    let flags = kit.textured(textures::stone([0.42, 0.4, 0.38], 32), 0.9, 10.0);
    room(kit, &stone, &flags, true);
    lanterns(kit, Color::srgb(1.0, 0.7, 0.42), 7.0e6, shadows, false);
    torches(
        kit,
        &[
            Vec3::new(-ROOM + 1.0, 6.0, -18.0),
            Vec3::new(ROOM - 1.0, 6.0, -18.0),
            // Low on the back wall, where the seated player sees them past the board.
            Vec3::new(-16.0, FLOOR + 8.0, -ROOM + 1.0),
            Vec3::new(14.0, FLOOR + 8.0, -ROOM + 1.0),
        ],
    );
    props::weapon_racks(kit);
    props::banners(kit, Color::srgb(0.55, 0.12, 0.1));
    dusk_outside(kit);
}

/// A courtyard in the afternoon: whitewashed walls round an open sky, an arcade, a lemon tree
/// and a fountain, warm sun casting long shadows.
fn courtyard(kit: &mut Kit, shadows: bool) {
    air(kit, Color::srgb(0.55, 0.7, 0.88), Color::srgb(0.55, 0.7, 0.88), Color::srgb(1.0, 0.9, 0.78), 220.0);
    let whitewash = kit.textured_tinted(textures::plaster(), 0.9, 1.0, Color::srgb(1.5, 1.45, 1.35));
    let tiles = kit.textured(textures::stone([0.72, 0.52, 0.38], 41), 0.7, 12.0);
    room(kit, &whitewash, &tiles, false);
    sun(kit, Color::srgb(1.0, 0.86, 0.66), 3200.0, Vec3::new(30.0, 26.0, -24.0), shadows);
    day_sky(kit);
    props::arcade(kit, &whitewash);
    props::lemon_tree(kit, Vec3::new(-24.0, FLOOR, -24.0));
    props::fountain(kit, Vec3::new(22.0, FLOOR, -22.0));
}

/// The Khalif's Square: open sky, paving, domed houses and a minaret all round, palms.
fn khalifs_square(kit: &mut Kit, shadows: bool) {
    air(kit, Color::srgb(0.5, 0.68, 0.92), Color::srgb(0.5, 0.68, 0.92), Color::srgb(1.0, 0.95, 0.88), 300.0);
    let paving = kit.textured(textures::stone([0.8, 0.7, 0.55], 51), 0.8, 20.0);
    kit.spawn(Cuboid::new(6.0 * ROOM, 0.5, 6.0 * ROOM), &paving, Transform::from_xyz(0.0, FLOOR - 0.25, 0.0));
    sun(kit, Color::srgb(1.0, 0.95, 0.85), 4500.0, Vec3::new(14.0, 45.0, -20.0), shadows);
    day_sky(kit);
    props::skyline(kit);
    props::palms(kit, &[Vec3::new(-30.0, FLOOR, -30.0), Vec3::new(32.0, FLOOR, -34.0), Vec3::new(-36.0, FLOOR, 20.0)]);
    props::banners(kit, Color::srgb(0.1, 0.35, 0.3));
}

/// Four walls round the table, the one behind the second player with a wide arched doorway,
/// and a beamed ceiling unless the room is open to the sky.
fn room(kit: &mut Kit, walls: &Handle<StandardMaterial>, floor: &Handle<StandardMaterial>, ceiling: bool) {
    let top = if ceiling { CEILING } else { 14.0 };
    let height = top - FLOOR;
    let mid = (top + FLOOR) / 2.0;
    kit.spawn(Cuboid::new(2.0 * ROOM, 0.5, 2.0 * ROOM), floor, Transform::from_xyz(0.0, FLOOR - 0.25, 0.0));
    for (size, at) in [
        (Vec3::new(0.5, height, 2.0 * ROOM), Vec3::new(ROOM, mid, 0.0)),
        (Vec3::new(0.5, height, 2.0 * ROOM), Vec3::new(-ROOM, mid, 0.0)),
        (Vec3::new(2.0 * ROOM, height, 0.5), Vec3::new(0.0, mid, ROOM)),
    ] {
        kit.spawn(Cuboid::from_size(size), walls, Transform::from_translation(at));
    }
    let (door_half, door_top) = (9.0, 14.0_f32.min(top - 4.0));
    let side = ROOM - door_half;
    for x in [-(door_half + side / 2.0), door_half + side / 2.0] {
        kit.spawn(Cuboid::new(side, height, 0.5), walls, Transform::from_xyz(x, mid, -ROOM));
    }
    let beam = kit.colour(Color::srgb(0.2, 0.11, 0.06), 0.8);
    if ceiling {
        kit.spawn(
            Cuboid::new(2.0 * door_half, CEILING - door_top, 0.5),
            walls,
            Transform::from_xyz(0.0, (CEILING + door_top) / 2.0, -ROOM),
        );
        kit.spawn(Cuboid::new(2.0 * ROOM, 0.5, 2.0 * ROOM), walls, Transform::from_xyz(0.0, CEILING, 0.0));
        for z in [-30.0, -15.0, 0.0, 15.0, 30.0] {
            kit.spawn(Cuboid::new(2.0 * ROOM, 1.2, 1.2), &beam, Transform::from_xyz(0.0, CEILING - 0.8, z));
        }
    }
    // The doorway's arch: a half ring of dark wood over the opening, as high as the wall allows.
    let rise = door_half.min(top - door_top - 0.6);
    for block in 0..11 {
        let a = PI * (block as f32 + 0.5) / 11.0;
        kit.spawn(
            Cuboid::new(1.2, 2.9, 0.5),
            &beam,
            Transform::from_xyz(a.cos() * door_half, door_top + a.sin() * rise, -ROOM + 0.4)
                .with_rotation(Quat::from_rotation_z(a)),
        );
    }
}

/// Brass lanterns hanging from the ceiling: one over the table lights the game (and casts the
/// shadows), and with `room_lit` four more light the room (where torches do not: every light
/// costs a software renderer on every pixel).
fn lanterns(kit: &mut Kit, colour: Color, table: f32, shadows: bool, room_lit: bool) {
    let brass = kit.metal(Color::srgb(0.8, 0.58, 0.25), 0.3);
    let flame = kit.glow(Color::srgb(1.0, 0.7, 0.35), LinearRgba::rgb(18.0, 9.0, 3.0));
    let spots = [
        (Vec3::new(3.5, 17.0, -2.0), table, true),
        (Vec3::new(-24.0, 14.0, -24.0), table * 0.28, false),
        (Vec3::new(24.0, 14.0, 22.0), table * 0.28, false),
        (Vec3::new(-24.0, 14.0, 22.0), table * 0.22, false),
        (Vec3::new(24.0, 14.0, -22.0), table * 0.22, false),
    ];
    let lit = if room_lit { spots.len() } else { 1 };
    for (i, (at, intensity, over_table)) in spots.into_iter().take(lit).enumerate() {
        let hang = CEILING - at.y - 1.5;
        let light = PointLight {
            color: colour,
            intensity,
            range: 90.0,
            radius: 0.4,
            shadow_maps_enabled: over_table && shadows,
            ..default()
        };
        props::lantern(kit, at, &brass, &flame, hang);
        let mut light = kit.commands.spawn((
            light,
            Transform::from_translation(at - Vec3::Y * 0.2),
            Flicker { base: intensity, phase: i as f32 * 1.7 },
            Scenery,
        ));
        if over_table {
            light.insert(ShadowLight);
        }
    }
}

/// A lantern on a post beside the table, the docks' one light worth the name.
fn post_lantern(kit: &mut Kit, shadows: bool) {
    let wood = kit.colour(Color::srgb(0.25, 0.15, 0.08), 0.8);
    kit.spawn(Cylinder::new(0.35, 30.0), &wood, Transform::from_xyz(9.5, FLOOR + 15.0, -6.0));
    kit.spawn(Cuboid::new(6.0, 0.4, 0.4), &wood, Transform::from_xyz(7.0, 14.0, -6.0));
    let brass = kit.metal(Color::srgb(0.7, 0.5, 0.25), 0.35);
    let flame = kit.glow(Color::srgb(1.0, 0.7, 0.35), LinearRgba::rgb(18.0, 9.0, 3.0));
    let at = Vec3::new(4.5, 12.0, -6.0);
    props::lantern(kit, at, &brass, &flame, 0.8);
    kit.commands.spawn((
        PointLight {
            color: Color::srgb(1.0, 0.7, 0.4),
            intensity: 6.0e6,
            range: 80.0,
            radius: 0.4,
            shadow_maps_enabled: shadows,
            ..default()
        },
        Transform::from_translation(at - Vec3::Y * 0.2),
        Flicker { base: 6.0e6, phase: 0.3 },
        ShadowLight,
        Scenery,
    ));
}

/// Torches in iron brackets, each its own flickering orange light.
fn torches(kit: &mut Kit, spots: &[Vec3]) {
    let iron = kit.metal(Color::srgb(0.2, 0.2, 0.22), 0.6);
    let flame = kit.glow(Color::srgb(1.0, 0.55, 0.2), LinearRgba::rgb(24.0, 9.0, 2.0));
    for (i, &at) in spots.iter().enumerate() {
        kit.spawn(Cylinder::new(0.2, 2.4), &iron, Transform::from_translation(at - Vec3::Y * 1.2));
        kit.spawn(Sphere::new(0.55), &flame, Transform::from_translation(at + Vec3::Y * 0.3)).insert(NotShadowCaster);
        kit.commands.spawn((
            PointLight { color: Color::srgb(1.0, 0.55, 0.25), intensity: 1.6e6, range: 50.0, radius: 0.5, ..default() },
            Transform::from_translation(at + Vec3::Y * 0.6),
            Flicker { base: 1.6e6, phase: i as f32 * 2.3 },
            Scenery,
        ));
    }
}

/// The sun, low enough to model the pieces, the shadow-casting light of an open place.
fn sun(kit: &mut Kit, colour: Color, illuminance: f32, from: Vec3, shadows: bool) {
    kit.commands.spawn((
        DirectionalLight { color: colour, illuminance, shadow_maps_enabled: shadows, ..default() },
        // One shadow cascade over the table and the crowd round it, not Bevy's four reaching
        // far across the place: software renderers draw every cascade.
        CascadeShadowConfigBuilder { num_cascades: 1, maximum_distance: 60.0, ..default() }.build(),
        Transform::from_translation(from).looking_at(Vec3::ZERO, Vec3::Y),
        ShadowLight,
        Scenery,
    ));
}

/// Cool moonlight from beyond the doorway, against the flames' warmth.
fn moonlight(kit: &mut Kit, illuminance: f32) {
    kit.commands.spawn((
        DirectionalLight { color: Color::srgb(0.6, 0.7, 1.0), illuminance, ..default() },
        Transform::from_xyz(-10.0, 20.0, -40.0).looking_at(Vec3::ZERO, Vec3::Y),
        Scenery,
    ));
}

/// A sky painted on a far plane behind the doorway or over the open place (unlit).
fn sky_plane(kit: &mut Kit, image: Image) {
    let sky = kit.unlit_texture(image);
    kit.spawn(
        Rectangle::new(320.0, 120.0),
        &sky,
        Transform::from_xyz(0.0, 20.0, -130.0)
            .with_rotation(Quat::from_rotation_z(PI))
            .with_scale(Vec3::new(-1.0, 1.0, 1.0)),
    );
}

fn day_sky(kit: &mut Kit) {
    sky_plane(kit, textures::sky([0.3, 0.5, 0.85], [0.62, 0.76, 0.9], [0.95, 0.9, 0.8]));
}

/// The desert at dusk beyond the doorway: sky, dunes and a thin moon, all unlit, and the
/// moonlight through the door.
fn dusk_outside(kit: &mut Kit) {
    sky_plane(kit, textures::sky([0.16, 0.1, 0.3], [0.75, 0.35, 0.3], [1.0, 0.62, 0.3]));
    let far = kit.unlit(Color::srgb(0.5, 0.27, 0.25));
    let near = kit.unlit(Color::srgb(0.82, 0.48, 0.27));
    for (x, z, r, material) in
        [(-30.0, -80.0, 26.0, &far), (25.0, -82.0, 30.0, &far), (-8.0, -66.0, 22.0, &near), (28.0, -62.0, 18.0, &near)]
    {
        kit.spawn(
            Sphere::new(r),
            material,
            Transform::from_xyz(x, FLOOR - r * 0.55, z).with_scale(Vec3::new(1.6, 0.6, 0.6)),
        )
        .insert(NotShadowCaster);
    }
    moonlight(kit, 900.0);
    let moon = kit.glow(Color::srgb(1.0, 0.95, 0.8), LinearRgba::rgb(3.0, 2.8, 2.2));
    kit.spawn(Sphere::new(1.6), &moon, Transform::from_xyz(-14.0, 22.0, -90.0));
}

/// Black water from `shore` outward under a night sky, the moon's path glinting on it and the
/// harbour's lights along the far quay.
fn night_water(kit: &mut Kit, shore: f32) {
    sky_plane(kit, textures::sky([0.02, 0.03, 0.08], [0.08, 0.1, 0.2], [0.2, 0.2, 0.3]));
    let water = kit.materials.add(StandardMaterial {
        base_color: Color::srgb(0.02, 0.05, 0.09),
        perceptual_roughness: 0.08,
        metallic: 0.2,
        reflectance: 0.9,
        ..default()
    });
    kit.spawn(Cuboid::new(6.0 * ROOM, 0.2, 100.0), &water, Transform::from_xyz(0.0, FLOOR - 3.0, shore - 50.0));
    let glint = kit.glow(Color::srgb(0.8, 0.85, 1.0), LinearRgba::rgb(1.6, 1.7, 2.2));
    for i in 0..14 {
        let f = i as f32;
        let at = Vec3::new(-14.0 + (f * 1.9).sin() * 3.0, FLOOR - 2.85, shore - 8.0 - f * 5.0);
        kit.spawn(Cuboid::new(1.5 + (f * 0.7).cos().abs() * 2.0, 0.05, 0.25), &glint, Transform::from_translation(at))
            .insert(NotShadowCaster);
    }
    let lamp = kit.glow(Color::srgb(1.0, 0.8, 0.5), LinearRgba::rgb(12.0, 7.0, 2.5));
    for i in 0..9 {
        let x = -64.0 + i as f32 * 16.0;
        kit.spawn(Sphere::new(0.6), &lamp, Transform::from_xyz(x, FLOOR + 2.0 + (i % 3) as f32, shore - 90.0))
            .insert(NotShadowCaster);
    }
    let moon = kit.glow(Color::srgb(1.0, 0.97, 0.9), LinearRgba::rgb(3.0, 3.0, 2.6));
    kit.spawn(Sphere::new(2.2), &moon, Transform::from_xyz(-14.0, 26.0, -125.0));
    moonlight(kit, 500.0);
}

/// Two ceiling fans, turning slowly and not quite true.
fn fans(kit: &mut Kit) {
    let dark_wood = kit.colour(Color::srgb(0.22, 0.12, 0.07), 0.6);
    let brass = kit.metal(Color::srgb(0.7, 0.5, 0.22), 0.4);
    for (x, z, speed) in [(-14.0, -20.0, 0.9), (14.0, 18.0, 0.75)] {
        kit.spawn(Cylinder::new(0.15, 3.0), &brass, Transform::from_xyz(x, CEILING - 1.5, z));
        let hub = kit.meshes.add(Cylinder::new(0.7, 0.6));
        let blade = kit.meshes.add(Cuboid::new(6.0, 0.1, 1.3));
        kit.commands
            .spawn((
                Transform::from_xyz(x, CEILING - 3.2, z),
                Visibility::default(),
                FanBlades { speed, angle: 0.0 },
                Scenery,
            ))
            .with_children(|fan| {
                fan.spawn((Mesh3d(hub), MeshMaterial3d(brass.clone())));
                for i in 0..4 {
                    let a = i as f32 * TAU / 4.0;
                    fan.spawn((
                        Mesh3d(blade.clone()),
                        MeshMaterial3d(dark_wood.clone()),
                        Transform::from_xyz(3.4 * a.cos(), 0.0, 3.4 * a.sin())
                            .with_rotation(Quat::from_rotation_y(-a) * Quat::from_rotation_x(0.15)),
                    ));
                }
            });
    }
}

/// Smoke puffs drifting in the light over the table.
fn smoke(kit: &mut Kit) {
    let puff = kit.materials.add(StandardMaterial {
        base_color_texture: Some(kit.images.add(textures::puff())),
        base_color: Color::srgba(1.0, 0.92, 0.8, 0.22),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        cull_mode: None,
        ..default()
    });
    let quad = kit.meshes.add(Rectangle::new(3.0, 3.0));
    for i in 0..24 {
        let f = i as f32;
        let origin = Vec3::new((f * 2.3).sin() * 9.0, 3.0, (f * 1.7).cos() * 7.0 - 2.0);
        kit.commands.spawn((
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
            Scenery,
        ));
    }
}

fn smoke_shown(graphics: &Graphics) -> bool {
    graphics.smoke && graphics.quality != Quality::Low
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

/// The fans turn, and wobble a little on their worn bearings.
fn turn_fans(time: Res<Time>, mut fans: Query<(&mut Transform, &mut FanBlades)>) {
    for (mut transform, mut fan) in &mut fans {
        fan.angle = (fan.angle + fan.speed * time.delta_secs()) % TAU;
        // Once a turn the unbalanced blades tip the hub.
        let wobble = Quat::from_rotation_x(fan.angle.sin() * 0.03);
        transform.rotation = wobble * Quat::from_rotation_y(fan.angle);
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

/// Shadows and smoke follow the graphics settings as the player changes them; low quality
/// turns both off. A place built afterwards reads them as it is built.
fn apply_graphics(
    settings: Res<GameSettings>,
    mut lamps: Query<&mut PointLight, With<ShadowLight>>,
    mut suns: Query<&mut DirectionalLight, With<ShadowLight>>,
    mut puffs: Query<&mut Visibility, With<Smoke>>,
) {
    if !settings.is_changed() {
        return;
    }
    let graphics = &settings.settings.graphics;
    let shadows = graphics.shadows && graphics.quality != Quality::Low;
    for mut light in &mut lamps {
        light.shadow_maps_enabled = shadows;
    }
    for mut light in &mut suns {
        light.shadow_maps_enabled = shadows;
    }
    for mut visibility in &mut puffs {
        *visibility = if smoke_shown(graphics) { Visibility::Inherited } else { Visibility::Hidden };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_is_played_where_its_venue_is_and_a_free_one_where_the_settings_say() {
        let campaign = crate::campaign::journey().expect("the journey loads");
        let market = campaign.venues.iter().position(|v| v.kind == VenueKind::Market).unwrap();
        let barracks = campaign.venues.iter().position(|v| v.kind == VenueKind::Barracks).unwrap();
        // A free match: the settings' choice.
        assert_eq!(place_for(None, None, VenueKind::Courtyard, &campaign), VenueKind::Courtyard);
        // A campaign match: its venue's place, whatever the settings.
        assert_eq!(place_for(None, Some(market), VenueKind::Courtyard, &campaign), VenueKind::Market);
        // `--venue` over both; a venue number the campaign lacks falls back.
        let asked = Some(VenueChoice::Number(barracks));
        assert_eq!(place_for(asked, Some(market), VenueKind::Pub, &campaign), VenueKind::Barracks);
        assert_eq!(place_for(Some(VenueChoice::Pub), Some(market), VenueKind::Docks, &campaign), VenueKind::Pub);
        assert_eq!(place_for(Some(VenueChoice::Number(99)), None, VenueKind::Docks, &campaign), VenueKind::Docks);
        assert_eq!("pub".parse(), Ok(VenueChoice::Pub));
        assert_eq!("3".parse(), Ok(VenueChoice::Number(2)));
        assert!("0".parse::<VenueChoice>().unwrap_err().contains("from 1"));
    }
}
