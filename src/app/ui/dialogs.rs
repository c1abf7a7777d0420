//! The rules reference, the settings, and saving and loading game records.

use std::path::PathBuf;

use web_time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiState;
use crate::app::career::{Career, Seat, leave_seat};
use crate::app::commands::GameCommand;
use crate::app::looks::Look;
use crate::app::screens::Screen;
use crate::app::session::Session;
use crate::app::settings::GameSettings;
use crate::persist::{Quality, data_dir, write_atomic};
use crate::play::load_record;
use crate::rules::{GameId, Side};
use crate::with_game;

/// The rules reference of a game, as the Rules window shows it.
fn rules_text(game: GameId) -> &'static str {
    with_game!(game, G => <G as Look>::RULES)
}
/// The extension of saved game records.
const EXTENSION: &str = "khalif";

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, (rules_window, settings_window, save_window, load_window));
}

/// The rules of the game on the table, or on the title screen the game chosen there.
fn rules_window(
    mut contexts: EguiContexts,
    mut ui_state: ResMut<UiState>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = if *screen.get() == Screen::Title { ui_state.game } else { session.game.id() };
    egui::Window::new("Rules").open(&mut ui_state.rules).default_width(520.0).show(ctx, |ui| {
        egui::ScrollArea::vertical().max_height(520.0).show(ui, |ui| {
            for line in rules_text(game).lines() {
                let plain = line.replace("**", "");
                if let Some(title) = plain.strip_prefix("## ") {
                    ui.add_space(6.0);
                    ui.label(egui::RichText::new(title).strong().size(19.0));
                } else if let Some(title) = plain.strip_prefix("# ") {
                    ui.heading(title);
                } else if !plain.trim().is_empty() {
                    ui.label(plain);
                }
            }
        });
    });
    Ok(())
}

fn settings_window(
    mut contexts: EguiContexts,
    mut ui_state: ResMut<UiState>,
    mut settings: ResMut<GameSettings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let was_open = ui_state.settings;
    let mut open = ui_state.settings;
    egui::Window::new("Settings").open(&mut open).default_width(340.0).show(ctx, |ui| {
        let s = &mut settings.settings;
        ui.heading("Sound");
        ui.add(egui::Slider::new(&mut s.music_volume, 0.0..=1.0).text("music"));
        ui.add(egui::Slider::new(&mut s.ambience_volume, 0.0..=1.0).text("ambience"));
        ui.add(egui::Slider::new(&mut s.effects_volume, 0.0..=1.0).text("effects"));
        ui.heading("Play");
        ui.add(egui::Slider::new(&mut s.animation_speed, 0.25..=4.0).text("animation speed"));
        ui.checkbox(&mut s.skip_animations, "skip animations");
        ui.checkbox(&mut s.vignettes, "capture vignettes");
        ui.checkbox(&mut s.thinking_pause, "opponents pause before answering");
        ui.checkbox(&mut s.camera.turn_to_side_to_move, "turn the camera to the side to move");
        ui.checkbox(&mut s.camera.start_top_down, "start in the top-down view");
        ui.heading("Graphics");
        ui.horizontal(|ui| {
            for (quality, name) in [(Quality::Low, "low"), (Quality::Medium, "medium"), (Quality::High, "high")] {
                ui.radio_value(&mut s.graphics.quality, quality, name);
            }
        });
        ui.checkbox(&mut s.graphics.shadows, "shadows");
        ui.checkbox(&mut s.graphics.smoke, "smoke");
        ui.checkbox(&mut s.graphics.msaa, "smooth edges (MSAA)");
        ui.heading("Place of a free match");
        egui::ComboBox::from_id_salt("scene").selected_text(s.scene.name()).show_ui(ui, |ui| {
            for kind in crate::campaign::VenueKind::ALL {
                ui.selectable_value(&mut s.scene, kind, kind.name());
            }
        });
        if let Some(notice) = &settings.notice {
            ui.separator();
            ui.label(egui::RichText::new(notice).color(egui::Color32::from_rgb(255, 190, 120)));
        }
    });
    ui_state.settings = open;
    if was_open && !open {
        settings.save();
    }
    Ok(())
}

fn saves_folder() -> Option<PathBuf> {
    data_dir().map(|d| d.join("saves"))
}

