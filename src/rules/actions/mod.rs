//! Actions (MOVE, ATK, DIS, WAIT, GEN-8 treasure) and reactions (REA-1..REA-4): validation
//! first, then the effects, so that a rejected command changes nothing.

use crate::model::RuleId;
use crate::model::ids::FighterId;
use crate::model::ids::Side;
use crate::model::runemark::Runemark;
use bevy::prelude::*;

use crate::battlefield::measure::{Base, bases_within};
use crate::model::ruleset::Ruleset;
use crate::rules::command::{Command, Rejected};
use crate::rules::effects::Picks;
use crate::rules::log::Event;
use crate::rules::state::{self, ActivationState, Bonus, Engine, FighterView, Then, fighters, log};

mod after_move;
mod allocate;
mod attack;
mod damage;
mod disengage;
mod hit_rolls;
mod legality;
mod movement;
mod range;
mod reactions;
mod treasure;

pub use after_move::{Moment, MoveAnswer, answers_at};
use attack::*;
pub use attack::{
    attack_allowed, attack_distance, attack_roll, count_hits, counter_damage, cover_of,
    hit_threshold, legal_attacks, validate_attack,
};
use damage::*;
pub use damage::{Landing, landing, landing_spots};
pub(crate) use damage::{deal_damage, fall, impact, land_picked, reaction_damage};
pub use disengage::validate_disengage;
use disengage::*;
pub(crate) use movement::do_move;
use movement::*;
pub use movement::{
    Route, deadly_places, inches, path_is_deadly, validate_hand_move, validate_move, validate_route,
};
pub(crate) use reactions::reaction;
use reactions::{answered_and_guarded, counter_strike, damage_attacker, take_cover_rolls};
pub(crate) use treasure::place_dropped_treasure;
use treasure::*;
pub use treasure::{drop_what_cannot_be_carried, validate_drop};

const EPS: f32 = 1e-3;

fn v3(a: [f32; 3]) -> Vec3 {
    Vec3::from_array(a)
}

fn rules(world: &World) -> Ruleset {
    world.resource::<Ruleset>().clone()
}

pub(crate) fn enemies_within(all: &[FighterView], f: &FighterView, d: f32) -> Vec<FighterId> {
    all.iter()
        .filter(|o| o.on_board() && o.side != f.side && bases_within(&f.base(), &o.base(), d))
        .map(|o| o.id)
        .collect()
}

fn enemy_bases(all: &[FighterView], side: Side) -> Vec<Base> {
    all.iter()
        .filter(|o| o.on_board() && o.side != side)
        .map(|o| o.base())
        .collect()
}

/// A command while `active` is activated (CMB-2, CMB-3).
pub(crate) fn action(
    world: &mut World,
    active: FighterId,
    cmd: &Command,
) -> Result<Then, Rejected> {
    let act = world
        .resource::<Engine>()
        .activation
        .clone()
        .ok_or_else(|| Rejected::new(RuleId::Cmb2, "no fighter is activated"))?;
    let friend = act.bonus.first().and_then(|b| b.friend());
    let all = fighters(world);
    let name = |id: FighterId| {
        all.iter()
            .find(|o| o.id == id)
            .map_or_else(|| "that fighter".to_string(), |o| o.name.to_string())
    };
    check_actor(active, friend, cmd, name)?;
    let f = all
        .iter()
        .find(|f| f.id == active)
        .cloned()
        .ok_or_else(|| Rejected::new(RuleId::Cmb2, "the active fighter is gone"))?;
    if let Some(done) = outside_the_actions(world, &act, &all, &f, cmd) {
        return done;
    }
    let bonus = check_slot(&decline_bonuses(world, act.clone(), cmd, &f), cmd, &f, &all)?;
    let then = one_action(world, (&act, &all, &f), bonus, cmd)?;
    // ABL-5: what waited for this fighter's next action lapses unless it was that action.
    if action_of(cmd) == Some(active) {
        let attack = match cmd {
            Command::Attack { weapon, .. } => f.profile.weapons.get(*weapon).map(|w| w.is_melee()),
            _ => None,
        };
        crate::rules::effects::next_action_made(world, active, attack);
    }
    Ok(then)
}

