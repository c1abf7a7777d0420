//! Coordinates around the board (the game's geometry says which and where), drawn in screen
//! space where the camera sees them, so they stay crisp from every angle; and in the top-down
//! view a letter badge on every piece.

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
    pieces: Query<(&PieceView, &GlobalTransform), With<OnSquare>>,
) -> Result {
    if !rig.top_down || !crate::app::looks::badges(session.game.id()) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let Ok((camera, at)) = camera.single() else { return Ok(()) };
    let painter = ctx.layer_painter(egui::LayerId::background());
    let font = egui::FontId::proportional(14.0);
    for (piece, transform) in &pieces {
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
        let letter = session.game.kinds().get(piece.kind as usize).map_or('?', |k| k.0);
        painter.text(centre, egui::Align2::CENTER_CENTER, letter, font.clone(), ink);
    }
    Ok(())
}

fn draw_labels(
    mut contexts: EguiContexts,
    session: Res<Session>,
    camera: Query<(&Camera, &GlobalTransform)>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Ok((camera, at)) = camera.single() else { return Ok(()) };
    let painter = ctx.layer_painter(egui::LayerId::background());
    let font = egui::FontId::proportional(15.0);
    let color = egui::Color32::from_rgba_unmultiplied(245, 225, 180, 220);
    let put = |world: Vec3, text: String| {
        if let Ok(p) = camera.world_to_viewport(at, world) {
            painter.text(egui::pos2(p.x, p.y), egui::Align2::CENTER_CENTER, text, font.clone(), color);
        }
    };
    for (text, x, y) in &session.geometry().labels {
        put(Vec3::new(x * SQUARE, BOARD_TOP, -y * SQUARE), text.clone());
    }
    Ok(())
}
