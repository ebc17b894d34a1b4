//! The exact odds of an attack (ATK-3): the probability of each damage total, counted over
//! every way the dice can fall, not sampled. What the desktop game shows before a player
//! commits an attack, and what the AI can weigh.
//!
//! Each attack die misses, hits or is a critical hit (a 6). With `A` dice there are
//! `faces^A` equally likely rolls; the number of rolls giving `h` hits and `c` criticals is the
//! multinomial `A! / (h! c! m!)` times the faces of each kind. Take Cover (REA-3: each
//! critical becomes a normal hit on a 4+) halves a critical's faces and gives the other half to
//! hits, so each die counts over 12 faces then.

use serde::Serialize;

use crate::rules::actions::hit_threshold;

/// The most attack dice the odds are counted for (12 Attacks and Onslaught's +1, with room).
pub const MAX_DICE: u32 = 16;

/// The attack as the odds see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AttackRoll {
    /// Dice rolled (the weapon's Attacks, with Onslaught's +1 in melee, ABL-3).
    pub attacks: u32,
    pub strength: u32,
    /// The target's Toughness, with the cover bonus when in cover (ATK-4).
    pub toughness: u32,
    /// Damage of a hit and of a critical hit (ATK-1).
    pub damage: (u32, u32),
    /// REA-3: the target takes cover (each critical becomes a hit on a 4+).
    pub take_cover: bool,
    /// ABL-5: the least roll that is a critical hit (6 without an ability).
    pub crit_on: u8,
    /// ABL-5: how many hits count as critical hits.
    pub hits_as_crits: u32,
    /// ABL-5: how many misses count as critical hits.
    pub misses_as_crits: u32,
    /// ABL-5: how many more critical hits it scores if it scores any.
    pub more_crits: u32,
}

/// The exact distribution of the damage one attack allocates.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttackOdds {
    /// ATK-3: the roll that hits.
    pub needed: u8,
    /// Every roll of the dice counts once: `ways` over `rolls` is a probability.
    pub rolls: u64,
    /// Each damage total that can happen, with the number of rolls that give it, by damage.
    pub ways: Vec<(u32, u64)>,
}

impl AttackRoll {
    /// The exact odds; `None` above [`MAX_DICE`] dice (the counts would overflow).
    pub fn odds(&self) -> Option<AttackOdds> {
        if self.attacks > MAX_DICE {
            return None;
        }
        let needed = hit_threshold(self.strength, self.toughness);
        // Faces of one die: (miss, hit, critical), over `faces`: a critical from `crit_on`.
        let crit_on = self.crit_on.clamp(2, 6);
        let crit = u64::from(7 - crit_on);
        let hit = u64::from(crit_on.saturating_sub(needed));
        let miss = 6 - crit - hit;
        let (faces, miss, hit, crit) = if self.take_cover {
            (12u64, 2 * miss, 2 * hit + crit, crit)
        } else {
            (6u64, miss, hit, crit)
        };
        let n = self.attacks;
        let mut ways: Vec<(u32, u64)> = Vec::new();
        for c in 0..=n {
            for h in 0..=n - c {
                let m = n - c - h;
                let count = multinomial(n, h, c) * hit.pow(h) * crit.pow(c) * miss.pow(m);
                if count == 0 {
                    continue;
                }
                // ABL-5: some hits may count as critical hits.
                let k = self.hits_as_crits.min(h);
                let km = self.misses_as_crits.min(m);
                let crits = c + k + km;
                // ABL-5: one critical hit may score more.
                let crits = crits + if crits > 0 { self.more_crits } else { 0 };
                let dmg = (h - k) * self.damage.0 + crits * self.damage.1;
                match ways.binary_search_by_key(&dmg, |w| w.0) {
                    Ok(i) => ways[i].1 += count,
                    Err(i) => ways.insert(i, (dmg, count)),
                }
            }
        }
        Some(AttackOdds {
            needed,
            rolls: faces_pow(faces, n),
            ways,
        })
    }
}

