//! Abilities as data (ABL-5): reading, checking, running, describing and weighing an
//! ability's effects (`model::effects`). Each family of effects ([`Family`]) is one file
//! holding its description, its check, what it does, the solo AI's weighing of it and the
//! card sentences that say it (read from the card language's shared pieces in `card`); this
//! file sends each effect to its family and holds what the families share: who is in reach,
//! the log line, the words for amounts.

use bevy::prelude::*;

use crate::battlefield::measure::distance;
use crate::model::RuleId;
use crate::model::components::*;
use crate::model::effects::{Amount, Effect, Family, Marks, Restriction};
use crate::model::ids::FighterId;
use crate::rules::actions::deal_damage;
use crate::rules::command::Rejected;
use crate::rules::log::{EffectOutcome, Event};
use crate::rules::state::{ActivationState, Engine, FighterView, log};

pub(crate) use activation_end::at_activation_end;
pub(crate) use friend_move::{pass_bonus, picks_made};
pub(crate) use toll::{
    move_ended as impacts_after_move, round_end_damage, take as disengage_tolls,
};

mod activation_end;
mod after_bonus;
mod against;
mod against_words;
mod around;
mod bar;
mod bonus;
mod bonus_words;
mod boost;
mod boost_words;
mod by_hand;
mod card;
mod closer;
mod condition;
mod condition_words;
mod control;
mod counted;
mod crits;
mod damage;
mod damage_words;
mod dice;
mod expose_around;
mod fly_round;
mod friend;
mod friend_move;
mod games;
mod gang;
mod group;
mod guard;
mod guard_words;
mod heal;
mod lower;
mod lower_words;
mod manner;
mod marked;
mod move_reaction;
mod next_attack;
mod per_friend;
mod place;
mod point;
mod pull;
mod range_boost;
mod reach;
mod reaction;
mod revive;
mod rolled;
mod runemark_round;
mod self_damage;
mod slay;
mod start_aura;
mod survive;
mod target_boost;
mod tokens;
mod toll;
mod value;
mod weapon_boost;
mod when;

pub(crate) use against::{after_attack, crits_weaken};
pub use bar::{as_activated, held_to};
pub(crate) use bonus::after_takedown;
pub use bonus::{check_closer, closer_spot, closest_seen_enemy, keep_closer};
pub use boost::{disengages_ending_near, in_aura, moves_while_engaged, round_bonus};
pub(crate) use by_hand::by_hand;
pub use card::effects_of;
pub use closer::{check_closer_to_active, keep_closer_to_active, spot_closer_to_active};
pub use crits::{
    crit_on, hits_as_crits, misses_as_crits, more_crits, next_action_made, promote_hits,
    spend_hits_as_crits, target_toughness,
};
pub use damage::after_move_choices;
pub(crate) use damage::{after_move, check_after_move_pick};
pub(crate) use dice::oath_fulfilled;
pub use guard::{
    Softened, dice_in_auras, guard_against, guard_for, guarded_dice, retaliate, soften,
};
pub(crate) use next_attack::after_next_attack;
pub use next_attack::boosts_lapse_with_the_bonus;
pub(crate) use place::check_place;
pub use place::set_up_spots;
use reach::check_aim;
pub use reach::{enemies_in_reach, marked_in_reach, reach_of};
pub use start_aura::as_activated as raises_as_activated;
pub(crate) use tokens::{reaction_on_itself, round_end as tokens_at_round_end};
pub use value::value_after_auras;
pub use when::{as_used, asks_target};

/// ABL-5: removes up to `n` damage from `t`; how much it removed.
pub(crate) fn heal(world: &mut World, t: &FighterView, n: u32) -> u32 {
    let healed = n.min(t.damage);
    world.entity_mut(t.entity).insert(Damage(t.damage - healed));
    healed
}

/// ABL-5, CMB-1: fighter `t`, barred from activating this round, counts as activated (a
/// fighter waiting too).
pub(super) fn activated_for_the_round(world: &mut World, t: FighterId) {
    use crate::model::components::Activation;
    if let Some(f) = crate::rules::state::fighter(world, t)
        && f.activation != Activation::Activated
    {
        world.entity_mut(f.entity).insert(Activation::Activated);
    }
}

