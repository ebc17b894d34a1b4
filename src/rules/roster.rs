//! Rosters: a legal warband (SET-1, SET-3) drawn at random from one faction's fighters, for
//! `roster new --random` and the solo opponent's warband. The leader is one of the faction's
//! heroes (the community data has no leader runemark: a hero leads).

use crate::model::dice::{Dice, DiceRng};
use crate::model::formats::{FighterProfile, GroupName, Role};
use crate::model::ruleset::MusterLimits;

use super::warband::{ResolvedFighter, check_battle_groups, check_muster};

/// What a roster is drawn from and the limits it keeps.
pub struct RosterSpec<'a> {
    /// The faction runemark.
    pub faction: &'a str,
    pub grand_alliance: Option<&'a str>,
    /// The faction's fighters (others are ignored).
    pub pool: &'a [FighterProfile],
    pub limits: &'a MusterLimits,
    pub points: u32,
}

/// How many warbands a draw tries before it gives up.
const ATTEMPTS: usize = 200;

pub use super::warband::is_hero;

/// A legal warband of the spec's faction, drawn with `seed`: a hero as the leader, up to the
/// limit of other heroes, then fighters at random while the points and the limits allow, in
/// legal battle groups.
pub fn random_roster(spec: &RosterSpec, seed: u64) -> Result<Vec<ResolvedFighter>, String> {
    let pool: Vec<&FighterProfile> = spec
        .pool
        .iter()
        .filter(|p| p.faction.eq_ignore_ascii_case(spec.faction))
        .collect();
    if pool.is_empty() {
        return Err(format!("no fighters of the faction `{}`", spec.faction));
    }
    let heroes: Vec<&FighterProfile> = pool.iter().copied().filter(|p| is_hero(p)).collect();
    if heroes.is_empty() {
        return Err(format!(
            "the faction `{}` has no fighter with the hero or leader runemark to lead it (SET-1)",
            spec.faction
        ));
    }
    let others: Vec<&FighterProfile> = pool.iter().copied().filter(|p| !is_hero(p)).collect();
    let mut dice = DiceRng::new(seed);
    for _ in 0..ATTEMPTS {
        let picked = draw(spec, &heroes, &others, &mut dice);
        let fighters = with_groups(picked, &mut dice);
        let mut broken = check_muster(
            &fighters,
            spec.faction,
            spec.grand_alliance,
            spec.limits,
            spec.points,
        );
        broken.extend(check_battle_groups(&fighters));
        if broken.is_empty() {
            return Ok(fighters);
        }
    }
    Err(format!(
        "no legal warband of `{}` within {} points was found in {ATTEMPTS} tries (SET-1)",
        spec.faction, spec.points
    ))
}

