//! What a click on a square means now: select a piece, move it, answer a decision inside the
//! turn, or explain why not. Pointer and keyboard both end up here as `SquareClicked`.

use bevy::prelude::*;

use super::GameSystems;
use super::session::{PlayerDecision, Session};
use crate::rules::khalif::{Decision, Pending, Square, primary_destinations, why_not};

/// A square chosen by pointer or keyboard.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareClicked(pub Square);

/// The piece picked up for a primary move, if any.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selection(pub Option<Square>);

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
    for SquareClicked(square) in clicks.read().copied() {
        if !session.is_idle() || session.view.is_some() {
            continue;
        }
        let pos = *session.game.position();
        let decision = match session.game.pending() {
            None => None,
            Some(Pending::Primary { side }) => {
                let own = pos.piece_at(square).is_some_and(|p| p.side == side);
                match selection.0 {
                    Some(from) if from == square => {
                        selection.0 = None;
                        None
                    }
                    Some(from) if primary_destinations(&pos, from).contains(square) => {
                        selection.0 = None;
                        Some(Decision::Primary { from, to: square })
                    }
                    _ if own => {
                        selection.0 = Some(square);
                        session.refusal = primary_destinations(&pos, square)
                            .is_empty()
                            .then(|| "That piece has no legal move now".to_string());
                        None
                    }
                    Some(from) => {
                        session.refusal = why_not(&pos, from, square).err().map(|r| r.to_string());
                        None
                    }
                    None => {
                        session.refusal = pos
                            .piece_at(square)
                            .map(|p| format!("That is {}'s {}; it is {side}'s turn", p.side, p.kind));
                        None
                    }
                }
            }
            Some(Pending::Successor { candidates, .. }) => {
                candidates.contains(square).then_some(Decision::Successor(square))
            }
            Some(Pending::Retaliator { guards, .. }) => guards.contains(square).then_some(Decision::Retaliator(square)),
            Some(Pending::SecondCapture { from, targets, .. }) => {
                if targets.contains(square) {
                    Some(Decision::SecondCapture(square))
                } else if square == from {
                    Some(Decision::Decline)
                } else {
                    None
                }
            }
        };
        if let Some(decision) = decision {
            decisions.write(PlayerDecision(decision));
        }
    }
}
