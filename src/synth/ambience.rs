//! The ambience loop of a place (24 s): the murmur of its crowd (several voices, panned, made
//! of a buzz and breath through moving vowel formants, talking in syllables and phrases), a
//! room's low rumble, tea glasses and cups clinking now and then, the smoky pub's ceiling fan
//! that stirs the air and creaks once per turn, and what the place adds of its own
//! (`places.rs`). The ends are crossfaded so the loop has no seam.

use rand::{RngExt, rngs::SmallRng};

use super::dsp::{Brown, Noise, OnePole, Pink, SR, Svf, SvfCoefs, frames, hump, noise_burst, partials, rng};
use super::mix::{Frame, Track, crossfade_loop, normalize, pan_gains};
use super::places::{self, Soundscape};
use crate::campaign::VenueKind;

/// Length of the loop.
const LOOP_SECS: f32 = 24.0;
/// Extra sound made past the end and crossfaded into the start.
const OVERRUN_SECS: f32 = 1.5;
/// One turn of the ceiling fan; a whole number of turns fits the loop.
const FAN_TURN_SECS: f32 = 3.0;
/// The murmur is made at a quarter of the sample rate: voices heard across a room have
/// little above 3 kHz, and a quarter of the samples keeps generation fast.
const DOWN: usize = 4;
/// Peak of the loop: well under the effects.
const PEAK: f32 = 0.5;

/// Makes the loop of `place`: a seamless bed (murmur, rumble, fan air, the place's water, wind
/// or fountain) plus events that wrap round.
pub(crate) fn render(place: VenueKind) -> Vec<Frame> {
    let scape = Soundscape::of(place);
    let len = frames(LOOP_SECS);
    let n = len + frames(OVERRUN_SECS);
    // The bed is all below 3 kHz: made at the quarter rate, then brought up once.
    let m = n / DOWN + 2;
    let mut low = vec![[0.0f32; 2]; m];
    add_scaled(&mut low, &murmur(m, scape.talkers, scape.voices), 0.12 * scape.murmur);
    if scape.indoors {
        add_scaled(&mut low, &room_tone(m), 0.035);
    }
    if scape.fan {
        add_scaled(&mut low, &fan_air(m), 0.012);
    }
    for (bed, level) in places::beds(&scape, m, LOW_SR) {
        add_scaled(&mut low, &bed, level);
    }
    let mut track = Track::looping(crossfade_loop(upsample(&low, n), len));
    if scape.clinks {
        clinks(&mut track, scape.indoors);
    }
    if scape.fan {
        creaks(&mut track);
    }
    places::events(&scape, &mut track, LOOP_SECS);
    normalize(&mut track.frames, PEAK);
    track.frames
}

/// The quarter-rate bed brought up to the full rate (`n` frames): straight lines between
/// samples, then smoothed to take off the corners.
fn upsample(low: &[Frame], n: usize) -> Vec<Frame> {
    let (mut ul, mut ur) = (OnePole::new(3000.0, SR), OnePole::new(3000.0, SR));
    (0..n)
        .map(|i| {
            let (j, x) = (i / DOWN, (i % DOWN) as f32 / DOWN as f32);
            let (a, b) = (low[j], low[j + 1]);
            [ul.low(a[0] + x * (b[0] - a[0])), ur.low(a[1] + x * (b[1] - a[1]))]
        })
        .collect()
}

/// Adds `layer` to `bed` scaled to an RMS level of `rms`: each layer's loudness is set
/// here, whatever its recipe gives.
fn add_scaled(bed: &mut [Frame], layer: &[Frame], rms: f32) {
    let power = layer.iter().map(|f| f[0] * f[0] + f[1] * f[1]).sum::<f32>() / (2 * layer.len().max(1)) as f32;
    let g = if power > 0.0 { rms / power.sqrt() } else { 0.0 };
    for (b, l) in bed.iter_mut().zip(layer) {
        b[0] += g * l[0];
        b[1] += g * l[1];
    }
}

/// The quarter rate the bed is made at.
const LOW_SR: f32 = SR / DOWN as f32;

/// The room's low rumble: independent brown noise left and right, kept to a broad band
/// around 120 Hz (no rumble below hearing to waste the headroom; `n` frames at the quarter
/// rate).
fn room_tone(n: usize) -> Vec<Frame> {
    let (mut bl, mut br) = (Brown::new(501), Brown::new(502));
    let (mut fl, mut fr) = (Svf::default(), Svf::default());
    let c = SvfCoefs::new(120.0, 0.6, LOW_SR);
    (0..n).map(|_| [fl.process(bl.next(), c).band, fr.process(br.next(), c).band]).collect()
}

/// The fan's air: soft low noise swelling as each of its four blades passes (`n` frames at
/// the quarter rate). A whole number of swells fits the loop, so they carry over the seam
/// in step.
fn fan_air(n: usize) -> Vec<Frame> {
    let mut pink = Pink::new(511);
    let mut filter = Svf::default();
    let c = SvfCoefs::new(350.0, 0.7, LOW_SR);
    let blade = std::f32::consts::PI * 4.0 / FAN_TURN_SECS / LOW_SR;
    (0..n)
        .map(|i| {
            let swell = 0.55 + 0.45 * (blade * i as f32).sin().abs();
            let s = filter.process(pink.next(), c).band * swell;
            [s * 0.8, s]
        })
        .collect()
}

