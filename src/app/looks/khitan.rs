//! Khitan's look: flat hexagonal tiles whose six edges are painted in the six colours, each
//! sector of the face also carrying its colour's symbol (a bar, a dot, a triangle, a cross, a
//! ring, a diamond) so that no rule depends on hue alone (X1.2), on both faces alike; the
//! owner is the centre, ivory for Light and ebony for Dark. Every orientation is the same tile
//! turned and turned over, so a piece's rest on its cell carries its orientation (X1.3). The
//! board is a hexagon of stone cells, the two halves in two stones and the dividing row in
//! terracotta.

use std::f32::consts::{FRAC_PI_2, FRAC_PI_3, FRAC_PI_4, FRAC_PI_6, PI};

use bevy::prelude::*;

use super::{GameLooks, Look, Paint, Part, glaze, tile};
use crate::app::textures;
use crate::rules::Side;
use crate::rules::khitan::{Colour, Khitan, Tile};

/// The tile's outer radius (centre to corner), its thickness, and its centre's radius.
const RADIUS: f32 = 0.5;
const THICKNESS: f32 = 0.12;
const CENTRE: f32 = 0.24;

/// Each colour as painted, and the ink its symbol is printed in (light on dark paints, dark on
/// light ones), in X1.2's order.
const PAINTS: [([f32; 3], [f32; 3]); 6] = [
    ([0.78, 0.12, 0.1], [0.98, 0.95, 0.88]),
    ([0.95, 0.52, 0.1], [0.1, 0.07, 0.05]),
    ([0.96, 0.84, 0.2], [0.1, 0.07, 0.05]),
    ([0.16, 0.55, 0.24], [0.98, 0.95, 0.88]),
    ([0.14, 0.3, 0.75], [0.98, 0.95, 0.88]),
    ([0.5, 0.2, 0.62], [0.98, 0.95, 0.88]),
];

/// A point of the face in the tile's own frame: `angle` counterclockwise from east on the
/// board (which is `-z` in the world), at `radius`.
fn polar(angle: f32, radius: f32) -> Vec2 {
    Vec2::new(angle.cos(), angle.sin()) * radius
}

/// From a cell's centre to its corners.
const CELL_RADIUS: f32 = 0.555;

/// A hexagon with corners at 30° + 60°·i, the cells' and tiles' shape (X5.1).
fn hexagon(radius: f32) -> Vec<Vec2> {
    (0..6).map(|i| polar(FRAC_PI_6 + i as f32 * FRAC_PI_3, radius)).collect()
}

/// A flat solid with this outline in the board's plane, centred on the tile's mid-thickness.
fn slab(meshes: &mut Assets<Mesh>, outline: Vec<Vec2>, thickness: f32, paint: Paint, at: Transform) -> Part {
    let polygon = ConvexPolygon::new(outline).expect("the outline is convex");
    // Extruded along z; laid flat so that the outline's y runs away from Light (world -z).
    let flat = Transform::from_rotation(Quat::from_rotation_x(-FRAC_PI_2));
    Part { mesh: meshes.add(Extrusion::new(polygon, thickness)), at: at * flat, paint }
}

/// The symbol of `colour` at `centre` on the face (both faces), pointing along `angle`.
fn symbol(
    meshes: &mut Assets<Mesh>,
    colour: Colour,
    centre: Vec2,
    angle: f32,
    ink: Handle<StandardMaterial>,
) -> Vec<Part> {
    let h = 0.02;
    let mut shapes: Vec<(Mesh, Transform)> = Vec::new();
    let across = Quat::from_rotation_y(angle);
    match colour {
        // A bar along the edge.
        Colour::Red => shapes.push((Cuboid::new(0.035, h, 0.15).into(), Transform::from_rotation(across))),
        Colour::Orange => shapes.push((Cylinder::new(0.045, h).into(), Transform::IDENTITY)),
        Colour::Yellow => {
            let triangle = Extrusion::new(RegularPolygon::new(0.065, 3), h);
            let lay = Quat::from_rotation_y(angle - FRAC_PI_2) * Quat::from_rotation_x(-FRAC_PI_2);
            shapes.push((triangle.into(), Transform::from_rotation(lay)));
        }
        Colour::Green => {
            for turn in [FRAC_PI_4, -FRAC_PI_4] {
                let bar = Cuboid::new(0.03, h, 0.13);
                shapes.push((bar.into(), Transform::from_rotation(across * Quat::from_rotation_y(turn))));
            }
        }
        Colour::Blue => {
            let ring = Extrusion::new(Annulus::new(0.028, 0.052), h);
            shapes.push((ring.into(), Transform::from_rotation(Quat::from_rotation_x(-FRAC_PI_2))));
        }
        Colour::Violet => {
            let diamond = Extrusion::new(Rhombus::new(0.13, 0.075), h);
            let lay = Quat::from_rotation_y(angle) * Quat::from_rotation_x(-FRAC_PI_2);
            shapes.push((diamond.into(), Transform::from_rotation(lay)));
        }
    }
    let mut parts = Vec::new();
    for face in [1.0, -1.0] {
        for (mesh, shape) in &shapes {
            let at = Transform::from_xyz(centre.x, face * (THICKNESS / 2.0 + h / 2.0 - 0.004), -centre.y) * *shape;
            parts.push(Part { mesh: meshes.add(mesh.clone()), at, paint: Paint::Own(ink.clone()) });
        }
    }
    parts
}

