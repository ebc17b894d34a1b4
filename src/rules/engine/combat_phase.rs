//! The combat phase (CMB-1..CMB-3): turns, passes, activations and what follows an action.

use crate::battlefield::Battlefield;
use crate::battlefield::measure::bases_within;
use crate::model::RuleId;
use crate::model::components::{Activation, Presence};
use crate::model::ids::FighterId;
use crate::model::ids::Side;
use crate::model::ruleset::Ruleset;
use crate::rules::actions;
use crate::rules::command::{Command, Rejected};
use crate::rules::engine::{finish, not_now, take_command};
use crate::rules::log::{EndReason, Event};
use crate::rules::state::{
    ActivationState, Bonus, Engine, FighterView, Outcome, Overtime, Pending, Then, engine, fighter,
    fighters, fighters_of, log, side_can_activate, solo_sides,
};
use bevy::prelude::*;

/// The combat phase's system: takes the command the turn waits for (who goes first, an
/// activation, the active fighter's actions, a reaction, where a dropped treasure goes).
pub(super) fn combat_phase(world: &mut World) {
    take_command(world, |world, pending, cmd| match (pending, cmd) {
        (Pending::FirstTurn { side }, Command::FirstTurn { side: s, first }) => {
            first_turn(world, side, *s, *first)
        }
        (Pending::Turn { side }, Command::Activate { fighter: id }) => activate(world, side, *id),
        (Pending::Turn { side }, Command::Pass { side: s }) => Err(Rejected::new(
            RuleId::Cmb1,
            if *s != side {
                "it is the other side's turn"
            } else {
                "a side must activate a fighter if it can"
            },
        )),
        (Pending::Action { fighter }, cmd) => {
            let then = actions::action(world, fighter, cmd)?;
            carry_on(world, then);
            Ok(())
        }
        (Pending::Reaction { side }, cmd) => {
            let then = actions::reaction(world, side, cmd)?;
            // The reaction is made or declined: the action it waited on goes on.
            let mut e = engine(world);
            if let Some(a) = &e.activation {
                e.pending = Pending::Action { fighter: a.fighter };
            }
            carry_on(world, then);
            Ok(())
        }
        (Pending::PlaceTreasure { side }, Command::PlaceTreasure { side: s, at }) => {
            actions::place_dropped_treasure(world, side, *s, *at)?;
            // GEN-8: the next drop waits (`ask_for_picks`), or the battle goes on.
            let mut e = engine(world);
            if e.treasure_drops.is_empty() {
                e.pending = e.after_drops.take().unwrap_or(Pending::Ended);
            }
            Ok(())
        }
        (Pending::Land { side }, Command::Land { side: s, at }) => {
            actions::land_picked(world, side, *s, *at)?;
            after_landing(world);
            Ok(())
        }
        (p, c) => Err(not_now(p, c)),
    });
}

/// MOVE-8: once every falling fighter has landed, the action that knocked one off goes on
/// (then any treasure a fall dropped is placed); a fall at the end of an activation goes back
/// to what the battle waited for. The next fall waits otherwise (`ask_for_picks`).
fn after_landing(world: &mut World) {
    let mut e = engine(world);
    if !e.falls.is_empty() {
        return;
    }
    let then = e.then_after_falls.take();
    if then.is_some() || e.treasure_drops.is_empty() {
        e.pending = e.after_drops.take().unwrap_or(Pending::Ended);
    }
    if let Some(then) = then {
        carry_on(world, then);
    }
}

/// Does what a resolved action leaves to the flow: the next action, the end of the
/// activation, or a reaction on offer (REA-1). A fighter it knocked off lands first (MOVE-8).
fn carry_on(world: &mut World, then: Then) {
    if !engine(world).falls.is_empty() && then != Then::Stay {
        engine(world).then_after_falls = Some(then);
        return;
    }
    match then {
        Then::AfterAction => after_action(world),
        Then::EndActivation { waiting } => end_activation(world, waiting),
        Then::Reaction(offer) => {
            let mut e = engine(world);
            e.pending = Pending::Reaction { side: offer.side };
            e.reaction = Some(offer);
        }
        Then::Stay => {}
    }
}

