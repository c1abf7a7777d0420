//! Building blocks of the synthesiser: noise, oscillators, envelopes, filters and a
//! Karplus–Strong plucked string. Mono, one sample at a time, cheap enough for debug builds.

use rand::{RngExt, SeedableRng, rngs::SmallRng};

use super::SAMPLE_RATE;

/// The sample rate as a float, for the arithmetic below.
pub(crate) const SR: f32 = SAMPLE_RATE as f32;
/// A full turn in radians.
pub(crate) const TAU: f32 = std::f32::consts::TAU;

/// Number of frames in `secs` seconds at [`SR`].
pub(crate) fn frames(secs: f32) -> usize {
    (secs * SR).round().max(0.0) as usize
}

/// A seeded generator for the musical choices (timings, pans, velocities).
pub(crate) fn rng(seed: u64) -> SmallRng {
    SmallRng::seed_from_u64(seed)
}

/// White noise from a seeded xorshift32: audio-rate noise needs millions of samples, and a
/// few integer operations per sample keep that fast in unoptimised builds. The seed itself
/// comes from `SmallRng`, so every stream is fixed but different.
pub(crate) struct Noise {
    state: u32,
}

impl Noise {
    /// A stream fixed by `seed`.
    pub(crate) fn new(seed: u64) -> Self {
        Noise { state: rng(seed).random::<u32>() | 1 }
    }

    /// One sample, uniform in -1..1.
    pub(crate) fn white(&mut self) -> f32 {
        let mut x = self.state;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.state = x;
        (x >> 8) as f32 * (2.0 / 16_777_216.0) - 1.0
    }
}

/// Pink noise (-3 dB per octave; Paul Kellet's filter), the spectrum of crowds and rooms.
pub(crate) struct Pink {
    noise: Noise,
    b: [f32; 7],
}

impl Pink {
    /// A stream fixed by `seed`.
    pub(crate) fn new(seed: u64) -> Self {
        Pink { noise: Noise::new(seed), b: [0.0; 7] }
    }

    /// One sample, roughly in -1..1.
    pub(crate) fn next(&mut self) -> f32 {
        let w = self.noise.white();
        let b = &mut self.b;
        b[0] = 0.99886 * b[0] + w * 0.055_517_9;
        b[1] = 0.99332 * b[1] + w * 0.075_075_9;
        b[2] = 0.96900 * b[2] + w * 0.153_852;
        b[3] = 0.86650 * b[3] + w * 0.310_485_6;
        b[4] = 0.55000 * b[4] + w * 0.532_952_2;
        b[5] = -0.7616 * b[5] - w * 0.016_898;
        let out = b[0] + b[1] + b[2] + b[3] + b[4] + b[5] + b[6] + w * 0.5362;
        b[6] = w * 0.115_926;
        out * 0.2
    }
}

/// Brown noise (-6 dB per octave): a leaky integral of white noise, the rumble of a room.
pub(crate) struct Brown {
    noise: Noise,
    y: f32,
}

impl Brown {
    /// A stream fixed by `seed`.
    pub(crate) fn new(seed: u64) -> Self {
        Brown { noise: Noise::new(seed), y: 0.0 }
    }

    /// One sample, roughly in -1..1.
    pub(crate) fn next(&mut self) -> f32 {
        self.y = (self.y + 0.04 * self.noise.white()) * 0.996;
        self.y * 2.0
    }
}

/// A sine oscillator whose frequency may change every sample (glides, vibrato).
#[derive(Default)]
pub(crate) struct Osc {
    phase: f32,
}

impl Osc {
    /// The next sample at `freq` Hz.
    pub(crate) fn sine(&mut self, freq: f32) -> f32 {
        let out = self.phase.sin();
        self.phase += TAU * freq / SR;
        if self.phase > TAU {
            self.phase -= TAU;
        }
        out
    }
}

/// Exponential decay with time constant `tau` seconds, at `t` seconds.
pub(crate) fn decay(t: f32, tau: f32) -> f32 {
    (-t / tau).exp()
}

