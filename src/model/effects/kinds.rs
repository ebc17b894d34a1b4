//! The kinds an effect names (ABL-5): a characteristic, a reaction's moment, the move that
//! sets off a waiting effect, melee or missile attacks, and the actions an enemy may be barred
//! from.

use serde::{Deserialize, Serialize};

/// When a reaction may be made (REA-1, ABL-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// After the fighter is targeted by a melee attack action, before the hit rolls (the
    /// moment of Counter, REA-2).
    TargetedByMelee,
    /// After the fighter is targeted by a missile attack action, before the hit rolls.
    TargetedByMissile,
    /// After the fighter is targeted by any attack action, before the hit rolls.
    TargetedByAttack,
    /// After the fighter is targeted by any attack action, once the hit rolls are made.
    AfterHitRolls,
    /// When a visible enemy fighter within 1" of the fighter makes a disengage action, before
    /// it moves away (the moment of Strike Them Down, REA-4).
    EnemyDisengages,
    /// When the fighter is targeted by a melee attack action, after its damage is totalled but
    /// before it is allocated, if that damage is enough to take the fighter down.
    LethalMelee,
    /// After an enemy fighter finishes a move action within `within` inches of the fighter
    /// (that it can see, when `visible`).
    EnemyMoved { within: u8, visible: bool },
    /// After an enemy fighter finishes a move action within `within` inches of a friendly
    /// fighter with the Hero runemark.
    EnemyMovedNearHero { within: u8 },
    /// After the fighter is allocated the total damage points of a melee attack action.
    AfterMeleeDamage,
}

impl Trigger {
    /// Is it answered by a bonus action ([`ReactAct`]): the end of an enemy's move action,
    /// or a melee attack's damage allocated?
    pub fn gives_bonus(self) -> bool {
        matches!(
            self,
            Trigger::EnemyMoved { .. }
                | Trigger::EnemyMovedNearHero { .. }
                | Trigger::AfterMeleeDamage
        )
    }
}

/// What the bonus action a reaction to an enemy's move gives must do (REA-1, ABL-5); "the
/// enemy" is the one that moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReactAct {
    /// A bonus move that ends within 1" of the enemy.
    Engage,
    /// A bonus move that ends within 1" of the enemy, then a bonus attack.
    EngageThenAttack,
    /// A bonus attack that must target the enemy.
    AttackMover,
    /// A bonus move or a bonus disengage action that ends more than `beyond` inches from the
    /// enemy.
    GetAway { beyond: u8 },
    /// This fighter set up again (on the floor or a platform) no further from the enemy than
    /// it stood.
    SetUpNoFurther,
    /// A bonus disengage action.
    Disengage,
}

/// Which of the fighter's move actions sets off an effect waiting for one (ABL-5).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum MoveTrigger {
    /// The first move action this activation that finishes within this many inches of an
    /// enemy fighter.
    NearEnemy(f32),
    /// The fighter's next move action, when it finishes this many inches or more vertically
    /// lower than it started.
    DroppedNext(f32),
    /// The bonus move action the ability gives ("that move action"), when it finishes within
    /// this many inches of an enemy fighter; another move lets it lapse.
    BonusNearEnemy(f32),
    /// The bonus move action the ability gives, when it finishes this many inches or more
    /// from where it began (the centre of its base, in a straight line).
    BonusFar(f32),
}

impl MoveTrigger {
    /// Its inches: how near the enemy, or how far down.
    pub fn range(self) -> f32 {
        let (MoveTrigger::NearEnemy(h)
        | MoveTrigger::DroppedNext(h)
        | MoveTrigger::BonusNearEnemy(h)
        | MoveTrigger::BonusFar(h)) = self;
        h
    }
}

/// A kind of attack action: with a melee weapon (a range of 3" or less) or a missile one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackKind {
    Melee,
    Missile,
}

impl AttackKind {
    /// "melee" or "missile".
    pub fn word(self) -> &'static str {
        match self {
            AttackKind::Melee => "melee",
            AttackKind::Missile => "missile",
        }
    }
}

/// An action a fighter may be barred from (ABL-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Restriction {
    Move,
    Disengage,
    /// Reactions (REA-1).
    Reactions,
    /// Abilities (ABL-1).
    Abilities,
    /// Activating (CMB-1): it counts as activated for the rest of the round.
    Activate,
    /// Ending a move action farther from the fighter whose ability it is.
    MoveAway,
}

impl std::fmt::Display for Restriction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Restriction::Move => "move",
            Restriction::Disengage => "disengage",
            Restriction::Reactions => "make reactions",
            Restriction::Abilities => "use abilities",
            Restriction::Activate => "activate",
            Restriction::MoveAway => "end a move farther from it",
        })
    }
}

/// A characteristic an effect changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stat {
    Move,
    Attacks,
    Strength,
    /// The damage of a hit.
    Damage,
    /// The damage of a critical hit.
    CritDamage,
    /// The fighter's Toughness against attacks.
    Toughness,
}

impl Stat {
    /// Does it change an attack (rather than the fighter's Move or Toughness)?
    pub fn of_attacks(self) -> bool {
        matches!(
            self,
            Stat::Attacks | Stat::Strength | Stat::Damage | Stat::CritDamage
        )
    }
}

impl std::fmt::Display for Stat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stat::Move => "Move",
            Stat::Attacks => "Attacks",
            Stat::Strength => "Strength",
            Stat::Damage => "damage",
            Stat::CritDamage => "critical damage",
            Stat::Toughness => "Toughness",
        })
    }
}

/// Does a weapon bearing the runemark `weapon` fit an effect for attacks with a weapon bearing
/// `marks` (none: any weapon)? "Ranged Weapon", as the cards write it, is the files' "ranged".
pub fn weapon_fits(marks: super::Marks, weapon: Option<&str>) -> bool {
    marks.is_none()
        || weapon.is_some_and(|w| {
            let w = w.trim().to_lowercase();
            marks.fit(|m| m == w || m.strip_suffix(" weapon") == Some(w.as_str()))
        })
}

/// A token an ability leaves on the battlefield (ABL-5), and what it does at the end of each
/// battle round, after objective control is determined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Token {
    /// Where a fighter was cremated: 3 damage to each enemy within 1" of one or more.
    Pyre,
    /// A banquet: up to 3 damage removed from each friend within 6" of one or more.
    Banquet,
}

/// Where a token is left (ABL-5): where the enemy the fighter's attack last took down this
/// activation fell, or where the fighter itself stands (it is cremated in a reaction).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TokenAt {
    Fell,
    Here,
}

impl Token {
    /// Its name in the log and on the board: "Pyre token".
    pub fn name(self) -> &'static str {
        match self {
            Token::Pyre => "Pyre token",
            Token::Banquet => "banquet token",
        }
    }

    /// What it does at the end of each battle round: (damage to enemies, or damage removed
    /// from friends, `heals`), how much, within how many inches of its centre.
    pub fn at_round_end(self) -> (bool, u32, f32) {
        match self {
            Token::Pyre => (false, 3, 1.0),
            Token::Banquet => (true, 3, 6.0),
        }
    }
}
