//! Lessons and puzzles: every lesson and puzzle with whether it is done, in words; a click
//! sets it on the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiState;
use super::style::BRASS;
use crate::app::career::{Career, open_lesson, open_puzzle};
use crate::app::commands::GameCommand;
use crate::app::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, school_window.run_if(in_state(Screen::School)));
}

/// "done" or "to do", so progress is never told by colour alone.
fn mark(done: bool) -> egui::RichText {
    if done { egui::RichText::new("✔ done").color(BRASS) } else { egui::RichText::new("· to do") }
}

fn school_window(
    mut contexts: EguiContexts,
    career: Res<Career>,
    mut ui_state: ResMut<UiState>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut games: MessageWriter<GameCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let profile = &career.profile;
    egui::Window::new("Lessons and puzzles")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .default_width(860.0)
        .show(ctx, |ui| {
            ui.columns(2, |columns| {
                columns[0].heading(format!(
                    "Lessons ({} of {} done)",
                    career.lessons.iter().filter(|l| profile.lessons_done.contains(&l.title)).count(),
                    career.lessons.len()
                ));
                columns[0].label("One idea of the rules each, in order: finish them and you can play a full game.");
                egui::ScrollArea::vertical().id_salt("lessons").max_height(440.0).show(&mut columns[0], |ui| {
                    for (i, lesson) in career.lessons.iter().enumerate() {
                        ui.horizontal(|ui| {
                            ui.label(mark(profile.lessons_done.contains(&lesson.title)));
                            if ui.button(format!("{}. {}", i + 1, lesson.title)).clicked() {
                                ui_state.show_tutor_hint = false;
                                open_lesson(&mut commands, &mut games, &career, i);
                            }
                            ui.label(egui::RichText::new(&lesson.rule).small());
                        });
                    }
                });
                columns[1].heading(format!(
                    "Puzzles ({} of {} solved)",
                    career.puzzles.iter().filter(|p| profile.puzzles_solved.contains(&p.name)).count(),
                    career.puzzles.len()
                ));
                columns[1].label("Win within the turns given, against the engine's best defence.");
                egui::ScrollArea::vertical().id_salt("puzzles").max_height(440.0).show(&mut columns[1], |ui| {
                    for (i, puzzle) in career.puzzles.iter().enumerate() {
                        ui.horizontal(|ui| {
                            ui.label(mark(profile.puzzles_solved.contains(&puzzle.name)));
                            if ui.button(format!("{}. {}", i + 1, puzzle.name)).clicked() {
                                ui_state.show_tutor_hint = false;
                                open_puzzle(&mut commands, &mut games, &career, i);
                            }
                            let turns = if puzzle.turns == 1 {
                                "1 turn".to_string()
                            } else {
                                format!("{} turns", puzzle.turns)
                            };
                            ui.label(egui::RichText::new(format!("win in {turns}")).small());
                        });
                    }
                });
            });
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("The journey").clicked() {
                    next.set(Screen::Campaign);
                }
                if ui.button("Back to the title").clicked() {
                    next.set(Screen::Title);
                }
            });
        });
    Ok(())
}
