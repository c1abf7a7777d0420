//! Screenshot mode: render a few frames, wait for the renderer's pipelines, save the window to
//! a PNG, report frame times, exit.

use std::path::PathBuf;
use std::time::Duration;
use web_time::Instant;

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::render::{ExtractSchedule, MainWorld, RenderApp};
use bevy::time::TimeUpdateStrategy;

use super::launch::LaunchOptions;

/// Wall-clock times of the frames rendered so far in screenshot mode.
#[derive(Resource, Default)]
struct FrameTimes {
    last: Option<Instant>,
    millis: Vec<f64>,
    /// When the requested frames had been rendered.
    due: Option<Instant>,
    requested: bool,
}

/// How many frames in a row the renderer has had no pipeline left to compile. A software
/// renderer on a busy machine can take longer than the requested frames to compile the scene's
/// pipelines, and a picture taken before then shows the background alone.
#[derive(Resource, Default)]
struct SettledFrames(u32);

/// Settled frames in a row before the picture is taken: the pipeline cache is read as the
/// frame is extracted, one frame behind what is drawn.
const SETTLED_FRAMES_NEEDED: u32 = 2;

/// The longest the picture waits for pipelines past the requested frames before it is taken
/// anyway (with a warning), so that a renderer that never settles cannot hang the mode.
const PIPELINE_WAIT_LIMIT: Duration = Duration::from_secs(180);

pub(super) fn plugin(app: &mut App) {
    let Some(options) = app.world().get_resource::<LaunchOptions>().filter(|o| o.screenshot.is_some()) else {
        return;
    };
    if let Some(ms) = options.step_ms {
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(u64::from(ms))));
    }
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.add_systems(ExtractSchedule, count_settled_frames);
    }
    app.init_resource::<FrameTimes>()
        .init_resource::<SettledFrames>()
        .add_systems(Update, play_staged_move.in_set(super::GameSystems::Decide))
        .add_systems(Last, take_screenshot);
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

/// Counts, in the main world, the frames in a row extracted with no pipeline left to compile.
fn count_settled_frames(mut main_world: ResMut<MainWorld>, pipelines: Res<PipelineCache>) {
    let settled = pipelines.waiting_pipelines().next().is_none();
    if let Some(mut frames) = main_world.get_resource_mut::<SettledFrames>() {
        frames.0 = if settled { frames.0 + 1 } else { 0 };
    }
}

fn take_screenshot(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    frames: Res<FrameCount>,
    settled: Res<SettledFrames>,
    mut times: ResMut<FrameTimes>,
) {
    let now = Instant::now();
    if let Some(last) = times.last.replace(now) {
        times.millis.push((now - last).as_secs_f64() * 1000.0);
    }
    if times.requested || frames.0 < options.frames.max(3) {
        return;
    }
    let due = *times.due.get_or_insert(now);
    if settled.0 < SETTLED_FRAMES_NEEDED {
        if now - due < PIPELINE_WAIT_LIMIT {
            return;
        }
        warn!("the renderer's pipelines are still compiling after {PIPELINE_WAIT_LIMIT:?}: taking the picture anyway");
    }
    times.requested = true;
    let path: PathBuf = options.screenshot.clone().expect("screenshot mode");
    let waited = frames.0 - options.frames.max(3);
    // Skip the first frames (pipeline compilation) when reporting frame times.
    let steady: Vec<f64> = times.millis.iter().skip(times.millis.len() / 3).copied().collect();
    let report = frame_report(&steady);
    let mut save = save_to_disk(path.clone());
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            save(captured);
            println!("screenshot written to {}", path.display());
            if waited > 0 {
                println!("waited {waited} frames past the requested ones for the renderer's pipelines");
            }
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
