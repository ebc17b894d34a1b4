//! Part of the against family (ABL-5): what befalls the target of this fighter's next attack
//! action, after it: pulled towards this fighter, barred from actions for the round (on a
//! critical hit, when the card says so), a characteristic lowered for the round; and the
//! card's words for it.

use bevy::prelude::*;

use crate::model::effects::{Amount, Effect, Stat, TargetLowering};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::card::{amount_prefix, fill};
use super::{amount_text, effect_logged, kept};

/// In words: "after its next attack this activation, the target may not move or disengage
/// until the end of the round".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::BarAfterNextAttack { crits, actions } => format!(
            "after its next attack this activation{}, the target may not {} until the end of \
             the round",
            if *crits {
                ", if it scores a critical hit"
            } else {
                ""
            },
            super::against::words_joined(actions, "", " or ")
        ),
        Effect::ForfeitAfterNextAttack { instead } => format!(
            "after its next melee attack this activation, if it hits, the target gives up an \
             action of the round ({instead} damage instead, with none to give up)"
        ),
        Effect::LowerAfterNextAttack(l) => format!(
            "after its next attack this activation{}{}, the target has {} less {} (to {}) until \
             the end of the {}",
            if l.crits {
                ", if it scores a critical hit"
            } else {
                ""
            },
            match l.least {
                0 => String::new(),
                n => format!(" and a dice rolls {n}+"),
            },
            amount_text(&l.by, value),
            l.stat,
            l.min,
            if l.battle { "battle" } else { "round" }
        ),
        Effect::LowerAfterScoring { stat, by, min } => format!(
            "after each of its attacks this activation that scores a hit, the target has {} \
             less {stat} (to {min}) until the end of the round",
            amount_text(by, value)
        ),
        Effect::DamageAfterNextAttack {
            amount,
            only,
            around,
        } => {
            let who = match around {
                Some(r) => format!("each other fighter within {r}\" of the target"),
                None => "the target".to_string(),
            };
            format!(
                "after its next {}attack this activation, if it scores a hit, {} damage to {who}",
                super::crits::kind_words(*only),
                amount_text(amount, value)
            )
        }
        _ => super::pull::describe(e, value),
    }
}

/// ABL-5: the effect waits for this fighter's next attack, its amount fixed by the value.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    let waiting = fixed_by(e, value)?;
    // For every attack of the activation, the bonus one too: kept with it.
    if let Effect::LowerAfterScoring { .. } = e {
        return kept(world, f, e, value, |a| a.lasting.push(waiting));
    }
    // "... bonus attack action. After that attack action, ...": for the bonus one only.
    kept(world, f, e, value, |a| a.keep_for_next_attack(waiting))
}

/// What waits for the next attack as it is kept: its amounts fixed by the ability's value.
pub(super) fn fixed_by(e: &Effect, value: u8) -> Option<Effect> {
    let fixed = |a: &Amount| Amount::Fixed(a.of(value));
    Some(match e {
        Effect::PullAfterNextAttack { inches, held } => Effect::PullAfterNextAttack {
            inches: fixed(inches),
            held: *held,
        },
        Effect::LowerAfterNextAttack(l) => Effect::LowerAfterNextAttack(TargetLowering {
            by: fixed(&l.by),
            ..*l
        }),
        Effect::BarAfterNextAttack { .. } | Effect::ForfeitAfterNextAttack { .. } => e.clone(),
        Effect::LowerAfterScoring { stat, by, min } => Effect::LowerAfterScoring {
            stat: *stat,
            by: fixed(by),
            min: *min,
        },
        Effect::DamageAfterNextAttack {
            amount,
            only,
            around,
        } => Effect::DamageAfterNextAttack {
            amount: fixed(amount),
            only: *only,
            around: *around,
        },
        _ => return None,
    })
}

