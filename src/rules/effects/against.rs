//! The against family (ABL-5): what befalls an enemy: barred from actions, rolled against
//! (weakened or taunted), set up elsewhere, weakened by a critical hit, rolled against after
//! each attack.

use bevy::prelude::*;

use crate::model::RuleId;
use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{Amount, Effect, OnSuccess, Restriction, Stat, band_text};
use crate::model::ids::FighterId;
use crate::rules::command::Rejected;
use crate::rules::log::{AgainstResult, EffectOutcome};
use crate::rules::state::{self, Engine, FighterView};

use super::card::{
    allocate_to_that, bands, fill, number_prefix, pick_and_roll_any, picked_enemy, stat_of,
    then_roll,
};
use super::{
    Checked, Picks, Useful, Weighed, a_visible, amount_text, effect_logged, kept, place,
    runemark_text,
};

/// In words: "a visible enemy within 3\" may not move until the end of the round".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::Restrict {
            range,
            visible,
            actions,
        } => format!(
            "{} enemy within {range}\" may not {} until the end of the round",
            a_visible(*visible),
            words_joined(actions, "", " or ")
        ),
        Effect::RollAgainst {
            range,
            visible,
            runemark,
            dice,
            least,
            then,
        } => {
            let against = format!(
                "{} enemy{} within {range}\"",
                a_visible(*visible),
                runemark_text(runemark.as_deref(), " ", "")
            );
            roll_against_text(&against, &amount_text(dice, value), *least, then)
        }
        Effect::SetUpNear {
            range,
            visible,
            within,
        } => format!(
            "{} enemy within {range}\" is set up within {within}\" of this fighter",
            a_visible(*visible)
        ),
        Effect::Relocate { .. } => place::relocate_text(e),
        Effect::LowerPicked { .. } | Effect::ExposePicked { .. } | Effect::LowerPerRoll { .. } => {
            super::lower::describe(e, value)
        }
        Effect::CritsWeaken {
            runemark,
            stat,
            by,
            min,
        } => format!(
            "if its next attack on an enemy{} scores a critical hit, that enemy has {by} less \
             {stat} (to {min}) until the end of the battle",
            runemark_text(runemark.as_deref(), " ", "")
        ),
        Effect::EnemyAura {
            stat,
            by,
            min,
            range,
        } => format!(
            "-{} {stat} (to {min}) for enemies while they are within {range}\" of it until the \
             end of the round",
            amount_text(by, value)
        ),
        Effect::AfterEachAttack { least, bar } => format!(
            "after each of its attacks this activation, a roll of {} bars the target from {} \
             until the end of the round",
            band_text(*least, 6),
            words_joined(bar, " actions", " and ")
        ),
        Effect::BarEach { .. } => super::bar::describe(e),
        Effect::PullPicked { .. }
        | Effect::PullAfterNextAttack { .. }
        | Effect::BarAfterNextAttack { .. }
        | Effect::LowerAfterNextAttack { .. }
        | Effect::LowerAfterScoring { .. }
        | Effect::DamageAfterNextAttack { .. } => super::next_attack::describe(e, value),
        _ => String::new(),
    }
}

/// "move or disengage", "move actions and disengage actions".
pub(super) fn words_joined(actions: &[Restriction], each: &str, sep: &str) -> String {
    actions
        .iter()
        .map(|r| format!("{r}{each}"))
        .collect::<Vec<_>>()
        .join(sep)
}

fn roll_against_text(against: &str, dice: &str, least: u8, then: &OnSuccess) -> String {
    let outcome = match then {
        OnSuccess::Weaken { stat, min } => {
            format!("each {least}+ takes 1 from its {stat} (to {min}) until the end of the battle")
        }
        OnSuccess::Taunt => format!(
            "any {least}+ and its attacks must target this fighter until the end of the round"
        ),
        OnSuccess::Bar(actions) => format!(
            "any {least}+ and it may not {} until the end of the round",
            words_joined(actions, "", " or ")
        ),
    };
    format!("roll {dice} dice against {against}: {outcome}")
}

