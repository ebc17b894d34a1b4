//! ABL-5: a friend's bonus move that must end closer to the fighter whose ability gave it
//! ("Each friendly fighter ... can make a bonus move action. That move action must end closer
//! to this fighter"): the engine's check, the places it leaves, and the AI's place.

use bevy::prelude::*;

use crate::battlefield::measure::{Base, distance};
use crate::model::RuleId;
use crate::rules::command::Rejected;
use crate::rules::state::{Bonus, Engine, FighterView};

/// The active fighter, when `bonus` is a move of `f`'s that must end closer to it.
fn toward<'a>(
    world: &World,
    all: &'a [FighterView],
    bonus: Option<Bonus>,
) -> Option<&'a FighterView> {
    let Some(Bonus::FriendMove { closer: true, .. }) = bonus else {
        return None;
    };
    let active = world.resource::<Engine>().activation.as_ref()?.fighter;
    all.iter().find(|o| o.id == active)
}

/// How far `f` would be from `other` standing at `p`.
fn from_at(f: &FighterView, p: Vec3, other: &FighterView) -> f32 {
    distance(&Base::new(f.profile.base, p, f.facing), &other.base())
}

/// ABL-5: may `f`'s move taking `bonus` end at `to` (closer to the active fighter, when the
/// bonus asks it)?
pub fn check_closer_to_active(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    bonus: Option<Bonus>,
    to: Vec3,
) -> Result<(), Rejected> {
    let Some(a) = toward(world, all, bonus) else {
        return Ok(());
    };
    let (before, after) = (distance(&f.base(), &a.base()), from_at(f, to, a));
    if after < before - 1e-4 {
        return Ok(());
    }
    Err(Rejected::new(
        RuleId::Abl5,
        format!(
            "{}'s bonus move must end closer to {} than the {before:.1}\" it began ({after:.1}\" \
             there)",
            f.name, a.name
        ),
    ))
}

/// ABL-5: of the places `f`'s move taking `bonus` may end, those closer to the active
/// fighter, when the bonus asks it.
pub fn keep_closer_to_active(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    bonus: Option<Bonus>,
    places: &mut Vec<([f32; 3], f32)>,
) {
    if let Some(a) = toward(world, all, bonus) {
        let before = distance(&f.base(), &a.base());
        places.retain(|(p, _)| from_at(f, Vec3::from_array(*p), a) < before - 1e-4);
    }
}

/// ABL-5: for an AI, where `f`'s move taking `bonus` (up to `max` inches) ends nearest the
/// active fighter, when the bonus must end closer to it and some place does.
pub fn spot_closer_to_active(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    (bonus, max): (Bonus, f32),
) -> Option<Vec3> {
    let a = toward(world, all, Some(bonus))?;
    let before = distance(&f.base(), &a.base());
    let places = crate::rules::options::move_places(world, all, f, max, None);
    places
        .into_iter()
        .map(|(p, _)| {
            let p = Vec3::from_array(p);
            (from_at(f, p, a), p)
        })
        .filter(|(d, _)| *d < before - 1e-4)
        .min_by(|x, y| x.0.total_cmp(&y.0))
        .map(|(_, p)| p)
}