/// The fighter making the action `cmd`, when it is one.
fn action_of(cmd: &Command) -> Option<FighterId> {
    match cmd {
        Command::Move { fighter, .. }
        | Command::Attack { fighter, .. }
        | Command::Disengage { fighter, .. }
        | Command::Wait { fighter }
        | Command::DropTreasure { fighter, .. } => Some(*fighter),
        _ => None,
    }
}

/// The action `cmd` of the active fighter `f` (or of the friend its bonus is for).
fn one_action(
    world: &mut World,
    (act, all, f): (&ActivationState, &[FighterView], &FighterView),
    bonus: Option<Bonus>,
    cmd: &Command,
) -> Result<Then, Rejected> {
    Ok(match cmd {
        Command::Move {
            to,
            pick_up,
            treasure,
            descend,
            via,
            pick,
            ..
        } => {
            let route = Route {
                descend: *descend,
                via,
                pick_up: *pick_up,
                treasure: *treasure,
                pick: *pick,
            };
            let mover = attacker_for(all, f, bonus)?;
            make_move(world, all, &mover, act, bonus, v3(*to), route)?
        }
        Command::Attack { target, weapon, .. } => {
            let attacker = attacker_for(all, f, bonus)?;
            validate_attack(world, all, &attacker, *target, *weapon)?;
            spend(world, bonus.is_some());
            if !attacker.profile.weapons[*weapon].is_melee() {
                made(world, attacker.id, |a| a.shots = a.shots.saturating_add(1));
            }
            let mark = attacker.profile.weapons[*weapon].runemark.clone();
            made(world, attacker.id, |a| a.weapon = mark);
            start_attack(world, &attacker, *target, *weapon)
        }
        Command::Disengage { to, .. } => {
            validate_disengage(world, all, f, v3(*to))?;
            spend(world, bonus.is_some());
            made(world, f.id, |a| a.disengaged = true);
            start_disengage(world, all, f, *to)
        }
        Command::Wait { .. } => wait(world, act, f)?,
        Command::DropTreasure { at, .. } => drop_action(world, f, *at)?,
        other => {
            let what = format!("{} is not an action", other.describe());
            return Err(Rejected::new(RuleId::Cmb2, what));
        }
    })
}

/// CMB-2, CMB-3: what the active fighter does besides its actions: an ability, a change by
/// hand, or the end of its activation (`None` for an action).
fn outside_the_actions(
    world: &mut World,
    act: &ActivationState,
    all: &[FighterView],
    f: &FighterView,
    cmd: &Command,
) -> Option<Result<Then, Rejected>> {
    Some(match cmd {
        Command::ByHand { target, change, .. } => {
            crate::rules::effects::by_hand(world, act, f, *target, *change)
        }
        Command::PassBonus { .. } => crate::rules::effects::pass_bonus(world, f),
        Command::EndActivation { .. } => {
            let event = Event::EndActivation { fighter: f.id };
            log(world, &[RuleId::Cmb2], event);
            Ok(Then::EndActivation { waiting: false })
        }
        Command::Ability {
            ability,
            dice,
            target,
            place,
            choice,
            ..
        } => {
            let picks = Picks {
                target: *target,
                place: place.map(Vec3::from_array),
                choice: *choice,
            };
            crate::rules::abilities::use_ability(world, all, f, ability, *dice, picks)
        }
        _ => return None,
    })
}

