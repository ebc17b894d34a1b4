//! Which attacks the rules allow (ATK-1, ATK-2, GEN-3): in range, seen, not a friend's
//! neighbour for a missile, the taunter first; and why one is refused.

use crate::model::RuleId;
use crate::model::formats::Weapon;
use crate::model::ids::FighterId;
use crate::rules::actions::enemies_within;
use crate::rules::command::Rejected;
use crate::rules::state::{Engine, FighterView, can_see};
use bevy::prelude::*;

use super::range::attack_distance;
use super::range::{attack_range, missile_blocked_by_friends};

/// ATK-1, ATK-2, GEN-3: is attacking `target` with weapon `weapon` legal for `f`?
pub fn validate_attack<'a>(
    world: &World,
    all: &'a [FighterView],
    f: &FighterView,
    target: FighterId,
    weapon: usize,
) -> Result<(&'a FighterView, Weapon), Rejected> {
    judge_attack(world, all, f, target, weapon)
        .map(|(t, w)| (t, w.clone()))
        .map_err(|refusal| refusal.rejected(f, target, weapon))
}

/// [`validate_attack`]'s answer without the words: the solo AI and the options ask it for
/// every weapon against every enemy, and most are refused.
pub fn attack_allowed(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    target: FighterId,
    weapon: usize,
) -> bool {
    judge_attack(world, all, f, target, weapon).is_ok()
}

/// Why an attack is refused, with what the words for it need.
enum Refusal<'a> {
    NoWeapon,
    NoTarget,
    NotAnEnemy(&'a FighterView),
    NotOnTheBattlefield(&'a FighterView),
    /// The target, its distance and the weapon's range (an ability's raise with it).
    OutOfRange(&'a FighterView, f32, f32),
    WithinMinimumRange(&'a FighterView),
    NotAnEnemyWithin1,
    NearAFriend(&'a FighterView),
    Unseen(&'a FighterView),
    /// ABL-5: taunted, its attacks must target this fighter.
    Taunted(&'a FighterView),
    /// ABL-5: an ability guards it from being targeted this round.
    Untargetable(&'a FighterView),
}

impl Refusal<'_> {
    fn rejected(&self, f: &FighterView, target: FighterId, weapon: usize) -> Rejected {
        // Only range refusals name the weapon, and those are given for a weapon `f` has.
        let w = || &f.profile.weapons[weapon];
        let (rule, why) = match *self {
            Refusal::NoWeapon => (
                RuleId::Atk1,
                format!("{} has no weapon number {weapon}", f.name),
            ),
            Refusal::NoTarget => (RuleId::Atk2, format!("there is no fighter {target}")),
            Refusal::NotAnEnemy(t) => (RuleId::Atk2, format!("{} is not an enemy", t.name)),
            Refusal::NotOnTheBattlefield(t) => (
                RuleId::Atk2,
                format!("{} is not on the battlefield", t.name),
            ),
            Refusal::OutOfRange(t, d, range) => (
                RuleId::Atk2,
                format!(
                    "{} is {}\" away, beyond the {}\" range of {}",
                    t.name,
                    super::movement::inches_over(d),
                    range,
                    w().name
                ),
            ),
            Refusal::WithinMinimumRange(t) => (
                RuleId::Atk2,
                format!(
                    "{} is within the {}\" minimum range of {}",
                    t.name,
                    w().min_range,
                    w().name
                ),
            ),
            Refusal::NotAnEnemyWithin1 => (
                RuleId::Atk2,
                format!(
                    "an enemy is within 1\" of {}: the target must be one of them",
                    f.name
                ),
            ),
            Refusal::NearAFriend(t) => (
                RuleId::Atk2,
                format!(
                    "{} is within 1\" of a fighter friendly to {}: a missile attack can't target it",
                    t.name, f.name
                ),
            ),
            Refusal::Unseen(t) => (RuleId::Gen3, format!("{} can't see {}", f.name, t.name)),
            Refusal::Untargetable(t) => (
                RuleId::Abl5,
                format!(
                    "{} can't be targeted this round: an ability guards it",
                    t.name
                ),
            ),
            Refusal::Taunted(by) => (
                RuleId::Abl5,
                format!(
                    "{} was taunted: its attacks must target {} this round",
                    f.name, by.name
                ),
            ),
        };
        Rejected::new(rule, why)
    }
}

/// The checks of [`validate_attack`], in its order.
fn judge_attack<'a, 'f>(
    world: &World,
    all: &'a [FighterView],
    f: &'f FighterView,
    target: FighterId,
    weapon: usize,
) -> Result<(&'a FighterView, &'f Weapon), Refusal<'a>> {
    let w = f.profile.weapons.get(weapon).ok_or(Refusal::NoWeapon)?;
    let t = all
        .iter()
        .find(|t| t.id == target)
        .ok_or(Refusal::NoTarget)?;
    if t.side == f.side {
        return Err(Refusal::NotAnEnemy(t));
    }
    // The abilities that change who may be targeted and how range is measured (ABL-5).
    let e = world.resource::<Engine>();
    if let Some(by) = taunted_by(e, all, f)
        && by.id != t.id
    {
        return Err(Refusal::Taunted(by));
    }
    if !t.on_board() {
        return Err(Refusal::NotOnTheBattlefield(t));
    }
    if crate::rules::effects::guard_for(world, all, t).untargetable {
        return Err(Refusal::Untargetable(t));
    }
    let d = attack_distance(e, f, t);
    let range = attack_range(e, f, w);
    if d > range + 1e-4 {
        return Err(Refusal::OutOfRange(t, d, range));
    }
    if w.min_range > 0.0 && d <= w.min_range + 1e-4 {
        return Err(Refusal::WithinMinimumRange(t));
    }
    let near = enemies_within(all, f, 1.0);
    if !near.is_empty() && !near.contains(&t.id) {
        return Err(Refusal::NotAnEnemyWithin1);
    }
    if !w.is_melee() && missile_blocked_by_friends(all, f, t, w, d) {
        return Err(Refusal::NearAFriend(t));
    }
    if !can_see(world, all, f, t) {
        return Err(Refusal::Unseen(t));
    }
    Ok((t, w))
}

/// ABL-5: the fighter on the battlefield whose taunt binds `f`'s attacks this round.
fn taunted_by<'a>(e: &Engine, all: &'a [FighterView], f: &FighterView) -> Option<&'a FighterView> {
    let by = e.taunter_of(f.id)?;
    all.iter().find(|o| o.id == by && o.on_board())
}

/// Every legal (target, weapon) for `f` (for AI and UI).
pub fn legal_attacks(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
) -> Vec<(FighterId, usize)> {
    let mut out = Vec::new();
    for t in all.iter().filter(|t| t.on_board() && t.side != f.side) {
        for wi in 0..f.profile.weapons.len() {
            if attack_allowed(world, all, f, t.id, wi) {
                out.push((t.id, wi));
            }
        }
    }
    out
}
