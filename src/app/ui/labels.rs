//! File letters and rank numbers around the board, drawn in screen space where the camera sees
//! each edge square, so they stay crisp from every angle.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::geometry::{SQUARE, square_centre};
use crate::app::screens::Screen;
use crate::rules::khalif::Square;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw_labels.run_if(not(in_state(Screen::Title))));
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
