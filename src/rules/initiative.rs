//! The initiative phase as plain functions (seed 001, INI-1..INI-4): counting singles and
//! ability dice, using wild dice, seizing the initiative.

use crate::model::ids::Side;
use serde::{Deserialize, Serialize};

/// A group of ability dice of one value (INI-2): 2 = double, 3 = triple, 4+ = quad.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceGroup {
    pub value: u8,
    pub size: u8,
    /// A wild die was added to this group (INI-3: one wild die per group).
    pub wild: bool,
}

impl DiceGroup {
    pub fn kind(&self) -> &'static str {
        match self.size {
            0..=2 => "double",
            3 => "triple",
            _ => "quad",
        }
    }
}

/// How one wild die is used (INI-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WildUse {
    /// +1 single; the value doesn't matter.
    Single,
    /// Upgrade the single or the group showing `value` by one step (single -> double,
    /// double -> triple, triple -> quad); the wild die takes that value.
    Upgrade { value: u8 },
    /// Keep it for a later round.
    Save,
}

impl std::fmt::Display for WildUse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WildUse::Single => f.write_str("+1 single"),
            WildUse::Upgrade { value } => write!(f, "upgrade the {value}s"),
            WildUse::Save => f.write_str("saved"),
        }
    }
}

/// Wild dice uses for people: `upgrade the 5s, saved`.
pub fn uses_text(uses: &[WildUse]) -> String {
    uses.iter()
        .map(|u| u.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Ability dice for people: `double of 3s, triple of 5s` (none: `none`).
pub fn groups_text(groups: &[DiceGroup]) -> String {
    if groups.is_empty() {
        return "none".into();
    }
    groups
        .iter()
        .map(|g| format!("{} of {}s", g.kind(), g.value))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One side's dice in a round.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideDice {
    /// The 6 initiative dice as rolled.
    pub rolled: Vec<u8>,
    /// Values of the singles still held (INI-1).
    pub singles: Vec<u8>,
    /// Wild dice added as singles (INI-3).
    pub wild_singles: u32,
    /// Ability dice (INI-2), by value ascending.
    pub groups: Vec<DiceGroup>,
    /// Wild dice to declare this round (saved ones included).
    pub wild: u32,
    /// Wild dice saved for the next round.
    pub saved: u32,
}

impl SideDice {
    /// INI-1 / INI-2: sorts a roll into singles and ability dice.
    pub fn from_roll(rolled: &[u8]) -> Self {
        let mut counts = [0u8; 7];
        for &d in rolled {
            counts[d.clamp(1, 6) as usize] += 1;
        }
        let mut singles = Vec::new();
        let mut groups = Vec::new();
        for v in 1..=6u8 {
            match counts[v as usize] {
                0 => {}
                1 => singles.push(v),
                n => groups.push(DiceGroup {
                    value: v,
                    size: n,
                    wild: false,
                }),
            }
        }
        SideDice {
            rolled: rolled.to_vec(),
            singles,
            wild_singles: 0,
            groups,
            wild: 0,
            saved: 0,
        }
    }

    /// Singles counted for initiative (INI-1, INI-4).
    pub fn singles_count(&self) -> u32 {
        self.singles.len() as u32 + self.wild_singles
    }

    /// INI-3: applies the declared uses of this side's wild dice. Every wild die must be
    /// declared exactly once. On error nothing changes.
    pub fn use_wild(&mut self, uses: &[WildUse]) -> Result<(), String> {
        if uses.len() != self.wild as usize {
            return Err(format!(
                "{} wild dice to declare, {} uses given",
                self.wild,
                uses.len()
            ));
        }
        let mut next = self.clone();
        for u in uses {
            match *u {
                WildUse::Single => next.wild_singles += 1,
                WildUse::Save => next.saved += 1,
                WildUse::Upgrade { value } => {
                    if let Some(g) = next.groups.iter_mut().find(|g| g.value == value) {
                        if g.wild {
                            return Err(format!(
                                "the {} of {value}s already has a wild die (one per group)",
                                g.kind()
                            ));
                        }
                        if g.size >= 4 {
                            return Err(format!("the quad of {value}s can't be upgraded"));
                        }
                        g.size += 1;
                        g.wild = true;
                    } else if let Some(i) = next.singles.iter().position(|&s| s == value) {
                        next.singles.remove(i);
                        next.groups.push(DiceGroup {
                            value,
                            size: 2,
                            wild: true,
                        });
                        next.groups.sort_by_key(|g| g.value);
                    } else {
                        return Err(format!("no single or ability dice showing {value}"));
                    }
                }
            }
        }
        next.wild = 0;
        *self = next;
        Ok(())
    }

    /// ABL-1: the group showing `value` if it can pay for an ability costing `cost` dice.
    pub fn group_for(&self, value: u8, cost: u8) -> Option<&DiceGroup> {
        self.groups
            .iter()
            .find(|g| g.value == value && g.size >= cost)
    }

    /// ABL-1: spends the whole group showing `value` (the first, when an ability gained the
    /// side a second group of that value).
    pub fn spend(&mut self, value: u8) {
        if let Some(i) = self.groups.iter().position(|g| g.value == value) {
            self.groups.remove(i);
        }
    }

    /// ABL-5: the side gains a group of `size` dice showing `value` (kept by value).
    pub fn gain(&mut self, value: u8, size: u8) {
        let at = self.groups.partition_point(|g| g.value <= value);
        let group = DiceGroup {
            value,
            size,
            wild: false,
        };
        self.groups.insert(at, group);
    }
}

/// INI-1: who has the most singles, or `None` on a tie.
pub fn most_singles(a: u32, b: u32) -> Option<Side> {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(Side::A),
        std::cmp::Ordering::Less => Some(Side::B),
        std::cmp::Ordering::Equal => None,
    }
}

/// What INI-4 decides after the wild dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seize {
    /// The side with the initiative keeps it.
    Keep,
    /// The other side now has more singles and takes the initiative.
    Seized,
    /// Now tied and not tied before: roll off.
    RollOff,
}

