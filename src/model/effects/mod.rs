//! The effect vocabulary of abilities as data (ABL-5), run by `rules::effects`: in the ruleset
//! and scene files (RON), read by the importer from a card's words, or given by hand.

use serde::{Deserialize, Serialize};

mod amount;
mod count;
mod family;
mod kinds;
mod marks;
mod nested;
mod numbers;
mod parts;
mod reach;
mod roll;
mod validate;

pub use amount::Amount;
pub use count::Count;
pub use family::Family;
pub(crate) use family::{after_attack_parts, for_some_parts, manner_parts};
pub use kinds::{
    AttackKind, MoveTrigger, ReactAct, Restriction, Stat, Token, TokenAt, Trigger, weapon_fits,
};
pub use marks::{Mark, Marks, NAMED};
pub use parts::{
    ANYWHERE, AtItsEnd, AttackerIf, Attackers, Barring, Condition, FriendPick, Game, GangUp, Guard,
    Lowering, MarkedRaise, OnSuccess, PickedLowering, PickedRaise, Placing, PointDamage, RollsWere,
    TargetIs, TargetLowering, VALUE_RANGE, Ways,
};
pub use reach::{Aim, Aura, Exposers, Near, PickOnly};
pub use roll::{Roll, band_text};
pub use validate::validate_ability;