/// Vowel formants (F1, F2 in Hz) of a, e, i, o, u: what makes noise sound like speech.
const VOWELS: [(f32, f32); 5] = [(700.0, 1220.0), (530.0, 1840.0), (300.0, 2200.0), (570.0, 840.0), (320.0, 900.0)];

/// One talker: where they sit, how they sound, and where they are in their speech.
struct Voice {
    r: SmallRng,
    pan: f32,
    f0: f32,
    /// Samples left in the current syllable or pause.
    left: usize,
    /// Samples left in the current phrase (0: pausing).
    phrase: usize,
    syllable: usize,
    amp: f32,
    pitch: f32,
    formants: (f32, f32),
}

impl Voice {
    /// Moves on to the next syllable, phrase or pause, at the murmur's rate `sr`.
    fn advance(&mut self, sr: f32) {
        if self.phrase == 0 {
            if self.amp > 0.0 {
                // The phrase is over: pause for breath or to listen.
                self.amp = 0.0;
                self.left = (self.r.random_range(0.3..2.0) * sr) as usize;
                self.syllable = self.left;
                return;
            }
            self.phrase = (self.r.random_range(1.2..3.8) * sr) as usize;
            self.pitch = self.r.random_range(1.05..1.2);
        }
        self.syllable = (self.r.random_range(0.1..0.28) * sr) as usize;
        self.left = self.syllable;
        self.phrase = self.phrase.saturating_sub(self.syllable);
        self.amp = self.r.random_range(0.35..1.0);
        // Intonation falls through a phrase (the next syllable's target), with a lift or dip
        // per syllable.
        self.pitch = (self.pitch * self.r.random_range(0.9..1.06)).clamp(0.75, 1.3);
        self.formants = VOWELS[self.r.random_range(0..VOWELS.len())];
    }
}

/// The crowd: `talkers` voices around the room, who they are fixed by `seed`, darkened by
/// distance (`n` frames at the quarter rate).
fn murmur(n: usize, talkers: usize, seed: u64) -> Vec<Frame> {
    let sr = LOW_SR;
    let mut low = vec![[0.0f32; 2]; n];
    let mut r = rng(seed);
    for v in 0..talkers {
        let mut voice = Voice {
            r: rng(seed * 31 + v as u64),
            pan: -0.85 + 1.7 * v as f32 / (talkers.max(2) - 1) as f32 + r.random_range(-0.1..0.1),
            f0: if v % 2 == 0 { r.random_range(95.0..135.0) } else { r.random_range(175.0..230.0) },
            left: 0,
            phrase: 0,
            syllable: 1,
            amp: 0.0,
            pitch: 1.0,
            formants: VOWELS[0],
        };
        let gain = r.random_range(0.5..1.0);
        let (gl, gr) = pan_gains(voice.pan);
        // Start somewhere in a pause, so the voices do not all begin together.
        voice.left = (r.random_range(0.0..2.5) * sr) as usize;
        voice.syllable = voice.left.max(1);
        let mut breath = Noise::new(620 + v as u64);
        let mut buzz_phase = 0.0f32;
        let mut soften = OnePole::new(700.0, sr);
        let (mut f1, mut f2) = voice.formants;
        let mut pitch = 1.0f32;
        let (mut c1, mut c2) = (SvfCoefs::new(f1, 5.0, sr), SvfCoefs::new(f2, 7.0, sr));
        let (mut s1, mut s2) = (Svf::default(), Svf::default());
        let glide = 1.0 - (-1.0 / (0.04 * sr)).exp();
        let mut env = 0.0f32;
        let env_rate = 1.0 - (-1.0 / (0.03 * sr)).exp();
        for (i, out) in low.iter_mut().enumerate() {
            if voice.left == 0 {
                voice.advance(sr);
            }
            voice.left -= 1;
            // Each syllable dips at its end, where the consonants would be.
            let through = 1.0 - voice.left as f32 / voice.syllable.max(1) as f32;
            let target = if through < 0.75 { voice.amp } else { 0.15 * voice.amp };
            env += env_rate * (target - env);
            if i % 8 == 0 {
                f1 += 8.0 * glide * (voice.formants.0 - f1);
                f2 += 8.0 * glide * (voice.formants.1 - f2);
                pitch += 8.0 * glide * (voice.pitch - pitch);
                c1 = SvfCoefs::new(f1, 5.0, sr);
                c2 = SvfCoefs::new(f2, 7.0, sr);
            }
            buzz_phase += voice.f0 * pitch / sr;
            if buzz_phase >= 1.0 {
                buzz_phase -= 1.0;
            }
            let excite = soften.low(2.0 * buzz_phase - 1.0) + 0.25 * breath.white();
            let s = (s1.process(excite, c1).band + 0.6 * s2.process(excite, c2).band) * env * gain;
            out[0] += s * gl;
            out[1] += s * gr;
        }
    }
    // Distance: the room swallows the highs.
    let (mut dl, mut dr) = (Svf::default(), Svf::default());
    let dc = SvfCoefs::new(2000.0, 0.7, sr);
    for f in low.iter_mut() {
        *f = [dl.process(f[0], dc).low, dr.process(f[1], dc).low];
    }
    low
}

