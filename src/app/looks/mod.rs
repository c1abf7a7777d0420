//! How each game looks on the pub's table: its piece set (silhouettes from simple solids, two
//! materials per side), its board's tiles, and the rules reference the player reads. Each game has a file here implementing [`Look`];
//! `PieceLooks` builds every game's at start-up through the one list of games.

mod chafl;
mod desert_pub_chess;
mod izdari;
mod khalif;
mod khitan;

use bevy::prelude::*;

use super::geometry::{SQUARE, facing};
use crate::rules::{GameId, Side};
use crate::with_game;

/// Which material a solid of a piece takes.
#[derive(Clone)]
pub enum Paint {
    /// The side's body material.
    Body,
    /// The side's accent material.
    Accent,
    /// Its own, the same for both sides (Khitan's coloured edges).
    Own(Handle<StandardMaterial>),
}

/// One solid of a piece: its mesh, where it sits, and its material.
#[derive(Clone)]
pub struct Part {
    pub mesh: Handle<Mesh>,
    pub at: Transform,
    pub paint: Paint,
}

pub fn part(meshes: &mut Assets<Mesh>, mesh: impl Into<Mesh>, at: Transform) -> Part {
    Part { mesh: meshes.add(mesh.into()), at, paint: Paint::Body }
}

pub fn accent(mut p: Part) -> Part {
    p.paint = Paint::Accent;
    p
}

impl GameLooks {
    /// The material of a solid of a piece of `side`.
    pub fn material(&self, part: &Part, side: Side) -> Handle<StandardMaterial> {
        match &part.paint {
            Paint::Body => self.body[side.index()].clone(),
            Paint::Accent => self.accent[side.index()].clone(),
            Paint::Own(material) => material.clone(),
        }
    }
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
    /// The board's light, dark and special (or middle) tiles.
    pub tiles: [Handle<StandardMaterial>; 3],
    /// The solid of one cell of the board, centred, its top at the playing surface's height.
    pub cell: Handle<Mesh>,
}

/// A game's look: implemented once per game in this folder.
pub trait Look {
    /// The in-game rules reference (`assets/rules-<game>.md`), shown by the Rules window.
    const RULES: &'static str;
    /// Whether the top-down view puts a letter badge on each piece (standing pieces are hard
    /// to tell apart from straight above; flat tiles are not).
    const BADGES: bool = true;
    /// How far above the playing surface the board's marks lie: above the pieces where they
    /// are flat tiles that would hide marks beneath them.
    const MARK_LIFT: f32 = 0.0;
    /// Whether a piece taken from afar ([`Effect::Shot`](crate::rules::view::Effect)) is hit by
    /// an arrow flying to it (Izdari's Archers) rather than by a line of fire (Khitan's tiles).
    const ARROWS: bool = false;

    fn build(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
        images: &mut Assets<Image>,
    ) -> GameLooks;

    /// How a piece of this kind rests on its cell, from the cell's centre on the playing
    /// surface: turned towards the opponent, as the chess-like sets do, unless the game's
    /// pieces lie as the rules orient them (Khitan's tiles).
    fn rest(side: Side, _kind: u8) -> Transform {
        Transform::from_rotation(facing(side))
    }

    /// The corners of a cell around its centre on the table (x, z), in order round the cell:
    /// the shape the last-move marks and the keyboard cursor follow. Square unless the game's
    /// cells are not.
    fn cell_outline() -> Vec<Vec2> {
        [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map(|(x, z)| Vec2::new(x, z) * SQUARE).to_vec()
    }
}

/// How high `game`'s marks lie (see [`Look::MARK_LIFT`]).
pub fn mark_lift(game: GameId) -> f32 {
    with_game!(game, G => <G as Look>::MARK_LIFT)
}

/// Whether `game`'s shots fly as arrows (see [`Look::ARROWS`]).
pub fn arrows(game: GameId) -> bool {
    with_game!(game, G => <G as Look>::ARROWS)
}

/// Whether `game`'s pieces get badges in the top-down view (see [`Look::BADGES`]).
pub fn badges(game: GameId) -> bool {
    with_game!(game, G => <G as Look>::BADGES)
}

/// The corners of `game`'s cells (see [`Look::cell_outline`]).
pub fn cell_outline(game: GameId) -> Vec<Vec2> {
    with_game!(game, G => <G as Look>::cell_outline())
}

/// How a piece of `game` rests on its cell (see [`Look::rest`]).
pub fn rest(game: GameId, side: Side, kind: u8) -> Transform {
    with_game!(game, G => <G as Look>::rest(side, kind))
}

/// The square cell of the chess-like boards.
pub fn square_cell(meshes: &mut Assets<Mesh>) -> Handle<Mesh> {
    meshes.add(Cuboid::new(0.97, 0.15, 0.97))
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
