//! Game-level commands from the HUD and keyboard: new match (of any game), undo, redo, resign,
//! draws.

use bevy::prelude::*;

use super::GameSystems;
use super::board::BoardReset;
use super::opponent::Opponent;
use super::screens::Screen;
use super::session::Session;
use super::stages::Animating;
use crate::play::AnyGame;
use crate::rules::Side;

/// Something a player asks of the match as a whole.
#[derive(Message, Clone, Debug)]
pub enum GameCommand {
    /// Start a new match with this game (a fresh one, or one loaded from a record).
    Start(Box<dyn AnyGame>),
    Undo,
    Redo,
    /// The side deciding now gives up (K6.3).
    Resign,
    /// `side` offers a draw (K6.4).
    OfferDraw(Side),
    /// The offer's receiver answers.
    AnswerDraw {
        side: Side,
        accept: bool,
    },
    /// Back to the title screen.
    Leave,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameCommand>()
        .add_systems(Update, run_commands.in_set(GameSystems::Decide))
        .add_systems(Update, show_result.in_set(GameSystems::Present));
}

fn run_commands(
    mut commands: MessageReader<GameCommand>,
    mut session: ResMut<Session>,
    opponent: Option<Res<Opponent>>,
    mut reset: MessageWriter<BoardReset>,
    mut next: ResMut<NextState<Screen>>,
) {
    for command in commands.read() {
        let board_changed = match command {
            GameCommand::Start(game) => {
                *session = Session::new(game.clone());
                next.set(Screen::Match);
                true
            }
            GameCommand::Undo if !session.takebacks => {
                session.refusal = Some("No takebacks at this table.".to_string());
                false
            }
            GameCommand::Undo => take_back(session.game.as_mut(), opponent.as_deref()),
            GameCommand::Redo => session.game.redo(),
            GameCommand::Resign => {
                if let Some(side) = session.game.prompt().map(|p| p.side) {
                    let _ = session.game.resign(side);
                }
                false
            }
            GameCommand::OfferDraw(side) => {
                let _ = session.game.offer_draw(*side);
                false
            }
            GameCommand::AnswerDraw { side, accept } => {
                let _ = session.game.answer_draw(*side, *accept);
                false
            }
            GameCommand::Leave => {
                next.set(Screen::Title);
                false
            }
        };
        if board_changed {
            let session = &mut *session;
            session.queue.clear();
            session.shown = session.game.board();
            session.refusal = None;
            session.last_move = session.game.history().last().map(|t| t.primary);
            reset.write(BoardReset);
        }
    }
}

/// Takes back the last turn; against the pub, the player's last turn with the reply that
/// followed it, so the player is to move again rather than the opponent replaying at once.
fn take_back(game: &mut dyn AnyGame, opponent: Option<&Opponent>) -> bool {
    let undone = game.undo();
    let opponent_to_move =
        |game: &dyn AnyGame| opponent.is_some_and(|o| game.prompt().is_some_and(|p| p.side == o.side));
    if undone && opponent_to_move(game) && !game.history().is_empty() {
        game.undo();
    }
    undone
}

/// Whether the game is over and everything in it has been shown.
pub(super) fn finished(session: &Session, animating: &Query<(), With<Animating>>) -> bool {
    session.game.outcome().is_some() && session.is_idle() && animating.is_empty()
}

/// Once everything is shown and the game is over, the result screen comes up; undo from it
/// goes back to the match.
fn show_result(
    session: Res<Session>,
    animating: Query<(), With<Animating>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let over = finished(&session, &animating);
    match screen.get() {
        Screen::Match if over => next.set(Screen::Result),
        Screen::Result if !over => next.set(Screen::Match),
        _ => {}
    }
}