/// INI-4: `before` and `after` are (side 0, side 1) singles before and after the wild dice;
/// `holder` has the initiative.
pub fn seize(before: (u32, u32), after: (u32, u32), holder: Side) -> Seize {
    let get = |p: (u32, u32), s: Side| if s == Side::A { p.0 } else { p.1 };
    let other = holder.other();
    if get(after, other) > get(after, holder) {
        Seize::Seized
    } else if after.0 == after.1 && before.0 != before.1 {
        Seize::RollOff
    } else {
        Seize::Keep
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(value: u8, size: u8) -> DiceGroup {
        DiceGroup {
            value,
            size,
            wild: false,
        }
    }

    #[test]
    fn ini1_ini2_counting_singles_and_two_doubles() {
        let d = SideDice::from_roll(&[1, 1, 2, 3, 4, 4]);
        assert_eq!(d.singles_count(), 2);
        assert_eq!(d.singles, vec![2, 3]);
        assert_eq!(d.groups, vec![g(1, 2), g(4, 2)]);
        assert_eq!(d.groups[0].kind(), "double");
    }

    #[test]
    fn ini2_four_or_more_equal_is_a_quad() {
        let d = SideDice::from_roll(&[5, 5, 5, 5, 5, 2]);
        assert_eq!(d.groups, vec![g(5, 5)]);
        assert_eq!(d.groups[0].kind(), "quad");
        assert_eq!(d.singles_count(), 1);
        let t = SideDice::from_roll(&[3, 3, 3, 6, 6, 1]);
        assert_eq!(t.groups[0].kind(), "triple");
        assert_eq!(t.groups[1].kind(), "double");
        let six = SideDice::from_roll(&[1, 2, 3, 4, 5, 6]);
        assert_eq!(six.singles_count(), 6);
        assert!(six.groups.is_empty());
    }

    #[test]
    fn ini3_wild_die_as_extra_single() {
        let mut d = SideDice::from_roll(&[1, 1, 2, 3, 4, 4]);
        d.wild = 1;
        d.use_wild(&[WildUse::Single]).unwrap();
        assert_eq!(d.singles_count(), 3);
        assert_eq!(d.wild, 0);
    }

    #[test]
    fn ini3_wild_die_upgrades_single_double_triple_one_step() {
        let mut d = SideDice::from_roll(&[1, 1, 2, 3, 3, 3]);
        d.wild = 3;
        d.use_wild(&[
            WildUse::Upgrade { value: 2 },
            WildUse::Upgrade { value: 1 },
            WildUse::Upgrade { value: 3 },
        ])
        .unwrap();
        // The single 2 became a double (and is no longer a single).
        assert_eq!(d.singles_count(), 0);
        assert_eq!(
            d.groups
                .iter()
                .map(|g| (g.value, g.size))
                .collect::<Vec<_>>(),
            vec![(1, 3), (2, 2), (3, 4)]
        );
        assert_eq!(d.groups[2].kind(), "quad");
    }

    #[test]
    fn ini3_one_wild_die_per_group_no_double_to_quad() {
        let mut d = SideDice::from_roll(&[1, 1, 2, 3, 4, 5]);
        d.wild = 2;
        let before = d.clone();
        let e = d
            .use_wild(&[WildUse::Upgrade { value: 1 }, WildUse::Upgrade { value: 1 }])
            .unwrap_err();
        assert!(e.contains("one per group"), "{e}");
        assert_eq!(d, before, "a refused declaration changes nothing");
        // A quad can't be upgraded, a value nobody rolled can't either.
        let mut q = SideDice::from_roll(&[6, 6, 6, 6, 1, 2]);
        q.wild = 1;
        assert!(q.use_wild(&[WildUse::Upgrade { value: 6 }]).is_err());
        assert!(q.use_wild(&[WildUse::Upgrade { value: 4 }]).is_err());
        // Every wild die must be declared.
        assert!(q.use_wild(&[]).is_err());
    }

    #[test]
    fn ini3_saved_wild_dice_stockpile_and_three_are_used_in_one_round() {
        // Rounds 1 and 2: save; round 3: 2 saved + 1 new = 3 to use.
        let mut saved = 0;
        for _ in 0..2 {
            let mut d = SideDice::from_roll(&[1, 2, 3, 4, 5, 6]);
            d.wild = saved + 1;
            let uses = vec![WildUse::Save; d.wild as usize];
            d.use_wild(&uses).unwrap();
            saved = d.saved;
        }
        assert_eq!(saved, 2);
        let mut d = SideDice::from_roll(&[2, 2, 3, 3, 3, 5]);
        d.wild = saved + 1;
        d.use_wild(&[
            WildUse::Single,
            WildUse::Upgrade { value: 2 },
            WildUse::Upgrade { value: 3 },
        ])
        .unwrap();
        assert_eq!(d.singles_count(), 2);
        assert_eq!(
            d.groups.iter().map(|g| g.size).collect::<Vec<_>>(),
            vec![3, 4]
        );
        assert_eq!(d.saved, 0);
    }

    #[test]
    fn ini1_most_singles_or_tie() {
        assert_eq!(most_singles(3, 2), Some(Side::A));
        assert_eq!(most_singles(1, 4), Some(Side::B));
        assert_eq!(most_singles(2, 2), None);
    }

    #[test]
    fn ini4_seizing_the_initiative() {
        // Side 0 held it 3 v 2; side 1 adds two wild singles: 3 v 4 -> seized.
        assert_eq!(seize((3, 2), (3, 4), Side::A), Seize::Seized);
        // Now tied and not before -> roll off.
        assert_eq!(seize((3, 2), (3, 3), Side::A), Seize::RollOff);
        // Tied before (decided by a roll-off) and still tied -> no new roll-off.
        assert_eq!(seize((2, 2), (3, 3), Side::B), Seize::Keep);
        // The holder still has more.
        assert_eq!(seize((3, 2), (4, 3), Side::A), Seize::Keep);
    }

    #[test]
    fn abl1_a_bigger_group_pays_for_a_smaller_ability_and_is_spent_whole() {
        let mut d = SideDice::from_roll(&[4, 4, 4, 1, 1, 6]);
        assert!(d.group_for(4, 2).is_some());
        assert!(d.group_for(1, 3).is_none());
        d.spend(4);
        assert!(d.group_for(4, 2).is_none());
        assert_eq!(d.groups, vec![g(1, 2)]);
    }
}
