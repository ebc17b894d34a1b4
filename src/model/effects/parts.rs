//! The parts of effects that say when and to whom (ABL-5): conditions, guards, picks of a
//! friend, what a roll's successes do, what a reaction asks of the hit rolls.

use serde::{Deserialize, Serialize};

use super::{Amount, Restriction, Stat};

/// When an ability may be used at all (ABL-5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Condition {
    /// An enemy fighter has been taken down by an attack action this fighter made this
    /// activation.
    TookDownThisActivation,
    /// The same, by a melee attack action.
    TookDownInMelee,
    /// An enemy fighter is within `range` inches of this fighter (that it can see, when
    /// `visible`).
    EnemyWithin { range: f32, visible: bool },
    /// No enemy fighter is within `range` inches of this fighter (that it can see, when
    /// `visible`).
    NoEnemyWithin { range: f32, visible: bool },
    /// Another friendly fighter (with the runemark, when given, and bearing `marks`, when a
    /// card names more than one) is within `range` inches of this fighter (that it can see,
    /// when `visible`).
    FriendWithin {
        range: f32,
        visible: bool,
        runemark: Option<String>,
        #[serde(default, skip_serializing_if = "super::Marks::is_none")]
        marks: super::Marks,
    },
    /// At least `count` other friendly fighters bearing `marks` are within `range` inches of
    /// this fighter.
    FriendsWithin {
        range: f32,
        count: u32,
        #[serde(default, skip_serializing_if = "super::Marks::is_none")]
        marks: super::Marks,
    },
    /// This fighter has at least this many damage points allocated to it.
    Damaged(u32),
    /// No other friendly fighter is within `range` inches of this fighter.
    NoFriendWithin { range: f32 },
    /// An enemy (or, `friend`, another friendly fighter) with at least `damage` damage points
    /// allocated is within `range` inches of this fighter (that it can see, when `visible`).
    HurtWithin {
        friend: bool,
        range: f32,
        visible: bool,
        damage: u32,
    },
    /// It is this battle round.
    Round(u32),
    /// It is this battle round or a later one.
    RoundFrom(u32),
    /// At least `count` enemy fighters are within `range` inches of this fighter.
    EnemiesWithin { range: f32, count: u32 },
    /// This fighter bears none of these marks ("fighters with the Beast runemark cannot use
    /// this ability").
    NotMarked(super::Marks),
    /// The ability's value is at least this (only as what an effect depends on, `When`).
    ValueAtLeast(u8),
    /// The enemy the ability picks is within `range` inches of this fighter (`When` only).
    TargetWithin(f32),
    /// The enemy the ability picks has a Wounds characteristic of at least this (`When`).
    TargetWoundsAtLeast(u32),
    /// This fighter bears these marks.
    Marked(super::Marks),
    /// This fighter's profile has a weapon bearing these marks ("a weapon with the Ranged
    /// Weapon runemark on their fighter profile").
    ArmedWith(super::Marks),
    /// This fighter is within `range` inches of an objective (GEN-7's measure).
    NearObjective(f32),
    /// This fighter jumped down at least this many inches in a move this activation (MOVE-6).
    JumpedDown(f32),
    /// This fighter has made at least this many move actions this activation.
    MovesMade(u8),
    /// This fighter has made a missile attack action this activation.
    ShotThisActivation,
    /// A friendly fighter bearing `marks` (this one too) is within `range` inches of an enemy
    /// fighter.
    FriendEngaged { marks: super::Marks, range: f32 },
    /// This fighter is within `range` inches of an obstacle (a terrain piece of that kind).
    NearObstacle(f32),
    /// Another friendly fighter bearing `marks` has made an attack action this battle round.
    FriendAttackedThisRound(super::Marks),
    /// An enemy fighter has been taken down this battle round (by anything).
    EnemyTakenDownThisRound,
    /// This fighter has not used this ability before this battle.
    OncePerBattle,
    /// The fighter the ability picks has not been picked by this ability (its side's) this
    /// battle round.
    OncePerRoundPerTarget,
    /// This fighter is carrying treasure (GEN-8).
    CarryingTreasure,
    /// This fighter has made no move action this activation.
    NoMoveMade,
    /// A reaction's: the attacker is within range of one of this fighter's weapons (checked
    /// as the reaction is offered).
    AttackerInReach,
    /// Nor a disengage action.
    NoMoveNorDisengage,
    /// This fighter is (or, false, is not) empty-handed: it threw what it held (`EmptyHanded`).
    EmptyHanded(bool),
    /// One of the two holds (`When` only: "if this fighter is carrying treasure or is within
    /// 3\" of an objective").
    Either(Box<Condition>, Box<Condition>),
    /// Both hold (`When` only: "if this fighter has the Hero runemark and is within 6\" of
    /// another friendly fighter with ...").
    Both(Box<Condition>, Box<Condition>),
}