/// ABL-5: may `f` make an action of kind `what` (use an ability, make a reaction), or did an
/// ability bar it this round?
pub fn not_barred(world: &World, f: &FighterView, what: Restriction) -> Result<(), Rejected> {
    let words = match what {
        Restriction::Move | Restriction::Disengage => format!("{what} actions"),
        Restriction::Reactions => "reactions".to_string(),
        Restriction::Abilities => "abilities".to_string(),
        Restriction::Activate => "activations".to_string(),
        Restriction::MoveAway => "moves".to_string(),
    };
    let eng = world.resource::<Engine>();
    if eng.is_barred(f.id, what) {
        let round = eng.round_barred(f.id, what);
        let until = if round {
            "the battle round"
        } else {
            "its activation"
        };
        return Err(Rejected::new(
            RuleId::Abl5,
            format!(
                "an ability bars {} from {words} until the end of {until}",
                f.name
            ),
        ));
    }
    // An enemy's aura bars it while it is within reach of that enemy.
    for (source, range, barred) in eng.barred_auras() {
        if barred != what {
            continue;
        }
        if let Some((side, base, name)) = crate::rules::state::standing(world, source)
            && side != f.side
            && distance(&base, &f.base()) <= range + 1e-4
        {
            return Err(Rejected::new(
                RuleId::Abl5,
                format!(
                    "{name}'s ability bars {} from {words} while it is within {range}\" of {name}",
                    f.name
                ),
            ));
        }
    }
    Ok(())
}

/// REA-1, ABL-5: may `f` make a reaction now: it has an action left to give (REA-1), it is
/// not the fighter activating, and no enemy's ability barred it this round?
pub fn may_react(world: &World, f: &FighterView) -> bool {
    if !f.can_react() {
        return false;
    }
    // REA-1: the active fighter (attacked in its own activation by an answer to its move) is
    // activating: it does not react.
    let active =
        (world.resource::<Engine>().activation.as_ref()).is_some_and(|a| a.fighter == f.id);
    !active && not_barred(world, f, Restriction::Reactions).is_ok()
}

/// ABL-5: logs what an effect of `fighter`'s ability did.
pub(crate) fn effect_logged(world: &mut World, fighter: FighterId, outcome: EffectOutcome) {
    log(world, &[RuleId::Abl5], Event::Effect { fighter, outcome });
}

/// ABL-5: may `f` use an ability with `effects` now? The fighter an aimed effect uses:
/// `target` when it qualifies, the nearest that does when none is named.
pub fn check(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    effects: &[Effect],
    target: Option<FighterId>,
) -> Result<Option<FighterId>, Rejected> {
    // An effect with nothing to do here (no enemy in reach, no damage to heal) bars the
    // ability only when the ability does nothing else.
    let alone = effects.iter().all(|e| {
        e.aim().is_some() || matches!(e, Effect::Requires(_)) || e.family() == Family::Heal
    });
    let mut picked = None;
    for e in effects {
        if let Some(aim) = e.aim() {
            let got = check_aim(world, all, f, e, aim, target, alone && picked.is_none())?;
            // A named fighter is every aimed effect's; else the first effect's pick stands.
            picked = if target.is_some() {
                got
            } else {
                picked.or(got)
            };
            continue;
        }
        let c = Checked {
            world,
            all,
            f,
            alone,
            only: effects.len() == 1,
        };
        match e.family() {
            Family::Condition => condition::check(&c, e)?,
            Family::Heal => heal::check(&c, e)?,
            Family::Against => against::check(&c, e)?,
            Family::Bonus => bonus::check(&c, e)?,
            Family::Boost
            | Family::Damage
            | Family::Guard
            | Family::Friend
            | Family::Dice
            | Family::Toll
            | Family::Reaction => {}
        }
    }
    Ok(picked)
}

/// What a family's check sees: the battle, the fighter, and whether the effect is the
/// ability's only doing (`alone`: every other effect is a pick or a condition) or its only
/// effect (`only`).
pub(super) struct Checked<'a> {
    pub world: &'a World,
    pub all: &'a [FighterView],
    pub f: &'a FighterView,
    pub alone: bool,
    pub only: bool,
}

