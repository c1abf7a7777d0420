//! The match HUD: whose turn and what must be decided, why a move was refused, the move list,
//! captured pieces, successors left, and the match buttons; also the draw offer dialog.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiState;
use crate::ai::{Limits, Searcher, Weights, hint};
use crate::app::board::{BoardReset, captured_pieces};
use crate::app::career::Seat;
use crate::app::clicks::Selection;
use crate::app::commands::GameCommand;
use crate::app::opponent::{Opponent, Speech, Thinking};
use crate::app::screens::Screen;
use crate::app::session::{PlayerDecision, Session};
use crate::rules::khalif::{Decision, Kind, Pending, Piece, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (status_bar, side_panel, draw_offer, speech).run_if(in_state(Screen::Match).or_else(in_state(Screen::Result))),
    );
}

/// Sides are always named in words, never told apart by colour alone.
pub fn side_badge(side: Side) -> &'static str {
    match side {
        Side::First => "Gold",
        Side::Second => "Silver",
    }
}

fn banner(ctx: &egui::Context, id: &str, anchor: egui::Align2, offset: [f32; 2], add: impl FnOnce(&mut egui::Ui)) {
    egui::Area::new(egui::Id::new(id)).anchor(anchor, offset).show(ctx, |ui| {
        super::style::card().show(ui, add);
    });
}

#[allow(clippy::too_many_arguments)]
fn status_bar(
    mut contexts: EguiContexts,
    opponent: Option<Res<Opponent>>,
    thinking: Res<Thinking>,
    mut session: ResMut<Session>,
    selection: Res<Selection>,
    mut decisions: MessageWriter<PlayerDecision>,
    mut reset: MessageWriter<BoardReset>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(n) = session.view {
        banner(ctx, "status", egui::Align2::CENTER_TOP, [0.0, 10.0], |ui| {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(format!("Viewing the board after turn {n}")).heading());
                if ui.button("Back to the game").clicked() {
                    session.view = None;
                    reset.write(BoardReset);
                }
            });
        });
        return Ok(());
    }
    let pos = *session.game.position();
    let (headline, hint) = match session.game.pending() {
        _ if session.closed => ("This exercise is over".to_string(), "Retry it, or go on to the next one".to_string()),
        None => (session.game.outcome().map(|o| o.describe()).unwrap_or_default(), String::new()),
        Some(Pending::Primary { side }) => (
            format!("{} to move — turn {}", side_badge(side), pos.turn_number()),
            match selection.0.and_then(|s| pos.piece_at(s).map(|p| (s, p))) {
                Some((square, piece)) => {
                    format!("Choose where the {} on {square} goes (Esc to put it back)", piece.kind)
                }
                None => "Pick up one of your pieces".to_string(),
            },
        ),
        Some(Pending::Successor { side, .. }) => (
            format!("{}: your Khalif has fallen", side_badge(side)),
            "Click the Vizier that becomes Khalif (K5.2)".to_string(),
        ),
        Some(Pending::Retaliator { side, square, .. }) => (
            format!("{}: a Guard must strike back on {square}", side_badge(side)),
            "Click the Guard that retaliates (K5.3)".to_string(),
        ),
        Some(Pending::SecondCapture { side, from, .. }) => (
            format!("{}: the Djinn on {from} may capture again", side_badge(side)),
            "Click a highlighted target, or decline (D) (K5.4)".to_string(),
        ),
    };
    let hint = match (&opponent, thinking.is_thinking()) {
        (Some(o), true) => format!("{} is thinking…", o.player.name),
        _ => hint,
    };
    let declinable = matches!(session.game.pending(), Some(Pending::SecondCapture { .. })) && session.is_idle();
    banner(ctx, "status", egui::Align2::CENTER_TOP, [0.0, 10.0], |ui| {
        ui.set_min_width(420.0);
        ui.vertical_centered(|ui| {
            ui.label(egui::RichText::new(headline).heading());
            if !hint.is_empty() {
                ui.label(hint);
            }
            if declinable && ui.button("Decline the second capture").clicked() {
                decisions.write(PlayerDecision(Decision::Decline));
            }
        });
    });
    if let Some(refusal) = session.refusal.clone() {
        banner(ctx, "refusal", egui::Align2::CENTER_BOTTOM, [0.0, -16.0], |ui| {
            ui.label(
                egui::RichText::new(format!("✖ {refusal}")).color(egui::Color32::from_rgb(255, 170, 140)).size(18.0),
            );
        });
    }
    Ok(())
}

fn piece_list(pieces: &[Piece]) -> String {
    if pieces.is_empty() {
        return "none".to_string();
    }
    let count = |kind: Kind| pieces.iter().filter(|p| p.kind == kind).count();
    Kind::ALL.iter().filter(|&&k| count(k) > 0).map(|&k| format!("{}×{}", count(k), k)).collect::<Vec<_>>().join(", ")
}