/// CMB-1: hands the turn to `Engine::turn`; a side that can't activate anyone passes, and two
/// passes in a row end the phase.
pub(crate) fn next_turn(world: &mut World) {
    if world.resource::<Engine>().outcome.is_some() {
        return;
    }
    // SET-8: "until only one side has fighters left" is the play-on's end only; before it a
    // warband with no fighters left just has nobody to activate, and the victory card decides
    // after its rounds (seed 001).
    let playing_on = world.resource::<Engine>().overtime == Overtime::LastStanding;
    if playing_on && let Some(winner) = last_side_standing(world) {
        finish(
            world,
            Outcome::Winner(winner),
            RuleId::Set8,
            EndReason::LastWarband,
        );
        return;
    }
    loop {
        let side = world.resource::<Engine>().turn;
        if side_can_activate(world, side) {
            engine(world).pending = Pending::Turn { side };
            return;
        }
        log(world, &[RuleId::Cmb1], Event::Pass { side });
        let mut e = engine(world);
        e.passes += 1;
        e.turn = side.other();
        if e.passes >= 2 {
            e.pending = Pending::EndOfRound;
            return;
        }
    }
}

pub(super) fn activate(world: &mut World, side: Side, id: FighterId) -> Result<(), Rejected> {
    let f = fighter(world, id)
        .ok_or_else(|| Rejected::new(RuleId::Cmb1, format!("there is no fighter {id}")))?;
    if f.side != side {
        return Err(Rejected::new(
            RuleId::Cmb1,
            format!("{} is not in the warband whose turn it is", f.name),
        ));
    }
    if !f.on_board() {
        return Err(Rejected::new(
            RuleId::Cmb1,
            format!("{} is not on the battlefield", f.name),
        ));
    }
    if !f.can_activate() {
        return Err(Rejected::new(
            RuleId::Cmb1,
            format!("{} has already been activated this phase", f.name),
        ));
    }
    engine(world).passes = 0;
    start_activation(world, &f);
    Ok(())
}

pub(crate) fn start_activation(world: &mut World, f: &FighterView) {
    let after_wait = f.activation == Activation::Waiting;
    let actions = if after_wait {
        1
    } else {
        2u8.saturating_sub(f.reactions)
    };
    // ABL-5: "1 less action in their next activation (to a minimum of 1)".
    let actions = engine(world).actions_now(f.id, actions);
    let rules: &[RuleId] = if after_wait {
        &[RuleId::Cmb1, RuleId::Wait1]
    } else if f.reactions > 0 {
        &[RuleId::Cmb1, RuleId::Rea1]
    } else {
        &[RuleId::Cmb1, RuleId::Cmb2]
    };
    log(
        world,
        rules,
        Event::Activate {
            fighter: f.id,
            side: f.side,
            actions,
            after_wait,
        },
    );
    let mut e = engine(world);
    e.activation = Some(ActivationState {
        fighter: f.id,
        side: f.side,
        actions_left: actions,
        actions_taken: 0,
        ability_used: false,
        after_wait,
        move_bonus: 0,
        attacks_bonus: 0,
        bonus: Vec::new(),
        inspired: None,
        boosts: Vec::new(),
        took_down: false,
        took_down_melee: false,
        disengaged: false,
        by_hand: false,
        next_move: 0,
        lasting: Vec::new(),
        after_move: Vec::new(),
        moves: 0,
        shots: 0,
        for_bonus: Vec::new(),
        next_action: Vec::new(),
        quota: None,
        weapon: None,
        downed: Vec::new(),
        jumped_down: 0.0,
    });
    e.pending = Pending::Action { fighter: f.id };
    crate::rules::effects::as_activated(world, f);
    crate::rules::effects::raises_as_activated(world, f);
}

