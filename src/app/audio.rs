//! Sound through kira: effects for every stage of a turn of any game, the pub's murmur and a music loop,
//! all synthesised at start-up (`crate::synth`), on three channels with their own volumes.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_kira_audio::prelude::*;

use super::GameSystems;
use super::clicks::Selection;
use super::session::{Session, Staged};
use super::settings::GameSettings;
use crate::rules::view::{Effect, Motion};
use crate::synth::{self, Clip, Loop, SAMPLE_RATE, Sound};

#[derive(Resource)]
struct MusicChannel;
#[derive(Resource)]
struct AmbienceChannel;
#[derive(Resource)]
struct EffectsChannel;

/// The synthesised sounds as kira sources.
#[derive(Resource)]
struct Sounds {
    effects: Vec<(Sound, Handle<AudioSource>)>,
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
        .add_systems(Update, (set_volumes, play_effects).in_set(GameSystems::Present));
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
    ambience: Res<AudioChannel<AmbienceChannel>>,
) {
    let effects = Sound::ALL.iter().map(|&s| (s, sources.add(source(synth::effect(s))))).collect();
    music.play(sources.add(source(synth::looped(Loop::Music)))).looped();
    ambience.play(sources.add(source(synth::looped(Loop::Ambience)))).looped();
    commands.insert_resource(Sounds { effects });
}

/// Linear volume (0..1) as kira's decibels.
fn decibels(volume: f32) -> f32 {
    if volume <= 0.001 { -60.0 } else { (20.0 * volume.log10()).max(-60.0) }
}

fn set_volumes(
    settings: Res<GameSettings>,
    music: Res<AudioChannel<MusicChannel>>,
    ambience: Res<AudioChannel<AmbienceChannel>>,
    effects: Res<AudioChannel<EffectsChannel>>,
) {
    if settings.is_changed() {
        let s = &settings.settings;
        music.set_volume(decibels(s.music_volume));
        ambience.set_volume(decibels(s.ambience_volume));
        effects.set_volume(decibels(s.effects_volume));
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