/// ABL-5: what waited for the bonus attack lapses with it (declined, or with none to make),
/// and the log says so.
pub(crate) fn lapse_for_bonus(world: &mut World, fighter: FighterId) {
    let gone = match state::engine(world).activation.as_mut() {
        Some(a) => std::mem::take(&mut a.for_bonus),
        None => return,
    };
    for e in gone {
        let outcome = EffectOutcome::Lapsed {
            why: crate::rules::log::Lapse::BonusAttackGone,
            effects: vec![e],
            value: 0,
        };
        effect_logged(world, fighter, outcome);
    }
}

/// Is `e` waiting for this fighter's next attack (with a melee weapon, when `melee`, bearing
/// the runemark `weapon`)?
fn waits_for_attack(e: &Effect, melee: bool, weapon: Option<&str>) -> bool {
    match e {
        Effect::WithWeapon { marks, then } => {
            crate::model::effects::weapon_fits(*marks, weapon)
                && then.iter().any(|t| waits_for_attack(t, melee, weapon))
        }
        Effect::PullAfterNextAttack { .. }
        | Effect::BarAfterNextAttack { .. }
        | Effect::LowerAfterNextAttack(crate::model::effects::TargetLowering { .. }) => true,
        Effect::DamageAfterNextAttack { only, .. } => super::crits::fits(*only, melee),
        Effect::ForfeitAfterNextAttack { .. } => melee,
        _ => false,
    }
}

/// ABL-5: after the active fighter `attacker`'s (`melee`) attack action on `target` (scoring
/// `crits` critical hits, and `damage`), what waited for it is spent: the target, if still
/// standing, is pulled, barred or lowered, or damage dealt, each logged.
pub(crate) fn after_next_attack(
    world: &mut World,
    (attacker, target): (FighterId, FighterId),
    melee: bool,
    (crits, damage): (u32, u32),
) {
    if damage > 0 || crits > 0 {
        lower_after_scoring(world, attacker, target);
    }
    let waiting: Vec<Effect> = {
        let mut eng = state::engine(world);
        let Some(a) = eng.activation.as_mut().filter(|a| a.fighter == attacker) else {
            return;
        };
        // Most attacks have nothing waiting: no allocation for them.
        let weapon = a.weapon.clone();
        let waits = |e: &Effect| waits_for_attack(e, melee, weapon.as_deref());
        if !a.lasting.iter().any(waits) && a.for_bonus.is_empty() {
            return;
        }
        let (mut spent, kept): (Vec<Effect>, Vec<Effect>) = a.lasting.drain(..).partition(waits);
        a.lasting = kept;
        // This attack is the bonus one (another would have declined it first).
        spent.append(&mut a.for_bonus);
        spent
    };
    let Some(f) = state::fighter(world, attacker) else {
        return;
    };
    let weapon = (state::engine(world).activation.as_ref()).and_then(|a| a.weapon.clone());
    for e in waiting {
        let Some(e) = with_this_weapon(e, weapon.as_deref()) else {
            continue;
        };
        // Damage round the target needs no target standing; the rest does.
        if let Effect::DamageAfterNextAttack { amount, around, .. } = e {
            if damage > 0 {
                damage_after(world, &f, target, (amount.of(0), around));
            }
            continue;
        }
        // The rest need the target standing (what comes after them may not).
        if !state::fighter(world, target).is_some_and(|t| t.on_board()) {
            continue;
        }
        match e {
            Effect::PullAfterNextAttack { inches, held } => {
                super::pull::pull_unless_held(world, &f, target, (inches.of(0), held))
            }
            Effect::BarAfterNextAttack {
                crits: only,
                actions,
            } if !only || crits > 0 => {
                for a in &actions {
                    state::engine(world).bar(target, *a);
                }
                let outcome = EffectOutcome::Barred {
                    fighter: target,
                    actions,
                };
                effect_logged(world, attacker, outcome);
            }
            Effect::LowerAfterNextAttack(l) if !l.crits || crits > 0 => {
                lower_after(world, (attacker, target), l)
            }
            // "If at least 1 hit roll ... results in a hit" (each hit deals damage here).
            Effect::ForfeitAfterNextAttack { instead } if damage > 0 || crits > 0 => {
                forfeit_or_damage(world, (attacker, target), instead)
            }
            _ => {}
        }
    }
}

