//! Coordinates around the board (the game's geometry says which and where), drawn in screen
//! space where the camera sees them, so they stay crisp from every angle, and left out on the
//! far side where a piece stands in front of them; and in the top-down view a letter badge on
//! every piece.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::board::{OnSquare, PieceView};
use crate::app::camera::CameraRig;
use crate::app::geometry::{BOARD_TOP, SQUARE};
use crate::app::screens::Screen;
use crate::app::session::Session;
use crate::rules::Side;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, (draw_labels, draw_badges).run_if(not(in_state(Screen::Title))));
}

/// In the top-down view each piece also gets its letter on a badge: a light disc for Gold, a
/// dark square for Silver, so the sides differ in shape and brightness, not just hue.
fn draw_badges(
    mut contexts: EguiContexts,
    session: Res<Session>,
    rig: Res<CameraRig>,
    camera: Query<(&Camera, &GlobalTransform)>,
    pieces: Query<(&PieceView, &GlobalTransform, &OnSquare)>,
) -> Result {
    if !rig.top_down || !crate::app::looks::badges(session.game.id()) {
        return Ok(());
    }
    let board = session.displayed();
    let kinds = session.game.kinds();
    let letter_of = |kind: u8| kinds.get(kind as usize).map_or('?', |k| k.0);
    let ctx = contexts.ctx_mut()?;
    let Ok((camera, at)) = camera.single() else { return Ok(()) };
    let painter = ctx.layer_painter(egui::LayerId::background());
    let font = egui::FontId::proportional(14.0);
    for (piece, transform, on) in &pieces {
        let Ok(p) = camera.world_to_viewport(at, transform.translation() + Vec3::Y * 1.2) else { continue };
        // Beside the piece's top, towards the lower right of the screen, whichever way the board is turned.
        let centre = egui::pos2(p.x + 15.0, p.y + 13.0);
        let (fill, ink) = match piece.side {
            Side::First => (egui::Color32::from_rgb(250, 225, 150), egui::Color32::from_rgb(60, 35, 10)),
            Side::Second => (egui::Color32::from_rgb(40, 44, 58), egui::Color32::from_rgb(235, 240, 250)),
        };
        match piece.side {
            Side::First => painter.circle_filled(centre, 9.0, fill),
            Side::Second => {
                painter.rect_filled(egui::Rect::from_center_size(centre, egui::vec2(17.0, 17.0)), 2.0, fill)
            }
        };
        painter.text(centre, egui::Align2::CENTER_CENTER, letter_of(piece.kind), font.clone(), ink);
        // A carrier's passengers, by letter, on a tab beside its badge.
        let riders: String = board.riders(on.0).map(|p| letter_of(p.kind)).collect();
        if !riders.is_empty() {
            let galley = painter.layout_no_wrap(riders, egui::FontId::proportional(11.0), ink);
            let tab = egui::Rect::from_min_size(
                egui::pos2(centre.x + 10.0, centre.y - 7.0),
                galley.size() + egui::vec2(6.0, 1.0),
            );
            painter.rect_filled(tab, 3.0, fill);
            painter.galley(tab.min + egui::vec2(3.0, 0.0), galley, ink);
        }
    }
    Ok(())
}

/// A piece's outline for hiding the far labels it stands in front of, in world units: a wide
/// foot up to `FOOT.1` high, then a narrower body up to `BODY.1` (the tallest pieces of the
/// chess-like sets).
const FOOT: (f32, f32) = (0.42, 0.45);
const BODY: (f32, f32) = (0.26, 1.2);

fn draw_labels(
    mut contexts: EguiContexts,
    session: Res<Session>,
    camera: Query<(&Camera, &GlobalTransform)>,
    pieces: Query<&GlobalTransform, (With<PieceView>, With<OnSquare>)>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Ok((camera, at)) = camera.single() else { return Ok(()) };
    let eye = at.translation();
    let right = at.right().as_vec3();
    let on_screen = |world: Vec3| camera.world_to_viewport(at, world).ok().map(|p| egui::pos2(p.x, p.y));
    // The screen box of a slab of the piece on `base`: `half_width` either side, `low` to `high` up.
    let slab = |base: Vec3, half_width: f32, low: f32, high: f32| {
        let corners: Option<Vec<egui::Pos2>> =
            [(-half_width, low), (half_width, low), (-half_width, high), (half_width, high)]
                .into_iter()
                .map(|(x, y)| on_screen(base + right * x + Vec3::Y * y))
                .collect();
        corners.map(|c| egui::Rect::from_points(&c))
    };
    // Each piece's outline on the screen and how far it stands from the camera.
    let outlines: Vec<(f32, [Option<egui::Rect>; 2])> = pieces
        .iter()
        .map(|piece| {
            let base = piece.translation();
            (eye.distance(base), [slab(base, FOOT.0, 0.0, FOOT.1), slab(base, BODY.0, FOOT.1, BODY.1)])
        })
        .collect();
    let centre = eye.distance(Vec3::new(0.0, BOARD_TOP, 0.0));
    let painter = ctx.layer_painter(egui::LayerId::background());
    let font = egui::FontId::proportional(15.0);
    let color = egui::Color32::from_rgba_unmultiplied(245, 225, 180, 220);
    for (text, x, y) in &session.geometry().labels {
        let world = Vec3::new(x * SQUARE, BOARD_TOP, -y * SQUARE);
        let Some(p) = on_screen(world) else { continue };
        // Only the far side's labels can hide behind a piece: a near one beside a tall piece
        // stays, as it is read against the piece rather than lost behind it.
        let distance = eye.distance(world);
        let behind = |(d, areas): &(f32, [Option<egui::Rect>; 2])| {
            *d < distance && areas.iter().flatten().any(|a| a.contains(p))
        };
        if distance > centre && outlines.iter().any(behind) {
            continue;
        }
        painter.text(p, egui::Align2::CENTER_CENTER, text, font.clone(), color);
    }
    Ok(())
}