impl AttackOdds {
    /// P(exactly `damage`).
    pub fn probability(&self, damage: u32) -> f64 {
        self.ways
            .iter()
            .find(|w| w.0 == damage)
            .map_or(0.0, |w| w.1 as f64 / self.rolls as f64)
    }

    /// P(at least `damage`): with the target's wounds left, the chance to take it down (ATK-5).
    pub fn at_least(&self, damage: u32) -> f64 {
        let ways: u64 = self
            .ways
            .iter()
            .filter(|w| w.0 >= damage)
            .map(|w| w.1)
            .sum();
        ways as f64 / self.rolls as f64
    }

    /// The expected damage.
    pub fn expected(&self) -> f64 {
        let sum: f64 = self.ways.iter().map(|w| w.0 as f64 * w.1 as f64).sum();
        sum / self.rolls as f64
    }

    /// The most likely damage totals, as a range: the middle two thirds of the chances (at
    /// most a sixth below it, at most a sixth above), for "most likely 2-6".
    pub fn likely(&self) -> (u32, u32) {
        let cut = self.rolls.div_ceil(6);
        let mut below = 0;
        let mut low = self.ways.first().map_or(0, |w| w.0);
        for w in &self.ways {
            if below + w.1 > cut {
                low = w.0;
                break;
            }
            below += w.1;
        }
        let mut above = 0;
        let mut high = self.ways.last().map_or(0, |w| w.0);
        for w in self.ways.iter().rev() {
            if above + w.1 > cut {
                high = w.0;
                break;
            }
            above += w.1;
        }
        (low, high.max(low))
    }

    /// Each damage total with its probability, by damage.
    pub fn table(&self) -> Vec<(u32, f64)> {
        self.ways
            .iter()
            .map(|w| (w.0, w.1 as f64 / self.rolls as f64))
            .collect()
    }
}

impl AttackRoll {
    /// The attack an ATK-3 log entry records, as it stood before its dice were rolled, with
    /// the target's wounds left then; `None` for any other event.
    pub fn of_event(event: &crate::rules::log::Event) -> Option<(AttackRoll, u32)> {
        let crate::rules::log::Event::Attack {
            strength,
            toughness,
            rolls,
            take_cover,
            profile,
            wounds_before,
            ..
        } = event
        else {
            return None;
        };
        let roll = AttackRoll {
            attacks: rolls.len() as u32,
            strength: *strength,
            toughness: *toughness,
            damage: *profile,
            take_cover: take_cover.is_some(),
            // The log keeps the rolls, not an ability's lower critical roll: 6.
            crit_on: 6,
            hits_as_crits: 0,
            misses_as_crits: 0,
            more_crits: 0,
        };
        Some((roll, *wounds_before))
    }
}

impl AttackOdds {
    /// The odds in one line, against a target with `wounds` left: "hits on 3+: 4.7 damage on
    /// average, 13% to take it down, most likely 2-6".
    pub fn summary(&self, wounds: u32) -> String {
        let (low, high) = self.likely();
        let likely = if low == high {
            format!("most likely {low}")
        } else {
            format!("most likely {low}-{high}")
        };
        format!(
            "hits on {}+: {:.1} damage on average, {:.0}% to take it down, {likely}",
            self.needed,
            self.expected(),
            100.0 * self.at_least(wounds)
        )
    }
}

fn faces_pow(faces: u64, n: u32) -> u64 {
    faces.pow(n)
}

/// `n! / (h! c! (n-h-c)!)`, exactly.
fn multinomial(n: u32, h: u32, c: u32) -> u64 {
    binomial(n, h) * binomial(n - h, c)
}

