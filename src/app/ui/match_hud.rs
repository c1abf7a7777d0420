//! The match HUD, for any game: whose turn and what must be decided (with buttons for a
//! promotion's choice or for declining), why a move was refused, the move list, captured
//! pieces, what each side has left, and the match buttons; also the draw offer dialog.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiState;
use crate::app::background::SearchJob;
use crate::app::board::{BoardReset, captured_pieces};
use crate::app::career::Seat;
use crate::app::clicks::{Placing, Selection};
use crate::app::commands::GameCommand;
use crate::app::opponent::{Opponent, Speech, Thinking};
use crate::app::screens::Screen;
use crate::app::session::{PlayerDecision, Session};
use crate::play::AnyGame;
use crate::rules::Side;
use crate::rules::view::{Ask, Board, Choice, PieceCode};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Advice>().add_systems(
        EguiPrimaryContextPass,
        (status_bar, side_panel, draw_offer, speech).run_if(in_state(Screen::Match).or_else(in_state(Screen::Result))),
    );
}

/// Sides are always named in words (the game's own: Gold and Silver, White and Black), never
/// told apart by colour alone.
pub fn side_badge(game: &dyn AnyGame, side: Side) -> &'static str {
    game.naming().side(side)
}

fn banner(
    ctx: &egui::Context,
    id: &str,
    anchor: egui::Align2,
    offset: [f32; 2],
    add: impl FnOnce(&mut egui::Ui),
) -> egui::Rect {
    egui::Area::new(egui::Id::new(id))
        .anchor(anchor, offset)
        .show(ctx, |ui| {
            super::style::card().show(ui, add);
        })
        .response
        .rect
}

