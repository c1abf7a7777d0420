//! The player's settings as a resource: loaded at start (a corrupt file is set aside and
//! reported), saved atomically when the settings window closes.

use bevy::prelude::*;

use crate::persist::Settings;

/// The settings in force, and a message for the player about loading or saving them.
#[derive(Resource, Debug, Clone)]
pub struct GameSettings {
    pub settings: Settings,
    pub notice: Option<String>,
}

impl GameSettings {
    /// Writes the settings to their file, keeping any error for the player.
    pub fn save(&mut self) {
        if let Err(e) = self.settings.save() {
            self.notice = Some(format!("Settings not saved: {e}"));
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    let (settings, notice) = Settings::load();
    app.insert_resource(GameSettings { settings, notice });
}
