//! What the pending decision allows, as data: the question a side answers and every answer the
//! rules accept, each refused answer with its rule ID. The built-in policy and the desktop
//! game's action bar read it; the engine stays the one judge (`apply` checks every command
//! again).

use crate::model::RuleId;
use crate::model::ids::FighterId;
use crate::model::ids::Side;
use crate::model::runemark::Runemark;
use bevy::prelude::*;
use serde::Serialize;

use crate::model::formats::Colour;
use crate::model::ruleset::Ruleset;
use crate::rules::abilities::{abilities_of, validate_ability, would_do_nothing};
use crate::rules::actions::validate_attack;
use crate::rules::command::{Command, ReactionKind, Rejected};
use crate::rules::initiative::SideDice;
use crate::rules::state::{Bonus, Engine, FighterView, Pending, can_see, fighters};
use crate::rules::ways;

mod moves;
use moves::friend_move_options;
pub(crate) use moves::move_options;
pub use moves::{FriendMove, move_places};

/// What the battle waits for, and what may be done about it.
#[derive(Debug, Clone, Serialize)]
pub struct Options {
    pub pending: Pending,
    /// The side that decides (none: setup, or the battle is over).
    pub side: Option<Side>,
    pub decision: Decision,
}

/// The decision on offer.
#[derive(Debug, Clone, Serialize)]
pub enum Decision {
    /// Nothing to decide.
    None,
    /// GEN-8: where the treasure a taken-down carrier dropped goes (see
    /// [`crate::rules::actions::validate_drop`] for a spot; `None` keeps it where it fell).
    PlaceTreasure { treasure: usize, carrier: FighterId },
    /// MOVE-8: where the falling fighter lands.
    Land(crate::rules::actions::Landing),
    /// SET-5: the priority player picks red or blue.
    Colour { choices: [Colour; 2] },
    /// SET-6 by hand: the side's fighters it may move to another spot of their zones.
    Deploy { fighters: Vec<FighterId> },
    /// INI-3: the side's dice and how many wild dice it declares.
    WildDice { dice: SideDice },
    /// CMB-1: who takes the first turn (in solo mode only the side itself, SOLO-I4).
    FirstTurn { choices: Vec<Side> },
    /// CMB-1: the fighters that may activate (the side passes only when there is none).
    Activate { fighters: Vec<FighterId> },
    /// CMB-2, CMB-3: the active fighter's actions and abilities.
    Action(Box<ActiveOptions>),
    /// REA-1: the reaction on offer and who may make it (declining is always allowed).
    Reaction {
        /// The reaction of the core rules on offer; none when only reaction abilities are.
        kind: Option<ReactionKind>,
        fighters: Vec<FighterId>,
        /// ABL-5: the reaction abilities they may make instead.
        abilities: Vec<ReactionAbility>,
    },
}

/// ABL-5: a reaction ability on offer: who makes it, its name and what it does, in words;
/// for an answer to an enemy's move, the friend it picks to act (`friend`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReactionAbility {
    pub fighter: FighterId,
    pub name: String,
    pub what: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub friend: Option<FighterId>,
}

impl ReactionAbility {
    /// The command that makes it.
    pub fn command(&self) -> Command {
        Command::ReactWith {
            fighter: self.fighter,
            ability: self.name.clone(),
            pick: self.friend,
            to: None,
            target: None,
        }
    }
}

/// Everything the active fighter may do now.
#[derive(Debug, Clone, Serialize)]
pub struct ActiveOptions {
    pub fighter: FighterId,
    /// Actions left (CMB-2) and a bonus action that must come first (ABL-3).
    pub actions_left: u8,
    pub bonus: Option<Bonus>,
    /// MOVE-1: the inches its next move may cover (a bonus move's own limit, Rush, treasure).
    pub budget: f32,
    /// Each kind of action: allowed, or the rule that forbids it and why.
    pub actions: Vec<ActionOption>,
    /// Who makes an attack now: the active fighter, or the friend whose bonus attack comes
    /// first (ABL-5).
    pub attacker: FighterId,
    /// ATK-1, ATK-2, GEN-3: every enemy on the battlefield against every weapon of the
    /// attacker.
    pub attacks: Vec<AttackOption>,
    /// ABL-1..ABL-5: the abilities it has and the dice values that can pay for each now.
    pub abilities: Vec<AbilityOption>,
    /// ABL-5: after a not-automated ability, the fighters on the battlefield its player may
    /// deal damage to or heal by hand (empty: nothing to resolve by hand).
    pub by_hand: Vec<FighterId>,
    /// MOVE-1: where a move can end (grid places on floor and platforms) and what it costs.
    pub moves: Vec<([f32; 3], f32)>,
    /// DIS-1: where a disengage can end.
    pub disengage: Vec<[f32; 3]>,
    /// ABL-5: the friend whose bonus move comes first: who, how far, and where it can end.
    pub friend_move: Option<FriendMove>,
}

