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

/// One lesson or puzzle in its list.
struct Entry<'a> {
    name: &'a str,
    done: bool,
    /// The rule taught, or the turns allowed.
    tag: String,
}

/// A heading with the count done, a line about the list, and a button per entry; returns the
/// entry clicked.
fn entry_list(ui: &mut egui::Ui, title: &str, done_word: &str, blurb: &str, entries: &[Entry]) -> Option<usize> {
    let done = entries.iter().filter(|e| e.done).count();
    ui.heading(format!("{title} ({done} of {} {done_word})", entries.len()));
    ui.label(blurb);
    let mut chosen = None;
    egui::ScrollArea::vertical().id_salt(title).max_height(440.0).show(ui, |ui| {
        for (i, entry) in entries.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(mark(entry.done));
                if ui.button(format!("{}. {}", i + 1, entry.name)).clicked() {
                    chosen = Some(i);
                }
                ui.label(egui::RichText::new(&entry.tag).small());
            });
        }
    });
    chosen
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
            let lessons: Vec<Entry> = career
                .lessons
                .iter()
                .map(|l| Entry {
                    name: &l.title,
                    done: profile.lessons_done.contains(&l.title),
                    tag: format!("{} {}", l.game, l.rule),
                })
                .collect();
            let puzzles: Vec<Entry> = career
                .puzzles
                .iter()
                .map(|p| Entry {
                    name: &p.name,
                    done: profile.puzzles_solved.contains(&p.name),
                    tag: format!("win in {} turn{}", p.turns, if p.turns == 1 { "" } else { "s" }),
                })
                .collect();
            let mut chosen = (None, None);
            ui.columns(2, |columns| {
                let blurb = "One idea of a game's rules each, game by game: finish a game's and you can play it.";
                chosen.0 = entry_list(&mut columns[0], "Lessons", "done", blurb, &lessons);
                let blurb = "Win within the turns given, against the engine's best defence.";
                chosen.1 = entry_list(&mut columns[1], "Puzzles", "solved", blurb, &puzzles);
            });
            if let Some(i) = chosen.0 {
                ui_state.show_tutor_hint = false;
                open_lesson(&mut commands, &mut games, &career, i);
            }
            if let Some(i) = chosen.1 {
                ui_state.show_tutor_hint = false;
                open_puzzle(&mut commands, &mut games, &career, i);
            }
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
