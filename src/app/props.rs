//! The furniture of the places (`place.rs`), built from simple shapes: the pub's other tables,
//! the docks' cargo and ropes, the market's stalls and awnings, the barracks' weapon racks, the
//! courtyard's lemon tree and fountain, the square's skyline and palms. Everything stays beyond
//! the table, so nothing stands between the seated player and the board.

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::place::{FLOOR, ROOM, Scenery};
use super::textures;

/// What building a place needs, in one borrow: commands and the mesh, material and image stores.
pub(super) struct Kit<'a, 'w, 's> {
    pub commands: &'a mut Commands<'w, 's>,
    pub meshes: &'a mut Assets<Mesh>,
    pub materials: &'a mut Assets<StandardMaterial>,
    pub images: &'a mut Assets<Image>,
}

impl Kit<'_, '_, '_> {
    /// Spawns a piece of the place: a mesh in a material, marked to go with the place.
    pub fn spawn(
        &mut self,
        mesh: impl Into<Mesh>,
        material: &Handle<StandardMaterial>,
        at: Transform,
    ) -> EntityCommands<'_> {
        let mesh = self.meshes.add(mesh);
        self.commands.spawn((Mesh3d(mesh), MeshMaterial3d(material.clone()), at, Scenery))
    }

    pub fn colour(&mut self, colour: Color, roughness: f32) -> Handle<StandardMaterial> {
        self.materials.add(StandardMaterial { base_color: colour, perceptual_roughness: roughness, ..default() })
    }

    pub fn metal(&mut self, colour: Color, roughness: f32) -> Handle<StandardMaterial> {
        self.materials.add(StandardMaterial {
            base_color: colour,
            metallic: 1.0,
            perceptual_roughness: roughness,
            ..default()
        })
    }

    /// A light-giving material: flames, lamps, the moon, glints on water.
    pub fn glow(&mut self, colour: Color, emissive: LinearRgba) -> Handle<StandardMaterial> {
        self.materials.add(StandardMaterial { base_color: colour, emissive, unlit: true, ..default() })
    }

    /// Far scenery that needs no light: skies and distant dunes.
    pub fn unlit(&mut self, colour: Color) -> Handle<StandardMaterial> {
        self.materials.add(StandardMaterial { base_color: colour, unlit: true, ..default() })
    }

    pub fn unlit_texture(&mut self, image: Image) -> Handle<StandardMaterial> {
        self.materials.add(StandardMaterial {
            base_color_texture: Some(self.images.add(image)),
            unlit: true,
            ..default()
        })
    }

    /// A generated texture repeated `tiles` times across each face.
    pub fn textured(&mut self, image: Image, roughness: f32, tiles: f32) -> Handle<StandardMaterial> {
        self.textured_tinted(image, roughness, tiles, Color::WHITE)
    }

    /// [`Kit::textured`] with its colour scaled by `tint` (above 1 lightens).
    pub fn textured_tinted(
        &mut self,
        image: Image,
        roughness: f32,
        tiles: f32,
        tint: Color,
    ) -> Handle<StandardMaterial> {
        self.materials.add(StandardMaterial {
            base_color_texture: Some(self.images.add(image)),
            base_color: tint,
            perceptual_roughness: roughness,
            uv_transform: bevy::math::Affine2::from_scale(Vec2::splat(tiles)),
            ..default()
        })
    }
}