/// A linear rise over `attack` seconds, then an exponential decay with time constant `tau`:
/// the shape of a struck or plucked sound without a click at the start.
pub(crate) fn strike_env(t: f32, attack: f32, tau: f32) -> f32 {
    if t < attack { t / attack } else { decay(t - attack, tau) }
}

/// A smooth hump over 0..1 (zero at both ends, one in the middle): swells and sweeps.
pub(crate) fn hump(x: f32) -> f32 {
    if (0.0..=1.0).contains(&x) { (std::f32::consts::PI * x).sin() } else { 0.0 }
}

/// Exponential interpolation from `a` to `b` (x in 0..1), for pitch and filter sweeps that
/// should sound even across octaves.
pub(crate) fn exp_lerp(a: f32, b: f32, x: f32) -> f32 {
    a * (b / a).powf(x.clamp(0.0, 1.0))
}

/// Coefficients of a [`Svf`] for one cutoff and resonance.
#[derive(Clone, Copy)]
pub(crate) struct SvfCoefs {
    a1: f32,
    a2: f32,
    a3: f32,
    k: f32,
}

impl SvfCoefs {
    /// Cutoff or centre `freq` Hz and resonance `q` at sample rate `sr`.
    pub(crate) fn new(freq: f32, q: f32, sr: f32) -> Self {
        let g = (std::f32::consts::PI * freq.clamp(10.0, 0.45 * sr) / sr).tan();
        let k = 1.0 / q;
        let a1 = 1.0 / (1.0 + g * (g + k));
        let a2 = g * a1;
        SvfCoefs { a1, a2, a3: g * a2, k }
    }

    /// The same at the clip sample rate.
    pub(crate) fn at(freq: f32, q: f32) -> Self {
        Self::new(freq, q, SR)
    }
}

/// What one [`Svf`] step gives: both responses the synthesiser uses, at once.
pub(crate) struct SvfOut {
    pub(crate) low: f32,
    /// Band-pass with unity gain at the centre.
    pub(crate) band: f32,
}

/// A state-variable filter (Simper's trapezoidal form): stable when swept every sample,
/// so it serves for fixed resonances and for whooshes alike.
#[derive(Default, Clone, Copy)]
pub(crate) struct Svf {
    ic1: f32,
    ic2: f32,
}

impl Svf {
    /// Filters one sample with coefficients `c` (which may change from sample to sample).
    pub(crate) fn process(&mut self, x: f32, c: SvfCoefs) -> SvfOut {
        let v3 = x - self.ic2;
        let v1 = c.a1 * self.ic1 + c.a2 * v3;
        let v2 = self.ic2 + c.a2 * self.ic1 + c.a3 * v3;
        self.ic1 = 2.0 * v1 - self.ic1;
        self.ic2 = 2.0 * v2 - self.ic2;
        SvfOut { low: v2, band: c.k * v1 }
    }
}

/// A one-pole low-pass: gentle darkening (distance, warmth) and smoothing of control signals.
pub(crate) struct OnePole {
    a: f32,
    y: f32,
}

impl OnePole {
    /// Cutoff `freq` Hz at sample rate `sr`.
    pub(crate) fn new(freq: f32, sr: f32) -> Self {
        OnePole { a: 1.0 - (-TAU * freq / sr).exp(), y: 0.0 }
    }

    /// Filters one sample.
    pub(crate) fn low(&mut self, x: f32) -> f32 {
        self.y += self.a * (x - self.y);
        self.y
    }
}

/// Band-passed white noise with a strike envelope, scaled to a peak of 1 whatever the band
/// width: the body of every knock, tick and tek.
pub(crate) fn noise_burst(len: usize, seed: u64, centre: f32, q: f32, attack: f32, tau: f32) -> Vec<f32> {
    let mut noise = Noise::new(seed);
    let mut filter = Svf::default();
    let c = SvfCoefs::at(centre, q);
    let mut out: Vec<f32> = (0..len)
        .map(|i| {
            let t = i as f32 / SR;
            filter.process(noise.white(), c).band * strike_env(t, attack, tau)
        })
        .collect();
    let peak = out.iter().fold(1e-9f32, |m, x| m.max(x.abs()));
    out.iter_mut().for_each(|x| *x /= peak);
    out
}

