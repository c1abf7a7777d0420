//! The synthesised sounds: every effect and loop has its designed length, is audible but
//! never clips, holds no NaN, is the same on every run, and the loops join without a seam.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use khalif::synth::{Clip, Loop, SAMPLE_RATE, Sound, effect, looped};

/// Every clip, made once for all tests, with the time it took to make them all.
struct All {
    effects: Vec<(Sound, Clip)>,
    loops: Vec<(Loop, Clip)>,
    took: Duration,
}

fn all() -> &'static All {
    static ALL: OnceLock<All> = OnceLock::new();
    ALL.get_or_init(|| {
        let start = Instant::now();
        let effects = Sound::ALL.iter().map(|&s| (s, effect(s))).collect();
        let loops = Loop::ALL.iter().map(|&l| (l, looped(l))).collect();
        All { effects, loops, took: start.elapsed() }
    })
}

/// The designed length range of each effect, in seconds.
fn bounds(sound: Sound) -> (f32, f32) {
    match sound {
        Sound::PieceOnStone => (0.03, 0.12),
        Sound::Capture => (0.1, 0.4),
        Sound::Retaliation => (0.2, 0.5),
        Sound::DjinnStrike => (0.3, 0.7),
        Sound::Succession => (1.5, 2.5),
        Sound::Win | Sound::Loss => (1.7, 2.3),
        Sound::Refused => (0.05, 0.15),
        Sound::Select => (0.01, 0.06),
        Sound::CrowdCheer => (1.0, 1.5),
        Sound::CrowdGroan => (1.0, 1.5),
    }
}

/// Audible, never clipping, no NaN or infinity.
fn check_levels(name: &str, clip: &Clip) {
    assert!(!clip.frames.is_empty(), "{name} is empty");
    assert!(clip.frames.iter().flatten().all(|s| s.is_finite()), "{name} has a NaN or infinity");
    let peak = clip.peak();
    assert!(peak <= 1.0, "{name} clips: peak {peak}");
    assert!(peak > 0.05, "{name} is silent: peak {peak}");
}

#[test]
fn effects_have_their_lengths_and_levels() {
    for (sound, clip) in &all().effects {
        let name = format!("{sound:?}");
        check_levels(&name, clip);
        let (lo, hi) = bounds(*sound);
        let secs = clip.duration_secs();
        assert!((lo..=hi).contains(&secs), "{name} lasts {secs} s, not {lo}..{hi}");
        assert!((clip.peak() - 0.8).abs() < 0.01, "{name} peak {}", clip.peak());
        // Every effect ends in silence, so cutting it off never clicks.
        let last = clip.frames.last().unwrap();
        assert!(last[0].abs() < 1e-3 && last[1].abs() < 1e-3, "{name} ends on {last:?}");
    }
}

#[test]
fn loops_have_their_lengths_and_levels() {
    for (kind, clip) in &all().loops {
        let name = format!("{kind:?}");
        check_levels(&name, clip);
        let secs = clip.duration_secs();
        let (lo, hi) = match kind {
            Loop::Ambience(_) => (20.0, 30.0),
            Loop::Music => (30.0, 45.0),
        };
        assert!((lo..=hi).contains(&secs), "{name} lasts {secs} s, not {lo}..{hi}");
        assert!((clip.peak() - 0.5).abs() < 0.01, "{name} peak {}", clip.peak());
    }
}

#[test]
fn music_is_a_whole_number_of_bars() {
    let (_, music) = all().loops.iter().find(|(k, _)| *k == Loop::Music).unwrap();
    // 4/4 at 90 bpm: 8/3 s, 117 600 frames, per bar.
    let bar = SAMPLE_RATE as usize * 8 / 3;
    assert_eq!(music.frames.len() % bar, 0, "{} frames", music.frames.len());
}

// Issue 15: each kind of place sounds its own (its crowd's size, walls or open air, the pub's
// fan, water, wind, a fountain, birds, iron): no two ambiences are alike.
#[test]
fn every_place_has_an_ambience_of_its_own() {
    let ambiences: Vec<_> = all().loops.iter().filter(|(k, _)| matches!(k, Loop::Ambience(_))).collect();
    assert_eq!(ambiences.len(), 7);
    for (i, (a, clip_a)) in ambiences.iter().enumerate() {
        for (b, clip_b) in &ambiences[i + 1..] {
            let n = clip_a.frames.len().min(clip_b.frames.len());
            let power = (0..n).map(|k| (clip_a.frames[k][0] - clip_b.frames[k][0]).powi(2)).sum::<f32>() / n as f32;
            assert!(power.sqrt() > 0.02, "{a:?} and {b:?} sound alike (RMS difference {})", power.sqrt());
        }
    }
}

#[test]
fn loops_are_seamless() {
    for (kind, clip) in &all().loops {
        let peak = clip.peak();
        let (first, last) = (clip.frames[0], clip.frames[clip.frames.len() - 1]);
        let jump = (first[0] - last[0]).abs().max((first[1] - last[1]).abs());
        assert!(jump < 0.05 * peak, "{kind:?}: jump {jump} at the loop point, peak {peak}");
        // And no bigger than the ordinary step from one frame to the next inside the loop.
        let mut steps: Vec<f32> =
            clip.frames.windows(2).map(|w| (w[1][0] - w[0][0]).abs().max((w[1][1] - w[0][1]).abs())).collect();
        steps.sort_by(f32::total_cmp);
        let typical = steps[steps.len() * 99 / 100];
        eprintln!("{kind:?}: jump {jump:.5} at the loop point; peak {peak}, 99th percentile step {typical:.5}");
        assert!(jump <= typical, "{kind:?}: jump {jump} at the loop point, 99th percentile step {typical}");
    }
}

#[test]
fn generation_is_deterministic() {
    let all = all();
    for (sound, clip) in &all.effects {
        assert!(effect(*sound) == *clip, "{sound:?} differs between runs");
    }
    for (kind, clip) in &all.loops {
        assert!(looped(*kind) == *clip, "{kind:?} differs between runs");
    }
}

#[test]
fn wav_encoding_has_header_and_all_frames() {
    let clip = effect(Sound::Select);
    let wav = clip.to_wav();
    assert_eq!(&wav[0..4], b"RIFF");
    assert_eq!(&wav[8..16], b"WAVEfmt ");
    assert_eq!(u32::from_le_bytes(wav[24..28].try_into().unwrap()), SAMPLE_RATE);
    assert_eq!(wav.len(), 44 + clip.frames.len() * 4);
}

#[test]
fn generation_time_is_reported() {
    let all = all();
    let total: usize = all.effects.iter().map(|(_, c)| c.frames.len()).sum::<usize>()
        + all.loops.iter().map(|(_, c)| c.frames.len()).sum::<usize>();
    eprintln!(
        "all sounds: {:.0} s of audio made in {:.3} s",
        total as f32 / SAMPLE_RATE as f32,
        all.took.as_secs_f32()
    );
}
