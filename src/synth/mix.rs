//! Putting sounds together: a stereo track that mono sounds are panned into (cut at the end
//! for effects, wrapping round to the start for loops), the crossfade that closes a loop,
//! fades, and peak normalisation.

use super::dsp::{SR, frames};

/// One stereo frame, `[left, right]`.
pub(crate) type Frame = [f32; 2];

/// Equal-power gains for `pan` from -1 (left) to 1 (right), so a sound keeps its loudness
/// wherever it sits.
pub(crate) fn pan_gains(pan: f32) -> (f32, f32) {
    let a = (pan.clamp(-1.0, 1.0) + 1.0) * std::f32::consts::FRAC_PI_4;
    (a.cos(), a.sin())
}

/// A stereo buffer of fixed length that sounds are added into.
pub(crate) struct Track {
    pub(crate) frames: Vec<Frame>,
    /// Whether sound past the end carries on at the start (a loop) or is cut (an effect).
    wrap: bool,
}

impl Track {
    /// A silent effect track `secs` long; what runs past the end is cut.
    pub(crate) fn new(secs: f32) -> Self {
        Track { frames: vec![[0.0; 2]; frames(secs)], wrap: false }
    }

    /// A loop track: what runs past the end wraps round into the start, so a note ringing
    /// over the loop point rings on when the loop restarts.
    pub(crate) fn looping(frames: Vec<Frame>) -> Self {
        Track { frames, wrap: true }
    }

    /// Adds mono `sound` starting at `at` seconds (may be negative in a loop), scaled by
    /// `gain` and placed at `pan`.
    pub(crate) fn add(&mut self, at: f32, sound: &[f32], gain: f32, pan: f32) {
        let (gl, gr) = pan_gains(pan);
        let (gl, gr) = (gl * gain, gr * gain);
        for (range, offset) in self.spans(at, sound.len()) {
            for (f, s) in self.frames[range].iter_mut().zip(&sound[offset..]) {
                f[0] += s * gl;
                f[1] += s * gr;
            }
        }
    }

    /// Adds stereo `sound` starting at `at` seconds, scaled by `gain`.
    pub(crate) fn add_stereo(&mut self, at: f32, sound: &[Frame], gain: f32) {
        for (range, offset) in self.spans(at, sound.len()) {
            for (f, s) in self.frames[range].iter_mut().zip(&sound[offset..]) {
                f[0] += s[0] * gain;
                f[1] += s[1] * gain;
            }
        }
    }

    /// Where a sound of `len` frames starting at `at` seconds lands: runs of track frames,
    /// each with the offset into the sound where it begins. A loop may need several runs
    /// (wrapping round); an effect needs at most one (what lies outside is cut).
    fn spans(&self, at: f32, len: usize) -> Vec<(std::ops::Range<usize>, usize)> {
        let n = self.frames.len() as i64;
        let start = (at * SR).round() as i64;
        let mut out = Vec::new();
        if n == 0 {
            return out;
        }
        if self.wrap {
            let (mut j, mut offset) = (start.rem_euclid(n) as usize, 0);
            while offset < len {
                let run = (n as usize - j).min(len - offset);
                out.push((j..j + run, offset));
                offset += run;
                j = 0;
            }
        } else {
            let (from, to) = (start.max(0), (start + len as i64).min(n));
            if from < to {
                out.push((from as usize..to as usize, (from - start) as usize));
            }
        }
        out
    }
}

/// The largest absolute sample in `frames`.
pub(crate) fn peak(frames: &[Frame]) -> f32 {
    frames.iter().fold(0.0f32, |m, f| m.max(f[0].abs()).max(f[1].abs()))
}

/// Scales `frames` so their peak is `target`: every effect equally loud, whatever its recipe.
pub(crate) fn normalize(frames: &mut [Frame], target: f32) {
    let p = peak(frames);
    if p > 0.0 {
        let g = target / p;
        for f in frames.iter_mut() {
            f[0] *= g;
            f[1] *= g;
        }
    }
}

/// Fades the last `secs` seconds to silence (a raised cosine), so an effect never ends on a
/// click however its tails were cut.
pub(crate) fn fade_out(track: &mut [Frame], secs: f32) {
    let n = frames(secs).min(track.len());
    let len = track.len();
    for i in 0..n {
        let x = (i + 1) as f32 / n as f32; // reaches exactly zero on the last frame
        let g = 0.5 + 0.5 * (std::f32::consts::PI * x).cos();
        let f = &mut track[len - n + i];
        f[0] *= g;
        f[1] *= g;
    }
}

/// Closes a loop: `frames` holds `len` frames of loop plus an overrun; the overrun is faded
/// out over the first frames while they fade in (equal power, for unrelated noise), so the
/// last frame runs on into the first exactly as it ran on into the overrun.
pub(crate) fn crossfade_loop(mut frames: Vec<Frame>, len: usize) -> Vec<Frame> {
    let fade = frames.len().saturating_sub(len).min(len);
    for i in 0..fade {
        let x = i as f32 / fade as f32 * std::f32::consts::FRAC_PI_2;
        let (g_in, g_out) = (x.sin(), x.cos());
        let over = frames[len + i];
        let f = &mut frames[i];
        f[0] = f[0] * g_in + over[0] * g_out;
        f[1] = f[1] * g_in + over[1] * g_out;
    }
    frames.truncate(len);
    frames
}
