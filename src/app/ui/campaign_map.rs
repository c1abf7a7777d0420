//! The campaign map: the journey from the docks up to the Khalif's Square, each venue marked
//! open or locked in words (and what opens it), the player's purse and name, and where the
//! rival waits.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiState;
use super::style::{BRASS, WARNING, card};
use crate::app::career::Career;
use crate::app::screens::Screen;
use crate::campaign::{Campaign, Profile, Unlock, Venue};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, campaign_map.run_if(in_state(Screen::Campaign)));
}

const MAP_SIZE: egui::Vec2 = egui::vec2(900.0, 430.0);
const PARCHMENT: egui::Color32 = egui::Color32::from_rgb(196, 160, 110);

/// Rows of the road across the map.
const ROWS: usize = 3;

/// Where venue `i` of `n` sits on the map, as a fraction of it: a road winding up from the
/// harbour at the lower left, along three rows that turn at the map's edges, to the Square
/// in the top row. Each row holds a third of the venues, so neighbours stand far enough
/// apart for their names, written under them, never to meet.
fn place(i: usize, n: usize) -> egui::Vec2 {
    let per_row = n.div_ceil(ROWS).max(2);
    let (row, k) = (i / per_row, i % per_row);
    let along = k as f32 / (per_row - 1) as f32;
    let t = if row % 2 == 0 { along } else { 1.0 - along };
    egui::vec2(0.09 + 0.82 * t, 0.72 - 0.31 * row as f32)
}

/// The widest a venue's label may run: the space between two neighbours in a row.
const LABEL_WIDTH: f32 = 172.0;

/// What opens a locked venue, in words.
fn unlock_text(unlock: &Unlock) -> String {
    let mut ways = Vec::new();
    if let Some(r) = unlock.reputation {
        ways.push(format!("reputation {r}"));
    }
    if let Some(p) = unlock.purse {
        ways.push(format!("{p} coins"));
    }
    format!("locked: {}", ways.join(" or "))
}

/// How many of a venue's regulars the player has beaten at least once.
fn beaten(venue: &Venue, profile: &Profile) -> usize {
    venue.regulars.iter().filter(|r| profile.regulars.get(&r.name).is_some_and(|rec| rec.won > 0)).count()
}

/// The rival's thread in one line.
fn rival_line(campaign: &Campaign, profile: &Profile) -> Option<String> {
    let rival = campaign.rival.as_ref()?;
    let stage = campaign.rival_stage(profile)?;
    let total = rival.appears_at.len();
    Some(match rival.appears_at.get(stage) {
        Some((venue, _)) => format!("Your rival {} — beaten {stage} of {total}; he waits at {venue}.", rival.name),
        None => format!("Your rival {} — beaten at every meeting. The city knows your name.", rival.name),
    })
}