/// A brass lantern at `at` on a chain `hang` long: cage, cap and flame (its light is the
/// caller's, which knows how bright the place wants it).
pub(super) fn lantern(
    kit: &mut Kit,
    at: Vec3,
    brass: &Handle<StandardMaterial>,
    flame: &Handle<StandardMaterial>,
    hang: f32,
) {
    let cage = kit.meshes.add(Cylinder::new(0.9, 2.0).mesh().resolution(8));
    let cap = kit.meshes.add(Cone { radius: 1.1, height: 0.9 });
    let glow = kit.meshes.add(Sphere::new(0.45));
    let chain = kit.meshes.add(Cylinder::new(0.05, 1.0));
    let (brass, flame) = (brass.clone(), flame.clone());
    kit.commands.spawn((Transform::from_translation(at), Visibility::default(), Scenery)).with_children(|l| {
        l.spawn((Mesh3d(cage), MeshMaterial3d(brass.clone()), NotShadowCaster));
        l.spawn((Mesh3d(cap), MeshMaterial3d(brass.clone()), Transform::from_xyz(0.0, 1.4, 0.0), NotShadowCaster));
        l.spawn((Mesh3d(glow), MeshMaterial3d(flame), NotShadowCaster));
        l.spawn((
            Mesh3d(chain),
            MeshMaterial3d(brass),
            Transform::from_xyz(0.0, 1.8 + hang / 2.0, 0.0).with_scale(Vec3::new(1.0, hang, 1.0)),
            NotShadowCaster,
        ));
    });
}

/// The pub's other tables, in the half-dark.
pub(super) fn pub_tables(kit: &mut Kit) {
    let wood = kit.colour(Color::srgb(0.3, 0.17, 0.09), 0.7);
    for (x, z) in [(-26.0, -24.0), (26.0, -22.0), (-27.0, 20.0), (25.0, 24.0)] {
        kit.spawn(Cylinder::new(5.0, 0.6), &wood, Transform::from_xyz(x, -1.0, z));
        kit.spawn(Cylinder::new(0.7, 15.0), &wood, Transform::from_xyz(x, FLOOR / 2.0 - 0.8, z));
    }
}

/// Stacks of crates with a barrel beside each, at `spots` on the floor.
pub(super) fn cargo(kit: &mut Kit, spots: &[(f32, f32)]) {
    let crate_wood = kit.textured_tinted(textures::wood(), 0.85, 1.0, Color::srgb(1.3, 1.15, 0.95));
    let barrel_wood = kit.textured(textures::wood(), 0.7, 2.0);
    let hoop = kit.metal(Color::srgb(0.25, 0.24, 0.22), 0.6);
    for (i, &(x, z)) in spots.iter().enumerate() {
        let turn = Quat::from_rotation_y(i as f32 * 0.7);
        let size = 5.0;
        for (dx, dy, dz) in [(0.0, 0.0, 0.0), (size + 0.2, 0.0, 0.6), (0.4, size, 0.3)] {
            let at = Vec3::new(x, FLOOR + size / 2.0 + dy, z) + turn * Vec3::new(dx, 0.0, dz);
            kit.spawn(Cuboid::new(size, size, size), &crate_wood, Transform::from_translation(at).with_rotation(turn));
        }
        let barrel = Vec3::new(x, FLOOR + 3.5, z) + turn * Vec3::new(-size, 0.0, 1.5);
        kit.spawn(Cylinder::new(2.3, 7.0), &barrel_wood, Transform::from_translation(barrel));
        for y in [-2.4, 2.4] {
            kit.spawn(Torus::new(2.25, 2.45), &hoop, Transform::from_translation(barrel + Vec3::Y * y));
        }
    }
}

/// Coils of hemp rope on the floor.
pub(super) fn rope_coils(kit: &mut Kit, spots: &[(f32, f32)]) {
    let hemp = kit.colour(Color::srgb(0.62, 0.5, 0.32), 0.95);
    for &(x, z) in spots {
        for k in 0..4 {
            let r = 2.2 - k as f32 * 0.1;
            kit.spawn(Torus::new(r - 0.35, r + 0.35), &hemp, Transform::from_xyz(x, FLOOR + 0.35 + k as f32 * 0.6, z));
        }
    }
}

/// Iron bollards along the quay's edge.
pub(super) fn bollards(kit: &mut Kit) {
    let iron = kit.metal(Color::srgb(0.12, 0.12, 0.13), 0.5);
    for x in [-30.0, -10.0, 10.0, 30.0] {
        kit.spawn(Cylinder::new(1.0, 3.0), &iron, Transform::from_xyz(x, FLOOR + 1.5, -ROOM + 2.0));
        kit.spawn(
            Sphere::new(1.2),
            &iron,
            Transform::from_xyz(x, FLOOR + 3.2, -ROOM + 2.0).with_scale(Vec3::new(1.0, 0.5, 1.0)),
        );
    }
}