/// Ends the active fighter's activation (as activated or, WAIT-1, waiting) and moves on.
pub(crate) fn end_activation(world: &mut World, waiting: bool) {
    let Some(act) = engine(world).activation.take() else {
        return;
    };
    engine(world).end_activation_effects();
    // ABL-5: what waited for the end of the activation.
    crate::rules::effects::at_activation_end(world, &act);
    // MOVE-8: still climbing when its activation ends, it falls.
    if let Some(f) = fighter(world, act.fighter)
        && f.on_board()
        && world
            .resource::<Battlefield>()
            .nav
            .hanging_on(&f.mover(world.resource::<Ruleset>()), f.pos)
            .is_some()
    {
        log(
            world,
            &[RuleId::Move8, RuleId::Move5],
            Event::StillClimbing { fighter: f.id },
        );
        actions::fall(world, &f, f.pos, None);
    }
    // ABL-5: never silently skipped: effects still waiting for a move lapse, logged.
    for w in &act.after_move {
        let outcome = crate::rules::log::EffectOutcome::Lapsed {
            why: crate::rules::log::Lapse::NoMoveAction,
            effects: w.then.clone(),
            value: w.value,
        };
        crate::rules::effects::effect_logged(world, act.fighter, outcome);
    }
    if let Some(f) = fighter(world, act.fighter) {
        world.entity_mut(f.entity).insert(if waiting {
            Activation::Waiting
        } else {
            Activation::Activated
        });
    }
    // ABL-3 Inspiring Presence: the inspired fighter goes next, in the same turn.
    if let Some(next) = act.inspired
        && let Some(n) = fighter(world, next)
        && n.can_activate()
        && n.activation == Activation::Ready
    {
        start_activation(world, &n);
        return;
    }
    engine(world).turn = act.side.other();
    next_turn(world);
}

/// ABL-5: a friend's bonus move (or move or attack) lapses when the friend is no longer on the
/// battlefield (said in the log).
fn friends_bonus_lapses_when_gone(world: &mut World) {
    let Some(act) = world.resource::<Engine>().activation.clone() else {
        return;
    };
    let Some(&first) = act.bonus.first() else {
        return;
    };
    let gone = |id| fighter(world, id).is_none_or(|o| !o.on_board());
    if first.move_max().is_some() && first.friend().is_some_and(gone) {
        drop_first_bonus(world);
        let outcome = crate::rules::log::EffectOutcome::BonusLapsed { bonus: first };
        crate::rules::effects::effect_logged(world, act.fighter, outcome);
    }
}

/// What to do after an action: wait for the next one, an ability, or end the activation.
pub(crate) fn after_action(world: &mut World) {
    if world.resource::<Engine>().outcome.is_some() {
        return;
    }
    let Some(act) = world.resource::<Engine>().activation.clone() else {
        return;
    };
    let Some(f) = fighter(world, act.fighter) else {
        return;
    };
    if !f.on_board() {
        // Taken down during its own activation (a counter, impact damage).
        end_activation(world, false);
        return;
    }
    bonus_moves_lapse_when_barred(world, &f);
    bonus_disengage_lapses_when_free(world, &f);
    friends_bonus_lapses_when_gone(world);
    // A bonus attack only follows when an enemy is within 1" (ABL-3 Reckoning); an
    // ability's, when the fighter has an attack to make (ABL-5).
    // A friend's bonus attack (ABL-5), when the friend has one to make.
    let first = act.bonus.first().copied();
    if first.is_some_and(|b| b.own_attack() || matches!(b, Bonus::FriendAttack { .. })) {
        let all = fighters(world);
        let attacker = first
            .and_then(Bonus::friend)
            .and_then(|id| all.iter().find(|o| o.id == id && o.on_board()))
            .unwrap_or(&f);
        let near = match first {
            Some(Bonus::Attack) => all.iter().any(|o| {
                o.on_board() && o.side != f.side && bases_within(&f.base(), &o.base(), 1.0)
            }),
            Some(Bonus::FriendAttack { fighter, .. }) if attacker.id != fighter => false,
            _ => crate::rules::actions::legal_attacks(world, &all, attacker)
                .iter()
                .any(|&(t, w)| {
                    let melee = attacker.profile.weapons[w].is_melee();
                    first.is_none_or(|b| b.attack_fits(w, melee, t))
                }),
        };
        if !near {
            drop_first_bonus(world);
            let (rule, event) = match first {
                Some(Bonus::Attack) => (RuleId::Abl3, Event::NoBonusAttack { fighter: f.id }),
                Some(Bonus::FriendAttack { fighter, .. }) => {
                    (RuleId::Abl5, Event::NoAttackToMake { fighter })
                }
                _ => (RuleId::Abl5, Event::NoAttackToMake { fighter: f.id }),
            };
            log(world, &[rule], event);
            if !matches!(first, Some(Bonus::FriendAttack { .. })) {
                crate::rules::effects::boosts_lapse_with_the_bonus(world, f.id);
            }
        }
    }
    let act = world
        .resource::<Engine>()
        .activation
        .clone()
        .expect("activation");
    if act.actions_left == 0
        && act.bonus.is_empty()
        && !act.by_hand
        && (act.ability_used || !crate::rules::abilities::any_usable(world, &f))
    {
        end_activation(world, false);
    } else {
        engine(world).pending = Pending::Action { fighter: f.id };
    }
}