impl ActiveOptions {
    /// Whether an action of `kind` is allowed now (CMB-2: an action left, no rule against it).
    pub fn may(&self, kind: ActionKind) -> bool {
        self.actions
            .iter()
            .any(|o| o.kind == kind && o.refused.is_none())
    }

    /// ATK-1, CMB-2: the attacks the player may make now: none when no attack action is
    /// allowed (no action left, a bonus move first), else every target and weapon the rules
    /// accept.
    pub fn attack_choices(&self) -> impl Iterator<Item = &AttackOption> {
        let allowed = self.may(ActionKind::Attack);
        self.attacks
            .iter()
            .filter(move |o| allowed && o.refused.is_none())
    }
}

/// The kinds of action (CMB-2) and the end of the activation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ActionKind {
    Move,
    Attack,
    Disengage,
    Wait,
    DropTreasure,
    Ability,
    EndActivation,
}

#[derive(Debug, Clone, Serialize)]
pub struct ActionOption {
    pub kind: ActionKind,
    /// `None` when allowed, else the rule that forbids it now.
    pub refused: Option<Refusal>,
}

/// Why an option is greyed out: the rule ID and a sentence.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Refusal {
    pub rule: RuleId,
    pub reason: String,
}

impl From<Rejected> for Refusal {
    fn from(r: Rejected) -> Self {
        Refusal {
            rule: r.rule,
            reason: r.reason,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct AttackOption {
    pub target: FighterId,
    pub weapon: usize,
    /// GEN-3: does the attacker see the target?
    pub visible: bool,
    pub refused: Option<Refusal>,
}

#[derive(Debug, Clone, Serialize)]
pub struct AbilityOption {
    pub name: String,
    /// The dice values (ABL-1) that can pay for it now; empty: it can't be used now.
    pub dice: Vec<u8>,
    pub refused: Option<Refusal>,
    /// ABL-5: the enemies its effect may be aimed at, nearest first (empty: it aims at none).
    pub targets: Vec<FighterId>,
    /// What it does, in the card's words.
    pub text: String,
    /// ABL-3: why it would do nothing now, though it may be used (e.g. Rush with no move
    /// left).
    pub idle: Option<String>,
    /// ABL-5: it sets a fighter up (the enemy it aims at near the fighter, or the fighter
    /// itself anywhere), where the player picks (`Command::Ability { place }`).
    pub sets_up: Option<crate::model::effects::Placing>,
    /// ABL-5: the way of an ability that offers two this option uses (`Command::Ability {
    /// choice }`), and how it differs from the first ("discarding two saved wild dice").
    pub choice: u8,
    pub way: Option<String>,
}

/// What the pending decision allows (see [`Options`]).
pub fn options(world: &mut World) -> Options {
    let pending = world.resource::<Engine>().pending;
    let side = crate::rules::state::deciding_side(world);
    let decision = match pending {
        Pending::Setup
        | Pending::RollInitiative
        | Pending::Reserve
        | Pending::EndOfRound
        | Pending::Ended => Decision::None,
        Pending::PlaceTreasure { .. } => match world.resource::<Engine>().treasure_drops.first() {
            Some(d) => Decision::PlaceTreasure {
                treasure: d.treasure,
                carrier: d.carrier,
            },
            None => Decision::None,
        },
        Pending::Land { .. } => {
            crate::rules::actions::landing(world).map_or(Decision::None, Decision::Land)
        }
        Pending::Colour { .. } => Decision::Colour {
            choices: [Colour::Red, Colour::Blue],
        },
        Pending::Deploy { side } | Pending::Arrive { side } => Decision::Deploy {
            fighters: crate::rules::hand_setup::movable(world, side),
        },
        Pending::WildDice { side } => Decision::WildDice {
            dice: world.resource::<Engine>().dice[side].clone(),
        },
        Pending::FirstTurn { side } => Decision::FirstTurn {
            choices: if crate::rules::state::solo_sides(world).is_some() {
                vec![side]
            } else {
                vec![side, side.other()]
            },
        },
        Pending::Turn { side } => Decision::Activate {
            fighters: crate::rules::state::activatable(world, side),
        },
        Pending::Action { fighter } => match active_options(world, fighter) {
            Some(a) => Decision::Action(Box::new(a)),
            None => Decision::None,
        },
        Pending::Reaction { .. } => match world.resource::<Engine>().reaction.clone() {
            Some(o) => {
                let abilities = reaction_abilities(world, &o);
                Decision::Reaction {
                    kind: o.kind,
                    fighters: o.fighters,
                    abilities,
                }
            }
            None => Decision::None,
        },
    };
    Options {
        pending,
        side,
        decision,
    }
}

/// ABL-5: the reaction abilities of the offer, with what each does to the action it answers;
/// an enemy's move, one for each friend that can answer it.
fn reaction_abilities(
    world: &mut World,
    o: &crate::rules::state::ReactionOffer,
) -> Vec<ReactionAbility> {
    if let Some(at) = crate::rules::actions::Moment::of(&o.resume) {
        return crate::rules::actions::answers_at(world, at)
            .into_iter()
            .map(|a| ReactionAbility {
                what: crate::rules::abilities::reaction_effects(world, a.fighter, &a.ability)
                    .map(|e| crate::rules::effects::describe(&e, None))
                    .unwrap_or_default(),
                fighter: a.fighter,
                friend: (a.actor != a.fighter).then_some(a.actor),
                name: a.ability,
            })
            .collect();
    }
    let Some(&id) = o.fighters.first() else {
        return Vec::new();
    };
    o.abilities
        .iter()
        .map(|name| ReactionAbility {
            fighter: id,
            name: name.clone(),
            what: crate::rules::abilities::reaction_effects(world, id, name)
                .map(|e| crate::rules::effects::describe(&e, None))
                .unwrap_or_default(),
            friend: None,
        })
        .collect()
}

/// The active fighter's options.
fn active_options(world: &mut World, id: FighterId) -> Option<ActiveOptions> {
    let act = world.resource::<Engine>().activation.clone()?;
    let all = fighters(world);
    let f = all.iter().find(|f| f.id == id)?.clone();
    let rules = world.resource::<Ruleset>().clone();
    let bonus = act.bonus.first().copied();
    // A friend's bonus move has its own limit ([`FriendMove`]).
    let own_bonus = bonus.filter(|b| b.friend().is_none());
    let budget = match own_bonus.and_then(Bonus::move_max) {
        Some(max) => max,
        None => f.move_budget(&rules, world.resource::<Engine>().move_bonus(&act)),
    };
    let attacker = bonus
        .filter(|b| b.friend_attacks())
        .and_then(Bonus::friend)
        .and_then(|id| all.iter().find(|o| o.id == id && o.on_board()))
        .unwrap_or(&f);
    let mut attacks = attack_options(world, &all, attacker);
    if let Some(b) = bonus {
        // ABL-5: a bonus melee (missile) attack offers those weapons only; one on an enemy
        // (with a weapon), that enemy (that weapon).
        let melee = |w: usize| {
            attacker
                .profile
                .weapons
                .get(w)
                .is_some_and(|w| w.is_melee())
        };
        attacks.retain(|a| b.attack_fits(a.weapon, melee(a.weapon), a.target));
    }
    let attacker = attacker.id;
    let abilities = ability_options(world, &all, &f);
    let (mut moves, disengage) = move_options(world, &all, &f, budget);
    crate::rules::effects::keep_closer(world, &all, &f, bonus, &mut moves);
    let actions = action_options(world, &act, &f, &attacks, &moves, &disengage);
    let friend_move = friend_move_options(world, &all, bonus);
    Some(ActiveOptions {
        fighter: id,
        actions_left: act.actions_left,
        bonus,
        budget,
        attacker,
        actions,
        attacks,
        abilities,
        by_hand: if act.by_hand {
            all.iter().filter(|o| o.on_board()).map(|o| o.id).collect()
        } else {
            Vec::new()
        },
        moves,
        disengage,
        friend_move,
    })
}

fn attack_options(world: &World, all: &[FighterView], f: &FighterView) -> Vec<AttackOption> {
    let mut out = Vec::new();
    for t in all.iter().filter(|t| t.on_board() && t.side != f.side) {
        let visible = can_see(world, all, f, t);
        for weapon in 0..f.profile.weapons.len() {
            out.push(AttackOption {
                target: t.id,
                weapon,
                visible,
                refused: validate_attack(world, all, f, t.id, weapon)
                    .err()
                    .map(Refusal::from),
            });
        }
    }
    out
}

/// ABL-5: the fighters an ability's effect may be aimed at (its first that picks one): enemies,
/// or friends for a friend's bonus action.
fn aims(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    effect: &crate::rules::abilities::AbilityEffect,
) -> Vec<FighterId> {
    let crate::rules::abilities::AbilityEffect::Effects(effects) = effect else {
        return Vec::new();
    };
    effects
        .iter()
        .find_map(|e| crate::rules::effects::reach_of(world, all, f, e))
        .unwrap_or_default()
}

fn ability_options(world: &World, all: &[FighterView], f: &FighterView) -> Vec<AbilityOption> {
    let rules = world.resource::<Ruleset>();
    let dice = world.resource::<Engine>().dice[f.side].clone();
    let mut values: Vec<u8> = dice.groups.iter().map(|g| g.value).collect();
    values.dedup();
    abilities_of(rules, f)
        .into_iter()
        // Reactions, passive rules and battle traits are not used as an action (ABL-1).
        .filter(|d| d.cost.dice().is_some())
        // ABL-5: each way of an ability that offers two is an option of its own.
        .flat_map(|d| (0..ways::count(&d)).map(move |choice| (d.clone(), choice)))
        .map(|(d, choice)| {
            let mut last = None;
            let ok: Vec<u8> = values
                .iter()
                .copied()
                .filter(|&v| {
                    let checked = validate_ability(world, all, f, &d.name, v, (None, choice));
                    checked.map_err(|e| last = Some(e)).is_ok()
                })
                .collect();
            let refused = if ok.is_empty() {
                Some(last.map(Refusal::from).unwrap_or(Refusal {
                    rule: RuleId::Abl1,
                    reason: format!("no ability dice to pay for {}", d.name),
                }))
            } else {
                None
            };
            let way = ways::way_label(&d, choice);
            let (d, _) = ways::chosen(&d, choice, u32::MAX).unwrap_or((d, 0));
            AbilityOption {
                sets_up: d.effect.sets_up(),
                targets: aims(world, all, f, &d.effect),
                idle: would_do_nothing(world.resource::<Engine>(), f, &d.effect),
                name: d.name,
                text: d.text,
                dice: ok,
                refused,
                choice,
                way,
            }
        })
        .collect()
}

/// CMB-2, ABL-5: the bonus action that must come first, as a refusal of `kind`, when the
/// fighter has no action of its own left (with one, its own action declines the bonus).
fn bonus_first(act: &crate::rules::state::ActivationState, kind: ActionKind) -> Option<Refusal> {
    let b = *act.bonus.first()?;
    let fits = match kind {
        ActionKind::Move => b.move_max().is_some() && b.friend().is_none(),
        ActionKind::Attack => b.allows_attack() || b.friend_attacks(),
        ActionKind::Disengage => b.allows_disengage(),
        _ => false,
    };
    (act.actions_left == 0 && !fits).then(|| Refusal {
        rule: RuleId::Cmb2,
        reason: format!("the bonus {} comes first", b.kind_words()),
    })
}

/// Each kind of action: allowed now, or why not.
fn action_options(
    world: &World,
    act: &crate::rules::state::ActivationState,
    f: &FighterView,
    attacks: &[AttackOption],
    moves: &[([f32; 3], f32)],
    disengage: &[[f32; 3]],
) -> Vec<ActionOption> {
    let refuse = |rule: RuleId, reason: String| {
        Some(Refusal {
            rule,
            reason: reason.to_string(),
        })
    };
    let no_actions = (act.actions_left == 0 && act.bonus.is_empty())
        .then(|| refuse(RuleId::Cmb2, format!("{} has no actions left", f.name)))
        .flatten();
    let rules = world.resource::<Ruleset>();
    let mut out = Vec::new();
    let mut push = |kind, refused: Option<Refusal>| out.push(ActionOption { kind, refused });
    let gate = |kind: ActionKind| bonus_first(act, kind).or_else(|| no_actions.clone());
    push(
        ActionKind::Move,
        gate(ActionKind::Move).or_else(|| {
            moves
                .is_empty()
                .then(|| refuse(RuleId::Move2, format!("{} has nowhere to move", f.name)))
                .flatten()
        }),
    );
    push(
        ActionKind::Attack,
        gate(ActionKind::Attack).or_else(|| {
            (!attacks.iter().any(|a| a.refused.is_none()))
                .then(|| refuse(RuleId::Atk2, "no enemy can be attacked".into()))
                .flatten()
        }),
    );
    let dis = disengage_refusal(f, rules.carrier_can_disengage, disengage);
    push(ActionKind::Disengage, gate(ActionKind::Disengage).or(dis));
    let wait = f
        .profile
        .is(Runemark::Monster)
        .then(|| refuse(RuleId::Wait1, "monsters never wait".into()))
        .flatten();
    push(ActionKind::Wait, gate(ActionKind::Wait).or(wait));
    let drop = f
        .carrying
        .is_none()
        .then(|| refuse(RuleId::Gen8, format!("{} carries no treasure", f.name)))
        .flatten();
    push(
        ActionKind::DropTreasure,
        gate(ActionKind::DropTreasure).or(drop),
    );
    let ability = act
        .ability_used
        .then(|| refuse(RuleId::Cmb3, "one ability per activation".into()))
        .flatten();
    push(ActionKind::Ability, ability);
    push(ActionKind::EndActivation, None);
    out
}

/// DIS-1, GEN-8: why a disengage can't be taken now, if it can't.
fn disengage_refusal(f: &FighterView, carrier_can: bool, spots: &[[f32; 3]]) -> Option<Refusal> {
    let (rule, reason) = if f.carrying.is_some() && !carrier_can {
        (RuleId::Gen8, "a treasure carrier can't disengage")
    } else if spots.is_empty() {
        (
            RuleId::Dis1,
            "not within 1\" of an enemy, or nowhere more than 1\" from every enemy",
        )
    } else {
        return None;
    };
    Some(Refusal {
        rule,
        reason: reason.into(),
    })
}

impl Options {
    /// Is `cmd` one of the answers this decision offers? (A quick check for the UI; the engine
    /// judges every command in full.)
    pub fn offers(&self, cmd: &Command) -> bool {
        match (&self.decision, cmd) {
            (Decision::Activate { fighters }, Command::Activate { fighter }) => {
                fighters.contains(fighter)
            }
            (Decision::FirstTurn { choices }, Command::FirstTurn { first, .. }) => {
                choices.contains(first)
            }
            (Decision::Reaction { fighters, .. }, Command::React { fighter, .. }) => {
                fighters.contains(fighter)
            }
            (
                Decision::Reaction {
                    fighters,
                    abilities,
                    ..
                },
                Command::ReactWith {
                    fighter, ability, ..
                },
            ) => abilities
                .iter()
                .any(|a| &a.name == ability && a.fighter == *fighter && fighters.contains(fighter)),
            (Decision::Reaction { .. }, Command::DeclineReaction { .. }) => true,
            (Decision::WildDice { .. }, Command::WildDice { .. }) => true,
            (Decision::Action(a), Command::Attack { target, weapon, .. }) => a
                .attacks
                .iter()
                .any(|o| o.target == *target && o.weapon == *weapon && o.refused.is_none()),
            (Decision::Action(a), Command::ByHand { target, .. }) => a.by_hand.contains(target),
            (Decision::Action(a), _) => {
                let kind = match cmd {
                    Command::Move { .. } => ActionKind::Move,
                    Command::Disengage { .. } => ActionKind::Disengage,
                    Command::Wait { .. } => ActionKind::Wait,
                    Command::DropTreasure { .. } => ActionKind::DropTreasure,
                    Command::Ability { .. } => ActionKind::Ability,
                    Command::EndActivation { .. } => ActionKind::EndActivation,
                    _ => return false,
                };
                a.actions
                    .iter()
                    .any(|o| o.kind == kind && o.refused.is_none())
            }
            _ => false,
        }
    }
}