/// A moored boat beyond the quay: a dark hull and a bare mast with its yard.
pub(super) fn boat(kit: &mut Kit) {
    let hull = kit.colour(Color::srgb(0.12, 0.08, 0.06), 0.7);
    let wood = kit.colour(Color::srgb(0.3, 0.2, 0.12), 0.8);
    let at = Vec3::new(18.0, FLOOR - 2.0, -ROOM - 16.0);
    kit.spawn(Sphere::new(10.0), &hull, Transform::from_translation(at).with_scale(Vec3::new(2.4, 0.45, 0.8)));
    kit.spawn(Cylinder::new(0.5, 44.0), &wood, Transform::from_translation(at + Vec3::Y * 22.0));
    kit.spawn(
        Cylinder::new(0.3, 22.0),
        &wood,
        Transform::from_translation(at + Vec3::Y * 34.0).with_rotation(Quat::from_rotation_z(FRAC_PI_2)),
    );
}

/// Market stalls round the back: counters of planks with baskets heaped with spices.
pub(super) fn stalls(kit: &mut Kit) {
    let counter = kit.textured(textures::wood(), 0.8, 2.0);
    let wicker = kit.colour(Color::srgb(0.6, 0.45, 0.25), 0.95);
    let spices = [
        kit.colour(Color::srgb(0.85, 0.55, 0.08), 0.95), // saffron, turmeric
        kit.colour(Color::srgb(0.62, 0.12, 0.06), 0.95), // paprika
        kit.colour(Color::srgb(0.45, 0.32, 0.18), 0.95), // cumin
        kit.colour(Color::srgb(0.3, 0.4, 0.16), 0.95),   // dried mint
    ];
    for (i, (x, z, angle)) in
        [(-28.0, -30.0, 0.3), (0.0, -36.0, 0.0), (28.0, -30.0, -0.3), (-34.0, 4.0, FRAC_PI_2), (34.0, 4.0, -FRAC_PI_2)]
            .into_iter()
            .enumerate()
    {
        let turn = Quat::from_rotation_y(angle);
        let at = Vec3::new(x, FLOOR, z);
        kit.spawn(
            Cuboid::new(18.0, 7.0, 5.0),
            &counter,
            Transform::from_translation(at + Vec3::Y * 3.5).with_rotation(turn),
        );
        for k in 0..4 {
            let offset = turn * Vec3::new(-6.3 + k as f32 * 4.2, 7.0, 0.0);
            kit.spawn(Cylinder::new(1.7, 1.6), &wicker, Transform::from_translation(at + offset + Vec3::Y * 0.8));
            let heap = &spices[(i + k) % spices.len()];
            kit.spawn(
                Cone { radius: 1.6, height: 1.4 },
                heap,
                Transform::from_translation(at + offset + Vec3::Y * 2.2),
            );
        }
    }
}

/// Striped awnings over the stalls and one high over the table, the daylight through them.
pub(super) fn awnings(kit: &mut Kit) {
    let cloths = [
        kit.textured(textures::stripes([0.75, 0.18, 0.12], [0.92, 0.85, 0.7]), 0.95, 1.0),
        kit.textured(textures::stripes([0.12, 0.32, 0.55], [0.92, 0.85, 0.7]), 0.95, 1.0),
        kit.textured(textures::stripes([0.8, 0.55, 0.1], [0.5, 0.15, 0.1]), 0.95, 1.0),
    ];
    let pole = kit.colour(Color::srgb(0.3, 0.2, 0.12), 0.8);
    for (i, (x, z, angle)) in
        [(-28.0, -30.0, 0.3), (0.0, -36.0, 0.0), (28.0, -30.0, -0.3), (-34.0, 4.0, FRAC_PI_2), (34.0, 4.0, -FRAC_PI_2)]
            .into_iter()
            .enumerate()
    {
        let turn = Quat::from_rotation_y(angle);
        let at = Vec3::new(x, FLOOR + 16.0, z) + turn * Vec3::new(0.0, 0.0, 2.0);
        kit.spawn(
            Cuboid::new(20.0, 0.15, 10.0),
            &cloths[i % cloths.len()],
            Transform::from_translation(at).with_rotation(turn * Quat::from_rotation_x(-0.3)),
        )
        .insert(NotShadowCaster);
        for dx in [-9.5, 9.5] {
            let foot = Vec3::new(x, FLOOR + 8.0, z) + turn * Vec3::new(dx, 0.0, 6.0);
            kit.spawn(Cylinder::new(0.25, 16.0), &pole, Transform::from_translation(foot));
        }
    }
}

