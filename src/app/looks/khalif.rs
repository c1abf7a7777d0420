//! Khalif's look: six silhouettes in gold and silver metal (gold on round bases, silver on
//! hexagonal ones with a dark band), on stone squares with the sunken sand of the Wadi.

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::prelude::*;

use super::{BASE_TOP, GameLooks, Look, accent, at, bases, frustum, part, tile};
use crate::app::textures;
use crate::rules::khalif::Khalif;

impl Look for Khalif {
    const RULES: &'static str = include_str!("../../../assets/rules-khalif.md");

    fn build(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
        images: &mut Assets<Image>,
    ) -> GameLooks {
        let m = meshes;
        let base_top = BASE_TOP;

        let camel = vec![
            part(
                m,
                Capsule3d::new(0.13, 0.26),
                at(0.0, base_top + 0.2, 0.03).with_rotation(Quat::from_rotation_x(FRAC_PI_2)),
            ),
            part(m, Sphere::new(0.13), at(0.0, base_top + 0.32, 0.06)),
            part(
                m,
                Cylinder::new(0.05, 0.26),
                at(0.0, base_top + 0.33, -0.22).with_rotation(Quat::from_rotation_x(0.5)),
            ),
            part(
                m,
                Capsule3d::new(0.06, 0.1),
                at(0.0, base_top + 0.46, -0.3).with_rotation(Quat::from_rotation_x(FRAC_PI_2)),
            ),
            part(m, Cylinder::new(0.05, 0.2), at(-0.08, base_top + 0.08, 0.0)),
            part(m, Cylinder::new(0.05, 0.2), at(0.08, base_top + 0.08, 0.0)),
        ];
        let raider = {
            let mut parts = vec![
                part(m, frustum(0.27, 0.22, 0.5), at(0.0, base_top + 0.25, 0.0)),
                part(m, Cylinder::new(0.27, 0.08), at(0.0, base_top + 0.54, 0.0)),
            ];
            for i in 0..4 {
                let a = i as f32 * FRAC_PI_2 + PI / 4.0;
                parts.push(part(m, Cuboid::new(0.13, 0.14, 0.13), at(0.19 * a.cos(), base_top + 0.64, 0.19 * a.sin())));
            }
            parts.push(accent(part(m, Torus::new(0.2, 0.26), at(0.0, base_top + 0.12, 0.0))));
            parts
        };
        let vizier = vec![
            part(m, frustum(0.25, 0.11, 0.62), at(0.0, base_top + 0.31, 0.0)),
            accent(part(m, Torus::new(0.1, 0.16), at(0.0, base_top + 0.6, 0.0))),
            part(m, Sphere::new(0.17), at(0.0, base_top + 0.72, 0.0).with_scale(Vec3::new(1.0, 0.8, 1.0))),
            part(m, Torus::new(0.12, 0.19), at(0.0, base_top + 0.7, 0.0)),
            accent(part(m, Sphere::new(0.045), at(0.0, base_top + 0.74, -0.17))),
            part(m, Cone { radius: 0.05, height: 0.12 }, at(0.0, base_top + 0.89, 0.0)),
        ];
        let djinn = vec![
            part(m, frustum(0.22, 0.1, 0.16), at(0.0, base_top + 0.08, 0.0)),
            part(m, Sphere::new(0.2), at(0.0, base_top + 0.27, 0.02).with_scale(Vec3::new(1.0, 0.55, 1.45))),
            part(
                m,
                Cone { radius: 0.05, height: 0.32 },
                at(0.0, base_top + 0.3, -0.33).with_rotation(Quat::from_rotation_x(-1.2)),
            ),
            part(
                m,
                Torus::new(0.03, 0.07),
                at(0.0, base_top + 0.3, 0.3).with_rotation(Quat::from_rotation_x(FRAC_PI_2)),
            ),
            accent(part(m, Cone { radius: 0.11, height: 0.3 }, at(0.0, base_top + 0.5, 0.05))),
            accent(part(
                m,
                Torus::new(0.06, 0.11),
                at(0.0, base_top + 0.62, 0.05).with_rotation(Quat::from_rotation_z(0.4)),
            )),
            part(m, Sphere::new(0.06), at(0.0, base_top + 0.78, 0.08)),
        ];
        let guard = vec![
            part(m, Cylinder::new(0.22, 0.48), at(0.0, base_top + 0.24, 0.0)),
            part(m, Sphere::new(0.2), at(0.0, base_top + 0.52, 0.0)),
            accent(part(m, Cone { radius: 0.06, height: 0.22 }, at(0.0, base_top + 0.78, 0.0))),
            accent(part(
                m,
                Cylinder::new(0.2, 0.05),
                at(0.0, base_top + 0.3, -0.25).with_rotation(Quat::from_rotation_x(FRAC_PI_2)),
            )),
            part(m, Cuboid::new(0.04, 0.55, 0.04), at(0.26, base_top + 0.4, 0.0)),
        ];
        let khalif = {
            let mut parts = vec![
                part(m, frustum(0.29, 0.16, 0.7), at(0.0, base_top + 0.35, 0.0)),
                accent(part(m, Torus::new(0.13, 0.2), at(0.0, base_top + 0.7, 0.0))),
                part(m, Sphere::new(0.2), at(0.0, base_top + 0.86, 0.0).with_scale(Vec3::new(1.0, 1.15, 1.0))),
                part(m, Cone { radius: 0.07, height: 0.2 }, at(0.0, base_top + 1.15, 0.0)),
                accent(part(m, Torus::new(0.19, 0.24), at(0.0, base_top + 0.98, 0.0))),
            ];
            for i in 0..6 {
                let a = i as f32 * PI / 3.0;
                parts.push(accent(part(
                    m,
                    Cone { radius: 0.05, height: 0.14 },
                    at(0.23 * a.cos(), base_top + 1.06, 0.23 * a.sin()),
                )));
            }
            parts
        };
        // Half-metallic: with no sky to reflect, fully metallic pieces would look black.
        let metal = |c: Color, roughness: f32| StandardMaterial {
            base_color: c,
            metallic: 0.55,
            perceptual_roughness: roughness,
            reflectance: 0.7,
            ..default()
        };
        GameLooks {
            // In the order of the kind numbers: Raider, Vizier, Djinn, Guard, Khalif, Camel.
            kinds: vec![raider, vizier, djinn, guard, khalif, camel],
            bases: bases(m),
            // Silver is blackened (niello), trimmed in bright silver: pale polished silver
            // vanished against the light stone squares from the far end of the table.
            body: [
                materials.add(metal(Color::srgb(1.0, 0.72, 0.22), 0.3)),
                materials.add(metal(Color::srgb(0.3, 0.34, 0.43), 0.22)),
            ],
            accent: [
                materials.add(metal(Color::srgb(0.75, 0.38, 0.12), 0.35)),
                materials.add(metal(Color::srgb(0.92, 0.95, 1.0), 0.2)),
            ],
            tiles: [
                materials.add(tile(images, textures::stone([0.88, 0.82, 0.7], 1), 0.18)),
                materials.add(tile(images, textures::stone([0.42, 0.36, 0.32], 2), 0.18)),
                materials.add(tile(images, textures::sand(), 0.95)),
            ],
            cell: super::square_cell(m),
        }
    }
}