/// How the dice of a game against a picked enemy deal it damage (ABL-5): each a card's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Game {
    /// A dice: `least` or more deals `each`, and another is rolled while each roll beats the
    /// one before it, each dealing `each`.
    Rising { least: u8, each: u32 },
    /// `dice` dice: `each` for each dice of the longest run of consecutive faces (2 or more,
    /// duplicates set aside).
    Run { dice: Amount, each: u32 },
    /// `dice` dice: each showing the ability's value deals the value, each other 1.
    Match { dice: u32 },
    /// A dice for each damage point the enemy has: each `least`+ deals `each` (each roll 1
    /// more when this fighter has the Hero runemark, when `hero_plus`).
    PerDamage {
        least: u8,
        each: u32,
        hero_plus: bool,
    },
}

impl Game {
    /// Are its numbers ones a card could print?
    pub fn ok(&self) -> bool {
        match *self {
            Game::Rising { least, each } => (2..=6).contains(&least) && (1..=10).contains(&each),
            Game::Run { each, .. } => (1..=10).contains(&each),
            Game::Match { dice } => (1..=10).contains(&dice),
            Game::PerDamage { least, each, .. } => {
                (2..=6).contains(&least) && (1..=10).contains(&each)
            }
        }
    }
}

/// How a picked enemy's characteristic is lowered (ABL-4, ABL-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Lowering {
    /// By the effect's `by`, after every bonus.
    #[default]
    By,
    /// Its Move or Toughness halved, rounding up, before any bonus (divide first); `by` 0.
    Halve,
    /// By a dice rolled as the ability is used ("subtract the value of the roll"); `by` 0.
    Roll,
}

impl Lowering {
    pub fn is_by(&self) -> bool {
        *self == Lowering::By
    }
}

/// How the attacks on a guarded fighter are softened (ABL-5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Guard {
    /// Each hit and critical hit allocates `by` less damage, to no less than `min`.
    LessDamage { by: Amount, min: u32 },
    /// Each critical hit counts as a hit.
    CritsAsHits,
    /// The attack rolls `by` fewer dice, to no fewer than `min` (of melee attacks only, when
    /// `melee_only`).
    FewerAttacks {
        by: Amount,
        min: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        melee_only: bool,
    },
    /// It cannot be targeted by attack actions.
    Untargetable,
    /// After each melee attack action on it, `dice` dice (0: a dice for each damage point the
    /// attack allocated it): each of `least` or more allocates `damage` to the attacker.
    Retaliate { dice: u32, least: u8, damage: u32 },
}

/// Where an ability sets a fighter up (ABL-5): an enemy within `within` inches of the
/// ability's fighter, or the fighter itself anywhere (on the floor only, when `floor_only`)
/// more than `away` inches from every enemy.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Placing {
    Near {
        within: f32,
    },
    Anywhere {
        away: Option<f32>,
        floor_only: bool,
        /// `away` less the ability's value, to 0, once it is known ([`Placing::at_value`]).
        less_value: bool,
    },
    /// The fighter the ability picked, anywhere more than `away` inches from every enemy.
    PickedAnywhere {
        away: f32,
    },
    /// The fighter picked, its base wholly within `within` inches of the ability's fighter.
    Wholly {
        within: f32,
    },
    /// No fighter: a point on the battlefield the ability's fighter can see, within `within`
    /// inches of it ([`ANYWHERE`]: at any distance); what it does reaches `around` inches.
    Point {
        within: f32,
        around: f32,
    },
}

