//! The world hash: equal worlds hash equal on every machine (saves, replays, determinism).

use std::hash::Hasher;

use bevy::prelude::*;

use crate::model::components::*;
use crate::model::dice::DiceRng;

use serde::Serialize;

use crate::model::effects::{Aura, Restriction, Stat};
use crate::model::ids::{FighterId, Side};
use crate::rules::command::Command;
use crate::rules::initiative::SideDice;

use super::battle::{
    ActivationState, Engine, FallDue, Outcome, Overtime, Pending, ReactionOffer, Then, TreasureDrop,
};
use super::fighters::fighters;
use super::held_words::Held;
use super::lasting::{ActiveEffect, Lasting, Scope};

/// FNV-1a: stable on every machine and run (unlike the std hasher's keys).
pub(super) struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= *b as u64;
            self.0 = self.0.wrapping_mul(0x100000001b3);
        }
    }
}

/// A hash of everything the rules depend on: fighters, treasure, the engine state and the
/// position of the dice stream. Equal worlds hash equal on every machine.
pub fn world_hash(world: &mut World) -> u64 {
    let mut h = Fnv(0xcbf29ce484222325);
    // Written out by hand, each part in words of its own: a renamed type or variant in the
    // code keeps every saved battle's hashes (the text is the one the hashes began with).
    for f in fighters(world) {
        let line = format!(
            "{}|{}|{}|{}|{}|{}|{}|{}|{};",
            f.id,
            f.side,
            bits_list(&f.pos.to_array()),
            f.facing.to_bits(),
            f.damage,
            presence_code(f.presence),
            activation_code(f.activation),
            f.reactions,
            option_code(f.carrying)
        );
        h.write(line.as_bytes());
    }
    let mut t: Vec<Treasure> = world.query::<&Treasure>().iter(world).copied().collect();
    t.sort_by_key(|t| t.index);
    for t in t {
        let line = format!(
            "{}|{}|{}|{};",
            t.index,
            bits_list(&[t.position.0, t.position.1]),
            t.y.to_bits(),
            option_code(t.carrier)
        );
        h.write(line.as_bytes());
    }
    // The engine without its history (the commands and the round hashes).
    if let Some(e) = world.get_resource::<Engine>() {
        h.write(engine_text(e).as_bytes());
    }
    if let Some(d) = world.get_resource::<DiceRng>() {
        h.write(&d.word_pos().to_le_bytes());
    }
    h.finish()
}

/// The engine as the hash reads it: RON, where state no battle has used yet is left out, so
/// a new kind of state does not change the hashes of battles that don't use it.
fn engine_text(e: &Engine) -> String {
    ron::to_string(&EngineWords::of(e)).expect("the engine serializes")
}

/// The engine in the words the hashes began with: its fields in their order, its history
/// (the commands and the round hashes) left empty, and the lasting effects of abilities (one
/// store, [`Engine::effects`]) written as the four lists they once were.
/// An enemy aura taking dice off attacks: (source, range, by, min, (melee only, seen only)).
type FewerAura = (FighterId, f32, u32, u32, (bool, bool));