/// The tile as `R+` lies (X5.3): edge `d` (counterclockwise from east) red, orange, … violet.
fn tile_model(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> Vec<Part> {
    let mut parts = Vec::new();
    // The owner's centre, a little proud of the coloured sectors.
    parts.push(slab(meshes, hexagon(CENTRE), THICKNESS + 0.012, Paint::Body, Transform::IDENTITY));
    for colour in Colour::ALL {
        let (paint, ink) = PAINTS[colour.index()];
        let paint = materials.add(glaze(Color::srgb(paint[0], paint[1], paint[2]), 0.42, 0.0));
        let ink = materials.add(glaze(Color::srgb(ink[0], ink[1], ink[2]), 0.6, 0.0));
        // The edge facing direction d lies between the corners at 60°·d ± 30°.
        let facing = colour.index() as f32 * FRAC_PI_3;
        let (a, b) = (facing - FRAC_PI_6, facing + FRAC_PI_6);
        let sector = vec![polar(a, CENTRE), polar(a, RADIUS), polar(b, RADIUS), polar(b, CENTRE)];
        parts.push(slab(meshes, sector, THICKNESS, Paint::Own(paint), Transform::IDENTITY));
        let middle = polar(facing, (RADIUS + CENTRE) / 2.0 * (PI / 6.0).cos());
        parts.extend(symbol(meshes, colour, middle, facing, ink));
    }
    parts
}

impl Look for Khitan {
    const RULES: &'static str = include_str!("../../../assets/rules-khitan.md");
    /// The tiles read from above by their symbols and centres.
    const BADGES: bool = false;
    const MARK_LIFT: f32 = THICKNESS + 0.02;

    /// The hexagonal cell: its outline in the board's plane lies on the table as (x, −y), as
    /// the cell mesh is turned flat.
    fn cell_outline() -> Vec<Vec2> {
        hexagon(CELL_RADIUS).into_iter().map(|v| Vec2::new(v.x, -v.y)).collect()
    }

    fn build(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
        images: &mut Assets<Image>,
    ) -> GameLooks {
        let model = tile_model(meshes, materials);
        let cell = Mesh::from(Extrusion::new(ConvexPolygon::new(hexagon(CELL_RADIUS)).expect("a hexagon"), 0.15));
        let cell = meshes.add(cell.rotated_by(Quat::from_rotation_x(-FRAC_PI_2)));
        GameLooks {
            // Every kind is the same tile; its rest on the cell turns it (see `rest`).
            kinds: vec![model; Tile::COUNT],
            bases: [Vec::new(), Vec::new()],
            body: [
                materials.add(glaze(Color::srgb(0.95, 0.92, 0.84), 0.4, 0.0)),
                materials.add(glaze(Color::srgb(0.09, 0.07, 0.07), 0.35, 0.0)),
            ],
            accent: [
                materials.add(glaze(Color::srgb(0.85, 0.7, 0.35), 0.3, 0.9)),
                materials.add(glaze(Color::srgb(0.85, 0.7, 0.35), 0.3, 0.9)),
            ],
            tiles: [
                materials.add(tile(images, textures::stone([0.72, 0.74, 0.72], 11), 0.45)),
                materials.add(tile(images, textures::stone([0.45, 0.47, 0.5], 12), 0.45)),
                materials.add(tile(images, textures::stone([0.66, 0.36, 0.24], 13), 0.6)),
            ],
            cell,
        }
    }

    /// Lying flat as its orientation says (X1.3): `+` tiles are the model turned about the
    /// upright so that their east edge shows their colour, `-` tiles the model turned over
    /// first. The owner does not turn it.
    fn rest(_side: Side, kind: u8) -> Transform {
        let tile = Tile::from_index(usize::from(kind).min(Tile::COUNT - 1));
        let steps = tile.east().index() as f32 * FRAC_PI_3;
        // A turn counterclockwise on the board is a turn about +y in the world.
        let rotation = if tile.mirrored() {
            Quat::from_rotation_y(steps) * Quat::from_rotation_x(PI)
        } else {
            Quat::from_rotation_y(-steps)
        };
        Transform::from_xyz(0.0, THICKNESS / 2.0, 0.0).with_rotation(rotation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::khitan::Direction;

    #[test]
    fn each_orientation_rests_with_the_rules_colours_on_its_edges() {
        // The model's edge of colour c faces 60°·c counterclockwise from east on the board,
        // which is the world direction (cos, 0, -sin).
        let world = |angle: f32| Vec3::new(angle.cos(), 0.0, -angle.sin());
        for tile in Tile::all() {
            let rest = Khitan::rest(Side::First, tile.index() as u8);
            for colour in Colour::ALL {
                let normal = rest.rotation * world(colour.index() as f32 * FRAC_PI_3);
                let direction = Direction::ALL
                    .into_iter()
                    .find(|d| normal.distance(world(d.index() as f32 * FRAC_PI_3)) < 1e-3)
                    .expect("an edge faces one of the six directions");
                assert_eq!(tile.colour(direction), colour, "{tile} {direction}");
            }
            assert!(rest.translation.y > 0.0, "lies on the board, turned over or not");
        }
    }

    #[test]
    fn a_roll_over_an_edge_lands_the_tile_as_the_flip_leaves_it() {
        // The animation turns the tile half round about the edge it rolls over (X2.2); the tile
        // it lands as must then show every colour where the flipped orientation shows it.
        let world = |angle: f32| Vec3::new(angle.cos(), 0.0, -angle.sin());
        for tile in Tile::all() {
            for k in Direction::ALL {
                let before = Khitan::rest(Side::First, tile.index() as u8).rotation;
                let after = Khitan::rest(Side::First, tile.flipped(k).index() as u8).rotation;
                let roll = Quat::from_axis_angle(Vec3::Y.cross(world(k.index() as f32 * FRAC_PI_3)), PI);
                for colour in Colour::ALL {
                    let edge = world(colour.index() as f32 * FRAC_PI_3);
                    assert!((roll * before * edge).distance(after * edge) < 1e-3, "{tile} over {k}: {colour}");
                }
            }
        }
    }
}
