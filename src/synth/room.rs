//! A small room reverb (Schroeder/Freeverb style: damped combs, then all-passes per side),
//! so the music and the longer effects sound as if played inside the pub, not in a void.
//!
//! It runs at half the sample rate: a room's tail is dark anyway, and half the samples keep
//! the loops quick to make even in unoptimised builds.

use super::dsp::frames;
use super::mix::Frame;

/// A feedback comb with a low-pass in the loop: each echo comes back darker, like sound off
/// plaster and wood.
struct Comb {
    buf: Vec<f32>,
    idx: usize,
    store: f32,
}

impl Comb {
    fn new(len: usize) -> Self {
        Comb { buf: vec![0.0; len], idx: 0, store: 0.0 }
    }

    #[inline(always)]
    fn process(&mut self, x: f32) -> f32 {
        let out = self.buf[self.idx];
        self.store = out * (1.0 - DAMP) + self.store * DAMP;
        self.buf[self.idx] = x + self.store * FEEDBACK;
        self.idx += 1;
        if self.idx == self.buf.len() {
            self.idx = 0;
        }
        out
    }
}

/// An all-pass that smears the echoes into a diffuse tail without colouring it.
struct AllPass {
    buf: Vec<f32>,
    idx: usize,
}

impl AllPass {
    fn new(len: usize) -> Self {
        AllPass { buf: vec![0.0; len], idx: 0 }
    }

    #[inline(always)]
    fn process(&mut self, x: f32) -> f32 {
        let b = self.buf[self.idx];
        self.buf[self.idx] = x + b * 0.5;
        self.idx += 1;
        if self.idx == self.buf.len() {
            self.idx = 0;
        }
        b - x
    }
}

/// Echo feedback (the tail dies away in about 0.6 s: a small, furnished room).
const FEEDBACK: f32 = 0.74;
/// Darkening per echo, at the half rate.
const DAMP: f32 = 0.3;
/// Input level into the combs: with `wet` 1.0 the tail is roughly half as loud (RMS) as a
/// sustained dry sound.
const INPUT: f32 = 0.25;

/// Adds the room's reverb to `track`, `wet` being its level against the dry sound.
/// With `wrap`, the tail that rings past the end is added back at the start, as it would be
/// heard when a loop repeats; otherwise it is cut.
pub(crate) fn add_room(track: &mut [Frame], wet: f32, wrap: bool) {
    let n = track.len();
    if n == 0 {
        return;
    }
    let tail = if wrap { frames(1.5).min(n) } else { 0 };
    let total = n + tail;
    // Freeverb's delay lengths (samples at 44.1 kHz), shortened for a small room, halved.
    let mut combs = [1116, 1188, 1277, 1356].map(|l| Comb::new(l * 7 / 20));
    let (mut l1, mut l2) = (AllPass::new(278), AllPass::new(220));
    let (mut r1, mut r2) = (AllPass::new(289), AllPass::new(232));
    let mut prev = [0.0f32; 2];
    for j in 0..=total.div_ceil(2) {
        // In: the mono mean of frames 2j and 2j+1.
        let x = if 2 * j + 1 < n {
            let (a, b) = (track[2 * j], track[2 * j + 1]);
            (a[0] + a[1] + b[0] + b[1]) * (0.25 * INPUT)
        } else {
            0.0
        };
        let [c0, c1, c2, c3] = &mut combs;
        let sum = c0.process(x) + c1.process(x) + c2.process(x) + c3.process(x);
        let w = [l2.process(l1.process(sum)), r2.process(r1.process(sum))];
        // Out, one step behind (those frames have been read): the previous output, then the
        // point halfway to this one.
        if j > 0 {
            let mid = [0.5 * (prev[0] + w[0]), 0.5 * (prev[1] + w[1])];
            add_wet(track, 2 * j - 2, total, prev, wet);
            add_wet(track, 2 * j - 1, total, mid, wet);
        }
        prev = w;
    }
}

/// Adds `wet` times `v` to frame `k` of the track, wrapping the tail (frames past the end,
/// up to `total`) round to the start.
#[inline(always)]
fn add_wet(track: &mut [Frame], k: usize, total: usize, v: Frame, wet: f32) {
    let n = track.len();
    if k < total {
        let f = &mut track[if k < n { k } else { k - n }];
        f[0] += wet * v[0];
        f[1] += wet * v[1];
    }
}
