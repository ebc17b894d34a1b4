//! What an ability's effect did (ABL-5), for the log: each outcome a line.

use serde::Serialize;

use crate::model::ids::FighterId;

/// ABL-5: what one data effect of an ability did.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectOutcome {
    /// A bonus move action of up to `max` inches is to come.
    BonusMove { max: f32 },
    /// A bonus attack action is to come.
    BonusAttack,
    /// A bonus disengage action is to come.
    BonusDisengage,
    /// A bonus move action of up to `max` inches, finishing closer to the closest enemy the
    /// fighter can see, is to come.
    BonusMoveCloser { max: f32 },
    /// A bonus move (up to `max` inches) or disengage action is to come.
    BonusMoveOrDisengage { max: f32 },
    /// A bonus move (up to `max` inches) or attack action is to come.
    BonusMoveOrAttack { max: f32 },
    /// The fighter's Move is `now` until the end of the activation, after `rolls`.
    MoveRolled { rolls: Vec<u8>, now: u32 },
    /// `by` more of `stat` until the end of the activation.
    Boost {
        stat: crate::model::effects::Stat,
        by: u32,
        melee_only: bool,
        /// Of missile attacks only (written only when so).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        missile_only: bool,
    },
    /// `damage` to each of `fighters` (after `rolls`, when dice were rolled).
    Damage {
        fighters: Vec<FighterId>,
        damage: u32,
        rolls: Vec<u8>,
    },
    /// The attacks that target `fighter` have `by` more of `stat` until the end of the round.
    Exposed {
        fighter: FighterId,
        stat: crate::model::effects::Stat,
        by: u32,
        /// Whose attacks only (written only when the card names some).
        #[serde(skip_serializing_if = "Option::is_none")]
        to: Option<crate::model::effects::Exposers>,
    },
    /// `n` fighters counted, as `count` says (each raise made that many times over).
    Counted {
        n: u32,
        count: crate::model::effects::Count,
    },
    /// This much damage removed from the fighter.
    Healed { healed: u32 },
    /// This much damage removed from the fighter after `rolls`.
    HealedRolled { healed: u32, rolls: Vec<u8> },
    /// `saved` wild dice added to the side's saved wild dice (INI-3), after `rolls` (none
    /// when the card rolls none).
    WildDiceSaved { saved: u32, rolls: Vec<u8> },
    /// The other side discarded this many of its saved wild dice (INI-3), after these rolls.
    EnemyWildDiceDiscarded { discarded: u32, rolls: Vec<u8> },
    /// INI-3: the way of the ability chosen cost this many of its side's saved wild dice.
    OwnWildDiceDiscarded { discarded: u32 },
    /// ABL-5: dice rolled for what follows to read.
    DiceRolled { rolls: Vec<u8> },
    /// ABL-5: one critical hit of the attack scored `n` more.
    MoreCrits { n: u32 },
    /// `n` hits of the fighter's attack counted as critical hits.
    HitsAsCrits { n: u32 },
    /// `n` misses of the fighter's attack counted as critical hits.
    MissesAsCrits { n: u32 },
    /// The fighter swore an oath for the rest of the battle.
    Oathed,
    /// The fighter's oath is fulfilled: it is favoured, and its side gains a double of 1s.
    Favoured,
    /// The fighter is empty-handed now (or, false, holds something to throw again).
    EmptyHanded(bool),
    /// This much damage removed from `fighter`, a friend in the ability's reach (after `roll`,
    /// when a dice said how much).
    HealedFriend {
        fighter: FighterId,
        healed: u32,
        roll: Option<u8>,
    },
    /// `healed` damage removed from `fighter` after `rolls`.
    HealedFriendRolled {
        fighter: FighterId,
        healed: u32,
        rolls: Vec<u8>,
    },
    /// `fighter` jumped `moved` inches towards this fighter (MOVE-6), landing `dropped` inches
    /// lower.
    Pulled {
        fighter: FighterId,
        moved: f32,
        dropped: f32,
    },
    /// This fighter's aura changed the value of `fighter`'s ability `ability` to `value`.
    ValueChanged {
        fighter: FighterId,
        ability: String,
        value: u8,
    },
    /// `fighter`, a friend that had yet to activate, is activated right after this fighter.
    ActivatesNext { fighter: FighterId },
    /// Each of `fighters` (none: nobody was in reach) may not make these actions until the end
    /// of the round.
    BarredEach {
        fighters: Vec<FighterId>,
        actions: Vec<crate::model::effects::Restriction>,
    },
    /// `fighter` may not make these actions until the end of the round.
    Barred {
        fighter: FighterId,
        actions: Vec<crate::model::effects::Restriction>,
    },
    /// Effects that last (for the next action, the activation or the round), or wait for a
    /// move action, used with dice showing `value`.
    Lasts {
        effects: Vec<crate::model::effects::Effect>,
        value: u8,
    },
    /// Effects that were waiting and will not happen now, and why (ABL-5: never silently).
    Lapsed {
        why: Lapse,
        effects: Vec<crate::model::effects::Effect>,
        value: u8,
    },
    /// What lapsed with the bonus attack it was for: `by` more of `stat`.
    BoostLapsed {
        stat: crate::model::effects::Stat,
        by: u32,
    },
    /// A bonus move the fighter is barred from making lapses.
    BonusMoveBarred { max: f32 },
    /// The fighter makes an action of its own, declining the bonus action that was to come.
    BonusDeclined { bonus: crate::rules::state::Bonus },
    /// No friend in reach to make the bonus attack.
    NoFriendInReach,
    /// The active fighter let its first waiting bonus go.
    BonusPassed { bonus: crate::rules::state::Bonus },
    /// As many friends as were picked took their bonus: these others' bonuses go.
    PicksMade { fighters: Vec<FighterId> },
    /// Each of `fighters` (up to `up_to` of them, when given) may make a bonus move action
    /// (or, `or_attack`, a bonus move or attack), in turn.
    FriendBonuses {
        fighters: Vec<FighterId>,
        or_attack: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        up_to: Option<u32>,
    },
    /// The D3s and D6s rolled for a band's damage: (sides, what each gave).
    DamageDice { dice: Vec<(u8, u32)> },
    /// It rolled `roll` for its ability, needing `least` or more.
    Rolled { roll: u8, least: u8 },
    /// Its bonus disengage action lapses: no enemy is within 1" of it.
    NoDisengage,
    /// A friend's bonus action lapses: the friend is no longer on the battlefield.
    BonusLapsed { bonus: crate::rules::state::Bonus },
    /// `fighter` set up within `within` inches of the ability's fighter, at `at` (`None`: no
    /// room, it stays; `gone`: it was no longer on the battlefield).
    SetUp {
        fighter: FighterId,
        within: f32,
        at: Option<[f32; 3]>,
        gone: bool,
    },
    /// A friend taken down (ATK-5) set up again at `at`, `left` wounds left; `None`: no room,
    /// or (with `rolls`) none of `least`+, so it stays taken down.
    Revived {
        fighter: FighterId,
        at: Option<[f32; 3]>,
        left: u32,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rolls: Vec<u8>,
        least: u8,
    },
    /// A token left at `at` where `fell` was taken down (`fell` none: no enemy fell to its
    /// attacks this activation; `at` none: that fighter has one of those already).
    TokenPlaced {
        token: crate::model::effects::Token,
        fell: Option<FighterId>,
        at: Option<[f32; 3]>,
    },
    /// At the end of the round, the side's tokens of that kind reached these fighters: `amount`
    /// damage dealt (to enemies), or up to `amount` removed (from friends).
    TokenRoundEnd {
        token: crate::model::effects::Token,
        fighters: Vec<FighterId>,
        amount: u32,
    },
    /// The point the fighter picked (`None`: none it can see reaches an enemy), its `rolls`,
    /// and the enemies within reach of it.
    AtPoint {
        at: Option<[f32; 3]>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rolls: Vec<u8>,
        fighters: Vec<FighterId>,
    },
    /// Bonus attacks on `target` wait for these fighters (the ability's own first).
    GangedUp {
        target: FighterId,
        fighters: Vec<FighterId>,
    },
    /// Not taken down this once: the damage beyond its Wounds ignored, `left` wounds left
    /// (removed by a D`rolled` roll, when not 0).
    Spared { left: u32, rolled: u8 },
    /// The ability's fighter set up again at `at` (`None`: nowhere it may go; it stays).
    Relocated {
        at: Option<[f32; 3]>,
        /// The friend it set up, when not the fighter itself.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fighter: Option<FighterId>,
    },
    /// Dice rolled against `fighter`: `rolls`, and what the successes did.
    RolledAgainst {
        rolls: Vec<u8>,
        fighter: FighterId,
        result: AgainstResult,
    },
    /// The roll after an attack (`least` or more bars the target).
    RollAfterAttack { roll: u8, least: u8 },
    /// An ability lowered `fighter`'s `stat` to `now` until the end of the round (or,
    /// `activation`, of the activation under way).
    Lowered {
        fighter: FighterId,
        stat: crate::model::effects::Stat,
        now: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        activation: bool,
        /// Until the end of the battle, not of the round.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        battle: bool,
        /// The dice rolled for how much ("subtract the value of the roll").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<u8>,
    },
    /// A critical hit lowered `fighter`'s `stat` to `now` for the battle.
    CritWeakened {
        fighter: FighterId,
        stat: crate::model::effects::Stat,
        now: u32,
    },
    /// The target's reaction counted `n` critical hits of the attack as hits (with the dice
    /// it rolled for them, when it rolled).
    CritsCounted {
        n: u32,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rolls: Vec<u8>,
    },
    /// The target's reaction changed the damage each hit deals (and each critical hit, when
    /// `crits`; else critical hits as they were).
    HitDamage { hit: u32, crit: u32, crits: bool },
    /// What guarded the target this round softened the attack: `counted` critical hits
    /// counted as hits; each hit deals `hit` damage, each critical hit `crit` (`None`: every
    /// critical hit counts as a hit).
    Guarded {
        counted: u32,
        hit: u32,
        crit: Option<u32>,
    },
    /// What guarded the target this round took `fewer` dice off the attack, leaving `dice`.
    FewerDice { fewer: u32, dice: u32 },
    /// An enemy's aura the attacker stands in took `fewer` dice off its attack, leaving `dice`.
    FewerDiceInAura { fewer: u32, dice: u32 },
    /// `fighter` could not make the move an ability gave it: within 1" of an enemy (MOVE-3).
    PullHeld { fighter: FighterId },
    /// `by` more of `stat` (of melee attacks only, when `melee_only`) for `fighter`, a friend,
    /// until the end of the round.
    FriendRaised {
        fighter: FighterId,
        stat: crate::model::effects::Stat,
        by: u32,
        melee_only: bool,
        /// For its next attack action only.
        next: bool,
    },
    /// An enemy's reaction would have allocated `damage` to this fighter: its ability bars it.
    ReactionDamageBarred { damage: u32 },
    /// `fighter` finished a move within `range` of this fighter: it suffers impact damage.
    Trapped { fighter: FighterId, range: f32 },
    /// Until the end of the round `fighter`'s attacks allocate `by` less damage with each hit
    /// and critical hit (to `min`), except on this fighter.
    WeakenedUnless {
        fighter: FighterId,
        by: u32,
        min: u32,
    },
    /// `fighter`, beginning its activation in this fighter's aura, has `by` more Move for it.
    StartRaised { fighter: FighterId, by: u32 },
    /// Until the end of the round friend `fighter` counts as `extra` more fighters (GEN-7).
    FriendCounts { fighter: FighterId, extra: u32 },
    /// A bonus attack action is to come for this friendly fighter.
    FriendAttack { fighter: FighterId },
    /// A bonus attack action on this enemy is to come.
    BonusAttackOn { target: FighterId },
    /// A bonus attack action with its weapon of this runemark is to come.
    BonusAttackWith { runemark: String },
}

