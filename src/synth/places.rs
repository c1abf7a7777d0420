//! What each kind of place sounds like beyond its crowd: how many talk and how loud, whether
//! walls hold a room's rumble and echoes, the pub's fan, cups, and the place's own sounds:
//! water lapping at a quay, wind over open ground, a courtyard's fountain, birds, the clank of
//! a barracks' iron. `ambience.rs` mixes them into the place's loop.

use rand::RngExt;

use super::dsp::{Brown, Noise, Osc, Pink, Svf, SvfCoefs, frames, hump, partials, rng};
use super::mix::{Frame, Track};
use crate::campaign::VenueKind;

/// The recipe of a place's ambience.
pub(crate) struct Soundscape {
    /// Voices talking round the room or the square, and the seed of who they are.
    pub(crate) talkers: usize,
    pub(crate) voices: u64,
    /// The murmur's loudness, 1 for the pub's.
    pub(crate) murmur: f32,
    /// Walls and a ceiling: the room's rumble, and echoes after each sound.
    pub(crate) indoors: bool,
    /// The smoky pub's ceiling fan: its air and its creak.
    pub(crate) fan: bool,
    /// Cups and glasses set down now and then.
    pub(crate) clinks: bool,
    /// Loudness (RMS) of each bed: water at a quay, wind, a fountain; 0 for none.
    pub(crate) water: f32,
    pub(crate) wind: f32,
    pub(crate) fountain: f32,
    /// Birds' phrases and iron clanks in one loop.
    pub(crate) birds: usize,
    pub(crate) clanks: usize,
}

impl Soundscape {
    pub(crate) fn of(place: VenueKind) -> Soundscape {
        let pub_ = Soundscape {
            talkers: 7,
            voices: 601,
            murmur: 1.0,
            indoors: true,
            fan: true,
            clinks: true,
            water: 0.0,
            wind: 0.0,
            fountain: 0.0,
            birds: 0,
            clanks: 0,
        };
        match place {
            VenueKind::Pub => pub_,
            // Water slaps at the quay beyond the open door.
            VenueKind::Tavern => Soundscape { voices: 602, fan: false, water: 0.03, ..pub_ },
            VenueKind::Market => Soundscape {
                talkers: 11,
                voices: 603,
                murmur: 1.15,
                indoors: false,
                fan: false,
                wind: 0.01,
                birds: 4,
                ..pub_
            },
            // Night on the quay: a few voices, the harbour's water and the wind.
            VenueKind::Docks => Soundscape {
                talkers: 3,
                voices: 604,
                murmur: 0.6,
                indoors: false,
                fan: false,
                clinks: false,
                water: 0.05,
                wind: 0.02,
                ..pub_
            },
            VenueKind::Barracks => Soundscape { talkers: 6, voices: 605, fan: false, clinks: false, clanks: 6, ..pub_ },
            VenueKind::Courtyard => Soundscape {
                talkers: 5,
                voices: 606,
                murmur: 0.8,
                indoors: false,
                fan: false,
                fountain: 0.03,
                birds: 7,
                ..pub_
            },
            VenueKind::PublicSquare => Soundscape {
                talkers: 13,
                voices: 607,
                murmur: 1.3,
                indoors: false,
                fan: false,
                clinks: false,
                wind: 0.015,
                birds: 2,
                ..pub_
            },
        }
    }
}

/// The place's continuous beds at the rate `sr` (`n` frames), each with its loudness.
pub(crate) fn beds(scape: &Soundscape, n: usize, sr: f32) -> Vec<(Vec<Frame>, f32)> {
    let mut beds = Vec::new();
    if scape.water > 0.0 {
        beds.push((water(n, sr), scape.water));
    }
    if scape.wind > 0.0 {
        beds.push((wind(n, sr), scape.wind));
    }
    if scape.fountain > 0.0 {
        beds.push((fountain(n, sr), scape.fountain));
    }
    beds
}

/// The place's events, added into the loop: birds and clanks.
pub(crate) fn events(scape: &Soundscape, track: &mut Track, loop_secs: f32) {
    birds(track, scape.birds, loop_secs);
    clanks(track, scape.clanks, loop_secs);
}

/// Water lapping at a quay: low, dark noise swelling with each wave (about one every three
/// seconds, left and right out of step) and slapping as it breaks.
fn water(n: usize, sr: f32) -> Vec<Frame> {
    let (mut bl, mut br) = (Brown::new(901), Brown::new(902));
    let (mut fl, mut fr) = (Svf::default(), Svf::default());
    let (mut spray_l, mut spray_r) = (Noise::new(903), Noise::new(904));
    let (mut hl, mut hr) = (Svf::default(), Svf::default());
    let body = SvfCoefs::new(380.0, 0.6, sr);
    let slap = SvfCoefs::new(900.0, 1.2, sr);
    let wave = |t: f32, phase: f32| {
        let s = ((t / 3.1 + phase) * std::f32::consts::TAU).sin().max(0.0);
        s * s * s
    };
    (0..n)
        .map(|i| {
            let t = i as f32 / sr;
            let (wl, wr) = (wave(t, 0.0), wave(t, 0.37));
            let l = fl.process(bl.next(), body).low * (0.35 + 0.65 * wl)
                + 0.5 * hl.process(spray_l.white(), slap).band * wl * wl;
            let r = fr.process(br.next(), body).low * (0.35 + 0.65 * wr)
                + 0.5 * hr.process(spray_r.white(), slap).band * wr * wr;
            [l, r]
        })
        .collect()
}

