//! ATK-3, REA-2: what the hit rolls of an attack score, counted from the dice alone.

/// ATK-3: the score needed to hit: S > T 3+, S = T 4+, S < T 5+.
pub fn hit_threshold(strength: u32, toughness: u32) -> u8 {
    match strength.cmp(&toughness) {
        std::cmp::Ordering::Greater => 3,
        std::cmp::Ordering::Equal => 4,
        std::cmp::Ordering::Less => 5,
    }
}

/// ATK-3: hits and critical hits among the rolls (a 6 is a critical hit).
pub fn count_hits(rolls: &[u8], needed: u8) -> (u32, u32) {
    count_hits_from(rolls, needed, 6)
}

/// ATK-3 with ABL-5: hits and critical hits when a roll of `crit_on` or more is a critical
/// hit (a 6 without an ability).
pub fn count_hits_from(rolls: &[u8], needed: u8, crit_on: u8) -> (u32, u32) {
    let crits = rolls.iter().filter(|&&r| r >= crit_on).count() as u32;
    let hits = rolls
        .iter()
        .filter(|&&r| r >= needed && r < crit_on)
        .count() as u32;
    (hits, crits)
}

/// REA-2: damage a counter deals to the attacker, as the card says: 2 if any unmodified hit
/// roll is a 1 (2 in all, not 2 per 1), and 1 more when two or more rolls missed.
pub fn counter_damage(rolls: &[u8], needed: u8) -> u32 {
    let a_one = rolls.contains(&1);
    let misses = rolls.iter().filter(|&&r| r < needed).count();
    2 * u32::from(a_one) + u32::from(misses >= 2)
}