#[allow(clippy::too_many_arguments)]
fn status_bar(
    mut contexts: EguiContexts,
    opponent: Option<Res<Opponent>>,
    thinking: Res<Thinking>,
    mut session: ResMut<Session>,
    selection: Res<Selection>,
    mut placing: ResMut<Placing>,
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
    let game = session.game.as_ref();
    let prompt = game.prompt();
    let (headline, hint) = match &prompt {
        _ if session.closed => ("This exercise is over".to_string(), "Retry it, or go on to the next one".to_string()),
        None => (game.outcome().map(|o| o.describe(&game.naming())).unwrap_or_default(), String::new()),
        Some(prompt) if prompt.ask == Ask::Move => (
            format!("{} — turn {}", prompt.headline, game.turn_number()),
            match selection.0.and_then(|s| game.board().piece_at(s).map(|p| (s, p))) {
                Some((cell, piece)) => format!(
                    "Choose where the {} on {} goes (Esc to put it back)",
                    game.kinds()[piece.kind as usize].1,
                    session.name(cell)
                ),
                None => prompt.instruction.clone(),
            },
        ),
        Some(prompt) => (prompt.headline.clone(), prompt.instruction.clone()),
    };
    let hint = match (&opponent, thinking.is_thinking()) {
        (Some(o), true) => format!("{} is thinking…", o.personality.name),
        _ => hint,
    };
    // What the player may answer with a button: declining or stopping, or a promotion's piece.
    let mut buttons: Vec<(String, Choice)> = Vec::new();
    match prompt.as_ref().map(|p| p.ask.clone()) {
        Some(Ask::Cells { stop: Some(label), .. }) => buttons.push((format!("{label} (D)"), Choice::Stop)),
        Some(Ask::Piece { kinds, stop, .. }) => {
            for (n, kind) in kinds.iter().enumerate() {
                buttons.push((format!("{} ({})", game.kinds()[*kind as usize].1, n + 1), Choice::Piece(*kind)));
            }
            if let Some(label) = stop {
                buttons.push((format!("{label} (D)"), Choice::Stop));
            }
        }
        _ => {}
    }
    // A placement: the piece about to go down, and buttons that turn it.
    let placement = match prompt.as_ref().map(|p| &p.ask) {
        Some(Ask::Place { kinds, .. }) => Some(kinds.clone()),
        _ => None,
    };
    let answerable = session.is_idle()
        && !session.closed
        && opponent.as_ref().is_none_or(|o| Some(o.side) != game.prompt().map(|p| p.side));
    banner(ctx, "status", egui::Align2::CENTER_TOP, [0.0, 10.0], |ui| {
        ui.set_min_width(420.0);
        ui.vertical_centered(|ui| {
            ui.label(egui::RichText::new(headline).heading());
            if !hint.is_empty() {
                ui.label(hint);
            }
            if answerable && !buttons.is_empty() {
                ui.horizontal(|ui| {
                    for (label, choice) in &buttons {
                        if ui.button(label).clicked() {
                            decisions.write(PlayerDecision(*choice));
                        }
                    }
                });
            }
            if let Some(kinds) = placement.as_ref().filter(|_| answerable) {
                ui.horizontal(|ui| {
                    ui.label(format!("Placing: {}", game.kinds()[placing.0 as usize % game.kinds().len()].1));
                    if ui.button("⟲ Turn (R)").clicked() {
                        *placing = placing.turned(kinds, 1);
                    }
                    if ui.button("⬍ Turn over (F)").clicked() {
                        *placing = placing.turned_over(kinds);
                    }
                });
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

fn piece_list(game: &dyn AnyGame, pieces: &[PieceCode]) -> String {
    if pieces.is_empty() {
        return "none".to_string();
    }
    if let Some(noun) = game.piece_noun() {
        return format!("{} {noun}{}", pieces.len(), if pieces.len() == 1 { "" } else { "s" });
    }
    let count = |kind: u8| pieces.iter().filter(|p| p.kind == kind).count();
    (0..game.kinds().len() as u8)
        .filter(|&k| count(k) > 0)
        .map(|k| format!("{}×{}", count(k), game.kinds()[k as usize].1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The hint being thought out and the last one given, each with the board it was asked on: a
/// hint speaks of its own position only (not after a turn, an undo or in another game).
#[derive(Resource, Default)]
struct Advice {
    running: Option<(Board, SearchJob)>,
    given: Option<(Board, String)>,
}

impl Advice {
    /// Takes the finished search's hint, if it has finished.
    fn poll(&mut self) {
        let Some((_, job)) = &mut self.running else { return };
        // Only the opponent's slices are reported (`Thinking::longest_slice_ms`).
        let Some(verdict) = job.poll(&mut 0.0) else { return };
        let text = verdict
            .map_or_else(|| "No turn to suggest.".to_string(), |v| format!("Hint: {} — {}", v.notation, v.reason));
        self.given = self.running.take().map(|(asked_on, _)| (asked_on, text));
    }
}

#[allow(clippy::too_many_arguments)]
fn side_panel(
    mut contexts: EguiContexts,
    seat: Option<Res<Seat>>,
    opponent: Option<Res<Opponent>>,
    mut session: ResMut<Session>,
    mut ui_state: ResMut<UiState>,
    mut advice: ResMut<Advice>,
    mut commands: MessageWriter<GameCommand>,
    mut reset: MessageWriter<BoardReset>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    advice.poll();
    egui::Window::new("Match")
        .anchor(egui::Align2::RIGHT_TOP, [-10.0, 10.0])
        .default_width(250.0)
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            let history = session.game.history();
            ui.heading("Moves");
            egui::ScrollArea::vertical().max_height(260.0).stick_to_bottom(true).show(ui, |ui| {
                let mut browse = None;
                for (i, played) in history.iter().enumerate() {
                    let initial = side_badge(session.game.as_ref(), played.side).chars().next().unwrap_or('?');
                    let text = format!("{}. {initial} {}", played.number, played.notation);
                    if ui.selectable_label(session.view == Some(i + 1), text).clicked() && session.is_idle() {
                        browse = Some(i + 1);
                    }
                }
                if history.is_empty() {
                    ui.label("No turns yet.");
                }
                if let Some(n) = browse {
                    session.view = (n != history.len()).then_some(n);
                    reset.write(BoardReset);
                }
            });
            ui.separator();
            let game = session.game.as_ref();
            let captured = captured_pieces(history.into_iter().flat_map(|t| t.effects));
            for side in Side::BOTH {
                let lost: Vec<PieceCode> = captured.iter().copied().filter(|p| p.side == side).collect();
                ui.label(format!("{} lost: {}", side_badge(game, side), piece_list(game, &lost)));
                ui.label(format!("    {}", game.side_status(side)));
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
                if let Some(side) = session.game.prompt().map(|p| p.side).filter(|_| !exercise)
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
            // A hint is for the player's own turn, never the opponent's.
            let at_turn_start = session
                .game
                .prompt()
                .is_some_and(|p| p.ask == Ask::Move && opponent.as_ref().is_none_or(|o| o.side != p.side));
            let board = session.game.board();
            let hint = egui::Button::new("Hint");
            if ui.add_enabled(idle && at_turn_start && advice.running.is_none(), hint).clicked() {
                advice.running = Some((board.clone(), SearchJob::start(session.game.advise())));
            }
            match (&advice.running, &advice.given) {
                (Some(_), _) => _ = ui.label("Hint: thinking…"),
                (None, Some((asked_on, text))) if *asked_on == board => _ = ui.label(text),
                _ => {}
            }
            ui.checkbox(&mut ui_state.threats, "Show threats (H)");
            ui.label(
                egui::RichText::new("T: top view · right-drag: turn · wheel: zoom · arrows + Enter: keyboard play")
                    .small(),
            );
        });
    if ui_state.confirm_resign {
        let side = session.game.prompt().map(|p| p.side);
        egui::Window::new("Resign?")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                if let Some(side) = side {
                    ui.label(format!("{} gives up the game.", side_badge(session.game.as_ref(), side)));
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

/// The widest the regular's words run before wrapping: clear of a refusal at the bottom's
/// centre on the web page's small canvas too.
const SPEECH_WIDTH: f32 = 330.0;

/// The regular's words, in a bubble low on the left of the screen.
fn speech(mut contexts: EguiContexts, speech: Res<Speech>) -> Result {
    let Some((name, line)) = &speech.line else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    // Low on the left, below the board's near edge: never over the far ranks, the prompt's
    // buttons or a refusal (bottom centre).
    banner(ctx, "speech", egui::Align2::LEFT_BOTTOM, [12.0, -12.0], |ui| {
        ui.set_max_width(SPEECH_WIDTH);
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
            ui.label(format!("{} offers a draw.", side_badge(session.game.as_ref(), offered_by)));
            ui.label(format!("{}, do you accept?", side_badge(session.game.as_ref(), answering)));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::new_game;
    use crate::rules::{GameId, Side};

    #[test]
    fn captured_pieces_are_listed_by_kind_and_khitans_tiles_counted() {
        let piece = |kind| PieceCode { side: Side::Second, kind };
        let khalif = new_game(GameId::Khalif, None).expect("the start");
        assert_eq!(piece_list(khalif.as_ref(), &[]), "none");
        assert_eq!(piece_list(khalif.as_ref(), &[piece(5), piece(0), piece(5)]), "1×Raider, 2×Camel");
        // Khitan's kinds are the ways a tile lies (X5.3): a list counts tiles.
        let khitan = new_game(GameId::Khitan, None).expect("the start");
        assert_eq!(piece_list(khitan.as_ref(), &[piece(2), piece(7)]), "2 tiles");
        assert_eq!(piece_list(khitan.as_ref(), &[piece(11)]), "1 tile");
    }
}
