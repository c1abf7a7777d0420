//! The screens as states: the title, the match, and the result over the final board.

use bevy::prelude::*;

use super::clicks::Selection;
use super::launch::LaunchOptions;
use super::opponent::Opponent;
use super::session::Session;
use crate::ai::levels::regulars;

/// Which screen the player is on.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Title,
    Match,
    /// The game is over; the final board stays in view under the result.
    Result,
    /// The map of the journey through Zarhalem's venues.
    Campaign,
    /// One venue: its regulars, their conditions, the wager.
    Venue,
    /// The lessons and puzzles.
    School,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>().add_systems(Startup, start_from_options);
}

/// A start position on the command line skips the title screen (a screenshot without one
/// shows the title).
fn start_from_options(
    mut commands: Commands,
    options: Option<Res<LaunchOptions>>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(options) = options else { return };
    if let Some(game) = options.game() {
        *session = Session::new(game);
        selection.0 = options.select.as_deref().and_then(|name| session.geometry().named(name));
        next.set(Screen::Match);
        if let Some(regular) = options.against.and_then(|n| regulars().get(n)) {
            let to_move = session.game.board().side_to_move;
            commands.insert_resource(Opponent::regular(to_move.opponent(), regular));
        }
    }
}
