//! SOLO-I2, SOLO-I3 (rules/solo-mode.md): how the automated warband uses its wild dice.

use crate::rules::initiative::{SideDice, WildUse};

/// SOLO-I2, SOLO-I3: each wild die at once: triple -> quad, else double -> triple, else
/// single -> double; never saved (with nothing to upgrade: +1 single).
pub fn solo_wild_uses(dice: &SideDice) -> Vec<WildUse> {
    let mut d = dice.clone();
    let mut uses = Vec::new();
    for _ in 0..dice.wild {
        let pick = [3u8, 2]
            .iter()
            .find_map(|&size| {
                d.groups
                    .iter()
                    .filter(|g| g.size == size && !g.wild)
                    .map(|g| g.value)
                    .max()
            })
            .or_else(|| d.singles.iter().copied().max());
        let u = pick.map_or(WildUse::Single, |value| WildUse::Upgrade { value });
        d.wild = 1;
        let u = if d.use_wild(&[u]).is_ok() {
            u
        } else {
            d.wild = 1;
            let _ = d.use_wild(&[WildUse::Single]);
            WildUse::Single
        };
        uses.push(u);
    }
    uses
}
