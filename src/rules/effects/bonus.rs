//! The bonus family (ABL-5, CMB-2): bonus actions, for this fighter or another friendly
//! fighter.

use bevy::prelude::*;

use crate::battlefield::measure::{Base, distance};
use crate::model::RuleId;
use crate::model::effects::Effect;
use crate::model::ids::FighterId;
use crate::rules::command::Rejected;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, Bonus, Engine, FighterView};

use super::{Useful, Weighed};

/// In words: "a bonus move action of up to 3\"".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::BonusMoveOrAttack => "a bonus move or attack action".to_string(),
        Effect::BonusMove { max: None } => "a bonus move action".to_string(),
        Effect::BonusMove { max: Some(a) } => {
            format!(
                "a bonus move action of up to {}",
                super::inches_text(a, value)
            )
        }
        Effect::FlyingBonusMove { max } => format!(
            "a bonus move action of up to {}, flying",
            super::inches_text(max, value)
        ),
        Effect::BonusAttack => "a bonus attack action".to_string(),
        Effect::BonusMoveCloser { max } => format!(
            "a bonus move action{} that finishes closer to the closest enemy it can see",
            max.as_ref().map_or(String::new(), |a| {
                format!(" of up to {}", super::inches_text(a, value))
            })
        ),
        Effect::BonusDisengage => "a bonus disengage action".to_string(),
        Effect::BonusAttackOf { melee } => format!(
            "a bonus {} attack action",
            if *melee { "melee" } else { "missile" }
        ),
        Effect::BonusMoveOrDisengage => "a bonus move or disengage action".to_string(),
        Effect::BonusAttackAt { .. } | Effect::FriendBonusAttack { .. } => attack_text(e, value),
        Effect::BonusAttackWith { runemark } => {
            format!("a bonus attack action with its {runemark}")
        }
        Effect::FriendBonusMove { .. }
        | Effect::EachFriendBonusMove { .. }
        | Effect::PickedFriendsBonus { .. } => super::friend_move::describe(e, value),
        Effect::GangUp(_) => super::gang::describe(e),
        Effect::AfterTakedown { then, melee } => format!(
            "until the end of its activation, each time its {}attack action takes an enemy down: \
             {}",
            if *melee { "melee " } else { "" },
            then.iter()
                .map(|t| super::describe(std::slice::from_ref(t), value))
                .collect::<Vec<_>>()
                .join(", then ")
        ),
        _ => String::new(),
    }
}

/// In words: "a bonus melee attack action on a visible enemy within 3\"", "a bonus attack
/// action for a friendly fighter within 6\"".
fn attack_text(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::BonusAttackAt {
            range,
            visible,
            runemark,
            only,
            melee,
        } => format!(
            "a bonus {}attack action on {} enemy{}{}{}",
            if *melee { "melee " } else { "" },
            super::a_visible(*visible),
            super::runemark_text(runemark.as_deref(), " with the ", " runemark"),
            only.map_or(String::new(), super::lower::only_words),
            // "An enemy its attacks damaged" says who: no "anywhere" (its weapon's range holds).
            match (only, *range == crate::model::effects::ANYWHERE) {
                (Some(_), true) => String::new(),
                _ => format!(" {}", super::within_text(super::at_value(*range, value))),
            }
        ),
        Effect::FriendBonusAttack {
            range,
            visible,
            runemark,
            marks,
            melee,
            weapon,
        } => format!(
            "a bonus {}attack action{} for {}friendly fighter{} {}",
            if *melee { "melee " } else { "" },
            match weapon.is_none() {
                true => String::new(),
                false => format!(" with a weapon with the {} runemark", weapon.words()),
            },
            if *visible { "a visible " } else { "a " },
            marks.and(runemark.as_deref()).with_words(),
            super::within_text(super::at_value(*range, value))
        ),
        _ => String::new(),
    }
}

/// CMB-2: a bonus action for this fighter (or, picked in `target`, a friend) waits.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
    target: Option<FighterId>,
) -> Option<EffectOutcome> {
    let (bonus, outcome) = match e {
        Effect::FriendBonusMove { .. }
        | Effect::EachFriendBonusMove { .. }
        | Effect::PickedFriendsBonus { .. } => {
            return super::friend_move::run(world, f, e, (value, target));
        }
        Effect::AfterTakedown { .. } => {
            return super::kept(world, f, e, value, |a| a.lasting.push(e.clone()));
        }
        Effect::GangUp(_) => return super::gang::run(world, f, e, target),
        Effect::BonusMoveOrAttack
        | Effect::BonusMove { .. }
        | Effect::FlyingBonusMove { .. }
        | Effect::BonusMoveCloser { .. }
        | Effect::BonusMoveOrDisengage => one_move(world, f, e, value)?,
        Effect::FriendBonusAttack { melee, weapon, .. } => {
            let Some(t) = target else {
                // Never silently skipped (ABL-5).
                return Some(EffectOutcome::NoFriendInReach);
            };
            let bonus = Bonus::FriendAttack {
                fighter: t,
                melee: *melee,
                at: None,
                weapons: super::gang::weapons_bearing(world, t, *weapon),
            };
            (bonus, EffectOutcome::FriendAttack { fighter: t })
        }
        Effect::BonusAttack => (Bonus::AnyAttack, EffectOutcome::BonusAttack),
        Effect::BonusDisengage => (Bonus::Disengage, EffectOutcome::BonusDisengage),
        Effect::BonusAttackOf { melee } => (
            Bonus::AttackOf { melee: *melee },
            EffectOutcome::BonusAttack,
        ),
        Effect::BonusAttackAt { .. } | Effect::BonusAttackWith { .. } => one_attack(f, e, target)?,
        _ => return None,
    };
    if let Some(a) = state::engine(world).activation.as_mut() {
        a.bonus.push(bonus);
    }
    Some(outcome)
}