/// What the player of an ability picked: the fighter it aims at (from [`check`]), where a
/// fighter it sets up goes (none: nearest where it stood), the way chosen (0: the first).
#[derive(Debug, Clone, Copy, Default)]
pub struct Picks {
    pub target: Option<FighterId>,
    pub place: Option<Vec3>,
    pub choice: u8,
}

/// ABL-5: runs `effects` for `f`, used with dice showing `value`, with the player's `picks`;
/// logs what each did.
pub fn run(world: &mut World, f: &FighterView, effects: &[Effect], value: u8, picks: Picks) {
    let ranged = marked::ranged(f, effects, value);
    let effects = &ranged[..];
    // The rolls the last damage effect made, for a lowering for each of them; the one fighter
    // it damaged, as it stood, and by how much, for the same damage round it.
    let mut rolled: Vec<u8> = Vec::new();
    let mut hit: Option<(FighterView, u32)> = None;
    let spreads = (effects.iter()).any(|e| matches!(e, Effect::DamageNearTarget { .. }));
    for e in effects {
        // A roll's outcome is said before what its success does.
        if let Effect::OnRoll { least, then } = e {
            dice::on_roll(world, f, (*least, then), value, picks);
            continue;
        }
        if let Effect::OnRolled {
            least,
            per_roll,
            then,
        } = e
        {
            dice::on_rolled(world, f, (*least, *per_roll, then), (value, &rolled), picks);
            continue;
        }
        let outcomes = after_a_roll(world, f, (effects, e), (value, picks), (&rolled, &hit));
        // The dice this effect rolls, for each fighter it rolled for, are what follows reads.
        let mut fresh = true;
        let mut keep = |rolled: &mut Vec<u8>, rolls: &[u8]| {
            if fresh {
                rolled.clear();
                fresh = false;
            }
            rolled.extend_from_slice(rolls);
        };
        for outcome in outcomes {
            effect_logged(world, f.id, outcome.clone());
            if let EffectOutcome::RolledAgainst { rolls, .. }
            | EffectOutcome::DiceRolled { rolls } = &outcome
            {
                keep(&mut rolled, rolls);
            }
            if let EffectOutcome::Damage {
                fighters,
                damage,
                rolls,
            } = outcome
            {
                if !rolls.is_empty() {
                    keep(&mut rolled, &rolls);
                }
                // The enemy it damaged (damage to this fighter is not a pick's).
                if let [one] = fighters[..]
                    && one != f.id
                    && spreads
                {
                    hit = crate::rules::state::fighter(world, one).map(|v| (v, damage));
                }
                for t in fighters {
                    deal_damage(world, t, damage, &[RuleId::Abl5]);
                }
            }
        }
    }
}

/// What one effect of `effects` did: what follows a roll of damage reads its `rolled` dice (and
/// the one enemy it `hit`); the others run on their own ([`run_one`]).
fn after_a_roll(
    world: &mut World,
    f: &FighterView,
    (effects, e): (&[Effect], &Effect),
    (value, picks): (u8, Picks),
    (rolled, hit): (&[u8], &Option<(FighterView, u32)>),
) -> Vec<EffectOutcome> {
    match e {
        Effect::LowerPerRoll { .. } => lower::per_roll(world, e, rolled, picks.target)
            .into_iter()
            .collect(),
        Effect::SelfDamagePerRoll { .. } => self_damage::to_self_per_roll(f, e, rolled)
            .into_iter()
            .collect(),
        Effect::RollAgainOn { face } => {
            self_damage::roll_again(world, (effects, e), (*face, rolled), value, picks.target)
        }
        Effect::DamageNearTarget { around, dice: None } => {
            self_damage::near_target(world, f, *around, hit.as_ref())
                .into_iter()
                .collect()
        }
        Effect::DamageNearTarget {
            around,
            dice: Some(dice),
        } => self_damage::rolled_near_target(world, f, (effects, *around, *dice), value, picks),
        _ => run_one(world, f, e, value, picks),
    }
}

