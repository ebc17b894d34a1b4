//! How far an attack reaches (ATK-2, ABL-5): the distance its range is measured over, the
//! range an ability raises, and the friends that bar a missile attack.

use crate::battlefield::measure::{bases_within, distance, horizontal_distance};
use crate::model::effects::Effect;
use crate::model::formats::Weapon;
use crate::rules::state::{Engine, FighterView};

/// ATK-2 with ABL-5: the distance an attack's range is measured over: without the vertical
/// distance when an ability of `f`'s says so.
pub fn attack_distance(e: &Engine, f: &FighterView, t: &FighterView) -> f32 {
    let flat = e
        .activation
        .as_ref()
        .is_some_and(|a| a.lasts(f.id, |e| *e == Effect::FlatAttackRange));
    if flat {
        horizontal_distance(&f.base(), &t.base())
    } else {
        distance(&f.base(), &t.base())
    }
}

/// ATK-2 with ABL-5: the Range of `f`'s attack with `w`: what an ability makes its next
/// attack's, else the weapon's, raised as abilities raise it this activation.
pub fn attack_range(e: &Engine, f: &FighterView, w: &Weapon) -> f32 {
    let set = (e.activation.as_ref().filter(|a| a.fighter == f.id)).and_then(|a| {
        (a.lasting.iter().chain(&a.for_bonus)).find_map(|x| match x {
            Effect::RangeIs { inches } => Some(inches.of(0) as f32),
            _ => None,
        })
    });
    set.unwrap_or_else(|| w.max_range + range_raised(e, f, w.is_melee()))
}

/// ABL-5: how many inches more the range of `f`'s (`melee`) attacks is this activation.
pub fn range_raised(e: &Engine, f: &FighterView, melee: bool) -> f32 {
    let Some(a) = e.activation.as_ref().filter(|a| a.fighter == f.id) else {
        return 0.0;
    };
    (a.lasting.iter())
        .filter_map(|x| match x {
            Effect::RangeBoost { by, melee_only } if melee || !melee_only => Some(by.of(0)),
            _ => None,
        })
        .sum::<u32>() as f32
}

/// ATK-2: a missile attack can't target an enemy within 1" of the attacker's friends, unless
/// the weapon has no minimum range and the attacker is within 3" of the target.
pub(super) fn missile_blocked_by_friends(
    all: &[FighterView],
    f: &FighterView,
    t: &FighterView,
    w: &Weapon,
    d: f32,
) -> bool {
    let near_friend = all.iter().any(|o| {
        o.on_board() && o.side == f.side && o.id != f.id && bases_within(&o.base(), &t.base(), 1.0)
    });
    near_friend && !(w.min_range <= 0.0 && d <= 3.0 + 1e-4)
}
