//! Fighters as the rules see them (`FighterView`), found by id, and what they see (GEN-3).

use crate::model::ids::FighterId;
use crate::model::runemark::Runemark;
use bevy::prelude::*;

use crate::battlefield::Battlefield;
use crate::battlefield::measure::{Base, distance};
use crate::battlefield::nav::Mover;
use crate::battlefield::sight::{Body, visible_remembered};
use crate::model::components::*;
use crate::model::formats::{FighterProfile, Role, TwistEffect};
use crate::model::ruleset::Ruleset;

use super::battle::Engine;
use super::lasting::{Lowered, Scope};
use crate::model::effects::{Effect, Stat};

/// A fighter as the rules see it.
#[derive(Debug, Clone)]
pub struct FighterView {
    pub entity: Entity,
    pub id: FighterId,
    pub name: std::sync::Arc<str>,
    pub side: Side,
    pub pos: Vec3,
    pub facing: f32,
    pub profile: std::sync::Arc<FighterProfile>,
    pub role: Role,
    pub damage: u32,
    pub presence: Presence,
    pub activation: Activation,
    pub reactions: u8,
    pub carrying: Option<usize>,
    /// ABL-5: what lasting effects subtract from it, after any bonus (ABL-4).
    pub lowered: Lowered,
    /// ABL-5: how much the auras of friends it stands in raise its Move this round (for a
    /// move action that starts where it is).
    pub move_raised: u32,
    /// ABL-5: an ability of its activation lets it fly (MOVE-7) when it moves.
    pub flies: bool,
    /// ABL-5: how many inches its flight this activation may rise, when an ability says.
    pub fly_rise: Option<f32>,
    /// ABL-5: does an ability of its activation make its climbs free of their height?
    pub climbs_free: bool,
    /// ABL-5: is it favoured (its oath fulfilled)?
    pub favoured: bool,
}

impl FighterView {
    pub fn base(&self) -> Base {
        Base::new(self.profile.base, self.pos, self.facing)
    }

    pub fn body(&self) -> Body {
        Body::new(self.base(), self.profile.body_height())
    }

    pub fn on_board(&self) -> bool {
        self.presence == Presence::Deployed
    }

    /// ATK-5: has it been taken down?
    pub fn is_down(&self) -> bool {
        self.presence == Presence::TakenDown
    }

    /// GEN-7: is it within 3" of the objective whose centre is `at` (where it counts for who
    /// controls it)?
    pub fn by_objective(&self, at: Vec3) -> bool {
        crate::battlefield::measure::distance_to_point(&self.base(), at) <= 3.0 + 1e-4
    }

    pub fn wounds_left(&self) -> u32 {
        self.profile.wounds.saturating_sub(self.damage)
    }

    pub fn is_hero(&self) -> bool {
        matches!(self.role, Role::Leader | Role::Hero)
            || self.profile.is(Runemark::Hero)
            || self.profile.is(Runemark::Leader)
    }

    /// GEN-8: may this fighter carry treasure?
    pub fn can_carry(&self) -> bool {
        !(self.profile.is(Runemark::Monster) || self.profile.is(Runemark::Beast))
    }

    /// How it moves (MOVE-5, MOVE-7; GEN-8 carriers can't fly unless the ruleset says so).
    pub fn mover(&self, rules: &Ruleset) -> Mover {
        Mover {
            base: self.profile.base,
            body: self.profile.body_height(),
            can_climb: !self.profile.is(Runemark::Mount),
            can_fly: (self.profile.is(Runemark::Fly) || self.flies)
                && (self.carrying.is_none() || rules.carrier_can_fly),
            free_climb: self.climbs_free,
            // A Fly fighter's own flight knows no such limit.
            fly_rise: self.fly_rise.filter(|_| !self.profile.is(Runemark::Fly)),
        }
    }

