//! The player's game settings: what they are, their defaults and limits, and where they live.
//!
//! Reading is forgiving on purpose, because a settings file is something players edit by hand
//! and carry between versions of the game:
//! - a missing file, or a missing field (at any depth), takes the default silently;
//! - an unknown field is ignored (serde's default; nothing here sets `deny_unknown_fields`), so a
//!   file written by a newer game, or with a field renamed since, still loads what it can;
//! - a number out of range is clamped to the nearest limit (and NaN takes the default) rather than
//!   refusing the file, see [`Settings::sanitized`];
//! - only a file that is not RON, or whose values have the wrong type or an unknown variant, is
//!   refused: it is set aside and the player is told where (see [`Settings::load`]).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{PersistError, config_dir, load_ron, save_ron};
use crate::campaign::VenueKind;

/// The file name inside [`config_dir`].
const FILE_NAME: &str = "settings.ron";

const VOLUME: (f32, f32) = (0.0, 1.0);
const ANIMATION_SPEED: (f32, f32) = (0.25, 4.0);
const ORBIT_SENSITIVITY: (f32, f32) = (0.1, 5.0);

/// Everything the player can change in the options screen, kept between runs so the pub sounds
/// and looks the way they left it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub struct Settings {
    /// Loudness of the pub's musicians, 0 (off) to 1; apart from the other sounds because it is
    /// the one players most often want off.
    pub music_volume: f32,
    /// Loudness of the crowd and the room, 0 to 1: the pub's mood, but it can hide the pieces.
    pub ambience_volume: f32,
    /// Loudness of moves, captures and the crowd's reactions, 0 to 1: the sounds that tell the
    /// player what happened.
    pub effects_volume: f32,
    /// How fast moves and captures play, 0.25 to 4 (1 is normal), for players who find the
    /// animations too slow, or want to follow them closely.
    pub animation_speed: f32,
    /// Show each turn's result at once, for fast play and slow machines.
    pub skip_animations: bool,
    /// Opponents take a moment before an easy answer, as a person across the table does;
    /// off for players who want every answer at once.
    pub thinking_pause: bool,
    /// Play a short vignette for each kind of capture (the camera closes in, the blow lands),
    /// for players who enjoy the show; off for those who only want the board.
    pub vignettes: bool,
    /// How the camera moves around the table.
    pub camera: CameraSettings,
    /// How much the machine draws, for players on weaker hardware.
    pub graphics: Graphics,
    /// Where a free match is played (a campaign match is played where its venue is).
    pub scene: VenueKind,
}

/// The camera around the table; separate so the options screen can show it as one group.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub struct CameraSettings {
    /// Swing the camera to the side to move after each turn, for two players sharing one screen.
    pub turn_to_side_to_move: bool,
    /// Start looking straight down at the board, for players who read it better as a diagram.
    pub start_top_down: bool,
    /// How far the camera turns per mouse movement, 0.1 to 5 (1 is normal), since mice and
    /// touchpads differ widely.
    pub orbit_sensitivity: f32,
}

/// What the renderer spends the machine's power on.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub struct Graphics {
    /// The overall detail level, the one knob most players touch.
    pub quality: Quality,
    /// Cast shadows: pretty, and the most costly single effect.
    pub shadows: bool,
    /// The pub's drifting pipe smoke, which costs fill rate on weak graphics chips.
    pub smoke: bool,
    /// Smooth the edges of pieces and table; costly on integrated graphics.
    pub msaa: bool,
}

/// Detail levels rather than a number, so each level can mean what suits the scene.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Quality {
    /// For integrated graphics and old machines.
    Low,
    /// A middle ground.
    Medium,
    /// What the pub is meant to look like.
    #[default]
    High,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            music_volume: 0.5,
            ambience_volume: 0.6,
            effects_volume: 0.8,
            animation_speed: 1.0,
            skip_animations: false,
            thinking_pause: true,
            vignettes: true,
            camera: CameraSettings::default(),
            graphics: Graphics::default(),
            scene: VenueKind::default(),
        }
    }
}

impl Default for CameraSettings {
    fn default() -> Self {
        CameraSettings { turn_to_side_to_move: true, start_top_down: false, orbit_sensitivity: 1.0 }
    }
}

impl Default for Graphics {
    fn default() -> Self {
        Graphics { quality: Quality::High, shadows: true, smoke: true, msaa: true }
    }
}

impl Settings {
    /// Brings every number into its range (NaN takes the default), so a hand-edited file
    /// with `music_volume: 3.0` gives the loudest setting instead of being refused, and the
    /// game never has to check the values it reads.
    pub fn sanitized(self) -> Self {
        let defaults = Settings::default();
        Settings {
            music_volume: clamp(self.music_volume, VOLUME, defaults.music_volume),
            ambience_volume: clamp(self.ambience_volume, VOLUME, defaults.ambience_volume),
            effects_volume: clamp(self.effects_volume, VOLUME, defaults.effects_volume),
            animation_speed: clamp(self.animation_speed, ANIMATION_SPEED, defaults.animation_speed),
            camera: CameraSettings {
                orbit_sensitivity: clamp(
                    self.camera.orbit_sensitivity,
                    ORBIT_SENSITIVITY,
                    defaults.camera.orbit_sensitivity,
                ),
                ..self.camera
            },
            ..self
        }
    }

    /// Where the game keeps its settings: `settings.ron` in [`config_dir`], so `KHALIF_HOME`
    /// moves it too. `None` when the system reports no home folder.
    pub fn path() -> Option<PathBuf> {
        config_dir().map(|dir| dir.join(FILE_NAME))
    }

    /// The player's settings, for the game's start. Never fails, because a player must always
    /// reach the game: anything wrong gives the defaults, and the message (to show once) says
    /// what happened, e.g. that a corrupt file was reset and where its copy was kept.
    /// A missing file, or no home folder at all, gives the defaults with no message
    /// ([`Settings::save`] reports the latter).
    pub fn load() -> (Settings, Option<String>) {
        match Settings::path() {
            Some(path) => Settings::load_from(&path),
            None => (Settings::default(), None),
        }
    }

    /// [`Settings::load`] from a chosen file, for tests and tools that must not depend on the
    /// environment.
    pub fn load_from(path: &Path) -> (Settings, Option<String>) {
        match load_ron::<Settings>(path) {
            Ok(Some(settings)) => (settings.sanitized(), None),
            Ok(None) => (Settings::default(), None),
            Err(error) => (Settings::default(), Some(format!("Using the default settings: {error}"))),
        }
    }

    /// Keeps these settings for the next run, atomically, so a crash while saving never loses
    /// the previous ones.
    pub fn save(&self) -> Result<(), PersistError> {
        let path = Settings::path().ok_or(PersistError::NoFolder { what: "the settings" })?;
        self.save_to(&path)
    }

    /// [`Settings::save`] to a chosen file, for tests and tools that must not depend on the
    /// environment.
    pub fn save_to(&self, path: &Path) -> Result<(), PersistError> {
        save_ron(path, self)
    }
}

/// `value` within `range`; NaN (which `f32::clamp` would keep) becomes `default`.
fn clamp(value: f32, (low, high): (f32, f32), default: f32) -> f32 {
    if value.is_nan() { default } else { value.clamp(low, high) }
}
