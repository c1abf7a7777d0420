//! The HUD and menus, drawn with egui: one plugin per screen or panel, sharing `UiState`.

mod campaign_map;
mod dialogs;
mod labels;
mod match_hud;
mod result;
mod school;
mod style;
mod title;
mod tutor;
mod venue;

use bevy::prelude::*;

use super::career::{Career, open_lesson, open_puzzle, sit_down};
use super::commands::GameCommand;
use super::launch::{Destination, LaunchOptions};
use super::screens::Screen;
use super::session::Session;
use crate::play::new_game;

/// Which windows are open, and what the player is looking at.
#[derive(Resource, Debug)]
pub struct UiState {
    pub rules: bool,
    pub settings: bool,
    pub save: bool,
    pub load: bool,
    /// Show the opponent's threats on the board.
    pub threats: bool,
    /// The name typed for a saved game.
    pub save_name: String,
    /// A message about the last save or load.
    pub notice: Option<String>,
    /// Waiting for the player to confirm resigning.
    pub confirm_resign: bool,
    /// The game the title screen starts: a local match or one against a regular.
    pub game: crate::rules::GameId,
    /// The version of that game (an index into its `Rules::VERSIONS`), where it has several.
    pub version: usize,
    /// The side the player takes against the pub, and which regular (index) sits opposite.
    pub play_as: crate::rules::Side,
    pub regular: usize,
    /// The campaign venue being looked at (an index into the journey).
    pub venue: usize,
    /// The coins the player means to wager at the venue.
    pub stake: u32,
    /// The lesson's or puzzle's hint is shown.
    pub show_tutor_hint: bool,
}

impl Default for UiState {
    fn default() -> UiState {
        UiState {
            rules: false,
            settings: false,
            save: false,
            load: false,
            threats: false,
            save_name: String::new(),
            notice: None,
            confirm_resign: false,
            game: crate::rules::GameId::Khalif,
            version: 0,
            play_as: crate::rules::Side::First,
            regular: 0,
            venue: 0,
            stake: 1,
            show_tutor_hint: false,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UiState>()
        .add_systems(Startup, (choose_game, open_destination))
        .add_systems(OnEnter(Screen::Title), follow_the_table)
        .add_plugins((
            style::plugin,
            labels::plugin,
            match_hud::plugin,
            title::plugin,
            result::plugin,
            dialogs::plugin,
            campaign_map::plugin,
            venue::plugin,
            school::plugin,
            tutor::plugin,
        ));
}

/// The title screen starts with the game the launch options name (`--game`, `?game=`), its
/// board behind the menu.
fn choose_game(options: Option<Res<LaunchOptions>>, mut ui_state: ResMut<UiState>, mut session: ResMut<Session>) {
    let Some(options) = options else { return };
    ui_state.game = options.game;
    if session.game.id() != options.game {
        *session = Session::new(new_game(options.game, None).expect("every game's start position is valid"));
    }
}

/// Back at the title, the menu's choice of game is the game last on the table.
fn follow_the_table(session: Res<Session>, mut ui_state: ResMut<UiState>) {
    ui_state.game = session.game.id();
}

/// Opens the screen the launch options name (`--open`), so every screen can be reached and
/// photographed directly.
fn open_destination(
    options: Option<Res<LaunchOptions>>,
    career: Res<Career>,
    mut ui_state: ResMut<UiState>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    mut games: MessageWriter<GameCommand>,
) {
    let Some(destination) = options.as_ref().and_then(|o| o.open) else { return };
    match destination {
        Destination::Campaign => next.set(Screen::Campaign),
        Destination::School => next.set(Screen::School),
        Destination::Venue(venue) => {
            ui_state.venue = venue;
            next.set(Screen::Venue);
        }
        Destination::Lesson(index) => open_lesson(&mut commands, &mut games, &career, index),
        Destination::Puzzle(index) => open_puzzle(&mut commands, &mut games, &career, index),
        Destination::Table { venue, contender } => {
            ui_state.venue = venue;
            let Some(contender) = career.campaign.contenders(venue, &career.profile).into_iter().nth(contender) else {
                warn!("no contender {} at venue {}", contender + 1, venue + 1);
                return;
            };
            let stake = career.campaign.venues[venue].stakes.min.min(career.profile.purse);
            let game = options.as_ref().and_then(|o| o.game());
            let seated = sit_down(&mut commands, &mut games, &career, venue, contender, stake, ui_state.play_as, game);
            if let Err(e) = seated {
                warn!("cannot sit down: {e}");
            }
        }
    }
}
