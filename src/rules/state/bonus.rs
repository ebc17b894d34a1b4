//! A bonus action an ability gives (CMB-2, ABL-5): what it allows, who makes it, and its
//! kind in words.

use crate::model::ids::FighterId;
use serde::{Deserialize, Serialize};

/// A bonus action granted by an ability (CMB-2), taken before any other action.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Bonus {
    Move {
        max: f32,
        /// It may fly (MOVE-7), this move only ("can fly as part of that move action").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        fly: bool,
    },
    /// ABL-3 Reckoning's bonus attack: only when an enemy is within 1".
    Attack,
    /// An ability's bonus attack (ABL-5): any attack the fighter can make.
    AnyAttack,
    /// A bonus move (up to `max` inches) or a bonus attack, as the player chooses (ABL-5).
    MoveOrAttack { max: f32 },
    /// An ability's bonus attack for another friendly fighter (ABL-5): with a melee weapon,
    /// when `melee`.
    FriendAttack {
        fighter: FighterId,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        melee: bool,
        /// The enemy it must target ("that must target that enemy fighter"), when one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<FighterId>,
        /// The weapons it may use, a bit for each by index ("that has a Ranged Weapon
        /// runemark"); none: any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapons: Option<u8>,
    },
    /// A bonus move (up to `max` inches) that must finish closer to the closest enemy the
    /// fighter can see than it began (ABL-5).
    MoveCloser { max: f32 },
    /// A bonus disengage action (ABL-5).
    Disengage,
    /// A bonus attack action with a melee weapon (`melee`) or a missile one (ABL-5).
    AttackOf { melee: bool },
    /// A bonus attack action on this enemy only (ABL-5: "that targets that enemy fighter"),
    /// with a melee weapon when `melee`.
    AttackAt {
        target: FighterId,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        melee: bool,
    },
    /// A bonus attack action with this weapon (its index) only ("with its spear", ABL-5).
    AttackWith { weapon: u8 },
    /// A bonus move (up to `max` inches) or a bonus disengage action (ABL-5).
    MoveOrDisengage { max: f32 },
    /// An ability's bonus move (up to `max` inches) for another friendly fighter (ABL-5); one
    /// that must end `closer` to the active fighter ("that move action must end closer to this
    /// fighter").
    FriendMove {
        fighter: FighterId,
        max: f32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        closer: bool,
    },
    /// An ability's bonus move (up to `max` inches) or bonus attack for another friendly
    /// fighter, as the player chooses (ABL-5).
    FriendMoveOrAttack { fighter: FighterId, max: f32 },
}

impl Bonus {
    /// The fighter that makes the bonus action, when it is not the active one.
    pub fn friend(self) -> Option<FighterId> {
        match self {
            Bonus::FriendAttack { fighter, .. }
            | Bonus::FriendMove { fighter, .. }
            | Bonus::FriendMoveOrAttack { fighter, .. } => Some(fighter),
            _ => None,
        }
    }

    /// How far a move taking this bonus may go, when it may be a move.
    pub fn move_max(self) -> Option<f32> {
        match self {
            Bonus::Move { max, .. }
            | Bonus::MoveOrAttack { max }
            | Bonus::MoveCloser { max }
            | Bonus::MoveOrDisengage { max }
            | Bonus::FriendMove { max, .. }
            | Bonus::FriendMoveOrAttack { max, .. } => Some(max),
            Bonus::Attack
            | Bonus::AnyAttack
            | Bonus::FriendAttack { .. }
            | Bonus::Disengage
            | Bonus::AttackOf { .. }
            | Bonus::AttackAt { .. }
            | Bonus::AttackWith { .. } => None,
        }
    }

    /// May an attack of the active fighter's take this bonus?
    pub fn allows_attack(self) -> bool {
        self.own_attack() || matches!(self, Bonus::MoveOrAttack { .. })
    }

    /// May the friend it names make its attack with this bonus?
    pub fn friend_attacks(self) -> bool {
        matches!(
            self,
            Bonus::FriendAttack { .. } | Bonus::FriendMoveOrAttack { .. }
        )
    }

    /// May fighter `who` make the move this bonus gives (the friend it names, else the active
    /// fighter `active`)?
    pub fn moves(self, who: FighterId, active: FighterId) -> bool {
        self.move_max().is_some() && self.friend().unwrap_or(active) == who
    }

    /// May an attack with weapon `weapon` (a melee one, `melee`) on `target` take this bonus?
    pub fn attack_fits(self, weapon: usize, melee: bool, target: FighterId) -> bool {
        match self {
            Bonus::AttackOf { melee: m } => m == melee,
            Bonus::FriendAttack {
                melee: m,
                at,
                weapons,
                ..
            } => {
                (melee || !m)
                    && at.is_none_or(|t| t == target)
                    && weapons.is_none_or(|w| weapon < 8 && w & (1 << weapon) != 0)
            }
            Bonus::AttackAt {
                target: t,
                melee: m,
            } => t == target && (melee || !m),
            Bonus::AttackWith { weapon: w } => usize::from(w) == weapon,
            _ => true,
        }
    }

    /// The kind of action it is, for people: "move", "melee attack", "move or attack".
    pub fn kind_words(self) -> &'static str {
        match self {
            Bonus::Move { .. } | Bonus::MoveCloser { .. } => "move",
            Bonus::Attack
            | Bonus::AnyAttack
            | Bonus::FriendAttack { .. }
            | Bonus::AttackAt { .. }
            | Bonus::AttackWith { .. } => "attack",
            Bonus::MoveOrAttack { .. } | Bonus::FriendMoveOrAttack { .. } => "move or attack",
            Bonus::FriendMove { .. } => "move",
            Bonus::Disengage => "disengage",
            Bonus::AttackOf { melee: true } => "melee attack",
            Bonus::AttackOf { melee: false } => "missile attack",
            Bonus::MoveOrDisengage { .. } => "move or disengage",
        }
    }

    /// Is it an attack of the active fighter's own (that a raise of "that attack action" is
    /// for)?
    pub fn own_attack(self) -> bool {
        matches!(
            self,
            Bonus::Attack
                | Bonus::AnyAttack
                | Bonus::AttackOf { .. }
                | Bonus::AttackAt { .. }
                | Bonus::AttackWith { .. }
        )
    }

    /// May a disengage action take this bonus?
    pub fn allows_disengage(self) -> bool {
        matches!(self, Bonus::Disengage | Bonus::MoveOrDisengage { .. })
    }
}

impl super::battle::ActivationState {
    /// CMB-2: the first waiting bonus, taken (or let go, `taken` false); once as many of the
    /// friends picked as the ability allows have taken theirs, the others' bonuses go too
    /// (ABL-5). Returns the bonuses that went with it.
    pub fn take_first_bonus(&mut self, taken: bool) -> Vec<Bonus> {
        if self.bonus.is_empty() {
            return Vec::new();
        }
        let first = self.bonus.remove(0);
        let Some(q) = self.quota.as_mut() else {
            return Vec::new();
        };
        let picked = first.friend().is_some_and(|f| q.group.contains(&f));
        if taken && picked {
            q.left = q.left.saturating_sub(1);
        }
        if q.left > 0 {
            return Vec::new();
        }
        let group = std::mem::take(&mut q.group);
        self.quota = None;
        let (gone, kept) = std::mem::take(&mut self.bonus)
            .into_iter()
            .partition(|b| b.friend().is_some_and(|f| group.contains(&f)));
        self.bonus = kept;
        gone
    }
}
