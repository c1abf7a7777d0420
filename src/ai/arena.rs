//! Engine matches for measuring strength: games from varied openings, colours alternating,
//! an adjudication rule for games that would not end, and the Elo difference with its 95%
//! interval.
//!
//! Harness rule (not a game rule, Khalif's K6.4 has no automatic draw): after `QUIET_TURNS`
//! turns in a row without a capture, or after `MAX_TURNS` turns in all, the game is scored by
//! material: a side ahead by at least the game's adjudication margin (in its fixed material
//! units) is scored the winner, otherwise the game is a draw. Games that have the draw by
//! repetition (Desert Pub Chess, P3.4) end by it as the rules say.

use std::time::Duration;

use rand::{RngExt, SeedableRng, rngs::SmallRng};
use web_time::Instant;

use super::engine::Engine;
use super::levels::{LEVELS, level_of};
use super::search::{Limits, QUIESCENCE_PLIES, Searcher, Style};
use crate::rules::{Rules, Side};

/// Turns without a capture after which the harness scores a draw.
pub const QUIET_TURNS: u32 = 60;
/// Turns after which the harness scores a draw whatever happens.
pub const MAX_TURNS: u32 = 400;
/// Random turns played at the start of each game so that games differ.
const OPENING_TURNS: u32 = 4;

/// A player in a match: how it searches and how it judges.
#[derive(Clone, Debug)]
pub struct Player<G: Engine> {
    pub name: String,
    pub limits: Limits,
    pub style: Style,
    pub weights: G::Weights,
}

impl<G: Engine> Player<G> {
    /// Parses `level:N` (1–14), `depth:N` or `nodes:N` (full strength to that depth or node
    /// count), then any of `,depth:N`, `,nodes:N`, `,time:MS` (a clock in milliseconds, as the
    /// top level's, for matches at a fixed time per turn), `,noise:N`, `,quiescence:N` (capture
    /// plies followed past the depth, 0–6), `,oversight:N` (in how many positions of a thousand
    /// it overlooks the replies, 0–1000), `,hunt:0` (judges without the conversion terms,
    /// `Style::hunt`) to change that player, so that a level can be tried out in a match before
    /// it is written into a game's ladder (`level:4,noise:120,nodes:30000`).
    pub fn parse(spec: &str) -> Result<Player<G>, String> {
        let bad = || {
            format!(
                "player `{spec}`: expected level:N (1-{LEVELS}), depth:N or nodes:N, \
                 then optionally ,depth:N ,nodes:N ,time:MS ,noise:N, ,quiescence:N (0-{QUIESCENCE_PLIES}) \
                 ,oversight:N (0-1000) or ,hunt:0|1"
            )
        };
        let mut fields = spec.split(',').map(|part| spec_field(part).ok_or_else(bad));
        let first = fields.next().unwrap_or_else(|| Err(bad()))?;
        // `depth:N` and `nodes:N` are full strength with that one field changed, as after a level.
        let (mut limits, mut style, first_change) = match first {
            ("level", n) => {
                let level = u8::try_from(n).ok().and_then(level_of::<G>).ok_or_else(bad)?;
                (level.limits, level.style, None)
            }
            ("depth" | "nodes", _) => (Limits::depth(64), Style::default(), Some(Ok(first))),
            _ => return Err(bad()),
        };
        for change in first_change.into_iter().chain(fields) {
            match change? {
                ("depth", n) if n > 0 => limits.depth = n.min(64) as u32,
                ("nodes", n) if n > 0 => limits.nodes = Some(n),
                ("time", n) if n > 0 => limits.time = Some(Duration::from_millis(n)),
                ("noise", n) => style.noise = i32::try_from(n).map_err(|_| bad())?,
                ("quiescence", n) if n <= u64::from(QUIESCENCE_PLIES) => style.quiescence = n as u32,
                ("oversight", n) if n <= 1000 => style.oversight = n as u32,
                ("hunt", n) if n <= 1 => style.hunt = n == 1,
                _ => return Err(bad()),
            }
        }
        Ok(Player { name: spec.to_string(), limits, style, weights: G::Weights::default() })
    }

    /// A searcher set up to play as this player.
    pub fn searcher(&self) -> Searcher<G> {
        let mut searcher = Searcher::new(self.weights.clone(), self.limits.table_bits());
        searcher.style = self.style;
        searcher
    }
}

/// One `kind:N` field of a player's spec.
fn spec_field(part: &str) -> Option<(&str, u64)> {
    let (kind, n) = part.split_once(':')?;
    Some((kind, n.parse().ok()?))
}

/// The result of a match from the first player's side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Wins and losses scored by the harness rule rather than played out.
    pub adjudicated: u32,
}

/// A match's tally and how long each player thought at most over one turn (not part of the
/// deterministic tally: it depends on the machine).
#[derive(Clone, Debug)]
pub struct MatchReport {
    pub tally: Tally,
    pub longest_turn: [Duration; 2],
}

