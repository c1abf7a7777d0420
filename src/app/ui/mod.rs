//! The HUD and menus, drawn with egui: one plugin per screen or panel, sharing `UiState`.

mod dialogs;
mod labels;
mod match_hud;
mod result;
mod style;
mod title;

use bevy::prelude::*;

/// Which windows are open, and what the player is looking at.
#[derive(Resource, Debug)]
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
    /// The side the player takes against the pub, and which regular (index) sits opposite.
    pub play_as: crate::rules::khalif::Side,
    pub regular: usize,
    /// The last hint asked for, in words.
    pub hint: Option<String>,
}

impl Default for UiState {
    fn default() -> UiState {
        UiState {
            rules: false,
            settings: false,
            save: false,
            load: false,
            threats: false,
            save_name: String::new(),
            notice: None,
            confirm_resign: false,
            play_as: crate::rules::khalif::Side::Gold,
            regular: 0,
            hint: None,
        }
    }
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
