//! `khalif-cli analyse`, `match`, `ladder`, `tactics`, the miners and `tune`: the AI from the
//! terminal, for any game, for studying positions and measuring and tuning strength.

use std::path::Path;
use std::time::Instant;

use khalif::ai::arena::{GameResult, MatchReport, Player, QUIET_TURNS, Tally, play_match_timed};
use khalif::ai::levels::LEVELS;
use khalif::ai::tactics::{attempt, suite};
use khalif::ai::{Engine, Limits, Searcher, Weights, tune as fitting};

/// Who plays the miners' self-play games: two noisy plies, the market trader of the six levels
/// before issue 16, fixed here so that the ladder's calibration does not change what they find.
const MINERS_PLAYER: &str = "depth:2,noise:80";

/// Who plays the puzzle miner's games: one noisy ply (the old tavern regular), whose blunders
/// leave forced wins for the solver to find.
const PUZZLE_MINERS_PLAYER: &str = "depth:1,noise:120";

fn threads_or_cores(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

fn read_weights<W: Weights>(path: &Path) -> Result<W, String> {
    let text = crate::read_text(path)?;
    khalif::persist::parse_ron(&text, &path.display().to_string())
}

fn report(a: &str, b: &str, match_report: &MatchReport, secs: f64) {
    let tally = &match_report.tally;
    let (elo, low, high) = tally.elo();
    println!(
        "{a} vs {b}: {} wins, {} losses, {} draws; {} of the decided games scored on material after \
         {QUIET_TURNS} turns without capture; {secs:.0} s",
        tally.wins, tally.losses, tally.draws, tally.adjudicated
    );
    println!("score {:.1}%, Elo difference {elo:+.0} (95%: {low:+.0} to {high:+.0})", tally.score() * 100.0);
    let [la, lb] = match_report.longest_turn.map(|d| d.as_secs_f64());
    println!("longest turn: {a} {la:.2} s, {b} {lb:.2} s");
}

/// Plays a match of `a` against `b` and prints its result, telling standard error of each game
/// as it ends with the score so far: a match between the top levels runs for hours, and a run
/// that is cut off still says what it played.
fn play_and_report<G: Engine>(a: &Player<G>, b: &Player<G>, games: u32, seed: u64, threads: Option<usize>) {
    let started = Instant::now();
    let so_far = std::sync::Mutex::new(Tally::default());
    let match_report = play_match_timed(a, b, games, seed, threads_or_cores(threads), |game, tally| {
        let mut so_far = so_far.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        so_far.add(tally);
        let ended = match (tally.wins, tally.losses) {
            (1, _) => "a win",
            (_, 1) => "a loss",
            _ => "a draw",
        };
        let how = if tally.adjudicated > 0 { " on material" } else { "" };
        eprintln!(
            "game {game}: {ended}{how} for {}; {} of {games} played: {}–{}–{} (wins–losses–draws), {:.0} s",
            a.name,
            so_far.games(),
            so_far.wins,
            so_far.losses,
            so_far.draws,
            started.elapsed().as_secs_f64()
        );
    });
    report(&a.name, &b.name, &match_report, started.elapsed().as_secs_f64());
}

/// Plays a match and prints the tally and the Elo difference.
pub fn play_match<G: Engine>(
    gold: &str,
    silver: &str,
    games: u32,
    seed: u64,
    gold_weights: Option<&Path>,
    threads: Option<usize>,
) -> Result<(), String> {
    let (mut a, b) = (Player::<G>::parse(gold)?, Player::<G>::parse(silver)?);
    if let Some(path) = gold_weights {
        a.weights = read_weights(path)?;
        a.name = format!("{} with {}", a.name, path.display());
    }
    play_and_report(&a, &b, games, seed, threads);
    Ok(())
}

/// Each level against the one below, then the top level against level 1.
pub fn ladder<G: Engine>(games: u32, seed: u64, upper: &[u8], threads: Option<usize>) -> Result<(), String> {
    let top = LEVELS;
    let mut pairs: Vec<(u8, u8)> = (2..=top).map(|n| (n, n - 1)).collect();
    pairs.push((top, 1));
    for (hi, lo) in pairs.into_iter().filter(|(hi, _)| upper.is_empty() || upper.contains(hi)) {
        let (a, b) = (Player::<G>::parse(&format!("level:{hi}"))?, Player::<G>::parse(&format!("level:{lo}"))?);
        play_and_report(&a, &b, games, seed, threads);
    }
    Ok(())
}

/// The top level's judgement (no noise, captures followed) searching for a time per move.
fn top_level_limits(seconds: f64) -> Result<Limits, String> {
    if !(seconds > 0.0 && seconds.is_finite()) {
        return Err(format!("--time {seconds}: give a positive number of seconds"));
    }
    Ok(Limits { depth: 64, nodes: None, time: Some(std::time::Duration::from_secs_f64(seconds)) })
}

/// Runs the suite and prints each position's result and the count solved.
pub fn tactics<G: Engine>(seconds: f64) -> Result<(), String> {
    let limits = top_level_limits(seconds)?;
    let suite = suite::<G>()?;
    let mut solved = 0;
    for tactic in &suite {
        let mut searcher = Searcher::<G>::new(G::Weights::default(), 20);
        let started = Instant::now();
        let (found, ok) = attempt(tactic, &mut searcher, &limits);
        solved += usize::from(ok);
        let verdict = if ok { "solved" } else { "MISSED" };
        let secs = started.elapsed().as_secs_f64();
        println!(
            "{verdict:>6} {:<28} {}: found {found}, wanted {} ({secs:.2} s)",
            tactic.name,
            tactic.theme,
            tactic.best.join(" or ")
        );
    }
    println!("{solved} of {} solved within {seconds} s each", suite.len());
    Ok(())
}

/// Self-play positions where one primary move is clearly best and shows a theme.
pub fn mine_tactics<G: Engine>(games: u32, per_theme: usize, seed: u64) {
    let player = Player::<G>::parse(MINERS_PLAYER).expect("a player");
    let played = khalif::ai::arena::play_games(games, threads_or_cores(None), |game| {
        khalif::ai::arena::play_game(&player, &player, seed * 7919 + u64::from(game)).positions
    });
    let limits = Limits::depth(6);
    let mut found: Vec<(&str, String)> = Vec::new();
    for (game, positions) in played.iter().enumerate() {
        for (n, pos) in positions.iter().enumerate().skip(8) {
            let turns = G::turns(pos);
            if !turns.iter().any(|t| G::is_capture(pos, t)) {
                continue;
            }
            let mut searcher = Searcher::<G>::new(G::Weights::default(), 18);
            let best = searcher.search(pos, &limits);
            let Some(turn) = best.best else { continue };
            let Some(theme) = G::theme_of(pos, &turn, &turns) else { continue };
            if found.iter().filter(|(t, _)| *t == theme).count() >= per_theme {
                continue;
            }
            let second = searcher.search_excluding(pos, &limits, G::primary(&turn));
            let stand = G::evaluate(pos, &G::Weights::default());
            if best.score - second.score < 250 || best.score - stand < 250 {
                continue;
            }
            let name = format!("game {game} turn {n}");
            let entry = format!(
                "    (name: \"{name}\", theme: \"{theme}\", position: \"{}\", best: [\"{}\"]), // {} vs {}",
                G::write_position(pos),
                G::write_primary(pos, &turn),
                best.score,
                second.score
            );
            println!("{entry}");
            found.push((theme, entry));
        }
    }
}

/// Self-play positions whose side to move wins in exactly `turns` turns against any defence.
pub fn mine_puzzles<G: Engine>(games: u32, turns: u32, seed: u64) {
    use khalif::ai::solve::{forced_win, move_forces_win};
    let player = Player::<G>::parse(PUZZLE_MINERS_PLAYER).expect("a player");
    let played = khalif::ai::arena::play_games(games, threads_or_cores(None), |game| {
        khalif::ai::arena::play_game(&player, &player, seed * 104_729 + u64::from(game)).positions
    });
    for (game, positions) in played.iter().enumerate() {
        // The last few positions of a game are where short wins are.
        for (n, pos) in positions.iter().enumerate().skip(positions.len().saturating_sub(8)) {
            if turns == 0 || forced_win::<G>(pos, turns - 1) || !forced_win::<G>(pos, turns) {
                continue;
            }
            let all = G::turns(pos);
            let Some(first) = all.iter().find(|t| {
                let (from, to) = G::primary(t);
                move_forces_win::<G>(pos, from, to, turns)
            }) else {
                continue;
            };
            println!(
                "    (name: \"Self-play game {game}, turn {n}\", position: \"{}\", turns: {turns}, solution: \"{}\", hint: \"\"),",
                G::write_position(pos),
                G::write_primary(pos, first)
            );
            break;
        }
    }
}

/// Plays the endgames suite (or the positions of `file`) out, the strongest level of fixed depth (or `player`) on both
/// sides (or against `defender`), and prints each result, how many were won within the suite's turns and the median
/// number of turns they took.
pub fn endgames<G: Engine>(
    player: Option<&str>,
    defender: Option<&str>,
    show: bool,
    file: Option<&Path>,
    threads: Option<usize>,
) -> Result<(), String> {
    use khalif::ai::endgames::{ENDGAME_TURNS, endgame_player, parse_endgames, play_out, suite};
    let suite = match file {
        Some(path) => {
            let text = crate::read_text(path)?;
            parse_endgames::<G>(&text, &path.display().to_string())?
        }
        None => suite::<G>()?,
    };
    let top = Player::<G>::parse(&player.map_or_else(endgame_player::<G>, str::to_string))?;
    let defender = defender.map(Player::<G>::parse).transpose()?.unwrap_or_else(|| top.clone());
    let started = Instant::now();
    let results = khalif::ai::arena::play_games(suite.len() as u32, threads_or_cores(threads), |i| {
        play_out(&suite[i as usize], &top, &defender, ENDGAME_TURNS)
    });
    for (endgame, played) in suite.iter().zip(&results) {
        match played.won_in {
            Some(turns) => println!("   won {:<32} in {turns} turns", endgame.name),
            None => {
                let game = &played.game;
                let how = match game.result {
                    GameResult::Won(side) => format!("lost: {side:?} won"),
                    GameResult::Repeated => "drawn by repetition".to_string(),
                    _ => "still on".to_string(),
                };
                let last = G::write_position(&game.last);
                println!("NOT WON {:<32} {how} after {} turns; last {last}", endgame.name, game.turns.len());
                if show {
                    let record: Vec<String> =
                        game.positions.iter().zip(&game.turns).map(|(pos, turn)| G::write_turn(pos, turn)).collect();
                    println!("        {}", record.join(" "));
                }
            }
        }
    }
    let mut won: Vec<u32> = results.iter().filter_map(|p| p.won_in).collect();
    won.sort_unstable();
    let median = won.get(won.len() / 2).map_or("-".to_string(), |m| m.to_string());
    println!(
        "{} of {} won within {ENDGAME_TURNS} turns by {} against {}; median {median} turns; {:.0} s",
        won.len(),
        suite.len(),
        top.name,
        if defender.name == top.name { "itself" } else { &defender.name },
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Self-play endgames where one side has won material and keeps it: two thirds of the pieces
/// gone or more, the side ahead to move, leading by the adjudication margin on this turn and
/// its next two, judged winning by a depth-4 search, and not winning at once. One per game,
/// printed as entries for levels/<game>/endgames.ron.
pub fn mine_endgames<G: Engine>(games: u32, count: usize, seed: u64) {
    use khalif::ai::endgames::unfit;
    let player = Player::<G>::parse(MINERS_PLAYER).expect("a player");
    let played = khalif::ai::arena::play_games(games, threads_or_cores(None), |game| {
        khalif::ai::arena::play_game(&player, &player, seed * 15_485_863 + u64::from(game)).positions
    });
    let lead = khalif::ai::convert::material_lead::<G>;
    let mut found = 0;
    for (game, positions) in played.iter().enumerate() {
        let won = (0..positions.len().saturating_sub(4)).find_map(|n| {
            let pos = &positions[n];
            let holds = [n + 2, n + 4].iter().all(|&m| lead(&positions[m]) >= G::ADJUDICATION_MARGIN);
            let endgame = 3 * G::piece_count(pos) <= G::piece_count(&G::start());
            if !holds || !endgame || unfit::<G>(pos).is_some() {
                return None;
            }
            let score = Searcher::<G>::new(G::Weights::default(), 18).search(pos, &Limits::depth(4)).score;
            (score >= 200).then_some((n, pos, score))
        });
        let Some((n, pos, score)) = won else { continue };
        println!(
            "    (name: \"self-play game {game}, turn {n}\", position: \"{}\"), // lead {}, depth-4 score {score}",
            G::write_position(pos),
            lead(pos)
        );
        found += 1;
        if found >= count {
            break;
        }
    }
}

/// Fits the weights to self-play results and writes them where the evaluation reads them.
pub fn tune<G: Engine>(
    player: &str,
    games: u32,
    seed: u64,
    steps: u32,
    out: &Path,
    hold: &str,
    threads: Option<usize>,
) -> Result<(), String> {
    let player = Player::<G>::parse(player)?;
    let held = fitting::term_indices::<G::Weights>(hold).map_err(|e| format!("--hold: {e}"))?;
    let started = Instant::now();
    let samples = fitting::collect(&player, games, seed, threads_or_cores(threads));
    println!(
        "{} quiet positions from {games} games of {} ({:.0}% from decided games) in {:.0} s",
        samples.len(),
        player.name,
        fitting::decisive_share(&samples) * 100.0,
        started.elapsed().as_secs_f64()
    );
    let fit = fitting::fit(&samples, &player.weights, steps, &held);
    println!("scale {:.5}; mean squared error {:.5} -> {:.5}", fit.scale, fit.error_before, fit.error_after);
    for (name, (old, new)) in
        G::Weights::TERMS.iter().zip(player.weights.to_vec().into_iter().zip(fit.weights.to_vec()))
    {
        println!("{name:>16} {old:>6} -> {new:>6}");
    }
    let mut how = format!("{games} self-play games of {}, seed {seed}, {steps} steps", player.name);
    if !held.is_empty() {
        let names: Vec<&str> = held.iter().map(|&i| G::Weights::TERMS[i]).collect();
        how += &format!("; held as they were: {}", names.join(", "));
    }
    khalif::persist::write_atomic(out, fitting::to_ron(&fit.weights, &how).as_bytes())
        .map_err(|e| format!("{}: {e}", out.display()))?;
    println!("wrote {}", out.display());
    Ok(())
}

/// Prints the search's verdict on a position.
pub fn analyse<G: Engine>(pos: &G::Position, time: Option<f64>, depth: Option<u32>) -> Result<(), String> {
    let limits = match (time, depth) {
        (_, Some(depth)) => Limits::depth(depth),
        (seconds, None) => {
            let seconds = seconds.unwrap_or(2.0);
            if !(seconds > 0.0 && seconds.is_finite()) {
                return Err(format!("--time {seconds}: give a positive number of seconds"));
            }
            Limits { depth: 64, nodes: None, time: Some(std::time::Duration::from_secs_f64(seconds)) }
        }
    };
    let started = std::time::Instant::now();
    let result = Searcher::<G>::new(G::Weights::default(), 20).search(pos, &limits);
    let secs = started.elapsed().as_secs_f64();
    let Some(best) = result.best else {
        println!("no legal turn: the game is over");
        return Ok(());
    };
    let mut line = Vec::new();
    let mut at = *pos;
    for turn in &result.pv {
        line.push(G::write_turn(&at, turn));
        G::play(&mut at, turn);
    }
    println!(
        "depth {} score {} nodes {} in {secs:.2} s ({:.0} nodes/s)",
        result.depth,
        result.score,
        result.nodes,
        result.nodes as f64 / secs.max(1e-9)
    );
    println!("pv {}", line.join(" | "));
    println!("why {}", G::explain(pos, &best, &result.pv));
    println!("best {}", G::write_turn(pos, &best));
    Ok(())
}