    /// MOVE-1 with GEN-8 and ABL-3 Rush (ABL-4: add, then subtract).
    pub fn move_budget(&self, rules: &Ruleset, bonus: u32) -> f32 {
        let m = (self.lowered.divided(Stat::Move, self.profile.movement)).saturating_add(bonus);
        let m = m.saturating_add(self.move_raised);
        let m = if self.carrying.is_some() {
            m.saturating_sub(rules.carrier_move_penalty)
                .max(rules.carrier_min_move)
        } else {
            m
        };
        // ABL-4: a lasting subtraction comes after the bonuses.
        Lowered::apply(m, self.lowered.move_by, self.lowered.move_min) as f32
    }

    /// The Attacks of its weapon `weapon`, as lasting effects leave them (ABL-4, ABL-5).
    pub fn attacks_with(&self, weapon: usize) -> u32 {
        let w = self.profile.weapons.get(weapon);
        let a = w.map_or(0, |w| w.attacks);
        self.attacks_after(a, w.is_some_and(|w| w.is_melee()))
    }

    /// ABL-4: its Toughness with `bonus` added: its profile's, halved first when it is, then
    /// the bonus, less what lasting effects subtract.
    pub fn toughness_with(&self, bonus: u32) -> u32 {
        let t = self
            .lowered
            .divided(Stat::Toughness, self.profile.toughness);
        self.toughness_after(t + bonus)
    }

    /// ABL-4: its Toughness `t` (with any bonus) less what lasting effects subtract.
    pub fn toughness_after(&self, t: u32) -> u32 {
        Lowered::apply(t, self.lowered.toughness_by, self.lowered.toughness_min)
    }

    /// ABL-4: weapon `w` (with any bonus) with the Strength and damage lasting effects
    /// subtract.
    pub fn weaken(&self, w: &mut crate::model::formats::Weapon) {
        let l = self.lowered;
        w.strength = Lowered::apply(w.strength, l.strength_by, l.strength_min);
        if w.is_melee() {
            w.strength = Lowered::apply(w.strength, l.melee_strength_by, l.melee_strength_min);
        }
        w.damage.0 = Lowered::apply(w.damage.0, l.damage_by, l.damage_min);
        w.damage.1 = Lowered::apply(w.damage.1, l.damage_by, l.damage_min);
    }

    /// ABL-4: `attacks` (with any bonus) of a (`melee`) weapon less what lasting effects
    /// subtract.
    pub fn attacks_after(&self, attacks: u32, melee: bool) -> u32 {
        let l = self.lowered;
        let a = Lowered::apply(attacks, l.attacks_by, l.attacks_min);
        match melee {
            true => Lowered::apply(a, l.melee_attacks_by, l.melee_attacks_min),
            false => a,
        }
    }

    /// CMB-1, WAIT-1, REA-1: can it still be activated this phase?
    pub fn can_activate(&self) -> bool {
        can_activate(self.presence, self.activation, self.reactions)
    }

    /// REA-1: not yet activated this round (with an action to spare), or waiting.
    pub fn can_react(&self) -> bool {
        self.can_activate()
    }
}

/// Every fighter, by id (through the [`FighterIndex`]).
pub fn fighters(world: &mut World) -> Vec<FighterView> {
    let Some(index) = world.get_resource::<FighterIndex>() else {
        return Vec::new();
    };
    let entities: Vec<Entity> = index.entities().collect();
    with_queries(world, |world, q| {
        let carried = q.carried(world);
        let mut views = Vec::with_capacity(entities.len());
        views.extend(
            entities
                .into_iter()
                .filter_map(|e| q.view_of(world, e, &carried)),
        );
        views
    })
}

/// ABL-5: the runemarks abilities gave a fighter (or took from it) for now, on its profile.
fn marks_changed(
    profile: &mut std::sync::Arc<crate::model::formats::FighterProfile>,
    changes: impl Iterator<Item = (crate::model::runemark::Runemark, bool)>,
) {
    for (mark, has) in changes {
        if profile.is(mark) != has {
            let p = std::sync::Arc::make_mut(profile);
            match has {
                true => p.runemarks.push(mark.name().to_string()),
                false => p.runemarks.retain(|r| !r.eq_ignore_ascii_case(mark.name())),
            }
        }
    }
}

