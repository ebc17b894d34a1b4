//! A simple built-in policy that answers every decision with a legal command: the stand-in
//! opponent until the solo-mode AI plays by SOLO-A..C. It attacks what it can, otherwise walks
//! towards the nearest enemy, and uses the universal abilities when they obviously help.

use crate::model::ids::FighterId;
use bevy::prelude::*;

use crate::battlefield::Battlefield;
use crate::battlefield::measure::{bases_within, distance};
use crate::battlefield::moves::{disengage_spots, truncate};
use crate::battlefield::nav::Goal;
use crate::model::formats::Colour;
use crate::model::ruleset::Ruleset;
use crate::rules::abilities::{AbilityEffect, abilities_of, inspiring_targets};
use crate::rules::actions::{legal_attacks, validate_move};
use crate::rules::command::Command;
use crate::rules::engine::{Bonus, Engine, FighterView, Pending, blockers, fighters};
use crate::rules::initiative::{SideDice, WildUse};
use crate::rules::options::{Decision, options};

/// The command the policy sends for the decision the battle waits for (`None` when nothing is
/// to decide).
pub fn choose(world: &mut World) -> Option<Command> {
    let pending = world.resource::<Engine>().pending;
    match pending {
        Pending::Setup
        | Pending::RollInitiative
        | Pending::Reserve
        | Pending::EndOfRound
        | Pending::Ended => None,
        Pending::WildDice { side } => {
            let dice = world.resource::<Engine>().dice[side].clone();
            Some(Command::WildDice {
                side,
                uses: wild_uses(&dice),
            })
        }
        Pending::Colour { side } => Some(Command::ChooseColour {
            side,
            colour: Colour::Red,
        }),
        Pending::FirstTurn { side } => Some(Command::FirstTurn { side, first: side }),
        // SET-6 by hand: the spots the automatic set-up took are kept.
        Pending::Deploy { side } | Pending::Arrive { side } => Some(Command::SetUpDone { side }),
        Pending::PlaceTreasure { side } => Some(Command::PlaceTreasure { side, at: None }),
        Pending::Land { side } => Some(Command::Land { side, at: None }),
        Pending::Turn { .. } => {
            // The fighters the rules let it activate (options), ready ones before waiting ones.
            let Decision::Activate { fighters: ids } = options(world).decision else {
                return None;
            };
            let all = fighters(world);
            all.iter()
                .filter(|f| ids.contains(&f.id))
                .min_by_key(|f| (f.activation as u8, f.id))
                .map(|f| Command::Activate { fighter: f.id })
        }
        Pending::Action { fighter } => Some(action(world, fighter)),
        Pending::Reaction { side } => {
            let Decision::Reaction {
                kind,
                fighters,
                abilities,
            } = options(world).decision
            else {
                return Some(Command::DeclineReaction { side });
            };
            Some(match (kind, fighters.first(), abilities.first()) {
                (Some(kind), Some(&f), _) => Command::React {
                    fighter: f,
                    reaction: kind,
                },
                (None, _, Some(ability)) => ability.command(),
                _ => Command::DeclineReaction { side },
            })
        }
    }
}

/// INI-3 the way SOLO-I4 does it: triple -> quad, else double -> triple, else single ->
/// double... here simplified to "upgrade the biggest group that can take it, else +1 single".
pub fn wild_uses(dice: &SideDice) -> Vec<WildUse> {
    let mut d = dice.clone();
    let mut uses = Vec::new();
    for _ in 0..dice.wild {
        let best = d
            .groups
            .iter()
            .filter(|g| !g.wild && g.size < 4)
            .max_by_key(|g| (g.size, g.value))
            .map(|g| g.value);
        let u = match best {
            Some(value) => WildUse::Upgrade { value },
            None => WildUse::Single,
        };
        d.wild = 1;
        if d.use_wild(&[u]).is_err() {
            d.wild = 1;
            let _ = d.use_wild(&[WildUse::Single]);
            uses.push(WildUse::Single);
        } else {
            uses.push(u);
        }
    }
    uses
}

/// Expected damage of a weapon against a toughness (exact by dice odds).
pub fn expected_damage(w: &crate::model::formats::Weapon, toughness: u32) -> f32 {
    let needed = crate::rules::actions::hit_threshold(w.strength, toughness) as f32;
    let p_hit = (6.0 - needed) / 6.0;
    w.attacks as f32 * (p_hit * w.damage.0 as f32 + w.damage.1 as f32 / 6.0)
}

