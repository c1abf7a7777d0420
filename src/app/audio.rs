//! Sound through kira: effects for every stage of a turn of any game, the crowd's cheers and
//! groans at each capture, the place's ambience (made when the match moves there) whose murmur
//! hushes while a capture is near and swells while the crowd is stirred, and a music loop, all
//! synthesised in code (`crate::synth`), on three channels with their own volumes.

use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;
use bevy_kira_audio::prelude::*;

use super::GameSystems;
use super::clicks::Selection;
use super::crowd_mood::CrowdMood;
use super::place::Place;
use super::session::{Session, Staged};
use super::settings::GameSettings;
use crate::campaign::VenueKind;
use crate::rules::view::{Effect, Motion};
use crate::synth::{self, Clip, Loop, SAMPLE_RATE, Sound};

#[derive(Resource)]
struct MusicChannel;
#[derive(Resource)]
struct AmbienceChannel;
#[derive(Resource)]
struct EffectsChannel;

/// The synthesised sounds as kira sources; each place's ambience is made the first time a
/// match is played there.
#[derive(Resource)]
struct Sounds {
    effects: Vec<(Sound, Handle<AudioSource>)>,
    ambiences: Vec<(VenueKind, Handle<AudioSource>)>,
}

impl Sounds {
    fn get(&self, sound: Sound) -> Handle<AudioSource> {
        self.effects.iter().find(|(s, _)| *s == sound).map(|(_, h)| h.clone()).expect("every effect is made")
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_audio_channel::<MusicChannel>()
        .add_audio_channel::<AmbienceChannel>()
        .add_audio_channel::<EffectsChannel>()
        .add_systems(Startup, make_sounds)
        .add_systems(
            Update,
            (play_the_place.run_if(resource_changed::<Place>), set_volumes, play_effects)
                .chain()
                .in_set(GameSystems::Present),
        );
}

fn source(clip: Clip) -> AudioSource {
    let frames: Arc<[Frame]> = clip.frames.iter().map(|[l, r]| Frame { left: *l, right: *r }).collect();
    AudioSource {
        sound: StaticSoundData { sample_rate: SAMPLE_RATE, frames, settings: StaticSoundSettings::new(), slice: None },
    }
}

fn make_sounds(
    mut commands: Commands,
    mut sources: ResMut<Assets<AudioSource>>,
    music: Res<AudioChannel<MusicChannel>>,
) {
    let effects = Sound::ALL.iter().map(|&s| (s, sources.add(source(synth::effect(s))))).collect();
    music.play(sources.add(source(synth::looped(Loop::Music)))).looped();
    commands.insert_resource(Sounds { effects, ambiences: Vec::new() });
}

/// The place's own ambience takes over from the last one's, fading in.
fn play_the_place(
    place: Res<Place>,
    sounds: Option<ResMut<Sounds>>,
    mut sources: ResMut<Assets<AudioSource>>,
    ambience: Res<AudioChannel<AmbienceChannel>>,
) {
    let Some(mut sounds) = sounds else { return };
    let handle = match sounds.ambiences.iter().find(|(p, _)| *p == place.0) {
        Some((_, handle)) => handle.clone(),
        None => {
            let handle = sources.add(source(synth::looped(Loop::Ambience(place.0))));
            sounds.ambiences.push((place.0, handle.clone()));
            handle
        }
    };
    ambience.stop().fade_out(AudioTween::linear(Duration::from_millis(400)));
    ambience.play(handle).looped().fade_in(AudioTween::linear(Duration::from_millis(800)));
}

/// Linear volume (0..1) as kira's decibels.
fn decibels(volume: f32) -> f32 {
    if volume <= 0.001 { -60.0 } else { (20.0 * volume.log10()).max(-60.0) }
}

/// How the crowd's mood moves the murmur, in decibels: it hushes while a capture is near and
/// swells while backers cheer and groan.
fn murmur_shift(mood: &CrowdMood) -> f32 {
    if mood.stirred() {
        4.0
    } else if mood.capture_near {
        -5.0
    } else {
        0.0
    }
}

fn set_volumes(
    settings: Res<GameSettings>,
    mood: Res<CrowdMood>,
    music: Res<AudioChannel<MusicChannel>>,
    ambience: Res<AudioChannel<AmbienceChannel>>,
    effects: Res<AudioChannel<EffectsChannel>>,
    mut shift: Local<f32>,
) {
    let s = &settings.settings;
    if settings.is_changed() {
        music.set_volume(decibels(s.music_volume));
        effects.set_volume(decibels(s.effects_volume));
    }
    let wanted = murmur_shift(&mood);
    if settings.is_changed() || wanted != *shift {
        *shift = wanted;
        let level = if s.ambience_volume <= 0.001 { -60.0 } else { decibels(s.ambience_volume) + wanted };
        ambience.set_volume(level).fade_in(AudioTween::linear(Duration::from_millis(600)));
    }
}

fn play_effects(
    mut staged: MessageReader<Staged>,
    session: Res<Session>,
    selection: Res<Selection>,
    sounds: Option<Res<Sounds>>,
    channel: Res<AudioChannel<EffectsChannel>>,
    mut last_refusal: Local<Option<String>>,
) {
    let Some(sounds) = sounds else { return };
    for Staged(effect) in staged.read() {
        let sound = match effect {
            Effect::Move { captured: Some(_), motion: Motion::Leap, .. } => Sound::DjinnStrike,
            Effect::Move { captured: Some(_), motion: Motion::Dash, .. } => Sound::Retaliation,
            Effect::Move { captured: Some(_), .. } | Effect::Taken { .. } | Effect::Shot { .. } => Sound::Capture,
            Effect::Alighted { captured: Some(_), .. } => Sound::Capture,
            Effect::Placed { .. } | Effect::Boarded { .. } | Effect::Alighted { .. } => Sound::PieceOnStone,
            Effect::Move { .. } => Sound::PieceOnStone,
            Effect::Change { .. } => Sound::Succession,
            Effect::GameOver(_) => Sound::Win,
            Effect::RoyalLost { .. } => Sound::Loss,
            Effect::TurnEnded { .. } => continue,
        };
        channel.play(sounds.get(sound));
        // The crowd answers a capture: the taker's backers cheer, the loser's groan.
        if effect.taken().is_some() {
            channel.play(sounds.get(Sound::CrowdCheer)).with_volume(-4.0).with_panning(0.35);
            channel.play(sounds.get(Sound::CrowdGroan)).with_volume(-8.0).with_panning(-0.35);
        }
    }
    if session.refusal != *last_refusal {
        if session.refusal.is_some() {
            channel.play(sounds.get(Sound::Refused));
        }
        last_refusal.clone_from(&session.refusal);
    }
    if selection.is_changed() && selection.0.is_some() {
        channel.play(sounds.get(Sound::Select));
    }
}
