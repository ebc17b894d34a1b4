//! Reactions to an enemy's move (REA-1, ABL-5): once a move action ends, the enemies that may
//! answer it with a reaction ability ("after an enemy fighter finishes a move action visible to
//! this fighter and within 3\" of this fighter") are offered it; the answer is a bonus action
//! of the reacting fighter or a friend it picks, aimed at the fighter that moved. The places
//! and targets the answer's player may pick are checked here; where none is named, the nearest
//! place that does what the card asks and the first weapon that reaches are taken.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::battlefield::measure::{bases_within, distance};
use crate::model::RuleId;
use crate::model::components::Position;
use crate::model::effects::{Effect, FriendPick, ReactAct, Trigger};
use crate::model::ids::FighterId;
use crate::model::ruleset::Ruleset;
use crate::model::runemark::Runemark;
use crate::rules::command::Rejected;
use crate::rules::state::{FighterView, ReactionOffer, Resume, Then, can_see, fighters};

use super::{Route, do_move, enemies_within, start_attack, start_disengage, v3};

/// One way to answer an enemy's move: who reacts with which ability, who makes the bonus
/// action (`actor`: the reacting fighter or the friend it picks), where its move or
/// disengage ends, and whether it attacks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoveAnswer {
    pub fighter: FighterId,
    pub ability: String,
    pub actor: FighterId,
    /// Where its bonus move (or disengage, `disengage`) ends; none: it does not move.
    pub to: Option<[f32; 3]>,
    #[serde(default)]
    pub disengage: bool,
    /// Whether it attacks after moving (or, with no move, attacks the fighter that moved).
    pub attack: bool,
    /// Whether it is set up at `to` (rather than moving there).
    #[serde(default)]
    pub set_up: bool,
}

/// What the answer's player named: the friend, where it ends, whom it attacks.
#[derive(Debug, Clone, Copy, Default)]
pub struct AnswerPicks {
    pub friend: Option<FighterId>,
    pub to: Option<[f32; 3]>,
    pub target: Option<FighterId>,
}

/// The moment a reaction that gives a bonus action answers (REA-1, ABL-5): an enemy's move
/// action has ended, or a melee attack's damage was allocated to its target.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Moment {
    Moved(FighterId),
    Hurt {
        attacker: FighterId,
        target: FighterId,
    },
}

impl Moment {
    /// The moment a reaction on offer answers, if it is one of these.
    pub fn of(resume: &Resume) -> Option<Moment> {
        match *resume {
            Resume::AfterMove { mover } => Some(Moment::Moved(mover)),
            Resume::AfterDamage { attacker, target } => Some(Moment::Hurt { attacker, target }),
            _ => None,
        }
    }

    /// The enemy the answer is aimed at: the fighter that moved, or the attacker.
    fn enemy(self) -> FighterId {
        match self {
            Moment::Moved(m) => m,
            Moment::Hurt { attacker, .. } => attacker,
        }
    }

    fn resume(self) -> Resume {
        match self {
            Moment::Moved(mover) => Resume::AfterMove { mover },
            Moment::Hurt { attacker, target } => Resume::AfterDamage { attacker, target },
        }
    }
}

/// REA-1: the reaction on offer at `at` (once a move action ends, once a melee attack's damage
/// is allocated); none when nobody may answer it (or reactions are off).
pub(super) fn offer_at(world: &mut World, at: Moment) -> Option<ReactionOffer> {
    if !world.resource::<Ruleset>().reactions || !anyone_answers(world, at) {
        return None;
    }
    let answers = answers_at(world, at);
    let first = answers.first()?;
    let side = crate::rules::state::fighter(world, first.fighter)?.side;
    let mut fighters = Vec::new();
    let mut abilities = Vec::new();
    for a in &answers {
        if !fighters.contains(&a.fighter) {
            fighters.push(a.fighter);
        }
        if !abilities.contains(&a.ability) {
            abilities.push(a.ability.clone());
        }
    }
    Some(ReactionOffer {
        side,
        kind: None,
        fighters,
        resume: at.resume(),
        abilities,
    })
}

/// Has any fighter that could answer `at` (an enemy of the fighter that moved, the fighter
/// hurt) a reaction ability that gives a bonus action? A look at the profiles alone, before
/// the fighters are read in full: most battles have none, and moves and attacks are many.
fn anyone_answers(world: &World, at: Moment) -> bool {
    let Some(index) = world.get_resource::<crate::model::components::FighterIndex>() else {
        return false;
    };
    let side_of = |e: Entity| world.get::<crate::model::ids::Side>(e).copied();
    let answers = |e: Entity| {
        world
            .get::<crate::model::components::Profile>(e)
            .is_some_and(|p| p.0.abilities.iter().any(gives_bonus))
    };
    match at {
        Moment::Moved(mover) => {
            let Some(side) = index.get(mover).and_then(side_of) else {
                return false;
            };
            index
                .entities()
                .any(|e| side_of(e).is_some_and(|s| s != side) && answers(e))
        }
        Moment::Hurt { target, .. } => index.get(target).is_some_and(answers),
    }
}