/// Wind over open ground: a band of noise whose pitch and strength drift in slow gusts.
fn wind(n: usize, sr: f32) -> Vec<Frame> {
    let (mut pl, mut pr) = (Pink::new(911), Pink::new(912));
    let (mut fl, mut fr) = (Svf::default(), Svf::default());
    let mut coefs = SvfCoefs::new(450.0, 1.5, sr);
    (0..n)
        .map(|i| {
            let t = i as f32 / sr;
            let gust =
                0.55 + 0.3 * (t * 0.13 * std::f32::consts::TAU).sin() + 0.15 * (t * 0.31 * std::f32::consts::TAU).sin();
            if i % 16 == 0 {
                coefs = SvfCoefs::new(300.0 + 450.0 * gust, 1.5, sr);
            }
            [fl.process(pl.next(), coefs).band * gust, fr.process(pr.next(), coefs).band * gust]
        })
        .collect()
}

/// A fountain: bright splashing noise, fluttering as the water falls unevenly.
fn fountain(n: usize, sr: f32) -> Vec<Frame> {
    let (mut nl, mut nr, mut flutter) = (Noise::new(921), Noise::new(922), Noise::new(923));
    let (mut fl, mut fr) = (Svf::default(), Svf::default());
    let c = SvfCoefs::new(1700.0, 0.9, sr);
    let mut level = 1.0f32;
    let settle = 1.0 - (-1.0 / (0.01 * sr)).exp();
    (0..n)
        .map(|_| {
            level += settle * (0.7 + 0.3 * flutter.white() - level);
            [fl.process(nl.white(), c).band * level, fr.process(nr.white(), c).band * level]
        })
        .collect()
}

/// Birds in the trees or under the awnings: `count` short phrases of rising or falling chirps
/// spread through the loop, high and soft, from either side.
fn birds(track: &mut Track, count: usize, loop_secs: f32) {
    let mut r = rng(931);
    for phrase in 0..count {
        let mut at = (phrase as f32 + r.random_range(0.1..0.9)) * loop_secs / count as f32;
        let pan = r.random_range(-0.9..0.9);
        let base = r.random_range(2600.0..4200.0);
        for _ in 0..r.random_range(2..6) {
            let secs = r.random_range(0.05..0.11);
            let (from, to) = if r.random::<bool>() { (base, base * 1.35) } else { (base * 1.3, base * 0.9) };
            let mut osc = Osc::default();
            let n = frames(secs);
            let chirp: Vec<f32> = (0..n)
                .map(|i| {
                    let x = i as f32 / n as f32;
                    osc.sine(from + (to - from) * x) * hump(x)
                })
                .collect();
            track.add(at, &chirp, r.random_range(0.04..0.08), pan);
            at += secs + r.random_range(0.04..0.14);
        }
    }
}

/// The barracks' iron: a blade set in its rack, a helmet put down, now and then.
fn clanks(track: &mut Track, count: usize, loop_secs: f32) {
    const IRON: [(f32, f32, f32); 4] = [(1.0, 1.0, 0.35), (2.76, 0.6, 0.2), (5.4, 0.35, 0.1), (8.9, 0.2, 0.05)];
    let mut r = rng(941);
    for clank in 0..count {
        let at = (clank as f32 + r.random_range(0.1..0.8)) * loop_secs / count.max(1) as f32;
        let base = r.random_range(320.0..620.0);
        let ring = partials(frames(0.8), base, &IRON, 1.3, 0.0004);
        let pan = r.random_range(-0.8..0.8);
        let gain = r.random_range(0.05..0.1);
        track.add(at, &ring, gain, pan);
        // Echoes off the stone walls.
        for (delay, g) in [(0.023, 0.4), (0.041, 0.25), (0.067, 0.15)] {
            track.add(at + delay, &ring, gain * g, -pan);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_place_has_its_own_recipe() {
        let recipe = |p| {
            let s = Soundscape::of(p);
            (s.talkers, s.indoors, s.fan, s.clinks, s.water > 0.0, s.wind > 0.0, s.fountain > 0.0, s.birds, s.clanks)
        };
        let all: Vec<_> = VenueKind::ALL.iter().map(|&p| recipe(p)).collect();
        for (i, a) in all.iter().enumerate() {
            assert!(all[i + 1..].iter().all(|b| b != a), "{:?} sounds like another place", VenueKind::ALL[i]);
        }
        // The open places have no room round them, and only the pub has the fan.
        assert!(!Soundscape::of(VenueKind::PublicSquare).indoors);
        assert!(VenueKind::ALL.iter().filter(|&&p| Soundscape::of(p).fan).eq([VenueKind::Pub].iter()));
    }
}
