//! What a click on a cell means now: pick up a piece, move it, answer a decision inside the
//! turn (a successor, the next landing of a chain, stopping), or explain why not. Pointer
//! and keyboard both end up here as `SquareClicked`.

use bevy::prelude::*;

use super::GameSystems;
use super::session::{PlayerDecision, Session};
use crate::rules::view::{Ask, Cell, Choice};

/// A cell chosen by pointer or keyboard.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareClicked(pub Cell);

/// The piece picked up for the move that starts a turn, if any.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selection(pub Option<Cell>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .add_message::<SquareClicked>()
        .add_systems(Update, interpret_clicks.in_set(GameSystems::Input));
}

fn interpret_clicks(
    mut clicks: MessageReader<SquareClicked>,
    mut selection: ResMut<Selection>,
    mut session: ResMut<Session>,
    mut decisions: MessageWriter<PlayerDecision>,
) {
    for SquareClicked(cell) in clicks.read().copied() {
        if !session.is_idle() || session.view.is_some() {
            continue;
        }
        let Some(prompt) = session.game.prompt() else { continue };
        let choice = match prompt.ask {
            Ask::Move => {
                let board = session.game.board();
                let own = board.piece_at(cell).is_some_and(|p| p.side == prompt.side);
                match selection.0 {
                    Some(from) if from == cell => {
                        selection.0 = None;
                        None
                    }
                    Some(from) if session.game.destinations(from).iter().any(|(to, _)| *to == cell) => {
                        selection.0 = None;
                        Some(Choice::Move { from, to: cell })
                    }
                    _ if own => {
                        selection.0 = Some(cell);
                        session.refusal = session
                            .game
                            .destinations(cell)
                            .is_empty()
                            .then(|| "That piece has no legal move now".to_string());
                        None
                    }
                    Some(from) => {
                        session.refusal = session.game.why_not(from, cell).err().map(|r| r.to_string());
                        None
                    }
                    None => {
                        let naming = session.game.naming();
                        session.refusal = board.piece_at(cell).map(|p| {
                            let kind = session.game.kinds()[p.kind as usize].1;
                            format!(
                                "That is {}'s {kind}; it is {}'s turn",
                                naming.side(p.side),
                                naming.side(prompt.side)
                            )
                        });
                        None
                    }
                }
            }
            Ask::Cells { cells, from, stop } => {
                if cells.contains(&cell) {
                    Some(Choice::Cell(cell))
                } else if from == Some(cell) && stop.is_some() {
                    Some(Choice::Stop)
                } else {
                    None
                }
            }
            // The piece a promotion makes is chosen on the HUD or with the number keys.
            Ask::Piece { .. } => None,
        };
        if let Some(choice) = choice {
            decisions.write(PlayerDecision(choice));
        }
    }
}