/// MOVE-1: `f` moves along `route` to `to`, within its Move (or the bonus move's most).
fn make_move(
    world: &mut World,
    all: &[FighterView],
    f: &FighterView,
    act: &ActivationState,
    bonus: Option<Bonus>,
    to: Vec3,
    route: Route,
) -> Result<Then, Rejected> {
    let budget = match bonus.and_then(Bonus::move_max) {
        Some(max) => max,
        None => f.move_budget(&rules(world), world.resource::<Engine>().move_bonus(act)),
    };
    let path = validate_route(world, all, f, to, budget, route)?;
    if let Some(Bonus::MoveCloser { .. }) = bonus {
        crate::rules::effects::check_closer(world, all, f, to)?;
    }
    crate::rules::effects::check_closer_to_active(world, all, f, bonus, to)?;
    // What waits for a move of the active fighter's waits for its own (not a friend's).
    let own = f.id == act.fighter;
    if own {
        crate::rules::effects::check_after_move_pick(world, all, f, act, to, route.pick)?;
    }
    spend(world, bonus.is_some());
    made(world, f.id, |a| a.moves = a.moves.saturating_add(1));
    let mut moved = world.get_resource_or_insert_with(state::MovedThisRound::default);
    if !moved.0.contains(&f.id) {
        moved.0.push(f.id);
    }
    // MOVE-6: how far down it jumped ("has jumped and then moved 2\" or more vertically
    // downwards", ABL-5).
    let jumped: f32 = (path.steps.iter())
        .filter(|s| s.kind == crate::battlefield::nav::StepKind::Jump)
        .map(|s| (s.from.y - s.to.y).max(0.0))
        .sum();
    made(world, f.id, |a| a.jumped_down = a.jumped_down.max(jumped));
    do_move(world, f, &path, route.pick_up, route.treasure);
    if own {
        crate::rules::effects::after_move(world, f.id, (f.pos, bonus.is_some()), route.pick);
    }
    // ABL-5: the enemy auras it ended in that deal impact damage.
    crate::rules::effects::impacts_after_move(world, f.id);
    // REA-1, ABL-5: the enemies may answer the move now it has ended.
    let offer = after_move::offer_at(world, after_move::Moment::Moved(f.id));
    Ok(offer.map_or(Then::AfterAction, Then::Reaction))
}

/// Who makes the attack (or the move): the active fighter, or (ABL-5) the friend whose bonus
/// action it is.
fn attacker_for(
    all: &[FighterView],
    f: &FighterView,
    bonus: Option<Bonus>,
) -> Result<FighterView, Rejected> {
    let Some(id) = bonus.and_then(Bonus::friend) else {
        return Ok(f.clone());
    };
    all.iter()
        .find(|o| o.id == id && o.on_board())
        .cloned()
        .ok_or_else(|| {
            Rejected::new(
                RuleId::Abl5,
                "the friend picked for the bonus action is not on the battlefield",
            )
        })
}

/// CMB-1, CMB-2: is `cmd` an action of the active fighter?
/// CMB-2: is the command's fighter the active one (or, for an attack, the friend whose bonus
/// attack comes first, ABL-5)?
fn check_actor(
    active: FighterId,
    friend: Option<FighterId>,
    cmd: &Command,
    name: impl Fn(FighterId) -> String,
) -> Result<(), Rejected> {
    let who = match cmd {
        Command::Move { fighter, .. }
        | Command::Attack { fighter, .. }
        | Command::Disengage { fighter, .. }
        | Command::Wait { fighter }
        | Command::DropTreasure { fighter, .. }
        | Command::Ability { fighter, .. }
        | Command::ByHand { fighter, .. }
        | Command::EndActivation { fighter }
        | Command::PassBonus { fighter } => *fighter,
        Command::Activate { fighter } => {
            return Err(Rejected::new(
                RuleId::Cmb1,
                format!(
                    "{} is still activated: {} must wait its turn",
                    name(active),
                    name(*fighter)
                ),
            ));
        }
        other => {
            return Err(Rejected::new(
                RuleId::Cmb2,
                format!(
                    "{} is activated; {} is not an action",
                    name(active),
                    other.describe()
                ),
            ));
        }
    };
    // ABL-5: the friend whose bonus action waits attacks or moves.
    let friends_action =
        friend == Some(who) && matches!(cmd, Command::Attack { .. } | Command::Move { .. });
    if who != active && !friends_action {
        return Err(Rejected::new(
            RuleId::Cmb2,
            format!(
                "{} is not the active fighter ({} is)",
                name(who),
                name(active)
            ),
        ));
    }
    Ok(())
}

