//! The board's entities: one per square and one per piece, kept equal to the board the
//! session shows. Visual plugins dress them; tests compare them with the core.

use bevy::prelude::*;

use super::GameSystems;
use super::screens::Screen;
use super::session::Session;
use crate::rules::khalif::{Event, Kind, Piece, Side, Square};

/// A square of the board (for picking and highlights).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSquare(pub Square);

/// A piece: its side and (current) kind. A succession changes the kind in place.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceView {
    pub side: Side,
    pub kind: Kind,
}

/// Where a piece on the board stands.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnSquare(pub Square);

/// A captured piece, set aside in its owner's tray at this slot.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct InTray {
    pub slot: usize,
}

/// Rebuild every piece entity from the session (new match, undo, load).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<BoardReset>()
        .add_systems(Startup, spawn_squares)
        .add_systems(OnEnter(Screen::Match), reset_if_empty)
        .add_systems(Update, rebuild_pieces.run_if(on_message::<BoardReset>).in_set(GameSystems::Decide));
}

fn spawn_squares(mut commands: Commands) {
    for square in Square::all() {
        commands.spawn((Name::new(format!("square {square}")), BoardSquare(square)));
    }
}

fn reset_if_empty(pieces: Query<(), With<PieceView>>, mut reset: MessageWriter<BoardReset>) {
    if pieces.is_empty() {
        reset.write(BoardReset);
    }
}

/// The pieces captured so far in a game, in the order they fell.
pub fn captured_pieces(events: impl IntoIterator<Item = Event>) -> Vec<Piece> {
    events
        .into_iter()
        .filter_map(|event| match event {
            Event::Moved { captured, .. } => captured,
            Event::Retaliated { captured, .. } | Event::Chained { captured, .. } => Some(captured),
            _ => None,
        })
        .collect()
}

fn rebuild_pieces(mut commands: Commands, session: Res<Session>, pieces: Query<Entity, With<PieceView>>) {
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    let board = session.displayed();
    for square in Square::all() {
        if let Some(piece) = board.piece_at(square) {
            spawn_piece(&mut commands, piece, OnSquare(square));
        }
    }
    let shown_turns = session.view.unwrap_or(usize::MAX);
    let history = session.game.history().iter().take(shown_turns).flat_map(|t| t.events.iter().copied());
    let in_progress = session.game.turn_events().iter().copied().filter(|_| session.view.is_none());
    let captured = captured_pieces(history.chain(in_progress));
    for (slot_by_side, piece) in tray_slots(&captured) {
        spawn_piece(&mut commands, piece, InTray { slot: slot_by_side });
    }
}

/// Each captured piece with its slot in its owner's tray (slots count per side).
fn tray_slots(captured: &[Piece]) -> Vec<(usize, Piece)> {
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

/// Spawns a piece entity at `at`: an `OnSquare` or an `InTray`.
fn spawn_piece(commands: &mut Commands, piece: Piece, at: impl Bundle) {
    commands.spawn((
        Name::new(format!("{piece}")),
        PieceView { side: piece.side, kind: piece.kind },
        at,
        DespawnOnEnter(Screen::Title),
    ));
}

/// The next free tray slot of a side, for a piece captured now.
pub fn next_tray_slot(trays: &Query<(&PieceView, &InTray), Without<OnSquare>>, side: Side) -> usize {
    trays.iter().filter(|(p, _)| p.side == side).count()
}

/// Differences between the piece entities and the board the session shows, if any: the check
/// that the world equals the core after every stage.
pub fn board_mismatch(world: &mut World) -> Option<String> {
    let shown = world.resource::<Session>().shown;
    let mut on_board = [None; 81];
    let mut problems = Vec::new();
    let mut query = world.query::<(&PieceView, &OnSquare)>();
    for (piece, OnSquare(square)) in query.iter(world) {
        if on_board[square.index()].replace(*piece).is_some() {
            problems.push(format!("two piece entities on {square}"));
        }
    }
    for square in Square::all() {
        let entity = on_board[square.index()].map(|p| Piece::new(p.side, p.kind));
        let core = shown.piece_at(square);
        if entity != core {
            problems.push(format!("{square}: world has {entity:?}, core has {core:?}"));
        }
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}
