//! Exact proof of short wins, for puzzles: can the side to move force a win on the board (in
//! Khalif the capture of the opponent's last Khalif, or leaving it without a move) within N
//! of its own turns, whatever the opponent does? Every decision inside a turn goes to its
//! owner: the attacker picks its own, and every choice of the defender is tried. No pruning
//! heuristics: a proof.

use super::search::{group_by_primary, split_at_level};
use crate::rules::{Rules, Side};

/// The complete turns of `pos` in groups sharing a primary move.
fn primary_groups<G: Rules>(pos: &G::Position) -> Vec<Vec<G::Turn>> {
    group_by_primary::<G>(G::turns(pos))
}

/// Whether the side to move in `pos` forces a win within `turns` of its own turns.
pub fn forced_win<G: Rules>(pos: &G::Position, turns: u32) -> bool {
    let attacker = G::side_to_move(pos);
    turns > 0 && primary_groups::<G>(pos).iter().any(|group| attacker_wins::<G>(pos, group, 0, turns, attacker))
}

/// Whether playing the primary move `from`-`to` forces a win within `turns` turns.
pub fn move_forces_win<G: Rules>(pos: &G::Position, from: G::Square, to: G::Square, turns: u32) -> bool {
    let attacker = G::side_to_move(pos);
    primary_groups::<G>(pos)
        .iter()
        .find(|g| G::primary(&g[0]) == (from, to))
        .is_some_and(|group| turns > 0 && attacker_wins::<G>(pos, group, 0, turns, attacker))
}

/// Within one primary move's turns (`group`), resolves the decisions from `level` on: the
/// attacker needs one good choice of its own, and a win against every choice of the defender.
/// `turns` counts the attacker's turns left, this one included.
fn attacker_wins<G: Rules>(pos: &G::Position, group: &[G::Turn], level: usize, turns: u32, attacker: Side) -> bool {
    if group.len() == 1 || level >= G::INNER.len() {
        return after_turn::<G>(pos, &group[0], turns, attacker);
    }
    // The turn's mover is the attacker on its own turns and the defender on the defender's.
    let mover_is_attacker = G::side_to_move(pos) == attacker;
    let attacker_chooses = G::INNER[level] != mover_is_attacker;
    let mut branches = split_at_level::<G>(group, level)
        .into_iter()
        .map(|branch| attacker_wins::<G>(pos, &branch, level + 1, turns, attacker));
    if attacker_chooses { branches.any(|won| won) } else { branches.all(|won| won) }
}

/// After a complete turn: the game may be over; otherwise, after the attacker's turn the
/// defender moves, and after the defender's turn the attacker has one turn fewer.
fn after_turn<G: Rules>(pos: &G::Position, turn: &G::Turn, turns: u32, attacker: Side) -> bool {
    let mut next = *pos;
    G::play(&mut next, turn);
    if let Some(winner) = G::winner(&next) {
        return winner == attacker;
    }
    if G::side_to_move(pos) == attacker {
        turns > 1 && defender_loses::<G>(&next, turns - 1, attacker)
    } else {
        forced_win::<G>(&next, turns)
    }
}

/// Whether every defence of the side to move (the defender) loses within `turns` attacker turns.
fn defender_loses<G: Rules>(pos: &G::Position, turns: u32, attacker: Side) -> bool {
    let groups = primary_groups::<G>(pos);
    // A side with no legal move loses (K6.2, P3.3).
    groups.is_empty() || groups.iter().all(|group| attacker_wins::<G>(pos, group, 0, turns, attacker))
}

#[cfg(test)]
mod tests {
    use crate::rules::khalif::{Khalif, Position, Side, parse_piece_list};

    fn forced_win(pos: &Position, turns: u32) -> bool {
        super::forced_win::<Khalif>(pos, turns)
    }

    fn move_forces_win(
        pos: &Position,
        from: crate::rules::khalif::Square,
        to: crate::rules::khalif::Square,
        turns: u32,
    ) -> bool {
        super::move_forces_win::<Khalif>(pos, from, to, turns)
    }

    fn pos(pieces: &str, side: Side) -> Position {
        parse_piece_list(pieces, side).unwrap()
    }

    #[test]
    fn a_capture_of_the_last_khalif_is_a_win_in_one() {
        let p = pos("Ka1 Dd7 Rb3 ke9 ra8", Side::First);
        assert!(forced_win(&p, 1));
        assert!(move_forces_win(&p, "d7".parse().unwrap(), "e9".parse().unwrap(), 1));
        assert!(!move_forces_win(&p, "b3".parse().unwrap(), "b4".parse().unwrap(), 1));
    }

    #[test]
    fn a_khalif_with_an_heir_is_not_won_in_one_but_the_djinn_takes_both() {
        // Dd7xe9: the Vizier on c8 succeeds, the Djinn's second leap takes it (K5.2, K5.4).
        let both = pos("Ka1 Dd7 ke9 vc8 ra2", Side::First);
        assert!(forced_win(&both, 1));
        // With the heir out of the Djinn's reach there is no win in one turn.
        let out_of_reach = pos("Ka1 Dd7 ke9 va8 rh2", Side::First);
        assert!(!forced_win(&out_of_reach, 1));
    }

    #[test]
    fn nothing_is_won_from_the_start_in_two_turns() {
        assert!(!forced_win(&Position::start(), 2));
    }
}
