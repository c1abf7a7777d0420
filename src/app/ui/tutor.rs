//! The panel beside the board that says what the table is for: a lesson's idea, goal, hint and
//! verdict with retry and next; a puzzle's task and turns used; or the wager, the conditions
//! and the turn clock of a campaign match.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiState;
use super::match_hud::side_badge;
use super::result::coins;
use super::style::{BRASS, WARNING};
use crate::app::career::{Career, Seat, TurnClock, Wager, leave_seat, open_lesson, open_puzzle, turns_played_by};
use crate::app::commands::GameCommand;
use crate::app::screens::Screen;
use crate::app::session::Session;
use crate::campaign::Condition;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        tutor_panel.run_if(in_state(Screen::Match).or_else(in_state(Screen::Result))),
    );
}

fn verdict_line(ui: &mut egui::Ui, verdict: Option<bool>, waiting: &str) {
    match verdict {
        None => ui.label(waiting),
        Some(true) => ui.label(egui::RichText::new("✔ Well done: the goal is met.").size(18.0).color(BRASS)),
        Some(false) => {
            ui.label(egui::RichText::new("✖ Not quite. Retry, or ask for the hint.").size(18.0).color(WARNING))
        }
    };
}

fn wager_panel(ui: &mut egui::Ui, wager: &Wager, career: &Career, clock: &TurnClock, session: &Session) {
    let venue = career.campaign.venues.get(wager.venue).map_or("", |v| v.name.as_str());
    ui.label(egui::RichText::new(venue).color(BRASS));
    let stake = if wager.stake == 0 { "a friendly".to_string() } else { coins(wager.stake) };
    ui.label(format!("Against {} for {stake}.", wager.contender.name));
    ui.label(format!("You play {}.", side_badge(session.game.as_ref(), wager.table.player)));
    let others = wager.contender.conditions.iter().filter(|c| !matches!(c, Condition::PlayerPlays(_)));
    for condition in others {
        ui.label(format!("• {}", condition.card(wager.table.game, &wager.contender.name).0));
    }
    if let (Some(limit), Some((turn, left))) = (wager.table.turn_limit, clock.running)
        && turn == session.game.turn_number()
        && session.game.outcome().is_none()
    {
        let text = format!("Your clock: {:.0} of {limit} s left", left.ceil());
        let urgent = left < 10.0;
        ui.label(if urgent {
            egui::RichText::new(text + " — hurry").color(WARNING)
        } else {
            egui::RichText::new(text)
        });
    }
    if wager.timed_out {
        ui.label(egui::RichText::new("Your time ran out: the match is forfeit.").color(WARNING));
    }
}

#[allow(clippy::too_many_arguments)]
fn tutor_panel(
    mut contexts: EguiContexts,
    seat: Option<Res<Seat>>,
    career: Res<Career>,
    clock: Res<TurnClock>,
    session: Res<Session>,
    mut ui_state: ResMut<UiState>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut games: MessageWriter<GameCommand>,
) -> Result {
    let Some(seat) = seat else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let window = egui::Window::new("At the table")
        .anchor(egui::Align2::LEFT_TOP, [10.0, 10.0])
        .default_width(300.0)
        .resizable(false);
    window.show(ctx, |ui| {
        ui.set_max_width(300.0);
        let (hint, retry, next_one, count) = match &*seat {
            Seat::Wager(wager) => {
                wager_panel(ui, wager, &career, &clock, &session);
                return;
            }
            Seat::Lesson { index, verdict } => {
                let Some(lesson) = career.lessons.get(*index) else { return };
                ui.label(
                    egui::RichText::new(format!("Lesson {}: {}", index + 1, lesson.title)).size(20.0).color(BRASS),
                );
                ui.label(egui::RichText::new(format!("Rule {}", lesson.rule)).small());
                ui.label(&lesson.text);
                ui.label(egui::RichText::new(format!("Goal: {}", lesson.goal.describe())).strong());
                let first = side_badge(session.game.as_ref(), crate::rules::Side::First);
                verdict_line(ui, *verdict, &format!("Play one turn with {first}."));
                (&lesson.hint, Seat::Lesson { index: *index, verdict: None }, index + 1, career.lessons.len())
            }
            Seat::Puzzle { index, verdict } => {
                let Some(puzzle) = career.puzzles.get(*index) else { return };
                let player = session.game.board_after(0).map_or(crate::rules::Side::First, |b| b.side_to_move);
                ui.label(egui::RichText::new(format!("Puzzle {}: {}", index + 1, puzzle.name)).size(20.0).color(BRASS));
                ui.label(format!(
                    "{} to play and win within {} turn{}, against the best defence.",
                    side_badge(session.game.as_ref(), player),
                    puzzle.turns,
                    if puzzle.turns == 1 { "" } else { "s" }
                ));
                let used = turns_played_by(session.game.as_ref(), player);
                ui.label(format!("Turns used: {used} of {}", puzzle.turns));
                verdict_line(ui, *verdict, "Find the winning line.");
                (&puzzle.hint, Seat::Puzzle { index: *index, verdict: None }, index + 1, career.puzzles.len())
            }
        };
        if ui_state.show_tutor_hint {
            ui.label(egui::RichText::new(format!("Hint: {hint}")).italics());
        }
        let open = |seat: &Seat, commands: &mut Commands, games: &mut MessageWriter<GameCommand>| match seat {
            Seat::Lesson { index, .. } => open_lesson(commands, games, &career, *index),
            Seat::Puzzle { index, .. } => open_puzzle(commands, games, &career, *index),
            Seat::Wager(_) => {}
        };
        ui.horizontal_wrapped(|ui| {
            if ui.button("Hint").clicked() {
                ui_state.show_tutor_hint = true;
            }
            if ui.button("Retry").clicked() {
                open(&retry, &mut commands, &mut games);
            }
            if next_one < count && ui.button("Next").clicked() {
                ui_state.show_tutor_hint = false;
                let following = match retry {
                    Seat::Lesson { .. } => Seat::Lesson { index: next_one, verdict: None },
                    _ => Seat::Puzzle { index: next_one, verdict: None },
                };
                open(&following, &mut commands, &mut games);
            }
            if ui.button("All lessons and puzzles").clicked() {
                leave_seat(&mut commands);
                next.set(Screen::School);
            }
        });
    });
    Ok(())
}