/// What waited for an attack with a weapon of some runemark, when this attack's (`weapon`) is
/// one; any other waiting effect as it is.
fn with_this_weapon(e: Effect, weapon: Option<&str>) -> Option<Effect> {
    match e {
        Effect::WithWeapon { marks, then } => (crate::model::effects::weapon_fits(marks, weapon))
            .then(|| then.into_iter().next())
            .flatten(),
        e => Some(e),
    }
}

/// ABL-5: the active fighter `attacker`'s attack on `target` scored a hit or a critical hit
/// (each deals at least 1 damage): its lowerings "after each attack that scores" are made,
/// each logged, while the target stands.
fn lower_after_scoring(world: &mut World, attacker: FighterId, target: FighterId) {
    // Most activations have none: nothing gathered then.
    let lowerings: Vec<(Stat, Amount, u32)> =
        (world.resource::<state::Engine>().activation.as_ref())
            .filter(|a| a.fighter == attacker)
            .map(|a| {
                (a.lasting.iter())
                    .filter_map(|e| match e {
                        Effect::LowerAfterScoring { stat, by, min } => Some((*stat, *by, *min)),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default();
    for (stat, by, min) in lowerings {
        if !state::fighter(world, target).is_some_and(|t| t.on_board()) {
            return;
        }
        lower_target(world, (attacker, target), (stat, by, min));
    }
}

/// REA-1, ABL-5: the target of `attacker`'s attack gives up an action of the round, or, with
/// none to give up (activated, or none left), takes `instead` damage; logged.
fn forfeit_or_damage(world: &mut World, (attacker, target): (FighterId, FighterId), instead: u32) {
    use crate::rules::log::AgainstResult;
    let left = super::against::one_action_fewer(world, target);
    let outcome = EffectOutcome::RolledAgainst {
        rolls: Vec::new(),
        fighter: target,
        result: AgainstResult::FewerActions { left },
    };
    effect_logged(world, attacker, outcome);
    if left.is_none() {
        let outcome = EffectOutcome::Damage {
            fighters: vec![target],
            damage: instead,
            rolls: Vec::new(),
        };
        effect_logged(world, attacker, outcome);
        crate::rules::actions::deal_damage(world, target, instead, &[crate::model::RuleId::Abl5]);
    }
}

/// ABL-4, ABL-5: after `attacker`'s attack, the lowering `l` of its target: a dice first when
/// it asks one (logged; short of its score, nothing), then for the round or the battle.
fn lower_after(world: &mut World, (attacker, target): (FighterId, FighterId), l: TargetLowering) {
    if l.least > 0 {
        use crate::model::dice::Dice;
        let roll = world.resource_mut::<crate::model::dice::DiceRng>().roll(1)[0];
        let outcome = EffectOutcome::RollAfterAttack {
            roll,
            least: l.least,
        };
        effect_logged(world, attacker, outcome);
        if roll < l.least {
            return;
        }
    }
    if !l.battle {
        return lower_target(world, (attacker, target), (l.stat, l.by, l.min));
    }
    let lowered = (l.stat, l.by.of(0), l.min);
    if let Some(outcome) = super::lower::lower_for(world, target, lowered, true) {
        effect_logged(world, attacker, outcome);
    }
}

/// ABL-4: the target of `attacker`'s attack has `by` less `stat` (to `min`) until the end of
/// the round; logged.
fn lower_target(
    world: &mut World,
    (attacker, target): (FighterId, FighterId),
    (stat, by, min): (Stat, Amount, u32),
) {
    let lower = Effect::LowerPicked(crate::model::effects::PickedLowering {
        range: 0.0,
        visible: false,
        stat,
        by,
        min,
        activation: false,
        melee_only: false,
        how: crate::model::effects::Lowering::By,
        spares_me: false,
    });
    if let Some(outcome) = super::lower::run(world, (attacker, &lower), 0, Some(target)) {
        effect_logged(world, attacker, outcome);
    }
}

// The card's wording (`card`: the language's shared pieces).

/// "This fighter makes a bonus attack action" (or a raise of its next attack action) + "(In
/// addition,) until the end of the battle round, the target fighter cannot make move or
/// disengage actions" or "(In addition,) if that attack action scores any critical hits, the
/// target fighter cannot make ... for the rest of the battle round".
pub(super) fn attack_then_target(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (mut effects, _) = super::boost_words::first_attack(&s[0])?;
    let then = s.get(1)?;
    let then = then.strip_prefix("in addition, ").unwrap_or(then);
    let (crits, rest) = match then.strip_prefix("if that attack action scores any critical hits, ")
    {
        Some(r) => (true, r),
        None => (false, then),
    };
    let rest = rest.replace("the target fighter cannot", "that fighter cannot");
    let rest = match rest.strip_suffix(" for the rest of the battle round") {
        Some(r) => format!("until the end of the battle round, {r}"),
        None => rest,
    };
    let actions = super::bar::barred(&rest)?;
    effects.push(Effect::BarAfterNextAttack { crits, actions });
    Some((2, effects))
}

/// "This fighter can make a bonus (melee) attack action" + "If that (bonus) attack action scores
/// any critical hits, roll a dice" + "On a roll of N+, until the end of the battle (round),
/// subtract A from the Move characteristic (to a minimum of M) of the target fighter".
pub(super) fn attack_then_rolled_lowering(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (mut effects, _) = super::boost_words::first_attack(&s[0])?;
    let roll = s.get(1)?;
    let crits = ["if that bonus attack action", "if that attack action"]
        .iter()
        .any(|w| *roll == format!("{w} scores any critical hits, roll a dice"));
    crits.then_some(())?;
    let then = s.get(2)?;
    let then = (then.strip_prefix("on a roll of ")).or_else(|| then.strip_prefix("on a "))?;
    let (least, then) = super::card::number_prefix(then)?;
    let then = then.strip_prefix("+, until the end of the ")?;
    let (battle, then) = match then.strip_prefix("battle round, ") {
        Some(t) => (false, t),
        None => (true, then.strip_prefix("battle, ")?),
    };
    let (by, rest) = amount_prefix(then.strip_prefix("subtract ")?)?;
    let min = fill(
        rest,
        " from the move characteristic (to a minimum of {n}) of the target fighter",
    )?[0];
    effects.push(Effect::LowerAfterNextAttack(TargetLowering {
        stat: Stat::Move,
        by,
        min,
        crits: true,
        least: u8::try_from(least).ok()?,
        battle,
    }));
    Some((3, effects))
}

/// "The next time this fighter makes an attack action in this activation, subtract A from the
/// Move characteristic of the target fighter (to a minimum of N) until the end of the battle
/// round".
pub(super) fn lowered_after(s: &str) -> Option<Vec<Effect>> {
    if let Some(rest) = s.strip_prefix(
        "until the end of this fighter's activation, if an attack action made by this fighter \
         scores any hits or critical hits, subtract ",
    ) {
        let (by, rest) = amount_prefix(rest)?;
        let v = fill(
            rest,
            " from the target fighter's toughness characteristic (to a minimum of {n}) until the \
             end of the battle round",
        )?;
        return Some(vec![Effect::LowerAfterScoring {
            stat: Stat::Toughness,
            by,
            min: v[0],
        }]);
    }
    let rest = s.strip_prefix(
        "the next time this fighter makes an attack action in this activation, subtract ",
    )?;
    let (by, rest) = amount_prefix(rest)?;
    let min = fill(
        rest,
        " from the move characteristic of the target fighter (to a minimum of {n}) until the end \
         of the battle round",
    )?[0];
    Some(vec![Effect::LowerAfterNextAttack(TargetLowering {
        stat: Stat::Move,
        by,
        min,
        crits: false,
        least: 0,
        battle: false,
    })])
}

/// ABL-5: `amount` damage to `target` (when still standing), or to each other fighter within
/// `around` inches of it (of either side, `f` too), logged then dealt.
fn damage_after(
    world: &mut World,
    f: &FighterView,
    target: FighterId,
    (amount, around): (u32, Option<f32>),
) {
    let all = state::fighters(world);
    let Some(t) = all.iter().find(|o| o.id == target) else {
        return;
    };
    let fighters: Vec<FighterId> = match around {
        None if t.on_board() => vec![target],
        None => Vec::new(),
        Some(r) => (all.iter())
            .filter(|o| o.id != target && o.on_board())
            .filter(|o| crate::battlefield::measure::distance(&o.base(), &t.base()) <= r + 1e-4)
            .map(|o| o.id)
            .collect(),
    };
    if fighters.is_empty() || amount == 0 {
        return;
    }
    let outcome = EffectOutcome::Damage {
        fighters: fighters.clone(),
        damage: amount,
        rolls: Vec::new(),
    };
    effect_logged(world, f.id, outcome);
    for id in fighters {
        crate::rules::actions::deal_damage(world, id, amount, &[crate::model::RuleId::Abl5]);
    }
}

/// "After the next (missile, melee) attack action made by this fighter in this activation, if
/// it scored one or more hits, allocate a number of damage points to the target of that
/// attack action (to each other fighter within N" of the target) equal to A".
pub(super) fn damage_after_sentence(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("after the next ")?;
    let (only, rest) =
        match rest.split_once(" attack action made by this fighter in this activation, ")? {
            ("missile", r) => (Some(crate::model::effects::AttackKind::Missile), r),
            ("melee", r) => (Some(crate::model::effects::AttackKind::Melee), r),
            ("", r) => (None, r),
            _ => return None,
        };
    let rest =
        rest.strip_prefix("if it scored one or more hits, allocate a number of damage points to ")?;
    let (around, rest) = match rest.strip_prefix("the target of that attack action equal to ") {
        Some(r) => (None, r),
        None => {
            let r = rest.strip_prefix("each other fighter within ")?;
            let (n, r) = super::card::number_prefix(r)?;
            (
                Some(n as f32),
                r.strip_prefix("\" of the target equal to ")?,
            )
        }
    };
    let (amount, rest) = amount_prefix(rest)?;
    rest.is_empty().then(|| {
        vec![Effect::DamageAfterNextAttack {
            amount,
            only,
            around,
        }]
    })
}

/// "After this fighter's next melee attack action in this activation, if at least 1 hit roll
/// from that attack action results in a hit, the target forfeits 1 of their actions in this
/// battle round." + "If the target has already activated or if they have no more actions to
/// forfeit, allocate K damage points to the target instead."
pub(super) fn forfeit_after(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let first = "after this fighter's next melee attack action in this activation, if at least 1 \
                 hit roll from that attack action results in a hit, the target forfeits 1 of \
                 their actions in this battle round";
    (s[0] == first).then_some(())?;
    let instead = super::card::fill(
        s.get(1)?,
        "if the target has already activated or if they have no more actions to forfeit, \
         allocate {n} damage points to the target instead",
    )?[0];
    Some((2, vec![Effect::ForfeitAfterNextAttack { instead }]))
}

/// ABL-5: what was raised for a bonus attack that lapsed or was declined ("that attack
/// action") lapses with it, each with a log line.
pub fn boosts_lapse_with_the_bonus(world: &mut World, fighter: FighterId) {
    lapse_for_bonus(world, fighter);
    let lapsed: Vec<state::Boost> = {
        let mut e = state::engine(world);
        let Some(a) = e.activation.as_mut() else {
            return;
        };
        let (gone, kept) = a.boosts.drain(..).partition(|b| b.for_bonus);
        a.boosts = kept;
        gone
    };
    for b in lapsed {
        let outcome = EffectOutcome::BoostLapsed {
            stat: b.stat,
            by: b.by,
        };
        super::effect_logged(world, fighter, outcome);
    }
}
