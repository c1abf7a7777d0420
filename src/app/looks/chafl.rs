//! Chafl's look: a set in the pub's style turned from bone and from dark horn (round bases
//! for White, hexagonal for Black), each kind its own outline from above as well as from the
//! side: the King a ring of five spikes, the General an eight-pointed star, the Prince a
//! turban with a plume, the Captain a crenellated tower, the Horse a head reaching forward,
//! the Foot a small helmet. The board is a plain, high-contrast chequer (cream and slate) so
//! the Princes' and Captains' colour rules can be read at a glance.

use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, TAU};

use bevy::prelude::*;

use super::{BASE_TOP, GameLooks, Look, accent, at, bases, frustum, glaze, part, tile};
use crate::app::textures;
use crate::rules::chafl::Chafl;

impl Look for Chafl {
    const RULES: &'static str = include_str!("../../../assets/rules-chafl.md");

    fn build(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
        images: &mut Assets<Image>,
    ) -> GameLooks {
        let m = meshes;
        let b = BASE_TOP;

        let mut king = vec![
            part(m, frustum(0.27, 0.15, 0.66), at(0.0, b + 0.33, 0.0)),
            part(m, Cylinder::new(0.2, 0.07), at(0.0, b + 0.69, 0.0)),
            accent(part(m, Torus::new(0.12, 0.19), at(0.0, b + 0.76, 0.0))),
        ];
        for i in 0..5 {
            let a = i as f32 * TAU / 5.0;
            king.push(accent(part(
                m,
                Cone { radius: 0.05, height: 0.18 },
                at(0.16 * a.cos(), b + 0.86, 0.16 * a.sin()),
            )));
        }
        let general = vec![
            part(m, frustum(0.26, 0.15, 0.6), at(0.0, b + 0.3, 0.0)),
            part(m, Sphere::new(0.14), at(0.0, b + 0.66, 0.0)),
            accent(part(m, Cuboid::new(0.44, 0.06, 0.44), at(0.0, b + 0.6, 0.0))),
            accent(part(
                m,
                Cuboid::new(0.44, 0.06, 0.44),
                at(0.0, b + 0.6, 0.0).with_rotation(Quat::from_rotation_y(FRAC_PI_4)),
            )),
        ];
        let prince = vec![
            part(m, frustum(0.24, 0.13, 0.52), at(0.0, b + 0.26, 0.0)),
            part(m, Sphere::new(0.17), at(0.0, b + 0.6, 0.0)),
            accent(part(m, Torus::new(0.1, 0.17), at(0.0, b + 0.55, 0.0))),
            accent(part(m, Cone { radius: 0.05, height: 0.26 }, at(0.0, b + 0.86, 0.0))),
        ];
        let mut captain = vec![
            part(m, frustum(0.25, 0.21, 0.46), at(0.0, b + 0.23, 0.0)),
            part(m, Cylinder::new(0.24, 0.07), at(0.0, b + 0.5, 0.0)),
        ];
        for i in 0..4 {
            let a = i as f32 * FRAC_PI_2 + FRAC_PI_4;
            captain.push(accent(part(m, Cuboid::new(0.12, 0.13, 0.12), at(0.17 * a.cos(), b + 0.6, 0.17 * a.sin()))));
        }
        // A horse's head: a neck leaning back, a long head reaching forward (towards the
        // opponent), a mane of accent and two ears.
        let horse = vec![
            part(m, Cylinder::new(0.22, 0.2), at(0.0, b + 0.1, 0.0)),
            part(m, Cuboid::new(0.2, 0.44, 0.26), at(0.0, b + 0.4, 0.04).with_rotation(Quat::from_rotation_x(-0.3))),
            part(m, Cuboid::new(0.19, 0.19, 0.46), at(0.0, b + 0.63, -0.1).with_rotation(Quat::from_rotation_x(0.35))),
            accent(part(
                m,
                Cuboid::new(0.07, 0.42, 0.09),
                at(0.0, b + 0.45, 0.18).with_rotation(Quat::from_rotation_x(-0.3)),
            )),
            accent(part(m, Cone { radius: 0.045, height: 0.14 }, at(-0.06, b + 0.79, 0.04))),
            accent(part(m, Cone { radius: 0.045, height: 0.14 }, at(0.06, b + 0.79, 0.04))),
        ];
        let foot = vec![
            part(m, frustum(0.2, 0.13, 0.24), at(0.0, b + 0.12, 0.0)),
            part(m, Sphere::new(0.12), at(0.0, b + 0.32, 0.0)),
            accent(part(m, Cylinder::new(0.17, 0.04), at(0.0, b + 0.37, 0.0))),
        ];
        GameLooks {
            // In the order of the kind numbers: King, General, Prince, Captain, Horse, Foot.
            kinds: vec![king, general, prince, captain, horse, foot],
            bases: bases(m),
            body: [
                materials.add(glaze(Color::srgb(0.93, 0.88, 0.76), 0.45, 0.0)),
                materials.add(glaze(Color::srgb(0.12, 0.08, 0.07), 0.35, 0.0)),
            ],
            accent: [
                materials.add(glaze(Color::srgb(0.62, 0.16, 0.12), 0.35, 0.0)),
                materials.add(glaze(Color::srgb(0.85, 0.7, 0.35), 0.3, 0.9)),
            ],
            tiles: [
                materials.add(tile(images, textures::stone([0.9, 0.84, 0.68], 5), 0.35)),
                materials.add(tile(images, textures::stone([0.2, 0.27, 0.29], 6), 0.35)),
                materials.add(tile(images, textures::sand(), 0.95)),
            ],
            cell: super::square_cell(m),
        }
    }
}
