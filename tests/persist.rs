//! `khalif::persist`: atomic writes, RON files, corrupt-file quarantine, folders and settings.
//!
//! Every test works in its own folder under the system's temp folder and passes paths
//! explicitly; only `khalif_home_moves_every_folder` reads `KHALIF_HOME`, and it sets it in a
//! child process, so tests running in parallel never see each other's environment.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use khalif::campaign::VenueKind;
use khalif::persist::{
    CameraSettings, Graphics, PersistError, Quality, Settings, config_dir, data_dir, load_ron, save_ron, write_atomic,
};
use serde::{Deserialize, Serialize};

/// A fresh folder for one test, removed when the test ends (also when it fails).
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos();
        let name =
            format!("khalif-persist-{test}-{}-{nanos}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        let path = std::env::temp_dir().join(name);
        fs::create_dir_all(&path).unwrap();
        Scratch(path)
    }

    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// The names in a folder, sorted.
fn names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(folder).unwrap().map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Record {
    name: String,
    moves: Vec<u32>,
    winner: Option<bool>,
}

fn record() -> Record {
    Record { name: "Zarhalem \"open\"\nfinal".into(), moves: vec![3, 1, 4], winner: Some(true) }
}

// ---- write_atomic ----

#[test]
fn write_atomic_creates_folders_and_replaces_content_leaving_no_temp_files() {
    let scratch = Scratch::new("atomic");
    let folder = scratch.join("a/b");
    let path = folder.join("file.txt");
    write_atomic(&path, b"first, and rather longer").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"first, and rather longer");
    write_atomic(&path, b"second").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"second");
    for i in 0..20 {
        write_atomic(&path, format!("write {i}").as_bytes()).unwrap();
    }
    assert_eq!(fs::read_to_string(&path).unwrap(), "write 19");
    assert_eq!(names(&folder), ["file.txt"]);
}

#[test]
fn write_atomic_from_many_threads_ends_with_one_whole_write() {
    let scratch = Scratch::new("threads");
    let path = scratch.join("shared.txt");
    let writes: Vec<String> = (0..8).map(|i| format!("thread {i} ").repeat(1000)).collect();
    std::thread::scope(|s| {
        for bytes in &writes {
            let path = &path;
            s.spawn(move || write_atomic(path, bytes.as_bytes()).unwrap());
        }
    });
    let content = fs::read_to_string(&path).unwrap();
    assert!(writes.contains(&content), "the file mixes writes");
    assert_eq!(names(&scratch.0), ["shared.txt"]);
}

#[test]
fn write_atomic_refuses_a_path_without_a_file_name_and_names_it() {
    let scratch = Scratch::new("noname");
    let error = write_atomic(&scratch.join(".."), b"x").unwrap_err();
    assert!(matches!(error, PersistError::NoFileName { .. }), "{error:?}");
    assert!(error.to_string().contains("does not name a file"), "{error}");
}

#[test]
fn write_atomic_reports_a_folder_it_cannot_create() {
    let scratch = Scratch::new("blocked");
    fs::write(scratch.join("blocker"), b"a file, not a folder").unwrap();
    let error = write_atomic(&scratch.join("blocker/inner/file.txt"), b"x").unwrap_err();
    assert!(matches!(error, PersistError::CreateFolder { .. }), "{error:?}");
    assert!(error.to_string().contains("blocker"), "{error}");
    assert_eq!(fs::read(scratch.join("blocker")).unwrap(), b"a file, not a folder");
}

// ---- load_ron / save_ron ----

#[test]
fn ron_round_trip() {
    let scratch = Scratch::new("roundtrip");
    let path = scratch.join("saves/record.ron");
    save_ron(&path, &record()).unwrap();
    assert_eq!(load_ron::<Record>(&path).unwrap(), Some(record()));
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.lines().count() > 3, "pretty RON, one field a line:\n{text}");
    assert_eq!(names(&scratch.join("saves")), ["record.ron"]);
}

#[test]
fn missing_file_is_none() {
    let scratch = Scratch::new("missing");
    assert_eq!(load_ron::<Record>(&scratch.join("nothing.ron")).unwrap(), None);
    assert_eq!(load_ron::<Record>(&scratch.join("no/folder/either.ron")).unwrap(), None);
}