#[derive(Serialize)]
struct EngineWords<'a> {
    round: u32,
    initiative: Option<Side>,
    dice: &'a [SideDice; 2],
    singles_before: (u32, u32),
    pending: Pending,
    turn: Side,
    passes: u8,
    activation: &'a Option<ActivationState>,
    reaction: &'a Option<ReactionOffer>,
    control: &'a [Option<Side>],
    score: [u32; 2],
    points_taken_down: [u32; 2],
    overtime: Overtime,
    outcome: Option<Outcome>,
    treasure_drops: &'a [TreasureDrop],
    after_drops: Option<Pending>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    falls: &'a [FallDue],
    #[serde(skip_serializing_if = "Option::is_none")]
    then_after_falls: &'a Option<Then>,
    commands: &'a [Command],
    round_hashes: &'a [u64],
    restricted: Vec<(FighterId, Restriction)>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    round_boosts: Vec<RoundBoostWords>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    weakened: Vec<(FighterId, Stat, u32, u32)>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    taunts: Vec<(FighterId, FighterId)>,
    /// Characteristics lowered for the enemies round a fighter for the round (new: written
    /// only when there are some, so older battles keep their hashes).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    enemy_auras: Vec<(FighterId, f32, Stat, u32, u32)>,
    /// The attacks on a fighter (or its aura) softened for the round: less damage (by, to a
    /// minimum) or critical hits as hits (0, 0). New: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    guards: Vec<(FighterId, Option<Aura>, u32, u32)>,
    /// Raised for a fighter's next attack action this round. New: written only when there
    /// are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    next_attacks: Vec<(FighterId, Stat, u32, bool)>,
    /// The attacks on a fighter (or its aura) rolling fewer dice for the round: by, to a
    /// minimum, melee only. New: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fewer_attacks: Vec<(FighterId, Option<Aura>, u32, u32, bool)>,
    /// The fighters who swore an oath (false) or are favoured (true). New: written only when
    /// there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    oaths: Vec<(FighterId, bool)>,
    /// Actions barred for the enemies round a fighter while they are. New: written only when
    /// there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    barred_auras: Vec<(FighterId, f32, Restriction)>,
    /// The value of abilities changed round a fighter: (source, range, by, bound, lowered for
    /// its enemies). New: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    value_auras: Vec<(FighterId, f32, u32, u32, bool)>,
    /// Lowered for a fighter's melee attacks only. New: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    weakened_melee: Vec<(FighterId, Stat, u32, u32)>,
    /// The enemies round a fighter whose attacks' critical hits count as hits: (source, range,
    /// only those it sees). New: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    dimming_auras: Vec<(FighterId, f32, bool)>,
    /// The enemies round a fighter whose attacks roll fewer dice: (source, range, by, min,
    /// (melee only, only those it sees)). New: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fewer_auras: Vec<FewerAura>,
    /// Fighters counting as more for objective control this round. New: written only when
    /// there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    extra_counts: Vec<(FighterId, u32)>,
    /// The tolls on disengaging from round a fighter: (source, range, sides, before it moves
    /// away). New: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tolls: Vec<(FighterId, f32, u8, bool)>,
    /// The damage waiting for the end of the round. New: written only when there is some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    round_end: Vec<(FighterId, f32, u32, bool)>,
    /// Fighters whose Move or Toughness is halved this round. New: written only when there
    /// are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    halved: Vec<(FighterId, Stat)>,
    /// Fighters that threw what they held. New: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    empty_handed: Vec<FighterId>,
    /// Fighters exposed to one side's attacks only: (fighter, stat, by, side, whose attacks).
    /// New: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    exposed_to: Vec<(FighterId, Stat, u32, Side, crate::model::effects::Exposers)>,
    /// The enemies round a fighter exposed to its side's attacks: (source, range, stat, by,
    /// side, whose attacks). New: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    exposed_around: Vec<(
        FighterId,
        f32,
        Stat,
        u32,
        Side,
        crate::model::effects::Exposers,
    )>,
    /// What fighters deal the attackers of their melee attacks this round: (fighter, dice,
    /// least, damage). New: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    retaliations: Vec<(FighterId, u32, u8, u32)>,
    /// The uses of once-only abilities. New: written only when there are some.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    once: &'a [super::battle::OnceUse],
    /// Fighters that can fly for the round. New: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    flies: Vec<FighterId>,
    /// Fighters spared the next time they would be taken down. New: only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    survives: Vec<(FighterId, u32, u8)>,
    /// Who is held to whom. New: written only when someone is.
    #[serde(skip_serializing_if = "Held::is_empty")]
    held: Held,
    /// Fighters whose abilities have a value of 6. New: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    potent: Vec<FighterId>,
    /// The tokens abilities left on the battlefield. New: written only when there are some.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    tokens: &'a [super::battle::TokenOnBoard],
}

/// A characteristic raised until the end of the round, as the hashes began writing it.
#[derive(Serialize)]
struct RoundBoostWords {
    source: FighterId,
    stat: Stat,
    by: u32,
    melee_only: bool,
    aura: Option<Aura>,
    /// New: written only when set, so older battles keep their hashes.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    missile_only: bool,
}

impl RoundBoostWords {
    /// A raise of `source`'s (in its aura, when one), as the hashes write it.
    fn of(source: (FighterId, Option<Aura>), what: Lasting) -> Option<Self> {
        let Lasting::Raised {
            stat,
            by,
            melee_only,
            missile_only,
            ..
        } = what
        else {
            return None;
        };
        Some(RoundBoostWords {
            source: source.0,
            stat,
            by,
            melee_only,
            aura: source.1,
            missile_only,
        })
    }
}

