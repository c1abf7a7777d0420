//! `khalif-cli`: the terminal front end on the rules core, for every pub game (`--game`):
//! perft, turn lists, "why not?", a two-player terminal game, the AI's commands and the speed
//! benchmark. Builds without Bevy.

mod bench;
mod board;
mod engine;
mod play;

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use khalif::ai::Engine;
use khalif::rules::{GameId, Rules};
use khalif::with_game;

#[derive(Parser)]
#[command(name = "khalif-cli", version, about = "The pub games in the terminal: play, count and explain turns")]
struct Cli {
    /// The game: khalif, desert-pub-chess, chafl, khitan, izdari (Assassin's Izdari) or izdari-classic.
    #[arg(long, global = true, default_value = "khalif")]
    game: GameId,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the turns (as the game's rulebook counts them) to a depth; the count is the last line printed.
    Perft {
        /// The game's position text in quotes (KFEN for Khalif), or `start`.
        position: String,
        depth: u32,
        /// Make every leaf turn instead of counting the last ply in bulk.
        #[arg(long)]
        full: bool,
    },
    /// Perft split by primary move.
    Divide {
        /// The game's position text in quotes, or `start`.
        position: String,
        depth: u32,
    },
    /// List every legal turn in the game's notation.
    Turns {
        /// The game's position text in quotes, or `start`.
        position: String,
    },
    /// Explain why a primary move is refused (or say that it is legal).
    Why {
        /// The game's position text in quotes, or `start`.
        position: String,
        from: String,
        to: String,
    },
    /// Two people play a whole game at this terminal.
    Play {
        /// Start from this position (position text in quotes, or `start`).
        #[arg(long, default_value = "start")]
        position: String,
        /// Resume a saved game record.
        #[arg(long, conflicts_with = "position")]
        load: Option<std::path::PathBuf>,
    },
    /// Search a position: score, best turn and principal variation.
    Analyse {
        /// The game's position text in quotes, or `start`.
        position: String,
        /// Think for this many seconds (default 2).
        #[arg(long, conflicts_with = "depth")]
        time: Option<f64>,
        /// Search to this depth in turns instead of by time.
        #[arg(long)]
        depth: Option<u32>,
    },
    /// Play engine games between two players and report the Elo difference (each game is told on
    /// standard error as it ends, with the score so far).
    Match {
        /// The first player (Gold, or White, in the first game): `level:N`, `depth:N` or `nodes:N`,
        /// then optionally `,depth:N`, `,nodes:N`, `,noise:N` or `,quiescence:N` (capture plies past the depth, 0–6) to try a level out
        /// (`level:4,noise:120`).
        #[arg(long, visible_alias = "first")]
        gold: String,
        /// The second player.
        #[arg(long, visible_alias = "second")]
        silver: String,
        #[arg(long, default_value_t = 20)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Evaluation weights for the first player (a RON file like levels/khalif/weights.ron).
        #[arg(long)]
        gold_weights: Option<std::path::PathBuf>,
        /// Games played at once (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Each level against the one below it, and the top level against level 1 (each game is told
    /// on standard error as it ends).
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
    /// Run the game's tactics suite (levels/<game>/tactics.ron) with the top level, each position within a time.
    Tactics {
        /// Seconds per position.
        #[arg(long, default_value_t = 1.0)]
        time: f64,
    },
    /// Find tactics in self-play games: positions with one clearly winning move, by theme,
    /// printed as entries for levels/<game>/tactics.ron.
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
    /// printed as entries for levels/<game>/puzzles.ron.
    MinePuzzles {
        #[arg(long, default_value_t = 40)]
        games: u32,
        #[arg(long, default_value_t = 2)]
        turns: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Play out the game's endgames suite (levels/<game>/endgames.ron): won positions, one
    /// player finishing against itself (or `--defender`); prints how many are won within 60 turns
    /// and the median.
    Endgames {
        /// Who plays the side ahead, and the defence unless `--defender` names another, as for `match` (`level:14`, `depth:8`); where unsaid, a clean
        /// search to the game's endgame depth (the old top level's: seven plies in Khalif, eight
        /// in Khitan, six in the others), so the figures stay comparable from stop to stop.
        #[arg(long)]
        player: Option<String>,
        /// Who defends, where not the same player: `depth:6,hunt:0`, a defender that judges
        /// without the conversion terms, checks that a hunt wins by its play and not by leading
        /// a defence that shares its terms astray.
        #[arg(long)]
        defender: Option<String>,
        /// Print the turns of each game not won.
        #[arg(long)]
        show: bool,
        /// Play the positions of this file instead of the game's own suite (the same format,
        /// such as `mine-endgames` prints inside `[` `]`): a larger set to check a change on
        /// than the 24 the suite holds.
        #[arg(long)]
        suite: Option<std::path::PathBuf>,
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Find won positions in self-play games (a side ahead on material that keeps its lead),
    /// printed as entries for levels/<game>/endgames.ron.
    MineEndgames {
        #[arg(long, default_value_t = 60)]
        games: u32,
        /// Stop after this many positions.
        #[arg(long, default_value_t = 24)]
        count: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Fit the evaluation's weights to the results of self-play games (Texel's method).
    Tune {
        /// Self-play games to learn from.
        #[arg(long, default_value_t = 400)]
        games: u32,
        /// The player of the self-play games: three plies with some noise (the fourth of the six
        /// levels before issue 16, as the weights in `levels/` were fitted with).
        #[arg(long, default_value = "depth:3,noise:70")]
        player: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Gradient steps.
        #[arg(long, default_value_t = 1000)]
        steps: u32,
        /// Where to write the fitted weights (default: levels/<game>/weights.ron, which the game reads).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Terms whose weights the fit keeps as they are, comma-separated (`--hold centre`):
        /// weights set by hand from match results.
        #[arg(long, default_value = "")]
        hold: String,
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
    end_quietly_when_the_reader_goes();
    let cli = Cli::parse();
    match with_game!(cli.game, G => run::<G>(cli.command)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Output piped into a reader that stops early (`khalif-cli … | head -1`) ends the tool at the
/// next line it prints, silently and with the status a shell gives a program the closed pipe
/// stopped (128 + SIGPIPE), as other command-line tools end, not with a panic's message.
fn end_quietly_when_the_reader_goes() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info.payload().downcast_ref::<String>().map_or("", String::as_str);
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(141);
        }
        report(info);
    }));
}

/// The text of a file the user named, or an error that names it.
fn read_text(path: &std::path::Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn position<G: Rules>(text: &str) -> Result<G::Position, String> {
    G::parse_position_arg(text).map_err(|e| e.to_string())
}

fn square<G: Rules>(text: &str) -> Result<G::Square, String> {
    text.parse().map_err(|e: khalif::rules::grid::BadSquare| e.to_string())
}

fn run<G: Engine>(command: Command) -> Result<(), String> {
    match command {
        Command::Perft { position: p, depth, full } => {
            let pos = position::<G>(&p)?;
            let started = std::time::Instant::now();
            let n = if full { G::perft_full(&pos, depth) } else { G::perft(&pos, depth) };
            let secs = started.elapsed().as_secs_f64();
            println!("perft({depth}) in {secs:.3} s, {:.1} M turns/s", n as f64 / secs.max(1e-9) / 1e6);
            println!("{n}");
        }
        Command::Divide { position: p, depth } => {
            let pos = position::<G>(&p)?;
            let mut by_primary: BTreeMap<(G::Square, G::Square), (String, u64)> = BTreeMap::new();
            for turn in &G::turns(&pos) {
                let mut next = pos;
                G::play(&mut next, turn);
                let count = if depth <= 1 { 1 } else { G::perft(&next, depth - 1) };
                let name = G::write_primary(&pos, turn);
                by_primary.entry(G::primary(turn)).or_insert((name, 0)).1 += count;
            }
            let mut total = 0;
            for (name, count) in by_primary.values() {
                println!("{name}: {count}");
                total += count;
            }
            println!("{total}");
        }
        Command::Turns { position: p } => {
            let pos = position::<G>(&p)?;
            let mut out = std::io::stdout().lock();
            for turn in &G::turns(&pos) {
                // A closed pipe (`| head`) just ends the listing.
                if writeln!(out, "{}", G::write_turn(&pos, turn)).is_err() {
                    break;
                }
            }
        }
        Command::Why { position: p, from, to } => {
            let pos = position::<G>(&p)?;
            let (from, to) = (square::<G>(&from)?, square::<G>(&to)?);
            match G::why_not(&pos, from, to) {
                Ok(()) => println!("{from}-{to} is legal"),
                Err(refusal) => println!("{refusal}"),
            }
        }
        Command::Play { position: p, load } => play::run::<G>(position::<G>(&p)?, load)?,
        Command::Analyse { position: p, time, depth } => engine::analyse::<G>(&position::<G>(&p)?, time, depth)?,
        Command::Match { gold, silver, games, seed, gold_weights, threads } => {
            engine::play_match::<G>(&gold, &silver, games, seed, gold_weights.as_deref(), threads)?
        }
        Command::Ladder { games, seed, upper, threads } => engine::ladder::<G>(games, seed, &upper, threads)?,
        Command::Tactics { time } => engine::tactics::<G>(time)?,
        Command::MineTactics { games, per_theme, seed } => engine::mine_tactics::<G>(games, per_theme, seed),
        Command::MinePuzzles { games, turns, seed } => engine::mine_puzzles::<G>(games, turns, seed),
        Command::Endgames { player, defender, show, suite, threads } => {
            engine::endgames::<G>(player.as_deref(), defender.as_deref(), show, suite.as_deref(), threads)?
        }
        Command::MineEndgames { games, count, seed } => engine::mine_endgames::<G>(games, count, seed),
        Command::Tune { games, player, seed, steps, out, hold, threads } => {
            let out = out.unwrap_or_else(|| format!("levels/{}/weights.ron", G::ID.slug()).into());
            engine::tune::<G>(&player, games, seed, steps, &out, &hold, threads)?
        }
        Command::Bench { runs } => bench::run::<G>(runs),
    }
    Ok(())
}