/// Is `d` a reaction ability that gives a bonus action (REA-1, ABL-5)?
fn gives_bonus(d: &crate::rules::abilities::AbilityDef) -> bool {
    match &d.effect {
        crate::rules::abilities::AbilityEffect::Effects(e) => {
            matches!(e.first(), Some(Effect::Reaction(t)) if t.gives_bonus())
        }
        _ => false,
    }
}

/// REA-1, ABL-5: every way to answer `at`: each enemy of the fighter that moved (or the
/// fighter hurt) that may react, each of its reaction abilities whose moment this is, each
/// friend it may pick, with the nearest place that does what the card asks.
pub fn answers_at(world: &mut World, at: Moment) -> Vec<MoveAnswer> {
    let all = fighters(world);
    let Some(m) = all.iter().find(|f| f.id == at.enemy() && f.on_board()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for r in all.iter().filter(|r| r.side != m.side && r.on_board()) {
        if !crate::rules::effects::may_react(world, r) {
            continue;
        }
        for (name, trigger, effects) in crate::rules::abilities::bonus_reactions(world, r) {
            if !moment(world, &all, (r, m), trigger, at) {
                continue;
            }
            let Some(Effect::ReactBonus { friend, act }) = effects.first() else {
                continue;
            };
            for actor in actors(world, &all, r, friend.as_ref()) {
                let picks = AnswerPicks::default();
                if let Ok(a) = plan(world, &all, (actor, m), *act, picks) {
                    out.push(MoveAnswer {
                        fighter: r.id,
                        ability: name.clone(),
                        ..a
                    });
                }
            }
        }
    }
    out
}

/// The answer fighter `id` makes with `ability` at `at`, with what its player named; refused
/// when it may not or what was named does not do what the card asks.
pub(super) fn chosen_answer(
    world: &mut World,
    (id, ability): (FighterId, &str),
    at: Moment,
    picks: AnswerPicks,
) -> Result<MoveAnswer, Rejected> {
    let mover = at.enemy();
    let all = fighters(world);
    let refuse = |why: String| Rejected::new(RuleId::Abl5, why);
    let (Some(r), Some(m)) = (
        all.iter().find(|f| f.id == id),
        all.iter().find(|f| f.id == mover && f.on_board()),
    ) else {
        return Err(refuse("the fighter that moved is gone".into()));
    };
    let found = crate::rules::abilities::bonus_reactions(world, r)
        .into_iter()
        .find(|(n, t, _)| n == ability && moment(world, &all, (r, m), *t, at));
    let Some((_, _, effects)) = found else {
        return Err(refuse(format!("{} can't make {ability} now", r.name)));
    };
    let Some(Effect::ReactBonus { friend, act }) = effects.first() else {
        return Err(refuse(format!("{ability} does not answer a move")));
    };
    let actors = actors(world, &all, r, friend.as_ref());
    let actors: Vec<&FighterView> = match picks.friend {
        Some(p) => actors.into_iter().filter(|a| a.id == p).collect(),
        None => actors,
    };
    if actors.is_empty() {
        return Err(refuse(format!("{ability}: no friend it may pick is there")));
    }
    let mut why = None;
    for actor in actors {
        match plan(world, &all, (actor, m), *act, picks) {
            Ok(a) => {
                return Ok(MoveAnswer {
                    fighter: r.id,
                    ability: ability.to_string(),
                    ..a
                });
            }
            Err(e) => why = why.or(Some(e)),
        }
    }
    Err(why.expect("at least one actor was tried"))
}

/// Is this the moment of `trigger` for `r`, now that `m` has moved (or attacked `r`)?
fn moment(
    world: &World,
    all: &[FighterView],
    (r, m): (&FighterView, &FighterView),
    trigger: Trigger,
    at: Moment,
) -> bool {
    match (trigger, at) {
        (Trigger::EnemyMoved { within, visible }, Moment::Moved(_)) => {
            bases_within(&r.base(), &m.base(), within.into())
                && (!visible || can_see(world, all, r, m))
        }
        (Trigger::EnemyMovedNearHero { within }, Moment::Moved(_)) => all.iter().any(|h| {
            h.side == r.side
                && h.on_board()
                && h.profile.is(Runemark::Hero)
                && bases_within(&h.base(), &m.base(), within.into())
        }),
        (Trigger::AfterMeleeDamage, Moment::Hurt { target, .. }) => r.id == target,
        _ => false,
    }
}

/// Who may make the bonus action: the reacting fighter, or each other friend `pick` allows.
fn actors<'a>(
    world: &World,
    all: &'a [FighterView],
    r: &'a FighterView,
    pick: Option<&FriendPick>,
) -> Vec<&'a FighterView> {
    let Some(p) = pick else {
        return vec![r];
    };
    let marks = p.marks();
    all.iter()
        .filter(|o| o.side == r.side && o.id != r.id && o.on_board())
        .filter(|o| marks.fit(|k| o.profile.bears(k)))
        .filter(|o| {
            p.range == crate::model::effects::ANYWHERE
                || bases_within(&r.base(), &o.base(), p.range)
        })
        .filter(|o| !p.visible || can_see(world, all, r, o))
        .collect()
}

