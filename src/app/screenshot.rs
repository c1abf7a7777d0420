//! Screenshot mode: render a few frames, save the window to a PNG, report frame times, exit.

use std::path::PathBuf;
use std::time::Duration;
use web_time::Instant;

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::time::TimeUpdateStrategy;

use super::launch::LaunchOptions;

/// Wall-clock times of the frames rendered so far in screenshot mode.
#[derive(Resource, Default)]
struct FrameTimes {
    last: Option<Instant>,
    millis: Vec<f64>,
    requested: bool,
}

pub(super) fn plugin(app: &mut App) {
    let step = app.world().get_resource::<LaunchOptions>().filter(|o| o.screenshot.is_some()).and_then(|o| o.step_ms);
    if let Some(ms) = step {
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(u64::from(ms))));
    }
    app.init_resource::<FrameTimes>()
        .add_systems(Update, play_staged_move.in_set(super::GameSystems::Decide).run_if(screenshot_mode))
        .add_systems(Last, take_screenshot.run_if(screenshot_mode));
}

/// The frame on which `--stage-last`'s turn is played, once the scene has settled: a
/// screenshot a frame or a few later catches its animations under way.
pub const STAGE_LAST_AT: u32 = 20;

/// Plays `--stage-last`'s turn on the table, through its stages.
fn play_staged_move(options: Res<LaunchOptions>, frames: Res<FrameCount>, mut session: ResMut<super::Session>) {
    if frames.0 != STAGE_LAST_AT {
        return;
    }
    if let Some(last) = options.staged_move() {
        match session.game.play_notation(last) {
            Ok(staged) => session.queue.extend(staged),
            Err(e) => warn!("`{last}`: {e}"),
        }
    }
}

fn screenshot_mode(options: Option<Res<LaunchOptions>>) -> bool {
    options.is_some_and(|o| o.screenshot.is_some())
}

fn take_screenshot(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    frames: Res<FrameCount>,
    mut times: ResMut<FrameTimes>,
) {
    let now = Instant::now();
    if let Some(last) = times.last.replace(now) {
        times.millis.push((now - last).as_secs_f64() * 1000.0);
    }
    if times.requested || frames.0 < options.frames.max(3) {
        return;
    }
    times.requested = true;
    let path: PathBuf = options.screenshot.clone().expect("screenshot mode");
    // Skip the first frames (pipeline compilation) when reporting frame times.
    let steady: Vec<f64> = times.millis.iter().skip(times.millis.len() / 3).copied().collect();
    let report = frame_report(&steady);
    let mut save = save_to_disk(path.clone());
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            save(captured);
            println!("screenshot written to {}", path.display());
            println!("{report}");
            exit.write(AppExit::Success);
        },
    );
}

/// Median and worst frame time, as one line.
fn frame_report(millis: &[f64]) -> String {
    if millis.is_empty() {
        return "frame time: not measured".to_string();
    }
    let mut sorted = millis.to_vec();
    sorted.sort_by(|a, b| a.total_cmp(b));
    let median = sorted[sorted.len() / 2];
    let worst = sorted[sorted.len() - 1];
    format!("frame time: median {median:.1} ms, worst {worst:.1} ms over {} frames", sorted.len())
}
