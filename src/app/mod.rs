//! The Bevy front end: a view over the rules core, one plugin per file. This file builds the
//! app and holds the one place where the order of the system sets is decided.

mod animation;
mod audio;
mod background;
mod board;
mod camera;
mod career;
mod clicks;
mod commands;
mod crowd;
mod crowd_mood;
mod geometry;
mod highlights;
mod input;
mod launch;
mod looks;
mod opponent;
mod pieces;
mod place;
mod props;
mod scene;
mod screens;
// Screenshot mode is the native binary's (the browser test photographs the page itself).
#[cfg(not(target_arch = "wasm32"))]
mod screenshot;
mod session;
mod settings;
mod stages;
mod textures;
mod tonemapping;
mod ui;
mod vignette;
mod vignette_look;
mod wager_coins;
#[cfg(target_arch = "wasm32")]
mod web;

use bevy::prelude::*;

pub use animation::SkipAnimations;
pub use board::{BoardSquare, OnSquare, PieceView, board_mismatch};
pub use career::{Career, Seat, open_lesson, open_puzzle, sit_down};
pub use clicks::{Selection, SquareClicked};
pub use commands::GameCommand;
pub use crowd_mood::{CrowdMood, Reaction};
pub use launch::{Destination, LaunchOptions, VenueChoice, View};
pub use opponent::{Opponent, Speech, Thinking};
pub use place::Place;
pub use screens::Screen;
#[cfg(not(target_arch = "wasm32"))]
pub use screenshot::STAGE_LAST_AT;
pub use session::{PlayerDecision, Session, Staged};
pub use settings::GameSettings;
pub use stages::{StageLog, StageSet};
pub use vignette::{SHORTENED as VIGNETTE_SHORTENED, Vignette, VignetteKind, VignettesSeen, plugin as vignette_plugin};
#[cfg(target_arch = "wasm32")]
pub use web::page_options;

/// The frame's phases, in order: what the players did, what the core made of it, the game's
/// stages that show it on the board, then animation and presentation.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Pointer, keyboard and HUD input become clicks, commands and decisions.
    Input,
    /// Decisions and commands go to the core.
    Decide,
    /// Animations advance; finished ones let the next stage run.
    Animate,
    /// HUD, highlights, camera and sound read the frame's state.
    Present,
}

/// Builds and runs the game with its window.
pub fn run(options: LaunchOptions) {
    let mut app = App::new();
    let plugins = DefaultPlugins.build().add_before::<bevy::core_pipeline::CorePipelinePlugin>(tonemapping::plugin);
    app.add_plugins(plugins.set(tonemapping::log_filter()).set(WindowPlugin {
        primary_window: Some(Window {
            title: "Khalif — the games of the desert pubs of Zarhalem".into(),
            resolution: options.window_size().into(),
            // On the web: draw into the page's canvas and follow the window's size.
            canvas: Some("#khalif".into()),
            fit_canvas_to_parent: true,
            ..default()
        }),
        ..default()
    }))
    .add_plugins((MeshPickingPlugin, bevy_egui::EguiPlugin::default(), bevy_kira_audio::AudioPlugin))
    .insert_resource(options)
    .add_plugins((logic_plugin, presentation_plugin))
    .run();
}

/// Everything that runs without a window: screens, the match session, the piece entities and
/// the staged turn resolution. Headless tests build an app from this alone.
pub fn logic_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (GameSystems::Input, GameSystems::Decide, GameSystems::Animate, GameSystems::Present).chain(),
    );
    // Each game's stages run in its rulebook's order between the core's decisions and the
    // animations (Khalif: move, succession, retaliation, chained capture, turn end).
    for game in crate::rules::GameId::ALL {
        let stages = StageSet::of(game);
        for pair in stages.windows(2) {
            app.configure_sets(Update, pair[0].before(pair[1]));
        }
        for stage in stages {
            app.configure_sets(Update, stage.after(GameSystems::Decide).before(GameSystems::Animate));
        }
    }
    app.add_plugins((
        screens::plugin,
        session::plugin,
        commands::plugin,
        board::plugin,
        stages::plugin,
        clicks::plugin,
        opponent::plugin,
        career::plugin,
        crowd_mood::plugin,
    ));
}

/// The pub, the pieces' looks, input devices, animation, camera, HUD and sound.
fn presentation_plugin(app: &mut App) {
    // The place and what stands in it.
    app.add_plugins((
        settings::plugin,
        scene::plugin,
        place::plugin,
        crowd::plugin,
        wager_coins::plugin,
        pieces::plugin,
        camera::plugin,
    ));
    // What the players do and what they see and hear of it.
    app.add_plugins((
        input::plugin,
        highlights::plugin,
        animation::plugin,
        vignette::plugin,
        vignette_look::plugin,
        audio::plugin,
        ui::plugin,
        #[cfg(not(target_arch = "wasm32"))]
        screenshot::plugin,
    ));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web::plugin);
}