impl Placing {
    /// In words, after "where its base fits, ": "within 3\" of the fighter", "on the
    /// battlefield floor more than 3\" from every enemy".
    pub fn words(&self) -> String {
        match self {
            Placing::Near { within } => format!("within {within}\" of the fighter"),
            Placing::Wholly { within } => format!("wholly within {within}\" of the fighter"),
            Placing::Point { within, .. } if *within >= ANYWHERE => "it can see".to_string(),
            Placing::Point { within, .. } => format!("it can see within {within}\""),
            Placing::PickedAnywhere { away } => {
                format!("anywhere more than {away}\" from every enemy")
            }
            Placing::Anywhere {
                away,
                floor_only,
                less_value,
            } => {
                let floor = if *floor_only {
                    "on the battlefield floor"
                } else {
                    "anywhere"
                };
                let less = if *less_value { " less the value" } else { "" };
                match away {
                    Some(a) => format!("{floor} more than {a}\"{less} from every enemy"),
                    None => floor.to_string(),
                }
            }
        }
    }

    /// Its distance in inches: how near, or how far from every enemy (1 when it names none).
    pub fn inches(self) -> f32 {
        match self {
            Placing::Near { within }
            | Placing::Wholly { within }
            | Placing::Point { within, .. } => within,
            Placing::PickedAnywhere { away }
            | Placing::Anywhere {
                away: Some(away), ..
            } => away,
            Placing::Anywhere { away: None, .. } => 1.0,
        }
    }

    /// Where it sets up with the ability's `value` known: "more than 6\" less the value" as
    /// so many inches (to 0).
    pub fn at_value(self, value: u8) -> Placing {
        match self {
            Placing::Anywhere {
                away: Some(a),
                floor_only,
                less_value: true,
            } => Placing::Anywhere {
                away: Some((a - f32::from(value)).max(0.0)),
                floor_only,
                less_value: false,
            },
            // "Within a number of inches equal to the value of this ability".
            Placing::Near { within } if within == VALUE_RANGE => Placing::Near {
                within: f32::from(value),
            },
            Placing::Wholly { within } if within == VALUE_RANGE => Placing::Wholly {
                within: f32::from(value),
            },
            p => p,
        }
    }

    /// Is what it places the ability's own fighter (or a point it picks), not the fighter the
    /// ability aims at?
    pub fn places_self(self) -> bool {
        matches!(self, Placing::Anywhere { .. } | Placing::Point { .. })
    }
}

/// The range of a pick "within a number of inches of this fighter equal to the value of this
/// ability": the value the dice show, put in when the ability is used ([`super::Effect::at_value`]).
pub const VALUE_RANGE: f32 = -1.0;

/// The range of a pick the card gives none ("pick a visible friendly fighter"): anywhere on
/// the battlefield.
pub const ANYWHERE: f32 = 1000.0;

/// Who a friend-aimed effect may pick (ABL-5): another friendly fighter within `range`
/// inches of this fighter (that it can see, when `visible`; with the runemark, when given,
/// and bearing `marks`, when a card names more than one).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FriendPick {
    pub range: f32,
    #[serde(default)]
    pub visible: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runemark: Option<String>,
    #[serde(default, skip_serializing_if = "super::Marks::is_none")]
    pub marks: super::Marks,
    /// Not one bearing these ("this cannot affect friendly fighters with the Beast runemark").
    #[serde(default, skip_serializing_if = "super::Marks::is_none")]
    pub not: super::Marks,
}

impl FriendPick {
    /// A friend within `range` (seen, when `visible`) bearing `marks`: one mark alone is
    /// written as the runemark.
    pub fn new(range: f32, visible: bool, marks: super::Marks) -> FriendPick {
        let (runemark, marks) = marks.split_one();
        FriendPick {
            range,
            visible,
            runemark,
            marks,
            not: super::Marks::default(),
        }
    }

    /// Every mark the picked friend must bear.
    pub fn marks(&self) -> super::Marks {
        self.marks.and(self.runemark.as_deref())
    }
}

