//! Part of the bonus family (ABL-5, CMB-2): friends' bonus attacks bound to a target or a
//! weapon. "Pick an enemy fighter within 1\" of this
//! fighter. Each friendly fighter with the R runemark within 3\" of that enemy fighter can make
//! one bonus attack action that must target that enemy fighter": the bonus attacks wait, in
//! turn (this fighter's own first, then the friends nearest the enemy), each only on it.

use bevy::prelude::*;

use crate::model::effects::{Effect, GangUp};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, Bonus, FighterView};

use super::{Useful, Weighed};

/// In words: "a bonus attack on an enemy within 1\" for each friendly fighter with the R
/// runemark within 3\" of it".
pub(super) fn describe(e: &Effect) -> String {
    let Effect::GangUp(g) = e else {
        return String::new();
    };
    format!(
        "a bonus attack on {} enemy {} for each friendly fighter{} within {}\" of it (this \
         fighter too, when it bears the runemarks)",
        if g.visible { "a visible" } else { "an" },
        super::within_text(g.range),
        g.marks.with_words(),
        g.around
    )
}

/// The friends (this fighter too) bearing the marks within `around` of the enemy `t`: this
/// fighter first, then the others nearest `t`.
fn gang(all: &[FighterView], f: &FighterView, g: &GangUp, t: &FighterView) -> Vec<FighterId> {
    let mut near: Vec<(f32, FighterId)> =
        (super::per_friend::bearers_near(all, t, f.side, &g.marks, g.around).into_iter())
            .map(|(d, o)| (if o.id == f.id { -1.0 } else { d }, o.id))
            .collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    near.into_iter().map(|(_, id)| id).collect()
}

/// CMB-2: a bonus attack on the enemy picked (`target`) waits for each of the gang, in turn.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    target: Option<FighterId>,
) -> Option<EffectOutcome> {
    let Effect::GangUp(g) = e else {
        return None;
    };
    let all = state::fighters(world);
    let t = all.iter().find(|o| Some(o.id) == target && o.on_board())?;
    let fighters = gang(&all, f, g, t);
    let bonuses = fighters.iter().map(|&id| match id == f.id {
        true => Bonus::AttackAt {
            target: t.id,
            melee: false,
        },
        false => Bonus::FriendAttack {
            fighter: id,
            melee: false,
            at: Some(t.id),
            weapons: None,
        },
    });
    if let Some(a) = state::engine(world).activation.as_mut() {
        a.bonus.extend(bonuses);
    }
    Some(EffectOutcome::GangedUp {
        target: t.id,
        fighters,
    })
}

/// SOLO-C1: worth it when an enemy in reach has friends round it to attack it.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::GangUp(g) = e else {
        return None;
    };
    let picked = super::reach_of(w.world, w.all, w.f, e)?
        .into_iter()
        .next()?;
    let t = w.all.iter().find(|o| o.id == picked)?;
    (!gang(w.all, w.f, g, t).is_empty()).then_some(Useful::Because(
        "friends stand round an enemy in its reach",
        Some(t.id),
    ))
}

/// ABL-5: the weapons of fighter `t` bearing `marks` ("a bonus attack action that has a Ranged
/// Weapon runemark"), a bit for each by index; none when the card names no runemark.
pub(super) fn weapons_bearing(
    world: &mut World,
    t: FighterId,
    marks: crate::model::effects::Marks,
) -> Option<u8> {
    let fits = |w: &crate::model::formats::Weapon| {
        crate::model::effects::weapon_fits(marks, w.runemark.as_deref())
    };
    let ws = state::fighter(world, t)
        .map(|o| o.profile.weapons.clone())
        .unwrap_or_default();
    (!marks.is_none()).then(|| {
        (ws.iter().enumerate().take(8))
            .filter(|(_, w)| fits(w))
            .fold(0u8, |m, (k, _)| m | (1 << k))
    })
}

// The card's wording (`card`: the language's shared pieces).

/// "Pick a (visible) enemy fighter within N\" of this fighter." + "Each friendly fighter with
/// the R runemark within N\" of that enemy fighter can make one bonus attack action that must
/// target that enemy fighter."
pub(super) fn read(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, visible) = super::card::picked_enemy(&s[0])?;
    let rest = s.get(1)?.strip_prefix("each friendly fighter with ")?;
    let (marks, rest) = rest.split_once(" within ")?;
    let around = super::card::fill(
        rest,
        "{n}\" of that enemy fighter can make one bonus attack action that must target that \
         enemy fighter",
    )?[0];
    let g = GangUp {
        range,
        visible,
        marks: super::card::marks_of(marks)?,
        around: around as f32,
    };
    Some((2, vec![Effect::GangUp(g)]))
}

/// "A fighter can use this ability only if they are within N\" of a friendly F." + "That F
/// makes a bonus attack action that has a R Weapon runemark": the friend it names near it
/// makes a bonus attack with a weapon bearing R.
pub(super) fn friend_attack_with(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let near = super::condition_words::sentence(&s[0])?;
    let [
        Effect::Requires(crate::model::effects::Condition::FriendWithin {
            range,
            visible,
            runemark,
            marks,
        }),
    ] = &near[..]
    else {
        return None;
    };
    let mark = (s.get(1)?)
        .strip_prefix("that fighter makes a bonus attack action that has a ")?
        .strip_suffix(" runemark")?;
    let attack = Effect::FriendBonusAttack {
        range: *range,
        visible: *visible,
        runemark: runemark.clone(),
        marks: *marks,
        melee: false,
        weapon: super::card::marks_of(&format!("the {mark} runemark"))?,
    };
    Some((2, vec![near[0].clone(), attack]))
}
