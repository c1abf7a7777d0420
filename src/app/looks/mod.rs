//! How each game looks on the pub's table: its piece set (silhouettes from simple solids, two
//! materials per side), its board's tiles, and the rules reference the player reads. Each game has a file here implementing [`Look`];
//! `PieceLooks` builds every game's at start-up through the one list of games.

mod chafl;
mod desert_pub_chess;
mod khalif;

use bevy::prelude::*;

use crate::rules::GameId;
use crate::with_game;

/// One solid of a piece: its mesh, where it sits, and whether it takes the accent material.
#[derive(Clone)]
pub struct Part {
    pub mesh: Handle<Mesh>,
    pub at: Transform,
    pub accent: bool,
}

pub fn part(meshes: &mut Assets<Mesh>, mesh: impl Into<Mesh>, at: Transform) -> Part {
    Part { mesh: meshes.add(mesh.into()), at, accent: false }
}

pub fn accent(mut p: Part) -> Part {
    p.accent = true;
    p
}

pub fn at(x: f32, y: f32, z: f32) -> Transform {
    Transform::from_xyz(x, y, z)
}

/// A cone cut flat: the body of most pieces.
pub fn frustum(radius_bottom: f32, radius_top: f32, height: f32) -> ConicalFrustum {
    ConicalFrustum { radius_bottom, radius_top, height }
}

/// A glazed or polished piece material.
pub fn glaze(color: Color, roughness: f32, metallic: f32) -> StandardMaterial {
    StandardMaterial { base_color: color, perceptual_roughness: roughness, metallic, reflectance: 0.5, ..default() }
}

/// A board tile's material from a generated texture.
pub fn tile(images: &mut Assets<Image>, image: Image, roughness: f32) -> StandardMaterial {
    StandardMaterial { base_color_texture: Some(images.add(image)), perceptual_roughness: roughness, ..default() }
}

/// The height of a piece's base: the body stands on it.
pub const BASE_TOP: f32 = 0.12;

/// A game's pieces and board as built for the renderer.
pub struct GameLooks {
    /// The solids of each kind, by the game's kind number.
    pub kinds: Vec<Vec<Part>>,
    /// Each side's base, told apart by shape: round for the first player, hexagonal for the second.
    pub bases: [Vec<Part>; 2],
    /// Each side's body and accent materials.
    pub body: [Handle<StandardMaterial>; 2],
    pub accent: [Handle<StandardMaterial>; 2],
    /// The board's light, dark and special tiles.
    pub tiles: [Handle<StandardMaterial>; 3],
}

/// A game's look: implemented once per game in this folder.
pub trait Look {
    /// The in-game rules reference (`assets/rules-<game>.md`), shown by the Rules window.
    const RULES: &'static str;

    fn build(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
        images: &mut Assets<Image>,
    ) -> GameLooks;
}

/// The bases every set stands on: a round one and a hexagonal one with a band of accent.
pub fn bases(m: &mut Assets<Mesh>) -> [Vec<Part>; 2] {
    use std::f32::consts::FRAC_PI_2;
    let round = vec![
        part(m, Cylinder::new(0.37, 0.1), at(0.0, 0.05, 0.0)),
        part(m, Cylinder::new(0.31, 0.04), at(0.0, 0.11, 0.0)),
    ];
    let hexagonal = vec![
        part(
            m,
            Extrusion::new(RegularPolygon::new(0.38, 6), 0.1),
            at(0.0, 0.05, 0.0).with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        ),
        accent(part(
            m,
            Extrusion::new(RegularPolygon::new(0.385, 6), 0.03),
            at(0.0, 0.07, 0.0).with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        )),
        part(
            m,
            Extrusion::new(RegularPolygon::new(0.31, 6), 0.04),
            at(0.0, 0.11, 0.0).with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        ),
    ];
    [round, hexagonal]
}

/// Every game's looks, built once.
#[derive(Resource)]
pub struct PieceLooks(pub Vec<(GameId, GameLooks)>);

impl PieceLooks {
    pub fn build(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
        images: &mut Assets<Image>,
    ) -> PieceLooks {
        PieceLooks(
            GameId::ALL
                .into_iter()
                .map(|game| (game, with_game!(game, G => <G as Look>::build(meshes, materials, images))))
                .collect(),
        )
    }

    pub fn of(&self, game: GameId) -> &GameLooks {
        &self.0.iter().find(|(g, _)| *g == game).expect("every game has its looks").1
    }
}
