//! `khalif-cli analyse`, `match`, `ladder` and `tune`: the AI from the terminal, for
//! studying positions and measuring and tuning strength.

use std::path::Path;
use std::time::Instant;

use khalif::ai::arena::{Player, QUIET_TURNS, Tally};
use khalif::ai::levels::levels;
use khalif::ai::{Limits, Searcher, Weights, tune as fitting};
use khalif::rules::khalif::{Position, play as play_turn, write_turn};

fn threads_or_cores(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

fn read_weights(path: &Path) -> Result<Weights, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    ron::from_str(&text)
        .map_err(|e| format!("{}:{}:{}: {}", path.display(), e.span.start.line, e.span.start.col, e.code))
}

fn report(a: &str, b: &str, tally: &Tally, secs: f64) {
    let (elo, low, high) = tally.elo();
    println!(
        "{a} vs {b}: {} wins, {} losses, {} draws; {} of the decided games scored on material after \
         {QUIET_TURNS} turns without capture; {secs:.0} s",
        tally.wins, tally.losses, tally.draws, tally.adjudicated
    );
    println!("score {:.1}%, Elo difference {elo:+.0} (95%: {low:+.0} to {high:+.0})", tally.score() * 100.0);
}

/// Plays a match and prints the tally and the Elo difference.
pub fn play_match(
    gold: &str,
    silver: &str,
    games: u32,
    seed: u64,
    gold_weights: Option<&Path>,
    threads: Option<usize>,
) -> Result<(), String> {
    let (mut a, b) = (Player::parse(gold)?, Player::parse(silver)?);
    if let Some(path) = gold_weights {
        a.weights = read_weights(path)?;
        a.name = format!("{} with {}", a.name, path.display());
    }
    let started = Instant::now();
    let tally = khalif::ai::arena::play_match(&a, &b, games, seed, threads_or_cores(threads));
    report(&a.name, &b.name, &tally, started.elapsed().as_secs_f64());
    Ok(())
}

/// Each level against the one below, then the top level against level 1.
pub fn ladder(games: u32, seed: u64, upper: &[u8], threads: Option<usize>) -> Result<(), String> {
    let top = levels().len() as u8;
    let mut pairs: Vec<(u8, u8)> = (2..=top).map(|n| (n, n - 1)).collect();
    pairs.push((top, 1));
    for (hi, lo) in pairs.into_iter().filter(|(hi, _)| upper.is_empty() || upper.contains(hi)) {
        let (a, b) = (Player::parse(&format!("level:{hi}"))?, Player::parse(&format!("level:{lo}"))?);
        let started = Instant::now();
        let tally = khalif::ai::arena::play_match(&a, &b, games, seed, threads_or_cores(threads));
        report(&a.name, &b.name, &tally, started.elapsed().as_secs_f64());
    }
    Ok(())
}

/// Fits the weights to self-play results and writes them where the evaluation reads them.
pub fn tune(player: &str, games: u32, seed: u64, steps: u32, out: &Path, threads: Option<usize>) -> Result<(), String> {
    let player = Player::parse(player)?;
    let started = Instant::now();
    let samples = fitting::collect(&player, games, seed, threads_or_cores(threads));
    println!(
        "{} quiet positions from {games} games of {} ({:.0}% from decided games) in {:.0} s",
        samples.len(),
        player.name,
        fitting::decisive_share(&samples) * 100.0,
        started.elapsed().as_secs_f64()
    );
    let fit = fitting::fit(&samples, &player.weights, steps);
    println!("scale {:.5}; mean squared error {:.5} -> {:.5}", fit.scale, fit.error_before, fit.error_after);
    for (name, (old, new)) in
        khalif::ai::TERMS.iter().zip(player.weights.to_vec().into_iter().zip(fit.weights.to_vec()))
    {
        println!("{name:>16} {old:>6} -> {new:>6}");
    }
    let how = format!("{games} self-play games of {}, seed {seed}, {steps} steps", player.name);
    khalif::persist::write_atomic(out, fitting::to_ron(&fit.weights, &how).as_bytes())
        .map_err(|e| format!("{}: {e}", out.display()))?;
    println!("wrote {}", out.display());
    Ok(())
}

/// Prints the search's verdict on a position.
pub fn analyse(pos: &Position, time: Option<f64>, depth: Option<u32>) -> Result<(), String> {
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
    let result = Searcher::new(Weights::default(), 20).search(pos, &limits);
    let secs = started.elapsed().as_secs_f64();
    let Some(best) = result.best else {
        println!("no legal turn: the game is over");
        return Ok(());
    };
    let mut line = Vec::new();
    let mut at = *pos;
    for turn in &result.pv {
        line.push(write_turn(&at, turn));
        play_turn(&mut at, turn);
    }
    println!(
        "depth {} score {} nodes {} in {secs:.2} s ({:.0} nodes/s)",
        result.depth,
        result.score,
        result.nodes,
        result.nodes as f64 / secs.max(1e-9)
    );
    println!("pv {}", line.join(" | "));
    println!("why {}", khalif::ai::explain(pos, &best, &result.pv));
    println!("best {}", write_turn(pos, &best));
    Ok(())
}
