//! Questions a designer asks of a spot on a layout (`preview`'s S and R): from which places a
//! fighter could see a fighter standing there (GEN-3), and where a fighter standing there can
//! get to with a given Move (MOVE-1..MOVE-6: walks, climbs and jumps down).

use bevy::math::{Vec2, Vec3};

use super::Battlefield;
use super::measure::Base;
use super::nav::Mover;
use super::sight::{Body, visible};
use crate::model::formats::BaseSize;

/// The fighter a designer's questions are asked for (`preview`'s tools, the card report): a
/// 32 mm base, the most common, that climbs and doesn't fly.
pub fn surveyor() -> Mover {
    let base = BaseSize::Round(32.0);
    Mover {
        base,
        body: base.default_body_height(),
        can_climb: true,
        can_fly: false,
        free_climb: false,
        fly_rise: None,
    }
}

/// Farther than any walk across a battlefield.
const FAR: f32 = 400.0;

/// Every place a fighter can stand, one per `spacing` inches of each floor and platform top
/// (those it can get to from `from`, by any walk, climb or jump), and whether a fighter there
/// sees a fighter standing at `from` (GEN-3, no other fighter in the way).
pub fn who_sees(bf: &Battlefield, from: Vec3, spacing: f32) -> Vec<(Vec3, bool)> {
    let m = surveyor();
    let body = |at: Vec3| Body::new(Base::new(m.base, at, 0.0), m.body);
    let there = body(from);
    let places: Vec<Vec3> = bf
        .nav
        .reachable(&m, from, FAR, &[], false)
        .into_iter()
        .map(|(p, _)| p)
        .filter(|p| on_lattice(*p, spacing))
        .collect();
    places
        .into_iter()
        .map(|p| (p, visible(&bf.shapes, &body(p), &there, &[])))
        .collect()
}

/// Whether a grid place lies on the coarser lattice of `spacing` inches.
fn on_lattice(p: Vec3, spacing: f32) -> bool {
    let near = |v: f32| {
        let k = v / spacing;
        (k - k.floor() - 0.5).abs() < 0.26 / spacing.max(0.5)
    };
    near(p.x) && near(p.z)
}

/// Every place a fighter standing at `from` can get to with `inches` of Move, and what each
/// costs (MOVE-1), avoiding deadly terrain or not (MOVE-10).
pub fn reach(bf: &Battlefield, from: Vec3, inches: f32, avoid_deadly: bool) -> Vec<(Vec3, f32)> {
    bf.nav
        .reachable(&surveyor(), from, inches, &[], avoid_deadly)
}

/// Where a click at `p` stands the surveyor: on the surface clicked, else on the floor below
/// (a click on a wall's side), at the place nearest the click; `None` where no base fits.
pub fn standing_place(bf: &Battlefield, p: Vec3) -> Option<Vec3> {
    let m = surveyor();
    let flat = Vec2::new(p.x, p.z);
    [p, Vec3::new(p.x, 0.0, p.z)].into_iter().find_map(|q| {
        bf.nav
            .reachable(&m, q, 1.0, &[], false)
            .into_iter()
            .min_by(|(a, _), (b, _)| {
                let da = Vec2::new(a.x, a.z).distance(flat);
                let db = Vec2::new(b.x, b.z).distance(flat);
                da.total_cmp(&db)
            })
            .map(|(q, _)| q)
    })
}