impl<'a> EngineWords<'a> {
    fn of(e: &'a Engine) -> Self {
        // Every field named: a field added to the engine must be added here too.
        let Engine {
            round,
            initiative,
            dice,
            singles_before,
            pending,
            turn,
            passes,
            activation,
            reaction,
            control,
            score,
            points_taken_down,
            overtime,
            outcome,
            treasure_drops,
            after_drops,
            falls,
            then_after_falls,
            commands: _,
            round_hashes: _,
            effects,
            once,
            tokens,
        } = e;
        let mut words = EngineWords {
            round: *round,
            initiative: *initiative,
            dice,
            singles_before: *singles_before,
            pending: *pending,
            turn: *turn,
            passes: *passes,
            activation,
            reaction,
            control,
            score: *score,
            points_taken_down: *points_taken_down,
            overtime: *overtime,
            outcome: *outcome,
            treasure_drops,
            after_drops: *after_drops,
            falls,
            then_after_falls,
            commands: &[],
            round_hashes: &[],
            restricted: Vec::new(),
            round_boosts: Vec::new(),
            weakened: Vec::new(),
            taunts: Vec::new(),
            enemy_auras: Vec::new(),
            guards: Vec::new(),
            next_attacks: Vec::new(),
            fewer_attacks: Vec::new(),
            oaths: Vec::new(),
            barred_auras: Vec::new(),
            value_auras: Vec::new(),
            weakened_melee: Vec::new(),
            dimming_auras: Vec::new(),
            fewer_auras: Vec::new(),
            extra_counts: Vec::new(),
            tolls: Vec::new(),
            round_end: Vec::new(),
            halved: Vec::new(),
            empty_handed: Vec::new(),
            exposed_to: Vec::new(),
            retaliations: Vec::new(),
            exposed_around: Vec::new(),
            once,
            survives: Vec::new(),
            potent: Vec::new(),
            held: Held::default(),
            flies: Vec::new(),
            tokens,
        };
        effects.iter().for_each(|effect| words.add(effect));
        words
    }

    /// A lasting effect on the enemies round `source`.
    fn add_enemy_aura(&mut self, effect: &ActiveEffect, source: FighterId, range: f32) {
        match effect.what {
            Lasting::Lowered { stat, by, min } => {
                self.enemy_auras.push((source, range, stat, by, min));
            }
            Lasting::Barred(r) => self.barred_auras.push((source, range, r)),
            Lasting::OnActivation(r) => self.held.on_activation.push((source, range, r)),
            Lasting::MoveEndImpact => self.held.traps.push((source, range)),
            Lasting::AbilityValue {
                by, bound, lower, ..
            } => self.value_auras.push((source, range, by, bound, lower)),
            Lasting::AttackersCritsAsHits { seen } => {
                self.dimming_auras.push((source, range, seen))
            }
            Lasting::DisengageToll { sides, before } => {
                self.tolls.push((source, range, sides, before))
            }
            Lasting::RoundEndDamage { damage, seen } => {
                self.round_end.push((source, range, damage, seen))
            }
            Lasting::Exposed {
                stat,
                by,
                to: Some((side, to)),
            } => self
                .exposed_around
                .push((source, range, stat, by, side, to)),
            Lasting::AttackersFewer { by, min, whose } => {
                let w = (whose.melee_only, whose.seen);
                self.fewer_auras.push((source, range, by, min, w))
            }
            _ => {}
        }
    }

    fn add(&mut self, effect: &ActiveEffect) {
        let (on, source) = match effect.scope {
            Scope::Fighter(id) => (id, (id, None)),
            Scope::Aura { source, aura } => (source, (source, Some(aura))),
            Scope::EnemyAura { source, range } => {
                self.add_enemy_aura(effect, source, range);
                return;
            }
        };
        match effect.what {
            Lasting::Barred(r) => self.restricted.push((on, r)),
            Lasting::Raised { .. } => {
                let words = RoundBoostWords::of(source, effect.what);
                self.round_boosts.extend(words)
            }
            Lasting::Lowered { stat, by, min } => self.weakened.push((on, stat, by, min)),
            Lasting::LoweredMelee { stat, by, min } => {
                self.weakened_melee.push((on, stat, by, min))
            }
            Lasting::Halved { stat } => self.halved.push((on, stat)),
            Lasting::Taunted { by } => self.taunts.push((on, by)),
            Lasting::LessDamage { by, min } => self.guards.push((on, source.1, by, min)),
            Lasting::CritsAsHits | Lasting::AttackersCritsAsHits { .. } => {
                self.guards.push((on, source.1, 0, 0))
            }
            Lasting::Untargetable => self.guards.push((on, source.1, u32::MAX, u32::MAX)),
            Lasting::Retaliate {
                dice,
                least,
                damage,
            } => self.retaliations.push((on, dice, least, damage)),
            Lasting::FewerAttacks {
                by,
                min,
                melee_only,
            } => (self.fewer_attacks).push((on, source.1, by, min, melee_only)),
            Lasting::Exposed { stat, by, to: None } => self.weakened.push((on, stat, by, u32::MAX)),
            Lasting::Exposed {
                stat,
                by,
                to: Some((side, to)),
            } => self.exposed_to.push((on, stat, by, side, to)),
            Lasting::CountsExtra { extra } => self.extra_counts.push((on, extra)),
            Lasting::Oathed => self.oaths.push((on, false)),
            Lasting::Favoured => self.oaths.push((on, true)),
            Lasting::EmptyHanded => self.empty_handed.push(on),
            Lasting::Flies => self.flies.push(on),
            Lasting::PotentVial => self.potent.push(on),
            // (`OnActivation` is only ever an enemy aura: `add_enemy_aura`.)
            Lasting::Leashed { .. }
            | Lasting::MoveEndImpact
            | Lasting::LessDamageUnless { .. }
            | Lasting::FewerNext
            | Lasting::StartRaise { .. }
            | Lasting::Marked { .. }
            | Lasting::OnActivation(_) => self.held.add(on, source.1, effect.what),
            Lasting::Survives { remove, sides } => self.survives.push((on, remove, sides)),
            Lasting::NextAttack {
                stat,
                by,
                melee_only,
            } => self.next_attacks.push((on, stat, by, melee_only)),
            Lasting::AbilityValue {
                by, bound, lower, ..
            } => {
                let range = source.1.map_or(0.0, |a| a.range);
                self.value_auras.push((on, range, by, bound, lower));
            }
            // Only ever enemy auras, written above.
            Lasting::AttackersFewer { .. }
            | Lasting::DisengageToll { .. }
            | Lasting::RoundEndDamage { .. } => {}
        }
    }
}

