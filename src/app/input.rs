//! Pointer and keyboard: clicking or dragging pieces and squares, a keyboard cursor with Enter
//! to pick and drop, Escape to put a piece back, D to decline or stop, 1–4 to choose a
//! promotion, R to turn and F to turn over a piece about to be placed from the reserve,
//! shortcuts for the match commands.

use bevy::picking::events::{Click, Drag, DragEnd, DragStart, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::GameSystems;
use super::animation::SkipAnimations;
use super::board::{BoardSquare, OnSquare, Riding};
use super::camera::CameraRig;
use super::clicks::{Placing, Selection, SquareClicked};
use super::commands::GameCommand;
use super::geometry::{BOARD_TOP, cell_at};
use super::screens::Screen;
use super::session::{PlayerDecision, Session};
use super::stages::Animating;
use super::ui::UiState;
use crate::rules::view::{Ask, Cell, Choice};

/// The keyboard's cell, shown on the board once the keyboard is used.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct KeyCursor {
    pub square: Cell,
    pub visible: bool,
}

/// The cell under the pointer, the last one it passed over.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Hovered(pub Option<Cell>);

/// A piece being dragged follows the pointer instead of standing on its square.
#[derive(Component, Debug)]
pub struct Dragged {
    pub at: Vec3,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeyCursor>()
        .init_resource::<Hovered>()
        .add_observer(hover_square)
        .add_observer(click_square)
        .add_observer(start_drag)
        .add_observer(follow_drag)
        .add_observer(drop_piece)
        .add_systems(Update, keyboard.in_set(GameSystems::Input).run_if(in_state(Screen::Match)));
}

/// Where a piece is: on a square, or riding a carrier.
type Stands<'w, 's> = Query<'w, 's, (Option<&'static OnSquare>, Option<&'static Riding>)>;

/// The square an entity stands for: a board square, or the square of the piece it is part of
/// (a passenger's is its carrier's).
fn square_of(entity: Entity, squares: &Query<&BoardSquare>, pieces: &Stands) -> Option<Cell> {
    if let Ok(square) = squares.get(entity) {
        return Some(square.0);
    }
    match pieces.get(entity).ok()? {
        (Some(on), _) => Some(on.0),
        (None, Some(riding)) => pieces.get(riding.carrier).ok()?.0.map(|on| on.0),
        (None, None) => None,
    }
}

fn hover_square(over: On<Pointer<Over>>, squares: Query<&BoardSquare>, pieces: Stands, mut hovered: ResMut<Hovered>) {
    if let Some(square) = square_of(over.entity, &squares, &pieces)
        && hovered.0 != Some(square)
    {
        hovered.0 = Some(square);
    }
}

fn click_square(
    mut click: On<Pointer<Click>>,
    squares: Query<&BoardSquare>,
    pieces: Stands,
    animating: Query<(), With<Animating>>,
    mut clicks: MessageWriter<SquareClicked>,
    mut skip: MessageWriter<SkipAnimations>,
) {
    if click.button != PointerButton::Primary {
        return;
    }
    let Some(square) = square_of(click.entity, &squares, &pieces) else { return };
    click.propagate(false);
    if animating.is_empty() {
        clicks.write(SquareClicked(square));
    } else {
        skip.write(SkipAnimations);
    }
}

fn start_drag(
    mut drag: On<Pointer<DragStart>>,
    pieces: Query<&OnSquare>,
    selection: Res<Selection>,
    mut clicks: MessageWriter<SquareClicked>,
) {
    let Ok(OnSquare(square)) = pieces.get(drag.entity) else { return };
    drag.propagate(false);
    if drag.button == PointerButton::Primary && selection.0 != Some(*square) {
        clicks.write(SquareClicked(*square));
    }
}

/// Where the pointer meets the board plane.
fn board_point(camera: &Query<(&Camera, &GlobalTransform)>, pointer: Vec2) -> Option<Vec3> {
    let (camera, at) = camera.single().ok()?;
    let ray = camera.viewport_to_world(at, pointer).ok()?;
    let distance = ray.intersect_plane(Vec3::Y * BOARD_TOP, InfinitePlane3d::new(Vec3::Y))?;
    Some(ray.get_point(distance))
}