fn action(world: &mut World, id: FighterId) -> Command {
    let end = Command::EndActivation { fighter: id };
    let Some(act) = world.resource::<Engine>().activation.clone() else {
        return end;
    };
    let all = fighters(world);
    let Some(f) = all.iter().find(|f| f.id == id).cloned() else {
        return end;
    };
    let friend_bonus = act
        .bonus
        .first()
        .copied()
        .filter(|b| b.move_max().is_some());
    if let Some(b) = friend_bonus.filter(|b| b.friend().is_some()) {
        match friend_move(world, &all, b) {
            Some(c) => return c,
            // An action of its own declines the friend's bonus (CMB-2).
            None if act.actions_left == 0 => return end,
            None => {}
        }
    } else if let Some(b) = act.bonus.first() {
        return match *b {
            Bonus::Move { max, .. } => approach(world, &all, &f, max).unwrap_or(end),
            Bonus::Attack | Bonus::AnyAttack => best_attack(world, &all, &f).unwrap_or(end),
            b @ Bonus::FriendAttack { fighter, .. } => all
                .iter()
                .find(|o| o.id == fighter)
                .and_then(|friend| best_attack_of(world, &all, friend, Some(b)))
                .unwrap_or(end),
            Bonus::MoveOrAttack { max } => best_attack(world, &all, &f)
                .or_else(|| approach(world, &all, &f, max))
                .unwrap_or(end),
            Bonus::MoveCloser { max } => crate::rules::effects::closer_spot(world, &all, &f, max)
                .map_or(end, |to| Command::Move {
                    pick: None,
                    fighter: id,
                    to: to.to_array(),
                    pick_up: true,
                    treasure: None,
                    descend: None,
                    via: Vec::new(),
                }),
            Bonus::Disengage => disengage(world, &all, &f).unwrap_or(end),
            b @ (Bonus::AttackOf { .. } | Bonus::AttackAt { .. } | Bonus::AttackWith { .. }) => {
                best_attack_of(world, &all, &f, Some(b)).unwrap_or(end)
            }
            Bonus::MoveOrDisengage { max } => disengage(world, &all, &f)
                .or_else(|| approach(world, &all, &f, max))
                .unwrap_or(end),
            // Made above, or declined by an action of its own.
            Bonus::FriendMove { .. } | Bonus::FriendMoveOrAttack { .. } => end,
        };
    }
    if !act.ability_used
        && let Some(c) = ability(world, &all, &f)
    {
        return c;
    }
    if act.actions_left == 0 {
        return end;
    }
    if let Some(c) = best_attack(world, &all, &f) {
        return c;
    }
    let engaged = all
        .iter()
        .any(|o| o.on_board() && o.side != f.side && bases_within(&o.base(), &f.base(), 1.0));
    if engaged {
        if let Some(c) = disengage(world, &all, &f) {
            return c;
        }
        return Command::Wait { fighter: id };
    }
    let budget = f.move_budget(
        world.resource::<Ruleset>(),
        world.resource::<Engine>().move_bonus(&act),
    );
    approach(world, &all, &f, budget).unwrap_or(Command::Wait { fighter: id })
}

/// ABL-5: a friend's bonus move (or attack, when the bonus allows one): its best attack, else
/// a move towards the enemies.
fn friend_move(world: &mut World, all: &[FighterView], b: Bonus) -> Option<Command> {
    let friend = all
        .iter()
        .find(|o| Some(o.id) == b.friend() && o.on_board())?;
    let attack = b.friend_attacks().then(|| best_attack(world, all, friend));
    if let Bonus::FriendMove {
        closer: true, max, ..
    } = b
    {
        // ABL-5: as near the active fighter as it can, when it must end closer to it.
        let to = crate::rules::effects::spot_closer_to_active(world, all, friend, (b, max))?;
        return Some(Command::Move {
            pick: None,
            fighter: friend.id,
            to: to.to_array(),
            pick_up: true,
            treasure: None,
            descend: None,
            via: Vec::new(),
        });
    }
    attack
        .flatten()
        .or_else(|| approach(world, all, friend, b.move_max()?))
}

fn best_attack(world: &World, all: &[FighterView], f: &FighterView) -> Option<Command> {
    best_attack_of(world, all, f, None)
}

/// The best legal attack (one the bonus `bonus` takes, when given).
fn best_attack_of(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    bonus: Option<Bonus>,
) -> Option<Command> {
    legal_attacks(world, all, f)
        .into_iter()
        .filter(|&(t, w)| {
            bonus.is_none_or(|b| b.attack_fits(w, f.profile.weapons[w].is_melee(), t))
        })
        .map(|(t, w)| {
            let target = all.iter().find(|o| o.id == t).expect("target exists");
            let e = expected_damage(&f.profile.weapons[w], target.profile.toughness);
            // Prefer finishing the most hurt, then the most damage.
            let kill = e >= target.wounds_left() as f32;
            ((kill, e, std::cmp::Reverse(target.id)), t, w)
        })
        .max_by(|a, b| {
            (a.0.0, a.0.2)
                .cmp(&(b.0.0, b.0.2))
                .then(a.0.1.total_cmp(&b.0.1))
        })
        .map(|(_, target, weapon)| Command::Attack {
            fighter: f.id,
            target,
            weapon,
        })
}

