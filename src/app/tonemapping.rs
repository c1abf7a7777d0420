//! The camera's tonemapping table, embedded by the game itself: Tony McMapface only.

use bevy::asset::RenderAssetUsages;
use bevy::core_pipeline::tonemapping::{TonemappingLuts, lut_placeholder};
use bevy::image::{CompressedImageFormats, ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor, ImageType};
use bevy::log::LogPlugin;
use bevy::prelude::*;

/// Bevy's `tonemapping_luts` feature embeds three tables; the camera uses one (Tony McMapface,
/// Bevy's default tonemapper), so only that one is in the game, the web download included.
/// Bevy's tonemapping plugin keeps a `TonemappingLuts` resource found in place, so this plugin
/// must be built before `CorePipelinePlugin` (`DefaultPlugins.build().add_before`).
pub(super) fn plugin(app: &mut App) {
    let tony_mc_mapface = tony_mc_mapface_image();
    let mut images = app.world_mut().resource_mut::<Assets<Image>>();
    let placeholder = images.add(lut_placeholder());
    let luts = TonemappingLuts {
        blender_filmic: placeholder.clone(),
        agx: placeholder,
        tony_mc_mapface: images.add(tony_mc_mapface),
    };
    app.insert_resource(luts);
}

/// Bevy's logs with one module quietened: Bevy's tonemapping pipeline reports an error whenever
/// a camera uses Tony McMapface without the `tonemapping_luts` feature, whoever supplied the
/// table, and it is the only thing that module logs. On the web it would be a console error on
/// every load (the browser test fails on any).
pub(super) fn log_filter() -> LogPlugin {
    LogPlugin { filter: format!("{},bevy_core_pipeline::tonemapping=off", bevy::log::DEFAULT_FILTER), ..default() }
}

/// The 3D table, sampled linearly and clamped at its edges as Bevy samples its own tables.
fn tony_mc_mapface_image() -> Image {
    let sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        label: Some("Tonemapping LUT sampler".to_string()),
        address_mode_u: ImageAddressMode::ClampToEdge,
        address_mode_v: ImageAddressMode::ClampToEdge,
        address_mode_w: ImageAddressMode::ClampToEdge,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        ..default()
    });
    Image::from_buffer(
        include_bytes!("../../assets/luts/tony_mc_mapface.ktx2"),
        ImageType::Extension("ktx2"),
        CompressedImageFormats::NONE,
        false,
        sampler,
        RenderAssetUsages::default(),
    )
    .expect("the embedded tonemapping table is a valid KTX2 file")
}