/// CMB-2, ABL-5: the active fighter `attacker`'s attack action took an enemy down: the bonus actions
/// its abilities give it for that wait, each logged.
pub(crate) fn after_takedown(world: &mut World, attacker: FighterId, melee: bool) {
    let Some(f) = state::fighter(world, attacker).filter(FighterView::on_board) else {
        return;
    };
    let then: Vec<Effect> = match &world.resource::<Engine>().activation {
        Some(a) if a.fighter == f.id => a
            .lasting
            .iter()
            .filter_map(|e| match e {
                Effect::AfterTakedown { then, melee: m } if melee || !m => Some(then.clone()),
                _ => None,
            })
            .flatten()
            .collect(),
        _ => return,
    };
    // Bonus actions, or a token where the enemy fell ("... cremate that enemy fighter"): the
    // effects' own runner, each logged.
    super::run(world, &f, &then, 0, super::Picks::default());
}

/// A bonus move of `f` (or a move or another action), as long as the effect says or its own
/// Move.
fn one_move(
    world: &World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<(Bonus, EffectOutcome)> {
    let length = |max: &Option<crate::model::effects::Amount>| match max {
        Some(m) => Some(m.of(value) as f32),
        None => own_move_length(world, f),
    };
    Some(match e {
        Effect::BonusMoveOrAttack => {
            let max = own_move_length(world, f)?;
            let outcome = EffectOutcome::BonusMoveOrAttack { max };
            (Bonus::MoveOrAttack { max }, outcome)
        }
        Effect::BonusMove { max } => {
            let max = length(max)?;
            let outcome = EffectOutcome::BonusMove { max };
            (Bonus::Move { max, fly: false }, outcome)
        }
        Effect::FlyingBonusMove { max } => {
            let max = max.of(value) as f32;
            let outcome = EffectOutcome::BonusMove { max };
            (Bonus::Move { max, fly: true }, outcome)
        }
        Effect::BonusMoveCloser { max } => {
            let max = length(max)?;
            let outcome = EffectOutcome::BonusMoveCloser { max };
            (Bonus::MoveCloser { max }, outcome)
        }
        Effect::BonusMoveOrDisengage => {
            let max = own_move_length(world, f)?;
            let outcome = EffectOutcome::BonusMoveOrDisengage { max };
            (Bonus::MoveOrDisengage { max }, outcome)
        }
        _ => return None,
    })
}

/// A bonus attack on the enemy picked (`target`), or with `f`'s weapon the effect names.
fn one_attack(
    f: &FighterView,
    e: &Effect,
    target: Option<FighterId>,
) -> Option<(Bonus, EffectOutcome)> {
    match e {
        Effect::BonusAttackAt { melee, .. } => {
            let target = target?;
            let outcome = EffectOutcome::BonusAttackOn { target };
            let melee = *melee;
            Some((Bonus::AttackAt { target, melee }, outcome))
        }
        Effect::BonusAttackWith { runemark } => {
            let weapon = weapon_with(f, runemark)?;
            let runemark = runemark.clone();
            let outcome = EffectOutcome::BonusAttackWith { runemark };
            Some((Bonus::AttackWith { weapon }, outcome))
        }
        _ => None,
    }
}

/// The index of `f`'s weapon with `runemark` ("its spear").
fn weapon_with(f: &FighterView, runemark: &str) -> Option<u8> {
    let has = |w: &crate::model::formats::Weapon| {
        w.runemark
            .as_deref()
            .is_some_and(|m| m.eq_ignore_ascii_case(runemark))
    };
    u8::try_from(f.profile.weapons.iter().position(has)?).ok()
}

/// ABL-5: a bonus attack with a weapon `f` lacks is refused.
pub(super) fn check(c: &super::Checked, e: &Effect) -> Result<(), Rejected> {
    match e {
        Effect::BonusAttackWith { runemark } if weapon_with(c.f, runemark).is_none() => Err(
            Rejected::new(RuleId::Abl5, format!("{} has no {runemark}", c.f.name)),
        ),
        _ => Ok(()),
    }
}

/// MOVE-1, ABL-5: the length of a bonus move of the active fighter `f`'s own Move, with
/// everything raising it (Rush, the round's boosts, its next move action's).
fn own_move_length(world: &World, f: &FighterView) -> Option<f32> {
    let rules = world.resource::<crate::model::ruleset::Ruleset>();
    let eng = world.resource::<Engine>();
    Some(f.move_budget(rules, eng.move_bonus(eng.activation.as_ref()?)))
}

/// SOLO-C1: a bonus action is worth having when the fighter can use it.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let attacks = w.next.attack.is_some();
    match e {
        Effect::BonusMoveOrAttack if !w.next.engaged || attacks => {
            w.because("it can move or attack again")
        }
        Effect::BonusMove { .. } | Effect::FlyingBonusMove { .. } if !w.next.engaged => {
            w.because("it can move further")
        }
        Effect::BonusAttack if attacks => w.because("it can attack again"),
        Effect::BonusMoveCloser { .. } if closest_seen_enemy(w.world, w.all, w.f).is_some() => {
            w.because("it can move closer to an enemy")
        }
        Effect::BonusDisengage if w.next.engaged => w.because("it can disengage"),
        Effect::BonusMoveOrDisengage => w.because("it can move or disengage"),
        Effect::BonusAttackOf { melee } if w.next.attack.is_some_and(|(_, m)| m == *melee) => {
            w.because("it can attack again")
        }
        Effect::BonusAttackWith { runemark } => {
            let weapon = usize::from(weapon_with(w.f, runemark)?);
            let legal = crate::rules::actions::legal_attacks(w.world, w.all, w.f);
            (legal.iter().any(|&(_, k)| k == weapon)).then_some(Useful::Because(
                "it has an attack to make with that weapon",
                None,
            ))
        }
        Effect::FriendBonusMove { .. }
        | Effect::EachFriendBonusMove { .. }
        | Effect::PickedFriendsBonus { .. } => super::friend_move::useful(w, e),
        Effect::GangUp(_) => super::gang::useful(w, e),
        Effect::FriendBonusAttack { .. } => {
            let friends = super::reach_of(w.world, w.all, w.f, e).unwrap_or_default();
            let armed = friends.into_iter().find(|id| {
                w.all.iter().find(|o| o.id == *id).is_some_and(|o| {
                    !crate::rules::actions::legal_attacks(w.world, w.all, o).is_empty()
                })
            });
            armed.map(|t| Useful::Because("a friend in its reach has an attack to make", Some(t)))
        }
        _ => None,
    }
}

