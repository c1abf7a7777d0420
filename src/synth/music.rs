//! The music loop: an oud-like plucked melody in maqam Hijaz on D over a frame drum playing
//! maqsum (doum tek – tek doum – tek –) at 90 bpm; twelve bars (32 s), tails wrapping round.

use rand::RngExt;

use super::SAMPLE_RATE;
use super::dsp::{PluckNote, frames, noise_burst, note_freq, partials, pluck_note, rng, thud};
use super::mix::{Frame, Track, normalize};
use super::room::add_room;

/// Seconds per eighth note at 90 beats per minute.
const EIGHTH: f32 = 60.0 / 90.0 / 2.0;
/// Eight eighths to the 4/4 bar of maqsum.
const BAR_EIGHTHS: f32 = 8.0;
/// Frames per bar (8/3 s at 44.1 kHz: exactly 117 600), so the loop is a whole number of bars.
const BAR_FRAMES: usize = SAMPLE_RATE as usize * 8 / 3;
/// Three four-bar phrases: statement, answer an octave's reach higher, return to the tonic.
const BARS: usize = 12;
/// D3, the tonic of the melody (the oud's middle register).
const D3: f32 = 146.83;
/// Peak of the loop: under the effects.
const PEAK: f32 = 0.5;

/// A melody note: `(bar, eighth in the bar, semitones from D3, length in eighths, tremolo)`.
/// The notes are those of Hijaz on D: A B♭ C | D E♭ F♯ G A B♭ C D.
type Note = (usize, f32, f32, f32, bool);

const MELODY: &[Note] = &[
    // Phrase A: from the tonic up to B♭ and back, resting on a trembling D.
    (0, 0.0, 0.0, 2.0, false),
    (0, 2.0, 1.0, 1.0, false),
    (0, 3.0, 4.0, 1.0, false),
    (0, 4.0, 5.0, 2.0, false),
    (0, 6.0, 4.0, 1.0, false),
    (0, 7.0, 1.0, 1.0, false),
    (1, 0.0, 4.0, 2.0, false),
    (1, 2.0, 5.0, 1.0, false),
    (1, 3.0, 7.0, 1.0, false),
    (1, 4.0, 8.0, 1.0, false),
    (1, 5.0, 7.0, 1.0, false),
    (1, 6.0, 5.0, 2.0, false),
    (2, 0.0, 4.0, 1.0, false),
    (2, 1.0, 5.0, 1.0, false),
    (2, 2.0, 7.0, 2.0, false),
    (2, 4.0, 5.0, 1.0, false),
    (2, 5.0, 4.0, 1.0, false),
    (2, 6.0, 1.0, 2.0, false),
    (3, 0.0, 1.0, 1.0, false),
    (3, 1.0, 0.0, 1.0, false),
    (3, 2.0, -2.0, 1.0, false),
    (3, 3.0, 0.0, 5.0, true),
    // Phrase B: the upper tetrachord, up to the octave, settling on a trembling A.
    (4, 0.0, 7.0, 2.0, false),
    (4, 2.0, 8.0, 1.0, false),
    (4, 3.0, 10.0, 1.0, false),
    (4, 4.0, 12.0, 3.0, false),
    (4, 7.0, 10.0, 1.0, false),
    (5, 0.0, 8.0, 1.0, false),
    (5, 1.0, 7.0, 1.0, false),
    (5, 2.0, 8.0, 1.0, false),
    (5, 3.0, 10.0, 1.0, false),
    (5, 4.0, 8.0, 2.0, false),
    (5, 6.0, 7.0, 2.0, false),
    (6, 0.0, 5.0, 1.0, false),
    (6, 1.0, 7.0, 1.0, false),
    (6, 2.0, 8.0, 1.0, false),
    (6, 3.0, 7.0, 1.0, false),
    (6, 4.0, 5.0, 1.0, false),
    (6, 5.0, 4.0, 1.0, false),
    (6, 6.0, 5.0, 2.0, false),
    (7, 0.0, 7.0, 6.0, true),
    (7, 6.0, 5.0, 1.0, false),
    (7, 7.0, 4.0, 1.0, false),
    // Phrase A': down through the lower notes home to D, leading back to the start.
    (8, 0.0, 5.0, 2.0, false),
    (8, 2.0, 4.0, 1.0, false),
    (8, 3.0, 1.0, 1.0, false),
    (8, 4.0, 4.0, 2.0, false),
    (8, 6.0, 5.0, 1.0, false),
    (8, 7.0, 7.0, 1.0, false),
    (9, 0.0, 8.0, 2.0, false),
    (9, 2.0, 7.0, 1.0, false),
    (9, 3.0, 5.0, 1.0, false),
    (9, 4.0, 4.0, 2.0, false),
    (9, 6.0, 5.0, 1.0, false),
    (9, 7.0, 4.0, 1.0, false),
    (10, 0.0, 1.0, 2.0, false),
    (10, 2.0, 4.0, 1.0, false),
    (10, 3.0, 1.0, 1.0, false),
    (10, 4.0, 0.0, 2.0, false),
    (10, 6.0, -2.0, 1.0, false),
    (10, 7.0, -4.0, 1.0, false),
    (11, 0.0, 0.0, 6.0, true),
    (11, 6.0, -5.0, 1.0, false),
    (11, 7.0, -2.0, 1.0, false),
];

/// Seconds from the loop start to `eighth` of `bar`.
fn time(bar: usize, eighth: f32) -> f32 {
    (bar as f32 * BAR_EIGHTHS + eighth) * EIGHTH
}

