//! The board's entities: one per cell of the current game's board and one per piece, kept
//! equal to the board the session shows. Visual plugins dress them; tests compare them with
//! the core. A new match of another game rebuilds the cells from that game's geometry.

use bevy::prelude::*;

use super::GameSystems;
use super::screens::Screen;
use super::session::Session;
use crate::rules::view::{Cell, Effect, PieceCode};
use crate::rules::{GameId, Side};

/// A cell of the board (for picking and highlights).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSquare(pub Cell);

/// A piece: its side and (current) kind, by the game's kind number. A succession or a
/// promotion changes the kind in place.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceView {
    pub side: Side,
    pub kind: u8,
}

impl PieceView {
    pub fn code(self) -> PieceCode {
        PieceCode { side: self.side, kind: self.kind }
    }
}

/// Where a piece on the board stands.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnSquare(pub Cell);

/// A piece riding in a carrier (Izdari's Wagon): off the board, seated on the carrier entity,
/// and moving with it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Riding {
    pub carrier: Entity,
}

/// A captured piece, set aside in its owner's tray at this slot.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct InTray {
    pub slot: usize,
}

/// The game whose board the cell entities are: the board is rebuilt when a match of another
/// game begins.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardShape(pub Option<GameId>);

/// Rebuild every piece entity from the session (new match, undo, load).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<BoardReset>()
        .init_resource::<BoardShape>()
        .add_systems(Startup, shape_board)
        .add_systems(OnEnter(Screen::Match), reset_if_empty)
        .add_systems(
            Update,
            (shape_board, rebuild_pieces.run_if(on_message::<BoardReset>)).chain().in_set(GameSystems::Decide),
        );
}

/// Spawns the cells of the session's game when it is not the game on the table (a match of
/// another game, or another game chosen on the title screen), replacing the other's.
fn shape_board(
    mut commands: Commands,
    session: Res<Session>,
    mut shape: ResMut<BoardShape>,
    squares: Query<Entity, With<BoardSquare>>,
) {
    let game = session.game.id();
    if shape.0 == Some(game) {
        return;
    }
    for entity in &squares {
        commands.entity(entity).despawn();
    }
    for cell in session.geometry().all() {
        commands.spawn((Name::new(format!("square {}", session.name(cell))), BoardSquare(cell)));
    }
    shape.0 = Some(game);
}

fn reset_if_empty(pieces: Query<(), With<PieceView>>, mut reset: MessageWriter<BoardReset>) {
    if pieces.is_empty() {
        reset.write(BoardReset);
    }
}

/// The pieces captured in a run of effects, in the order they fell.
pub fn captured_pieces(effects: impl IntoIterator<Item = Effect>) -> Vec<PieceCode> {
    effects.into_iter().filter_map(|effect| effect.taken().map(|(_, piece)| piece)).collect()
}

fn rebuild_pieces(mut commands: Commands, session: Res<Session>, pieces: Query<Entity, With<PieceView>>) {
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    let board = session.displayed();
    for cell in session.geometry().all() {
        if let Some(piece) = board.piece_at(cell) {
            let carrier = spawn_piece(&mut commands, piece, OnSquare(cell));
            for rider in board.riders(cell) {
                spawn_piece(&mut commands, rider, Riding { carrier });
            }
        }
    }
    let shown_turns = session.view.unwrap_or(usize::MAX);
    let history = session.game.history().into_iter().take(shown_turns).flat_map(|t| t.effects);
    let in_progress = session.game.turn_effects().into_iter().filter(|_| session.view.is_none());
    let captured = captured_pieces(history.chain(in_progress));
    for (slot_by_side, piece) in tray_slots(&captured) {
        spawn_piece(&mut commands, piece, InTray { slot: slot_by_side });
    }
}

/// Each captured piece with its slot in its owner's tray (slots count per side).
fn tray_slots(captured: &[PieceCode]) -> Vec<(usize, PieceCode)> {
    let mut counts = [0usize; 2];
    captured
        .iter()
        .map(|p| {
            let slot = counts[p.side.index()];
            counts[p.side.index()] += 1;
            (slot, *p)
        })
        .collect()
}

/// Spawns a piece entity at `at`: an `OnSquare`, an `InTray` or a `Riding`.
pub(super) fn spawn_piece(commands: &mut Commands, piece: PieceCode, at: impl Bundle) -> Entity {
    commands
        .spawn((
            Name::new(format!("piece {:?} {}", piece.side, piece.kind)),
            PieceView { side: piece.side, kind: piece.kind },
            at,
            DespawnOnEnter(Screen::Title),
        ))
        .id()
}

/// The pieces taken, in their trays.
pub type Trays<'w, 's> = Query<'w, 's, (&'static PieceView, &'static InTray), Without<OnSquare>>;

/// The next free tray slot of a side, for a piece captured now.
pub fn next_tray_slot(trays: &Trays, side: Side) -> usize {
    trays.iter().filter(|(p, _)| p.side == side).count()
}

/// Differences between the piece entities and the board the session shows, if any: the check
/// that the world equals the core after every stage.
pub fn board_mismatch(world: &mut World) -> Option<String> {
    let session = world.resource::<Session>();
    let shown = session.shown.clone();
    let geometry = session.geometry();
    let mut on_board = vec![None; geometry.len()];
    let mut problems = Vec::new();
    let mut query = world.query::<(&PieceView, &OnSquare)>();
    for (piece, OnSquare(cell)) in query.iter(world) {
        let name = &geometry.place(*cell).name;
        match on_board.get_mut(cell.index()) {
            Some(slot) => {
                if slot.replace(piece.code()).is_some() {
                    problems.push(format!("two piece entities on {name}"));
                }
            }
            None => problems.push(format!("a piece entity off the board at cell {}", cell.index())),
        }
    }
    for cell in geometry.all() {
        let (entity, core) = (on_board[cell.index()], shown.piece_at(cell));
        if entity != core {
            problems.push(format!("{}: world has {entity:?}, core has {core:?}", geometry.place(cell).name));
        }
    }
    // Passengers: each rides a carrier standing on the board, and together they are the core's.
    let mut riding = world.query::<(&PieceView, &Riding)>();
    let mut squares = world.query::<&OnSquare>();
    let mut carried = Vec::new();
    for (piece, Riding { carrier }) in riding.iter(world) {
        match squares.get(world, *carrier) {
            Ok(OnSquare(cell)) => carried.push((*cell, piece.code())),
            Err(_) => problems.push(format!("a {piece:?} rides a carrier that is not on the board")),
        }
    }
    crate::rules::view::sort_carried(&mut carried);
    if carried != shown.carried {
        problems.push(format!("passengers: world has {carried:?}, core has {:?}", shown.carried));
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}
