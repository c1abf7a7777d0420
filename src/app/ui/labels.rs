//! File letters and rank numbers around the board, drawn in screen space where the camera sees
//! each edge square, so they stay crisp from every angle.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::board::{OnSquare, PieceView};
use crate::app::camera::CameraRig;
use crate::app::geometry::{SQUARE, square_centre};
use crate::app::screens::Screen;
use crate::rules::khalif::{Side, Square};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, (draw_labels, draw_badges).run_if(not(in_state(Screen::Title))));
}

/// In the top-down view each piece also gets its letter on a badge: a light disc for Gold, a
/// dark square for Silver, so the sides differ in shape and brightness, not just hue.
fn draw_badges(
    mut contexts: EguiContexts,
    rig: Res<CameraRig>,
    camera: Query<(&Camera, &GlobalTransform)>,
    pieces: Query<(&PieceView, &GlobalTransform), With<OnSquare>>,
) -> Result {
    if !rig.top_down {
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
        painter.text(centre, egui::Align2::CENTER_CENTER, piece.kind.letter(), font.clone(), ink);
    }
    Ok(())
}

fn draw_labels(mut contexts: EguiContexts, camera: Query<(&Camera, &GlobalTransform)>) -> Result {
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
    for i in 0..9u8 {
        let file = (b'a' + i) as char;
        let near = square_centre(Square::new(i, 0).expect("on board"));
        let far = square_centre(Square::new(i, 8).expect("on board"));
        put(near + Vec3::Z * SQUARE * 0.72, file.to_string());
        put(far - Vec3::Z * SQUARE * 0.72, file.to_string());
        let left = square_centre(Square::new(0, i).expect("on board"));
        let right = square_centre(Square::new(8, i).expect("on board"));
        put(left - Vec3::X * SQUARE * 0.72, (i + 1).to_string());
        put(right + Vec3::X * SQUARE * 0.72, (i + 1).to_string());
    }
    Ok(())
}