/// One thing an ability does (ABL-5), in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Effect {
    /// The ability may be used only when the condition holds.
    Requires(Condition),
    /// Used by a fighter bearing `marks`, the ability's value or range is raised.
    MarkedRaise { marks: Marks, raise: MarkedRaise },
    /// `then` when `when` holds as it is used, else `otherwise` ("if C, X", "X. If C, Y instead").
    When {
        when: Condition,
        then: Vec<Effect>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        otherwise: Vec<Effect>,
    },
    /// A bonus move action or a bonus attack action (CMB-2), as the player chooses.
    BonusMoveOrAttack,
    /// A bonus move action (CMB-2), up to `max` inches when given.
    BonusMove { max: Option<Amount> },
    /// A bonus move of up to `max` in which it may fly (MOVE-7), that move only.
    FlyingBonusMove { max: Amount },
    /// A bonus attack action (CMB-2).
    BonusAttack,
    /// A bonus move (CMB-2), up to `max`" when given, ending closer to the closest seen enemy.
    BonusMoveCloser { max: Option<Amount> },
    /// A bonus disengage action (CMB-2).
    BonusDisengage,
    /// A bonus attack action (CMB-2) with a melee weapon (`melee`) or a missile one.
    BonusAttackOf { melee: bool },
    /// A bonus move action or a bonus disengage action (CMB-2), as the player chooses.
    BonusMoveOrDisengage,
    /// A bonus attack (CMB-2) on an enemy within `range` (seen: `visible`; with the runemark).
    BonusAttackAt {
        range: f32,
        visible: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        runemark: Option<String>,
        /// Only an enemy the pick says besides ("that enemy fighter" its melee attacks hurt).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        only: Option<PickOnly>,
        /// With a melee weapon.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        melee: bool,
    },
    /// A bonus attack action (CMB-2) with its weapon of that runemark ("spear").
    BonusAttackWith { runemark: String },
    /// This activation, `by` more of `stat` (an attack stat: of melee attacks only, `melee_only`).
    Boost {
        stat: Stat,
        by: Amount,
        #[serde(default)]
        melee_only: bool,
        /// Of its missile attacks only.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        missile_only: bool,
    },
    /// Damage to one enemy it can see within `range` (GEN-3): `amount`, or by `roll` when given.
    DamageOne {
        range: f32,
        amount: Amount,
        #[serde(default)]
        roll: Option<Roll>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        only: Option<PickOnly>,
    },
    /// Damage to a seen enemy within `range`: `per` for each friend with `marks` `near` it.
    DamagePerFriendNear {
        range: f32,
        per: u32,
        marks: Marks,
        near: f32,
    },
    /// `amount` damage to this fighter and each other fighter it sees within `range` inches.
    DamageAll { range: f32, amount: Amount },
    /// Dice against an enemy within `range` (seen, when `visible`), dealt as `game` says.
    DiceGame {
        range: f32,
        visible: bool,
        game: Game,
    },
    /// `amount` damage to each enemy (seen, when `visible`) within `range`, or its `roll`'s.
    DamageEach {
        range: f32,
        amount: Amount,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
        #[serde(default = "parts::seen", skip_serializing_if = "parts::is_seen")]
        visible: bool,
    },
    /// For the round, `by` less `stat` (Attacks: of attacks), to `min`, for enemies within `range`.
    EnemyAura {
        stat: Stat,
        by: Amount,
        min: u32,
        range: f32,
        #[serde(default, skip_serializing_if = "parts::Attackers::all")]
        whose: parts::Attackers,
    },
    /// For the round, an enemy disengaging from within `range` takes a D`sides` (`before`: first).
    DisengageToll { range: f32, sides: u8, before: bool },
    /// At the round's end (after objectives), `amount` to each enemy (seen) within `range`.
    DamageAtRoundEnd {
        range: f32,
        amount: Amount,
        visible: bool,
    },
    /// For the round, an enemy within `range` (seen, when `visible`) may not make these actions.
    Restrict {
        range: f32,
        visible: bool,
        actions: Vec<Restriction>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        only: Option<PickOnly>,
    },
    /// Remove `amount` damage from this fighter.
    Heal { amount: Amount },
    /// Remove a D`sides` roll of damage points from this fighter (a reaction may: no value).
    HealDice { sides: u8 },
    /// Roll `dice` dice: each of `least` or more removes up to `each` damage from this fighter.
    HealRolled { dice: Amount, least: u8, each: u32 },
    /// `dice` dice: each of `least`+ saves a wild dice (INI-3); `least` 0: `dice` saved as such.
    SaveWildDice { dice: Amount, least: u8 },
    /// Roll `dice` dice, for what follows to read ("for each roll of 4+, ...").
    RollDice(Amount),
    /// `dice` dice: each `least`+ discards one of the other side's saved wild dice (INI-3).
    DiscardEnemyWildDice { dice: Amount, least: u8 },
    /// `dice` dice: this activation, each of `down_to`- takes 1 Move (to 1), each other adds 1.
    MoveByRolls { dice: Amount, down_to: u8 },
    /// This fighter may not make these actions for the rest of its activation.
    BarSelf(Vec<Restriction>),
    /// It swears an oath: taking an enemy down in its activation makes it favoured (a 1s double).
    SwearOath,
    /// From now, for the battle, this fighter is empty-handed (or, false, holds one again).
    EmptyHanded(bool),
    /// From now, for the battle, the abilities this fighter uses have a value of 6.
    PotentVial,
    /// What the ability does (`plain`), or `favoured` when this fighter is.
    Favoured {
        plain: Vec<Effect>,
        favoured: Vec<Effect>,
    },
    /// The player's choice of two ways, the second perhaps paid with saved wild dice.
    Either(Ways),
    /// Up to `amount` (a D`dice` each) off each friend in range, itself too unless `others`.
    HealEach {
        range: f32,
        #[serde(default)]
        visible: bool,
        #[serde(default)]
        others: bool,
        amount: Amount,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<u8>,
        #[serde(default, skip_serializing_if = "Marks::is_none")]
        marks: Marks,
    },
    /// `by` more `stat` for its next move (Move) or attack (`only` of that kind) this activation.
    NextBoost {
        stat: Stat,
        by: Amount,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        only: Option<AttackKind>,
    },
    /// For the round, `by` more `stat` (melee/missile only) for it, or friends in `aura`.
    RoundBoost {
        stat: Stat,
        by: Amount,
        #[serde(default)]
        melee_only: bool,
        #[serde(default)]
        aura: Option<Aura>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        missile_only: bool,
    },
    /// After a roll of damage: a dice more for each roll of `face`, and so on.
    RollAgainOn { face: u8 },
    /// At the end of this fighter's activation, what `0` says is done.
    AtActivationEnd(AtItsEnd),
    /// "If the next attack action ... targets X": its raises, spent by it whatever its target.
    NextIfTarget { target: TargetIs, then: Vec<Effect> },
    /// The raises `then` made once for each fighter `count` counts when the ability is used.
    PerCount { count: Count, then: Vec<Effect> },
    /// Roll a dice: on `least` or more, this fighter may make the bonus actions `then` says.
    OnRoll { least: u8, then: Vec<Effect> },
    /// The dice before it besides: `then` once if any rolled `least`+ (`per_roll`: each did).
    OnRolled {
        least: u8,
        per_roll: bool,
        then: Vec<Effect>,
    },
    /// This fighter is taken down (ATK-5).
    SelfTakenDown,
    /// A token where the enemy its attack last took down fell, or here (a Pyre: cremated).
    PlaceToken(Token, TokenAt),
    /// The passive rule of what cremating is (what `PlaceToken(Pyre, ..)` does).
    CremationRule,
    /// For the rest of the battle, `by` more of `stat` for this fighter (melee only: `melee_only`).
    BattleBoost {
        stat: Stat,
        by: Amount,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        melee_only: bool,
    },
    /// For the round, this fighter counts as `extra` more fighters (GEN-7).
    CountsExtra { extra: u32 },
    /// Until the end of the round each friend in `aura` now counts as `extra` more (GEN-7).
    EachCounts { aura: Aura, extra: u32 },
    /// This activation, its attacks' (`only`) Strength counts as above the Toughness (ATK-3).
    StrengthAboveToughness { only: Option<AttackKind> },
    /// This activation, when one of its moves sets off `trigger`, `then` happens (once).
    AfterMove {
        trigger: MoveTrigger,
        then: Vec<Effect>,
    },
    /// This activation, a dice after each of its attacks: `least`+ bars the target for the round.
    AfterEachAttack { least: u8, bar: Vec<Restriction> },
    /// This activation (its next attack: `next`), its attacks (`only` that kind) crit on `least`+.
    CritOn {
        least: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        only: Option<AttackKind>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        next: bool,
    },
    /// The same for its next action alone, if that is such an attack (else it lapses).
    NextActionCritOn { least: u8, only: Option<AttackKind> },
    /// Until the end of this fighter's activation, it can fly when it moves (MOVE-7).
    FlyThisActivation,
    /// For the round, this fighter has (or, not `has`, has not) the runemark `mark`.
    MarkThisRound {
        mark: crate::model::runemark::Runemark,
        has: bool,
    },
    /// For the round, the friendly fighters bearing `marks` (itself too) can fly when they move.
    FlyThisRound { marks: Marks },
    /// This activation, it can fly when it moves, ending no more than `up`" higher.
    FlyRisingAtMost { up: u32 },
    /// This activation, its moves may end farther from an enemy it starts within 1" of (MOVE-3).
    MoveWhileEngaged,
    /// This activation, its climbs' height does not count (MOVE-5).
    FreeClimb,
    /// Up to `n` hits of its next attack (of that kind, when `only`) count as critical hits.
    NextHitsAsCrits { n: Amount, only: Option<AttackKind> },
    /// Its next attack (the bonus one, when one waits): the target's Toughness `by` less, to `min`.
    TargetToughnessLess { by: u32, min: u32 },
    /// Up to `n` misses of its next attack (of that kind, when `only`) count as critical hits.
    NextMissesAsCrits { n: u32, only: Option<AttackKind> },
    /// One critical hit of its next attack (of that kind) scores `n` more: if it scores any.
    NextMoreCrits { n: u32, only: Option<AttackKind> },
    /// This activation, each hit of its attacks (of that kind, when given) counts as a crit.
    HitsAsCrits { only: Option<AttackKind> },
    /// This activation, its disengages may end within 1" of enemies (DIS-1).
    DisengageEndNear,
    /// Until the end of the activation, its attacks' range leaves out the vertical distance.
    FlatAttackRange,
    /// Until the end of the activation, its (melee) attacks' Range is `by` inches more.
    RangeBoost { by: Amount, melee_only: bool },
    /// Its next attack's Range is `inches` (the bonus attack's, when one waits).
    RangeIs { inches: Amount },
    /// A friend within `range` (`visible`, bearing `runemark`) makes a bonus (melee) attack.
    FriendBonusAttack {
        range: f32,
        visible: bool,
        #[serde(default)]
        runemark: Option<String>,
        #[serde(default, skip_serializing_if = "Marks::is_none")]
        marks: Marks,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        melee: bool,
        #[serde(default, skip_serializing_if = "Marks::is_none")]
        weapon: Marks,
    },
    /// Each friend (bearing the marks) near the enemy picked: a bonus attack on it.
    GangUp(GangUp),
    /// The picked friend's bonus move (up to its Move and `max`"), or move or attack (CMB-2).
    FriendBonusMove {
        pick: FriendPick,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        or_attack: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<Amount>,
    },
    /// Each friend in `aura` (itself last, unless "other") a bonus move (or attack), nearest first.
    EachFriendBonusMove {
        aura: Aura,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        or_attack: bool,
        /// Each move must end closer to this fighter (which has none then).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        closer: bool,
    },
    /// The picked friend is set up again within `within` of this fighter (`wholly`: all its
    /// base), at the place picked.
    FriendSetUp {
        pick: FriendPick,
        within: f32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        wholly: bool,
    },
    /// A friend taken down set up as `place` says: `heal` removed (none: all), or 1 per `roll`+.
    Revive {
        #[serde(default, skip_serializing_if = "Marks::is_none")]
        marks: Marks,
        place: Placing,
        heal: Option<Amount>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<u8>,
    },
    /// The picked friend is set up again more than `away` from every enemy (at the place picked).
    FriendRelocate { pick: FriendPick, away: f32 },
    /// Up to `up_to` friends in `aura` each a bonus move (or move or attack), nearest first.
    PickedFriendsBonus {
        aura: Aura,
        up_to: Amount,
        or_attack: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<Amount>,
    },
    /// `dice` dice against an enemy in reach: each roll of `least`+ succeeds; `then`: what it does.
    RollAgainst {
        range: f32,
        visible: bool,
        #[serde(default)]
        runemark: Option<String>,
        dice: Amount,
        least: u8,
        then: OnSuccess,
    },
    /// Its next attack's criticals (on an enemy with `runemark`) lower its `stat` for the battle.
    CritsWeaken {
        #[serde(default)]
        runemark: Option<String>,
        stat: Stat,
        by: u32,
        min: u32,
    },
    /// An enemy within `range` (seen: `visible`) is set up within `within` of this fighter.
    SetUpNear {
        range: f32,
        visible: bool,
        within: f32,
    },
    /// An enemy within `range` has `by` less of `stat`, to `min`, after every bonus (ABL-4).
    LowerPicked(PickedLowering),
    /// `amount` damage to this fighter, or (`dice`: 3 or 6) a roll of a dice of that many sides.
    SelfDamage {
        amount: Amount,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<u8>,
    },
    /// After damage to the picked enemy: the same (or `dice` of its roll) to each seen one around.
    DamageNearTarget {
        around: f32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<Amount>,
    },
    /// After a roll against the picked enemy: each `least`..=`most` deals this fighter `amount`.
    SelfDamagePerRoll { least: u8, most: u8, amount: u32 },
    /// After a roll on the picked enemy: each `least`..=`most`, 1 `stat` off it (round; `battle`).
    LowerPerRoll {
        least: u8,
        most: u8,
        stat: Stat,
        min: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        battle: bool,
    },
    /// For the round, attacks (`to`'s) on an enemy in `range` (seen: `visible`) get `by` `stat`.
    ExposePicked {
        range: f32,
        visible: bool,
        stat: Stat,
        by: Amount,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Exposers>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        only: Option<PickOnly>,
    },
    /// For the round, its side's attacks `to` names have `by` more `stat` on enemies in `range`.
    ExposeAround {
        range: f32,
        stat: Stat,
        by: Amount,
        to: Exposers,
    },
    /// It is set up again (on the floor, `floor_only`) more than `away` from every enemy.
    Relocate {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        away: Option<f32>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        floor_only: bool,
        /// `away` less the ability's value, to 0 ("you can subtract the value from that 6"").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        less_value: bool,
    },
    /// For the round, the attacks on this fighter (or friends in `aura`) are softened by `guard`.
    RoundGuard {
        guard: Guard,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        aura: Option<Aura>,
    },
    /// The next time this round it is taken down, it stands with `remove` (a D`dice`) damage less.
    Survive { remove: u32, dice: Option<u8> },
    /// This activation, enemies' reactions allocate it no damage.
    NoReactionDamage,
    /// For the round, each enemy that finishes a move action within `range` suffers impact damage.
    ImpactAround { range: f32 },
    /// For the round, the critical hits of enemies (seen: `visible`) within `range` count as hits.
    EnemyCritsAsHits { range: f32, visible: bool },
    /// For the round, `by` more of `stat` (melee attacks only: `melee_only`) for the friend picked.
    FriendBoost {
        pick: FriendPick,
        stat: Stat,
        by: Amount,
        #[serde(default)]
        melee_only: bool,
        /// For its next (melee) attack action this round only.
        #[serde(default)]
        next: bool,
    },
    /// The friendly fighter picked as `pick` says is allocated `amount` damage points.
    FriendDamage { pick: FriendPick, amount: Amount },
    /// `by` more Move for each friend in `aura` starting an activation (round; `until_next`).
    StartRaise {
        aura: Aura,
        by: Amount,
        until_next: bool,
    },
    /// `by` more `stat` for the round for each friend in its battle group, itself too (SET-3).
    GroupBoost { stat: Stat, by: Amount },
    /// Until the end of the round the friend picked counts as `extra` more fighters (GEN-7).
    FriendCounts { pick: FriendPick, extra: u32 },
    /// Up to `amount` damage (or dice's) removed from the friend `pick` picks.
    FriendHeal {
        pick: FriendPick,
        amount: Amount,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        per_roll: Option<(Amount, u8)>,
    },
    /// For the round, the value of abilities used within `range` changes by `by` (ABL-1): by
    /// seen enemies to at least `bound` (`enemies`); else by friends' others, to at most it.
    ValueAura {
        range: f32,
        enemies: bool,
        by: Amount,
        bound: u32,
    },
    /// An enemy in `range` (seen: `visible`) moves `inches` straight to it as if jumping (MOVE-6).
    PullPicked {
        range: f32,
        visible: bool,
        inches: Amount,
    },
    /// After its next attack this activation, its target (still standing) moves towards it.
    PullAfterNextAttack {
        inches: Amount,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        held: bool,
    },
    /// The raises `then` count only against a target as `target` says (the next's waits for one).
    TargetBoost { target: TargetIs, then: Vec<Effect> },
    /// `then`'s raises (what waits for its next attack) for attacks with a weapon of `marks`.
    WithWeapon { marks: Marks, then: Vec<Effect> },
    /// An enemy within `range` (seen: `visible`; as `only` says) is picked for the raises `then`.
    PickThenBoost(PickedRaise),
    /// After its next melee attack, if it hit, its target gives up an action (or takes `instead`).
    ForfeitAfterNextAttack { instead: u32 },
    /// After its next attack (scoring a critical, when `crits`), its target is barred this round.
    BarAfterNextAttack {
        crits: bool,
        actions: Vec<Restriction>,
    },
    /// After its next attack this activation, its target: less of a characteristic (as it says).
    LowerAfterNextAttack(TargetLowering),
    /// This activation, each of its attacks that scores leaves its target `by` less `stat`.
    LowerAfterScoring { stat: Stat, by: Amount, min: u32 },
    /// After its next attack this activation (`only` of that kind), if it scored any hits:
    /// `amount` damage to its target, or (`around`) to each other fighter within so far of it.
    DamageAfterNextAttack {
        amount: Amount,
        only: Option<AttackKind>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        around: Option<f32>,
    },
    /// `dice` dice against the enemy picked: each `face` deals it its Wounds in damage.
    DamageWoundsOnRoll {
        only: PickOnly,
        visible: bool,
        dice: Amount,
        face: u8,
    },
    /// `dice` dice against an enemy in reach: each of its Toughness (`beat`: above) deals `each`.
    DamageVsToughness {
        range: f32,
        visible: bool,
        dice: Amount,
        beat: bool,
        each: u32,
    },
    /// A dice for a picked enemy and each fighter it sees within `around` of it, as bands say.
    DamageAround { range: f32, around: f32, roll: Roll },
    /// To each enemy within `around` of a point it sees within `within`: `amount`, or `roll`'s.
    DamageAtPoint(PointDamage),
    /// This activation, each time its (`melee`) attack takes an enemy down, the bonus `then`.
    AfterTakedown {
        then: Vec<Effect>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        melee: bool,
    },
    /// The friend picked, yet to activate, activates right after this one (as ABL-3's Inspiring).
    ActivateNext {
        pick: FriendPick,
        /// It suffers impact damage first (MOVE-9).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        impact: bool,
    },
    /// For the round, each enemy within `range` now (seen: `visible`) may not make these actions.
    BarEach(Barring),
    /// A reaction (REA-1) when `Trigger` happens, for an action, not dice; the effects answer it.
    Reaction(Trigger),
    // What a reaction does, after its trigger: to the attack ("it"), its damage, its moment.
    /// Up to `up_to` of its critical hits count as hits.
    CritsAsHits { up_to: Amount },
    /// Each of its hits (and critical hits, when `crits`) allocates `by` less damage (min 1).
    LessDamagePerHit {
        by: Amount,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        crits: bool,
    },
    /// Each of its hit rolls that misses allocates `amount` to the attacker.
    DamageAttackerPerMiss { amount: u32 },
    /// Each of its critical hits allocates `by` more damage.
    MoreCritDamage { by: u32 },
    /// Each of its hit rolls from `least` to `most` allocates `amount` to the attacker.
    DamageAttackerPerRoll { least: u8, most: u8, amount: Amount },
    /// Each of its hits allocates `hit` damage to the attacker, each critical hit `crit`.
    DamageAttackerPerHit { hit: u32, crit: u32 },
    /// `amount` damage to the attacker when its hit rolls were as `when` says.
    DamageAttackerIf(AttackerIf),
    /// It rolls `by` fewer dice, to at least `min`.
    FewerAttackDice { by: u32, min: u32 },
    /// This fighter's Toughness is `by` higher during it.
    ToughnessThisAttack { by: u32 },
    /// To its damage: a D`sides` (3 or 6) rolled, its roll allocated to the attacker.
    DamageAttackerDice { sides: u8 },
    /// To its damage: a dice; on `least` or more, `amount` damage to the attacker.
    DamageAttackerOnRoll { least: u8, amount: u32 },
    /// After its hit rolls, a dice for each critical hit: each `least`+ makes one a hit.
    CritsSaved { least: u8 },
    /// Its damage totalled, a dice for each critical hit: each `least`+ deals `amount` to it.
    DamageAttackerPerCrit { least: u8, amount: u32 },
    /// Each of its hit rolls of `face` deals `amount` to each enemy within `range` of this one.
    DamageAroundPerRoll { face: u8, amount: u32, range: f32 },
    /// To an enemy disengaging: a dice; on `least` or more, a D`sides` of damage to it.
    StrikeOnRoll { least: u8, sides: u8 },
    /// To an enemy's move: this fighter (or the friend picked) makes the bonus `act` says.
    ReactBonus {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        friend: Option<FriendPick>,
        act: ReactAct,
    },
}

#[cfg(test)]
mod tests;
