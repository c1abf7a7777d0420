//! Screenshot mode renders the pub under a virtual display with Mesa's software Vulkan and
//! writes a PNG that is neither blank nor uniform. Needs `xvfb-run` and Mesa's lavapipe
//! (`.ci/setup` installs them); CI runs it with `cargo test --test screenshot -- --ignored`.
#![cfg(feature = "game")]

use std::path::Path;
use std::process::Command;

const LAVAPIPE: &str = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";

/// Renders one screenshot and returns its pixels (RGB) with width and height.
fn render(args: &[&str], out: &Path) -> (Vec<u8>, u32, u32) {
    render_in(&std::env::temp_dir().join("khalif-screenshot-test-home"), args, out)
}

/// [`render`] with the game's home folder (settings, profile) at `home`.
fn render_in(home: &Path, args: &[&str], out: &Path) -> (Vec<u8>, u32, u32) {
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x720x24"])
        .arg(env!("CARGO_BIN_EXE_khalif"))
        .arg("--screenshot")
        .arg(out)
        .args(args)
        .env("WGPU_BACKEND", "vulkan")
        .env("VK_ICD_FILENAMES", LAVAPIPE)
        .env("KHALIF_HOME", home)
        .status()
        .expect("xvfb-run starts (install it with .ci/setup)");
    assert!(status.success(), "the game exited with {status}");
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(out).expect("the PNG was written")));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut pixels).expect("pixels");
    assert_eq!(info.color_type, png::ColorType::Rgb, "the game saves RGB");
    pixels.truncate(info.buffer_size());
    (pixels, info.width, info.height)
}

/// Spread of brightness and the number of distinct colours (coarsely binned).
fn variety(pixels: &[u8]) -> (f64, usize) {
    let lum: Vec<f64> =
        pixels.chunks(3).map(|p| 0.2126 * p[0] as f64 + 0.7152 * p[1] as f64 + 0.0722 * p[2] as f64).collect();
    let mean = lum.iter().sum::<f64>() / lum.len() as f64;
    let sd = (lum.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / lum.len() as f64).sqrt();
    let mut bins = std::collections::HashSet::new();
    for p in pixels.chunks(3) {
        bins.insert((p[0] / 16, p[1] / 16, p[2] / 16));
    }
    (sd, bins.len())
}

/// Fails unless the picture has a scene in it: brightness that varies and many colours, where
/// a blank window, a uniform fill or the HUD over the background alone has neither.
fn assert_drawn(name: &str, pixels: &[u8]) {
    let (spread, colours) = variety(pixels);
    assert!(spread > 15.0, "{name}: brightness barely varies (sd {spread:.1}): blank or uniform");
    assert!(colours > 200, "{name}: only {colours} distinct colours: blank or uniform");
}

#[test]
#[ignore = "needs xvfb-run and Mesa's software Vulkan; run by CI"]
fn screenshot_mode_renders_a_real_picture() {
    let dir = std::env::temp_dir().join(format!("khalif-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let renders = [
        ("seated", vec!["--position", "start"]),
        ("top", vec!["--position", "start", "--view", "top"]),
        ("desert-pub-chess", vec!["--game", "desert-pub-chess", "--position", "start", "--select", "b1"]),
        ("chafl", vec!["--game", "chafl", "--position", "start", "--view", "top", "--select", "d1"]),
        ("khitan", vec!["--game", "khitan", "--position", "start", "--select", "c2"]),
    ];
    for (name, args) in renders {
        let out = dir.join(format!("{name}.png"));
        let (pixels, width, height) = render(&args, &out);
        assert_eq!((width, height), (1280, 720));
        assert_drawn(name, &pixels);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "needs xvfb-run and Mesa's software Vulkan; run by CI"]
fn the_campaign_map_renders_and_a_campaign_win_is_written_to_the_profile() {
    let dir = std::env::temp_dir().join(format!("khalif-campaign-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let home = std::env::temp_dir().join("khalif-screenshot-test-home");
    let _ = std::fs::remove_dir_all(home.join("data"));
    // The map is drawn on parchment: a large share of the picture is that colour.
    let (pixels, _, _) = render(&["--open", "campaign"], &dir.join("map.png"));
    let parchment = pixels
        .chunks(3)
        .filter(|p| p[0].abs_diff(196) < 12 && p[1].abs_diff(160) < 12 && p[2].abs_diff(110) < 12)
        .count();
    let share = parchment as f64 / (pixels.len() / 3) as f64;
    assert!(share > 0.25, "the map covers only {:.0}% of the screen", share * 100.0);
    // A match with Old Yusuf for the least stake, won on the first turn, pays into the profile.
    let win = ["--open", "table:1:1", "--position", "4k4/r8/3D5/9/9/9/1R7/9/K8 g 40", "--moves", "Dd7xe9"];
    render(&win, &dir.join("result.png"));
    let profile = std::fs::read_to_string(home.join("data/profile.ron")).expect("the profile was written");
    assert!(profile.contains("purse: 21"), "the stake of 1 coin was won: {profile}");
    assert!(profile.contains("\"Old Yusuf\": (\n            won: 1"), "the record shows the win: {profile}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Mean difference of two pictures of the same size, per colour channel (0 to 255).
fn difference(a: &[u8], b: &[u8]) -> f64 {
    a.iter().zip(b).map(|(x, y)| f64::from(x.abs_diff(*y))).sum::<f64>() / a.len() as f64
}

#[test]
#[ignore = "needs xvfb-run and Mesa's software Vulkan; run by CI"]
fn each_venue_has_a_scene_of_its_own() {
    let dir = std::env::temp_dir().join(format!("khalif-venue-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Without MSAA, which doubles a software renderer's cost and changes nothing here.
    let home = dir.join("home");
    std::fs::create_dir_all(home.join("config")).unwrap();
    std::fs::write(home.join("config/settings.ron"), "(graphics: (msaa: false))").unwrap();
    // The smoky pub of a free match, the spice market (venue 2) and the docks by night (venue 3).
    let mut shots = Vec::new();
    for venue in ["pub", "2", "3"] {
        // The screenshot mode waits for the renderer's pipelines, so even a busy machine's
        // software renderer has drawn the scene, not the background alone, by the picture.
        let (pixels, _, _) =
            render_in(&home, &["--position", "start", "--venue", venue], &dir.join(format!("venue-{venue}.png")));
        assert_drawn(&format!("venue {venue}"), &pixels);
        shots.push((venue, pixels));
    }
    for (i, (a, first)) in shots.iter().enumerate() {
        for (b, second) in &shots[i + 1..] {
            let apart = difference(first, second);
            assert!(apart > 8.0, "venues {a} and {b} look nearly the same (mean difference {apart:.1} of 255)");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