/// What one effect did (a line for each fighter it rolled for), or nothing when it does
/// nothing now: a condition (checked before), a reaction's part (the attack's to run), or a
/// pick with nobody to pick.
fn run_one(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
    picks: Picks,
) -> Vec<EffectOutcome> {
    let one = match e.family() {
        Family::Condition | Family::Reaction => None,
        Family::Bonus => bonus::run(world, f, e, value, picks.target),
        Family::Boost => boost::run(world, f, e, value),
        Family::Damage if matches!(e, Effect::DamageAtPoint(_)) => {
            return point::run(world, f, e, value, picks.place);
        }
        Family::Damage => return damage::run(world, f, e, value, picks.target),
        Family::Heal => return heal::run(world, f, e, value),
        Family::Guard => guard::run(world, f, e, value),
        Family::Friend if matches!(e, Effect::Revive { .. }) => {
            return revive::run(world, f, e, value, picks);
        }
        Family::Friend if sets_a_friend_up(e) => place::friend_set_up(world, f, e, picks),
        Family::Friend => friend::run(world, e, value, picks.target),
        Family::Toll => toll::run(world, f, e, value),
        Family::Against => against::run(world, f, e, value, picks),
        Family::Dice => dice::run(world, f, e, value),
    };
    one.into_iter().collect()
}

