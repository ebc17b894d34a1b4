//! Solo-mode setup of the automated warband: battle groups by dice (SOLO-S2).

use crate::model::ids::FighterId;
use serde::Serialize;

use crate::model::dice::{Dice, roll_off_among};
use crate::model::formats::GroupName;

/// The result of SOLO-S2: a group per fighter (in warband order) and what the dice said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SoloGroups {
    pub groups: Vec<GroupName>,
    pub log: Vec<SoloStep>,
}

/// One of the three groups being formed, by where its seed stands in the row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Flank {
    Left,
    Middle,
    Right,
}

const FLANKS: [Flank; 3] = [Flank::Left, Flank::Middle, Flank::Right];

impl std::fmt::Display for Flank {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Flank::Left => "left",
            Flank::Middle => "middle",
            Flank::Right => "right",
        })
    }
}

/// What one step of SOLO-S2 did; fighters by battle id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SoloStep {
    /// The seeds of the left, middle and right groups.
    Seeds { fighters: [FighterId; 3] },
    /// A fighter's D6 put it in a group.
    Roll {
        fighter: FighterId,
        roll: u8,
        flank: Flank,
    },
    /// Groups tied for the fewest fighters (or, `largest`, the most) rolled off (GEN-4):
    /// every round's dice, each die by its index in `flanks`.
    Tie {
        flanks: Vec<Flank>,
        largest: bool,
        rounds: Vec<Vec<(usize, u8)>>,
    },
    /// A group of `held` of the warband's `of` fighters (more than half) gave `moved` to the
    /// group with the fewest.
    Excess {
        from: Flank,
        held: usize,
        of: usize,
        moved: Vec<FighterId>,
        to: Flank,
    },
    /// A group of `fighters` fighters became `group`.
    Named {
        flank: Flank,
        fighters: usize,
        group: GroupName,
    },
}

/// SOLO-S2: forms the automated warband's battle groups from `fighters` (battle ids, in
/// warband order).
///
/// `seeds` are the three fighters (indices into `fighters`) put in a row as the seeds of the
/// left, middle and right groups; `None` draws them at random from the dice stream (the
/// reading of solo-mode.md).
/// Every other fighter, in warband order, rolls a D6: 1-2 left, 3-4 middle, 5-6 the group with
/// the fewest fighters (roll-off on a tie). A group holding more than half of the warband then
/// gives its excess (its last-added fighters) to the group with the fewest fighters (roll-off
/// on a tie). The largest group becomes Shield (roll-off if two are largest); of the other two
/// the left one is Dagger and the right one Hammer.
pub fn form_solo_groups(
    fighters: &[FighterId],
    seeds: Option<[usize; 3]>,
    dice: &mut dyn Dice,
) -> SoloGroups {
    let n = fighters.len();
    assert!(n >= 3, "SOLO-S2 needs at least 3 fighters (SET-1)");
    let mut log = Vec::new();
    let seeds = seeds.unwrap_or_else(|| draw_seeds(n, dice));
    log.push(SoloStep::Seeds {
        fighters: seeds.map(|s| fighters[s]),
    });
    let mut members = roll_for_groups(fighters, seeds, dice, &mut log);
    give_away_excess(&mut members, fighters, dice, &mut log);
    let shield = largest_group(&members, dice, &mut log);
    let groups = name_groups(&members, shield, n, &mut log);
    SoloGroups { groups, log }
}

/// Three distinct fighters drawn at random from the dice stream, as the seeds.
fn draw_seeds(n: usize, dice: &mut dyn Dice) -> [usize; 3] {
    let mut pool: Vec<usize> = (0..n).collect();
    let mut s = [0; 3];
    for slot in &mut s {
        *slot = pool.remove(dice.pick(pool.len()));
    }
    s
}

/// Every fighter but the seeds, in warband order, rolls a D6 for its group: the members of
/// each group in the order they joined.
fn roll_for_groups(
    fighters: &[FighterId],
    seeds: [usize; 3],
    dice: &mut dyn Dice,
    log: &mut Vec<SoloStep>,
) -> [Vec<usize>; 3] {
    // members[g] in the order they joined.
    let mut members: [Vec<usize>; 3] = [vec![seeds[0]], vec![seeds[1]], vec![seeds[2]]];
    for f in (0..fighters.len()).filter(|f| !seeds.contains(f)) {
        let roll = dice.d6();
        let g = match roll {
            1 | 2 => 0,
            3 | 4 => 1,
            _ => fewest(&members, dice, log),
        };
        log.push(SoloStep::Roll {
            fighter: fighters[f],
            roll,
            flank: FLANKS[g],
        });
        members[g].push(f);
    }
    members
}

