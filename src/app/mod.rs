//! The Bevy front end: a thin view over the rules core, one plugin per file.

mod scene;

use bevy::prelude::*;

/// Builds and runs the game application with its window.
pub fn run() {
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Khalif — the desert pubs of Zarhalem".into(),
                ..default()
            }),
            ..default()
        }))
        .add_plugins((
            bevy_egui::EguiPlugin::default(),
            bevy_kira_audio::AudioPlugin,
        ))
        .add_plugins(plugin)
        .run();
}

/// Every game plugin, in one place.
fn plugin(app: &mut App) {
    app.add_plugins(scene::plugin);
}
