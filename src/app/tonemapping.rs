//! The camera's tonemapping table, embedded by the game itself: Tony McMapface only.

use bevy::asset::RenderAssetUsages;
use bevy::core_pipeline::tonemapping::{TonemappingLuts, lut_placeholder};
use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::log::LogPlugin;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

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

/// The table's size along each axis, as Bevy's tonemapping shader expects it.
const LUT_SIZE: usize = 48;

/// The 3D table, sampled linearly and clamped at its edges as Bevy samples its own tables.
/// `assets/luts/tony_mc_mapface.lut` holds it as 8-bit sRGB planes of prediction residuals
/// (`assets/luts/convert.py` says why and how), a fifth of the download of Bevy's KTX2 file.
fn tony_mc_mapface_image() -> Image {
    let texels = undo_prediction(include_bytes!("../../assets/luts/tony_mc_mapface.lut"));
    let size = Extent3d { width: LUT_SIZE as u32, height: LUT_SIZE as u32, depth_or_array_layers: LUT_SIZE as u32 };
    let mut image =
        Image::new(size, TextureDimension::D3, texels, TextureFormat::Rgba8UnormSrgb, RenderAssetUsages::default());
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        label: Some("Tonemapping LUT sampler".to_string()),
        address_mode_u: ImageAddressMode::ClampToEdge,
        address_mode_v: ImageAddressMode::ClampToEdge,
        address_mode_w: ImageAddressMode::ClampToEdge,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        ..default()
    });
    image
}

/// RGBA texels from three planes of residuals: each value is its residual plus the prediction
/// from the values before it along x, y and z and the corners between them (`convert.py`).
fn undo_prediction(residuals: &[u8]) -> Vec<u8> {
    const N: usize = LUT_SIZE;
    assert_eq!(residuals.len(), 3 * N * N * N, "the embedded tonemapping table has 3 planes of 48³ values");
    let mut texels = vec![u8::MAX; 4 * N * N * N];
    for (channel, plane) in residuals.chunks_exact(N * N * N).enumerate() {
        let mut values = vec![0u8; N * N * N];
        for z in 0..N {
            for y in 0..N {
                for x in 0..N {
                    let at = |dx: usize, dy: usize, dz: usize| {
                        if x < dx || y < dy || z < dz { 0 } else { values[((z - dz) * N + y - dy) * N + x - dx] }
                    };
                    let predicted = at(1, 0, 0)
                        .wrapping_add(at(0, 1, 0))
                        .wrapping_add(at(0, 0, 1))
                        .wrapping_sub(at(1, 1, 0))
                        .wrapping_sub(at(1, 0, 1))
                        .wrapping_sub(at(0, 1, 1))
                        .wrapping_add(at(1, 1, 1));
                    let i = (z * N + y) * N + x;
                    values[i] = predicted.wrapping_add(plane[i]);
                    texels[4 * i + channel] = values[i];
                }
            }
        }
    }
    texels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_table_maps_black_to_black_and_rises_smoothly_to_white_along_the_greys() {
        let texels = undo_prediction(include_bytes!("../../assets/luts/tony_mc_mapface.lut"));
        let grey = |i: usize| {
            let at = 4 * ((i * LUT_SIZE + i) * LUT_SIZE + i);
            [texels[at], texels[at + 1], texels[at + 2], texels[at + 3]]
        };
        assert_eq!(grey(0), [0, 0, 0, 255]);
        let top = grey(LUT_SIZE - 1);
        assert!(top[..3].iter().all(|&c| c >= 250), "{top:?}");
        // A misread table is noise; the real one climbs step by step and stays grey.
        for i in 1..LUT_SIZE {
            let (below, here) = (grey(i - 1), grey(i));
            assert!(here[0] >= below[0] && here[0] - below[0] <= 48, "step {i}: {below:?} -> {here:?}");
            assert!(here[0].abs_diff(here[1]) <= 2 && here[0].abs_diff(here[2]) <= 2, "{here:?}");
        }
    }
}