/// A group holding more than half of the warband gives its last-added fighters to the group
/// with the fewest fighters.
fn give_away_excess(
    members: &mut [Vec<usize>; 3],
    fighters: &[FighterId],
    dice: &mut dyn Dice,
    log: &mut Vec<SoloStep>,
) {
    let n = fighters.len();
    let half = n / 2;
    if let Some(big) = (0..3).find(|&g| members[g].len() > half) {
        let excess = members[big].len() - half;
        let to = fewest(members, dice, log);
        let moved: Vec<usize> = members[big].split_off(half);
        log.push(SoloStep::Excess {
            from: FLANKS[big],
            held: half + excess,
            of: n,
            moved: moved.iter().map(|&f| fighters[f]).collect(),
            to: FLANKS[to],
        });
        members[to].extend(moved);
    }
}

/// The group that becomes Shield: the largest; a roll-off among those tied.
fn largest_group(members: &[Vec<usize>; 3], dice: &mut dyn Dice, log: &mut Vec<SoloStep>) -> usize {
    let most = members.iter().map(Vec::len).max().unwrap_or(0);
    let largest: Vec<usize> = (0..3).filter(|&g| members[g].len() == most).collect();
    if largest.len() == 1 {
        return largest[0];
    }
    let (w, rounds) = roll_off_among(largest.len(), dice);
    log.push(SoloStep::Tie {
        flanks: largest.iter().map(|&g| FLANKS[g]).collect(),
        largest: true,
        rounds,
    });
    largest[w]
}

/// Shield for `shield`; of the other two, the left one is Dagger and the right one Hammer.
fn name_groups(
    members: &[Vec<usize>; 3],
    shield: usize,
    n: usize,
    log: &mut Vec<SoloStep>,
) -> Vec<GroupName> {
    let mut groups = vec![GroupName::Dagger; n];
    let rest: Vec<usize> = (0..3).filter(|&g| g != shield).collect();
    for (g, name) in [
        (shield, GroupName::Shield),
        (rest[0], GroupName::Dagger),
        (rest[1], GroupName::Hammer),
    ] {
        for &f in &members[g] {
            groups[f] = name;
        }
        log.push(SoloStep::Named {
            flank: FLANKS[g],
            fighters: members[g].len(),
            group: name,
        });
    }
    groups
}

