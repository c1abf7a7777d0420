//! The one-shot sounds: each a short recipe of knocks, sweeps, rings and plucks, tuned to
//! the brass, wood and stone of a desert pub, and to maqam Hijaz where they have a pitch.

use super::dsp::{
    Noise, PluckNote, SR, Svf, SvfCoefs, TAU, exp_lerp, frames, hump, noise_burst, note_freq, partials, pluck_note,
    thud,
};
use super::mix::{Frame, Track, fade_out, normalize, pan_gains};
use super::room::add_room;
use super::{Sound, crowd};

/// Peak level of every effect: loud enough to read over the loops, with headroom.
const PEAK: f32 = 0.8;

/// D4, the tonic of the Hijaz phrases.
const D4: f32 = 293.66;

/// Makes `sound`'s frames, normalised and faded to silence at the end.
pub(crate) fn render(sound: Sound) -> Vec<Frame> {
    let (track, fade) = match sound {
        Sound::PieceOnStone => (piece_on_stone(), 0.015),
        Sound::Capture => (capture(), 0.04),
        Sound::Retaliation => (retaliation(), 0.05),
        Sound::DjinnStrike => (djinn_strike(), 0.06),
        Sound::Succession => (succession(), 0.3),
        Sound::Win => (phrase(&WIN), 0.3),
        Sound::Loss => (phrase(&LOSS), 0.3),
        Sound::Refused => (refused(), 0.02),
        Sound::Select => (select(), 0.01),
        Sound::CrowdCheer => (crowd::cheer(), 0.1),
        Sound::CrowdGroan => (crowd::groan(), 0.1),
    };
    let mut frames = track.frames;
    fade_out(&mut frames, fade);
    normalize(&mut frames, PEAK);
    frames
}

/// A knock of wood or brass on a surface: a band of noise for the contact, a falling sine
/// for the body. `centre` sets the material's brightness, `low` the body's pitch.
fn knock(len: usize, seed: u64, centre: f32, low: f32, tau: f32) -> Vec<f32> {
    let click = noise_burst(len, seed, centre, 3.0, 0.0005, tau * 0.35);
    let body = thud(len, low * 1.5, low, 0.015, 0.001, tau);
    click.iter().zip(&body).map(|(c, b)| 0.7 * c + b).collect()
}

/// Noise through two equal band-passes in a row: a narrower, smoother band than one, so a
/// sweep sounds like moving air rather than hiss.
fn band2(filters: &mut [Svf; 2], x: f32, c: SvfCoefs) -> f32 {
    let [a, b] = filters;
    b.process(a.process(x, c).band, c).band
}

/// A piece set on polished stone (110 ms): a resonant click, a brass glint, a short low
/// thud, and the faint second contact of a piece settling.
fn piece_on_stone() -> Track {
    let mut t = Track::new(0.11);
    let n = frames(0.11);
    let click = noise_burst(n, 11, 2300.0, 5.0, 0.0004, 0.005);
    let glint = noise_burst(n, 12, 4700.0, 12.0, 0.0004, 0.014);
    let body = thud(n, 200.0, 125.0, 0.02, 0.001, 0.022);
    t.add(0.0, &click, 1.0, -0.05);
    t.add(0.0, &glint, 0.35, 0.05);
    t.add(0.0, &body, 0.9, 0.0);
    t.add(0.017, &click, 0.25, 0.0);
    t
}

/// A capture (380 ms): two heavy knocks, the second lower, and a low thud as the taken
/// piece is swept off the board.
fn capture() -> Track {
    let mut t = Track::new(0.38);
    let n = frames(0.3);
    t.add(0.0, &knock(n, 21, 1300.0, 170.0, 0.035), 0.8, -0.15);
    t.add(0.085, &knock(n, 22, 1000.0, 140.0, 0.045), 1.0, 0.15);
    t.add(0.085, &thud(n, 95.0, 55.0, 0.05, 0.003, 0.09), 1.0, 0.0);
    t.add(0.085, &noise_burst(n, 23, 220.0, 0.8, 0.002, 0.03), 0.5, 0.0);
    t
}