/// CMB-1, WAIT-1, REA-1: a fighter on the battlefield that is ready (with an action left after
/// its reactions) or waiting can be activated.
fn can_activate(presence: Presence, activation: Activation, reactions: u8) -> bool {
    presence == Presence::Deployed
        && match activation {
            Activation::Ready => reactions < 2,
            Activation::Waiting => true,
            Activation::Activated => false,
        }
}

/// The fighters of `side` that can be activated now, by id (read straight from their
/// components: no [`FighterView`]s built).
pub fn activatable(world: &World, side: Side) -> Vec<FighterId> {
    fighters_of(world, side, can_activate).collect()
}

/// CMB-1: can a fighter of `side` be activated now?
pub fn side_can_activate(world: &World, side: Side) -> bool {
    fighters_of(world, side, can_activate).next().is_some()
}

/// The fighters of `side` whose state (presence, activation, reactions) `pred` accepts, by
/// id, read straight from their components.
pub fn fighters_of(
    world: &World,
    side: Side,
    pred: impl Fn(Presence, Activation, u8) -> bool,
) -> impl Iterator<Item = FighterId> {
    let index = world.get_resource::<FighterIndex>();
    index
        .into_iter()
        .flat_map(|i| i.entities())
        .filter_map(move |e| {
            let e = world.get_entity(e).ok()?;
            let ok = *e.get::<Side>()? == side
                && pred(
                    *e.get::<Presence>()?,
                    *e.get::<Activation>()?,
                    e.get::<Reactions>().map_or(0, |r| r.0),
                );
            ok.then(|| e.get::<Fighter>().map(|f| f.id)).flatten()
        })
}

/// Fighter `id`'s side, base and name, read straight from its components (no
/// [`FighterView`] built); `None` when it is not on the battlefield.
pub fn standing(world: &World, id: FighterId) -> Option<(Side, Base, String)> {
    let e = world
        .get_entity(world.get_resource::<FighterIndex>()?.get(id)?)
        .ok()?;
    if *e.get::<Presence>()? != Presence::Deployed {
        return None;
    }
    let base = Base::new(
        e.get::<Profile>()?.0.base,
        e.get::<Position>()?.0,
        e.get::<Facing>()?.0,
    );
    Some((
        *e.get::<Side>()?,
        base,
        e.get::<Fighter>()?.name.to_string(),
    ))
}

/// Fighter `id`, found through the [`FighterIndex`].
pub fn fighter(world: &mut World, id: FighterId) -> Option<FighterView> {
    let e = world.get_resource::<FighterIndex>()?.get(id)?;
    with_queries(world, |world, q| {
        let carried = q.carried(world);
        q.view_of(world, e, &carried)
    })
}

/// The objectives on the battlefield, in index order.
pub fn objectives(world: &mut World) -> Vec<Objective> {
    with_queries(world, |world, q| {
        let mut objectives: Vec<Objective> = q.objectives.iter_manual(world).copied().collect();
        objectives.sort_by_key(|o| o.index);
        objectives
    })
}

/// What a [`FighterView`] is read from.
type ViewData = (
    &'static Fighter,
    &'static Side,
    &'static Position,
    &'static Facing,
    &'static Profile,
    &'static WarbandRole,
    &'static Damage,
    &'static Presence,
    &'static Activation,
    Option<&'static Reactions>,
);

/// The queries fighter views (and objectives) are read with, made once per world (making a
/// query looks up every component type; the AI reads every fighter thousands of times a
/// battle).
struct ViewQueries {
    world: bevy::ecs::world::WorldId,
    views: QueryState<ViewData>,
    treasure: QueryState<&'static Treasure>,
    objectives: QueryState<&'static Objective>,
}