impl Tally {
    /// One game's tally for the first player, who played Gold when `a_is_gold`: what a long
    /// match reports of each game as it ends.
    fn of_game(a_is_gold: bool, result: GameResult) -> Tally {
        let mut tally = Tally::default();
        match result.winner() {
            None => tally.draws = 1,
            Some(side) if (side == Side::First) == a_is_gold => tally.wins = 1,
            Some(_) => tally.losses = 1,
        }
        tally.adjudicated = u32::from(matches!(result, GameResult::AdjudicatedWin(_)));
        tally
    }

    /// Adds `other`'s games to these.
    pub fn add(&mut self, other: &Tally) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
        self.adjudicated += other.adjudicated;
    }

    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The first player's score (wins count 1, draws ½) as a fraction.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// Elo difference (first minus second) and its 95% interval, from the score's standard error.
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.games().max(1) as f64;
        let s = self.score();
        let per_game = [(1.0, self.wins), (0.5, self.draws), (0.0, self.losses)];
        let variance = per_game.iter().map(|&(x, k)| k as f64 * (x - s) * (x - s)).sum::<f64>() / n;
        let margin = 1.96 * (variance / n).sqrt();
        (elo_of(s), elo_of(s - margin), elo_of(s + margin))
    }
}

/// The Elo difference that gives an expected score `s`, clamped away from 0 and 1.
pub fn elo_of(s: f64) -> f64 {
    let s = s.clamp(0.001, 0.999);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// How one game ended, for the side that played Gold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Won(Side),
    /// Scored a win on material by the harness rule.
    AdjudicatedWin(Side),
    /// Scored a draw by the harness rule.
    Adjudicated,
    /// A draw by the game's own rule (a position standing for the third time).
    Repeated,
}

impl GameResult {
    /// The winner, played out or adjudicated.
    pub fn winner(self) -> Option<Side> {
        match self {
            GameResult::Won(side) | GameResult::AdjudicatedWin(side) => Some(side),
            GameResult::Adjudicated | GameResult::Repeated => None,
        }
    }
}

/// The harness rule's verdict on a game that ran too long without captures.
fn adjudicate<G: Engine>(pos: &G::Position) -> GameResult {
    let lead = G::material(pos, Side::First) - G::material(pos, Side::Second);
    match lead {
        l if l >= G::ADJUDICATION_MARGIN => GameResult::AdjudicatedWin(Side::First),
        l if l <= -G::ADJUDICATION_MARGIN => GameResult::AdjudicatedWin(Side::Second),
        _ => GameResult::Adjudicated,
    }
}

/// A finished engine game: how it ended, the position before each turn, each turn and where it
/// ended.
pub struct PlayedGame<G: Rules> {
    pub result: GameResult,
    pub positions: Vec<G::Position>,
    /// The turn played from each of `positions`, in order.
    pub turns: Vec<G::Turn>,
    /// Where the game stood when it ended (after the last of `turns`).
    pub last: G::Position,
    /// The longest time Gold and Silver thought over one turn.
    pub longest_turn: [Duration; 2],
}

/// Plays one game; `opening_seed` picks the random opening turns.
pub fn play_game<G: Engine>(gold: &Player<G>, silver: &Player<G>, opening_seed: u64) -> PlayedGame<G> {
    play_game_from(G::start(), gold, silver, opening_seed, OPENING_TURNS, MAX_TURNS)
}

/// Plays one game from `start`: `random_turns` turns drawn by `opening_seed`, then the players'
/// own, until the game ends or the harness rule scores it, at the latest after `max_turns`
/// turns in all.
pub fn play_game_from<G: Engine>(
    start: G::Position,
    gold: &Player<G>,
    silver: &Player<G>,
    opening_seed: u64,
    random_turns: u32,
    max_turns: u32,
) -> PlayedGame<G> {
    let mut rng = SmallRng::seed_from_u64(opening_seed);
    let mut pos = start;
    let mut searchers = [gold.searcher(), silver.searcher()];
    let mut positions = Vec::new();
    let mut played = Vec::new();
    let mut longest_turn = [Duration::ZERO; 2];
    let mut quiet = 0;
    let result = loop {
        if let Some(winner) = G::winner(&pos) {
            break GameResult::Won(winner);
        }
        let turns = G::turns(&pos);
        if turns.is_empty() {
            break GameResult::Won(G::side_to_move(&pos).opponent());
        }
        let hash = G::hash(&pos);
        if G::REPETITION_DRAWS && positions.iter().filter(|p| G::hash(p) == hash).count() >= 2 {
            break GameResult::Repeated;
        }
        if positions.len() as u32 >= max_turns || quiet >= QUIET_TURNS {
            break adjudicate::<G>(&pos);
        }
        positions.push(pos);
        let mover = G::side_to_move(&pos);
        let turn = if (positions.len() as u32) <= random_turns {
            let sound = sound_openings::<G>(&pos, &turns);
            sound[rng.random_range(0..sound.len())]
        } else {
            let player = if mover == Side::First { gold } else { silver };
            let started = Instant::now();
            let searcher = &mut searchers[mover.index()];
            searcher.remember_earlier(&pos, &positions);
            let best = searcher.search(&pos, &player.limits).best;
            longest_turn[mover.index()] = longest_turn[mover.index()].max(started.elapsed());
            best.unwrap_or(turns[0])
        };
        let before = G::piece_count(&pos);
        G::play(&mut pos, &turn);
        played.push(turn);
        quiet = if G::piece_count(&pos) < before { 0 } else { quiet + 1 };
    };
    PlayedGame { result, positions, turns: played, last: pos, longest_turn }
}