/// A retaliation (480 ms): a blade's swish sweeping up and across, then a sharp strike
/// with a brief metal ring.
fn retaliation() -> Track {
    let mut t = Track::new(0.48);
    let swish_secs = 0.22;
    let mut noise = Noise::new(31);
    let mut filters = [Svf::default(); 2];
    let swish: Vec<Frame> = (0..frames(swish_secs))
        .map(|i| {
            let x = i as f32 / SR / swish_secs;
            let c = SvfCoefs::at(exp_lerp(500.0, 4500.0, x), 1.5);
            let s = band2(&mut filters, noise.white(), c) * hump(x) * x.sqrt();
            let (l, r) = pan_gains(-0.7 + 1.2 * x);
            [s * l, s * r]
        })
        .collect();
    t.add_stereo(0.0, &swish, 2.0);
    let n = frames(0.26);
    let at = 0.2;
    t.add(at, &noise_burst(n, 32, 3200.0, 1.5, 0.0004, 0.007), 0.9, 0.3);
    let ring = [(1.0, 1.0, 0.07), (2.32, 0.6, 0.05), (3.7, 0.4, 0.03), (5.1, 0.25, 0.02)];
    t.add(at, &partials(n, 1180.0, &ring, 1.5, 0.0005), 0.35, 0.35);
    t.add(at, &thud(n, 150.0, 90.0, 0.02, 0.001, 0.04), 0.7, 0.2);
    t
}

/// The Djinn (680 ms): a whoosh whose band and a shimmer of partials both rise, circling
/// the listener, with a bright accent for each of its two captures.
fn djinn_strike() -> Track {
    let secs = 0.68;
    let mut t = Track::new(secs);
    let mut noise = Noise::new(41);
    let mut filters = [Svf::default(); 2];
    let ratios = [(1.0, 1.0), (1.5, 0.6), (2.01, 0.45), (2.99, 0.3), (4.02, 0.2)];
    let mut phases = [0.0f32; 5];
    let whoosh: Vec<Frame> = (0..frames(secs))
        .map(|i| {
            let time = i as f32 / SR;
            let x = time / 0.62;
            let c = SvfCoefs::at(exp_lerp(300.0, 2800.0, x), 2.5);
            let w = band2(&mut filters, noise.white(), c) * hump(x);
            let base = exp_lerp(520.0, 1560.0, time / 0.6);
            let trem = 0.6 + 0.4 * (TAU * 17.0 * time).sin();
            let env = hump(time / 0.66) * trem;
            let (mut l, mut r) = (0.0, 0.0);
            for (k, (&(ratio, amp), phase)) in ratios.iter().zip(phases.iter_mut()).enumerate() {
                *phase = (*phase + TAU * base * ratio / SR) % TAU;
                let s = amp * phase.sin() * env;
                if k % 2 == 0 { l += s } else { r += s }
            }
            let swirl = 0.5 * (TAU * 2.5 * time).sin();
            let (gl, gr) = pan_gains(swirl);
            [w * gl * 2.2 + 0.12 * l, w * gr * 2.2 + 0.12 * r]
        })
        .collect();
    t.add_stereo(0.0, &whoosh, 1.0);
    let n = frames(0.22);
    let ting = [(1.0, 1.0, 0.12), (2.76, 0.5, 0.06), (5.4, 0.3, 0.03)];
    for (k, (at, base, gain, pan)) in [(0.22, 1760.0, 0.45, -0.3), (0.44, 2350.0, 0.6, 0.3)].into_iter().enumerate() {
        t.add(at, &partials(n, base, &ting, 2.0, 0.0005), gain * 0.5, pan);
        t.add(at, &knock(n, 42 + k as u64, 2000.0, 160.0, 0.03), gain, pan);
    }
    t
}