/// A decaying sine whose pitch glides exponentially from `f0` to `f1` with time constant
/// `glide` seconds: thuds and drum heads, which drop in pitch as they settle.
pub(crate) fn thud(len: usize, f0: f32, f1: f32, glide: f32, attack: f32, tau: f32) -> Vec<f32> {
    let mut osc = Osc::default();
    (0..len)
        .map(|i| {
            let t = i as f32 / SR;
            let f = f1 + (f0 - f1) * decay(t, glide);
            osc.sine(f) * strike_env(t, attack, tau)
        })
        .collect()
}

/// Inharmonic partials `(ratio, amplitude, tau)` of `base` Hz, each decaying on its own:
/// bells, cups and metal rings. `detune` Hz adds a slow beat to each partial.
pub(crate) fn partials(len: usize, base: f32, parts: &[(f32, f32, f32)], detune: f32, attack: f32) -> Vec<f32> {
    let mut out = vec![0.0; len];
    for &(ratio, amp, tau) in parts {
        let f = base * ratio;
        if f >= 0.45 * SR {
            continue;
        }
        // Two phasors turned a fixed angle each sample (no sine per sample), and the decay
        // as a running product (no exp per sample).
        let (w1, w2) = (TAU * f / SR, TAU * (f + detune) / SR);
        let (r1, r2) = ((w1.cos(), w1.sin()), (w2.cos(), w2.sin()));
        let (mut p1, mut p2) = ((1.0f32, 0.0f32), (1.0f32, 0.0f32));
        let step = (-1.0 / (tau * SR)).exp();
        let ramp_len = (attack * SR).max(1.0);
        let mut env = 0.5 * amp;
        for (i, s) in out.iter_mut().enumerate() {
            let ramp = (i as f32 / ramp_len).min(1.0);
            *s += env * ramp * (p1.1 + p2.1);
            p1 = (p1.0 * r1.0 - p1.1 * r1.1, p1.0 * r1.1 + p1.1 * r1.0);
            p2 = (p2.0 * r2.0 - p2.1 * r2.1, p2.0 * r2.1 + p2.1 * r2.0);
            env *= step;
            if env < 1e-5 {
                break;
            }
        }
    }
    out
}

/// A plucked string after Karplus and Strong: a delay line one period long, fed back through
/// a two-point average (which darkens each pass, as a real string loses its highs first) and
/// an all-pass that tunes the fractional part of the period.
pub(crate) struct Pluck {
    line: Vec<f32>,
    idx: usize,
    prev: f32,
    ap_c: f32,
    ap_x: f32,
    ap_y: f32,
    gain: f32,
    noise: Noise,
}

impl Pluck {
    /// A silent string at `freq` Hz whose sound dies by 60 dB in `t60` seconds.
    pub(crate) fn new(freq: f32, t60: f32, seed: u64) -> Self {
        let period = SR / freq;
        // Delay line plus half a sample (the average) plus 0.1..1.1 (the all-pass).
        let n = ((period - 0.6).floor() as usize).max(2);
        let d = period - 0.5 - n as f32;
        Pluck {
            line: vec![0.0; n],
            idx: 0,
            prev: 0.0,
            ap_c: (1.0 - d) / (1.0 + d),
            ap_x: 0.0,
            ap_y: 0.0,
            gain: 0.001f32.powf(1.0 / (t60 * freq)),
            noise: Noise::new(seed),
        }
    }

