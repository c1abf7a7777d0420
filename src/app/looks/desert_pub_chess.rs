//! Desert Pub Chess's look: ivory pieces against ebony ones (the sides differ in brightness
//! and in the shape of their bases, round and hexagonal), on a chequer of sandstone and red
//! earth. The desert jumpers wear their lines on their heads, so the top-down view reads
//! them at a glance: the Desert Wazir a plus (it steps and jumps orthogonally), the Desert
//! Ferz a cross (diagonally). The Knight is a horse's head, the Prince a turbaned figure with
//! a circlet, the Pawn short and round.

use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};

use bevy::prelude::*;

use super::{BASE_TOP, GameLooks, Look, Part, accent, at, bases, frustum, glaze, part, tile};
use crate::app::textures;
use crate::rules::desert_pub_chess::DesertPubChess;

/// A jumper's crown: two bars across its lines, turned by `turn` about the upright axis.
fn crown(m: &mut Assets<Mesh>, height: f32, turn: f32) -> Vec<Part> {
    let spin = Quat::from_rotation_y(turn);
    vec![
        accent(part(m, Cuboid::new(0.56, 0.07, 0.12), at(0.0, height, 0.0).with_rotation(spin))),
        accent(part(m, Cuboid::new(0.12, 0.07, 0.56), at(0.0, height, 0.0).with_rotation(spin))),
    ]
}

impl Look for DesertPubChess {
    const RULES: &'static str = include_str!("../../../assets/rules-desert-pub-chess.md");

    fn build(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
        images: &mut Assets<Image>,
    ) -> GameLooks {
        let m = meshes;
        let b = BASE_TOP;

        let mut wazir = vec![
            part(m, frustum(0.25, 0.15, 0.46), at(0.0, b + 0.23, 0.0)),
            part(m, Cylinder::new(0.17, 0.06), at(0.0, b + 0.49, 0.0)),
            part(m, Sphere::new(0.1), at(0.0, b + 0.66, 0.0)),
        ];
        wazir.extend(crown(m, b + 0.55, 0.0));
        let mut ferz = vec![
            part(m, frustum(0.25, 0.13, 0.42), at(0.0, b + 0.21, 0.0)),
            part(m, Cylinder::new(0.15, 0.06), at(0.0, b + 0.45, 0.0)),
            accent(part(m, Cone { radius: 0.09, height: 0.24 }, at(0.0, b + 0.66, 0.0))),
        ];
        ferz.extend(crown(m, b + 0.51, FRAC_PI_4));
        // A horse's head: a neck leaning back, a long head reaching forward (towards the
        // opponent), a mane of accent and two ears.
        let knight = vec![
            part(m, Cylinder::new(0.22, 0.22), at(0.0, b + 0.11, 0.0)),
            part(m, Cuboid::new(0.2, 0.46, 0.26), at(0.0, b + 0.42, 0.04).with_rotation(Quat::from_rotation_x(-0.3))),
            part(m, Cuboid::new(0.19, 0.19, 0.46), at(0.0, b + 0.66, -0.1).with_rotation(Quat::from_rotation_x(0.35))),
            accent(part(
                m,
                Cuboid::new(0.07, 0.44, 0.09),
                at(0.0, b + 0.47, 0.18).with_rotation(Quat::from_rotation_x(-0.3)),
            )),
            accent(part(m, Cone { radius: 0.045, height: 0.14 }, at(-0.06, b + 0.82, 0.04))),
            accent(part(m, Cone { radius: 0.045, height: 0.14 }, at(0.06, b + 0.82, 0.04))),
        ];
        let prince = vec![
            part(m, frustum(0.26, 0.14, 0.58), at(0.0, b + 0.29, 0.0)),
            accent(part(m, Torus::new(0.1, 0.16), at(0.0, b + 0.57, 0.0))),
            part(m, Sphere::new(0.15), at(0.0, b + 0.7, 0.0)),
            part(m, Capsule3d::new(0.12, 0.12), at(0.0, b + 0.86, 0.0).with_rotation(Quat::from_rotation_x(FRAC_PI_2))),
            accent(part(m, Sphere::new(0.045), at(0.0, b + 0.9, -0.14))),
        ];
        let pawn = vec![
            part(m, frustum(0.22, 0.14, 0.22), at(0.0, b + 0.11, 0.0)),
            accent(part(m, Torus::new(0.09, 0.14), at(0.0, b + 0.23, 0.0))),
            part(m, Sphere::new(0.13), at(0.0, b + 0.34, 0.0)),
        ];
        GameLooks {
            // In the order of the kind numbers: Desert Wazir, Desert Ferz, Knight, Prince, Pawn.
            kinds: vec![wazir, ferz, knight, prince, pawn],
            bases: bases(m),
            body: [
                materials.add(glaze(Color::srgb(0.95, 0.9, 0.8), 0.35, 0.0)),
                materials.add(glaze(Color::srgb(0.09, 0.07, 0.06), 0.4, 0.0)),
            ],
            accent: [
                materials.add(glaze(Color::srgb(0.1, 0.45, 0.55), 0.3, 0.0)),
                materials.add(glaze(Color::srgb(0.8, 0.58, 0.26), 0.3, 0.8)),
            ],
            tiles: [
                materials.add(tile(images, textures::stone([0.92, 0.8, 0.58], 3), 0.3)),
                materials.add(tile(images, textures::stone([0.45, 0.2, 0.13], 4), 0.3)),
                materials.add(tile(images, textures::sand(), 0.95)),
            ],
            cell: super::square_cell(m),
        }
    }
}
