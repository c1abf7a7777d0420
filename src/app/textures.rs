//! Textures generated in code (no image files): wood grain, veined stone, plaster, sand, skies,
//! awning stripes.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Smooth value noise in [0, 1] with `octaves` layers, tiling every `period` cells.
fn noise(x: f32, y: f32, period: u32, octaves: u32, seed: u32) -> f32 {
    let hash = |ix: i64, iy: i64, o: u32| {
        let p = period as i64 * (1 << o);
        let (ix, iy) = (ix.rem_euclid(p) as u32, iy.rem_euclid(p) as u32);
        let mut h = ix.wrapping_mul(374_761_393) ^ iy.wrapping_mul(668_265_263) ^ seed.wrapping_mul(2_246_822_519) ^ o;
        h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
        (h ^ (h >> 16)) as f32 / u32::MAX as f32
    };
    let (mut total, mut amplitude, mut norm) = (0.0, 1.0, 0.0);
    for o in 0..octaves {
        let f = (1 << o) as f32;
        let (fx, fy) = (x * period as f32 * f, y * period as f32 * f);
        let (ix, iy) = (fx.floor() as i64, fy.floor() as i64);
        let (tx, ty) = (fx - fx.floor(), fy - fy.floor());
        let (sx, sy) = (tx * tx * (3.0 - 2.0 * tx), ty * ty * (3.0 - 2.0 * ty));
        let a = hash(ix, iy, o) + (hash(ix + 1, iy, o) - hash(ix, iy, o)) * sx;
        let b = hash(ix, iy + 1, o) + (hash(ix + 1, iy + 1, o) - hash(ix, iy + 1, o)) * sx;
        total += (a + (b - a) * sy) * amplitude;
        norm += amplitude;
        amplitude *= 0.5;
    }
    total / norm
}

/// Builds a repeating sRGB texture from a colour function over [0, 1)².
fn image(size: u32, color: impl Fn(f32, f32) -> [f32; 3]) -> Image {
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            let c = color(x as f32 / size as f32, y as f32 / size as f32);
            data.extend(c.iter().map(|v| (v.clamp(0.0, 1.0) * 255.0) as u8));
            data.push(255);
        }
    }
    let mut image = Image::new(
        Extent3d { width: size, height: size, depth_or_array_layers: 1 },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        ..ImageSamplerDescriptor::linear()
    });
    image
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

/// Dark oiled wood with long grain along x.
pub fn wood() -> Image {
    image(256, |u, v| {
        let grain = noise(u * 0.25, v * 4.0, 4, 4, 1);
        let rings = ((v * 40.0 + grain * 12.0).sin() * 0.5 + 0.5).powf(3.0);
        mix([0.2, 0.1, 0.05], [0.42, 0.24, 0.12], rings * 0.6 + grain * 0.4)
    })
}

/// Polished stone with soft veins, tinted by `base`.
pub fn stone(base: [f32; 3], seed: u32) -> Image {
    image(128, move |u, v| {
        let n = noise(u, v, 3, 5, seed);
        let vein = (1.0 - ((u * 3.0 + n * 4.0).sin()).abs()).powf(12.0);
        let c = mix(base, [base[0] * 0.8, base[1] * 0.78, base[2] * 0.76], n);
        mix(c, [base[0] * 0.6, base[1] * 0.58, base[2] * 0.56], vein * 0.5)
    })
}

/// Ochre plaster for the pub's walls.
pub fn plaster() -> Image {
    image(256, |u, v| {
        let n = noise(u, v, 6, 5, 7);
        mix([0.55, 0.36, 0.22], [0.72, 0.5, 0.32], n)
    })
}

/// Rippled sand for the Wadi.
pub fn sand() -> Image {
    image(128, |u, v| {
        let n = noise(u, v, 4, 4, 3);
        let ripple = ((v * 30.0 + n * 6.0).sin() * 0.5 + 0.5) * 0.25;
        mix([0.7, 0.52, 0.3], [0.9, 0.72, 0.46], n * 0.6 + ripple)
    })
}

/// A sky from its zenith (the top of the image) down to its horizon, with a glow low down:
/// dusk's violet and orange, noon's blue and white, a harbour night's blue-black.
pub fn sky(zenith: [f32; 3], horizon: [f32; 3], glow: [f32; 3]) -> Image {
    image(128, move |_, v| {
        let t = v.clamp(0.0, 1.0);
        if t < 0.6 { mix(zenith, horizon, t / 0.6) } else { mix(horizon, glow, (t - 0.6) / 0.4) }
    })
}

/// Awning cloth: broad stripes of two colours with a weave's faint noise.
pub fn stripes(a: [f32; 3], b: [f32; 3]) -> Image {
    image(128, move |u, v| {
        let n = noise(u, v, 16, 2, 21) * 0.12;
        let c = if ((u * 6.0).floor() as u32).is_multiple_of(2) { a } else { b };
        [c[0] - n, c[1] - n, c[2] - n]
    })
}

/// A soft round puff, white with alpha falling to the edge, for smoke and dust.
pub fn puff() -> Image {
    let size = 64;
    let mut data = Vec::with_capacity(size * size * 4);
    for y in 0..size {
        for x in 0..size {
            let (dx, dy) = (x as f32 / size as f32 - 0.5, y as f32 / size as f32 - 0.5);
            let r = (dx * dx + dy * dy).sqrt() * 2.0;
            let n = noise(x as f32 / size as f32, y as f32 / size as f32, 4, 3, 9);
            let a = ((1.0 - r).max(0.0)).powf(2.0) * (0.6 + 0.4 * n);
            data.extend([235, 225, 210, (a * 255.0) as u8]);
        }
    }
    Image::new(
        Extent3d { width: size as u32, height: size as u32, depth_or_array_layers: 1 },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}
