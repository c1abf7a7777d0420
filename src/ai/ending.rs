//! How the AI ends a game before the board does, as people do in a pub: it answers and makes
//! draw offers (Khalif K6.4, Desert Pub Chess P3.2) by its own evaluation and by how stuck the
//! game is (positions coming back, many turns without a capture), and it resigns (K6.3) once
//! it has judged its game hopeless for as many of its turns in a row as its patience allows.

use crate::rules::Rules;

/// How stuck a game is: how often the current position has stood on the board (with the
/// same side to move) and how many turns have passed since the last capture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stalemate {
    pub repetitions: u32,
    pub quiet_turns: u32,
}

impl Stalemate {
    /// Reads `positions`, the game's positions from the first to the current one.
    pub fn of<G: Rules>(positions: &[G::Position]) -> Stalemate {
        let Some(current) = positions.last() else { return Stalemate::default() };
        let repetitions = positions.iter().filter(|p| G::hash(p) == G::hash(current)).count() as u32;
        let quiet_turns =
            positions.windows(2).rev().take_while(|pair| G::piece_count(&pair[0]) == G::piece_count(&pair[1])).count()
                as u32;
        Stalemate { repetitions, quiet_turns }
    }

    fn is_stuck(&self, quiet_turns: u32) -> bool {
        self.repetitions >= 3 || self.quiet_turns >= quiet_turns
    }
}

/// A score (the AI's own view) this close to even counts as level.
const LEVEL: i32 = 60;
/// A score this far below even makes a draw welcome whatever the game's state.
const LOSING: i32 = -250;

/// Whether the AI, judging the position at `score`, accepts an offered draw: when it stands
/// worse, or when the game is level and stuck.
pub fn accepts_draw(score: i32, stalemate: Stalemate) -> bool {
    score <= LOSING || (score.abs() <= LEVEL && stalemate.is_stuck(20))
}

/// Whether the AI offers a draw itself: only when the game is level and long stuck, so that
/// it never offers a draw it would be glad to win.
pub fn offers_draw(score: i32, stalemate: Stalemate) -> bool {
    score.abs() <= LEVEL / 2 && stalemate.is_stuck(40)
}

/// A score this far below even, in the AI's own eyes, is hopeless: about ten Camels, Pawns or
/// Khitan pieces behind, or a loss it sees coming.
const HOPELESS: i32 = -1000;

/// How many of its own turns in a row the AI has judged its game hopeless.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hopelessness {
    turns: u32,
}

impl Hopelessness {
    /// Notes the score of the AI's search for its latest turn; returns whether it now resigns:
    /// after `patience` hopeless turns in a row (a regular's own setting; 0 never resigns), so
    /// one bad-looking search never ends a game that a recapture would have saved.
    pub fn resigns(&mut self, score: i32, patience: u32) -> bool {
        self.turns = if score <= HOPELESS { self.turns + 1 } else { 0 };
        patience > 0 && self.turns >= patience
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::khalif::{Khalif, Position, parse_turn, play};

    #[test]
    fn repetitions_and_quiet_turns_are_counted() {
        // Both Djinns leap out and back twice: the start position stands three times.
        let mut positions = vec![Position::start()];
        for text in ["Dc1-b3", "Dc9-b7", "Db3-c1", "Db7-c9"].repeat(2) {
            let mut next = *positions.last().unwrap();
            let (turn, _) = parse_turn(&next, text).unwrap();
            play(&mut next, &turn);
            positions.push(next);
        }
        assert_eq!(Stalemate::of::<Khalif>(&positions), Stalemate { repetitions: 3, quiet_turns: 8 });
        assert_eq!(Stalemate::of::<Khalif>(&positions[..4]), Stalemate { repetitions: 1, quiet_turns: 3 });
    }

    #[test]
    fn the_ai_takes_a_draw_when_worse_or_stuck_and_offers_only_when_level_and_stuck() {
        let fresh = Stalemate { repetitions: 1, quiet_turns: 2 };
        let stuck = Stalemate { repetitions: 3, quiet_turns: 50 };
        assert!(accepts_draw(-400, fresh), "a losing side takes a draw");
        assert!(!accepts_draw(0, fresh), "a fresh level game goes on");
        assert!(accepts_draw(10, stuck));
        assert!(!accepts_draw(300, stuck), "a winning side plays on");
        assert!(offers_draw(0, stuck) && !offers_draw(0, fresh) && !offers_draw(-200, stuck));
    }

    #[test]
    fn the_ai_resigns_only_after_its_patience_of_hopeless_turns_in_a_row() {
        // K6.3: a regular with a patience of three plays on through two hopeless turns.
        let mut hopeless = Hopelessness::default();
        assert!(!hopeless.resigns(-1500, 3) && !hopeless.resigns(-1500, 3));
        // A turn that looks better (a recapture found) starts the count again.
        assert!(!hopeless.resigns(-200, 3));
        assert!(!hopeless.resigns(-1500, 3) && !hopeless.resigns(-crate::ai::WIN, 3));
        assert!(hopeless.resigns(-1200, 3), "the third hopeless turn in a row resigns");
        let mut never = Hopelessness::default();
        assert!((0..20).all(|_| !never.resigns(-crate::ai::WIN, 0)), "a patience of 0 never resigns");
    }
}
