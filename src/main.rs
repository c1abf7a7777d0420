//! The game binary `khalif`: opens the desert pub. `--screenshot` renders one frame to a PNG.

use std::path::PathBuf;

use clap::{Parser, ValueEnum};
use khalif::app::Destination;
#[cfg(not(target_arch = "wasm32"))]
use khalif::app::{LaunchOptions, View};
use khalif::rules::khalif::Square;
#[cfg(not(target_arch = "wasm32"))]
use khalif::rules::khalif::parse_position_arg;

#[derive(Parser)]
#[command(name = "khalif", version, about = "Khalif — the desert pubs of Zarhalem")]
struct Args {
    /// Render the scene, write this PNG and exit.
    #[arg(long)]
    screenshot: Option<PathBuf>,
    /// Start a match from this position (a KFEN in quotes, or `start`).
    #[arg(long)]
    position: Option<String>,
    /// The camera view to start in.
    #[arg(long, value_enum, default_value_t = ViewArg::Seated)]
    view: ViewArg,
    /// Frames to render before the screenshot.
    #[arg(long, default_value_t = 30)]
    frames: u32,
    /// Pick up the piece on this square at the start, showing its moves.
    #[arg(long)]
    select: Option<Square>,
    /// Play against the regular with this number (1-6, as listed on the title screen); they
    /// take the side not to move.
    #[arg(long, requires = "position", value_parser = clap::value_parser!(u8).range(1..=6))]
    against: Option<u8>,
    /// Turns to play from the position before showing it, in notation (`"Dd7xe9, Ke1-e2"`).
    #[arg(long, requires = "position")]
    moves: Option<String>,
    /// Open this screen at once: campaign, school, venue:N, lesson:N, puzzle:N or
    /// table:VENUE:CONTENDER (a campaign match; with --position it starts from there).
    #[arg(long)]
    open: Option<Destination>,
}

#[derive(Clone, Copy, ValueEnum)]
enum ViewArg {
    Seated,
    Top,
}

fn main() -> std::process::ExitCode {
    #[cfg(target_arch = "wasm32")]
    {
        khalif::app::run(khalif::app::page_options());
        return std::process::ExitCode::SUCCESS;
    }
    #[cfg(not(target_arch = "wasm32"))]
    run_native()
}

#[cfg(not(target_arch = "wasm32"))]
fn run_native() -> std::process::ExitCode {
    let args = Args::parse();
    let position = match args.position.as_deref().map(parse_position_arg).transpose() {
        Ok(position) => position,
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let moves = match (position, args.moves.as_deref()) {
        (Some(position), Some(text)) => match parse_moves(position, text) {
            Ok(moves) => moves,
            Err(e) => {
                eprintln!("error: --moves: {e}");
                return std::process::ExitCode::FAILURE;
            }
        },
        _ => Vec::new(),
    };
    khalif::app::run(LaunchOptions {
        screenshot: args.screenshot,
        position,
        view: match args.view {
            ViewArg::Seated => View::Seated,
            ViewArg::Top => View::Top,
        },
        frames: args.frames,
        select: args.select,
        against: args.against.map(|n| usize::from(n) - 1),
        moves,
        open: args.open,
    });
    std::process::ExitCode::SUCCESS
}

/// Parses turns separated by commas, each checked against the position it is played from.
#[cfg(not(target_arch = "wasm32"))]
fn parse_moves(start: khalif::rules::khalif::Position, text: &str) -> Result<Vec<khalif::rules::khalif::Turn>, String> {
    let mut game = khalif::rules::khalif::Game::new(start);
    let mut turns = Vec::new();
    for written in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let (turn, _) =
            khalif::rules::khalif::parse_turn(game.position(), written).map_err(|e| format!("`{written}`: {e}"))?;
        game.play_turn(&turn).map_err(|e| format!("`{written}`: {e}"))?;
        turns.push(turn);
    }
    Ok(turns)
}
