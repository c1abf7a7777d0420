//! The pieces on the table: each piece entity gets the solids of its game's set (see
//! `looks/`), and every piece that is not animating is put where the board says, passengers
//! seated on their carrier. A piece about to be placed from the reserve hovers over the cell
//! under the pointer (or the keyboard's), lying as it will be placed.

use bevy::prelude::*;

use super::GameSystems;
use super::animation::{in_tray, on_square, riding, seat_order};
use super::board::{InTray, OnSquare, PieceView, Riding};
use super::clicks::Placing;
use super::input::{Dragged, Hovered, KeyCursor};
use super::looks::{PieceLooks, rest};
use super::session::Session;
use super::stages::Animating;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, make_looks).add_systems(
        Update,
        (dress_pieces, place_pieces, seat_riders, show_placement).chain().in_set(GameSystems::Present),
    );
}

fn make_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    commands.insert_resource(PieceLooks::build(&mut meshes, &mut materials, &mut images));
}

/// Each piece with whether its kind changed, where it stands and whether it rides.
type Dressed<'w, 's> = Query<'w, 's, (Entity, Ref<'static, PieceView>, Option<&'static OnSquare>, Has<Riding>)>;

/// Gives each new piece the solids of its kind in the session's game, and swaps them when a
/// succession or a promotion changes its kind. A new piece starts where it stands, so that a
/// piece entering mid-game (placed from a reserve, stepping off a Wagon) is never drawn for a
/// frame at the table's centre. Does nothing without the looks (headless tests).
fn dress_pieces(changed: Dressed, looks: Option<Res<PieceLooks>>, session: Res<Session>, mut commands: Commands) {
    let Some(looks) = looks else { return };
    let set = looks.of(session.game.id());
    for (entity, piece, on, riding) in &changed {
        if !piece.is_changed() {
            continue;
        }
        if piece.is_added() {
            let at = on.map_or_else(Transform::default, |&OnSquare(cell)| {
                on_square(session.geometry(), session.game.id(), &piece, cell)
            });
            // A passenger is unseen until its carrier, new too, stands where it can be seated.
            let at = if riding { at.with_scale(Vec3::ZERO) } else { at };
            commands.entity(entity).insert((at, Visibility::default()));
        } else {
            commands.entity(entity).despawn_children();
        }
        let solids =
            set.bases[piece.side.index()].iter().chain(set.kinds.get(piece.kind as usize).into_iter().flatten());
        for p in solids {
            commands.entity(entity).with_child((
                Mesh3d(p.mesh.clone()),
                MeshMaterial3d(set.material(p, piece.side)),
                p.at,
            ));
        }
    }
}

/// Each piece at rest: where the board keeps it and where it is drawn.
type AtRest<'w, 's> = Query<
    'w,
    's,
    (
        &'static PieceView,
        Option<&'static OnSquare>,
        Option<&'static InTray>,
        Option<&'static Dragged>,
        &'static mut Transform,
    ),
    Without<Animating>,
>;

/// Puts every piece that is not animating where the board says: on its square facing the
/// opponent, in its tray, or (while dragged) under the pointer.
fn place_pieces(session: Res<Session>, mut pieces: AtRest) {
    let geometry = session.geometry();
    for (piece, on, tray, dragged, mut transform) in &mut pieces {
        *transform = match (on, tray, dragged) {
            (Some(_), _, Some(Dragged { at })) => {
                Transform::from_translation(*at) * rest(session.game.id(), piece.side, piece.kind)
            }
            (Some(OnSquare(cell)), _, None) => on_square(geometry, session.game.id(), piece, *cell),
            (None, Some(InTray { slot }), _) => in_tray(piece, *slot),
            (None, None, _) => continue,
        };
    }
}

/// Seats every passenger that is not hopping on or off on top of its carrier, wherever the
/// carrier is (standing, or rolling along its path), in a row ordered by kind.
fn seat_riders(
    carriers: Query<&Transform, Without<Riding>>,
    mut riders: Query<(Entity, &PieceView, &Riding, &mut Transform, Has<Animating>)>,
) {
    let aboard: Vec<(Entity, u8, Entity)> = riders.iter().map(|(e, p, r, ..)| (r.carrier, p.kind, e)).collect();
    let mut carried: Vec<Entity> = aboard.iter().map(|a| a.0).collect();
    carried.sort();
    carried.dedup();
    for carrier_entity in carried {
        let Ok(carrier) = carriers.get(carrier_entity) else { continue };
        let seats = seat_order(carrier_entity, aboard.iter().copied());
        for (seat, &rider) in seats.iter().enumerate() {
            if let Ok((.., mut transform, false)) = riders.get_mut(rider) {
                *transform = riding(carrier, seat, seats.len());
            }
        }
    }
}

/// The piece a placement will put down, shown before the click: where and how it lies.
#[derive(Component, Debug, PartialEq, Eq, Clone, Copy)]
struct PlacementGhost {
    cell: crate::rules::view::Cell,
    side: crate::rules::Side,
    kind: u8,
}

/// Shows, replaces or removes the placement's ghost as the prompt, the pointer, the keyboard's
/// cell and the chosen orientation change.
fn show_placement(
    mut commands: Commands,
    session: Res<Session>,
    placing: Res<Placing>,
    hovered: Res<Hovered>,
    cursor: Res<KeyCursor>,
    looks: Option<Res<PieceLooks>>,
    ghosts: Query<(Entity, &PlacementGhost)>,
) {
    let Some(looks) = looks else { return };
    let wanted = session.game.prompt().and_then(|prompt| match prompt.ask {
        crate::rules::view::Ask::Place { cells, kinds } if session.is_idle() && kinds.contains(&placing.0) => {
            let cell = if cursor.visible { Some(cursor.square) } else { hovered.0 };
            let cell = cell.filter(|c| cells.contains(c)).or(cells.first().copied())?;
            Some(PlacementGhost { cell, side: prompt.side, kind: placing.0 })
        }
        _ => None,
    });
    for (entity, ghost) in &ghosts {
        if Some(*ghost) != wanted {
            commands.entity(entity).despawn();
        } else {
            return;
        }
    }
    let Some(ghost) = wanted else { return };
    let game = session.game.id();
    let set = looks.of(game);
    let view = PieceView { side: ghost.side, kind: ghost.kind };
    let rest = on_square(session.geometry(), game, &view, ghost.cell);
    let mut entity = commands.spawn((
        ghost,
        rest.with_translation(rest.translation + Vec3::Y * 0.35),
        Visibility::default(),
        bevy::picking::Pickable::IGNORE,
    ));
    for p in set.kinds.get(ghost.kind as usize).into_iter().flatten() {
        entity.with_child((
            Mesh3d(p.mesh.clone()),
            MeshMaterial3d(set.material(p, ghost.side)),
            p.at,
            bevy::picking::Pickable::IGNORE,
        ));
    }
}