/// Adds an event heard across the room: the sound itself, then its first few reflections
/// off the walls (later, softer, from the other side). The bed needs no reverb of its own,
/// so these few echoes place the events in the room at a fraction of a reverb's cost.
fn add_with_echoes(track: &mut Track, at: f32, sound: &[f32], gain: f32, pan: f32) {
    track.add(at, sound, gain, pan);
    for (delay, g, side) in [(0.019, 0.35, -0.6), (0.034, 0.25, 0.4), (0.057, 0.16, -0.3), (0.083, 0.1, 0.5)] {
        track.add(at + delay, sound, gain * g, (pan * side).clamp(-1.0, 1.0));
    }
}

/// A vessel's ringing partials `(ratio, amplitude, tau)` and the range of its base pitch in Hz.
type Vessel = (&'static [(f32, f32, f32)], f32, f32);

/// The pub's vessels: a thin tea glass, a ceramic cup, a brass cup.
const VESSELS: [Vessel; 3] = [
    (&[(1.0, 1.0, 0.18), (2.32, 0.45, 0.1), (4.1, 0.25, 0.05)], 2600.0, 3400.0),
    (&[(1.0, 1.0, 0.07), (1.73, 0.6, 0.05), (2.9, 0.4, 0.03), (4.4, 0.2, 0.02)], 1500.0, 2100.0),
    (&[(1.0, 1.0, 0.25), (2.76, 0.5, 0.15), (5.4, 0.25, 0.07)], 900.0, 1300.0),
];

/// Cups and glasses set down or touched together now and then, around the room (echoing
/// `indoors`). All within the loop, none across its seam.
fn clinks(track: &mut Track, indoors: bool) {
    let mut r = rng(701);
    let n = frames(0.5);
    let mut at = r.random_range(0.3..1.5);
    let mut k = 0u64;
    while at < LOOP_SECS - 1.0 {
        let (parts, lo, hi) = VESSELS[r.random_range(0..VESSELS.len())];
        let pan = r.random_range(-0.9..0.9);
        let gain = r.random_range(0.08..0.2);
        let hits = if r.random::<f32>() < 0.5 { 2 } else { 1 };
        let mut t = at;
        for h in 0..hits {
            let base = r.random_range(lo..hi);
            let g = if h == 0 { gain } else { gain * 0.6 };
            let mut clink = partials(n, base, parts, 1.2, 0.0003);
            let click = noise_burst(frames(0.02), 710 + k, 4000.0, 1.0, 0.0002, 0.002);
            clink.iter_mut().zip(&click).for_each(|(s, c)| *s += 0.4 * c);
            if indoors {
                add_with_echoes(track, t, &clink, g, pan);
            } else {
                track.add(t, &clink, g, pan);
            }
            t += r.random_range(0.05..0.11);
            k += 1;
        }
        at += r.random_range(1.2..4.5);
    }
}

/// The ceiling fan's creak, once per turn: stick-slip pulses whose rate swells and falls,
/// ringing the wooden mount's resonances.
fn creaks(track: &mut Track) {
    let mut r = rng(801);
    let secs = 0.45;
    let turns = (LOOP_SECS / FAN_TURN_SECS) as usize;
    for turn in 0..turns {
        let mut noise = Noise::new(810 + turn as u64);
        let shift = r.random_range(0.97..1.03);
        // The mount's three resonances (650, 1380 and 2900 Hz), a little different each turn.
        let (c1, c2, c3) =
            (SvfCoefs::at(650.0 * shift, 14.0), SvfCoefs::at(1380.0 * shift, 10.0), SvfCoefs::at(2900.0 * shift, 8.0));
        let (mut m1, mut m2, mut m3) = (Svf::default(), Svf::default(), Svf::default());
        let mut phase = 0.0f32;
        let creak: Vec<f32> = (0..frames(secs))
            .map(|i| {
                let x = i as f32 / SR / secs;
                let swell = hump(x);
                phase += (30.0 + 40.0 * swell) / SR;
                let pulse = if phase >= 1.0 {
                    phase -= 1.0;
                    0.7 + 0.3 * noise.white()
                } else {
                    0.0
                };
                let rung =
                    m1.process(pulse, c1).band + 0.6 * m2.process(pulse, c2).band + 0.25 * m3.process(pulse, c3).band;
                rung * swell
            })
            .collect();
        let peak = creak.iter().fold(1e-9f32, |m, x| m.max(x.abs()));
        add_with_echoes(track, 1.1 + turn as f32 * FAN_TURN_SECS, &creak, 0.25 / peak, 0.35);
    }
}
