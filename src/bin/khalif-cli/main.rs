//! `khalif-cli`: the terminal front end on the rules core — perft, turn lists, "why not?",
//! a two-player terminal game and the speed benchmark. Builds without Bevy.

mod bench;
mod board;
mod play;

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use khalif::rules::khalif::{
    Position, Square, Turn, generate_turns, parse_position_arg, perft, perft_full, play as play_turn, why_not,
    write_turn,
};

#[derive(Parser)]
#[command(name = "khalif-cli", version, about = "Khalif in the terminal: play, count and explain turns")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the turns (K8.1) to a depth; the count is the last line printed.
    Perft {
        /// A KFEN in quotes, or `start`.
        position: String,
        depth: u32,
        /// Make every leaf turn instead of counting the last ply in bulk.
        #[arg(long)]
        full: bool,
    },
    /// Perft split by primary move.
    Divide {
        /// A KFEN in quotes, or `start`.
        position: String,
        depth: u32,
    },
    /// List every legal turn in K8 notation.
    Turns {
        /// A KFEN in quotes, or `start`.
        position: String,
    },
    /// Explain why a primary move is refused (or say that it is legal).
    Why {
        /// A KFEN in quotes, or `start`.
        position: String,
        from: String,
        to: String,
    },
    /// Two people play a whole game at this terminal.
    Play {
        /// Start from this position (a KFEN in quotes, or `start`).
        #[arg(long, default_value = "start")]
        position: String,
        /// Resume a saved game record.
        #[arg(long, conflicts_with = "position")]
        load: Option<std::path::PathBuf>,
    },
    /// Search a position: score, best turn and principal variation.
    Analyse {
        /// A KFEN in quotes, or `start`.
        position: String,
        /// Think for this many seconds (default 2).
        #[arg(long, conflicts_with = "depth")]
        time: Option<f64>,
        /// Search to this depth in turns instead of by time.
        #[arg(long)]
        depth: Option<u32>,
    },
    /// Play engine games between two players and report the Elo difference.
    Match {
        /// The first player (Gold in the first game): `depth:N` or `nodes:N`.
        #[arg(long)]
        gold: String,
        /// The second player.
        #[arg(long)]
        silver: String,
        #[arg(long, default_value_t = 20)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Perft speed on a fixed set of positions (run a release build).
    Bench {
        /// Time each figure over this many runs and report the median.
        #[arg(long, default_value_t = 3)]
        runs: u32,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn position(text: &str) -> Result<Position, String> {
    parse_position_arg(text).map_err(|e| e.to_string())
}

fn square(text: &str) -> Result<Square, String> {
    text.parse().map_err(|e: khalif::rules::khalif::BadSquare| e.to_string())
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Perft { position: p, depth, full } => {
            let pos = position(&p)?;
            let started = std::time::Instant::now();
            let n = if full { perft_full(&pos, depth) } else { perft(&pos, depth) };
            let secs = started.elapsed().as_secs_f64();
            println!("perft({depth}) in {secs:.3} s, {:.1} M turns/s", n as f64 / secs.max(1e-9) / 1e6);
            println!("{n}");
        }
        Command::Divide { position: p, depth } => {
            let pos = position(&p)?;
            let mut turns = Vec::new();
            generate_turns(&pos, &mut turns);
            let mut by_primary: BTreeMap<(Square, Square), (String, u64)> = BTreeMap::new();
            for turn in &turns {
                let mut next = pos;
                play_turn(&mut next, turn);
                let count = if depth <= 1 { 1 } else { perft(&next, depth - 1) };
                let name = primary_name(&pos, turn);
                by_primary.entry((turn.from, turn.to)).or_insert((name, 0)).1 += count;
            }
            let mut total = 0;
            for (name, count) in by_primary.values() {
                println!("{name}: {count}");
                total += count;
            }
            println!("{total}");
        }
        Command::Turns { position: p } => {
            let pos = position(&p)?;
            let mut turns = Vec::new();
            generate_turns(&pos, &mut turns);
            let mut out = std::io::stdout().lock();
            for turn in &turns {
                // A closed pipe (`| head`) just ends the listing.
                if writeln!(out, "{}", write_turn(&pos, turn)).is_err() {
                    break;
                }
            }
        }
        Command::Why { position: p, from, to } => {
            let pos = position(&p)?;
            let (from, to) = (square(&from)?, square(&to)?);
            match why_not(&pos, from, to) {
                Ok(()) => println!("{from}-{to} is legal"),
                Err(refusal) => println!("{refusal} ({})", refusal.rule()),
            }
        }
        Command::Play { position: p, load } => play::run(position(&p)?, load)?,
        Command::Analyse { position: p, time, depth } => analyse(&position(&p)?, time, depth)?,
        Command::Match { gold, silver, games, seed } => {
            use khalif::ai::arena::{Player, QUIET_TURNS, play_match};
            let (a, b) = (Player::parse(&gold)?, Player::parse(&silver)?);
            let tally = play_match(&a, &b, games, seed);
            let (elo, low, high) = tally.elo();
            println!(
                "{} vs {}: {} wins, {} losses, {} draws (a draw after {QUIET_TURNS} turns without capture)",
                a.name, b.name, tally.wins, tally.losses, tally.draws
            );
            println!("score {:.1}%, Elo difference {elo:+.0} (95%: {low:+.0} to {high:+.0})", tally.score() * 100.0);
        }
        Command::Bench { runs } => bench::run(runs),
    }
    Ok(())
}

/// The primary move of a turn as notation's first token (`Cb2-c3`).
fn primary_name(pos: &Position, turn: &Turn) -> String {
    let full = write_turn(pos, turn);
    full.split(' ').next().unwrap_or_default().trim_end_matches('#').to_string()
}

/// Prints the search's verdict on a position.
fn analyse(pos: &Position, time: Option<f64>, depth: Option<u32>) -> Result<(), String> {
    use khalif::ai::{Limits, Searcher, Weights};
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
