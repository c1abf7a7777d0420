//! A venue: its description and stakes, a card for each regular (biography, strength, the
//! player's record against them, and the conditions they insist on, each on a card of its
//! own), the wager, and sitting down.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiState;
use super::style::{BRASS, WARNING, card};
use crate::ai::levels::{LEVELS, level_name};
use crate::app::career::{Career, open_lesson, sit_down};
use crate::app::commands::GameCommand;
use crate::app::screens::Screen;
use crate::campaign::{Condition, Contender, Profile, Stakes, check_wager};
use crate::rules::{GameId, Rules, Side};
use crate::with_game;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, venue_window.run_if(in_state(Screen::Venue)));
}

/// The wagers the player can place: the table's stakes within the purse. An empty purse (or
/// one below the least stake) still gets a friendly game for nothing, so no journey ends broke.
fn wager_range(purse: u32, stakes: &Stakes) -> std::ops::RangeInclusive<u32> {
    if purse < stakes.min { 0..=0 } else { stakes.min..=stakes.max.min(purse) }
}

fn record_line(profile: &Profile, name: &str) -> String {
    match profile.regulars.get(name) {
        None => "You have not played them yet.".to_string(),
        Some(r) => format!("You: {} won, {} lost, {} drawn ({:+} coins)", r.won, r.lost, r.drawn, r.coins),
    }
}

fn strength(contender: &Contender) -> String {
    let number = contender.personality.level;
    let name = level_name(number).unwrap_or("");
    format!("level {number} of {LEVELS} — {name}")
}

/// A condition on a card of its own: what it is, and what it means for the player.
fn condition_card(ui: &mut egui::Ui, condition: &Condition, game: GameId, who: &str) {
    let (title, meaning) = condition.card(game, who);
    let ink = egui::Color32::from_rgb(50, 30, 14);
    egui::Frame::new()
        .fill(egui::Color32::from_rgb(222, 200, 160))
        .stroke(egui::Stroke::new(1.0, egui::Color32::from_rgb(120, 80, 40)))
        .corner_radius(4)
        .inner_margin(egui::Margin::symmetric(8, 4))
        .show(ui, |ui| {
            ui.set_max_width(170.0);
            ui.vertical(|ui| {
                ui.label(egui::RichText::new(title).strong().color(ink));
                ui.label(egui::RichText::new(meaning).small().color(ink));
            });
        });
}

fn venue_window(
    mut contexts: EguiContexts,
    career: Res<Career>,
    mut ui_state: ResMut<UiState>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut games: MessageWriter<GameCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(venue) = career.campaign.venues.get(ui_state.venue) else {
        next.set(Screen::Campaign);
        return Ok(());
    };
    let profile = &career.profile;
    let range = wager_range(profile.purse, &venue.stakes);
    ui_state.stake = ui_state.stake.clamp(*range.start(), *range.end());
    let contenders = career.campaign.contenders(ui_state.venue, profile);
    egui::Window::new(&venue.name)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .default_width(820.0)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(&venue.description).italics());
            ui.label(egui::RichText::new(format!("The game at these tables: {}", venue.game)).strong().color(BRASS));
            let lessons: Vec<&str> =
                career.lessons.iter().filter(|l| l.game == venue.game).map(|l| l.title.as_str()).collect();
            let to_learn = lessons.iter().filter(|t| !profile.lessons_done.contains(**t)).count();
            if to_learn > 0 {
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        egui::RichText::new(format!(
                            "New to {}? {to_learn} of its {} lessons are still to do before you wager.",
                            venue.game,
                            lessons.len()
                        ))
                        .color(WARNING),
                    );
                    // Straight to the first of the game's lessons still to do; the tutor
                    // leads on from one to the next.
                    if ui.button(format!("Learn {} first", venue.game)).clicked()
                        && let Some(first) = career
                            .lessons
                            .iter()
                            .position(|l| l.game == venue.game && !profile.lessons_done.contains(&l.title))
                    {
                        open_lesson(&mut commands, &mut games, &career, first);
                    }
                });
            }
            ui.horizontal(|ui| {
                ui.label(format!("Stakes: {} to {} coins.", venue.stakes.min, venue.stakes.max));
                ui.label(format!("Your purse: {} coins.", profile.purse));
                ui.label(format!("Reputation: {}.", profile.reputation));
            });
            ui.horizontal(|ui| {
                if *range.end() == 0 {
                    ui.label(
                        egui::RichText::new("Your purse is short of the least stake: play a friendly for no coin.")
                            .color(WARNING),
                    );
                } else {
                    ui.label("Your wager:");
                    ui.add(egui::Slider::new(&mut ui_state.stake, range.clone()).suffix(" coins"));
                }
                ui.add_space(16.0);
                ui.label("You prefer:");
                let sides = with_game!(venue.game, G => G::NAMING.sides);
                ui.radio_value(&mut ui_state.play_as, Side::First, sides[0]);
                ui.radio_value(&mut ui_state.play_as, Side::Second, sides[1]);
            });
            ui.separator();
            let mut chosen = None;
            ui.columns(2, |columns| {
                for (i, contender) in contenders.iter().enumerate() {
                    let ui = &mut columns[i % 2];
                    card().show(ui, |ui| {
                        ui.set_min_width(ui.available_width());
                        ui.horizontal_wrapped(|ui| {
                            ui.label(egui::RichText::new(&contender.name).size(20.0).color(BRASS));
                            if let Some(stage) = contender.rival_stage {
                                ui.label(egui::RichText::new(format!("your rival — meeting {}", stage + 1)).italics());
                            }
                        });
                        ui.label(egui::RichText::new(strength(contender)).small());
                        ui.label(&contender.bio);
                        ui.label(egui::RichText::new(record_line(profile, &contender.name)).small());
                        ui.horizontal_wrapped(|ui| {
                            for condition in &contender.conditions {
                                condition_card(ui, condition, venue.game, &contender.name);
                            }
                        });
                        let label = if ui_state.stake == 0 {
                            "Play a friendly".to_string()
                        } else {
                            format!("Sit down for {} coins", ui_state.stake)
                        };
                        if ui.button(label).clicked() {
                            chosen = Some(contender.clone());
                        }
                    });
                    ui.add_space(6.0);
                }
            });
            if let Some(contender) = chosen {
                let stake = ui_state.stake;
                let placed = if stake == 0 { Ok(()) } else { check_wager(profile.purse, &venue.stakes, stake) };
                let seated = placed.map_err(|e| e.to_string()).and_then(|()| {
                    sit_down(
                        &mut commands,
                        &mut games,
                        &career,
                        ui_state.venue,
                        contender,
                        stake,
                        ui_state.play_as,
                        None,
                    )
                });
                if let Err(problem) = seated {
                    ui_state.notice = Some(problem);
                }
            }
            if let Some(notice) = &ui_state.notice {
                ui.label(egui::RichText::new(notice).color(WARNING));
            }
            if ui.button("Back to the map").clicked() {
                next.set(Screen::Campaign);
            }
        });
    Ok(())
}