fn follow_drag(
    mut drag: On<Pointer<Drag>>,
    pieces: Query<&OnSquare>,
    selection: Res<Selection>,
    camera: Query<(&Camera, &GlobalTransform)>,
    mut commands: Commands,
) {
    let Ok(OnSquare(square)) = pieces.get(drag.entity) else { return };
    drag.propagate(false);
    if selection.0 != Some(*square) {
        return;
    }
    if let Some(point) = board_point(&camera, drag.pointer_location.position) {
        commands.entity(drag.entity).insert(Dragged { at: point + Vec3::Y * 0.4 });
    }
}

fn drop_piece(
    mut drag: On<Pointer<DragEnd>>,
    session: Res<Session>,
    pieces: Query<&OnSquare>,
    camera: Query<(&Camera, &GlobalTransform)>,
    mut clicks: MessageWriter<SquareClicked>,
    mut commands: Commands,
) {
    let Ok(OnSquare(from)) = pieces.get(drag.entity) else { return };
    drag.propagate(false);
    commands.entity(drag.entity).remove::<Dragged>();
    let target = board_point(&camera, drag.pointer_location.position).and_then(|p| cell_at(session.geometry(), p));
    if let Some(to) = target.filter(|to| to != from) {
        clicks.write(SquareClicked(to));
    }
}

#[allow(clippy::too_many_arguments)]
fn keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    rig: Res<CameraRig>,
    session: Res<Session>,
    animating: Query<(), With<Animating>>,
    mut cursor: ResMut<KeyCursor>,
    mut selection: ResMut<Selection>,
    mut placing: ResMut<Placing>,
    mut ui_state: ResMut<UiState>,
    mut clicks: MessageWriter<SquareClicked>,
    mut decisions: MessageWriter<PlayerDecision>,
    mut commands: MessageWriter<GameCommand>,
    mut skip: MessageWriter<SkipAnimations>,
) {
    // Arrows move "up" away from the viewer, whichever end of the table the camera is at.
    let flip = if rig.yaw.cos() < 0.0 { -1.0 } else { 1.0 };
    let geometry = session.geometry();
    for (key, dx, dy) in [
        (KeyCode::ArrowUp, 0.0, 1.0),
        (KeyCode::ArrowDown, 0.0, -1.0),
        (KeyCode::ArrowLeft, -1.0, 0.0),
        (KeyCode::ArrowRight, 1.0, 0.0),
    ] {
        if keys.just_pressed(key) {
            if !cursor.visible || cursor.square.index() >= geometry.len() {
                cursor.square = geometry.named("e2").unwrap_or(Cell(0));
            } else if let Some(next) = geometry.step(cursor.square, dx * flip, dy * flip) {
                cursor.square = next;
            }
            cursor.visible = true;
        }
    }
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if keys.just_pressed(KeyCode::Space) && !animating.is_empty() {
        skip.write(SkipAnimations);
    } else if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        if !cursor.visible || cursor.square.index() >= geometry.len() {
            cursor.square = geometry.named("e2").unwrap_or(Cell(0));
        }
        cursor.visible = true;
        clicks.write(SquareClicked(cursor.square));
    }
    if keys.just_pressed(KeyCode::Escape) {
        selection.0 = None;
    }
    match session.game.prompt().map(|p| p.ask) {
        Some(Ask::Cells { stop: Some(_), .. } | Ask::Piece { stop: Some(_), .. })
            if keys.just_pressed(KeyCode::KeyD) =>
        {
            decisions.write(PlayerDecision(Choice::Stop));
        }
        Some(Ask::Piece { kinds, .. }) => {
            let digits = [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3, KeyCode::Digit4, KeyCode::Digit5];
            if let Some(kind) = digits.iter().zip(&kinds).find(|(key, _)| keys.just_pressed(**key)).map(|(_, k)| *k) {
                decisions.write(PlayerDecision(Choice::Piece(kind)));
            }
        }
        Some(Ask::Place { kinds, .. }) => {
            let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
            if keys.just_pressed(KeyCode::KeyR) {
                *placing = placing.turned(&kinds, if shift { -1 } else { 1 });
            }
            if keys.just_pressed(KeyCode::KeyF) {
                *placing = placing.turned_over(&kinds);
            }
        }
        _ => {}
    }
    if keys.just_pressed(KeyCode::KeyH) {
        ui_state.threats = !ui_state.threats;
    }
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        commands.write(GameCommand::Undo);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) {
        commands.write(GameCommand::Redo);
    }
}
