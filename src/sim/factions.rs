//! Battles between random legal warbands of every faction of a fighter set (`simulate
//! --random-warbands`): each seed draws two factions, and a legal warband of each (SET-1,
//! SET-3), plays them on the battle's cards with the solo AI on both sides, and counts which
//! factions' own abilities as data (ABL-5) were used (the universal ones every fighter may
//! take aside).

use std::collections::{BTreeMap, BTreeSet};

use bevy::prelude::*;
use serde::Serialize;

use super::batch::{Pool, parallel};
use crate::model::abilities::AbilityEffect;
use crate::model::dice::{Dice, DiceRng};
use crate::model::formats::{Controller, FighterProfile};
use crate::rules::log::{AbilityOutcome, BattleLog, Event};
use crate::rules::roster::{RosterSpec, is_hero, random_roster};
use crate::rules::state::fighters;
use crate::scenario::load::{BattleSpec, points_limit};

/// The fighters to draw from, by faction.
pub struct Factions {
    profiles: Vec<FighterProfile>,
    /// The factions a legal warband can be drawn from (one with a hero to lead it), with
    /// their grand alliance.
    drawable: Vec<(String, Option<String>)>,
    /// The names of the universal abilities, not counted as a faction's own.
    universal: BTreeSet<String>,
}

impl Factions {
    /// The factions of `profiles` that have a hero to lead a warband; `universal` names the
    /// abilities that are no faction's own.
    pub fn new(profiles: Vec<FighterProfile>, universal: BTreeSet<String>) -> Self {
        let mut drawable: BTreeMap<String, Option<String>> = BTreeMap::new();
        for p in profiles.iter().filter(|p| is_hero(p)) {
            drawable
                .entry(p.faction.clone())
                .or_insert_with(|| p.grand_alliance.clone());
        }
        Factions {
            profiles,
            drawable: drawable.into_iter().collect(),
            universal,
        }
    }

    /// How many factions a warband can be drawn from.
    pub fn len(&self) -> usize {
        self.drawable.len()
    }

    pub fn is_empty(&self) -> bool {
        self.drawable.is_empty()
    }

    /// The factions one of whose fighters has an ability of its own the engine runs as data
    /// (ABL-5).
    fn with_data_abilities(&self) -> BTreeSet<String> {
        let data = |p: &FighterProfile| {
            p.abilities.iter().any(|a| {
                matches!(a.effect, AbilityEffect::Effects(_)) && !self.universal.contains(&a.name)
            })
        };
        self.profiles
            .iter()
            .filter(|p| data(p))
            .map(|p| p.faction.clone())
            .collect()
    }

    /// `base` with a legal warband of a faction drawn from `seed` on each side, both played
    /// by the solo AI; `None` when a drawn faction has no legal warband at the points.
    fn battle(&self, base: &BattleSpec, seed: u64) -> Option<BattleSpec> {
        let mut dice = DiceRng::new(seed ^ 0x5eed_fac7_10e5);
        let mut spec = base.clone();
        for (i, side) in spec.sides.iter_mut().enumerate() {
            let pick = dice.pick(self.drawable.len());
            let (faction, alliance) = &self.drawable[pick];
            side.controller = Controller::Ai;
            let points = points_limit(base.mode, Controller::Ai, base.difficulty, &base.ruleset);
            let roster = RosterSpec {
                faction,
                grand_alliance: alliance.as_deref(),
                pool: &self.profiles,
                limits: base.ruleset.muster(),
                points,
            };
            side.fighters = random_roster(&roster, seed.wrapping_add(i as u64)).ok()?;
            side.warband.name = faction.clone();
            side.warband.faction = faction.clone();
            side.draw = None;
        }
        Some(spec)
    }
}

