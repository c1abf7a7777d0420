//! Converting a won game: a side that leads on material is pushed towards the game's own win
//! instead of being left to keep its lead and shuffle. Each game says what progress towards
//! its win looks like (`Engine::conversion`); the search adds it, for whichever side leads by
//! the game's adjudication margin, to every position it judges.

use super::engine::Engine;
use crate::rules::Side;
use crate::rules::grid::Square;

/// The conversion bonus of `pos` for the side to move: the game's progress term for the side
/// to move when it leads, taken away when the opponent leads, nothing in a level game.
pub(crate) fn conversion_bonus<G: Engine>(pos: &G::Position) -> i32 {
    conversion_bonus_by::<G>(pos, material_lead::<G>(pos), |ahead| G::conversion(pos, ahead))
}

/// [`conversion_bonus`] with the side to move's [`material_lead`] given as `lead` and the
/// game's progress term as `progress(ahead)`, for a game that computes both from what its
/// evaluation has already worked out.
pub(crate) fn conversion_bonus_by<G: Engine>(pos: &G::Position, lead: i32, progress: impl FnOnce(Side) -> i32) -> i32 {
    let me = G::side_to_move(pos);
    if lead >= G::ADJUDICATION_MARGIN {
        progress(me)
    } else if lead <= -G::ADJUDICATION_MARGIN {
        -progress(me.opponent())
    } else {
        0
    }
}

/// How far the side to move leads on material, in the game's fixed units (negative when
/// behind): what decides who is converting and which positions are won.
pub fn material_lead<G: Engine>(pos: &G::Position) -> i32 {
    let me = G::side_to_move(pos);
    G::material(pos, me) - G::material(pos, me.opponent())
}

/// How near a side's hunters stand to their quarry, for the games' conversion terms: per
/// hunter, `reach` less its steps to the nearest piece of the quarry (nothing if none is left).
pub(crate) fn closeness<const F: u8, const R: u8, I: Iterator<Item = Square<F, R>>>(
    hunters: impl Iterator<Item = Square<F, R>>,
    quarry: impl Fn() -> I,
    reach: i32,
) -> i32 {
    hunters.map(|h| quarry().map(|q| h.distance(q)).min().map_or(0, |d| reach - i32::from(d))).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::khalif::{Khalif, parse_kfen};

    #[test]
    fn the_side_ahead_gains_what_the_side_behind_loses_and_a_level_game_neither() {
        assert_eq!(conversion_bonus::<Khalif>(&Khalif::start()), 0);
        // Gold, two Raiders up, hunts the Khalif on e5: a bonus with Gold to move, the same
        // taken away with Silver to move.
        let gold = parse_kfen("9/9/9/9/4k4/9/9/R8/R3K4 g 40").unwrap();
        let silver = parse_kfen("9/9/9/9/4k4/9/9/R8/R3K4 s 40").unwrap();
        let bonus = conversion_bonus::<Khalif>(&gold);
        assert!(bonus > 0, "{bonus}");
        assert_eq!(conversion_bonus::<Khalif>(&silver), -bonus);
        // The Khalif driven to the corner and the Raiders closer: more progress.
        let cornered = parse_kfen("k8/9/9/1R7/9/9/9/9/R3K4 g 40").unwrap();
        assert!(conversion_bonus::<Khalif>(&cornered) > bonus);
    }

    #[test]
    fn khalifs_one_call_judging_equals_the_evaluation_plus_the_bonus() {
        // Khalif shares the moves it adds up between its evaluation and its hunt
        // (`Engine::evaluate_for_search`); the sum must stay the one the default gives.
        use crate::ai::khalif::KhalifWeights;
        let weights = KhalifWeights::default();
        let positions = [
            "rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR g 1",
            "9/9/9/9/4k4/9/9/R8/R3K4 g 40",
            "9/9/9/9/4k4/9/9/R8/R3K4 s 40",
            "k8/9/9/1R7/9/9/9/9/R3K4 g 40",
            "v1dg2gvr/2ccck1cc/1c2c2d1/5Cc2/1rc2C1R1/2CCC4/V2C1V3/1CCCD4/1RDGKG3 g 31",
            "v1dg2gvr/2ccck1cc/1c2c2d1/5Cc2/1rc2C1R1/2CCC4/V2C1V3/1CCCD4/1RDGKG3 s 31",
        ];
        for text in positions {
            let pos = parse_kfen(text).unwrap();
            let apart = Khalif::evaluate(&pos, &weights) + conversion_bonus::<Khalif>(&pos);
            assert_eq!(Khalif::evaluate_for_search(&pos, &weights), apart, "{text}");
        }
        assert_ne!(conversion_bonus::<Khalif>(&parse_kfen(positions[1]).unwrap()), 0, "a position with a hunt");
        // And along random games, where leads of every size come and go (the one call reads
        // the material lead from its features' piece counts).
        use rand::{RngExt, SeedableRng, rngs::SmallRng};
        let mut rng = SmallRng::seed_from_u64(43);
        let (mut judged, mut hunting) = (0, 0);
        for _ in 0..20 {
            let mut pos = Khalif::start();
            for _ in 0..120 {
                let mut turns = Vec::new();
                Khalif::generate_turns(&pos, &mut turns);
                if turns.is_empty() {
                    break;
                }
                let apart = Khalif::evaluate(&pos, &weights) + conversion_bonus::<Khalif>(&pos);
                assert_eq!(Khalif::evaluate_for_search(&pos, &weights), apart, "{}", pos.to_kfen());
                judged += 1;
                hunting += usize::from(conversion_bonus::<Khalif>(&pos) != 0);
                Khalif::play(&mut pos, &turns[rng.random_range(0..turns.len())]);
            }
        }
        assert!(judged > 1000 && hunting > 100, "{judged} positions judged, {hunting} with a hunt");
    }
}
