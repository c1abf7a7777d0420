//! The turn shown as the game's own stages (Khalif: move, succession, retaliation, chained
//! capture, turn end; Desert Pub Chess: move, each jump of a chain, promotion, turn end;
//! Khitan: flip, capture, placement, turn end).
//! Each stage's system takes the core's next effect when it belongs to that stage, applies it
//! to the piece entities (never deciding anything) and announces it for animation, sound and
//! the HUD. One effect is shown at a time, and none while an animation plays.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::board::{InTray, OnSquare, PieceView, Riding, Trays, next_tray_slot, spawn_piece};
use super::session::{Session, Staged};
use crate::rules::view::{Cell, Effect};
use crate::rules::{GameId, Rules};
use crate::with_game;

/// The system set of one stage of one game; the order of each game's sets is set in
/// `app/mod.rs` from the game's stage list.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StageSet {
    pub game: GameId,
    /// The stage's number in the game's stage list.
    pub stage: usize,
}

impl StageSet {
    /// The stage sets of `game`, in the order its turns run through them.
    pub fn of(game: GameId) -> Vec<StageSet> {
        (0..stage_names(game).len()).map(|stage| StageSet { game, stage }).collect()
    }

    /// The stage's name in its game's rulebook.
    pub fn name(self) -> &'static str {
        stage_names(self.game)[self.stage]
    }
}

fn stage_names(game: GameId) -> &'static [&'static str] {
    with_game!(game, G => G::STAGES)
}

/// On an entity while it animates; stages wait until none is left.
#[derive(Component, Debug, Default)]
pub struct Animating;

/// The stages that ran, by name, in order (for tests and the debug overlay).
#[derive(Resource, Default, Debug)]
pub struct StageLog(pub Vec<&'static str>);

/// Whether a stage already showed an effect this frame (one effect per frame at most).
#[derive(Resource, Default)]
struct FrameBudget {
    used: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StageLog>().init_resource::<FrameBudget>().add_systems(First, |mut b: ResMut<FrameBudget>| {
        b.used = false;
    });
    for game in GameId::ALL {
        for set in StageSet::of(game) {
            app.add_systems(Update, show_stage(set).in_set(set));
        }
    }
}

/// The pieces on the board.
type Pieces<'w, 's> = Query<'w, 's, (Entity, &'static mut PieceView, &'static OnSquare), Without<InTray>>;
/// The pieces riding in a carrier (an Izdari Wagon).
type Riders<'w, 's> = Query<'w, 's, (Entity, &'static PieceView, &'static Riding), Without<OnSquare>>;

/// What a stage's system reads and changes: the session and its queue of effects, the frame's
/// budget and log, the piece entities it moves between the board, the trays and the carriers,
/// and the message each shown effect sends.
#[derive(SystemParam)]
struct StageWorld<'w, 's> {
    commands: Commands<'w, 's>,
    session: ResMut<'w, Session>,
    budget: ResMut<'w, FrameBudget>,
    log: ResMut<'w, StageLog>,
    animating: Query<'w, 's, (), With<Animating>>,
    on_board: Pieces<'w, 's>,
    trays: Trays<'w, 's>,
    riders: Riders<'w, 's>,
    staged: MessageWriter<'w, Staged>,
}

/// The system of one stage.
fn show_stage(set: StageSet) -> impl FnMut(StageWorld) {
    move |world| {
        let StageWorld {
            mut commands,
            mut session,
            mut budget,
            mut log,
            animating,
            on_board: mut pieces,
            trays,
            riders,
            mut staged,
        } = world;
        if budget.used || !animating.is_empty() || session.game.id() != set.game {
            return;
        }
        let Some(&next) = session.queue.front() else { return };
        if next.stage != set.stage {
            return;
        }
        session.queue.pop_front();
        budget.used = true;
        log.0.push(set.name());
        let entity_at = |pieces: &Pieces, cell: Cell| pieces.iter().find(|(_, _, on)| on.0 == cell).map(|(e, _, _)| e);
        // A piece taken goes to its tray; what rode in it is lost with it (A4.5).
        let take = |commands: &mut Commands, victim: Entity| {
            let side = pieces.get(victim).map(|(_, p, _)| p.side).expect("victim");
            let slot = next_tray_slot(&trays, side);
            commands.entity(victim).remove::<OnSquare>().insert(InTray { slot });
            for (rider, ..) in riders.iter().filter(|(_, _, r)| r.carrier == victim) {
                commands.entity(rider).despawn();
            }
        };
        match next.effect {
            Effect::Move { .. } | Effect::Taken { .. } | Effect::Shot { .. } => {
                if let Some(victim) = next.effect.taken().and_then(|(at, _)| entity_at(&pieces, at)) {
                    take(&mut commands, victim);
                }
                if let Effect::Move { piece, from, to, .. } = next.effect
                    && let Some(mover) = entity_at(&pieces, from)
                {
                    commands.entity(mover).insert(OnSquare(to));
                    // A move may leave the piece otherwise than it came (a Khitan flip).
                    if let Ok((_, mut view, _)) = pieces.get_mut(mover)
                        && view.kind != piece.kind
                    {
                        view.kind = piece.kind;
                    }
                }
            }
            Effect::Placed { at, piece } => {
                spawn_piece(&mut commands, piece, OnSquare(at));
            }
            // A piece climbing into a carrier rides on it; one leaving it steps off where it
            // is set down, taking what stood there.
            Effect::Boarded { at, carrier, .. } => {
                if let (Some(rider), Some(carrier)) = (entity_at(&pieces, at), entity_at(&pieces, carrier)) {
                    commands.entity(rider).remove::<OnSquare>().insert(Riding { carrier });
                }
            }
            Effect::Alighted { piece, carrier, to, .. } => {
                if let Some(victim) = next.effect.taken().and_then(|(at, _)| entity_at(&pieces, at)) {
                    take(&mut commands, victim);
                }
                let carrier = entity_at(&pieces, carrier);
                let rider = riders.iter().find(|(_, p, r)| Some(r.carrier) == carrier && p.code() == piece);
                match rider {
                    Some((rider, ..)) => {
                        commands.entity(rider).remove::<Riding>().insert(OnSquare(to));
                    }
                    None => {
                        spawn_piece(&mut commands, piece, OnSquare(to));
                    }
                }
            }
            Effect::Change { at, into, .. } => {
                if let Some(piece) = entity_at(&pieces, at)
                    && let Ok((_, mut view, _)) = pieces.get_mut(piece)
                {
                    view.kind = into.kind;
                }
            }
            Effect::RoyalLost { .. } | Effect::TurnEnded { .. } | Effect::GameOver(_) => {}
        }
        session.shown.apply(&next.effect);
        staged.write(Staged(next.effect));
    }
}