/// The succession (2.3 s): a small bell on D5 whose inharmonic partials (hum, prime, minor
/// third, fifth…) die away at their own pace, beating slightly differently left and right.
fn succession() -> Track {
    let secs = 2.3;
    let mut t = Track::new(secs);
    let n = frames(secs);
    let bell = [
        (0.5, 0.45, 0.75),
        (1.0, 1.0, 0.6),
        (1.183, 0.5, 0.45),
        (1.506, 0.45, 0.38),
        (2.0, 0.35, 0.3),
        (2.514, 0.3, 0.22),
        (2.662, 0.25, 0.2),
        (3.011, 0.2, 0.15),
        (4.166, 0.15, 0.1),
        (5.433, 0.1, 0.06),
    ];
    let base = note_freq(D4, 12.0);
    t.add(0.0, &partials(n, base, &bell, 0.8, 0.001), 1.0, -1.0);
    t.add(0.0, &partials(n, base, &bell, -0.6, 0.001), 1.0, 1.0);
    t.add(0.0, &noise_burst(frames(0.05), 51, 3000.0, 1.0, 0.0003, 0.003), 0.3, 0.0);
    add_room(&mut t.frames, 0.5, false);
    t
}

/// A short phrase on the plucked string: `(start seconds, semitones from D4, velocity)`.
struct Phrase {
    notes: &'static [(f32, f32, f32)],
    secs: f32,
    /// Tone of the string, 0 dark to 1 bright.
    brightness: f32,
    /// How long the strings ring (seconds to -60 dB).
    t60: f32,
    seed: u64,
}

/// The win: up through Hijaz (D E♭ F♯ G A) to a ringing D–A–D strum.
const WIN: Phrase = Phrase {
    notes: &[
        (0.0, 0.0, 0.8),
        (0.12, 1.0, 0.7),
        (0.24, 4.0, 0.8),
        (0.36, 5.0, 0.8),
        (0.48, 7.0, 0.9),
        (0.68, 0.0, 0.8),
        (0.695, 7.0, 0.8),
        (0.71, 12.0, 1.0),
    ],
    secs: 2.0,
    brightness: 0.75,
    t60: 1.6,
    seed: 61,
};

/// The loss: down from A through G, F♯ and the mournful E♭ to a low, soft D.
const LOSS: Phrase = Phrase {
    notes: &[
        (0.0, 7.0, 0.6),
        (0.25, 5.0, 0.55),
        (0.5, 4.0, 0.55),
        (0.78, 1.0, 0.6),
        (1.1, 0.0, 0.55),
        (1.11, -12.0, 0.5),
    ],
    secs: 2.0,
    brightness: 0.35,
    t60: 1.2,
    seed: 71,
};

/// Plays a [`Phrase`]: each note rings to the end of the clip, spread a little in stereo as
/// if across the oud's strings, in a touch of room.
fn phrase(p: &Phrase) -> Track {
    let mut t = Track::new(p.secs);
    for (k, &(at, semis, velocity)) in p.notes.iter().enumerate() {
        let note = PluckNote {
            t60: p.t60,
            brightness: p.brightness,
            ..PluckNote::new(note_freq(D4, semis), p.secs - at, velocity)
        };
        let pan = (semis / 12.0 - 0.3) * 0.5;
        t.add(at, &pluck_note(note, p.seed + k as u64), 1.0, pan);
    }
    add_room(&mut t.frames, 0.35, false);
    t
}

/// A refused move (140 ms): a soft, low wooden tock, dull rather than alarming.
fn refused() -> Track {
    let mut t = Track::new(0.14);
    let n = frames(0.14);
    t.add(0.0, &thud(n, 215.0, 165.0, 0.02, 0.002, 0.025), 1.0, 0.0);
    t.add(0.0, &thud(n, 430.0, 330.0, 0.02, 0.002, 0.012), 0.25, 0.0);
    t.add(0.0, &noise_burst(n, 81, 600.0, 2.0, 0.002, 0.004), 0.15, 0.0);
    t
}

/// A selection (45 ms): a tiny high tick, like a fingernail on a brass piece.
fn select() -> Track {
    let mut t = Track::new(0.045);
    let n = frames(0.045);
    t.add(0.0, &partials(n, 3100.0, &[(1.0, 1.0, 0.006), (2.7, 0.3, 0.003)], 0.0, 0.0003), 1.0, 0.0);
    t.add(0.0, &noise_burst(n, 91, 6000.0, 2.0, 0.0002, 0.0015), 0.5, 0.0);
    t
}