/// Why an effect that was waiting will not happen (ABL-5).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Lapse {
    /// The fighter was taken down by its own move.
    TakenDownMoving,
    /// Its move did not finish this many inches lower than it began.
    NotLowEnough(f32),
    /// The bonus move it waited for finished more than this many inches from every enemy.
    NotNear(f32),
    /// The bonus move it waited for finished less than this many inches from where it began.
    NotFar(f32),
    /// The fighter moved, but not with the bonus move it waited for.
    NotTheBonusMove,
    /// The bonus attack it waited for was declined, or had no target.
    BonusAttackGone,
    /// No move action of its activation set it off.
    NoMoveAction,
    /// The fighter's next action was not the attack it was for.
    OtherActionFirst,
}

/// What the successes of a roll against an enemy did (ABL-5).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AgainstResult {
    /// No success, no effect.
    Nothing,
    /// Its `stat` is `now` until the end of the battle.
    Weakened {
        stat: crate::model::effects::Stat,
        now: u32,
    },
    /// Its attacks must target `taunter` until the end of the round.
    Taunted { taunter: FighterId },
    /// It may not make these actions until the end of the round.
    Barred {
        actions: Vec<crate::model::effects::Restriction>,
    },
    /// It makes 1 fewer action this round: `left` are left to it (none: it can't be activated
    /// this round); `None` when it had activated, or had no action left (nothing to give up).
    FewerActions { left: Option<u8> },
    /// It makes 1 fewer action in its next activation (to a minimum of 1).
    FewerNext,
}