/// The group with the fewest fighters; a roll-off among those tied.
fn fewest(members: &[Vec<usize>; 3], dice: &mut dyn Dice, log: &mut Vec<SoloStep>) -> usize {
    let least = members.iter().map(Vec::len).min().unwrap_or(0);
    let tied: Vec<usize> = (0..3).filter(|&g| members[g].len() == least).collect();
    if tied.len() == 1 {
        return tied[0];
    }
    let (w, rounds) = roll_off_among(tied.len(), dice);
    log.push(SoloStep::Tie {
        flanks: tied.iter().map(|&g| FLANKS[g]).collect(),
        largest: false,
        rounds,
    });
    tied[w]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::dice::{DiceRng, ScriptedDice};
    use crate::rules::warband::check_group_sizes;
    use GroupName::*;

    fn ids(n: usize) -> Vec<FighterId> {
        (0..n as u32).map(FighterId).collect()
    }

    fn counts(g: &[GroupName]) -> [usize; 3] {
        let mut c = [0; 3];
        for x in g {
            c[*x as usize] += 1;
        }
        c
    }

    #[test]
    fn solo_s2_rolls_1_2_left_3_4_middle() {
        // 7 fighters, seeds 0,1,2. Fighters 3..6 roll 1, 2, 3, 4: two left, two middle.
        // Left {0,3,4} and middle {1,5,6} tie for largest: roll-off 6, 2 -> left is Shield;
        // of middle and right, middle is the left one -> Dagger, right -> Hammer.
        let mut d = ScriptedDice::new(&[1, 2, 3, 4, 6, 2]);
        let r = form_solo_groups(&ids(7), Some([0, 1, 2]), &mut d);
        assert_eq!(
            r.groups,
            vec![Shield, Dagger, Hammer, Shield, Shield, Dagger, Dagger]
        );
        assert_eq!(d.remaining(), 0);
    }

    #[test]
    fn solo_s2_largest_is_shield_left_dagger_right_hammer() {
        // 6 fighters, seeds 0,1,2. Fighters 3,4,5 roll 3, 4, 1: middle gets 3 and 4, left 5.
        // left {0,5} = 2, middle {1,3,4} = 3, right {2} = 1.
        let mut d = ScriptedDice::new(&[3, 4, 1]);
        let r = form_solo_groups(&ids(6), Some([0, 1, 2]), &mut d);
        assert_eq!(
            r.groups,
            vec![Dagger, Shield, Hammer, Shield, Shield, Dagger]
        );
        assert_eq!(d.remaining(), 0);
        assert_eq!(
            r.log[0],
            SoloStep::Seeds {
                fighters: [FighterId(0), FighterId(1), FighterId(2)]
            }
        );
    }

    #[test]
    fn solo_s2_five_six_goes_to_fewest_with_roll_off_on_tie() {
        // 4 fighters, seeds 0,1,2 (one each). Fighter 3 rolls 6: all three groups tie for
        // fewest -> roll-off among left, middle, right: 2, 5, 3 -> middle.
        let mut d = ScriptedDice::new(&[6, 2, 5, 3]);
        let r = form_solo_groups(&ids(4), Some([0, 1, 2]), &mut d);
        assert_eq!(r.groups, vec![Dagger, Shield, Hammer, Shield]);
        assert_eq!(d.remaining(), 0);
        // 5 fighters: fighter 3 rolls 1 (left), fighter 4 rolls 5 -> middle and right tie
        // for fewest (1 each): roll-off 1, 6 -> right.
        // Left {0,3} = 2, middle {1} = 1, right {2,4} = 2: left and right tie for largest,
        // roll-off 4, 2 -> left is Shield.
        let mut d = ScriptedDice::new(&[1, 5, 1, 6, 4, 2]);
        let r = form_solo_groups(&ids(5), Some([0, 1, 2]), &mut d);
        assert_eq!(r.groups, vec![Shield, Dagger, Hammer, Shield, Hammer]);
        assert_eq!(d.remaining(), 0);
    }

    #[test]
    fn solo_s2_excess_over_half_moves_to_the_fewest() {
        // 8 fighters, seeds 0,1,2; fighters 3..7 all roll 1 -> left has 6 of 8 (> half = 4):
        // the last two added (6, 7) move to the fewest group; middle and right tie (1 each)
        // -> roll-off 2, 5 -> right. Left 4, middle 1, right 3: left is Shield, middle Dagger,
        // right Hammer.
        let mut d = ScriptedDice::new(&[1, 1, 1, 1, 1, 2, 5]);
        let r = form_solo_groups(&ids(8), Some([0, 1, 2]), &mut d);
        assert_eq!(
            r.groups,
            vec![
                Shield, Dagger, Hammer, Shield, Shield, Shield, Hammer, Hammer
            ]
        );
        assert!(
            r.log.contains(&SoloStep::Excess {
                from: Flank::Left,
                held: 6,
                of: 8,
                moved: vec![FighterId(6), FighterId(7)],
                to: Flank::Right
            }),
            "{:?}",
            r.log
        );
        assert_eq!(d.remaining(), 0);
    }

    #[test]
    fn solo_s2_tie_for_largest_is_rolled_off() {
        // 5 fighters, seeds 0,1,2; 3 rolls 1 (left), 4 rolls 6 -> fewest: middle/right tie,
        // roll-off 1, 6 -> right. left 2, middle 1, right 2: roll-off for Shield between left
        // and right: 3, 4 -> right is Shield; left Dagger, middle Hammer.
        let mut d = ScriptedDice::new(&[1, 6, 1, 6, 3, 4]);
        let r = form_solo_groups(&ids(5), Some([0, 1, 2]), &mut d);
        assert_eq!(r.groups, vec![Dagger, Hammer, Shield, Dagger, Shield]);
        assert_eq!(d.remaining(), 0);
    }

    #[test]
    fn solo_s2_seeds_drawn_from_the_stream_and_groups_always_legal() {
        // Random seeds and rolls, many warband sizes: the result always satisfies SET-3.
        for n in 3..=15 {
            for seed in 0..50 {
                let mut d = DiceRng::new(seed * 31 + n as u64);
                let r = form_solo_groups(&ids(n), None, &mut d);
                let c = counts(&r.groups);
                assert!(
                    check_group_sizes(c, n).is_empty(),
                    "n={n} seed={seed} {c:?}"
                );
                assert!(c[1] >= c[0] && c[1] >= c[2], "Shield is the largest: {c:?}");
            }
        }
        // Same stream, same groups.
        let a = form_solo_groups(&ids(10), None, &mut DiceRng::new(3));
        let b = form_solo_groups(&ids(10), None, &mut DiceRng::new(3));
        assert_eq!(a, b);
        // Scripted random seeds: picks index into the remaining pool: 4, then 0, then 2.
        // Fighter 1 rolls 3 (middle), fighter 3 rolls 1 (left): left {f4, f3} and middle
        // {f0, f1} tie for largest; roll-off 5, 2 -> left is Shield, middle Dagger, right
        // Hammer.
        let mut d = ScriptedDice::new(&[3, 1, 5, 2]).with_picks(&[4, 0, 1]);
        let r = form_solo_groups(&ids(5), None, &mut d);
        assert_eq!(
            r.log[0],
            SoloStep::Seeds {
                fighters: [FighterId(4), FighterId(0), FighterId(2)]
            }
        );
        assert_eq!(r.groups, vec![Dagger, Dagger, Hammer, Shield, Shield]);
        assert_eq!(d.remaining(), 0);
    }
}