/// ABL-5: the enemy a bonus move of `f` must finish closer to: the closest it can see (the
/// lower id on a tie), and how far it is now.
pub fn closest_seen_enemy(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
) -> Option<(FighterId, f32)> {
    let id = *super::enemies_in_reach(world, all, f, f32::INFINITY, true).first()?;
    let enemy = all.iter().find(|o| o.id == id)?;
    Some((id, distance(&f.base(), &enemy.base())))
}

/// ABL-5: does a move of `f` ending at `to` finish closer to the closest enemy it can see than
/// it began? Refused with how near it had to come.
pub fn check_closer(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    to: Vec3,
) -> Result<(), Rejected> {
    let Some((id, before)) = closest_seen_enemy(world, all, f) else {
        return Err(Rejected::new(
            RuleId::Abl5,
            format!("{} can see no enemy to move closer to", f.name),
        ));
    };
    let enemy = all.iter().find(|o| o.id == id).expect("in all");
    let after = distance_at(f, to, &enemy.base());
    if after < before - 1e-4 {
        return Ok(());
    }
    Err(Rejected::new(
        RuleId::Abl5,
        format!(
            "the bonus move must finish closer to {} than the {before:.1}\" it began ({after:.1}\" there)",
            enemy.name
        ),
    ))
}

/// ABL-5: of the places a move may end, those a bonus move that must finish closer may (all
/// of them for any other move).
pub fn keep_closer(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    bonus: Option<Bonus>,
    places: &mut Vec<([f32; 3], f32)>,
) {
    let Some(Bonus::MoveCloser { .. }) = bonus else {
        return;
    };
    // The closest enemy it can see is found once (ray casts), not for each place.
    let Some((id, before)) = closest_seen_enemy(world, all, f) else {
        places.clear();
        return;
    };
    let Some(enemy) = all.iter().find(|o| o.id == id).map(FighterView::base) else {
        return;
    };
    places.retain(|(p, _)| distance_at(f, Vec3::from_array(*p), &enemy) < before - 1e-4);
}

/// ABL-5: for an AI, where a bonus move of `f` of up to `max` inches finishes nearest the
/// closest enemy it can see, when one of its places is closer than it began.
pub fn closer_spot(world: &World, all: &[FighterView], f: &FighterView, max: f32) -> Option<Vec3> {
    let (id, before) = closest_seen_enemy(world, all, f)?;
    let enemy = all.iter().find(|o| o.id == id)?.base();
    let places = crate::rules::options::move_places(world, all, f, max, None);
    places
        .into_iter()
        .map(|(p, _)| {
            let p = Vec3::from_array(p);
            (distance_at(f, p, &enemy), p)
        })
        .filter(|(d, _)| *d < before - 1e-4)
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, p)| p)
}

/// How far `f` would be from `enemy` standing at `p`.
fn distance_at(f: &FighterView, p: Vec3, enemy: &Base) -> f32 {
    distance(&Base::new(f.profile.base, p, f.facing), enemy)
}
