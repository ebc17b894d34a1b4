//! Warband rules as plain functions: muster validation (SET-1) and battle groups (SET-3).
//! Each returns every broken rule, not only the first.

use crate::model::RuleId;
use crate::model::runemark::Runemark;
use serde::{Deserialize, Serialize};

use crate::model::formats::{FighterProfile, GroupName, Role};
use crate::model::ruleset::MusterLimits;

/// A fighter of a warband with its profile resolved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResolvedFighter {
    pub profile: FighterProfile,
    pub name: String,
    pub role: Role,
    pub group: Option<GroupName>,
}

/// One broken rule. `fighter` is the index of the fighter it is about, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub rule: RuleId,
    pub fighter: Option<usize>,
    pub message: String,
}

impl Violation {
    fn new(rule: RuleId, fighter: Option<usize>, message: String) -> Self {
        Violation {
            rule,
            fighter,
            message,
        }
    }
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} [{}]", self.message, self.rule)
    }
}

/// SET-1: the muster rules of seed 004 (or the 2nd-edition variant, by `limits`).
///
/// `faction` is the warband's faction runemark, `grand_alliance` its grand alliance (allies
/// must share it when both are known), `points_limit` the limit in force (1000, or the solo
/// opponent's limit of SOLO-S1).
pub fn check_muster(
    fighters: &[ResolvedFighter],
    faction: &str,
    grand_alliance: Option<&str>,
    limits: &MusterLimits,
    points_limit: u32,
) -> Vec<Violation> {
    let mut out = Vec::new();
    check_fighter_count(fighters, limits, &mut out);
    check_points(fighters, points_limit, &mut out);
    for (i, f) in fighters.iter().enumerate() {
        check_faction(i, f, faction, &mut out);
        check_leader_runemark(i, f, &mut out);
        check_ally_alliance(i, f, faction, grand_alliance, &mut out);
    }
    check_roles(fighters, limits, &mut out);
    check_runemark_limits(fighters, limits, &mut out);
    out
}

/// SET-1: between the least and the most fighters.
fn check_fighter_count(
    fighters: &[ResolvedFighter],
    limits: &MusterLimits,
    out: &mut Vec<Violation>,
) {
    let n = fighters.len() as u32;
    if n < limits.min_fighters || n > limits.max_fighters {
        out.push(Violation::new(
            RuleId::Set1,
            None,
            format!(
                "a warband has {}-{} fighters; this one has {n}",
                limits.min_fighters, limits.max_fighters
            ),
        ));
    }
}

/// SET-1: the fighters' points within the limit.
fn check_points(fighters: &[ResolvedFighter], points_limit: u32, out: &mut Vec<Violation>) {
    let points: u32 = fighters.iter().map(|f| f.profile.points).sum();
    if points > points_limit {
        out.push(Violation::new(
            RuleId::Set1,
            None,
            format!("the warband costs {points} points; the limit is {points_limit}"),
        ));
    }
}

/// SET-1: every fighter but an ally has the warband's faction runemark.
fn check_faction(i: usize, f: &ResolvedFighter, faction: &str, out: &mut Vec<Violation>) {
    if f.role != Role::Ally && !f.profile.faction.eq_ignore_ascii_case(faction) {
        out.push(Violation::new(
            RuleId::Set1,
            Some(i),
            format!(
                "{} has the faction runemark `{}`, not the warband's `{faction}` (only allies may differ)",
                f.name, f.profile.faction
            ),
        ));
    }
}

/// SET-1: can this fighter lead, or be taken as a hero or an ally? The community data has no
/// leader runemark: a hero leads (the two read alike).
pub fn is_hero(p: &FighterProfile) -> bool {
    p.is(Runemark::Leader) || p.is(Runemark::Hero)
}

/// SET-1: the leader, heroes and allies have the leader runemark, and only they do.
fn check_leader_runemark(i: usize, f: &ResolvedFighter, out: &mut Vec<Violation>) {
    let leader_mark = is_hero(&f.profile);
    match f.role {
        Role::Leader | Role::Hero | Role::Ally if !leader_mark => {
            out.push(Violation::new(
                RuleId::Set1,
                Some(i),
                format!(
                    "{} is taken as {} but has no leader or hero runemark",
                    f.name, f.role
                ),
            ));
        }
        Role::Fighter if leader_mark => {
            out.push(Violation::new(
                RuleId::Set1,
                Some(i),
                format!(
                    "{} has the leader or hero runemark, so it must be the leader, a hero or an ally",
                    f.name
                ),
            ));
        }
        _ => {}
    }
}