/// Waiting for an attack on an enemy with the runemark when there is none: refused when it
/// is the ability's only effect.
pub(super) fn check(c: &Checked, e: &Effect) -> Result<(), Rejected> {
    let Effect::CritsWeaken {
        runemark: Some(m), ..
    } = e
    else {
        return Ok(());
    };
    let any = c
        .all
        .iter()
        .any(|o| o.on_board() && o.side != c.f.side && o.profile.has_runemark(m));
    if c.only && !any {
        return Err(Rejected::new(
            RuleId::Abl5,
            format!("there is no enemy {m} on the battlefield"),
        ));
    }
    Ok(())
}

/// ABL-5: what befalls the picked enemy, or waits for the fighter's attacks.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
    picks: Picks,
) -> Option<EffectOutcome> {
    match e {
        Effect::Restrict { actions, .. } => {
            let t = picks.target?;
            bar_until_round_end(world, t, actions);
            let actions = actions.clone();
            Some(EffectOutcome::Barred {
                fighter: t,
                actions,
            })
        }
        Effect::RollAgainst {
            dice, least, then, ..
        } => {
            let t = picks.target?;
            let (rolls, hits) = world
                .resource_mut::<DiceRng>()
                .roll_at_least(dice.of(value) as usize, *least);
            let result = roll_against(world, f, t, then.clone(), hits);
            Some(EffectOutcome::RolledAgainst {
                rolls,
                fighter: t,
                result,
            })
        }
        Effect::Relocate { .. } => place::relocate(world, f, e, picks.place),
        Effect::LowerPicked { .. } => super::lower::run(world, e, value, picks.target),
        Effect::ExposePicked { .. } => super::lower::expose(world, f.side, e, value, picks.target),
        Effect::SetUpNear { within, .. } => Some(place::set_up_near(
            world,
            f,
            picks.target?,
            *within,
            picks.place,
        )),
        Effect::CritsWeaken { .. } | Effect::AfterEachAttack { .. } => {
            kept(world, f, e, value, |a| a.lasting.push(e.clone()))
        }
        Effect::EnemyAura {
            stat,
            by,
            min,
            range,
        } => {
            let lowered = (*stat, by.of(value), *min);
            state::engine(world).lower_around(f.id, *range, lowered);
            Some(super::lasts(e, value))
        }
        Effect::BarEach { .. } => super::bar::run(world, f, e),
        Effect::PullPicked { .. } => super::pull::run(world, f, e, value, picks.target),
        Effect::PullAfterNextAttack { .. }
        | Effect::BarAfterNextAttack { .. }
        | Effect::LowerAfterNextAttack { .. }
        | Effect::LowerAfterScoring { .. }
        | Effect::DamageAfterNextAttack { .. } => super::next_attack::run(world, f, e, value),
        _ => None,
    }
}

/// ABL-5: fighter `t` may not make these actions until the end of the battle round; barred
/// from activating, it counts as activated (CMB-1, REA-1).
fn bar_until_round_end(world: &mut World, t: FighterId, actions: &[Restriction]) {
    for a in actions {
        state::engine(world).bar(t, *a);
        if *a == Restriction::Activate {
            super::activated_for_the_round(world, t);
        }
    }
}

/// ABL-5: what `hits` successes of `f`'s roll against `t` do.
fn roll_against(
    world: &mut World,
    f: &FighterView,
    t: FighterId,
    then: OnSuccess,
    hits: u32,
) -> AgainstResult {
    match then {
        _ if hits == 0 => AgainstResult::Nothing,
        OnSuccess::Weaken { stat, min } => {
            let now = weaken(world, t, stat, hits, min);
            AgainstResult::Weakened { stat, now }
        }
        OnSuccess::Taunt => {
            state::engine(world).taunt(t, f.id);
            AgainstResult::Taunted { taunter: f.id }
        }
        OnSuccess::Bar(actions) => {
            bar_until_round_end(world, t, &actions);
            AgainstResult::Barred { actions }
        }
    }
}

