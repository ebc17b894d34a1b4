//! Part of the damage family (ABL-5): a point on the battlefield the fighter can see, picked
//! by its player, and damage to every enemy within so far of it ("pick a point on the
//! battlefield that is visible to this fighter. Allocate ... to all enemy fighters within 3\"
//! of that point"); the places it may pick, the solo AI's pick, and the card's words.

use bevy::prelude::*;

use crate::battlefield::Battlefield;
use crate::battlefield::measure::{Base, distance};
use crate::battlefield::nav::Mover;
use crate::battlefield::sight::{Body, visible};
use crate::model::RuleId;
use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{ANYWHERE, Amount, Effect, PointDamage, Roll};
use crate::model::formats::BaseSize;
use crate::rules::command::Rejected;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::card::{fill, for_each};
use super::{Useful, Weighed, amount_text};

/// A point as a body: a base a millimetre across, a twentieth of an inch high (GEN-3's sight
/// of a point on the ground).
fn point(at: Vec3) -> Body {
    Body::new(Base::new(BaseSize::Round(1.0), at, 0.0), 0.05)
}

/// Is the point `at` within `within` inches of `f` (its base's edge) and can `f` see it?
fn in_sight(world: &World, all: &[FighterView], f: &FighterView, within: f32, at: Vec3) -> bool {
    let p = point(at);
    if within < ANYWHERE && distance(&f.base(), &p.base) > within + 1e-4 {
        return false;
    }
    let Some(bf) = world.get_resource::<Battlefield>() else {
        return true;
    };
    let others: Vec<Body> = (all.iter())
        .filter(|o| o.on_board() && o.id != f.id)
        .map(FighterView::body)
        .collect();
    visible(&bf.shapes, &f.body(), &p, &others)
}

/// ABL-5: the points `f` may pick: places on the floor or a platform (where a base the size
/// of its own could stand), within `within` inches, that it can see; nearest first.
pub fn spots(world: &mut World, all: &[FighterView], f: &FighterView, within: f32) -> Vec<Vec3> {
    let rules = world.resource::<crate::model::ruleset::Ruleset>().clone();
    let flyer = Mover {
        can_fly: true,
        fly_rise: None,
        ..f.mover(&rules)
    };
    let budget = (within * 1.5 + 2.0).min(200.0);
    let places = (world.resource::<Battlefield>().nav).reachable(&flyer, f.pos, budget, &[], true);
    let mut spots: Vec<Vec3> = (places.into_iter())
        .map(|(p, _)| p)
        .filter(|p| in_sight(world, all, f, within, *p))
        .collect();
    spots.sort_by(|a, b| {
        (a.distance(f.pos).total_cmp(&b.distance(f.pos)))
            .then(a.x.total_cmp(&b.x))
            .then(a.z.total_cmp(&b.z))
    });
    spots
}

/// ABL-5: may `f` pick the point `at`: on the floor or a platform, in reach, seen?
pub(crate) fn check(
    world: &mut World,
    f: &FighterView,
    within: f32,
    at: Vec3,
) -> Result<(), Rejected> {
    let all = state::fighters(world);
    let rules = world.resource::<crate::model::ruleset::Ruleset>().clone();
    let on_ground = (world.resource::<Battlefield>().nav).can_stop(&f.mover(&rules), at);
    if on_ground && in_sight(world, &all, f, within, at) {
        return Ok(());
    }
    let reach = crate::model::effects::Placing::Point {
        within,
        around: 0.0,
    }
    .words();
    Err(Rejected::new(
        RuleId::Abl5,
        format!(
            "not a point {} can pick: on the floor or a platform, {reach}",
            f.name
        ),
    ))
}

