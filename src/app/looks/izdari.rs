//! Izdari's look, for both versions: the Southlands (White in classic) in sandstone with
//! copper, the Northlands (Black) in indigo with silver, each kind its own outline from the side
//! and from above: the Assassin a hooded figure with a drawn blade, the Templar a tall helm
//! under a cross, the Archer a figure with a bow drawn up beside it, the Lizard low and long,
//! the Wagon a cart on four wheels under a canopy, the Halfling small and round, the Knight a
//! horse's head with a plume, and the Dune a sand mound ringed in its side's colour.

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;

use super::{BASE_TOP, GameLooks, Look, Paint, Part, accent, at, bases, frustum, glaze, part, tile};
use crate::app::textures;
use crate::rules::izdari::{AssassinsIzdari, ClassicIzdari};

impl Look for AssassinsIzdari {
    const RULES: &'static str = include_str!("../../../assets/rules-izdari.md");
    const ARROWS: bool = true;

    fn build(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
        images: &mut Assets<Image>,
    ) -> GameLooks {
        set(meshes, materials, images)
    }
}

impl Look for ClassicIzdari {
    const RULES: &'static str = include_str!("../../../assets/rules-izdari-classic.md");
    const ARROWS: bool = true;

    fn build(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
        images: &mut Assets<Image>,
    ) -> GameLooks {
        set(meshes, materials, images)
    }
}

/// One set for both versions, in the order of the kind numbers (A T R L W H D N).
fn set(m: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>, images: &mut Assets<Image>) -> GameLooks {
    let b = BASE_TOP;
    let turn_x = |t: Transform, a: f32| t.with_rotation(Quat::from_rotation_x(a));
    let turn_z = |t: Transform, a: f32| t.with_rotation(Quat::from_rotation_z(a));
    let assassin = vec![
        part(m, frustum(0.22, 0.1, 0.5), at(0.0, b + 0.25, 0.0)),
        part(m, Sphere::new(0.13), at(0.0, b + 0.58, 0.0)),
        accent(part(m, Cone { radius: 0.15, height: 0.22 }, at(0.0, b + 0.7, 0.02))),
        // The blade, held out towards the opponent.
        accent(part(m, Cuboid::new(0.04, 0.03, 0.3), turn_x(at(0.14, b + 0.38, -0.16), 0.5))),
    ];
    let templar = vec![
        part(m, frustum(0.27, 0.17, 0.66), at(0.0, b + 0.33, 0.0)),
        part(m, Cylinder::new(0.16, 0.2), at(0.0, b + 0.76, 0.0)),
        accent(part(m, Cylinder::new(0.2, 0.04), at(0.0, b + 0.66, 0.0))),
        accent(part(m, Cuboid::new(0.06, 0.24, 0.06), at(0.0, b + 0.98, 0.0))),
        accent(part(m, Cuboid::new(0.2, 0.06, 0.06), at(0.0, b + 1.0, 0.0))),
    ];
    let archer = vec![
        part(m, frustum(0.22, 0.12, 0.52), at(0.0, b + 0.26, 0.0)),
        part(m, Sphere::new(0.12), at(0.0, b + 0.6, 0.0)),
        // The bow: a ring stood on edge beside the figure, and its string.
        accent(part(m, Torus::new(0.015, 0.26), turn_z(at(-0.22, b + 0.45, 0.0), FRAC_PI_2))),
        accent(part(m, Cuboid::new(0.01, 0.5, 0.01), at(-0.22, b + 0.45, 0.0))),
    ];
    let lizard = vec![
        part(m, Cuboid::new(0.2, 0.14, 0.44), at(0.0, b + 0.1, 0.02)),
        part(m, Sphere::new(0.1), at(0.0, b + 0.16, -0.24)),
        accent(part(m, Cone { radius: 0.06, height: 0.3 }, turn_x(at(0.0, b + 0.08, 0.34), FRAC_PI_2))),
        accent(part(m, Cuboid::new(0.46, 0.04, 0.06), at(0.0, b + 0.05, -0.08))),
        accent(part(m, Cuboid::new(0.46, 0.04, 0.06), at(0.0, b + 0.05, 0.14))),
    ];
    let mut wagon = vec![
        part(m, Cuboid::new(0.52, 0.16, 0.4), at(0.0, b + 0.2, 0.0)),
        // The canopy: a half drum along the cart.
        accent(part(m, Cylinder::new(0.2, 0.5), turn_z(at(0.0, b + 0.3, 0.0), FRAC_PI_2))),
    ];
    for (x, z) in [(-0.2, -0.2), (0.2, -0.2), (-0.2, 0.2), (0.2, 0.2)] {
        wagon.push(part(m, Cylinder::new(0.09, 0.05), turn_x(at(x, b + 0.09, z), FRAC_PI_2)));
    }
    let halfling = vec![
        part(m, frustum(0.2, 0.14, 0.24), at(0.0, b + 0.12, 0.0)),
        part(m, Sphere::new(0.13), at(0.0, b + 0.34, 0.0)),
        accent(part(m, Cylinder::new(0.16, 0.03), at(0.0, b + 0.4, 0.0))),
    ];
    let sand = materials.add(tile(images, textures::sand(), 0.95));
    // A mound of sand, the same for both sides, ringed at its foot in its side's colour.
    let mound = part(m, Sphere::new(0.32), at(0.0, b + 0.04, 0.0).with_scale(Vec3::new(1.1, 0.75, 1.1)));
    let dune = vec![
        Part { paint: Paint::Own(sand), ..mound },
        accent(part(m, Torus::new(0.02, 0.37), at(0.0, b + 0.02, 0.0))),
    ];
    let knight = vec![
        part(m, Cylinder::new(0.22, 0.2), at(0.0, b + 0.1, 0.0)),
        part(m, Cuboid::new(0.2, 0.44, 0.26), turn_x(at(0.0, b + 0.4, 0.04), -0.3)),
        part(m, Cuboid::new(0.19, 0.19, 0.46), turn_x(at(0.0, b + 0.63, -0.1), 0.35)),
        accent(part(m, Cone { radius: 0.06, height: 0.24 }, at(0.0, b + 0.84, 0.06))),
    ];
    GameLooks {
        kinds: vec![assassin, templar, archer, lizard, wagon, halfling, dune, knight],
        bases: bases(m),
        body: [
            materials.add(glaze(Color::srgb(0.88, 0.72, 0.52), 0.5, 0.0)),
            materials.add(glaze(Color::srgb(0.13, 0.15, 0.3), 0.4, 0.0)),
        ],
        accent: [
            materials.add(glaze(Color::srgb(0.72, 0.36, 0.16), 0.35, 0.8)),
            materials.add(glaze(Color::srgb(0.8, 0.82, 0.86), 0.3, 0.9)),
        ],
        tiles: [
            materials.add(tile(images, textures::stone([0.86, 0.78, 0.6], 7), 0.4)),
            materials.add(tile(images, textures::stone([0.42, 0.3, 0.22], 8), 0.4)),
            materials.add(tile(images, textures::sand(), 0.95)),
        ],
        cell: super::square_cell(m),
    }
}