/// ABL-5: may `f`'s attack with weapon `weapon` on `target` take bonus `b` (a melee or
/// missile one, one on that enemy, one with that weapon)?
fn fits_attack(b: Bonus, f: &FighterView, weapon: usize, target: FighterId) -> bool {
    f.profile
        .weapons
        .get(weapon)
        .is_none_or(|w| b.attack_fits(weapon, w.is_melee(), target))
}

/// Whether `cmd` is the bonus action `b` (of the active fighter `f`).
fn fits_bonus(b: Bonus, cmd: &Command, f: &FighterView) -> bool {
    match cmd {
        Command::Move { fighter, .. } => b.moves(*fighter, f.id),
        Command::Disengage { .. } => b.allows_disengage(),
        Command::Attack {
            fighter,
            weapon,
            target,
        } => {
            (b.allows_attack() && *fighter == f.id && fits_attack(b, f, *weapon, *target))
                || (b.friend_attacks() && b.friend() == Some(*fighter))
        }
        _ => false,
    }
}

/// CMB-2, ABL-5 ("they can make a bonus action"): a bonus is offered, not owed. An action of
/// the fighter's own, when it has one left, declines the bonuses waiting (said in the log);
/// the activation after that.
fn decline_bonuses(
    world: &mut World,
    act: ActivationState,
    cmd: &Command,
    f: &FighterView,
) -> ActivationState {
    let own_action = matches!(
        cmd,
        Command::Move { .. }
            | Command::Attack { .. }
            | Command::Disengage { .. }
            | Command::Wait { .. }
            | Command::DropTreasure { .. }
    );
    let Some(&first) = act.bonus.first() else {
        return act;
    };
    if !own_action || act.actions_left == 0 || fits_bonus(first, cmd, f) {
        return act;
    }
    let declined = {
        let mut e = state::engine(world);
        let act = e.activation.as_mut().expect("an activation");
        act.quota = None;
        std::mem::take(&mut act.bonus)
    };
    for bonus in declined {
        let outcome = crate::rules::log::EffectOutcome::BonusDeclined { bonus };
        crate::rules::effects::effect_logged(world, f.id, outcome);
    }
    // What was raised for the declined bonus attack ("that attack action") goes with it.
    crate::rules::effects::boosts_lapse_with_the_bonus(world, f.id);
    world
        .resource::<Engine>()
        .activation
        .clone()
        .expect("an activation")
}

/// CMB-2: which action this is: the pending bonus action first (ABL-3 Reckoning), else one of
/// the activation's actions. Returns the bonus it uses, if any.
fn check_slot(
    act: &ActivationState,
    cmd: &Command,
    f: &FighterView,
    all: &[FighterView],
) -> Result<Option<Bonus>, Rejected> {
    let name_of = |id: FighterId| {
        all.iter()
            .find(|o| o.id == id)
            .map_or_else(|| format!("fighter {id}"), |o| o.name.to_string())
    };
    let bonus = act.bonus.first().copied();
    let attacker = match cmd {
        Command::Attack { fighter, .. } => Some(*fighter),
        _ => None,
    };
    match (bonus, cmd) {
        (Some(b), Command::Move { fighter, .. }) if b.moves(*fighter, f.id) => Ok(bonus),
        (Some(b), Command::Disengage { .. }) if b.allows_disengage() => Ok(bonus),
        (Some(b), Command::Attack { weapon, target, .. })
            if b.allows_attack()
                && attacker == Some(f.id)
                && fits_attack(b, f, *weapon, *target) =>
        {
            Ok(bonus)
        }
        (Some(b), Command::Attack { weapon, target, .. })
            if b.friend_attacks()
                && attacker == b.friend()
                && all
                    .iter()
                    .find(|o| Some(o.id) == attacker)
                    .is_some_and(|o| fits_attack(b, o, *weapon, *target)) =>
        {
            Ok(bonus)
        }
        (Some(b), _) => Err(Rejected::new(
            RuleId::Cmb2,
            format!(
                "the bonus {} comes first",
                crate::rules::words::bonus_words_with(b, name_of)
            ),
        )),
        (None, _) if act.actions_left == 0 => Err(Rejected::new(
            RuleId::Cmb2,
            format!("{} has no actions left this activation", f.name),
        )),
        _ => Ok(None),
    }
}

