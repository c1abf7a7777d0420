//! What a click on a cell means now: pick up a piece, move it, answer a decision inside the
//! turn (a successor, the next landing of a chain, stopping, where a piece from the reserve
//! goes), or explain why not. Pointer and keyboard both end up here as `SquareClicked`.

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

/// The kind (in Khitan, the orientation) the next placement from the reserve puts down:
/// turned and turned over with keys or buttons before the cell is clicked.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placing(pub u8);

impl Placing {
    /// The kind after `step` (wrapping) within the kinds offered, the same "turned over" half.
    pub fn turned(self, kinds: &[u8], step: i32) -> Placing {
        let half = kinds.len().div_ceil(2).max(1);
        let index = kinds.iter().position(|&k| k == self.0).unwrap_or(0);
        let (flip, turn) = (index / half, index % half);
        let turn = (turn as i32 + step).rem_euclid(half as i32) as usize;
        Placing(kinds.get(flip * half + turn).copied().unwrap_or(self.0))
    }

    /// The same turn on the other half of the kinds offered: the piece turned over.
    pub fn turned_over(self, kinds: &[u8]) -> Placing {
        let half = kinds.len().div_ceil(2).max(1);
        let index = kinds.iter().position(|&k| k == self.0).unwrap_or(0);
        Placing(kinds.get((index + half) % kinds.len().max(1)).copied().unwrap_or(self.0))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<Placing>()
        .add_message::<SquareClicked>()
        .add_systems(Update, interpret_clicks.in_set(GameSystems::Input));
}

fn interpret_clicks(
    mut clicks: MessageReader<SquareClicked>,
    placing: Res<Placing>,
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
            Ask::Place { cells, kinds } => {
                if cells.contains(&cell) && kinds.contains(&placing.0) {
                    Some(Choice::Place { at: cell, kind: placing.0 })
                } else {
                    session.refusal = Some(format!("Not there: {}", prompt.instruction));
                    None
                }
            }
        };
        if let Some(choice) = choice {
            decisions.write(PlayerDecision(choice));
        }
    }
}
