//! Captures worth watching: which short vignette a capture (or a crowning) earns, and how long
//! it plays. Each kind of capture has its own (a Guard's retaliation, a Djinn's or Knight's
//! leaping strike, a jump of a chain, a custodian squeeze, a Templar's slaying, an Archer's
//! shot, a Khitan line of fire, a crowning), each under 1.5 s at normal speed, scaled by the
//! animation-speed setting and shortened once its kind has been seen in the match. A vignette
//! holds the next stage back while it plays, as animations do; a click or Space ends it, and
//! none plays when animations are skipped or vignettes are switched off.
//! What a vignette shows is `vignette_look.rs`'s.

use bevy::prelude::*;

use super::GameSystems;
use super::animation::SkipAnimations;
use super::commands::GameCommand;
use super::looks::arrows;
use super::screens::Screen;
use super::session::{Session, Staged};
use super::settings::GameSettings;
use super::stages::Animating;
use crate::rules::GameId;
use crate::rules::view::{Cell, Effect, Motion};

/// The kinds of vignette, one per kind of capture (and the crowning of a successor or a
/// promoted piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VignetteKind {
    /// A plain capture: the taker displaces the piece.
    Strike,
    /// A Guard dashes in to strike back beside its rulers (K5.3).
    Retaliation,
    /// A Djinn (or a Knight) comes down on its prey from a leap (K5.4).
    LeapingStrike,
    /// A desert jumper hops over a piece of its chain (P2.4).
    JumpChain,
    /// Two pieces close on the one between them, or a corner does (H3.1).
    Squeeze,
    /// A Templar slays a piece beside it (A3.6).
    Slay,
    /// An Archer's arrow strikes (A3.1).
    ArrowShot,
    /// A Khitan tile's colour meets its match along a clear line (X3.1).
    LineOfFire,
    /// A Vizier succeeds its Khalif (K5.2), or a piece is promoted.
    Crowning,
}

impl VignetteKind {
    /// Every kind, in a fixed order (for the seen-this-match mask).
    pub const ALL: [VignetteKind; 9] = [
        VignetteKind::Strike,
        VignetteKind::Retaliation,
        VignetteKind::LeapingStrike,
        VignetteKind::JumpChain,
        VignetteKind::Squeeze,
        VignetteKind::Slay,
        VignetteKind::ArrowShot,
        VignetteKind::LineOfFire,
        VignetteKind::Crowning,
    ];

    /// The vignette `effect` earns in `game`, with the cell it happens on and the cell of the
    /// piece that makes it happen; `None` for an effect that takes nothing and crowns nobody.
    pub fn of(game: GameId, effect: &Effect) -> Option<(VignetteKind, Cell, Cell)> {
        match *effect {
            Effect::Move { captured: Some((at, _)), motion, to, .. } => {
                let kind = match motion {
                    Motion::Dash => VignetteKind::Retaliation,
                    Motion::Leap => VignetteKind::LeapingStrike,
                    Motion::Hop => VignetteKind::JumpChain,
                    Motion::Slide | Motion::Roll => VignetteKind::Strike,
                };
                Some((kind, at, to))
            }
            Effect::Alighted { captured: Some((at, _)), to, .. } => Some((VignetteKind::Strike, at, to)),
            Effect::Taken { at, by, partner, .. } => {
                let slain = partner.is_none() && matches!(game, GameId::Izdari | GameId::IzdariClassic);
                Some((if slain { VignetteKind::Slay } else { VignetteKind::Squeeze }, at, by))
            }
            Effect::Shot { at, by, .. } => {
                Some((if arrows(game) { VignetteKind::ArrowShot } else { VignetteKind::LineOfFire }, at, by))
            }
            Effect::Change { at, .. } => Some((VignetteKind::Crowning, at, at)),
            _ => None,
        }
    }

    /// How long the whole vignette lasts at normal speed, the first time in a match.
    pub fn seconds(self) -> f32 {
        match self {
            VignetteKind::Strike => 0.8,
            VignetteKind::Retaliation => 1.2,
            VignetteKind::LeapingStrike => 1.3,
            VignetteKind::JumpChain => 0.9,
            VignetteKind::Squeeze => 1.0,
            VignetteKind::Slay => 1.1,
            VignetteKind::ArrowShot => 1.3,
            VignetteKind::LineOfFire => 1.1,
            VignetteKind::Crowning => 1.4,
        }
    }

    /// When the blow lands, as a share of the vignette: an arrow must fly first.
    pub fn impact(self) -> f32 {
        match self {
            VignetteKind::ArrowShot => 0.4,
            VignetteKind::LeapingStrike | VignetteKind::Retaliation => 0.3,
            _ => 0.2,
        }
    }

    fn bit(self) -> u16 {
        1 << VignetteKind::ALL.iter().position(|&k| k == self).expect("listed")
    }
}

/// How much shorter a kind plays once it has been seen in the match.
pub const SHORTENED: f32 = 0.4;

/// One vignette playing: what, where, and how far it has got.
#[derive(Component, Clone, Copy, Debug)]
pub struct Vignette {
    pub kind: VignetteKind,
    /// The cell where it happens (the piece taken, or the one crowned).
    pub at: Cell,
    /// The cell of the piece that makes it happen.
    pub by: Cell,
    /// The first of its kind in the match: played whole, with the camera closing in.
    pub first: bool,
    pub elapsed: f32,
    /// Its whole length in seconds, speed and shortening included.
    pub length: f32,
}