/// The bits of each number: "[1, 2, 3]".
fn bits_list(xs: &[f32]) -> String {
    let bits: Vec<String> = xs.iter().map(|x| x.to_bits().to_string()).collect();
    format!("[{}]", bits.join(", "))
}

/// "Some(3)" or "None".
fn option_code<T: std::fmt::Display>(o: Option<T>) -> String {
    o.map_or_else(|| "None".to_string(), |v| format!("Some({v})"))
}

fn presence_code(p: Presence) -> String {
    match p {
        Presence::Unplaced => "Unplaced".into(),
        Presence::Deployed => "Deployed".into(),
        Presence::Reserve { round } => format!("Reserve {{ round: {round} }}"),
        Presence::TakenDown => "TakenDown".into(),
    }
}

fn activation_code(a: Activation) -> &'static str {
    match a {
        Activation::Ready => "Ready",
        Activation::Waiting => "Waiting",
        Activation::Activated => "Activated",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine with each kind of lasting effect (ABL-5): barred, raised for the round (own
    /// and an aura), lowered for the battle, taunted.
    fn engine_with_lasting_effects() -> Engine {
        let mut e = Engine::default();
        e.bar(FighterId(3), Restriction::Move);
        e.lower(FighterId(9), Stat::Attacks, 1, 1);
        e.raise(Scope::Fighter(FighterId(2)), Stat::Move, 2, false);
        e.taunt(FighterId(9), FighterId(4));
        e.bar(FighterId(9), Restriction::Disengage);
        let aura = Aura::within(3.0, true);
        let source = FighterId(4);
        e.raise(Scope::Aura { source, aura }, Stat::Strength, 1, true);
        e
    }

    /// Battles saved before keep their hashes: the engine's lasting effects are written in
    /// the words the hashes began with, however the engine keeps them.
    #[test]
    fn the_lasting_effects_hash_in_the_words_saved_battles_were_hashed_with() {
        let text = engine_text(&Engine::default());
        assert!(text.ends_with(",restricted:[])"), "{text}");
        let text = engine_text(&engine_with_lasting_effects());
        let tail = text
            .split_once(",restricted:")
            .expect("restricted is written")
            .1;
        assert_eq!(
            tail,
            "[(3,Move),(9,Disengage)],\
             round_boosts:[(source:2,stat:Move,by:2,melee_only:false,aura:None),\
             (source:4,stat:Strength,by:1,melee_only:true,aura:Some((range:3.0,visible:true)))],\
             weakened:[(9,Attacks,1,1)],taunts:[(9,4)])"
        );
    }

    /// The words written for each part are the text the hashes began with (then made by
    /// Rust's Debug), so battles saved before keep their hashes; a renamed variant no longer
    /// changes them.
    #[test]
    fn the_hashed_words_are_the_ones_saved_battles_were_hashed_with() {
        let presences = [
            Presence::Unplaced,
            Presence::Deployed,
            Presence::Reserve { round: 3 },
            Presence::TakenDown,
        ];
        for p in presences {
            assert_eq!(presence_code(p), format!("{p:?}"));
        }
        for a in [
            Activation::Ready,
            Activation::Waiting,
            Activation::Activated,
        ] {
            assert_eq!(activation_code(a), format!("{a:?}"));
        }
        let xs = [1.5f32, -0.0, 22.25];
        assert_eq!(bits_list(&xs), format!("{:?}", xs.map(f32::to_bits)));
        assert_eq!(option_code(Some(4usize)), format!("{:?}", Some(4usize)));
        assert_eq!(option_code(None::<u32>), format!("{:?}", None::<u32>));
    }
}