/// How `actor` does what `act` asks of it against `m`, with what its player named.
fn plan(
    world: &mut World,
    all: &[FighterView],
    (actor, m): (&FighterView, &FighterView),
    act: ReactAct,
    picks: AnswerPicks,
) -> Result<MoveAnswer, Rejected> {
    let answer = |to, disengage, attack| answer_by(actor.id, to, disengage, attack);
    match act {
        ReactAct::Engage | ReactAct::EngageThenAttack => {
            let to = place(world, all, (actor, m), picks.to, |b| {
                bases_within(b, &m.base(), 1.0)
            })
            .ok_or_else(|| {
                Rejected::new(
                    RuleId::Abl5,
                    format!("{} can't end a move within 1\" of {}", actor.name, m.name),
                )
            })?;
            Ok(answer(Some(to), false, act == ReactAct::EngageThenAttack))
        }
        ReactAct::AttackMover => {
            if picks.target.is_some_and(|t| t != m.id) {
                return Err(Rejected::new(
                    RuleId::Abl5,
                    format!("its attack must target {}, the fighter that moved", m.name),
                ));
            }
            weapon_at(world, all, actor, m.id).ok_or_else(|| {
                Rejected::new(
                    RuleId::Abl5,
                    format!("{} has no weapon that reaches {}", actor.name, m.name),
                )
            })?;
            Ok(answer(None, false, true))
        }
        ReactAct::GetAway { beyond } => get_away(world, all, (actor, m), beyond, picks.to),
        ReactAct::Disengage => {
            let to = away_disengage(world, all, actor, picks.to, |_| true).ok_or_else(|| {
                Rejected::new(
                    RuleId::Dis1,
                    format!("{} has no place to disengage to", actor.name),
                )
            })?;
            Ok(answer(Some(to), true, false))
        }
        ReactAct::SetUpNoFurther => {
            let to = set_up_spot(world, (actor, m), picks.to).ok_or_else(|| {
                Rejected::new(
                    RuleId::Abl5,
                    format!(
                        "{} can't be set up there: no further from {} than it stands, where its \
                         base fits",
                        actor.name, m.name
                    ),
                )
            })?;
            Ok(MoveAnswer {
                set_up: true,
                ..answer(Some(to), false, false)
            })
        }
    }
}

/// What `actor` does, for the ability not yet named.
fn answer_by(actor: FighterId, to: Option<[f32; 3]>, disengage: bool, attack: bool) -> MoveAnswer {
    MoveAnswer {
        fighter: actor,
        ability: String::new(),
        actor,
        to,
        disengage,
        attack,
        set_up: false,
    }
}

/// ABL-5: `actor`'s bonus move (a disengage, when it stands within 1" of an enemy) that ends
/// more than `beyond` inches from `m`: to the place named, checked, or the nearest.
fn get_away(
    world: &World,
    all: &[FighterView],
    (actor, m): (&FighterView, &FighterView),
    beyond: u8,
    to: Option<[f32; 3]>,
) -> Result<MoveAnswer, Rejected> {
    let far = |b: &crate::battlefield::measure::Base| distance(b, &m.base()) > f32::from(beyond);
    let engaged = !enemies_within(all, actor, 1.0).is_empty();
    let to = if engaged {
        away_disengage(world, all, actor, to, far)
    } else {
        place(world, all, (actor, m), to, far)
    };
    let to = to.ok_or_else(|| {
        Rejected::new(
            RuleId::Abl5,
            format!(
                "{} can't end more than {beyond}\" from {}",
                actor.name, m.name
            ),
        )
    })?;
    Ok(answer_by(actor.id, Some(to), engaged, false))
}