#[test]
fn corrupt_file_is_moved_aside_intact_and_the_error_says_where_and_why() {
    let scratch = Scratch::new("corrupt");
    let path = scratch.join("record.ron");
    let bad = b"(\n    name: \"x\",\n    moves: [1, 2,, 3],\n)\n";
    fs::write(&path, bad).unwrap();

    let error = load_ron::<Record>(&path).unwrap_err();
    let PersistError::Corrupt { path: reported, problem, kept_at } = &error else {
        panic!("expected Corrupt, got {error:?}");
    };
    assert_eq!(reported, &path);
    assert_eq!(problem.line, 3, "{problem}");
    assert!(problem.column > 1, "{problem}");
    let message = error.to_string();
    assert!(message.contains("line 3, column "), "{message}");
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains(&kept_at.display().to_string()), "{message}");

    assert!(!path.exists(), "the bad file must leave its place");
    assert_eq!(kept_at.parent(), path.parent());
    let aside_name = kept_at.file_name().unwrap().to_str().unwrap();
    assert!(aside_name.starts_with("record.ron.corrupt-"), "{aside_name}");
    assert_eq!(fs::read(kept_at).unwrap(), bad);

    // Loading again now finds no file.
    assert_eq!(load_ron::<Record>(&path).unwrap(), None);
}

#[test]
fn a_second_corrupt_file_never_overwrites_the_first_copy() {
    let scratch = Scratch::new("corrupt2");
    let path = scratch.join("record.ron");
    let mut kept = Vec::new();
    for content in ["not ron at all", "(name: 5)", "\u{1}\u{2}"] {
        fs::write(&path, content).unwrap();
        match load_ron::<Record>(&path) {
            Err(PersistError::Corrupt { kept_at, .. }) => kept.push((kept_at, content)),
            other => panic!("expected Corrupt, got {other:?}"),
        }
    }
    assert_ne!(kept[0].0, kept[1].0);
    assert_ne!(kept[1].0, kept[2].0);
    assert_ne!(kept[0].0, kept[2].0);
    for (aside, content) in &kept {
        assert_eq!(fs::read_to_string(aside).unwrap(), *content);
    }
    assert_eq!(names(&scratch.0).len(), 3);
}

#[test]
fn an_aside_name_already_taken_is_skipped() {
    let scratch = Scratch::new("taken");
    let path = scratch.join("record.ron");
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs();
    // Occupy this second's and the next second's plain names, in case the clock ticks.
    for s in [seconds, seconds + 1] {
        fs::write(scratch.join(&format!("record.ron.corrupt-{s}")), "older copy").unwrap();
    }
    fs::write(&path, "][").unwrap();
    let Err(PersistError::Corrupt { kept_at, .. }) = load_ron::<Record>(&path) else {
        panic!("expected Corrupt");
    };
    assert!(kept_at.file_name().unwrap().to_str().unwrap().ends_with("-1"), "{kept_at:?}");
    assert_eq!(fs::read_to_string(&kept_at).unwrap(), "][");
    for s in [seconds, seconds + 1] {
        let older = scratch.join(&format!("record.ron.corrupt-{s}"));
        assert_eq!(fs::read_to_string(older).unwrap(), "older copy");
    }
}

#[test]
fn a_file_that_cannot_be_read_is_left_in_place() {
    let scratch = Scratch::new("unreadable");
    let path = scratch.join("record.ron");
    fs::create_dir(&path).unwrap();
    let error = load_ron::<Record>(&path).unwrap_err();
    assert!(matches!(error, PersistError::Read { .. }), "{error:?}");
    assert!(path.is_dir());
    assert_eq!(names(&scratch.0), ["record.ron"]);
}

// ---- settings ----

fn custom_settings() -> Settings {
    Settings {
        music_volume: 0.0,
        ambience_volume: 0.25,
        effects_volume: 1.0,
        animation_speed: 2.5,
        skip_animations: true,
        thinking_pause: false,
        vignettes: false,
        camera: CameraSettings { turn_to_side_to_move: false, start_top_down: true, orbit_sensitivity: 0.5 },
        graphics: Graphics { quality: Quality::Low, shadows: false, smoke: false, msaa: false },
        scene: VenueKind::Barracks,
    }
}

#[test]
fn settings_round_trip() {
    let scratch = Scratch::new("settings");
    let path = scratch.join("config/settings.ron");
    custom_settings().save_to(&path).unwrap();
    assert_eq!(Settings::load_from(&path), (custom_settings(), None));
    Settings::default().save_to(&path).unwrap();
    assert_eq!(Settings::load_from(&path), (Settings::default(), None));
}

#[test]
fn settings_defaults_are_sensible_and_already_sanitized() {
    let defaults = Settings::default();
    assert_eq!(defaults.animation_speed, 1.0);
    assert!(defaults.camera.turn_to_side_to_move);
    assert!(defaults.thinking_pause, "opponents answer as a person would unless asked not to");
    assert_eq!(defaults.graphics.quality, Quality::High);
    assert_eq!(defaults.clone().sanitized(), defaults);
}

#[test]
fn missing_settings_file_gives_defaults_silently() {
    let scratch = Scratch::new("nosettings");
    assert_eq!(Settings::load_from(&scratch.join("settings.ron")), (Settings::default(), None));
}

