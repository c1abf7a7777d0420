//! How the onlookers feel: they have money on one side or the other, so when a piece is taken
//! its side's backers groan and the other side's cheer, for a few seconds; while a piece stands
//! threatened, a capture is near and everyone leans in. Kept apart from the figures
//! (`crowd.rs`) so a headless match follows the mood too.

use bevy::prelude::*;

use super::GameSystems;
use super::session::{Session, Staged};
use crate::rules::Side;
use crate::rules::view::Effect;

/// How long a cheer or a groan lasts, in seconds.
pub const REACTION_SECONDS: f32 = 2.5;

/// What the backers of each side (by side index) are doing now.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct CrowdMood {
    pub backers: [Reaction; 2],
    /// A piece of the side to move stands threatened (the rules' `threatened`): a capture is
    /// near, and the crowd leans in.
    pub capture_near: bool,
}

/// One group of backers' reaction, with the seconds it has left.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Reaction {
    /// Watching the board, idling.
    #[default]
    Watching,
    Cheering(f32),
    Groaning(f32),
}

impl CrowdMood {
    /// A piece of `loser`'s is taken: its backers groan, the others cheer.
    pub fn piece_taken(&mut self, loser: Side) {
        self.backers[loser.index()] = Reaction::Groaning(REACTION_SECONDS);
        self.backers[loser.opponent().index()] = Reaction::Cheering(REACTION_SECONDS);
    }

    /// Reactions die down as time passes.
    pub fn settle(&mut self, seconds: f32) {
        for reaction in &mut self.backers {
            *reaction = match *reaction {
                Reaction::Cheering(left) if left > seconds => Reaction::Cheering(left - seconds),
                Reaction::Groaning(left) if left > seconds => Reaction::Groaning(left - seconds),
                _ => Reaction::Watching,
            };
        }
    }

    /// Whether anyone is cheering or groaning: the murmur of the room rises with it.
    pub fn stirred(&self) -> bool {
        self.backers.iter().any(|r| *r != Reaction::Watching)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CrowdMood>().add_systems(Update, follow_the_captures.in_set(GameSystems::Present));
}

/// Each piece taken on the table stirs the crowd as it is shown; at each turn's end the crowd
/// sees whether a capture is near.
fn follow_the_captures(
    time: Res<Time>,
    session: Res<Session>,
    mut staged: MessageReader<Staged>,
    mut mood: ResMut<CrowdMood>,
) {
    mood.settle(time.delta_secs());
    for Staged(effect) in staged.read() {
        if let Some((_, victim)) = effect.taken() {
            mood.piece_taken(victim.side);
        }
        match effect {
            Effect::TurnEnded { .. } => mood.capture_near = !session.game.threatened().is_empty(),
            Effect::GameOver(_) => mood.capture_near = false,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_stirs_both_sides_backers_until_it_dies_down() {
        let mut mood = CrowdMood::default();
        assert!(!mood.stirred());
        mood.piece_taken(Side::Second);
        assert_eq!(mood.backers, [Reaction::Cheering(REACTION_SECONDS), Reaction::Groaning(REACTION_SECONDS)]);
        mood.settle(1.0);
        assert!(matches!(mood.backers[0], Reaction::Cheering(left) if (left - 1.5).abs() < 1e-6));
        mood.settle(2.0);
        assert_eq!(mood.backers, CrowdMood::default().backers);
    }
}