fn disengage(world: &World, all: &[FighterView], f: &FighterView) -> Option<Command> {
    let r = world.resource::<Ruleset>();
    if f.carrying.is_some() && !r.carrier_can_disengage {
        return None;
    }
    let bf = world.get_resource::<Battlefield>()?;
    let enemies: Vec<_> = all
        .iter()
        .filter(|o| o.on_board() && o.side != f.side)
        .map(|o| o.base())
        .collect();
    let spots = disengage_spots(&bf.nav, &f.mover(r), f.pos, &enemies, &blockers(all, f.id));
    spots
        .into_iter()
        .find(|p| crate::rules::actions::validate_disengage(world, all, f, *p).is_ok())
        .map(|p| Command::Disengage {
            fighter: f.id,
            to: p.to_array(),
        })
}

/// Walks towards the nearest enemy, stopping within the longest weapon's range.
fn approach(world: &World, all: &[FighterView], f: &FighterView, budget: f32) -> Option<Command> {
    let bf = world.get_resource::<Battlefield>()?;
    let r = world.resource::<Ruleset>();
    let enemy = all
        .iter()
        .filter(|o| o.on_board() && o.side != f.side)
        .min_by(|a, b| {
            distance(&f.base(), &a.base())
                .total_cmp(&distance(&f.base(), &b.base()))
                .then(a.id.cmp(&b.id))
        })?;
    let reach = f
        .profile
        .weapons
        .iter()
        .map(|w| w.max_range)
        .fold(1.0f32, f32::max);
    let mover = f.mover(r);
    let others = blockers(all, f.id);
    let goal = Goal::NearBase {
        base: enemy.base(),
        within: (reach - 0.1).max(0.5),
    };
    let path = bf
        .nav
        .shortest_path(&mover, f.pos, goal, &others, true)
        .or_else(|| bf.nav.shortest_path(&mover, f.pos, goal, &others, false))?;
    let mut b = budget;
    for _ in 0..4 {
        let cut = truncate(&bf.nav, &mover, &path, b);
        let to = cut.end()?;
        if to.distance(f.pos) < 0.2 {
            return None;
        }
        if validate_move(world, all, f, to, budget).is_ok() {
            return Some(Command::Move {
                pick: None,
                fighter: f.id,
                to: to.to_array(),
                pick_up: true,
                treasure: None,
                descend: None,
                via: vec![],
            });
        }
        b -= 0.5;
    }
    None
}

/// The universal abilities when they obviously help (before the first action).
fn ability(world: &World, all: &[FighterView], f: &FighterView) -> Option<Command> {
    let e = world.resource::<Engine>();
    let act = e.activation.as_ref()?;
    if act.actions_taken > 0 {
        return None;
    }
    let dice = &e.dice[f.side];
    let r = world.resource::<Ruleset>();
    let has = |effect: AbilityEffect| {
        abilities_of(r, f)
            .into_iter()
            .find(|d| d.effect == effect)
            .and_then(|d| {
                dice.groups
                    .iter()
                    .filter(|g| d.cost.paid_by(g.size))
                    .min_by_key(|g| (g.size, g.value))
                    .map(|g| (d.name.clone(), g.value))
            })
    };
    let cmd = |(name, value): (String, u8), target: Option<FighterId>| Command::Ability {
        fighter: f.id,
        ability: name,
        dice: value,
        target,
        place: None,
        choice: 0,
    };
    let engaged = all
        .iter()
        .any(|o| o.on_board() && o.side != f.side && bases_within(&o.base(), &f.base(), 1.0));
    let attacks = legal_attacks(world, all, f);
    let mine: Vec<_> = all.iter().filter(|o| o.side == f.side).collect();
    let down = mine
        .iter()
        .filter(|o| o.presence == crate::model::components::Presence::TakenDown)
        .count();
    if down * 2 >= mine.len()
        && let Some(p) = has(AbilityEffect::Reckoning)
    {
        return Some(cmd(p, None));
    }
    if attacks
        .iter()
        .any(|(_, w)| f.profile.weapons[*w].is_melee())
        && let Some(p) = has(AbilityEffect::Onslaught)
    {
        return Some(cmd(p, None));
    }
    if f.damage >= 3 && !engaged {
        // Respite with the highest double.
        if let Some(v) = dice
            .groups
            .iter()
            .filter(|g| g.size >= 2)
            .map(|g| g.value)
            .max()
            && abilities_of(r, f)
                .iter()
                .any(|d| d.effect == AbilityEffect::Respite)
        {
            return Some(cmd(("Respite".into(), v), None));
        }
    }
    if let Some(p) = has(AbilityEffect::InspiringPresence)
        && let Some(&t) = inspiring_targets(world, all, f).first()
    {
        return Some(cmd(p, Some(t)));
    }
    if attacks.is_empty()
        && !engaged
        && let Some(p) = has(AbilityEffect::Rush)
    {
        return Some(cmd(p, None));
    }
    None
}