/// What the successes of a roll against an enemy do (ABL-5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum OnSuccess {
    /// Each lowers the enemy's `stat` (Move, or the Attacks of its attacks) by 1, to `min`,
    /// until the end of the battle.
    Weaken { stat: Stat, min: u32 },
    /// Any: until the end of the battle round, or until this fighter is taken down, the
    /// enemy's attack actions must target this fighter.
    Taunt,
    /// Any: the enemy may not make these actions until the end of the battle round.
    Bar(Vec<Restriction>),
    /// Any: the enemy makes 1 fewer action this battle round (with none left, it can't be
    /// activated this round).
    FewerActions,
    /// Any: the enemy makes 1 fewer action in its next activation (to a minimum of 1).
    FewerNextActivation,
    /// Each allocates this many damage points to the enemy (one picked unseen: "pick an
    /// enemy fighter within 1\" ...").
    Damage(u32),
}

/// What waits for the end of this fighter's activation (ABL-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AtItsEnd {
    /// It removes as much of its damage as was allocated to enemy fighters this activation.
    HealAsDealt,
    /// It is allocated as much damage again as it has then.
    DamageAgain,
}

/// Each friend bearing `marks` within `around` inches of an enemy picked within `range` (seen,
/// when `visible`) may make a bonus attack that must target that enemy (ABL-5, CMB-2).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GangUp {
    pub range: f32,
    pub visible: bool,
    #[serde(default, skip_serializing_if = "super::Marks::is_none")]
    pub marks: super::Marks,
    pub around: f32,
}

/// Damage to each enemy within `around` inches of a point the fighter sees within `within`
/// (ABL-5): `amount`, or for each success of `roll`, its damage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PointDamage {
    pub within: f32,
    pub around: f32,
    pub amount: super::Amount,
    pub roll: Option<super::Roll>,
}

/// What a fighter's runemarks raise of its ability (ABL-5): "if this fighter has the Frenzied
/// runemark, add 4 to the value of this ability, to a maximum of 7".
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum MarkedRaise {
    /// `add` more to the value, to at most `max`.
    Value { add: u32, max: u32 },
    /// Its aura reaches this much farther.
    Range(super::Amount),
}

/// Which targets an attack raise counts against (ABL-5): "that target(s) an enemy fighter
/// ...".
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum TargetIs {
    /// "with a Wounds characteristic of N or more".
    WoundsAtLeast(u32),
    /// "more than N\" away" (from the attacker).
    FartherThan(f32),
    /// "with the Fly runemark".
    Flies,
    /// "that has not activated this battle round".
    NotActivated,
    /// "that has activated this battle round" (waiting counts).
    Activated,
    /// "that has N or more damage points allocated to them" (before the attack).
    Damaged(u32),
    /// This fighter: the enemy an ability picked ("that target that enemy fighter").
    Fighter(crate::model::ids::FighterId),
    /// "has a higher Wounds characteristic than this fighter or has the Hero runemark".
    Bigger,
}

/// What a reaction's damage to the attacker asks of the attack's hit rolls (ABL-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RollsWere {
    /// None of them was a critical hit.
    NoCrits,
    /// Every one missed.
    AllMissed,
}

impl Condition {
    /// Are its numbers ones a card could print (ranges up to 36", damage up to 60, rounds
    /// 1-5)?
    pub(super) fn numbers_ok(&self) -> bool {
        match self {
            Condition::EnemyWithin { range, .. }
            | Condition::NoEnemyWithin { range, .. }
            | Condition::FriendWithin { range, .. }
            | Condition::NoFriendWithin { range } => super::validate::range_ok(*range),
            Condition::Damaged(n) => (1..=60).contains(n),
            Condition::HurtWithin { range, damage, .. } => {
                super::validate::range_ok(*range) && (1..=60).contains(damage)
            }
            Condition::Round(n) | Condition::RoundFrom(n) => (1..=5).contains(n),
            Condition::EnemiesWithin { range, count }
            | Condition::FriendsWithin { range, count, .. } => {
                super::validate::range_ok(*range) && (2..=10).contains(count)
            }
            Condition::ValueAtLeast(n) => (2..=6).contains(n),
            Condition::TargetWithin(range) => super::validate::range_ok(*range),
            Condition::TargetWoundsAtLeast(n) => (1..=60).contains(n),
            Condition::NearObjective(range)
            | Condition::NearObstacle(range)
            | Condition::JumpedDown(range)
            | Condition::FriendEngaged { range, .. } => super::validate::range_ok(*range),
            Condition::MovesMade(n) => (1..=4).contains(n),
            Condition::TookDownThisActivation
            | Condition::TookDownInMelee
            | Condition::NotMarked(_)
            | Condition::Marked(_)
            | Condition::ArmedWith(_)
            | Condition::ShotThisActivation
            | Condition::OncePerBattle
            | Condition::EnemyTakenDownThisRound
            | Condition::FriendAttackedThisRound(_)
            | Condition::OncePerRoundPerTarget
            | Condition::CarryingTreasure
            | Condition::EmptyHanded(_)
            | Condition::NoMoveMade
            | Condition::AttackerInReach
            | Condition::NoMoveNorDisengage => true,
            Condition::Either(a, b) | Condition::Both(a, b) => a.numbers_ok() && b.numbers_ok(),
        }
    }
}

