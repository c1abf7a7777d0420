//! The game binary `khalif`: opens the desert pub. `--screenshot` renders one frame to a PNG.

use std::path::PathBuf;

use clap::{Parser, ValueEnum};
use khalif::app::{Destination, VenueChoice};
#[cfg(not(target_arch = "wasm32"))]
use khalif::app::{LaunchOptions, STAGE_LAST_AT, View};
use khalif::rules::GameId;

/// Screenshot mode's frames when `--frames` is not given, counted once the renderer is ready:
/// time for the camera and the crowd to settle.
#[cfg(not(target_arch = "wasm32"))]
const DEFAULT_FRAMES: u32 = 10;

#[derive(Parser)]
#[command(name = "khalif", version, about = "Khalif and the other games of the desert pubs of Zarhalem")]
struct Args {
    /// Render the scene, write this PNG and exit.
    #[arg(long)]
    screenshot: Option<PathBuf>,
    /// The game: khalif, desert-pub-chess, chafl, khitan, izdari or izdari-classic (for --position and --moves, and the title's choice).
    #[arg(long, default_value = "khalif")]
    game: GameId,
    /// Start a match from this position (the game's position text in quotes, or `start`).
    #[arg(long)]
    position: Option<String>,
    /// The camera view to start in.
    #[arg(long, value_enum, default_value_t = ViewArg::Seated)]
    view: ViewArg,
    /// Frames to render before the screenshot, counting only those drawn with every pipeline
    /// of the renderer ready (the game's clock stands still over the others) [default: 10, or
    /// two past the staged turn with --stage-last].
    #[arg(long, requires = "screenshot")]
    frames: Option<u32>,
    /// Pick up the piece on this square at the start, showing its moves.
    #[arg(long, requires = "position")]
    select: Option<String>,
    /// Play against the regular with this number (1-6, as listed on the title screen); they
    /// take the side not to move.
    #[arg(long, requires = "position", value_parser = clap::value_parser!(u8).range(1..=6))]
    against: Option<u8>,
    /// Turns to play from the position before showing it, in notation (`"Dd7xe9, Ke1-e2"`).
    #[arg(long, requires = "position")]
    moves: Option<String>,
    /// Play the last of --moves on the table at frame 20, through its stages and animations;
    /// a screenshot at --frames 21 or a few more catches them under way.
    #[arg(long, requires = "moves")]
    stage_last: bool,
    /// Open this screen at once: campaign, school, venue:N, lesson:N, puzzle:N or
    /// table:VENUE:CONTENDER (a campaign match; with --position it starts from there).
    #[arg(long)]
    open: Option<Destination>,
    /// Show this place round the table: a campaign venue by its number (from 1), or `pub`
    /// (the smoky pub of a free match).
    #[arg(long)]
    venue: Option<VenueChoice>,
    /// With --screenshot: each frame moves the game's clock on by this many milliseconds
    /// instead of the real time a frame took (seconds under software rendering), so an
    /// animation or a capture's vignette is caught at a chosen moment.
    #[arg(long, requires = "screenshot", value_parser = clap::value_parser!(u32).range(1..=1000))]
    step_ms: Option<u32>,
}

#[derive(Clone, Copy, ValueEnum)]
enum ViewArg {
    Seated,
    Top,
    Wide,
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
    let options = LaunchOptions {
        screenshot: args.screenshot,
        game: args.game,
        position: args.position,
        view: match args.view {
            ViewArg::Seated => View::Seated,
            ViewArg::Top => View::Top,
            ViewArg::Wide => View::Wide,
        },
        frames: args.frames.unwrap_or(if args.stage_last { STAGE_LAST_AT + 2 } else { DEFAULT_FRAMES }),
        select: args.select,
        against: args.against.map(|n| usize::from(n) - 1),
        moves: args
            .moves
            .iter()
            .flat_map(|m| m.split(','))
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect(),
        stage_last: args.stage_last,
        open: args.open,
        venue: args.venue,
        step_ms: args.step_ms,
    };
    if options.stage_last && options.frames <= STAGE_LAST_AT {
        eprintln!("error: --stage-last plays its turn at frame {STAGE_LAST_AT}: --frames must be more than that");
        return std::process::ExitCode::FAILURE;
    }
    // The position and the turns are checked against the rules before the window opens.
    if let Some(Err(e)) = options.start_game() {
        eprintln!("error: {e}");
        return std::process::ExitCode::FAILURE;
    }
    if let (Some(name), Some(Ok(game))) = (&options.select, options.start_game())
        && game.geometry().named(name).is_none()
    {
        eprintln!("error: --select `{name}` is not a square of the {} board", game.naming().game);
        return std::process::ExitCode::FAILURE;
    }
    khalif::app::run(options);
    std::process::ExitCode::SUCCESS
}