/// SET-1: an ally comes from another faction, of the warband's grand alliance when both are
/// known.
fn check_ally_alliance(
    i: usize,
    f: &ResolvedFighter,
    faction: &str,
    grand_alliance: Option<&str>,
    out: &mut Vec<Violation>,
) {
    if f.role == Role::Ally && f.profile.faction.eq_ignore_ascii_case(faction) {
        out.push(Violation::new(
            RuleId::Set1,
            Some(i),
            format!(
                "{} is of the warband's own faction: an ally comes from another (take it as a \
                 hero or a fighter)",
                f.name
            ),
        ));
    }
    if f.role == Role::Ally
        && let (Some(ga), Some(fga)) = (grand_alliance, f.profile.grand_alliance.as_deref())
        && !ga.eq_ignore_ascii_case(fga)
    {
        out.push(Violation::new(
            RuleId::Set1,
            Some(i),
            format!(
                "ally {} is from the {fga} grand alliance, not the warband's {ga}",
                f.name
            ),
        ));
    }
}

/// "1 ally", "2 allies".
fn counted(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// SET-1: exactly one leader, and no more heroes and allies than the limits.
fn check_roles(fighters: &[ResolvedFighter], limits: &MusterLimits, out: &mut Vec<Violation>) {
    let count_role = |r: Role| fighters.iter().filter(|f| f.role == r).count() as u32;
    let leaders = count_role(Role::Leader);
    if leaders != 1 {
        out.push(Violation::new(
            RuleId::Set1,
            None,
            format!("a warband has exactly one leader; this one has {leaders}"),
        ));
    }
    let heroes = count_role(Role::Hero);
    if heroes > limits.max_heroes {
        out.push(Violation::new(
            RuleId::Set1,
            None,
            format!(
                "at most {} besides the leader; this warband has {heroes}",
                counted(limits.max_heroes, "hero", "heroes")
            ),
        ));
    }
    let allies = count_role(Role::Ally);
    if allies > limits.max_allies {
        out.push(Violation::new(
            RuleId::Set1,
            None,
            format!(
                "at most {}; this warband has {allies}",
                counted(limits.max_allies, "ally", "allies")
            ),
        ));
    }
}

/// SET-1 (2nd-edition variant): no more thralls and monsters than the limits.
fn check_runemark_limits(
    fighters: &[ResolvedFighter],
    limits: &MusterLimits,
    out: &mut Vec<Violation>,
) {
    let count_mark = |m: &str| {
        fighters
            .iter()
            .filter(|f| f.profile.has_runemark(m))
            .count() as u32
    };
    if let Some(max) = limits.max_thralls {
        let t = count_mark("thrall");
        if t > max {
            out.push(Violation::new(
                RuleId::Set1,
                None,
                format!("at most {max} thrall(s); this warband has {t}"),
            ));
        }
    }
    if let Some(max) = limits.max_monsters {
        let m = count_mark("monster");
        if m > max {
            out.push(Violation::new(
                RuleId::Set1,
                None,
                format!("at most {max} monster(s); this warband has {m}"),
            ));
        }
    }
}

/// SET-3: group sizes of a warband of `total` fighters.
pub fn check_group_sizes(counts: [usize; 3], total: usize) -> Vec<Violation> {
    let mut out = Vec::new();
    let third_up = total.div_ceil(3);
    for (g, &n) in GroupName::ALL.iter().zip(counts.iter()) {
        if n == 0 {
            out.push(Violation::new(
                RuleId::Set3,
                None,
                format!("{g} has no fighters; every battle group needs at least 1"),
            ));
        }
        if 2 * n > total {
            out.push(Violation::new(
                RuleId::Set3,
                None,
                format!("{g} has {n} of {total} fighters: more than half the warband"),
            ));
        }
    }
    if counts[1] < third_up {
        out.push(Violation::new(
            RuleId::Set3,
            None,
            format!(
                "Shield has {} of {total} fighters; it needs at least a third, rounded up ({third_up})",
                counts[1]
            ),
        ));
    }
    out
}

/// SET-3 on the groups written in a warband: every fighter in a group, then the sizes.
pub fn check_battle_groups(fighters: &[ResolvedFighter]) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut counts = [0usize; 3];
    for (i, f) in fighters.iter().enumerate() {
        match f.group {
            Some(g) => counts[g as usize] += 1,
            None => out.push(Violation::new(
                RuleId::Set3,
                Some(i),
                format!("{} is in no battle group", f.name),
            )),
        }
    }
    out.extend(check_group_sizes(counts, fighters.len()));
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::model::formats::{BaseSize, Weapon};
    use crate::model::ruleset::{MusterLimits, Ruleset};

    pub fn profile(id: &str, faction: &str, points: u32, runemarks: &[&str]) -> FighterProfile {
        FighterProfile {
            id: id.into(),
            name: id.into(),
            faction: faction.into(),
            grand_alliance: Some("order".into()),
            movement: 4,
            toughness: 4,
            wounds: 12,
            points,
            runemarks: runemarks.iter().map(|s| s.to_string()).collect(),
            base: BaseSize::Round(32.0),
            height: None,
            weapons: vec![Weapon {
                name: "Sword".into(),
                runemark: None,
                min_range: 0.0,
                max_range: 1.0,
                attacks: 3,
                strength: 4,
                damage: (1, 4),
            }],
            abilities: Vec::new(),
        }
    }

    pub fn fighter(p: FighterProfile, role: Role, group: Option<GroupName>) -> ResolvedFighter {
        ResolvedFighter {
            name: p.name.clone(),
            profile: p,
            role,
            group,
        }
    }

    /// A legal seed-004 warband: a leader and `n - 1` plain fighters of 100 points.
    pub fn legal(n: usize) -> Vec<ResolvedFighter> {
        let mut v = vec![fighter(
            profile("boss", "ironclad", 150, &["leader"]),
            Role::Leader,
            None,
        )];
        for i in 1..n {
            v.push(fighter(
                profile(&format!("f{i}"), "ironclad", 80, &[]),
                Role::Fighter,
                None,
            ));
        }
        v
    }

    fn seed004() -> MusterLimits {
        ron::from_str::<Ruleset>(crate::model::ruleset::DEFAULT_RULESET_RON)
            .unwrap()
            .muster_seed004
    }

    fn second() -> MusterLimits {
        ron::from_str::<Ruleset>(crate::model::ruleset::DEFAULT_RULESET_RON)
            .unwrap()
            .muster_second_edition
    }

    fn muster(f: &[ResolvedFighter], limits: &MusterLimits, limit: u32) -> Vec<Violation> {
        check_muster(f, "ironclad", Some("order"), limits, limit)
    }

    #[test]
    fn set1_legal_warband_passes() {
        assert_eq!(muster(&legal(3), &seed004(), 1000), vec![]);
        assert_eq!(muster(&legal(10), &seed004(), 1000), vec![]);
    }

    #[test]
    fn set1_fighter_count_3_to_15() {
        let v = muster(&legal(2), &seed004(), 1000);
        assert_eq!(v.len(), 1, "{v:?}");
        assert!(v[0].message.contains("has 2"));
        let mut big = legal(16);
        for f in &mut big {
            f.profile.points = 10;
        }
        let v = muster(&big, &seed004(), 1000);
        assert_eq!(v.len(), 1, "{v:?}");
        assert!(v[0].message.contains("has 16"));
        let mut ok = legal(15);
        for f in &mut ok {
            f.profile.points = 10;
        }
        assert!(muster(&ok, &seed004(), 1000).is_empty());
    }

    #[test]
    fn set1_points_limit_and_solo_limit() {
        // 150 + 11 * 80 = 1030 points.
        let w = legal(12);
        let v = muster(&w, &seed004(), 1000);
        assert_eq!(v.len(), 1);
        assert!(v[0].message.contains("1030 points"));
        // SOLO-S1 balanced limit 1150 lets it through.
        assert!(muster(&w, &seed004(), 1150).is_empty());
        // Exactly at the limit is allowed.
        assert!(muster(&w, &seed004(), 1030).is_empty());
    }

    #[test]
    fn set1_one_faction_runemark_except_allies() {
        let mut w = legal(5);
        w[2].profile.faction = "ashen".into();
        let v = muster(&w, &seed004(), 1000);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].fighter, Some(2));
        // The same fighter as an ally (with the leader runemark) is fine.
        w[2].profile.runemarks.push("leader".into());
        w[2].role = Role::Ally;
        assert_eq!(muster(&w, &seed004(), 1000), vec![]);
        // ... unless it is from another grand alliance.
        w[2].profile.grand_alliance = Some("chaos".into());
        let v = muster(&w, &seed004(), 1000);
        assert_eq!(v.len(), 1);
        assert!(v[0].message.contains("grand alliance"));
    }

    #[test]
    fn set1_exactly_one_leader() {
        let mut w = legal(5);
        w[0].role = Role::Hero;
        let v = muster(&w, &seed004(), 1000);
        assert!(
            v.iter()
                .any(|x| x.message.contains("exactly one leader; this one has 0"))
        );
        let mut w = legal(5);
        w[1].profile.runemarks.push("leader".into());
        w[1].role = Role::Leader;
        let v = muster(&w, &seed004(), 1000);
        assert_eq!(v.len(), 1);
        assert!(v[0].message.contains("has 2"));
    }

    #[test]
    fn set1_leader_runemark_only_for_leader_heroes_allies() {
        let mut w = legal(5);
        w[1].profile.runemarks.push("leader".into());
        let v = muster(&w, &seed004(), 1000);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].fighter, Some(1));
        // And a leader or hero needs the runemark.
        let mut w = legal(5);
        w[1].role = Role::Hero;
        let v = muster(&w, &seed004(), 1000);
        assert_eq!(v.len(), 1);
        assert!(v[0].message.contains("no leader or hero runemark"));
        // The community data marks heroes with `hero` (it has no leader runemark): a hero may
        // lead, and may not be taken as a plain fighter.
        let mut w = legal(5);
        w[0].profile.runemarks = vec!["hero".into()];
        w[1].profile.runemarks.push("hero".into());
        let v = muster(&w, &seed004(), 1000);
        assert_eq!(v.len(), 1, "{v:?}");
        assert_eq!(v[0].fighter, Some(1));
        assert!(v[0].message.contains("has the leader or hero runemark"));
    }

    #[test]
    fn set1_hero_and_ally_limits_by_variant() {
        let mut w = legal(6);
        for i in [1, 2] {
            w[i].profile.runemarks.push("leader".into());
            w[i].role = Role::Hero;
        }
        for i in [3, 4] {
            w[i].profile.runemarks.push("leader".into());
            w[i].profile.faction = "ashen".into();
            w[i].role = Role::Ally;
        }
        let v = muster(&w, &seed004(), 1000);
        assert_eq!(v.len(), 2, "{v:?}");
        assert!(v[0].message.contains("at most 1 hero"));
        assert!(v[1].message.contains("at most 1 ally"));
        // The 2nd-edition variant allows 3 heroes and 2 allies.
        assert!(muster(&w, &second(), 1000).is_empty());
        // An ally comes from another faction: a hero of the warband's own is no ally.
        w[4].profile.faction = "ironclad".into();
        let v = muster(&w, &second(), 1000);
        assert_eq!(v.len(), 1, "{v:?}");
        assert!(v[0].message.contains("an ally comes from another"), "{v:?}");
    }

    #[test]
    fn set1_second_edition_thralls_and_monsters() {
        let mut w = legal(8);
        for f in &mut w[1..=4] {
            f.profile.runemarks.push("thrall".into());
        }
        for f in &mut w[5..=6] {
            f.profile.runemarks.push("monster".into());
        }
        // Seed 004 sets no such limits.
        assert!(muster(&w, &seed004(), 1000).is_empty());
        let v = muster(&w, &second(), 1000);
        assert_eq!(v.len(), 2, "{v:?}");
        assert!(v[0].message.contains("at most 3 thrall"));
        assert!(v[1].message.contains("at most 1 monster"));
    }

    #[test]
    fn set1_reports_every_broken_rule() {
        let mut w = legal(2);
        w[0].role = Role::Fighter; // leader runemark without a role, and no leader
        w[1].profile.faction = "other".into();
        w[1].profile.points = 2000;
        let v = muster(&w, &seed004(), 1000);
        assert_eq!(v.len(), 5, "{v:#?}");
        assert!(v.iter().all(|x| x.rule == RuleId::Set1));
    }

    #[test]
    fn set3_group_sizes() {
        // 10 fighters: half = 5, a third rounded up = 4.
        assert!(check_group_sizes([3, 4, 3], 10).is_empty());
        assert!(check_group_sizes([1, 5, 4], 10).is_empty());
        // A group with no fighters.
        let v = check_group_sizes([0, 5, 5], 10);
        assert_eq!(v.len(), 1);
        assert!(v[0].message.contains("Dagger has no fighters"));
        // More than half.
        let v = check_group_sizes([6, 4, 0], 10);
        assert_eq!(v.len(), 2, "{v:?}");
        assert!(v.iter().any(|x| x.message.contains("Dagger has 6 of 10")));
        // Shield below a third rounded up.
        let v = check_group_sizes([4, 3, 3], 10);
        assert_eq!(v.len(), 1);
        assert!(v[0].message.contains("at least a third, rounded up (4)"));
        // 3 fighters: one in each.
        assert!(check_group_sizes([1, 1, 1], 3).is_empty());
        // 7 fighters: Shield needs 3, none more than 3.
        assert!(check_group_sizes([2, 3, 2], 7).is_empty());
        assert_eq!(check_group_sizes([3, 2, 2], 7).len(), 1);
        assert_eq!(check_group_sizes([1, 4, 2], 7).len(), 1);
        assert!(
            check_group_sizes([1, 1, 1], 3)
                .iter()
                .all(|v| v.rule == RuleId::Set3)
        );
    }

    #[test]
    fn set3_every_fighter_in_a_group() {
        let mut w = legal(3);
        w[0].group = Some(GroupName::Dagger);
        w[1].group = Some(GroupName::Shield);
        let v = check_battle_groups(&w);
        assert!(v.iter().any(|x| x.fighter == Some(2)));
        assert!(
            v.iter()
                .any(|x| x.message.contains("Hammer has no fighters"))
        );
        w[2].group = Some(GroupName::Hammer);
        assert!(check_battle_groups(&w).is_empty());
    }
}