/// One draw: the leader, other heroes, then fighters that fit the points and the limits.
fn draw<'a>(
    spec: &RosterSpec,
    heroes: &[&'a FighterProfile],
    others: &[&'a FighterProfile],
    dice: &mut DiceRng,
) -> Vec<(&'a FighterProfile, Role)> {
    let l = spec.limits;
    let mut picked = vec![(heroes[dice.pick(heroes.len())], Role::Leader)];
    let extra_heroes = dice.pick(l.max_heroes as usize + 1);
    for _ in 0..extra_heroes {
        let h = heroes[dice.pick(heroes.len())];
        if !picked.iter().any(|(p, _)| p.id == h.id) {
            picked.push((h, Role::Hero));
        }
    }
    // As a player would: fighters while the points allow.
    while picked.len() < l.max_fighters as usize {
        let fits: Vec<&&FighterProfile> =
            others.iter().filter(|p| fits(spec, &picked, p)).collect();
        if fits.is_empty() {
            break;
        }
        picked.push((fits[dice.pick(fits.len())], Role::Fighter));
    }
    picked
}

/// Can `p` join `picked` within the points and the thrall and monster limits?
fn fits(spec: &RosterSpec, picked: &[(&FighterProfile, Role)], p: &FighterProfile) -> bool {
    let points: u32 = picked.iter().map(|(q, _)| q.points).sum();
    let count = |m: &str| picked.iter().filter(|(q, _)| q.has_runemark(m)).count() as u32;
    let under = |m: &str, max: Option<u32>| !p.has_runemark(m) || max.is_none_or(|x| count(m) < x);
    points + p.points <= spec.points
        && under("thrall", spec.limits.max_thralls)
        && under("monster", spec.limits.max_monsters)
}

/// The fighters in legal battle groups (SET-3): a third of the warband, rounded up, in
/// Shield, the rest split between Dagger and Hammer, in a shuffled order; repeated profiles
/// numbered (`Cabalist 2`).
fn with_groups(picked: Vec<(&FighterProfile, Role)>, dice: &mut DiceRng) -> Vec<ResolvedFighter> {
    let n = picked.len();
    let shield = n.div_ceil(3);
    let dagger = (n - shield).div_ceil(2);
    let mut groups: Vec<GroupName> = (0..n)
        .map(|i| match i {
            i if i < shield => GroupName::Shield,
            i if i < shield + dagger => GroupName::Dagger,
            _ => GroupName::Hammer,
        })
        .collect();
    for i in (1..n).rev() {
        groups.swap(i, dice.pick(i + 1));
    }
    let mut fighters: Vec<ResolvedFighter> = Vec::with_capacity(n);
    for ((p, role), group) in picked.into_iter().zip(groups) {
        let f = taken(p, role, &fighters);
        fighters.push(ResolvedFighter {
            group: Some(group),
            ..f
        });
    }
    fighters
}

/// A fighter taken from a profile, in no battle group yet: its own name, numbered when the
/// profile is taken again (`Cabalist 2`).
pub fn taken(profile: &FighterProfile, role: Role, already: &[ResolvedFighter]) -> ResolvedFighter {
    // The first of `Cabalist`, `Cabalist 2`, `Cabalist 3`, ... nobody has.
    let name = (1..)
        .map(|k| match k {
            1 => profile.name.clone(),
            k => format!("{} {k}", profile.name),
        })
        .find(|n| !already.iter().any(|f| f.name == *n))
        .expect("some number is free");
    ResolvedFighter {
        profile: profile.clone(),
        name,
        role,
        group: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ruleset::{MusterVariant, Ruleset, default_ruleset};
    use crate::rules::warband::tests::profile;

    fn spec<'a>(pool: &'a [FighterProfile], rules: &'a Ruleset) -> RosterSpec<'a> {
        RosterSpec {
            faction: "band",
            grand_alliance: None,
            pool,
            limits: rules.muster(),
            points: 1000,
        }
    }

    fn ruleset(variant: MusterVariant) -> Ruleset {
        Ruleset {
            muster_variant: variant,
            ..default_ruleset()
        }
    }

    fn pool() -> Vec<FighterProfile> {
        vec![
            profile("chief", "band", 200, &["hero"]),
            profile("seer", "band", 150, &["hero", "mystic"]),
            profile("grunt", "band", 80, &[]),
            profile("slave", "band", 40, &["thrall"]),
            profile("brute", "band", 250, &["monster"]),
            profile("stranger", "other", 50, &[]),
        ]
    }

    #[test]
    fn set1_set3_random_rosters_are_legal_for_many_seeds_and_both_variants() {
        let pool = pool();
        for rules in [MusterVariant::Seed004, MusterVariant::SecondEdition].map(ruleset) {
            for seed in 0..40 {
                let spec = spec(&pool, &rules);
                let w = random_roster(&spec, seed).unwrap();
                let mut broken = check_muster(&w, "band", None, rules.muster(), 1000);
                broken.extend(check_battle_groups(&w));
                assert_eq!(broken, vec![], "seed {seed}");
                assert!(w.iter().all(|f| f.profile.faction == "band"));
                assert_eq!(w.iter().filter(|f| f.role == Role::Leader).count(), 1);
            }
        }
    }

    #[test]
    fn the_same_seed_draws_the_same_roster_and_another_seed_another() {
        let pool = pool();
        let rules = ruleset(MusterVariant::SecondEdition);
        let spec = spec(&pool, &rules);
        let names = |s| {
            let w = random_roster(&spec, s).unwrap();
            w.iter().map(|f| f.name.clone()).collect::<Vec<_>>()
        };
        assert_eq!(names(7), names(7));
        assert!((0..10).any(|s| names(s) != names(7)));
    }

    #[test]
    fn a_profile_taken_again_gets_the_first_free_number() {
        let pool = pool();
        let mut w = Vec::new();
        for _ in 0..3 {
            let f = taken(&pool[2], Role::Fighter, &w);
            w.push(f);
        }
        w.remove(0);
        let again = taken(&pool[2], Role::Fighter, &w);
        assert_eq!(again.name, "grunt");
        w.push(again);
        let names: Vec<&str> = w.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["grunt 2", "grunt 3", "grunt"]);
    }

    #[test]
    fn set1_a_faction_with_no_hero_has_no_leader_and_says_so() {
        let pool = vec![profile("grunt", "band", 80, &[])];
        let rules = ruleset(MusterVariant::SecondEdition);
        let spec = spec(&pool, &rules);
        let e = random_roster(&spec, 1).unwrap_err();
        assert!(
            e.contains("no fighter with the hero or leader runemark"),
            "{e}"
        );
        let spec = RosterSpec {
            faction: "nobody",
            ..spec
        };
        assert_eq!(
            random_roster(&spec, 1).unwrap_err(),
            "no fighters of the faction `nobody`"
        );
    }
}
