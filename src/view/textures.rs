//! Textures made here, pixel by pixel, so that nothing is downloaded: cut stone (blocks with
//! mortar lines), wood planks, bubbling bile and the mat's grass. Each is a small tile that
//! repeats; a piece's material scales it to the piece's size, so a block is the same size on
//! every piece.

use bevy::asset::RenderAssetUsages;
use bevy::image::{Image, ImageAddressMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Pixels along a tile's side.
const SIDE: u32 = 64;

/// Inches one tile covers.
pub(crate) const TILE: f32 = 2.0;

/// What a tile shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Surface {
    Stone,
    Wood,
    Bile,
    Grass,
}

/// A deterministic noise value in 0..1 for pixel `(x, y)` and `salt`.
fn noise(x: u32, y: u32, salt: u32) -> f32 {
    let mut h = x.wrapping_mul(374_761_393)
        ^ y.wrapping_mul(668_265_263)
        ^ salt.wrapping_mul(2_246_822_519);
    h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
    h ^= h >> 16;
    (h & 0xffff) as f32 / 65_535.0
}

/// The brightness (0..1, around 1) of pixel `(x, y)` on `s`.
fn shade(s: Surface, x: u32, y: u32) -> f32 {
    let grain = noise(x, y, 1) * 0.12 - 0.06;
    match s {
        Surface::Stone => {
            // Courses of blocks 16 px high, each course's joints offset by half a block.
            let course = y / 16;
            let shift = if course.is_multiple_of(2) { 0 } else { 16 };
            let bx = (x + shift) / 32;
            let mortar = y.is_multiple_of(16) || (x + shift).is_multiple_of(32);
            if mortar {
                return 0.55;
            }
            0.88 + noise(bx, course, 7) * 0.22 + grain
        }
        Surface::Wood => {
            let plank = x / 16;
            let ring = ((y as f32 * 0.35 + noise(plank, 0, 3) * 20.0).sin() * 0.5 + 0.5) * 0.12;
            if x.is_multiple_of(16) {
                return 0.6;
            }
            0.86 + ring + noise(plank, 1, 5) * 0.12 + grain * 0.5
        }
        Surface::Bile => {
            // Bubbles: lighter rings round a few centres.
            let mut lift: f32 = 0.0;
            for i in 0..6 {
                let cx = noise(i, 0, 11) * SIDE as f32;
                let cy = noise(i, 1, 11) * SIDE as f32;
                let d = ((x as f32 - cx).powi(2) + (y as f32 - cy).powi(2)).sqrt();
                let r = 3.0 + noise(i, 2, 11) * 5.0;
                if (d - r).abs() < 1.2 {
                    lift = lift.max(0.35);
                }
            }
            0.85 + lift + grain * 1.5
        }
        Surface::Grass => 0.9 + noise(x / 2, y / 2, 9) * 0.16 + grain,
    }
}

/// A repeating tile of `s`, in greys: the material's base colour tints it.
pub(crate) fn tile(s: Surface) -> Image {
    let mut data = Vec::with_capacity((SIDE * SIDE * 4) as usize);
    for y in 0..SIDE {
        for x in 0..SIDE {
            let v = (shade(s, x, y).clamp(0.0, 1.2) / 1.2 * 255.0) as u8;
            data.extend_from_slice(&[v, v, v, 255]);
        }
    }
    let mut image = Image::new(
        Extent3d {
            width: SIDE,
            height: SIDE,
            depth_or_array_layers: 1,
        },
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

/// The tiles, made once.
#[derive(Resource, Clone)]
pub(crate) struct Tiles {
    pub stone: Handle<Image>,
    pub wood: Handle<Image>,
    pub bile: Handle<Image>,
    pub grass: Handle<Image>,
}

impl Tiles {
    pub(crate) fn new(images: &mut Assets<Image>) -> Tiles {
        Tiles {
            stone: images.add(tile(Surface::Stone)),
            wood: images.add(tile(Surface::Wood)),
            bile: images.add(tile(Surface::Bile)),
            grass: images.add(tile(Surface::Grass)),
        }
    }
}

/// A UV scale showing one tile per [`TILE`] inches on a face `size` inches across.
pub(crate) fn tiling(size: Vec2) -> bevy::math::Affine2 {
    bevy::math::Affine2::from_scale((size / TILE).max(Vec2::splat(0.5)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tiles are made the same on every run, and stone shows its mortar lines.
    #[test]
    fn tiles_are_the_same_every_run_and_stone_has_mortar() {
        let a = tile(Surface::Stone);
        let b = tile(Surface::Stone);
        assert_eq!(a.data, b.data);
        let px = |x: u32, y: u32| a.data.as_ref().unwrap()[((y * SIDE + x) * 4) as usize];
        assert!(
            px(5, 0) < px(5, 8),
            "a mortar line is darker than the block"
        );
    }
}