/// ABL-5: lowers fighter `t`'s `stat` (Move, or the Attacks of each of its weapons) by `by`,
/// not below `min`, until the end of the battle (subtracted after any bonus, ABL-4); the value
/// now, before any bonus (the most Attacks of its weapons).
fn weaken(world: &mut World, t: FighterId, stat: Stat, by: u32, min: u32) -> u32 {
    state::engine(world).lower(t, stat, by, min);
    let Some(v) = state::fighter(world, t) else {
        return 0;
    };
    match stat {
        Stat::Move => v.move_budget(
            &world.resource::<crate::model::ruleset::Ruleset>().clone(),
            0,
        ) as u32,
        _ => (0..v.profile.weapons.len())
            .map(|w| v.attacks_with(w))
            .max()
            .unwrap_or(0),
    }
}

/// ABL-5: after an attack action of the active fighter `attacker` on `target`, each lasting
/// "roll a dice after each attack" effect rolls; on its score or more the target (still on
/// the battlefield) is barred from its actions until the end of the round.
pub(crate) fn after_attack(world: &mut World, attacker: FighterId, target: FighterId) {
    let rolls: Vec<(u8, Vec<Restriction>)> = world
        .resource::<Engine>()
        .activation
        .as_ref()
        .filter(|a| a.fighter == attacker)
        .map(|a| {
            a.lasting
                .iter()
                .filter_map(|e| match e {
                    Effect::AfterEachAttack { least, bar } => Some((*least, bar.clone())),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    for (least, bar) in rolls {
        if !state::fighter(world, target).is_some_and(|t| t.on_board()) {
            return;
        }
        let roll = world.resource_mut::<DiceRng>().roll(1)[0];
        effect_logged(
            world,
            attacker,
            EffectOutcome::RollAfterAttack { roll, least },
        );
        if roll >= least {
            bar_until_round_end(world, target, &bar);
            let outcome = EffectOutcome::Barred {
                fighter: target,
                actions: bar,
            };
            effect_logged(world, attacker, outcome);
        }
    }
}

/// ABL-5: after the active fighter `attacker`'s attack on `target` with `rolls`: a lasting
/// "weaken on a critical hit" for an enemy like the target is spent, and lowers the target's
/// characteristic when a roll is a 6.
pub(crate) fn crits_weaken(
    world: &mut World,
    attacker: FighterId,
    target: FighterId,
    rolls: &[u8],
) {
    let waiting = world
        .resource::<Engine>()
        .activation
        .as_ref()
        .is_some_and(|a| a.lasts(attacker, |e| matches!(e, Effect::CritsWeaken { .. })));
    if !waiting {
        return;
    }
    let Some(t) = state::fighter(world, target) else {
        return;
    };
    let spent = {
        let mut e = state::engine(world);
        let Some(a) = e.activation.as_mut().filter(|a| a.fighter == attacker) else {
            return;
        };
        let k = a.lasting.iter().position(|e| {
            matches!(e, Effect::CritsWeaken { runemark, .. }
                if runemark.as_deref().is_none_or(|m| t.profile.has_runemark(m)))
        });
        k.map(|k| a.lasting.remove(k))
    };
    if let Some(Effect::CritsWeaken { stat, by, min, .. }) = spent
        && rolls.contains(&6)
        && t.on_board()
    {
        let now = weaken(world, target, stat, by, min);
        let outcome = EffectOutcome::CritWeakened {
            fighter: target,
            stat,
            now,
        };
        effect_logged(world, attacker, outcome);
    }
}

/// SOLO-C1: a weakening by a critical hit is worth waiting for when the next attack is on
/// such an enemy; a roll after each attack when an attack comes next.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    if let Effect::BarEach { .. } = e {
        return super::bar::useful(w, e);
    }
    if let Effect::DamageAfterNextAttack { only, .. } = e {
        let fits = (w.next.attack).is_some_and(|(_, melee)| super::crits::fits(*only, melee));
        return fits.then_some(Useful::Because("its next action is an attack", None));
    }
    if let Effect::Relocate { away, .. } = e {
        return place::relocate_useful(w, away.unwrap_or(0.0));
    }
    if let Effect::PullPicked { .. }
    | Effect::PullAfterNextAttack { .. }
    | Effect::BarAfterNextAttack { .. }
    | Effect::LowerAfterNextAttack { .. }
    | Effect::LowerAfterScoring { .. } = e
    {
        return super::pull::useful(w, e);
    }
    match e {
        Effect::CritsWeaken { runemark, .. } => {
            let target = w
                .next
                .attack
                .and_then(|(t, _)| w.all.iter().find(|o| o.id == t));
            let fits = target.is_some_and(|o| {
                runemark
                    .as_deref()
                    .is_none_or(|m| o.profile.has_runemark(m))
            });
            fits.then_some(Useful::Because(
                "its next action is an attack on such an enemy",
                None,
            ))
        }
        Effect::AfterEachAttack { .. } if w.next.attack.is_some() => {
            w.because("its next action is an attack")
        }
        Effect::EnemyAura { range, .. } => {
            let near = super::enemies_in_reach(w.world, w.all, w.f, *range, false);
            (!near.is_empty()).then_some(Useful::Because("enemies are within its aura", None))
        }
        _ => None,
    }
}

// The card's wording of this family (`card`: the language's shared pieces).

/// A weakening waiting for a critical hit, or an aura lowering the enemies' attacks.
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    read_crits_weaken(s).or_else(|| enemy_aura(s))
}

/// "Until the end of the battle round, subtract N from the Attacks characteristic (to a
/// minimum of M) of attack actions made by enemy fighters while they are within R" of this
/// fighter".
fn enemy_aura(s: &str) -> Option<Vec<Effect>> {
    let v = fill(
        s,
        "until the end of the battle round, subtract {n} from the attacks characteristic (to a \
         minimum of {n}) of attack actions made by enemy fighters while they are within {n}\" of \
         this fighter",
    )?;
    Some(vec![Effect::EnemyAura {
        stat: Stat::Attacks,
        by: Amount::Fixed(v[0]),
        min: v[1],
        range: v[2] as f32,
    }])
}

/// "If the next attack action made by this fighter this activation that targets an enemy
/// monster scores any critical hits, subtract N from the Attacks characteristic (to a minimum
/// of M) of attack actions made by that monster until the end of the battle".
fn read_crits_weaken(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix(
        "if the next attack action made by this fighter this activation that targets an enemy ",
    )?;
    let (who, rest) = rest.split_once(" scores any critical hits, subtract ")?;
    let runemark = match who {
        "fighter" => None,
        "monster" => Some("monster".to_string()),
        _ => return None,
    };
    let (by, rest) = number_prefix(rest)?;
    let rest = rest.strip_prefix(" from the attacks characteristic (to a minimum of ")?;
    let (min, rest) = number_prefix(rest)?;
    let rest = rest.strip_prefix(") of attack actions made by ")?;
    let rest = ["that fighter", "that monster"]
        .iter()
        .find_map(|t| rest.strip_prefix(t))?;
    (rest == " until the end of the battle").then(|| {
        vec![Effect::CritsWeaken {
            runemark,
            stat: Stat::Attacks,
            by,
            min,
        }]
    })
}

/// "Pick a (visible) enemy fighter (or monster) within N" of this fighter and roll D dice." +
/// what each success does to it.
pub(super) fn pick_roll_each_success(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let roll = pick_and_roll_any(&s[0])?;
    let (least, then) = on_success(s.get(1)?)?;
    let effect = Effect::RollAgainst {
        range: roll.0,
        visible: roll.1,
        runemark: roll.2,
        dice: roll.3,
        least,
        then,
    };
    Some((2, vec![effect]))
}

/// What the successes of a roll against a picked enemy do: "For each 4+, subtract 1 from the
/// Move characteristic of that monster (to a minimum of 3) until the end of the battle" and
/// "If a 4+ is rolled on any of the dice, then until the end of the battle round or until this
/// fighter is taken down, attack actions made by that monster must target this fighter".
fn on_success(s: &str) -> Option<(u8, OnSuccess)> {
    let that = ["that fighter", "that monster"];
    if let Some(rest) = s.strip_prefix("for each ") {
        let (least, rest) = number_prefix(rest)?;
        let rest = rest.strip_prefix("+, subtract 1 from the ")?;
        let (stat, rest) = rest.split_once(" characteristic of ")?;
        let stat = stat_of(stat).filter(|s| matches!(s, Stat::Move))?;
        let rest = that.iter().find_map(|t| rest.strip_prefix(t))?;
        let v = fill(rest, " (to a minimum of {n}) until the end of the battle")?;
        return Some((
            u8::try_from(least).ok()?,
            OnSuccess::Weaken { stat, min: v[0] },
        ));
    }
    if let Some(barred) = bar_on_a_roll(s) {
        return Some(barred);
    }
    let rest = s.strip_prefix("if a ")?;
    let (least, rest) = number_prefix(rest)?;
    let rest = rest.strip_prefix(
        "+ is rolled on any of the dice, then until the end of the battle round or until this \
         fighter is taken down, attack actions made by ",
    )?;
    let rest = that.iter().find_map(|t| rest.strip_prefix(t))?;
    (rest == " must target this fighter").then_some((u8::try_from(least).ok()?, OnSuccess::Taunt))
}

/// "On a (roll of) 4+, until the end of the (this) battle round, that (enemy) fighter cannot
/// make move actions or disengage actions" (or with the round, or "this round", at the end):
/// any success bars.
fn bar_on_a_roll(s: &str) -> Option<(u8, OnSuccess)> {
    let rest = s
        .strip_prefix("on a roll of ")
        .or_else(|| s.strip_prefix("on a "))?;
    let (least, rest) = number_prefix(rest)?;
    let rest = rest
        .strip_prefix("+, ")?
        .replace("this battle round", "the battle round");
    let round = "until the end of the battle round";
    let rest = match rest
        .strip_suffix(&format!(" {round}"))
        .or_else(|| rest.strip_suffix(" this round"))
    {
        Some(r) => format!("{round}, {r}"),
        None => rest,
    };
    let least = u8::try_from(least).ok().filter(|l| (1..=6).contains(l))?;
    Some((least, OnSuccess::Bar(super::bar::barred(&rest)?)))
}

/// "Pick a (visible) enemy fighter within N" of this fighter." + what happens to it: damage,
/// being set up near this fighter (and rolls against it), or a restriction.
pub(super) fn picked_enemy_then(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, visible) = picked_enemy(&s[0])?;
    let next = s.get(1)?;
    if let (Some(amount), true) = (allocate_to_that(next), visible) {
        let effect = Effect::DamageOne {
            range,
            amount,
            roll: None,
        };
        // "Then, roll a dice (a die). On a 2+, that fighter cannot ...": a roll against it.
        let one_die = s
            .get(2)
            .is_some_and(|t| then_roll(t) == Some(Amount::Fixed(1)) || t == "then, roll a die");
        if let (true, Some((least, then))) = (one_die, s.get(3).and_then(|t| bar_on_a_roll(t))) {
            let roll = Effect::RollAgainst {
                range,
                visible,
                runemark: None,
                dice: Amount::Fixed(1),
                least,
                then,
            };
            return Some((4, vec![effect, roll]));
        }
        return Some((2, vec![effect]));
    }
    if let Some(v) = fill(
        next,
        "remove that fighter from the battlefield and set them up within {n}\" of this fighter",
    ) {
        return Some(set_up_then_roll(s, range, visible, v[0] as f32));
    }
    let actions = super::bar::barred(next)?;
    let effect = Effect::Restrict {
        range,
        visible,
        actions,
    };
    Some((2, vec![effect]))
}

/// "Remove that fighter from the battlefield and set them up within N" of this fighter." (+
/// "Then, roll D dice." + what each roll deals to it.)
fn set_up_then_roll(s: &[String], range: f32, visible: bool, within: f32) -> (usize, Vec<Effect>) {
    let mut effects = vec![Effect::SetUpNear {
        range,
        visible,
        within,
    }];
    let rolled = s.get(2).and_then(|t| then_roll(t)).and_then(|dice| {
        let (used, mut roll) = bands(&s[3..])?;
        roll.dice = dice;
        Some((used, roll))
    });
    let used = match rolled {
        Some((used, roll)) => {
            effects.push(Effect::DamageOne {
                range,
                amount: Amount::Fixed(0),
                roll: Some(roll),
            });
            3 + used
        }
        None => 2,
    };
    (used, effects)
}