/// What an effect list does, for people: "a bonus move action; then a bonus attack action";
/// with `value` (the ability's value, ABL-1), its amounts as numbers.
pub fn describe(effects: &[Effect], value: Option<u8>) -> String {
    let mut aimed: Option<crate::model::effects::Aim> = None;
    effects
        .iter()
        .map(|e| {
            let text = describe_one(e, value);
            // The enemy an earlier effect picked is "that enemy" after it (the same one).
            match (e.aim(), aimed) {
                (Some(a), Some(before)) if !a.friends && a == before => that_enemy(&text, a, value),
                (a, _) => {
                    aimed = aimed.or(a);
                    text
                }
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// `text` with the enemy `a` picks named "that enemy": one an earlier effect picked.
fn that_enemy(text: &str, a: crate::model::effects::Aim, value: Option<u8>) -> String {
    let range = at_value(a.range, value);
    let picked = format!("{} enemy within {range}\"", a_visible(a.visible));
    // A nested effect keeps a range of the value in words.
    let in_words = format!("{} enemy {}", a_visible(a.visible), within_text(a.range));
    (text.replacen(&picked, "that enemy", 1)).replacen(&in_words, "that enemy", 1)
}

/// What the effects `then` do to the enemy an earlier effect picked, for people.
fn describe_on_that_enemy(then: &[Effect], value: Option<u8>) -> String {
    let text = describe(then, value);
    match then.iter().find_map(Effect::aim).filter(|a| !a.friends) {
        Some(a) => that_enemy(&text, a, value),
        None => text,
    }
}

/// A range as its words show it: the value in inches, once the value is known.
fn at_value(range: f32, value: Option<u8>) -> f32 {
    match value {
        Some(v) if range == crate::model::effects::VALUE_RANGE => f32::from(v),
        _ => range,
    }
}

/// What one effect does, for people.
fn describe_one(e: &Effect, value: Option<u8>) -> String {
    match e.family() {
        Family::Condition => condition::describe(e, value),
        Family::Bonus => bonus::describe(e, value),
        Family::Boost => boost::describe(e, value),
        Family::Damage => damage::describe(e, value),
        Family::Heal => heal::describe(e, value),
        Family::Guard => guard::describe(e, value),
        Family::Friend => friend::describe(e, value),
        Family::Toll => toll::describe(e, value),
        Family::Against => against::describe(e, value),
        Family::Reaction => reaction::describe(e, value),
        Family::Dice => dice::describe(e, value),
    }
}

/// ABL-5: an effect that lasts for `f`'s activation, kept in it by `keep`; its log line, or
/// `None` when `f` is not the active fighter.
fn kept(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
    keep: impl FnOnce(&mut ActivationState),
) -> Option<EffectOutcome> {
    let mut eng = crate::rules::state::engine(world);
    keep(eng.activation.as_mut().filter(|a| a.fighter == f.id)?);
    Some(lasts(e, value))
}

/// Does it set a picked friend up elsewhere (the set-up family's, run with the place picked)?
fn sets_a_friend_up(e: &Effect) -> bool {
    matches!(
        e,
        Effect::FriendSetUp { .. } | Effect::FriendRelocate { .. }
    )
}

/// The log line of an effect that lasts.
fn lasts(e: &Effect, value: u8) -> EffectOutcome {
    EffectOutcome::Lasts {
        effects: vec![e.clone()],
        value,
    }
}

/// An amount in words: with the ability's `value`, a number.
fn amount_text(a: &Amount, value: Option<u8>) -> String {
    match value {
        Some(v) => a.of(v).to_string(),
        None => a.to_string(),
    }
}

/// A distance in words: "4\"", or "the value in inches" before the ability's value is known.
pub(super) fn inches_text(a: &Amount, value: Option<u8>) -> String {
    match (a, value) {
        (Amount::Fixed(_), _) | (_, Some(_)) => format!("{}\"", amount_text(a, value)),
        _ => format!("{} in inches", amount_text(a, value)),
    }
}

/// "within 3\"", or "anywhere" for a pick the card gives no range.
fn within_text(range: f32) -> String {
    if range == crate::model::effects::ANYWHERE {
        "anywhere".to_string()
    } else if range == crate::model::effects::VALUE_RANGE {
        "within the value in inches".to_string()
    } else {
        format!("within {range}\"")
    }
}

/// "a visible" or "an" (enemy).
fn a_visible(visible: bool) -> &'static str {
    if visible { "a visible" } else { "an" }
}

/// `before` runemark `after`, or nothing without a runemark.
fn runemark_text(runemark: Option<&str>, before: &str, after: &str) -> String {
    runemark.map_or(String::new(), |m| format!("{before}{m}{after}"))
}

/// What the fighter does next, for weighing an ability's effects (SOLO-C1).
#[derive(Debug, Clone, Copy, Default)]
pub struct Next {
    /// Its next action is an attack: on this fighter, with a melee weapon or not.
    pub attack: Option<(FighterId, bool)>,
    /// Its next action is a move.
    pub moves: bool,
    /// An enemy is within 1" of it.
    pub engaged: bool,
}

/// Why an effect would not be nil now (SOLO-C1).
#[derive(Debug, Clone, PartialEq)]
pub enum Useful {
    /// It is aimed at an enemy, and these are in its reach (nearest first): the AI picks.
    Enemies(Vec<FighterId>),
    /// For this reason, aimed at this friend (or at nobody).
    Because(&'static str, Option<FighterId>),
}

/// SOLO-C1: would effect `e` of the active fighter `f`'s ability do something now, given
/// what it does `next`? How, or `None` when it would be nil.
pub fn useful(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    e: &Effect,
    next: &Next,
) -> Option<Useful> {
    if e.aim().is_some_and(|a| !a.friends) {
        let near = reach_of(world, all, f, e).unwrap_or_default();
        return (!near.is_empty()).then_some(Useful::Enemies(near));
    }
    let w = Weighed {
        world,
        all,
        f,
        next,
    };
    match e.family() {
        Family::Condition | Family::Reaction => None,
        Family::Bonus => bonus::useful(&w, e),
        Family::Boost => boost::useful(&w, e),
        Family::Damage => damage::useful(&w, e),
        Family::Heal => heal::useful(&w, e),
        Family::Guard => guard::useful(&w, e),
        Family::Friend => friend::useful(&w, e),
        Family::Toll => toll::useful(&w, e),
        Family::Against => against::useful(&w, e),
        Family::Dice => dice::useful(&w, e),
    }
}

/// What a family's weighing sees: the battle, the active fighter and what it does next.
pub(super) struct Weighed<'a> {
    pub world: &'a World,
    pub all: &'a [FighterView],
    pub f: &'a FighterView,
    pub next: &'a Next,
}

impl Weighed<'_> {
    /// Its next action is an attack (with a melee weapon when `melee` is true, with any
    /// when `melee_only` is false).
    fn attacks_with(&self, melee_only: bool) -> bool {
        self.next.attack.is_some_and(|(_, m)| m || !melee_only)
    }

    /// "Because" with nobody aimed at.
    fn because(&self, why: &'static str) -> Option<Useful> {
        Some(Useful::Because(why, None))
    }
}