    /// Plucks the string: adds a burst of noise to the line, darkened by `brightness` (0..1)
    /// and combed by the pick `position` (fraction of the string, 0..0.5), which removes the
    /// harmonics that have a node there, as with a real plectrum.
    pub(crate) fn strike(&mut self, velocity: f32, brightness: f32, position: f32) {
        let n = self.line.len();
        let mut lp = OnePole::new(300.0 + 9000.0 * brightness * brightness, SR);
        let burst: Vec<f32> = (0..n).map(|_| lp.low(self.noise.white())).collect();
        let shift = ((position * n as f32) as usize).clamp(1, n - 1);
        let combed: Vec<f32> = (0..n).map(|i| burst[i] - burst[(i + n - shift) % n]).collect();
        let mean = combed.iter().sum::<f32>() / n as f32;
        let peak = combed.iter().fold(1e-6f32, |m, x| m.max((x - mean).abs()));
        for (i, x) in combed.iter().enumerate() {
            let j = (self.idx + i) % n;
            self.line[j] += velocity * (x - mean) / peak;
        }
    }

    /// The next output sample.
    pub(crate) fn next(&mut self) -> f32 {
        let out = self.line[self.idx];
        let avg = 0.5 * (out + self.prev);
        self.prev = out;
        let ap = self.ap_c * avg + self.ap_x - self.ap_c * self.ap_y;
        self.ap_x = avg;
        self.ap_y = ap;
        self.line[self.idx] = self.gain * ap;
        self.idx += 1;
        if self.idx == self.line.len() {
            self.idx = 0;
        }
        out
    }
}

/// How a plucked note is played: strength, tone and the timing of its strokes.
#[derive(Clone, Copy)]
pub(crate) struct PluckNote {
    pub(crate) freq: f32,
    /// Sounding length in seconds, release included.
    pub(crate) secs: f32,
    /// Time for the string to die away by 60 dB.
    pub(crate) t60: f32,
    pub(crate) velocity: f32,
    /// 0 (dark, thumb) to 1 (bright, plectrum).
    pub(crate) brightness: f32,
    /// Extra strokes at this interval in seconds (the oud's tremolo), 0 for a single pluck.
    pub(crate) tremolo: f32,
    /// How many extra strokes the tremolo makes.
    pub(crate) strokes: u32,
}

impl PluckNote {
    /// A single pluck of `freq` Hz lasting `secs`, with a medium tone and a 1.5 s ring.
    pub(crate) fn new(freq: f32, secs: f32, velocity: f32) -> Self {
        PluckNote { freq, secs, t60: 1.5, velocity, brightness: 0.6, tremolo: 0.0, strokes: 0 }
    }
}

/// Renders one plucked note as oud-like mono samples: a short attack ramp (no click), the
/// string, a little body resonance for warmth, and a release that damps it to silence.
pub(crate) fn pluck_note(note: PluckNote, seed: u64) -> Vec<f32> {
    let len = frames(note.secs);
    let mut string = Pluck::new(note.freq, note.t60, seed);
    string.strike(note.velocity, note.brightness, 0.13);
    let mut body = Svf::default();
    let body_c = SvfCoefs::at(240.0, 1.2);
    let mut warm = OnePole::new(3500.0, SR);
    let attack = frames(0.0015) as f32;
    let release = frames(0.08).min(len / 2).max(1);
    let stroke = if note.tremolo > 0.0 { frames(note.tremolo) } else { usize::MAX };
    let mut next_stroke = stroke;
    let mut strokes = 0;
    let mut out = Vec::with_capacity(len);
    for i in 0..len {
        // Tremolo strokes alternate down and up, softer, until the release begins.
        if i == next_stroke && strokes < note.strokes && i + release < len {
            let v = note.velocity * if strokes % 2 == 0 { 0.4 } else { 0.55 };
            string.strike(v, note.brightness * 0.8, 0.13);
            strokes += 1;
            next_stroke += stroke;
        }
        let s = string.next();
        let s = warm.low(s + 0.6 * body.process(s, body_c).band);
        let a = (i as f32 / attack).min(1.0);
        let r = if i + release > len { (len - i) as f32 / release as f32 } else { 1.0 };
        out.push(s * a * r * r);
    }
    out
}

/// Frequency of the note `semitones` above (or below) `base` Hz in equal temperament.
pub(crate) fn note_freq(base: f32, semitones: f32) -> f32 {
    base * 2f32.powf(semitones / 12.0)
}
