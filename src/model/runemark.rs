//! Runemarks (the keywords on a fighter card): the ones a rule of the engine reads, as a type,
//! and the others the community data uses, which are labels only (kept on the fighter, shown
//! on its card, read by the abilities that name them).

use std::fmt;

/// A runemark some rule of the engine reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Runemark {
    /// MOVE-7: moves through the air; never knocked off (ATK-6).
    Fly,
    /// Monsters never wait (WAIT-1), set up within 5" (SET-6), and carry no treasure.
    Monster,
    /// Mounted fighters can't climb (MOVE-5) or take cover (REA-3).
    Mount,
    /// SET-1: the leader of a warband.
    Leader,
    /// SET-1: a hero, taken as a leader or a hero.
    Hero,
    /// Beasts carry no treasure (GEN-8).
    Beast,
    /// Drawn with a shield on the board.
    Bulwark,
}

impl Runemark {
    /// Every runemark a rule reads.
    pub const ALL: [Runemark; 7] = [
        Runemark::Fly,
        Runemark::Monster,
        Runemark::Mount,
        Runemark::Leader,
        Runemark::Hero,
        Runemark::Beast,
        Runemark::Bulwark,
    ];

    /// The runemark as the data writes it.
    pub fn name(self) -> &'static str {
        match self {
            Runemark::Fly => "fly",
            Runemark::Monster => "monster",
            Runemark::Mount => "mount",
            Runemark::Leader => "leader",
            Runemark::Hero => "hero",
            Runemark::Beast => "beast",
            Runemark::Bulwark => "bulwark",
        }
    }
}

impl fmt::Display for Runemark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The fighter runemarks the community data uses (faction runemarks aside): the ones above,
/// and labels no rule of the engine reads. Others are kept with a warning.
pub const KNOWN_RUNEMARKS: &[&str] = &[
    "agile",
    "ally",
    "beast",
    "berserker",
    "brute",
    "bulwark",
    "champion",
    "destroyer",
    "elite",
    "ferocious",
    "fly",
    "frenzied",
    "gargantuan",
    "grombrindal",
    "hero",
    "icon-bearer",
    "leader",
    "minion",
    "monster",
    "mount",
    "mystic",
    "priest",
    "scout",
    "sentience",
    "terrifying",
    "thrall",
    "totem",
    "trapper",
    "warrior",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_runemark_a_rule_reads_is_one_the_data_knows() {
        for r in Runemark::ALL {
            assert!(KNOWN_RUNEMARKS.contains(&r.name()), "{r}");
        }
    }
}