/// Racks of spears and round shields along the barracks' walls.
pub(super) fn weapon_racks(kit: &mut Kit) {
    let wood = kit.colour(Color::srgb(0.3, 0.18, 0.1), 0.8);
    let iron = kit.metal(Color::srgb(0.55, 0.55, 0.58), 0.35);
    let shield = kit.colour(Color::srgb(0.5, 0.1, 0.08), 0.6);
    let boss = kit.metal(Color::srgb(0.75, 0.6, 0.3), 0.3);
    for (x, z, angle) in [
        (-ROOM + 2.0, -26.0, FRAC_PI_2),
        (ROOM - 2.0, -26.0, -FRAC_PI_2),
        (-26.0, -ROOM + 2.0, 0.0),
        (26.0, -ROOM + 2.0, 0.0),
    ] {
        let turn = Quat::from_rotation_y(angle);
        let at = Vec3::new(x, FLOOR, z);
        kit.spawn(
            Cuboid::new(12.0, 0.6, 1.2),
            &wood,
            Transform::from_translation(at + Vec3::Y * 3.0).with_rotation(turn),
        );
        kit.spawn(
            Cuboid::new(12.0, 0.6, 1.2),
            &wood,
            Transform::from_translation(at + Vec3::Y * 12.0).with_rotation(turn),
        );
        for k in 0..5 {
            let along = turn * Vec3::new(-5.0 + k as f32 * 2.5, 0.0, 0.0);
            kit.spawn(Cylinder::new(0.15, 18.0), &wood, Transform::from_translation(at + along + Vec3::Y * 9.0));
            kit.spawn(
                Cone { radius: 0.4, height: 1.6 },
                &iron,
                Transform::from_translation(at + along + Vec3::Y * 18.8),
            );
        }
        let front = turn * Vec3::new(0.0, 0.0, 1.2);
        let face = turn * Quat::from_rotation_x(FRAC_PI_2);
        kit.spawn(
            Cylinder::new(2.4, 0.3),
            &shield,
            Transform::from_translation(at + front + Vec3::Y * 7.5).with_rotation(face),
        );
        kit.spawn(Sphere::new(0.6), &boss, Transform::from_translation(at + front * 1.2 + Vec3::Y * 7.5));
    }
}

/// Long banners hanging at the back, in the place's colour.
pub(super) fn banners(kit: &mut Kit, colour: Color) {
    let cloth = kit.colour(colour, 0.9);
    let gold = kit.metal(Color::srgb(0.8, 0.62, 0.25), 0.35);
    for x in [-20.0, 20.0] {
        kit.spawn(Cuboid::new(5.0, 16.0, 0.2), &cloth, Transform::from_xyz(x, FLOOR + 20.0, -ROOM + 1.0));
        kit.spawn(
            Cylinder::new(0.25, 6.0),
            &gold,
            Transform::from_xyz(x, FLOOR + 28.2, -ROOM + 1.2).with_rotation(Quat::from_rotation_z(FRAC_PI_2)),
        );
        kit.spawn(Sphere::new(1.0), &gold, Transform::from_xyz(x, FLOOR + 18.0, -ROOM + 1.4));
    }
}

