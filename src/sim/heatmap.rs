//! `simulate --heatmap X.png` (and `--walked-heatmap`): where fighters were taken down (ATK-5),
//! or the squares their moves passed through (MOVE-1), over many battles, drawn
//! over the battlefield: each 1" square from the mat's green through yellow to red as more
//! fell there (on a square-root scale; the square where most fell is red), the terrain pieces' outlines (deadly ones
//! in green), and the objectives as white rings.

use crate::model::formats::{Point2, TerrainCard, TerrainKind};

use super::balance::Counts;

/// Pixels an inch.
const SCALE: u32 = 20;

/// What a heatmap counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heat {
    /// ATK-5: fighters taken down in each square.
    Downs,
    /// MOVE-1: moves that passed through each square.
    Walked,
}

/// The heatmap of `counts` (what `heat` says) on `terrain`, as PNG bytes; `None` with nothing
/// counted.
pub fn heatmap_png(
    counts: &Counts,
    heat: Heat,
    terrain: &TerrainCard,
    objectives: &[Point2],
) -> Option<Vec<u8>> {
    let [w, h] = counts.downs_size;
    let grid = match heat {
        Heat::Downs => &counts.downs,
        Heat::Walked => &counts.walked,
    };
    if grid.is_empty() || w == 0 || h == 0 {
        return None;
    }
    let (pw, ph) = (w * SCALE, h * SCALE);
    let mut img = Image {
        w: pw,
        h: ph,
        px: vec![[52, 72, 44]; (pw * ph) as usize],
    };
    let most = grid.iter().copied().max().unwrap_or(0).max(1) as f32;
    for (i, &n) in grid.iter().enumerate() {
        let (cx, cz) = (i as u32 % w, i as u32 / w);
        // Square-root scale: the few squares where most fell don't wash out the rest.
        let colour = ramp((n as f32 / most).sqrt());
        for y in cz * SCALE..(cz + 1) * SCALE {
            for x in cx * SCALE..(cx + 1) * SCALE {
                img.set(x as i32, y as i32, colour);
            }
        }
    }
    for p in &terrain.pieces {
        let c = p.corners();
        let colour = if p.kind == TerrainKind::Deadly {
            [90, 230, 90]
        } else {
            [225, 225, 225]
        };
        for k in 0..4 {
            img.line(c[k], c[(k + 1) % 4], colour);
        }
    }
    for &o in objectives {
        img.ring(o, 0.6, [255, 255, 255]);
    }
    img.encode()
}

/// 0: the mat; 0.5: yellow; 1: red.
fn ramp(t: f32) -> [u8; 3] {
    let mix = |a: [u8; 3], b: [u8; 3], t: f32| {
        std::array::from_fn(|i| (a[i] as f32 + (b[i] as f32 - a[i] as f32) * t).round() as u8)
    };
    let (mat, yellow, red) = ([52, 72, 44], [240, 210, 60], [220, 40, 30]);
    if t <= 0.0 {
        mat
    } else if t < 0.5 {
        mix(mat, yellow, t * 2.0)
    } else {
        mix(yellow, red, (t - 0.5) * 2.0)
    }
}

struct Image {
    w: u32,
    h: u32,
    px: Vec<[u8; 3]>,
}

impl Image {
    fn set(&mut self, x: i32, y: i32, c: [u8; 3]) {
        if x >= 0 && y >= 0 && (x as u32) < self.w && (y as u32) < self.h {
            self.px[(y as u32 * self.w + x as u32) as usize] = c;
        }
    }

    /// A line between two points of the battlefield (inches), two pixels wide.
    fn line(&mut self, a: Point2, b: Point2, c: [u8; 3]) {
        let s = SCALE as f32;
        let steps = ((b.0 - a.0).abs().max((b.1 - a.1).abs()) * s)
            .ceil()
            .max(1.0) as i32;
        for k in 0..=steps {
            let t = k as f32 / steps as f32;
            let (x, y) = ((a.0 + (b.0 - a.0) * t) * s, (a.1 + (b.1 - a.1) * t) * s);
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                self.set(x as i32 + dx, y as i32 + dy, c);
            }
        }
    }

    fn ring(&mut self, at: Point2, r: f32, c: [u8; 3]) {
        for k in 0..96 {
            let a = k as f32 / 96.0 * std::f32::consts::TAU;
            let b = (k + 1) as f32 / 96.0 * std::f32::consts::TAU;
            self.line(
                (at.0 + r * a.cos(), at.1 + r * a.sin()),
                (at.0 + r * b.cos(), at.1 + r * b.sin()),
                c,
            );
        }
    }

    fn encode(&self) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        let mut enc = png::Encoder::new(&mut out, self.w, self.h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header().ok()?;
        let data: Vec<u8> = self.px.iter().flatten().copied().collect();
        writer.write_image_data(&data).ok()?;
        writer.finish().ok()?;
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ATK-5: the square where most fighters fell is drawn red, an empty one keeps the mat's
    /// green, and the picture is the battlefield at 20 pixels an inch.
    #[test]
    fn atk5_the_square_where_most_fell_is_red() {
        let mut counts = Counts {
            downs_size: [30, 22],
            downs: vec![0; 30 * 22],
            ..Counts::default()
        };
        counts.downs[22 * 30 / 2 + 15] = 8;
        counts.downs[0] = 1;
        let terrain = TerrainCard {
            name: "t".into(),
            pieces: Vec::new(),
        };
        let bytes = heatmap_png(&counts, Heat::Downs, &terrain, &[]).unwrap();
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (600, 440));
        let at = |x: usize, y: usize| {
            let i = (y * 600 + x) * 3;
            [buf[i], buf[i + 1], buf[i + 2]]
        };
        assert_eq!(at(15 * 20 + 10, 11 * 20 + 10), [220, 40, 30], "most: red");
        assert_eq!(at(300, 100), [52, 72, 44], "none: the mat");
        let few = at(10, 10);
        assert!(few[0] > 52 && few[0] < 240, "a few: towards yellow {few:?}");
    }
}
