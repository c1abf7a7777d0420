//! The HUD and menus, drawn with egui: one plugin per screen or panel, sharing `UiState`.

mod dialogs;
mod labels;
mod match_hud;
mod result;
mod style;
mod title;

use bevy::prelude::*;

/// Which windows are open, and what the player is looking at.
#[derive(Resource, Default, Debug)]
pub struct UiState {
    pub rules: bool,
    pub settings: bool,
    pub save: bool,
    pub load: bool,
    /// Show the opponent's threats on the board.
    pub threats: bool,
    /// The name typed for a saved game.
    pub save_name: String,
    /// A message about the last save or load.
    pub notice: Option<String>,
    /// Waiting for the player to confirm resigning.
    pub confirm_resign: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UiState>().add_plugins((
        style::plugin,
        labels::plugin,
        match_hud::plugin,
        title::plugin,
        result::plugin,
        dialogs::plugin,
    ));
}
