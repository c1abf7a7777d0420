//! The wager on the table: at a campaign match each side's stake lies in stacks of coins at
//! its end of the table, beyond its tray, for the crowd to eye; when the match is settled the
//! winner's hand sweeps both piles to their side (a draw leaves them where they are).

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::GameSystems;
use super::career::Seat;
use crate::campaign::MatchResult;
use crate::rules::Side;

/// A coin of the wager on the table.
#[derive(Component)]
struct Coin;

/// The stake on the table now (none outside a campaign match), and the side it went to.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Pot {
    stake: u32,
    won_by: Option<Side>,
}

/// The most coins a side's pile shows; a bigger stake is the same heap.
const MOST_COINS: usize = 40;
/// Coins in one stack.
const STACK: usize = 8;
const COIN_RADIUS: f32 = 0.2;
const COIN_THICKNESS: f32 = 0.05;
/// The table top's height, where the coins lie.
const TABLE_TOP: f32 = -0.22;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pot>().add_systems(
        Update,
        (follow_the_wager, lay_the_coins.run_if(resource_changed::<Pot>)).chain().in_set(GameSystems::Present),
    );
}

fn follow_the_wager(seat: Option<Res<Seat>>, mut pot: ResMut<Pot>) {
    let wanted = match seat.as_deref() {
        Some(Seat::Wager(wager)) => Pot {
            stake: wager.stake,
            won_by: wager.settled.as_ref().and_then(|s| match s.result {
                MatchResult::Won => Some(wager.table.player),
                MatchResult::Lost => Some(wager.table.player.opponent()),
                MatchResult::Drawn => None,
            }),
        },
        _ => Pot::default(),
    };
    if *pot != wanted {
        *pot = wanted;
    }
}

/// How many coins a stake shows.
fn coins_for(stake: u32) -> usize {
    (stake as usize).min(MOST_COINS)
}

/// Where the `index`th coin of a pile lies, the pile at the end of the table of `side`.
fn coin_place(side: Side, index: usize) -> Vec3 {
    let (stack, height) = (index / STACK, index % STACK);
    let (x, z) = match side {
        Side::First => (6.0 - stack as f32 * 0.45, 5.5),
        Side::Second => (-6.0 + stack as f32 * 0.45, -5.5),
    };
    // Each coin a little off the one below, as a stack counted out by hand.
    let jitter = ((index * 37 % 7) as f32 - 3.0) * 0.008;
    Vec3::new(x + jitter, TABLE_TOP + COIN_THICKNESS * (height as f32 + 0.5), z - jitter)
}

fn lay_the_coins(
    pot: Res<Pot>,
    old: Query<Entity, With<Coin>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut gold: Local<Option<(Handle<Mesh>, Handle<StandardMaterial>)>>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let count = coins_for(pot.stake);
    if count == 0 {
        return;
    }
    let (mesh, material) = gold.get_or_insert_with(|| {
        let metal = StandardMaterial {
            base_color: Color::srgb(0.95, 0.72, 0.3),
            metallic: 1.0,
            perceptual_roughness: 0.3,
            ..default()
        };
        (meshes.add(Cylinder::new(COIN_RADIUS, COIN_THICKNESS)), materials.add(metal))
    });
    for staked_by in [Side::First, Side::Second] {
        for index in 0..count {
            // Both piles lie with the winner once the match is settled.
            let (pile, at) = match pot.won_by {
                Some(winner) => (winner, index + if staked_by == winner { 0 } else { count }),
                None => (staked_by, index),
            };
            commands.spawn((
                Coin,
                Mesh3d(mesh.clone()),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(coin_place(pile, at)),
                NotShadowCaster,
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pile_lies_at_its_own_end_of_the_table_in_stacks() {
        assert_eq!(coins_for(3), 3);
        assert_eq!(coins_for(300), MOST_COINS);
        let (first, second) = (coin_place(Side::First, 0), coin_place(Side::Second, 0));
        assert!(first.z > 5.0 && second.z < -5.0, "{first} {second}");
        // A ninth coin starts a new stack beside the first.
        assert!((coin_place(Side::First, STACK).y - first.y).abs() < 1e-3);
        assert!((coin_place(Side::First, STACK).x - first.x).abs() > 2.0 * COIN_RADIUS);
        // The table is 16 by 13: every coin of a full pile, doubled by a win, lies on it.
        for index in 0..2 * MOST_COINS {
            let at = coin_place(Side::Second, index);
            assert!(at.x.abs() < 8.0 - COIN_RADIUS && at.z.abs() < 6.5 - COIN_RADIUS, "{at}");
        }
    }
}