pub(super) fn last_side_standing(world: &mut World) -> Option<Side> {
    let alive = |s: Side| {
        fighters_of(world, s, |presence, _, _| {
            matches!(presence, Presence::Deployed | Presence::Reserve { .. })
        })
        .next()
        .is_some()
    };
    match (alive(Side::A), alive(Side::B)) {
        (true, false) => Some(Side::A),
        (false, true) => Some(Side::B),
        _ => None,
    }
}

/// ABL-5: a bonus move an ability bars the fighter from making this round lapses, said in the
/// log, rather than hold up the activation (a bonus "move or attack" stays: it may attack).
fn bonus_moves_lapse_when_barred(world: &mut World, f: &FighterView) {
    use crate::model::effects::Restriction;
    while let Some(Bonus::Move { max, .. }) = engine(world)
        .activation
        .as_ref()
        .and_then(|a| a.bonus.first().copied())
    {
        if crate::rules::effects::not_barred(world, f, Restriction::Move).is_ok() {
            return;
        }
        drop_first_bonus(world);
        let outcome = crate::rules::log::EffectOutcome::BonusMoveBarred { max };
        crate::rules::effects::effect_logged(world, f.id, outcome);
    }
}

/// ABL-5, CMB-2: a bonus disengage action waiting when no enemy is within 1" of the fighter
/// lapses, said in the log, so that the bonus after it ("then this fighter can make a bonus
/// move action") is offered.
fn bonus_disengage_lapses_when_free(world: &mut World, f: &FighterView) {
    let first = engine(world)
        .activation
        .as_ref()
        .and_then(|a| a.bonus.first().copied());
    if first != Some(Bonus::Disengage) {
        return;
    }
    let all = fighters(world);
    let engaged = all
        .iter()
        .any(|o| o.on_board() && o.side != f.side && bases_within(&f.base(), &o.base(), 1.0));
    if engaged {
        return;
    }
    drop_first_bonus(world);
    let outcome = crate::rules::log::EffectOutcome::NoDisengage;
    crate::rules::effects::effect_logged(world, f.id, outcome);
}

/// The first waiting bonus of the activation, gone (it lapsed, or there is none to make); the
/// one place bonuses leave the queue untaken, so the picked friends' count stays right.
fn drop_first_bonus(world: &mut World) {
    if let Some(a) = engine(world).activation.as_mut() {
        a.take_first_bonus(false);
    }
}

/// CMB-1, SOLO-I4: the side with the initiative (`side`) gives the first turn to `first`.
pub(super) fn first_turn(
    world: &mut World,
    side: Side,
    by: Side,
    first: Side,
) -> Result<(), Rejected> {
    if by != side {
        return Err(Rejected::new(
            RuleId::Cmb1,
            "only the side with the initiative picks who goes first",
        ));
    }
    if solo_sides(world).is_some() && first != side {
        return Err(Rejected::new(
            RuleId::SoloI4,
            "in solo mode the side with the initiative activates first",
        ));
    }
    log(world, &[RuleId::Cmb1], Event::FirstTurn { side: first });
    let mut e = engine(world);
    e.turn = first;
    e.passes = 0;
    next_turn(world);
    Ok(())
}
