//! Every sound of the pub, synthesised in code, so the game ships no audio files.
//!
//! [`effect`] makes the short one-shot sounds (a piece set down, a capture, a win…) and
//! [`looped`] the seamless loops (each place's murmur, and the music). Both return a plain
//! stereo [`Clip`] at [`SAMPLE_RATE`]; no Bevy here, so the front end decides how to play them.
//! Every random choice comes from a fixed seed: the same sound on every machine and every run.
//!
//! Layout: `dsp` (oscillators, noise, envelopes, filters, the plucked string), `room` (a small
//! reverb), `mix` (placing sounds in a stereo buffer, loop seams, normalisation), `effects`,
//! `ambience`, `places` and `music` (the sounds themselves), `wav` (encoding a clip for audio
//! engines).

use crate::campaign::VenueKind;

mod ambience;
mod crowd;
mod dsp;
mod effects;
mod mix;
mod music;
mod places;
mod room;
mod wav;

/// Frames per second of every [`Clip`]: CD rate, which every audio back end plays natively.
pub const SAMPLE_RATE: u32 = 44_100;

/// A finished sound: stereo frames `[left, right]`, samples in -1..1, at [`SAMPLE_RATE`].
///
/// Plain data rather than an engine type, so the rules-side build can make and test sounds
/// and the game can hand them to whichever audio engine it uses.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Clip {
    /// The samples, one `[left, right]` pair per frame.
    pub frames: Vec<[f32; 2]>,
}

impl Clip {
    /// Length in seconds, for scheduling and for checking the designed lengths.
    pub fn duration_secs(&self) -> f32 {
        self.frames.len() as f32 / SAMPLE_RATE as f32
    }

    /// The largest absolute sample of either channel: how loud the clip can get.
    pub fn peak(&self) -> f32 {
        mix::peak(&self.frames)
    }

    /// The clip as a 16-bit PCM WAV file in memory, because audio engines (kira among them)
    /// load sounds from encoded bytes.
    pub fn to_wav(&self) -> Vec<u8> {
        wav::encode(&self.frames)
    }
}

/// The one-shot sounds of a game, one per kind of event the player should hear.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Sound {
    /// A brass or wooden piece set down on polished stone: every quiet move.
    PieceOnStone,
    /// A heavier double knock and thud: a piece taken.
    Capture,
    /// A swish and a sharp strike: a Guard striking back (K5).
    Retaliation,
    /// A magical whoosh with two accents: the Djinn's double capture or Wadi leap.
    DjinnStrike,
    /// A small bell: a Vizier succeeds the fallen Khalif.
    Succession,
    /// A rising phrase on a plucked string: the game is won.
    Win,
    /// A falling, softer phrase: the game is lost.
    Loss,
    /// A soft low tock: a move the rules refuse.
    Refused,
    /// A tiny high tick: a piece or square selected.
    Select,
    /// The taker's backers cheering a capture: voices rising, hands clapping.
    CrowdCheer,
    /// The loser's backers groaning at it: voices falling away.
    CrowdGroan,
}

impl Sound {
    /// Every sound, so the game can make them all up front and tests can check them all.
    pub const ALL: [Sound; 11] = [
        Sound::PieceOnStone,
        Sound::Capture,
        Sound::Retaliation,
        Sound::DjinnStrike,
        Sound::Succession,
        Sound::Win,
        Sound::Loss,
        Sound::Refused,
        Sound::Select,
        Sound::CrowdCheer,
        Sound::CrowdGroan,
    ];
}

/// The endless backgrounds: each place's ambience, and the musicians.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Loop {
    /// A place's crowd murmuring and its own sounds (24 s): the smoky pub's cup clinks and
    /// creaking ceiling fan, the water at the docks, the courtyard's fountain and birds…
    Ambience(VenueKind),
    /// An oud-like melody in maqam Hijaz over a frame drum's maqsum rhythm (12 bars, 32 s).
    Music,
}

impl Loop {
    /// Every loop, so tests can check them all.
    pub const ALL: [Loop; 8] = [
        Loop::Ambience(VenueKind::Pub),
        Loop::Ambience(VenueKind::Tavern),
        Loop::Ambience(VenueKind::Market),
        Loop::Ambience(VenueKind::Docks),
        Loop::Ambience(VenueKind::Barracks),
        Loop::Ambience(VenueKind::Courtyard),
        Loop::Ambience(VenueKind::PublicSquare),
        Loop::Music,
    ];
}

/// Makes a one-shot sound, normalised to a peak of about 0.8. Deterministic.
pub fn effect(sound: Sound) -> Clip {
    Clip { frames: effects::render(sound) }
}

/// Makes a loop whose last frame runs smoothly into its first, normalised to a peak of about
/// 0.5 so it sits under the effects. Deterministic.
pub fn looped(kind: Loop) -> Clip {
    let frames = match kind {
        Loop::Ambience(place) => ambience::render(place),
        Loop::Music => music::render(),
    };
    Clip { frames }
}