impl Vignette {
    /// How far it has got, 0 to 1.
    pub fn progress(&self) -> f32 {
        (self.elapsed / self.length.max(1e-3)).clamp(0.0, 1.0)
    }
}

/// The kinds of vignette already played in this match (a mask over [`VignetteKind::ALL`]).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VignettesSeen(u16);

impl VignettesSeen {
    pub fn has(self, kind: VignetteKind) -> bool {
        self.0 & kind.bit() != 0
    }

    fn add(&mut self, kind: VignetteKind) {
        self.0 |= kind.bit();
    }
}

/// The vignettes' timeline: built by the game's presentation, and by headless tests.
pub fn plugin(app: &mut App) {
    app.add_message::<SkipAnimations>().init_resource::<VignettesSeen>().add_systems(
        Update,
        (forget_on_a_new_match, start_vignettes, skip_vignettes, play_vignettes).chain().in_set(GameSystems::Animate),
    );
}

/// A new match shows every kind whole again.
fn forget_on_a_new_match(mut commands: MessageReader<GameCommand>, mut seen: ResMut<VignettesSeen>) {
    if commands.read().any(|c| matches!(c, GameCommand::Start(_))) {
        *seen = VignettesSeen::default();
    }
}

/// Each capture or crowning shown on the table starts its vignette, unless the player wants
/// the turn's result at once or no vignettes.
fn start_vignettes(
    mut staged: MessageReader<Staged>,
    session: Res<Session>,
    settings: Res<GameSettings>,
    mut seen: ResMut<VignettesSeen>,
    mut commands: Commands,
) {
    let s = &settings.settings;
    if s.skip_animations || !s.vignettes {
        staged.clear();
        return;
    }
    let speed = s.animation_speed.max(0.1);
    for Staged(effect) in staged.read() {
        let Some((kind, at, by)) = VignetteKind::of(session.game.id(), effect) else { continue };
        let first = !seen.has(kind);
        seen.add(kind);
        let length = kind.seconds() * if first { 1.0 } else { SHORTENED } / speed;
        commands.spawn((
            Vignette { kind, at, by, first, elapsed: 0.0, length },
            Animating,
            DespawnOnExit(Screen::Match),
        ));
    }
}

/// A click or Space ends every vignette at once.
fn skip_vignettes(
    mut skip: MessageReader<SkipAnimations>,
    vignettes: Query<Entity, With<Vignette>>,
    mut commands: Commands,
) {
    if skip.read().count() > 0 {
        for entity in &vignettes {
            commands.entity(entity).despawn();
        }
    }
}

fn play_vignettes(time: Res<Time>, mut vignettes: Query<(Entity, &mut Vignette)>, mut commands: Commands) {
    for (entity, mut vignette) in &mut vignettes {
        vignette.elapsed += time.delta_secs();
        if vignette.elapsed >= vignette.length {
            commands.entity(entity).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Side;
    use crate::rules::view::PieceCode;

    const PIECE: PieceCode = PieceCode { side: Side::First, kind: 0 };

    #[test]
    fn every_kind_of_capture_has_its_own_vignette_under_a_second_and_a_half() {
        let (a, b) = (Cell(3), Cell(4));
        let moved = |motion| Effect::Move { piece: PIECE, from: a, to: b, captured: Some((b, PIECE)), motion };
        let cases = [
            (GameId::Khalif, moved(Motion::Dash), VignetteKind::Retaliation),
            (GameId::Khalif, moved(Motion::Leap), VignetteKind::LeapingStrike),
            (GameId::Khalif, moved(Motion::Slide), VignetteKind::Strike),
            (GameId::DesertPubChess, moved(Motion::Hop), VignetteKind::JumpChain),
            (GameId::Chafl, Effect::Taken { at: b, piece: PIECE, by: a, partner: None }, VignetteKind::Squeeze),
            (GameId::Izdari, Effect::Taken { at: b, piece: PIECE, by: a, partner: None }, VignetteKind::Slay),
            (GameId::Izdari, Effect::Shot { at: b, piece: PIECE, by: a }, VignetteKind::ArrowShot),
            (GameId::Khitan, Effect::Shot { at: b, piece: PIECE, by: a }, VignetteKind::LineOfFire),
            (GameId::Khalif, Effect::Change { at: b, from: PIECE, into: PIECE }, VignetteKind::Crowning),
        ];
        for (game, effect, kind) in cases {
            assert_eq!(VignetteKind::of(game, &effect).map(|v| v.0), Some(kind), "{game:?} {effect:?}");
        }
        let quiet = Effect::Move { piece: PIECE, from: a, to: b, captured: None, motion: Motion::Slide };
        assert_eq!(VignetteKind::of(GameId::Khalif, &quiet), None);
        for kind in VignetteKind::ALL {
            assert!(kind.seconds() < 1.5, "{kind:?}");
        }
    }

    #[test]
    fn a_kind_once_seen_is_remembered_apart_from_the_others() {
        let mut seen = VignettesSeen::default();
        seen.add(VignetteKind::Slay);
        assert!(seen.has(VignetteKind::Slay));
        assert!(VignetteKind::ALL.iter().filter(|&&k| k != VignetteKind::Slay).all(|&k| !seen.has(k)));
    }
}