fn side_panel(
    mut contexts: EguiContexts,
    seat: Option<Res<Seat>>,
    mut session: ResMut<Session>,
    mut ui_state: ResMut<UiState>,
    mut commands: MessageWriter<GameCommand>,
    mut reset: MessageWriter<BoardReset>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Match")
        .anchor(egui::Align2::RIGHT_TOP, [-10.0, 10.0])
        .default_width(250.0)
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            ui.heading("Moves");
            egui::ScrollArea::vertical().max_height(260.0).stick_to_bottom(true).show(ui, |ui| {
                let mut browse = None;
                for (i, played) in session.game.history().iter().enumerate() {
                    let mover = played.before.side_to_move();
                    let text = format!(
                        "{}. {} {}",
                        played.before.turn_number(),
                        if mover == Side::First { "G" } else { "S" },
                        played.notation
                    );
                    if ui.selectable_label(session.view == Some(i + 1), text).clicked() && session.is_idle() {
                        browse = Some(i + 1);
                    }
                }
                if session.game.history().is_empty() {
                    ui.label("No turns yet.");
                }
                if let Some(n) = browse {
                    session.view = (n != session.game.history().len()).then_some(n);
                    reset.write(BoardReset);
                }
            });
            ui.separator();
            let events = session.game.history().iter().flat_map(|t| t.events.iter().copied());
            let captured = captured_pieces(events);
            for side in Side::BOTH {
                let lost: Vec<Piece> = captured.iter().copied().filter(|p| p.side == side).collect();
                let viziers = session.shown.pieces(side, Kind::Vizier).count();
                ui.label(format!("{} lost: {}", side_badge(side), piece_list(&lost)));
                let warning = if viziers == 0 { " — one capture from defeat" } else { "" };
                ui.label(format!("    successors left: {viziers}{warning}"));
            }
            ui.separator();
            let idle = session.is_idle();
            let exercise = matches!(seat.as_deref(), Some(Seat::Lesson { .. } | Seat::Puzzle { .. }));
            ui.horizontal_wrapped(|ui| {
                let undo = egui::Button::new("Undo");
                if ui.add_enabled(idle && session.takebacks, undo).on_hover_text("Ctrl+Z").clicked() {
                    commands.write(GameCommand::Undo);
                }
                if ui
                    .add_enabled(idle && session.game.can_redo(), egui::Button::new("Redo"))
                    .on_hover_text("Ctrl+Y")
                    .clicked()
                {
                    commands.write(GameCommand::Redo);
                }
                // A lesson or puzzle is retried, not resigned or drawn.
                let playing = session.game.outcome().is_none() && !exercise;
                if ui.add_enabled(playing && idle, egui::Button::new("Resign")).clicked() {
                    ui_state.confirm_resign = true;
                }
                let offer = egui::Button::new("Offer draw");
                if let Some(side) = session.game.pending().map(|p| p.side()).filter(|_| !exercise)
                    && ui.add_enabled(idle && session.game.draw_offer().is_none(), offer).clicked()
                {
                    commands.write(GameCommand::OfferDraw(side));
                }
            });
            // A wager in play is left by resigning, so loading a game or leaving would dodge it.
            let wager_in_play = matches!(seat.as_deref(), Some(Seat::Wager(w)) if w.settled.is_none());
            ui.horizontal_wrapped(|ui| {
                if ui.button("Save").clicked() {
                    ui_state.save = true;
                }
                if !wager_in_play && ui.button("Load").clicked() {
                    ui_state.load = true;
                }
                if ui.button("Rules").clicked() {
                    ui_state.rules = true;
                }
                if ui.button("Settings").clicked() {
                    ui_state.settings = true;
                }
                if !wager_in_play && ui.button("Leave").clicked() {
                    commands.write(GameCommand::Leave);
                }
            });
            let at_turn_start = matches!(session.game.pending(), Some(Pending::Primary { .. }));
            if ui.add_enabled(idle && at_turn_start, egui::Button::new("Hint")).clicked() {
                let mut searcher = Searcher::new(Weights::default(), 16);
                ui_state.hint = hint(session.game.position(), &mut searcher, &Limits::depth(3))
                    .map(|h| format!("Hint: {} — {}", h.notation, h.reason));
            }
            if let Some(text) = &ui_state.hint {
                ui.label(text);
            }
            ui.checkbox(&mut ui_state.threats, "Show threats (H)");
            ui.label(
                egui::RichText::new("T: top view · right-drag: turn · wheel: zoom · arrows + Enter: keyboard play")
                    .small(),
            );
        });
    if ui_state.confirm_resign {
        let side = session.game.pending().map(|p| p.side());
        egui::Window::new("Resign?")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                if let Some(side) = side {
                    ui.label(format!("{} gives up the game (K6.3).", side_badge(side)));
                }
                ui.horizontal(|ui| {
                    if ui.button("Resign").clicked() {
                        commands.write(GameCommand::Resign);
                        ui_state.confirm_resign = false;
                    }
                    if ui.button("Play on").clicked() {
                        ui_state.confirm_resign = false;
                    }
                });
            });
    }
    Ok(())
}

/// The regular's words, in a bubble under the status banner.
fn speech(mut contexts: EguiContexts, speech: Res<Speech>) -> Result {
    let Some((name, line)) = &speech.line else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    banner(ctx, "speech", egui::Align2::CENTER_TOP, [0.0, 92.0], |ui| {
        ui.label(egui::RichText::new(format!("“{line}”")).italics().size(17.0));
        ui.label(egui::RichText::new(format!("— {name}")).size(13.0));
    });
    Ok(())
}

fn draw_offer(
    mut contexts: EguiContexts,
    session: Res<Session>,
    opponent: Option<Res<Opponent>>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    let Some(offered_by) = session.game.draw_offer() else { return Ok(()) };
    let answering = offered_by.opponent();
    if opponent.is_some_and(|o| o.side == answering) {
        return Ok(()); // the pub's opponent answers for itself
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("A draw is offered")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(format!("{} offers a draw (K6.4).", side_badge(offered_by)));
            ui.label(format!("{}, do you accept?", side_badge(answering)));
            ui.horizontal(|ui| {
                if ui.button("Accept").clicked() {
                    commands.write(GameCommand::AnswerDraw { side: answering, accept: true });
                }
                if ui.button("Decline").clicked() {
                    commands.write(GameCommand::AnswerDraw { side: answering, accept: false });
                }
            });
        });
    Ok(())
}