#[test]
fn partial_settings_file_fills_the_rest_with_defaults() {
    let scratch = Scratch::new("partial");
    let path = scratch.join("settings.ron");
    fs::write(&path, "(music_volume: 0.1, camera: (start_top_down: true), graphics: (smoke: false))").unwrap();
    let (settings, message) = Settings::load_from(&path);
    assert_eq!(message, None);
    let mut expected = Settings { music_volume: 0.1, ..Settings::default() };
    expected.camera.start_top_down = true;
    expected.graphics.smoke = false;
    assert_eq!(settings, expected);

    fs::write(&path, "()").unwrap();
    assert_eq!(Settings::load_from(&path), (Settings::default(), None));
}

#[test]
fn unknown_settings_fields_are_ignored() {
    let scratch = Scratch::new("unknown");
    let path = scratch.join("settings.ron");
    fs::write(
        &path,
        "Settings(effects_volume: 0.3, from_a_newer_game: [1, 2], graphics: (hdr: true, quality: Medium))",
    )
    .unwrap();
    let (settings, message) = Settings::load_from(&path);
    assert_eq!(message, None);
    assert_eq!(settings.effects_volume, 0.3);
    assert_eq!(settings.graphics.quality, Quality::Medium);
    assert!(path.exists(), "a readable file stays where it is");
}

#[test]
fn out_of_range_settings_are_clamped_not_rejected() {
    let scratch = Scratch::new("clamp");
    let path = scratch.join("settings.ron");
    fs::write(
        &path,
        "(music_volume: 3.0, ambience_volume: -1.0, effects_volume: NaN, animation_speed: 100.0,
          camera: (orbit_sensitivity: 0.0))",
    )
    .unwrap();
    let (settings, message) = Settings::load_from(&path);
    assert_eq!(message, None);
    assert_eq!(settings.music_volume, 1.0);
    assert_eq!(settings.ambience_volume, 0.0);
    assert_eq!(settings.effects_volume, Settings::default().effects_volume);
    assert_eq!(settings.animation_speed, 4.0);
    assert_eq!(settings.camera.orbit_sensitivity, 0.1);
    assert!(path.exists(), "a clamped file is not set aside");

    let slow = Settings { animation_speed: 0.0, ..Settings::default() }.sanitized();
    assert_eq!(slow.animation_speed, 0.25);
    let loud = Settings { music_volume: f32::INFINITY, ..Settings::default() }.sanitized();
    assert_eq!(loud.music_volume, 1.0);
}

#[test]
fn corrupt_settings_give_defaults_and_a_message_naming_the_kept_copy() {
    let scratch = Scratch::new("badsettings");
    let path = scratch.join("settings.ron");
    let bad = "(music_volume: 0.2,\n graphics: (quality: Ultra))\n";
    fs::write(&path, bad).unwrap();
    let (settings, message) = Settings::load_from(&path);
    assert_eq!(settings, Settings::default());
    let message = message.expect("the player is told");
    assert!(message.contains("line 2, column "), "{message}");
    assert!(message.contains("settings.ron.corrupt-"), "{message}");
    assert!(!path.exists());
    let kept = names(&scratch.0);
    assert_eq!(kept.len(), 1);
    assert_eq!(fs::read_to_string(scratch.join(&kept[0])).unwrap(), bad);

    // The next start is clean and silent.
    assert_eq!(Settings::load_from(&path), (Settings::default(), None));
}

// ---- folders ----

/// Set in the child process that checks `KHALIF_HOME`.
const CHILD_MARK: &str = "KHALIF_PERSIST_TEST_CHILD";

#[test]
fn khalif_home_moves_every_folder() {
    if std::env::var_os(CHILD_MARK).is_some() {
        let home = PathBuf::from(std::env::var_os("KHALIF_HOME").expect("set by the parent"));
        assert_eq!(config_dir(), Some(home.join("config")));
        assert_eq!(data_dir(), Some(home.join("data")));
        let path = home.join("config").join("settings.ron");
        assert_eq!(Settings::path(), Some(path.clone()));
        assert_eq!(Settings::load(), (Settings::default(), None));
        custom_settings().save().unwrap();
        assert!(path.is_file());
        assert_eq!(Settings::load(), (custom_settings(), None));
        return;
    }
    // The environment is shared by every test thread, so the variable is set only in a child
    // process that runs just this test.
    let scratch = Scratch::new("home");
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "khalif_home_moves_every_folder", "--test-threads=1", "--nocapture"])
        .env(CHILD_MARK, "1")
        .env("KHALIF_HOME", &scratch.0)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "child failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("1 passed"), "the child ran no test:\n{stdout}");
    assert!(scratch.join("config/settings.ron").is_file());
}