/// Makes the loop: melody, bass, drum, a little room, normalised.
pub(crate) fn render() -> Vec<Frame> {
    let mut track = Track::looping(vec![[0.0; 2]; BARS * BAR_FRAMES]);
    melody(&mut track);
    bass(&mut track);
    drum(&mut track);
    add_room(&mut track.frames, 0.3, true);
    normalize(&mut track.frames, PEAK);
    track.frames
}

/// The oud: each note rings into the next (legato), with small human variations in timing,
/// strength and tone. Downbeats are played exactly on time, so the loop starts cleanly.
fn melody(track: &mut Track) {
    let mut r = rng(1001);
    let tremolo = EIGHTH / 4.0;
    for (k, &(bar, eighth, semis, len, trem)) in MELODY.iter().enumerate() {
        let jitter = if eighth == 0.0 { 0.0 } else { r.random_range(-0.008..0.008) };
        let accent = if eighth % 2.0 == 0.0 { 0.85 } else { 0.7 };
        let held = len * EIGHTH;
        let note = PluckNote {
            t60: 1.4,
            brightness: 0.55 + r.random_range(-0.08..0.08),
            tremolo: if trem { tremolo } else { 0.0 },
            strokes: if trem { (held / tremolo) as u32 - 1 } else { 0 },
            ..PluckNote::new(
                note_freq(D3, semis),
                held + if trem { 0.6 } else { 0.25 },
                accent + r.random_range(-0.08..0.08),
            )
        };
        track.add(time(bar, eighth) + jitter, &pluck_note(note, 2000 + k as u64), 1.0, -0.2);
    }
}

/// A soft low string on the first beat of every other bar: D2, with G2 under phrase B's
/// turn towards G.
fn bass(track: &mut Track) {
    for bar in (0..BARS).step_by(2) {
        let semis = if bar == 6 { -7.0 } else { -12.0 };
        let note = PluckNote { t60: 2.5, brightness: 0.25, ..PluckNote::new(note_freq(D3, semis), 3.0, 0.7) };
        track.add(time(bar, 0.0), &pluck_note(note, 3000 + bar as u64), 0.45, 0.0);
    }
}

/// The doum: the drum's deep centre stroke, a falling low sine with the slap of the skin
/// and a faint shiver of the frame's jingles.
fn doum(seed: u64) -> Vec<f32> {
    let n = frames(0.55);
    let head = thud(n, 112.0, 68.0, 0.035, 0.002, 0.16);
    let slap = noise_burst(n, seed, 180.0, 0.7, 0.001, 0.015);
    let jingle = noise_burst(n, seed + 1, 7500.0, 3.0, 0.002, 0.06);
    (0..n).map(|i| head[i] + 0.25 * slap[i] + 0.06 * jingle[i]).collect()
}

/// The tek (and, softer and darker, the ka): a crisp rim stroke, noise with a short ring.
fn tek(seed: u64, centre: f32) -> Vec<f32> {
    let n = frames(0.2);
    let crack = noise_burst(n, seed, centre, 1.8, 0.0005, 0.018);
    let ring = partials(n, 880.0, &[(1.0, 1.0, 0.03), (1.59, 0.5, 0.02), (2.14, 0.3, 0.015)], 0.0, 0.0005);
    let jingle = noise_burst(n, seed + 1, 7500.0, 3.0, 0.002, 0.05);
    (0..n).map(|i| crack[i] + 0.3 * ring[i] + 0.12 * jingle[i]).collect()
}

/// The frame drum's three strokes.
#[derive(Clone, Copy)]
enum Stroke {
    /// Deep, in the centre of the skin.
    Doum,
    /// Crisp, at the rim: the rhythm's backbone.
    Tek,
    /// A softer tek, for fills.
    Ka,
}

/// Maqsum on every bar, with soft ka strokes filling some gaps and a little roll closing each
/// four-bar phrase. Strokes come from a few pre-made variants, so no two in a row are alike.
fn drum(track: &mut Track) {
    use Stroke::{Doum, Ka, Tek};
    let mut r = rng(4001);
    let doums = [doum(4100), doum(4200)];
    let teks = [tek(4300, 2600.0), tek(4400, 2800.0), tek(4500, 2500.0)];
    let kas = [tek(4600, 1900.0), tek(4700, 2100.0)];
    for bar in 0..BARS {
        let mut strokes = vec![(0.0, Doum), (1.0, Tek), (3.0, Tek), (4.0, Doum), (6.0, Tek)];
        for e in [2.0, 5.0, 7.0] {
            if r.random::<f32>() < 0.45 {
                strokes.push((e, Ka));
            }
        }
        if bar % 4 == 3 {
            strokes.retain(|&(e, _)| e < 6.0);
            strokes.extend([(6.0, Tek), (6.5, Ka), (7.0, Ka), (7.5, Ka)]);
        }
        for (e, kind) in strokes {
            let jitter = if bar == 0 && e == 0.0 { 0.0 } else { r.random_range(-0.004..0.004) };
            let v = r.random_range(0.85..1.0);
            let at = time(bar, e) + jitter;
            match kind {
                Doum => track.add(at, &doums[r.random_range(0..2)], 0.9 * v, 0.0),
                Tek => track.add(at, &teks[r.random_range(0..3)], 0.42 * v, 0.25),
                Ka => track.add(at, &kas[r.random_range(0..2)], 0.2 * v, 0.3),
            }
        }
    }
}