/// The turns the harness may open with in `pos`: all of them, or for a game with an
/// [`Engine::OPENING_MARGIN`] those a two-ply search scores within the margin of the best.
fn sound_openings<G: Engine>(pos: &G::Position, turns: &[G::Turn]) -> Vec<G::Turn> {
    let Some(margin) = G::OPENING_MARGIN else { return turns.to_vec() };
    let mut searcher = Searcher::<G>::new(G::Weights::default(), 12);
    let scored: Vec<(i32, G::Turn)> = turns
        .iter()
        .map(|turn| {
            let mut next = *pos;
            G::play(&mut next, turn);
            (-searcher.search(&next, &Limits::depth(2)).score, *turn)
        })
        .collect();
    let best = scored.iter().map(|(score, _)| *score).max().unwrap_or(0);
    scored.into_iter().filter(|(score, _)| *score >= best - margin).map(|(_, turn)| turn).collect()
}

/// The opening seed of game `game` of a match: each pair of games shares an opening.
pub(crate) fn opening_of(seed: u64, game: u32) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(u64::from(game / 2))
}

/// Plays `games` games between `a` and `b` on `threads` threads, alternating colours (`a` is
/// Gold in the even games), each pair of games sharing an opening; returns `a`'s tally. The
/// tally does not depend on the number of threads.
pub fn play_match<G: Engine>(a: &Player<G>, b: &Player<G>, games: u32, seed: u64, threads: usize) -> Tally {
    play_match_timed(a, b, games, seed, threads, |_, _| {}).tally
}

/// [`play_match`], with the longest turn of `a` and of `b`; `finished(game, tally)` hears of
/// each game as it ends (its number and its tally for `a`), in the order the games end, so that
/// a match of hours can show how it goes and a cut-off run still leaves its games behind.
pub fn play_match_timed<G: Engine>(
    a: &Player<G>,
    b: &Player<G>,
    games: u32,
    seed: u64,
    threads: usize,
    finished: impl Fn(u32, &Tally) + Sync,
) -> MatchReport {
    let played = play_games(games, threads, |game| {
        let a_is_gold = game % 2 == 0;
        let (gold, silver) = if a_is_gold { (a, b) } else { (b, a) };
        let played = play_game(gold, silver, opening_of(seed, game));
        let tally = Tally::of_game(a_is_gold, played.result);
        finished(game, &tally);
        let [for_gold, for_silver] = played.longest_turn;
        (tally, if a_is_gold { [for_gold, for_silver] } else { [for_silver, for_gold] })
    });
    let mut report = MatchReport { tally: Tally::default(), longest_turn: [Duration::ZERO; 2] };
    for (tally, [for_a, for_b]) in played {
        report.tally.add(&tally);
        report.longest_turn = [report.longest_turn[0].max(for_a), report.longest_turn[1].max(for_b)];
    }
    report
}

/// Runs `play(game)` for each game number on up to `threads` threads; results in game order.
pub fn play_games<T: Send>(games: u32, threads: usize, play: impl Fn(u32) -> T + Sync) -> Vec<T> {
    let next = std::sync::atomic::AtomicU32::new(0);
    let mut results: Vec<(u32, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let game = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if game >= games {
                            break done;
                        }
                        done.push((game, play(game)));
                    }
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a match worker panicked")).collect()
    });
    results.sort_by_key(|(game, _)| *game);
    results.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::khalif::{Khalif, parse_kfen};

    #[test]
    fn openings_are_all_turns_or_for_khitan_the_sound_ones() {
        use crate::rules::khitan::{Khitan, parse_position};
        let start = Khalif::start();
        assert_eq!(sound_openings::<Khalif>(&start, &Khalif::turns(&start)).len(), Khalif::turns(&start).len());
        // Only b4-c5, which takes Dark's last piece, is within half a piece of the best.
        let pos = parse_position("5/6/7/8/6y+2/1R+6/7/6/5 l classic 0/0").unwrap();
        let sound = sound_openings::<Khitan>(&pos, &Khitan::turns(&pos));
        assert_eq!(sound.len(), 1);
        assert!(sound[0].is_capture());
    }

    #[test]
    fn the_harness_scores_a_long_quiet_game_by_material() {
        // Gold is a Guard up (3 units): a win; a Camel up (1 unit): a draw.
        let guard_up = parse_kfen("4k4/9/9/9/9/9/9/9/3GK4 g 200").unwrap();
        assert_eq!(adjudicate::<Khalif>(&guard_up), GameResult::AdjudicatedWin(Side::First));
        let camel_up = parse_kfen("4k4/9/9/9/9/9/9/9/3CK4 s 200").unwrap();
        assert_eq!(adjudicate::<Khalif>(&camel_up), GameResult::Adjudicated);
    }
}