/// ABL-5: where `actor` is set up no further from `m` than it stands (on the floor or a
/// platform, where its base fits): the place named, checked, else the one nearest the
/// closest objective (nearest where it stands, with no objectives).
fn set_up_spot(
    world: &mut World,
    (actor, m): (&FighterView, &FighterView),
    to: Option<[f32; 3]>,
) -> Option<[f32; 3]> {
    let within = distance(&actor.base(), &m.base());
    let placing = crate::model::effects::Placing::Near { within };
    let spots = crate::rules::effects::set_up_spots(world, m, actor, placing);
    let near = |at: Vec3| {
        spots
            .iter()
            .copied()
            .min_by(|a, b| a.distance(at).total_cmp(&b.distance(at)))
    };
    let spot = match to {
        Some(p) => near(v3(p)).filter(|s| s.distance(v3(p)) <= 0.3),
        None => {
            let goal = crate::rules::state::objectives(world)
                .iter()
                .map(|o| Vec3::new(o.position.0, 0.0, o.position.1))
                .min_by(|a, b| a.distance(actor.pos).total_cmp(&b.distance(actor.pos)));
            goal.and_then(near).or_else(|| spots.first().copied())
        }
    };
    spot.map(|p| p.to_array())
}

/// MOVE-1: where `actor`'s bonus move ends, within its Move and where `ends` holds of its
/// base: the place named (`to`), checked, or the cheapest one.
fn place(
    world: &World,
    all: &[FighterView],
    (actor, _m): (&FighterView, &FighterView),
    to: Option<[f32; 3]>,
    ends: impl Fn(&crate::battlefield::measure::Base) -> bool,
) -> Option<[f32; 3]> {
    let budget = actor.move_budget(world.resource::<Ruleset>(), 0);
    let fits = |p: [f32; 3]| {
        let at = crate::battlefield::measure::Base::new(actor.profile.base, v3(p), actor.facing);
        ends(&at)
            && super::validate_route(world, all, actor, v3(p), budget, Route::default()).is_ok()
    };
    if let Some(p) = to {
        return fits(p).then_some(p);
    }
    let mut places = crate::rules::options::move_places(world, all, actor, budget, None);
    places.sort_by(|a, b| a.1.total_cmp(&b.1));
    places.into_iter().map(|(p, _)| p).find(|p| fits(*p))
}

/// DIS-1: where `actor`'s bonus disengage ends, where `ends` holds of its base: the place
/// named, checked, or the one nearest where it stands.
fn away_disengage(
    world: &World,
    all: &[FighterView],
    actor: &FighterView,
    to: Option<[f32; 3]>,
    ends: impl Fn(&crate::battlefield::measure::Base) -> bool,
) -> Option<[f32; 3]> {
    let fits = |p: [f32; 3]| {
        let at = crate::battlefield::measure::Base::new(actor.profile.base, v3(p), actor.facing);
        ends(&at) && super::validate_disengage(world, all, actor, v3(p)).is_ok()
    };
    if let Some(p) = to {
        return fits(p).then_some(p);
    }
    let (_, spots) = crate::rules::options::move_options(world, all, actor, 0.0);
    let mut spots: Vec<[f32; 3]> = spots.into_iter().filter(|p| fits(*p)).collect();
    spots.sort_by(|a, b| {
        let d = |p: &[f32; 3]| v3(*p).distance(actor.pos);
        d(a).total_cmp(&d(b))
    });
    spots.first().copied()
}

/// ATK-1: the first of `f`'s weapons that may attack `target`.
fn weapon_at(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    target: FighterId,
) -> Option<usize> {
    (0..f.profile.weapons.len()).find(|&w| super::attack_allowed(world, all, f, target, w))
}

/// REA-1, ABL-5: the answer made: the bonus move (or disengage) to where it ends, then the
/// attack (at the fighter named, else the one that moved) with the first weapon that reaches.
pub(super) fn make_answer(
    world: &mut World,
    answer: &MoveAnswer,
    at: Moment,
    target: Option<FighterId>,
) -> Then {
    let mover = at.enemy();
    let all = fighters(world);
    let Some(actor) = all.iter().find(|f| f.id == answer.actor).cloned() else {
        return Then::AfterAction;
    };
    if let Some(to) = answer.to {
        if answer.set_up {
            world.entity_mut(actor.entity).insert(Position(v3(to)));
            let outcome = crate::rules::log::EffectOutcome::Relocated {
                at: Some(to),
                fighter: None,
            };
            super::reactions::reaction_logged(world, actor.id, outcome);
            return Then::AfterAction;
        }
        if answer.disengage {
            return start_disengage(world, &all, &actor, to);
        }
        let budget = actor.move_budget(world.resource::<Ruleset>(), 0);
        match super::validate_route(world, &all, &actor, v3(to), budget, Route::default()) {
            Ok(path) => do_move(world, &actor, &path, true, None),
            Err(_) => return Then::AfterAction,
        }
    }
    if !answer.attack {
        return Then::AfterAction;
    }
    let all = fighters(world);
    let Some(actor) = all.iter().find(|f| f.id == answer.actor).cloned() else {
        return Then::AfterAction;
    };
    let target = target.unwrap_or(mover);
    match weapon_at(world, &all, &actor, target) {
        Some(w) => start_attack(world, &actor, target, w),
        None => Then::AfterAction,
    }
}
