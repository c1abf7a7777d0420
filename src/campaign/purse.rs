//! Pub coin: the wager before a match, the purse after it, and the reputation that opens new
//! venues. Pure arithmetic, no real money and nothing to buy.

use super::data::{Stakes, Unlock};

/// Why a wager cannot be placed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WagerError {
    #[error("the table's least stake is {min} coins")]
    BelowStakes { min: u32 },
    #[error("the table takes at most {max} coins")]
    AboveStakes { max: u32 },
    #[error("your purse holds only {purse} coins")]
    MoreThanPurse { purse: u32 },
}

/// How a match ended for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchResult {
    Won,
    Lost,
    Drawn,
}

/// Reputation gained (or lost) by a result: wins build a name, a draw by agreement earns a
/// little respect, a loss costs a little.
pub fn reputation_change(result: MatchResult) -> i32 {
    match result {
        MatchResult::Won => 3,
        MatchResult::Drawn => 1,
        MatchResult::Lost => -1,
    }
}

/// Checks a wager against the table's stakes and the player's purse.
pub fn check_wager(purse: u32, stakes: &Stakes, wager: u32) -> Result<(), WagerError> {
    if wager < stakes.min {
        Err(WagerError::BelowStakes { min: stakes.min })
    } else if wager > stakes.max {
        Err(WagerError::AboveStakes { max: stakes.max })
    } else if wager > purse {
        Err(WagerError::MoreThanPurse { purse })
    } else {
        Ok(())
    }
}

/// The purse after a match played for `wager`: a win takes the regular's stake, a loss pays
/// the player's, a draw returns both.
pub fn settle(purse: u32, wager: u32, result: MatchResult) -> u32 {
    match result {
        MatchResult::Won => purse.saturating_add(wager),
        MatchResult::Lost => purse.saturating_sub(wager),
        MatchResult::Drawn => purse,
    }
}

/// Reputation after a result (never below zero).
pub fn settle_reputation(reputation: u32, result: MatchResult) -> u32 {
    reputation.saturating_add_signed(reputation_change(result))
}

/// Whether a venue is open to a player with this reputation and purse: either threshold
/// reached is enough (a venue with no thresholds is open from the start).
pub fn is_unlocked(unlock: &Unlock, reputation: u32, purse: u32) -> bool {
    let by_reputation = unlock.reputation.is_some_and(|r| reputation >= r);
    let by_purse = unlock.purse.is_some_and(|p| purse >= p);
    (unlock.reputation.is_none() && unlock.purse.is_none()) || by_reputation || by_purse
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wagers_stay_within_the_stakes_and_the_purse() {
        let stakes = Stakes { min: 5, max: 50 };
        assert_eq!(check_wager(100, &stakes, 4), Err(WagerError::BelowStakes { min: 5 }));
        assert_eq!(check_wager(100, &stakes, 51), Err(WagerError::AboveStakes { max: 50 }));
        assert_eq!(check_wager(20, &stakes, 30), Err(WagerError::MoreThanPurse { purse: 20 }));
        assert_eq!(check_wager(20, &stakes, 20), Ok(()));
        assert_eq!(WagerError::MoreThanPurse { purse: 20 }.to_string(), "your purse holds only 20 coins");
    }

    #[test]
    fn the_purse_follows_the_result() {
        assert_eq!(settle(100, 30, MatchResult::Won), 130);
        assert_eq!(settle(100, 30, MatchResult::Lost), 70);
        assert_eq!(settle(100, 30, MatchResult::Drawn), 100);
        assert_eq!(settle(10, 30, MatchResult::Lost), 0, "a purse never goes below empty");
        assert_eq!(settle(u32::MAX, 1, MatchResult::Won), u32::MAX);
        assert_eq!(settle_reputation(0, MatchResult::Lost), 0);
        assert_eq!(settle_reputation(4, MatchResult::Won), 7);
    }

    #[test]
    fn a_venue_opens_by_reputation_or_by_purse() {
        let open = Unlock { reputation: None, purse: None };
        assert!(is_unlocked(&open, 0, 0));
        let either = Unlock { reputation: Some(10), purse: Some(500) };
        assert!(!is_unlocked(&either, 9, 499));
        assert!(is_unlocked(&either, 10, 0));
        assert!(is_unlocked(&either, 0, 500));
        let only_name = Unlock { reputation: Some(10), purse: None };
        assert!(!is_unlocked(&only_name, 9, 1_000_000), "money does not buy a name");
    }
}
