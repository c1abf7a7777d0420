//! The result screen over the final board: who won and why, then save, review, rematch or leave.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiState;
use crate::app::commands::GameCommand;
use crate::app::screens::Screen;
use crate::app::session::Session;
use crate::rules::khalif::Game;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, result_window.run_if(in_state(Screen::Result)));
}

fn result_window(
    mut contexts: EguiContexts,
    session: Res<Session>,
    mut ui_state: ResMut<UiState>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(outcome) = session.game.outcome() else { return Ok(()) };
    egui::Window::new("The game is over")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, -40.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new(outcome.describe()).size(26.0));
                ui.label(format!("{} turns, result {}", session.game.history().len(), outcome.result_text()));
                ui.add_space(10.0);
                ui.horizontal(|ui| {
                    if ui.button("Save the record").clicked() {
                        ui_state.save = true;
                    }
                    if ui.button("Undo the last turn").clicked() {
                        commands.write(GameCommand::Undo);
                    }
                    if ui.button("Rematch").clicked() {
                        commands.write(GameCommand::Start(Box::new(Game::new(*session.game.start()))));
                    }
                    if ui.button("Title").clicked() {
                        commands.write(GameCommand::Leave);
                    }
                });
            });
        });
    Ok(())
}