/// The enemies of `f` within `around` inches of the point `at`, nearest first.
fn enemies_near<'a>(
    all: &'a [FighterView],
    f: &FighterView,
    around: f32,
    at: Vec3,
) -> Vec<&'a FighterView> {
    let p = point(at).base;
    let mut near: Vec<(f32, &FighterView)> = (all.iter())
        .filter(|o| o.on_board() && o.side != f.side)
        .map(|o| (distance(&o.base(), &p), o))
        .filter(|(d, _)| *d <= around + 1e-4)
        .collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.id.cmp(&b.1.id)));
    near.into_iter().map(|(_, o)| o).collect()
}

/// SOLO-C1's pick, and the rules' when the player picks none: of the points under each enemy
/// and midway between two on the same level, one `f` may pick that reaches the most enemies
/// (then the most wounds left among them); none when no such point reaches any.
pub(crate) fn best(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    e: &Effect,
) -> Option<Vec3> {
    let Effect::DamageAtPoint(PointDamage { within, around, .. }) = *e else {
        return None;
    };
    let enemies: Vec<&FighterView> = (all.iter())
        .filter(|o| o.on_board() && o.side != f.side)
        .collect();
    let mut at: Vec<Vec3> = enemies.iter().map(|o| o.pos).collect();
    for (i, a) in enemies.iter().enumerate() {
        for b in &enemies[i + 1..] {
            let close = a.pos.distance(b.pos) <= 2.0 * around + 2.0;
            if close && (a.pos.y - b.pos.y).abs() < 1e-3 {
                at.push((a.pos + b.pos) / 2.0);
            }
        }
    }
    let worth = |p: &Vec3| {
        let near = enemies_near(all, f, around, *p);
        let left: u32 = near
            .iter()
            .map(|o| o.profile.wounds.saturating_sub(o.damage))
            .sum();
        (near.len(), left)
    };
    let mut scored: Vec<((usize, u32), Vec3)> = at.iter().map(|p| (worth(p), *p)).collect();
    // Most first; sight is asked of the best ones only.
    scored.sort_by_key(|s| std::cmp::Reverse(s.0));
    (scored.into_iter())
        .filter(|(w, _)| w.0 > 0)
        .find(|(_, p)| in_sight(world, all, f, within, *p))
        .map(|(_, p)| p)
}

/// In words: "every enemy within 3\" of a point it can see: 2 damage"; "roll 4 dice: each 4+
/// deals a D3 to every enemy within 3\" of a point it can see within 12\"".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::DamageAtPoint(PointDamage {
        within,
        around,
        amount,
        roll,
    }) = e
    else {
        return String::new();
    };
    let place = crate::model::effects::Placing::Point {
        within: *within,
        around: *around,
    }
    .words();
    let near = format!("every enemy within {around}\" of a point {place}");
    match roll {
        None => format!("{near}: {} damage", amount_text(amount, value)),
        Some(r) => format!(
            "roll {} dice: each {} to {near} (rolled for each)",
            amount_text(&r.dice, value),
            super::damage::bands_text(r, value)
        ),
    }
}

/// ABL-5: the point picked (`place`, checked before; none: [`best`]), then the damage to each
/// enemy near it: the amount, or for each success of the roll its band's damage (a dice
/// rolled for each enemy, when the band is a D3 or D6). Said, then dealt by the caller.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
    place: Option<Vec3>,
) -> Vec<EffectOutcome> {
    let Effect::DamageAtPoint(PointDamage {
        around,
        amount,
        roll,
        ..
    }) = e
    else {
        return Vec::new();
    };
    let all = state::fighters(world);
    let Some(at) = place.or_else(|| best(world, &all, f, e)) else {
        return vec![EffectOutcome::AtPoint {
            at: None,
            rolls: Vec::new(),
            fighters: Vec::new(),
        }];
    };
    let near: Vec<_> = (enemies_near(&all, f, *around, at).iter())
        .map(|o| o.id)
        .collect();
    let (rolls, each) = match roll {
        None => (Vec::new(), vec![amount.of(value); near.len()]),
        Some(r) => rolled(world, r, value, near.len()),
    };
    let mut out = vec![EffectOutcome::AtPoint {
        at: Some(at.to_array()),
        rolls,
        fighters: near.clone(),
    }];
    for (t, damage) in near.into_iter().zip(each) {
        if damage > 0 {
            out.push(EffectOutcome::Damage {
                fighters: vec![t],
                damage,
                rolls: Vec::new(),
            });
        }
    }
    out
}

