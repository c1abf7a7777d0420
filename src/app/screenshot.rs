//! Screenshot mode: render a few frames with the renderer's pipelines ready (the game's clock
//! stopped while they compile), save the window to a PNG, report frame times, exit.

use std::path::PathBuf;
use std::time::Duration;
use web_time::Instant;

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
    requested: bool,
}

/// How many frames in a row the renderer has had no pipeline left to compile. A software
/// renderer on a busy machine can take many frames to compile the pipelines of the scene, or
/// of what a turn brings onto it, and a frame drawn before then lacks them (at first the
/// background alone).
#[derive(Resource, Default)]
struct SettledFrames(u32);

/// The frames of screenshot mode's count (`--frames`, and `--stage-last`'s turn at
/// [`STAGE_LAST_AT`]): only those drawn with every pipeline ready. The game's clock stands
/// still over the others, so that the picture catches a turn's animations at the same moment
/// however long the renderer takes.
#[derive(Resource)]
struct ShotFrames {
    counted: u32,
    /// Frames wasted waiting for pipelines, for the report.
    waited: u32,
    started: Instant,
}

impl ShotFrames {
    /// Whether the wait for pipelines is over ([`PIPELINE_WAIT_LIMIT`]).
    fn out_of_patience(&self) -> bool {
        self.started.elapsed() > PIPELINE_WAIT_LIMIT
    }
}

/// Settled frames in a row before the picture is taken: the pipeline cache is read as a frame
/// is extracted, a frame or two behind the main world.
const SETTLED_FRAMES_NEEDED: u32 = 2;

/// The longest screenshot mode waits for pipelines: after it, every frame counts and the clock
/// runs (with a warning), so that a renderer that never settles cannot hang the mode.
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
        .insert_resource(ShotFrames { counted: 0, waited: 0, started: Instant::now() })
        .add_systems(First, count_shot_frames.before(bevy::time::TimeSystems))
        .add_systems(Update, play_staged_move.in_set(super::GameSystems::Decide))
        .add_systems(Last, take_screenshot);
}

/// The frame of screenshot mode's count on which `--stage-last`'s turn is played, once the
/// scene has settled: a screenshot a frame or a few later catches its animations under way.
pub const STAGE_LAST_AT: u32 = 20;

/// Counts, in the main world, the frames in a row extracted with no pipeline left to compile.
fn count_settled_frames(mut main_world: ResMut<MainWorld>, pipelines: Res<PipelineCache>) {
    let settled = pipelines.waiting_pipelines().next().is_none();
    if let Some(mut frames) = main_world.get_resource_mut::<SettledFrames>() {
        frames.0 = if settled { frames.0 + 1 } else { 0 };
    }
}

/// Counts this frame if the renderer has settled, and otherwise stops the game's clock for it.
fn count_shot_frames(settled: Res<SettledFrames>, mut shot: ResMut<ShotFrames>, mut time: ResMut<Time<Virtual>>) {
    if settled.0 > 0 || shot.out_of_patience() {
        shot.counted += 1;
        time.unpause();
    } else {
        shot.waited += 1;
        time.pause();
    }
}

/// Plays `--stage-last`'s turn on the table, through its stages.
fn play_staged_move(
    options: Res<LaunchOptions>,
    shot: Res<ShotFrames>,
    mut played: Local<bool>,
    mut session: ResMut<super::Session>,
) {
    if *played || shot.counted < STAGE_LAST_AT {
        return;
    }
    *played = true;
    if let Some(last) = options.staged_move() {
        match session.game.play_notation(last) {
            Ok(staged) => session.queue.extend(staged),
            Err(e) => warn!("`{last}`: {e}"),
        }
    }
}

fn take_screenshot(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    settled: Res<SettledFrames>,
    shot: Res<ShotFrames>,
    mut times: ResMut<FrameTimes>,
) {
    let now = Instant::now();
    if let Some(last) = times.last.replace(now) {
        times.millis.push((now - last).as_secs_f64() * 1000.0);
    }
    let out_of_patience = shot.out_of_patience();
    if times.requested
        || shot.counted < options.frames.max(3)
        || (settled.0 < SETTLED_FRAMES_NEEDED && !out_of_patience)
    {
        return;
    }
    if out_of_patience {
        warn!("the renderer's pipelines were still compiling after {PIPELINE_WAIT_LIMIT:?}: the picture may lack them");
    }
    times.requested = true;
    let path: PathBuf = options.screenshot.clone().expect("screenshot mode");
    let waited = shot.waited;
    // Skip the first frames (pipeline compilation) when reporting frame times.
    let steady: Vec<f64> = times.millis.iter().skip(times.millis.len() / 3).copied().collect();
    let report = frame_report(&steady);
    let mut save = save_to_disk(path.clone());
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            save(captured);
            println!("screenshot written to {}", path.display());
            println!("{waited} frames waited for the renderer's pipelines, the game's clock stopped");
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