/// What the battles of random warbands came to.
#[derive(Debug, Clone, Default, Serialize)]
pub struct FactionsReport {
    pub battles: usize,
    pub ended: usize,
    /// Seeds whose battle stalled, with why.
    pub stalls: Vec<String>,
    /// Seeds whose battle hit a command the rules reject, or panicked.
    pub errors: Vec<String>,
    /// Seeds a drawn faction had no legal warband for (not played).
    pub not_drawn: Vec<u64>,
    /// Battles each faction played.
    pub played: BTreeMap<String, u32>,
    /// Abilities as data each faction used (ABL-5), over every battle.
    pub abilities_used: BTreeMap<String, u32>,
    /// Factions with an ability as data that played but never used one.
    pub unused: Vec<String>,
    /// Factions with no ability the engine runs as data (nothing to use).
    pub without_data_abilities: Vec<String>,
}

/// One battle: its verdict and (when it ended) the factions' ability uses.
enum Played {
    Ended(Vec<String>, BTreeMap<String, u32>),
    Stalled(String),
    Error(String),
    NotDrawn(u64),
}

/// Plays `n` battles of random warbands on `base`'s cards from `first_seed` on `threads`.
pub fn play(
    base: &BattleSpec,
    factions: &Factions,
    n: usize,
    first_seed: u64,
    threads: usize,
) -> FactionsReport {
    let pool = Pool {
        threads,
        background: false,
    };
    let played = parallel(n, pool, |i| play_one(base, factions, first_seed + i as u64));
    let mut r = FactionsReport {
        battles: n,
        ..FactionsReport::default()
    };
    for p in played {
        tally(&mut r, p);
    }
    let data = factions.with_data_abilities();
    r.unused = (r.played.keys())
        .filter(|f| data.contains(*f) && !r.abilities_used.contains_key(*f))
        .cloned()
        .collect();
    r.without_data_abilities = (factions.drawable.iter())
        .map(|(f, _)| f.clone())
        .filter(|f| !data.contains(f))
        .collect();
    r
}

fn tally(r: &mut FactionsReport, p: Played) {
    match p {
        Played::Ended(sides, used) => {
            r.ended += 1;
            for f in sides {
                *r.played.entry(f).or_default() += 1;
            }
            for (f, k) in used {
                *r.abilities_used.entry(f).or_default() += k;
            }
        }
        Played::Stalled(why) => r.stalls.push(why),
        Played::Error(why) => r.errors.push(why),
        Played::NotDrawn(seed) => r.not_drawn.push(seed),
    }
}

fn play_one(base: &BattleSpec, factions: &Factions, seed: u64) -> Played {
    let Some(spec) = factions.battle(base, seed) else {
        return Played::NotDrawn(seed);
    };
    let sides: Vec<String> = spec
        .sides
        .iter()
        .map(|s| s.warband.faction.clone())
        .collect();
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        super::played_on_thread_app(&spec, seed, |world| {
            let ended = world.resource::<crate::rules::engine::Engine>().outcome;
            (ended.is_some(), abilities_used(world, &factions.universal))
        })
    }));
    match run {
        Ok(Ok((true, used))) => Played::Ended(sides, used),
        Ok(Ok((false, _))) => Played::Stalled(format!("seed {seed}: not ended")),
        Ok(Err(e)) if e.is_stall() => Played::Stalled(format!("seed {seed}: {e}")),
        Ok(Err(e)) => Played::Error(format!("seed {seed} ({}): {e}", sides.join(" v "))),
        Err(_) => Played::Error(format!("seed {seed} ({}): panicked", sides.join(" v "))),
    }
}

/// The factions' own abilities as data used in the battle in `world`, by the faction of who
/// used them.
fn abilities_used(world: &mut World, universal: &BTreeSet<String>) -> BTreeMap<String, u32> {
    let faction: BTreeMap<_, _> = fighters(world)
        .into_iter()
        .map(|f| (f.id, f.profile.faction.clone()))
        .collect();
    let mut used = BTreeMap::new();
    for e in &world.resource::<BattleLog>().entries {
        if let Event::Ability {
            fighter,
            ability,
            effect: AbilityOutcome::Effects { .. },
            ..
        } = &e.event
            && !universal.contains(ability)
            && let Some(f) = faction.get(fighter)
        {
            *used.entry(f.clone()).or_default() += 1;
        }
    }
    used
}