/// The roll `r` with dice showing `value`, and what it deals each of `n` enemies: for each
/// roll in a band, its damage (a D3 or D6 rolled for each enemy, for a band of those).
fn rolled(world: &mut World, r: &Roll, value: u8, n: usize) -> (Vec<u8>, Vec<u32>) {
    let mut rng = world.resource_mut::<DiceRng>();
    let rolls = rng.roll(r.dice.of(value) as usize);
    let mut each = vec![0u32; n];
    for &roll in &rolls {
        if let Some(&(_, _, d)) = r
            .bands
            .iter()
            .find(|(lo, hi, _)| (*lo..=*hi).contains(&roll))
        {
            each.iter_mut().for_each(|x| *x += d.of(value));
        }
        if let Some(&(_, _, sides)) = r
            .rolled
            .iter()
            .find(|(lo, hi, _)| (*lo..=*hi).contains(&roll))
        {
            for x in each.iter_mut() {
                *x += crate::model::dice::as_sides(rng.d6(), sides);
            }
        }
    }
    (rolls, each)
}

/// SOLO-C1: worth it when a point it may pick reaches an enemy.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::DamageAtPoint(PointDamage { around, .. }) = *e else {
        return None;
    };
    // `best` takes only a point that reaches an enemy: the nearest of them is named.
    let at = best(w.world, w.all, w.f, e)?;
    let near = enemies_near(w.all, w.f, around, at).first().map(|o| o.id);
    Some(Useful::Because(
        "enemies stand near a point it can see",
        near,
    ))
}

// The card's wording (`card`: the language's shared pieces).

/// "Pick a point on the battlefield (within N\" of and) visible to this fighter(, and roll a
/// number of dice equal to the value of this ability)." + "Allocate A damage points to all
/// enemy fighters within N\" of that point." / "For each roll of 4+, allocate D3 damage points
/// to each enemy fighter within N\" of that point."
pub(super) fn read(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let rest = s[0].strip_prefix("pick a point on the battlefield ")?;
    let (within, rest) = match rest.strip_prefix("that is visible to this fighter") {
        Some(r) => (ANYWHERE, r),
        None => {
            let (n, r) = super::card::number_prefix(rest.strip_prefix("within ")?)?;
            (
                n as f32,
                r.strip_prefix("\" of and visible to this fighter")?,
            )
        }
    };
    let dice = match rest {
        "" => None,
        ", and roll a number of dice equal to the value of this ability" => Some(Amount::Value),
        _ => return None,
    };
    let then = s.get(1)?;
    let (amount, around, roll) = match dice {
        None => {
            let rest = then.strip_prefix("allocate a number of damage points equal to ")?;
            let (amount, rest) = super::card::amount_prefix(rest)?;
            let around = fill(rest, " to all enemy fighters within {n}\" of that point")?[0];
            (amount, around, None)
        }
        Some(dice) => {
            let (least, most, rest) = super::card::band_prefix(for_each(then)?)?;
            let rest = rest.strip_prefix("allocate d")?;
            let (sides, rest) = super::card::number_prefix(rest)?;
            let around = fill(
                rest,
                " damage points to each enemy fighter within {n}\" of that point",
            )?[0];
            let roll = Roll {
                dice,
                bands: Vec::new(),
                rolled: vec![(least, most, u8::try_from(sides).ok()?)],
                upto_round: None,
            };
            (Amount::Fixed(0), around, Some(roll))
        }
    };
    let e = Effect::DamageAtPoint(PointDamage {
        within,
        around: around as f32,
        amount,
        roll,
    });
    Some((2, vec![e]))
}