/// Today's date as `YYYY-MM-DD` (civil calendar from the Unix clock).
fn today() -> String {
    let days = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

fn save_window(
    mut contexts: EguiContexts,
    mut ui_state: ResMut<UiState>,
    session: Res<Session>,
    seat: Option<Res<Seat>>,
    career: Res<Career>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !ui_state.save {
        return Ok(());
    }
    if ui_state.save_name.is_empty() {
        ui_state.save_name = format!("game-{}", today());
    }
    let mut open = true;
    let mut saved = None;
    egui::Window::new("Save the game").open(&mut open).show(ctx, |ui| {
        ui.horizontal(|ui| {
            ui.label("Name:");
            ui.text_edit_singleline(&mut ui_state.save_name);
        });
        if ui.button("Save").clicked() {
            let players = match seat.as_deref() {
                Some(Seat::Wager(wager)) => {
                    let venue = career.campaign.venues.get(wager.venue).map_or("Zarhalem", |v| v.name.as_str());
                    Players { event: venue.to_string(), you: Some((wager.table.player, wager.contender.name.clone())) }
                }
                _ => Players { event: "Local match".to_string(), you: None },
            };
            saved = Some(save_record(&session, &ui_state.save_name, &players));
        }
        if let Some(notice) = &ui_state.notice {
            ui.label(notice);
        }
    });
    if let Some(result) = saved {
        ui_state.notice = Some(match result {
            Ok(path) => format!("Saved to {}", path.display()),
            Err(e) => format!("Not saved: {e}"),
        });
    }
    if !open {
        ui_state.save = false;
        ui_state.notice = None;
    }
    Ok(())
}

/// Who played, for the record's tags: the event, and in a campaign match the player's side
/// and the regular's name.
struct Players {
    event: String,
    you: Option<(Side, String)>,
}

fn save_record(session: &Session, name: &str, players: &Players) -> Result<PathBuf, String> {
    let clean: String = name.chars().filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' ')).collect();
    if clean.trim().is_empty() {
        return Err("give the game a name".into());
    }
    let folder = saves_folder().ok_or("no folder for saved games (set KHALIF_HOME)")?;
    let path = folder.join(format!("{}.{EXTENSION}", clean.trim()));
    let naming = session.game.naming();
    let mut tags = vec![("Event".to_string(), players.event.clone())];
    for side in Side::BOTH {
        let name = match &players.you {
            Some((you, _)) if *you == side => "You".to_string(),
            Some((_, regular)) => regular.clone(),
            None => format!("{} player", naming.side(side)),
        };
        tags.push((naming.side(side).to_string(), name));
    }
    tags.push(("Date".to_string(), today()));
    write_atomic(&path, session.game.record_text(&tags).as_bytes()).map_err(|e| e.to_string())?;
    Ok(path)
}

fn load_window(
    mut contexts: EguiContexts,
    mut ui_state: ResMut<UiState>,
    mut commands: MessageWriter<GameCommand>,
    mut bevy_commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !ui_state.load {
        return Ok(());
    }
    let mut open = true;
    egui::Window::new("Load a game").open(&mut open).default_width(380.0).show(ctx, |ui| {
        let files: Vec<PathBuf> = saves_folder().map(|f| crate::persist::list(&f, EXTENSION)).unwrap_or_default();
        if files.is_empty() {
            ui.label("No saved games yet.");
        }
        egui::ScrollArea::vertical().max_height(320.0).show(ui, |ui| {
            for path in files {
                let name = path.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
                if ui.button(name).clicked() {
                    match crate::persist::read(&path)
                        .map_err(|e| e.to_string())
                        .and_then(|b| String::from_utf8(b).map_err(|e| e.to_string()))
                        .and_then(|t| load_record(&t))
                    {
                        Ok((game, _)) => {
                            leave_seat(&mut bevy_commands);
                            commands.write(GameCommand::Start(game));
                            ui_state.load = false;
                            ui_state.notice = None;
                        }
                        Err(e) => ui_state.notice = Some(format!("{} could not be loaded: {e}", path.display())),
                    }
                }
            }
        });
        if let Some(notice) = &ui_state.notice {
            ui.label(egui::RichText::new(notice).color(egui::Color32::from_rgb(255, 190, 120)));
        }
    });
    if !open {
        ui_state.load = false;
        ui_state.notice = None;
    }
    Ok(())
}
