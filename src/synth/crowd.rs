//! The crowd's voices when a piece is taken: a cheer from those whose money is on the taker
//! (a bright "ah!" rising, with a few claps) and a groan from the others (a dark "oh" falling).
//! Each is a dozen voices, every one a buzz through two vowel formants, starting a little
//! apart and placed round the room.

use rand::RngExt;

use super::dsp::{Noise, OnePole, SR, Svf, SvfCoefs, exp_lerp, frames, noise_burst, rng};
use super::mix::Track;

/// How one voice of the crowd calls out.
struct Call {
    /// The vowel's two formants (Hz).
    vowel: (f32, f32),
    /// The pitch at the start and at the end, as a share of the voice's own.
    from: f32,
    to: f32,
    /// Rise, hold and fall of the voice's loudness (seconds).
    attack: f32,
    hold: f32,
    release: f32,
}

/// One voice calling out (`f0` its pitch), as mono samples.
fn call(c: &Call, f0: f32, seed: u64) -> Vec<f32> {
    let secs = c.attack + c.hold + c.release;
    let n = frames(secs);
    let mut breath = Noise::new(seed);
    let mut soften = OnePole::new(900.0, SR);
    let (c1, c2) = (SvfCoefs::new(c.vowel.0, 5.0, SR), SvfCoefs::new(c.vowel.1, 7.0, SR));
    let (mut s1, mut s2) = (Svf::default(), Svf::default());
    let mut phase = 0.0f32;
    (0..n)
        .map(|i| {
            let t = i as f32 / SR;
            let env = if t < c.attack {
                t / c.attack
            } else if t < c.attack + c.hold {
                1.0
            } else {
                (1.0 - (t - c.attack - c.hold) / c.release).max(0.0)
            };
            phase += f0 * exp_lerp(c.from, c.to, t / secs) / SR;
            if phase >= 1.0 {
                phase -= 1.0;
            }
            let excite = soften.low(2.0 * phase - 1.0) + 0.3 * breath.white();
            (s1.process(excite, c1).band + 0.6 * s2.process(excite, c2).band) * env * env
        })
        .collect()
}

/// A dozen voices making `call`, each at its own pitch, place and moment (within `spread`
/// seconds of the first), into a track `secs` long.
fn crowd(call_of: &Call, secs: f32, spread: f32, seed: u64) -> Track {
    let mut track = Track::new(secs);
    let mut r = rng(seed);
    for v in 0..12u64 {
        let f0 = if v % 2 == 0 { r.random_range(100.0..140.0) } else { r.random_range(180.0..240.0) };
        let voice = call(call_of, f0, seed * 100 + v);
        track.add(r.random_range(0.0..spread), &voice, r.random_range(0.5..1.0), r.random_range(-0.9..0.9));
    }
    track
}

/// Backers cheering their side's capture (about 1.2 s): "ah!" rising, and claps.
pub(crate) fn cheer() -> Track {
    let ah = Call { vowel: (750.0, 1250.0), from: 1.0, to: 1.3, attack: 0.06, hold: 0.35, release: 0.45 };
    let mut track = crowd(&ah, 1.2, 0.15, 71);
    let mut r = rng(72);
    for k in 0..9u64 {
        let clap = noise_burst(frames(0.05), 730 + k, 1500.0, 1.2, 0.0005, 0.012);
        track.add(0.12 + r.random_range(0.0..0.6), &clap, r.random_range(0.3..0.6), r.random_range(-0.8..0.8));
    }
    track
}

/// Backers groaning at their side's loss (about 1.3 s): a dark "oh" falling away.
pub(crate) fn groan() -> Track {
    let oh = Call { vowel: (520.0, 850.0), from: 1.05, to: 0.75, attack: 0.15, hold: 0.3, release: 0.6 };
    crowd(&oh, 1.3, 0.2, 81)
}