/// WAIT-1: as the first action the fighter waits for a second activation; as the last, the
/// activation ends.
fn wait(world: &mut World, act: &ActivationState, f: &FighterView) -> Result<Then, Rejected> {
    if f.profile.is(Runemark::Monster) {
        return Err(Rejected::new(RuleId::Wait1, "monsters never wait"));
    }
    let first = act.actions_taken == 0 && act.actions_left == 2 && !act.after_wait;
    spend(world, false);
    let event = Event::Wait {
        fighter: f.id,
        activates_again: first,
    };
    log(world, &[RuleId::Wait1], event);
    Ok(Then::EndActivation { waiting: first })
}

/// GEN-8: the carrier drops its treasure at `at` (default: where it stands).
fn drop_action(world: &mut World, f: &FighterView, at: Option<[f32; 3]>) -> Result<Then, Rejected> {
    let Some(t) = f.carrying else {
        return Err(Rejected::new(
            RuleId::Gen8,
            format!("{} carries no treasure", f.name),
        ));
    };
    let at = at.map(v3).unwrap_or(f.pos);
    validate_drop(world, f, at)?;
    spend(world, false);
    drop_treasure(world, f, t, at);
    Ok(Then::AfterAction)
}

/// ABL-5: counts an action `id` made, when it is the active fighter (not a friend making a
/// bonus action).
fn made(world: &mut World, id: FighterId, count: impl FnOnce(&mut ActivationState)) {
    let mut e = state::engine(world);
    if let Some(a) = e.activation.as_mut().filter(|a| a.fighter == id) {
        count(a);
    }
}

fn spend(world: &mut World, bonus: bool) {
    let (fighter, gone) = {
        let mut e = state::engine(world);
        let act = e.activation.as_mut().expect("an activation");
        if !bonus {
            act.actions_left = act.actions_left.saturating_sub(1);
            act.actions_taken += 1;
            return;
        }
        (act.fighter, act.take_first_bonus(true))
    };
    crate::rules::effects::picks_made(world, fighter, gone);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atk3_hit_table_s_greater_equal_less_than_t() {
        assert_eq!(hit_threshold(5, 4), 3);
        assert_eq!(hit_threshold(4, 4), 4);
        assert_eq!(hit_threshold(3, 4), 5);
    }

    #[test]
    fn atk3_sixes_are_critical_hits() {
        // 4+ to hit: 6 crit, 4 and 5 hits, the rest miss.
        assert_eq!(count_hits(&[6, 5, 4, 3, 1], 4), (2, 1));
        assert_eq!(count_hits(&[6, 6], 5), (0, 2));
        assert_eq!(count_hits(&[2, 3], 3), (1, 0));
    }

    #[test]
    fn rea2_counter_damage_two_for_any_one_and_one_for_two_misses() {
        // 4+ to hit: 1, 1, 3 missed (three misses) -> 2 (any 1, not 2 per 1) + 1.
        assert_eq!(counter_damage(&[1, 1, 3, 5], 4), 3);
        // One 1 and nothing else missed -> 2.
        assert_eq!(counter_damage(&[1, 4, 6], 4), 2);
        // One miss, no 1s -> nothing.
        assert_eq!(counter_damage(&[3, 5, 6], 4), 0);
        // Two misses, no 1s -> 1.
        assert_eq!(counter_damage(&[2, 3, 6], 4), 1);
    }
}