pub(super) fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Effects written before they said whether the fighters must be seen meant seen ones.
pub(super) fn seen() -> bool {
    true
}

pub(super) fn is_seen(visible: &bool) -> bool {
    *visible
}

/// Which of the enemies in an aura lowering attacks it reaches (ABL-5): all of their attacks
/// (the default), or their melee attacks only (`melee_only`); those the aura's fighter can
/// see only (`seen`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Attackers {
    pub melee_only: bool,
    pub seen: bool,
}

impl Attackers {
    /// All their attacks, seen or not.
    pub fn all(&self) -> bool {
        *self == Attackers::default()
    }
}

/// An enemy within `range` (seen, when `visible`) has `by` less of `stat`, to `min`, after
/// every bonus (ABL-4), for the round (or, `activation`, this activation): `LowerPicked`'s.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PickedLowering {
    pub range: f32,
    pub visible: bool,
    pub stat: super::Stat,
    pub by: super::Amount,
    pub min: u32,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub activation: bool,
    /// Of its melee attacks only (their Attacks or Strength).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub melee_only: bool,
    /// Subtracted `by`, or halved, or by a dice's roll.
    #[serde(default, skip_serializing_if = "Lowering::is_by")]
    pub how: Lowering,
    /// Not for its attacks on this fighter ("unless those attack actions target this
    /// fighter"): damage only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub spares_me: bool,
}

/// For the round, each enemy within `range` now (seen: `visible`) may not make `actions`:
/// `BarEach`'s.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Barring {
    pub range: f32,
    pub visible: bool,
    pub actions: Vec<super::Restriction>,
    /// Every enemy fighter, while it is within `range` inches (not only those in it now).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub while_within: bool,
    /// Each enemy fighter that begins its activation within `range` inches, for the round.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub on_activation: bool,
    /// A dice rolled for each: only a roll of this or more bars it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<u8>,
}

/// ABL-5: what an ability does one way (`first`) or the other (`second`), as its player chooses
/// when using it; the second way costs `discard` of the side's saved wild dice (INI-3), when
/// the card asks it ("you can discard two of your saved wild dice. If you do so, ...").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ways {
    #[serde(default, skip_serializing_if = "no_dice")]
    pub discard: u8,
    pub first: Vec<super::Effect>,
    pub second: Vec<super::Effect>,
}

fn no_dice(n: &u8) -> bool {
    *n == 0
}

/// `amount` damage to the attacker when its hit rolls were as `when` says, then `heal` damage
/// removed from this fighter (up to it): `DamageAttackerIf`'s.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct AttackerIf {
    pub when: RollsWere,
    pub amount: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub heal: u32,
}

/// An enemy within `range` (seen: `visible`; as `only` says) picked for the raises `then`:
/// `PickThenBoost`'s.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PickedRaise {
    pub range: f32,
    pub visible: bool,
    pub only: Option<super::PickOnly>,
    pub then: Vec<super::Effect>,
}

/// After its next attack this activation (one that scored a critical hit, when `crits`; and
/// a dice rolling `least` or more, when not 0), its target has `by` less `stat` (to `min`) for
/// the round (for the battle, when `battle`): `LowerAfterNextAttack`'s.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TargetLowering {
    pub stat: super::Stat,
    pub by: super::Amount,
    pub min: u32,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crits: bool,
    #[serde(default, skip_serializing_if = "no_dice")]
    pub least: u8,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub battle: bool,
}
