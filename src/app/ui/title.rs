//! The title screen: the journey, lessons and puzzles, the choice of game, then a local match
//! or one against a regular, load a game, settings, rules, quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiState;
use super::style::WARNING;
use crate::ai::levels::regulars;
use crate::app::career::{Career, leave_seat};
use crate::app::commands::GameCommand;
use crate::app::opponent::Opponent;
use crate::app::screens::Screen;
use crate::app::session::Session;
use crate::app::settings::GameSettings;
use crate::play::new_game;
use crate::rules::{GameId, Rules, Side};
use crate::with_game;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, title_menu.run_if(in_state(Screen::Title)));
}

#[allow(clippy::too_many_arguments)]
fn title_menu(
    mut contexts: EguiContexts,
    mut ui_state: ResMut<UiState>,
    settings: Res<GameSettings>,
    career: Res<Career>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<GameCommand>,
    mut exit: MessageWriter<AppExit>,
    mut bevy_commands: Commands,
    mut session: ResMut<Session>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Khalif")
        .title_bar(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .resizable(false)
        .default_width(360.0)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new("KHALIF").size(52.0).color(egui::Color32::from_rgb(240, 190, 90)));
                ui.label(egui::RichText::new("the desert pubs of Zarhalem").italics());
                ui.add_space(18.0);
                let wide = |text: &str| {
                    egui::Button::new(egui::RichText::new(text).size(20.0)).min_size(egui::vec2(260.0, 36.0))
                };
                if ui.add(wide("The journey")).on_hover_text("From the docks to the Khalif's Square").clicked() {
                    next.set(Screen::Campaign);
                }
                if ui.add(wide("Lessons and puzzles")).clicked() {
                    next.set(Screen::School);
                }
                ui.add_space(6.0);
                let shown = (ui_state.game, ui_state.version);
                ui.label("The game:");
                ui.horizontal(|ui| {
                    for game in GameId::ALL {
                        ui.radio_value(&mut ui_state.game, game, game.name());
                    }
                });
                let game = ui_state.game;
                let versions = with_game!(game, G => G::VERSIONS);
                if !versions.is_empty() {
                    ui.horizontal(|ui| {
                        ui.label("Version:");
                        for (n, (name, _)) in versions.iter().enumerate() {
                            ui.radio_value(&mut ui_state.version, n, *name);
                        }
                    });
                }
                let start = versions.get(ui_state.version).map(|(_, start)| *start);
                let fresh = || new_game(game, start).expect("every game's start positions are valid");
                if (game, ui_state.version) != shown {
                    // The board behind the menu becomes the chosen game's. Only on a new
                    // choice: a match being started (a loaded game, a table of the journey)
                    // has already replaced the session and must keep it.
                    *session = Session::new(fresh());
                }
                if ui.add(wide("New local match (two players)")).clicked() {
                    leave_seat(&mut bevy_commands);
                    commands.write(GameCommand::Start(fresh()));
                }
                ui.add_space(6.0);
                ui.label("Play against a regular of the pub:");
                let sides = with_game!(game, G => G::NAMING.sides);
                ui.horizontal(|ui| {
                    ui.radio_value(&mut ui_state.play_as, Side::First, format!("as {}", sides[0]));
                    ui.radio_value(&mut ui_state.play_as, Side::Second, format!("as {}", sides[1]));
                });
                egui::ComboBox::from_id_salt("regular").selected_text(regular_name(ui_state.regular)).show_ui(
                    ui,
                    |ui| {
                        for i in 0..regulars().len() {
                            ui.selectable_value(&mut ui_state.regular, i, regular_name(i));
                        }
                    },
                );
                if ui.add(wide("Sit down and play")).clicked()
                    && let Some(regular) = regulars().get(ui_state.regular)
                {
                    leave_seat(&mut bevy_commands);
                    bevy_commands.insert_resource(Opponent::regular(ui_state.play_as.opponent(), regular));
                    commands.write(GameCommand::Start(fresh()));
                }
                if ui.add(wide("Load a game")).clicked() {
                    ui_state.load = true;
                }
                if ui.add(wide("Settings")).clicked() {
                    ui_state.settings = true;
                }
                if ui.add(wide("Rules")).clicked() {
                    ui_state.rules = true;
                }
                if ui.add(wide("Quit")).clicked() {
                    exit.write(AppExit::Success);
                }
                for notice in settings.notice.iter().chain(&career.notice) {
                    ui.add_space(8.0);
                    ui.label(egui::RichText::new(format!("Notice: {notice}")).color(WARNING));
                }
            });
        });
    Ok(())
}

fn regular_name(i: usize) -> String {
    let regulars = regulars();
    let regular = &regulars[i.min(regulars.len() - 1)];
    format!("{} (level {})", regular.name, regular.level)
}