/// An arcade of round arches along the courtyard's back wall, in shade.
pub(super) fn arcade(kit: &mut Kit, wall: &Handle<StandardMaterial>) {
    let shade = kit.colour(Color::srgb(0.18, 0.14, 0.12), 0.9);
    for k in 0..5 {
        let x = -28.0 + k as f32 * 14.0;
        kit.spawn(Cuboid::new(2.0, 18.0, 2.0), wall, Transform::from_xyz(x - 7.0, FLOOR + 9.0, -ROOM + 3.0));
        // The arch springs from the pillars' tops: a half ring of stones, each turned along it.
        for stone in 0..9 {
            let a = PI * (stone as f32 + 0.5) / 9.0;
            let (dx, dy) = (a.cos() * 7.0, a.sin() * 6.0);
            kit.spawn(
                Cuboid::new(2.0, 2.6, 2.0),
                wall,
                Transform::from_xyz(x + dx, FLOOR + 18.0 + dy, -ROOM + 3.0).with_rotation(Quat::from_rotation_z(a)),
            );
        }
        kit.spawn(Cuboid::new(10.0, 20.0, 0.2), &shade, Transform::from_xyz(x, FLOOR + 10.0, -ROOM + 0.8));
    }
}

/// A lemon tree: a crooked trunk, a crown of leaves and lemons hanging in it.
pub(super) fn lemon_tree(kit: &mut Kit, foot: Vec3) {
    let bark = kit.colour(Color::srgb(0.32, 0.22, 0.14), 0.95);
    let leaves = kit.colour(Color::srgb(0.2, 0.42, 0.16), 0.8);
    let lemon = kit.colour(Color::srgb(0.95, 0.82, 0.15), 0.5);
    let earth = kit.colour(Color::srgb(0.35, 0.25, 0.16), 1.0);
    kit.spawn(Cylinder::new(4.0, 1.2), &earth, Transform::from_translation(foot + Vec3::Y * 0.6));
    kit.spawn(
        Cylinder::new(0.8, 14.0),
        &bark,
        Transform::from_translation(foot + Vec3::Y * 7.0).with_rotation(Quat::from_rotation_z(0.12)),
    );
    for (i, (dx, dy, dz, r)) in
        [(0.0, 16.0, 0.0, 6.0), (-4.0, 14.0, 2.0, 4.5), (4.0, 15.0, -2.0, 4.5), (1.0, 19.0, 1.0, 4.0)]
            .into_iter()
            .enumerate()
    {
        let centre = foot + Vec3::new(dx, dy, dz);
        kit.spawn(Sphere::new(r), &leaves, Transform::from_translation(centre));
        for k in 0..5 {
            let a = (i * 5 + k) as f32 * 2.4;
            let at = centre + Vec3::new(a.cos() * r * 0.95, -0.5 + (a * 1.3).sin() * r * 0.5, a.sin() * r * 0.95);
            kit.spawn(Sphere::new(0.55), &lemon, Transform::from_translation(at).with_scale(Vec3::new(1.0, 1.25, 1.0)));
        }
    }
}

/// A round fountain: a stone basin, still water with light on it, a spout in the middle.
pub(super) fn fountain(kit: &mut Kit, foot: Vec3) {
    let stone = kit.textured(textures::stone([0.8, 0.74, 0.64], 42), 0.7, 2.0);
    let water = kit.materials.add(StandardMaterial {
        base_color: Color::srgba(0.25, 0.5, 0.6, 0.85),
        alpha_mode: AlphaMode::Blend,
        perceptual_roughness: 0.05,
        reflectance: 0.8,
        ..default()
    });
    kit.spawn(
        Torus::new(6.0, 7.2),
        &stone,
        Transform::from_translation(foot + Vec3::Y * 2.2).with_scale(Vec3::new(1.0, 3.0, 1.0)),
    );
    kit.spawn(Cylinder::new(6.2, 0.4), &water, Transform::from_translation(foot + Vec3::Y * 2.6))
        .insert(NotShadowCaster);
    kit.spawn(Cylinder::new(0.8, 7.0), &stone, Transform::from_translation(foot + Vec3::Y * 4.5));
    kit.spawn(Cylinder::new(2.4, 0.6), &stone, Transform::from_translation(foot + Vec3::Y * 8.0));
    kit.spawn(
        Sphere::new(0.9),
        &water,
        Transform::from_translation(foot + Vec3::Y * 9.0).with_scale(Vec3::new(1.0, 1.8, 1.0)),
    );
}