fn campaign_map(
    mut contexts: EguiContexts,
    career: Res<Career>,
    mut ui_state: ResMut<UiState>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let campaign = &career.campaign;
    let profile = &career.profile;
    egui::Window::new("The journey")
        .title_bar(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(&campaign.name).size(26.0).color(BRASS));
                ui.add_space(24.0);
                ui.label(egui::RichText::new(format!("Purse: {} coins", profile.purse)).size(18.0));
                ui.label(egui::RichText::new(format!("Reputation: {}", profile.reputation)).size(18.0));
            });
            if let Some(line) = rival_line(campaign, profile) {
                ui.label(egui::RichText::new(line).italics());
            }
            if let Some(notice) = &career.notice {
                ui.label(egui::RichText::new(format!("Notice: {notice}")).color(WARNING));
            }
            let (rect, _) = ui.allocate_exact_size(MAP_SIZE, egui::Sense::hover());
            let painter = ui.painter_at(rect);
            painter.rect_filled(rect, 12.0, PARCHMENT);
            painter.rect_stroke(
                rect,
                12.0,
                egui::Stroke::new(2.0, egui::Color32::from_rgb(120, 80, 40)),
                egui::StrokeKind::Inside,
            );
            let ink = egui::Color32::from_rgb(70, 42, 20);
            let n = campaign.venues.len();
            let at = |i: usize| rect.min + place(i, n) * rect.size();
            let road: Vec<egui::Pos2> = (0..n).map(at).collect();
            painter.extend(egui::Shape::dashed_line(
                &road,
                egui::Stroke::new(3.0, egui::Color32::from_rgb(120, 80, 40)),
                10.0,
                6.0,
            ));
            let rival_venue = campaign
                .rival
                .as_ref()
                .zip(campaign.rival_stage(profile))
                .and_then(|(rival, stage)| rival.appears_at.get(stage).map(|(venue, _)| venue.clone()));
            for (i, venue) in campaign.venues.iter().enumerate() {
                let centre = at(i);
                let open = profile.unlocked.contains(&venue.name);
                let response = ui.interact(
                    egui::Rect::from_center_size(centre, egui::vec2(60.0, 60.0)),
                    egui::Id::new(("venue", i)),
                    if open { egui::Sense::click() } else { egui::Sense::hover() },
                );
                let fill =
                    if open { egui::Color32::from_rgb(150, 100, 40) } else { egui::Color32::from_rgb(110, 100, 90) };
                let ring = if response.hovered() && open { 4.0 } else { 2.0 };
                painter.circle(centre, 22.0, fill, egui::Stroke::new(ring, ink));
                painter.text(
                    centre,
                    egui::Align2::CENTER_CENTER,
                    (i + 1).to_string(),
                    egui::FontId::proportional(20.0),
                    egui::Color32::WHITE,
                );
                let status = if open {
                    format!("open · beaten {} of {}", beaten(venue, profile), venue.regulars.len())
                } else {
                    unlock_text(&venue.unlock)
                };
                let game = if venue.game == crate::rules::GameId::Khalif {
                    String::new()
                } else {
                    format!(" · plays {}", venue.game)
                };
                let mut lines = vec![
                    (venue.name.clone(), egui::FontId::proportional(15.0)),
                    (format!("{}{game}", venue.kind.name()), egui::FontId::proportional(12.0)),
                    (status, egui::FontId::proportional(12.0)),
                ];
                if rival_venue.as_deref() == Some(venue.name.as_str()) {
                    lines.push(("your rival waits here".to_string(), egui::FontId::proportional(12.0)));
                }
                let mut top = centre.y + 26.0;
                for (text, font) in lines {
                    let galley = painter.layout(text, font, ink, LABEL_WIDTH);
                    let size = galley.size();
                    // Centred under the venue, kept inside the map's edges, on a patch of
                    // parchment so the road passing behind never runs through the words.
                    let left = (centre.x - size.x / 2.0).clamp(rect.left() + 4.0, rect.right() - 4.0 - size.x);
                    let area = egui::Rect::from_min_size(egui::pos2(left, top), size).expand(1.0);
                    painter.rect_filled(area, 3.0, PARCHMENT);
                    painter.galley(egui::pos2(left, top), galley, ink);
                    top += size.y;
                }
                if response.clicked() {
                    ui_state.venue = i;
                    next.set(Screen::Venue);
                }
                response.on_hover_text(&venue.description);
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                ui.label("Click an open venue to see who plays there.");
                if ui.button("Lessons and puzzles").clicked() {
                    next.set(Screen::School);
                }
                if ui.button("Back to the title").clicked() {
                    next.set(Screen::Title);
                }
            });
            card().show(ui, |ui| {
                ui.label(format!(
                    "Lessons done: {} of {} · puzzles solved: {} of {}",
                    profile.lessons_done.len(),
                    career.lessons.len(),
                    profile.puzzles_solved.len(),
                    career.puzzles.len()
                ));
            });
        });
    Ok(())
}
