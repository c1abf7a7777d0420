//! The pub's look for egui: dark wood panels, warm brass accents, larger text.

use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiContexts, EguiPrimaryContextPass, PrimaryEguiContext, egui};

pub(super) fn plugin(app: &mut App) {
    // egui makes the primary context once a camera exists, before that frame's first pass:
    // fonts installed as it appears are there for the very first frame.
    app.add_observer(install_fonts).add_systems(EguiPrimaryContextPass, apply_style.run_if(run_once));
}

/// Two of egui's own fonts, cut down to the characters the game can show (`assets/fonts/`,
/// written by its `subset.py`; `tests/fonts.rs` checks that they cover every character of the
/// game's text): Ubuntu Light for all text, and egui's icon font for the symbols the game
/// writes (✔ ✖ ⟲ ⬍). egui's `default_fonts` would add them whole, with an emoji font and Hack
/// for monospace: 0.72 MB of the web download (gzip) against 0.05 MB.
fn install_fonts(added: On<Add, PrimaryEguiContext>, mut contexts: Query<&mut EguiContext>) -> Result {
    use egui::{FontData, FontDefinitions, FontFamily, FontTweak};
    const UBUNTU_LIGHT: &[u8] = include_bytes!("../../../assets/fonts/Ubuntu-Light-derivative-Khalif.ttf");
    const EMOJI_ICON: &[u8] = include_bytes!("../../../assets/fonts/emoji-icon-font-derivative-Khalif.ttf");
    let mut fonts = FontDefinitions::empty();
    fonts.font_data.insert("Ubuntu-Light".into(), FontData::from_static(UBUNTU_LIGHT).into());
    // egui's own tweak for this font: a little smaller, to sit with the text.
    let icons = FontData::from_static(EMOJI_ICON).tweak(FontTweak { scale: 0.90, ..Default::default() });
    fonts.font_data.insert("emoji-icon-font".into(), icons.into());
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts.families.insert(family, vec!["Ubuntu-Light".into(), "emoji-icon-font".into()]);
    }
    contexts.get_mut(added.entity)?.get_mut().set_fonts(fonts);
    Ok(())
}

fn apply_style(mut contexts: EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut style = (*ctx.global_style()).clone();
    style.visuals = egui::Visuals::dark();
    style.visuals.window_fill = egui::Color32::from_rgba_unmultiplied(38, 24, 16, 235);
    style.visuals.panel_fill = egui::Color32::from_rgba_unmultiplied(38, 24, 16, 235);
    style.visuals.window_stroke = egui::Stroke::new(1.5, egui::Color32::from_rgb(176, 128, 60));
    style.visuals.selection.bg_fill = egui::Color32::from_rgb(150, 100, 40);
    style.visuals.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(70, 45, 28);
    style.visuals.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(110, 72, 38);
    style.visuals.override_text_color = Some(egui::Color32::from_rgb(240, 226, 200));
    for (text_style, size) in [
        (egui::TextStyle::Body, 16.0),
        (egui::TextStyle::Button, 16.0),
        (egui::TextStyle::Heading, 24.0),
        (egui::TextStyle::Monospace, 15.0),
        (egui::TextStyle::Small, 12.0),
    ] {
        if let Some(font) = style.text_styles.get_mut(&text_style) {
            font.size = size;
        }
    }
    ctx.set_global_style(style);
    Ok(())
}

/// The framed panel used for banners and cards: dark wood with a brass edge.
pub fn card() -> egui::Frame {
    egui::Frame::new()
        .fill(egui::Color32::from_rgba_unmultiplied(30, 18, 10, 225))
        .stroke(egui::Stroke::new(1.0, egui::Color32::from_rgb(176, 128, 60)))
        .corner_radius(8)
        .inner_margin(egui::Margin::symmetric(16, 8))
}

/// Brass, for headings and what is open or won.
pub const BRASS: egui::Color32 = egui::Color32::from_rgb(240, 190, 90);
/// Warnings and notices; always paired with words that say what is wrong.
pub const WARNING: egui::Color32 = egui::Color32::from_rgb(255, 190, 120);
