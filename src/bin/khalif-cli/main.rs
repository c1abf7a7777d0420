//! `khalif-cli`: the terminal front end on the rules core — perft, turn lists, "why not?",
//! a two-player terminal game and the speed benchmark. Builds without Bevy.

mod bench;
mod board;
mod engine;
mod play;

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use khalif::rules::khalif::{
    Position, Square, generate_turns, parse_position_arg, perft, perft_full, play as play_turn, why_not, write_primary,
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
        /// The first player (Gold in the first game): `level:N`, `depth:N` or `nodes:N`.
        #[arg(long)]
        gold: String,
        /// The second player.
        #[arg(long)]
        silver: String,
        #[arg(long, default_value_t = 20)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Evaluation weights for the first player (a RON file like levels/weights.ron).
        #[arg(long)]
        gold_weights: Option<std::path::PathBuf>,
        /// Games played at once (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Each level against the one below it, and the top level against level 1.
    Ladder {
        #[arg(long, default_value_t = 200)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Only the pairs whose upper level is in this list (e.g. `3,4`); all by default.
        #[arg(long, value_delimiter = ',')]
        upper: Vec<u8>,
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Run the tactics suite (levels/tactics.ron) with the top level, each position within a time.
    Tactics {
        /// Seconds per position.
        #[arg(long, default_value_t = 1.0)]
        time: f64,
    },
    /// Find tactics in self-play games: positions with one clearly winning move, by theme,
    /// printed as entries for levels/tactics.ron.
    MineTactics {
        #[arg(long, default_value_t = 40)]
        games: u32,
        /// Stop a theme after this many positions.
        #[arg(long, default_value_t = 8)]
        per_theme: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Find puzzles in self-play games: positions won in exactly N turns against any defence,
    /// printed as entries for levels/puzzles.ron.
    MinePuzzles {
        #[arg(long, default_value_t = 40)]
        games: u32,
        #[arg(long, default_value_t = 2)]
        turns: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Fit the evaluation's weights to the results of self-play games (Texel's method).
    Tune {
        /// Self-play games to learn from.
        #[arg(long, default_value_t = 400)]
        games: u32,
        /// The player of the self-play games.
        #[arg(long, default_value = "level:4")]
        player: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Gradient steps.
        #[arg(long, default_value_t = 1000)]
        steps: u32,
        /// Where to write the fitted weights (the game reads levels/weights.ron).
        #[arg(long, default_value = "levels/weights.ron")]
        out: std::path::PathBuf,
        #[arg(long)]
        threads: Option<usize>,
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
                let name = write_primary(&pos, turn);
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
        Command::Analyse { position: p, time, depth } => engine::analyse(&position(&p)?, time, depth)?,
        Command::Match { gold, silver, games, seed, gold_weights, threads } => {
            engine::play_match(&gold, &silver, games, seed, gold_weights.as_deref(), threads)?
        }
        Command::Ladder { games, seed, upper, threads } => engine::ladder(games, seed, &upper, threads)?,
        Command::Tactics { time } => engine::tactics(time)?,
        Command::MineTactics { games, per_theme, seed } => engine::mine_tactics(games, per_theme, seed),
        Command::MinePuzzles { games, turns, seed } => engine::mine_puzzles(games, turns, seed),
        Command::Tune { games, player, seed, steps, out, threads } => {
            engine::tune(&player, games, seed, steps, &out, threads)?
        }
        Command::Bench { runs } => bench::run(runs),
    }
    Ok(())
}
