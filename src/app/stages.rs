//! The turn shown as K5's stages: move, succession, retaliation, chained capture, turn end.
//! Each stage's system takes the core's next event when it belongs to that stage, applies it
//! to the piece entities (never deciding anything) and announces it for animation, sound and
//! the HUD. One event is shown at a time, and none while an animation plays.

use bevy::prelude::*;

use super::board::{InTray, OnSquare, PieceView, next_tray_slot};
use super::session::{Session, Staged};
use crate::rules::khalif::{Event, Kind, Square, Stage};

/// The system set of each K5 stage; their order is set in `app/mod.rs`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StageSet {
    Move,
    Succession,
    Retaliation,
    ChainedCapture,
    TurnEnd,
}

impl StageSet {
    pub const ALL: [(StageSet, Stage); 5] = [
        (StageSet::Move, Stage::Move),
        (StageSet::Succession, Stage::Succession),
        (StageSet::Retaliation, Stage::Retaliation),
        (StageSet::ChainedCapture, Stage::ChainedCapture),
        (StageSet::TurnEnd, Stage::TurnEnd),
    ];
}

/// On an entity while it animates; stages wait until none is left.
#[derive(Component, Debug, Default)]
pub struct Animating;

/// The stages that ran, in order (for tests and the debug overlay).
#[derive(Resource, Default, Debug)]
pub struct StageLog(pub Vec<Stage>);

/// Whether a stage already showed an event this frame (one event per frame at most).
#[derive(Resource, Default)]
struct FrameBudget {
    used: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StageLog>().init_resource::<FrameBudget>().add_systems(First, |mut b: ResMut<FrameBudget>| {
        b.used = false;
    });
    for (set, stage) in StageSet::ALL {
        app.add_systems(Update, show_stage(stage).in_set(set));
    }
}

/// The system of one stage.
fn show_stage(
    stage: Stage,
) -> impl FnMut(
    Commands,
    ResMut<Session>,
    ResMut<FrameBudget>,
    ResMut<StageLog>,
    Query<(), With<Animating>>,
    Query<(Entity, &mut PieceView, &OnSquare), Without<InTray>>,
    Query<(&PieceView, &InTray), Without<OnSquare>>,
    MessageWriter<Staged>,
) {
    move |mut commands, mut session, mut budget, mut log, animating, mut pieces, trays, mut staged| {
        if budget.used || !animating.is_empty() {
            return;
        }
        let Some(&event) = session.queue.front() else { return };
        if event.stage() != stage {
            return;
        }
        session.queue.pop_front();
        budget.used = true;
        log.0.push(stage);
        let entity_at = |pieces: &Query<(Entity, &mut PieceView, &OnSquare), Without<InTray>>, square: Square| {
            pieces.iter().find(|(_, _, on)| on.0 == square).map(|(e, _, _)| e)
        };
        match event {
            Event::Moved { from, to, .. } | Event::Retaliated { from, to, .. } | Event::Chained { from, to, .. } => {
                if let Some(victim) = entity_at(&pieces, to) {
                    let side = pieces.get(victim).map(|(_, p, _)| p.side).expect("victim");
                    let slot = next_tray_slot(&trays, side);
                    commands.entity(victim).remove::<OnSquare>().insert(InTray { slot });
                }
                if let Some(mover) = entity_at(&pieces, from) {
                    commands.entity(mover).insert(OnSquare(to));
                }
            }
            Event::Succeeded { square, .. } => {
                if let Some(heir) = entity_at(&pieces, square) {
                    if let Ok((_, mut piece, _)) = pieces.get_mut(heir) {
                        piece.kind = Kind::Khalif;
                    }
                }
            }
            Event::TurnEnded { .. } | Event::KhalifLost { .. } | Event::GameOver(_) => {}
        }
        event.apply(&mut session.shown);
        staged.write(Staged(event));
    }
}
