//! The result screen over the final board: who won and why, then save, review, rematch or
//! leave; after a campaign match, how the purse and the player's name changed, the venues
//! that opened, and the regular's parting line. Lessons and puzzles give their verdict in the
//! tutor panel instead.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiState;
use super::style::{BRASS, WARNING};
use crate::app::career::{Career, Seat, Settlement, leave_seat};
use crate::app::commands::GameCommand;
use crate::app::screens::Screen;
use crate::app::session::Session;
use crate::campaign::MatchResult;
use crate::play::new_game;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, result_window.run_if(in_state(Screen::Result)));
}

/// `n coins`, or `1 coin`.
pub fn coins(n: u32) -> String {
    if n == 1 { "1 coin".to_string() } else { format!("{n} coins") }
}

/// The coins won or lost, in words (a friendly changes nothing).
fn winnings(settlement: &Settlement) -> String {
    let (before, after) = (settlement.purse_before, settlement.purse_after);
    match settlement.result {
        MatchResult::Won if after > before => format!("You won {}.", coins(after - before)),
        MatchResult::Lost if before > after => format!("You lost {}.", coins(before - after)),
        MatchResult::Drawn => "A draw: both stakes go back.".to_string(),
        _ => "A friendly: no coin changed hands.".to_string(),
    }
}

fn settlement_lines(ui: &mut egui::Ui, settlement: &Settlement, name: &str, timed_out: bool) {
    let headline = match settlement.result {
        MatchResult::Won => "You win the match",
        MatchResult::Lost => "You lose the match",
        MatchResult::Drawn => "The match is drawn",
    };
    ui.label(egui::RichText::new(headline).size(28.0).color(BRASS));
    if timed_out {
        ui.label(egui::RichText::new("Your turn's time ran out.").color(WARNING));
    }
    ui.label(egui::RichText::new(winnings(settlement)).size(20.0));
    ui.label(format!("Purse: now {} (was {})", coins(settlement.purse_after), settlement.purse_before));
    ui.label(format!("Reputation: now {} (was {})", settlement.reputation_after, settlement.reputation_before));
    for venue in &settlement.opened {
        ui.label(egui::RichText::new(format!("New venue open: {venue}")).color(BRASS));
    }
    ui.add_space(8.0);
    ui.label(egui::RichText::new(format!("“{}”", settlement.parting)).italics().size(18.0));
    ui.label(egui::RichText::new(format!("— {name}")).size(14.0));
}

#[allow(clippy::too_many_arguments)]
fn result_window(
    mut contexts: EguiContexts,
    session: Res<Session>,
    seat: Option<Res<Seat>>,
    career: Res<Career>,
    mut ui_state: ResMut<UiState>,
    mut commands: MessageWriter<GameCommand>,
    mut bevy_commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(outcome) = session.game.outcome() else { return Ok(()) };
    let wager = match seat.as_deref() {
        Some(Seat::Wager(wager)) => Some(wager),
        Some(_) => return Ok(()), // the tutor panel gives the verdict
        None => None,
    };
    let settled = wager.and_then(|w| w.settled.as_ref().map(|s| (w, s)));
    if wager.is_some() && settled.is_none() {
        return Ok(()); // settled this frame
    }
    egui::Window::new("The game is over")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, -40.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                if let Some((wager, settlement)) = settled {
                    settlement_lines(ui, settlement, &wager.contender.name, wager.timed_out);
                    ui.add_space(6.0);
                    ui.label(egui::RichText::new(outcome.describe(&session.game.naming())).small());
                } else {
                    ui.label(egui::RichText::new(outcome.describe(&session.game.naming())).size(26.0));
                }
                let turns = session.game.history().len();
                let plural = if turns == 1 { "" } else { "s" };
                ui.label(format!("{turns} turn{plural}, result {}", outcome.result_text()));
                if let Some(notice) = &career.notice {
                    ui.label(egui::RichText::new(format!("Notice: {notice}")).color(WARNING));
                }
                ui.add_space(10.0);
                ui.horizontal(|ui| {
                    if ui.button("Save the record").clicked() {
                        ui_state.save = true;
                    }
                    if settled.is_some() {
                        if ui.button("Back to the venue").clicked() {
                            leave_seat(&mut bevy_commands);
                            next.set(Screen::Venue);
                        }
                        if ui.button("The map").clicked() {
                            leave_seat(&mut bevy_commands);
                            next.set(Screen::Campaign);
                        }
                        return;
                    }
                    if ui.button("Undo the last turn").clicked() {
                        commands.write(GameCommand::Undo);
                    }
                    if ui.button("Rematch").clicked()
                        && let Ok(game) = new_game(session.game.id(), Some(&session.game.start_text()))
                    {
                        commands.write(GameCommand::Start(game));
                    }
                    if ui.button("Title").clicked() {
                        commands.write(GameCommand::Leave);
                    }
                });
            });
        });
    Ok(())
}