/// The square's edge: whitewashed and ochre houses with flat roofs and domes, and a minaret.
pub(super) fn skyline(kit: &mut Kit) {
    let walls = [
        kit.textured_tinted(textures::plaster(), 0.9, 1.0, Color::srgb(1.45, 1.4, 1.3)),
        kit.textured(textures::plaster(), 0.9, 1.0),
    ];
    let dome = kit.colour(Color::srgb(0.16, 0.42, 0.45), 0.5);
    let window = kit.colour(Color::srgb(0.08, 0.06, 0.05), 0.9);
    for k in 0..11 {
        let a = PI + 0.25 + k as f32 * (PI - 0.5) / 10.0;
        let (x, z) = (a.cos() * 75.0, a.sin() * 55.0 - 15.0);
        let (w, h) = (14.0 + (k % 3) as f32 * 4.0, 14.0 + (k * 7 % 5) as f32 * 5.0);
        let face = Quat::from_rotation_y(-a - FRAC_PI_2);
        kit.spawn(
            Cuboid::new(w, h, 12.0),
            &walls[k % 2],
            Transform::from_xyz(x, FLOOR + h / 2.0, z).with_rotation(face),
        );
        kit.spawn(
            Cuboid::new(2.0, 3.0, 0.2),
            &window,
            Transform::from_translation(Vec3::new(x, FLOOR + h * 0.6, z) + face * Vec3::new(0.0, 0.0, 6.05))
                .with_rotation(face),
        );
        if k % 3 == 1 {
            kit.spawn(Sphere::new(w * 0.3), &dome, Transform::from_xyz(x, FLOOR + h, z));
        }
    }
    let tower = &walls[0];
    kit.spawn(Cylinder::new(3.0, 60.0), tower, Transform::from_xyz(-40.0, FLOOR + 30.0, -70.0));
    kit.spawn(Cylinder::new(4.0, 2.0), tower, Transform::from_xyz(-40.0, FLOOR + 46.0, -70.0));
    kit.spawn(Cone { radius: 3.2, height: 8.0 }, &dome, Transform::from_xyz(-40.0, FLOOR + 64.0, -70.0));
}

/// Date palms: a leaning ringed trunk and a crown of drooping fronds.
pub(super) fn palms(kit: &mut Kit, feet: &[Vec3]) {
    let bark = kit.colour(Color::srgb(0.4, 0.3, 0.2), 0.95);
    let frond = kit.colour(Color::srgb(0.22, 0.4, 0.15), 0.8);
    for (i, &foot) in feet.iter().enumerate() {
        let lean = Quat::from_rotation_z(0.08 * if i % 2 == 0 { 1.0 } else { -1.0 });
        for k in 0..8 {
            let at = foot + lean * Vec3::Y * (1.5 + k as f32 * 3.0);
            kit.spawn(
                Cylinder::new(1.0 - k as f32 * 0.04, 3.0),
                &bark,
                Transform::from_translation(at).with_rotation(lean),
            );
        }
        let crown = foot + lean * Vec3::Y * 24.0;
        for k in 0..7 {
            let a = k as f32 * TAU / 7.0;
            let out = Quat::from_rotation_y(a) * Quat::from_rotation_z(-0.6);
            kit.spawn(
                Cuboid::new(9.0, 0.15, 1.6),
                &frond,
                Transform::from_translation(crown + Quat::from_rotation_y(a) * Vec3::X * 4.0).with_rotation(out),
            )
            .insert(NotShadowCaster);
        }
    }
}