fn binomial(n: u32, k: u32) -> u64 {
    let k = k.min(n - k);
    (0..k).fold(1u64, |acc, i| acc * u64::from(n - i) / u64::from(i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::actions::count_hits;

    fn roll(attacks: u32, strength: u32, toughness: u32, damage: (u32, u32)) -> AttackRoll {
        AttackRoll {
            attacks,
            strength,
            toughness,
            damage,
            take_cover: false,
            crit_on: 6,
            hits_as_crits: 0,
            misses_as_crits: 0,
            more_crits: 0,
        }
    }

    /// ATK-3 with ABL-5: critical hits on a 5+ (S4 v T4, one dice): a 5 or 6 deals the
    /// critical damage, a 4 the hit's: the exact odds say 2/6, 1/6 and 3/6.
    #[test]
    fn atk3_abl5_odds_with_critical_hits_on_a_lower_roll() {
        let mut r = roll(1, 4, 4, (1, 3));
        r.crit_on = 5;
        let o = r.odds().unwrap();
        assert_eq!(o.rolls, 6);
        assert_eq!(o.ways, vec![(0, 3), (1, 1), (3, 2)]);
    }

    /// ABL-5: one hit counted as a critical hit (S4 v T4, two dice, damage 1/3): a hit and a
    /// miss deal 3, two hits 3 + 1, a hit and a critical hit 3 + 3.
    #[test]
    fn abl5_odds_with_a_hit_counted_as_a_critical_hit() {
        let mut r = roll(2, 4, 4, (1, 3));
        r.hits_as_crits = 1;
        let o = r.odds().unwrap();
        // Faces: miss 3, hit 2, critical 1, of 6; over 36 rolls.
        assert_eq!(o.ways, vec![(0, 9), (3, 12 + 6), (4, 4), (6, 4 + 1)]);
    }

    /// ABL-5 (Ignite Weapon): one miss counted as a critical hit (S4 v T4, two dice, damage
    /// 1/3): two misses deal 3; a miss and a hit 3 + 1; a miss and a critical hit 3 + 3; two
    /// hits 2; a hit and a critical hit 4; two critical hits 6.
    #[test]
    fn abl5_odds_with_a_miss_counted_as_a_critical_hit() {
        let mut r = roll(2, 4, 4, (1, 3));
        r.misses_as_crits = 1;
        let o = r.odds().unwrap();
        // Faces: miss 3, hit 2, critical 1, of 6; over 36 rolls.
        assert_eq!(o.ways, vec![(2, 4), (3, 9), (4, 12 + 4), (6, 6 + 1)]);
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn atk3_four_attacks_s4_against_t4_do_no_damage_one_time_in_sixteen() {
        let o = roll(4, 4, 4, (1, 2)).odds().unwrap();
        assert_eq!(o.needed, 4);
        // Each die misses on 1-3: (1/2)^4.
        assert!(close(o.probability(0), 1.0 / 16.0), "{o:?}");
    }

    #[test]
    fn atk4_in_cover_s4_against_t5_misses_on_1_to_4() {
        // Cover: +1 Toughness, so S4 v T5 hits on 5+: no damage is (4/6)^4.
        let o = roll(4, 4, 5, (1, 2)).odds().unwrap();
        assert_eq!(o.needed, 5);
        assert!(close(o.probability(0), (4.0f64 / 6.0).powi(4)));
    }

    #[test]
    fn atk3_one_attack_hand_worked() {
        // S5 v T4: 3+ hits. 1-2 miss (2/6), 3-5 hit for 2 (3/6), 6 crits for 4 (1/6).
        let o = roll(1, 5, 4, (2, 4)).odds().unwrap();
        assert_eq!(
            o.table(),
            vec![(0, 2.0 / 6.0), (2, 3.0 / 6.0), (4, 1.0 / 6.0)]
        );
        assert!(close(o.expected(), (3.0 * 2.0 + 4.0) / 6.0));
        assert!(close(o.at_least(3), 1.0 / 6.0));
    }

    /// ATK-3: the one-line odds name the middle of the chances: for one die at 3+ (miss 2/6,
    /// 2 damage 3/6, 4 damage 1/6) the most likely totals are 0 to 2, a crit being a sixth.
    #[test]
    fn atk3_most_likely_damage_is_the_middle_two_thirds() {
        let o = roll(1, 5, 4, (2, 4)).odds().unwrap();
        assert_eq!(o.likely(), (0, 2));
        // Four dice at 4+ (1/2 each), 1 damage a hit, 2 a crit: 0 is 1/16 (below a sixth),
        // so the range starts above it.
        let o = roll(4, 4, 4, (1, 2)).odds().unwrap();
        let (low, high) = o.likely();
        assert!(low >= 1 && high < 8, "{low}-{high} of {:?}", o.table());
    }

    #[test]
    fn atk3_two_attacks_where_hits_and_crits_give_the_same_total() {
        // S3 v T4: 5+. Damage 2/4: two hits (1/36) and one crit with a miss (2 * 4/36) both
        // total 4.
        let o = roll(2, 3, 4, (2, 4)).odds().unwrap();
        assert!(
            close(o.probability(4), (1.0 + 8.0) / 36.0),
            "{:?}",
            o.table()
        );
    }

    #[test]
    fn rea3_take_cover_turns_half_the_criticals_into_hits() {
        // One die, S4 v T4, 1/3: miss 1/2, hit 1/3 + 1/12, crit 1/12.
        let mut r = roll(1, 4, 4, (1, 3));
        r.take_cover = true;
        let o = r.odds().unwrap();
        assert_eq!(o.rolls, 12);
        assert_eq!(o.ways, vec![(0, 6), (1, 5), (3, 1)]);
    }

    /// Every roll of the dice, judged by the engine's own `count_hits` (ATK-3).
    fn brute_force(r: AttackRoll) -> Vec<(u32, u64)> {
        let needed = hit_threshold(r.strength, r.toughness);
        let mut ways: Vec<(u32, u64)> = Vec::new();
        for code in 0..6u64.pow(r.attacks) {
            let rolls: Vec<u8> = (0..r.attacks)
                .map(|i| ((code / 6u64.pow(i)) % 6 + 1) as u8)
                .collect();
            let (h, c) = count_hits(&rolls, needed);
            let dmg = h * r.damage.0 + c * r.damage.1;
            match ways.binary_search_by_key(&dmg, |w| w.0) {
                Ok(i) => ways[i].1 += 1,
                Err(i) => ways.insert(i, (dmg, 1)),
            }
        }
        ways
    }

    #[test]
    fn atk3_the_counts_equal_every_roll_judged_by_the_engine() {
        for (a, s, t, d) in [
            (1, 3, 3, (1, 2)),
            (3, 4, 3, (2, 5)),
            (5, 3, 5, (1, 3)),
            (6, 5, 5, (3, 3)),
        ] {
            let r = roll(a, s, t, d);
            assert_eq!(r.odds().unwrap().ways, brute_force(r), "{r:?}");
        }
    }

    #[test]
    fn atk3_twelve_attacks_and_onslaughts_thirteenth_are_exact_and_sum_to_one() {
        for n in [12, 13] {
            let o = roll(n, 4, 4, (2, 5)).odds().unwrap();
            assert_eq!(o.rolls, 6u64.pow(n));
            assert_eq!(o.ways.iter().map(|w| w.1).sum::<u64>(), o.rolls);
            // No damage: every die misses (1/2 each).
            assert!(close(o.probability(0), 0.5f64.powi(n as i32)));
            // The expectation is n times one die's: (2 * 2 + 5) / 6.
            assert!((o.expected() - n as f64 * 9.0 / 6.0).abs() < 1e-9);
        }
        assert!(roll(MAX_DICE + 1, 4, 4, (1, 2)).odds().is_none());
    }
}