thread_local! {
    static QUERIES: std::cell::RefCell<Option<ViewQueries>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with this thread's [`ViewQueries`] for `world`, up to date with its archetypes.
fn with_queries<R>(world: &mut World, f: impl FnOnce(&World, &ViewQueries) -> R) -> R {
    QUERIES.with_borrow_mut(|slot| {
        let q = match slot {
            Some(q) if q.world == world.id() => q,
            _ => slot.insert(ViewQueries {
                world: world.id(),
                views: world.query(),
                treasure: world.query(),
                objectives: world.query(),
            }),
        };
        q.views.update_archetypes(world);
        q.treasure.update_archetypes(world);
        q.objectives.update_archetypes(world);
        f(world, q)
    })
}

impl ViewQueries {
    /// Which fighter carries which treasure (GEN-8), as (fighter, treasure).
    fn carried(&self, world: &World) -> Vec<(FighterId, usize)> {
        self.treasure
            .iter_manual(world)
            .filter_map(|t| t.carrier.map(|c| (c, t.index)))
            .collect()
    }

    fn view_of(
        &self,
        world: &World,
        entity: Entity,
        carried: &[(FighterId, usize)],
    ) -> Option<FighterView> {
        let (f, side, pos, facing, profile, role, damage, presence, activation, reactions) =
            self.views.get_manual(world, entity).ok()?;
        // ABL-5: what lasting effects change for it (most of a battle, none: nothing to read).
        let engine = world.get_resource::<Engine>();
        let (lowered, move_raised) = match engine {
            Some(e) if !e.effects.is_empty() => {
                let base = Base::new(profile.0.base, pos.0, facing.0);
                let lowered = self.lowered(world, e, f.id, *side, &base);
                let who = (f.id, &*profile.0);
                (lowered, self.move_raised(world, e, (who, *side), &base))
            }
            _ => (Lowered::default(), 0),
        };
        let fly_rise = engine
            .filter(|e| !lasts(e, f.id, &Effect::FlyThisActivation))
            .and_then(|e| fly_rise(e, f.id));
        let mut profile = profile.0.clone();
        if let Some(e) = engine.filter(|e| !e.effects.is_empty()) {
            marks_changed(&mut profile, e.marks_changed(f.id));
        }
        Some(FighterView {
            entity,
            id: f.id,
            name: f.name.clone(),
            side: *side,
            pos: pos.0,
            facing: facing.0,
            profile,
            role: role.0,
            damage: damage.0,
            presence: *presence,
            activation: *activation,
            reactions: reactions.map_or(0, |r| r.0),
            carrying: carried.iter().find(|c| c.0 == f.id).map(|c| c.1),
            lowered,
            move_raised,
            flies: engine.is_some_and(|e| lasts(e, f.id, &Effect::FlyThisActivation))
                || engine.is_some_and(|e| flying_bonus_waits(e, f.id))
                || fly_rise.is_some()
                || engine
                    .is_some_and(|e| !e.effects.is_empty() && e.has(f.id, super::Lasting::Flies)),
            fly_rise,
            climbs_free: engine.is_some_and(|e| lasts(e, f.id, &Effect::FreeClimb)),
            favoured: engine
                .is_some_and(|e| !e.effects.is_empty() && e.has(f.id, super::Lasting::Favoured)),
        })
    }

    /// ABL-5: the Move the auras of friendly fighters raise for fighter `id` of `side` on
    /// `base` this round (an aura reaching by distance alone; its own source among them
    /// unless the aura is for "other" friends; only the friends with its runemarks).
    fn move_raised(
        &self,
        world: &World,
        e: &Engine,
        ((id, profile), side): ((FighterId, &FighterProfile), Side),
        base: &Base,
    ) -> u32 {
        let mut raised = 0u32;
        for (scope, stat, by, _) in e.raised() {
            let Scope::Aura { source, aura } = scope else {
                continue;
            };
            // ABL-5: "other" friends, and friends with the aura's runemarks, only.
            if stat != Stat::Move || aura.visible || !aura.reaches_kind(source == id, profile) {
                continue;
            }
            let near = self
                .source_base(world, source)
                .is_some_and(|(s_side, s_base)| {
                    s_side == side && distance(&s_base, base) <= aura.range + 1e-4
                });
            if near {
                raised = raised.saturating_add(by);
            }
        }
        raised
    }

    /// The side and base of fighter `id` when it is on the battlefield.
    fn source_base(&self, world: &World, id: FighterId) -> Option<(Side, Base)> {
        let e = world.get_resource::<FighterIndex>()?.get(id)?;
        let (_, side, pos, facing, profile, _, _, presence, ..) =
            self.views.get_manual(world, e).ok()?;
        (*presence == Presence::Deployed)
            .then(|| (*side, Base::new(profile.0.base, pos.0, facing.0)))
    }

    /// ABL-5: what abilities lowered for fighter `id` of `side` standing on `base`: its own
    /// lowerings, and the enemy auras it is in.
    fn lowered(
        &self,
        world: &World,
        e: &Engine,
        id: FighterId,
        side: Side,
        base: &Base,
    ) -> Lowered {
        let mut l = e.lowered(id);
        for (source, range, stat, by, min) in e.enemy_auras() {
            let near = self
                .source_base(world, source)
                .is_some_and(|(s_side, s_base)| {
                    s_side != side && distance(&s_base, base) <= range + 1e-4
                });
            if near {
                l.add(stat, by, min);
            }
        }
        l
    }
}

/// GEN-3 with the twist of VIC-2: can `a` see `b`? Under a visibility twist, fighters
/// `max_distance` or more apart can't ("4\" or more", read inclusively as written).
pub fn can_see(world: &World, all: &[FighterView], a: &FighterView, b: &FighterView) -> bool {
    if let TwistEffect::Visibility { max_distance } = world.resource::<BattleInfo>().twist.effect
        && distance(&a.base(), &b.base()) >= max_distance - 1e-4
    {
        return false;
    }
    let Some(bf) = world.get_resource::<Battlefield>() else {
        return true;
    };
    let others: Vec<Body> = all
        .iter()
        .filter(|o| o.on_board() && o.id != a.id && o.id != b.id)
        .map(|o| o.body())
        .collect();
    visible_remembered(bf.nav.id(), &bf.shapes, &a.body(), &b.body(), &others)
}

/// Bases of every fighter on the battlefield except `except`.
pub fn blockers(all: &[FighterView], except: FighterId) -> Vec<Base> {
    all.iter()
        .filter(|f| f.on_board() && f.id != except)
        .map(|f| f.base())
        .collect()
}

/// ABL-5: how far `id` may rise when it flies this activation, when an ability says so.
fn fly_rise(e: &Engine, id: FighterId) -> Option<f32> {
    let a = e.activation.as_ref().filter(|a| a.fighter == id)?;
    a.lasting.iter().find_map(|l| match l {
        Effect::FlyRisingAtMost { up } => Some(*up as f32),
        _ => None,
    })
}

/// ABL-5: is `effect` one of `id`'s activation's lasting effects (it flies, its climbs are
/// free)?
/// MOVE-7, ABL-5: is fighter `id`'s next move the bonus move it may fly in ("can fly as part
/// of that move action")? A waiting bonus is taken before any other action (CMB-2).
fn flying_bonus_waits(e: &Engine, id: FighterId) -> bool {
    e.activation.as_ref().is_some_and(|a| {
        a.fighter == id && matches!(a.bonus.first(), Some(super::Bonus::Move { fly: true, .. }))
    })
}

fn lasts(e: &Engine, id: FighterId, effect: &Effect) -> bool {
    e.activation
        .as_ref()
        .is_some_and(|a| a.fighter == id && !a.lasting.is_empty() && a.lasting.contains(effect))
}
