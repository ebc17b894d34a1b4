//! The condition family (ABL-5): when an ability may be used at all.

use crate::model::RuleId;
use crate::model::effects::{Condition, Effect};
use crate::model::ids::FighterId;
use crate::rules::command::Rejected;
use crate::rules::state::{Engine, Lasting};

use super::{Checked, Marks, enemies_in_reach, marked_in_reach};

/// In words: "(having taken down an enemy with an attack this activation)".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::Requires(c) => condition_text(c),
        Effect::When { .. } => super::when::describe(e, value),
        Effect::MarkedRaise { .. } => super::marked::describe(e, value),
        // ABL-5: the player's choice of two ways, the second perhaps paid with wild dice.
        Effect::Either(w) => match w.discard {
            0 => format!(
                "either {}; or {}",
                super::describe(&w.first, value),
                super::describe(&w.second, value)
            ),
            n => format!(
                "{}; or, discarding {} saved wild {}: {}",
                super::describe(&w.first, value),
                crate::rules::ways::dice_words(n),
                if n == 1 { "die" } else { "dice" },
                super::describe(&w.second, value)
            ),
        },
        _ => String::new(),
    }
}

/// A condition in words, in brackets: "(with 1 or more damage)".
pub(super) fn condition_text(c: &Condition) -> String {
    let seen = |visible: bool| if visible { " it can see" } else { "" };
    match c {
        Condition::TookDownThisActivation => {
            "(having taken down an enemy with an attack this activation)".to_string()
        }
        Condition::TookDownInMelee => {
            "(having taken down an enemy with a melee attack this activation)".to_string()
        }
        Condition::EnemyWithin { range, visible } => {
            format!("(with an enemy{} within {range}\")", seen(*visible))
        }
        Condition::NoEnemyWithin { range, visible } => {
            format!("(with no enemy{} within {range}\")", seen(*visible))
        }
        Condition::FriendWithin {
            range,
            visible,
            runemark,
            marks,
        } => format!(
            "(with a friend{}{} within {range}\")",
            marks.and(runemark.as_deref()).with_words(),
            seen(*visible)
        ),
        Condition::Damaged(n) => format!("(with {n} or more damage)"),
        Condition::NoFriendWithin { range } => format!("(with no other friend within {range}\")"),
        Condition::HurtWithin {
            friend,
            range,
            visible,
            damage,
        } => format!(
            "(with {}{} with {damage} or more damage within {range}\")",
            if *friend {
                "another friend"
            } else {
                "an enemy"
            },
            seen(*visible)
        ),
        Condition::Round(n) => format!("(in battle round {n})"),
        Condition::RoundFrom(n) => format!("(in battle round {n} or later)"),
        Condition::EnemiesWithin { range, count } => {
            format!("(with {count} or more enemies within {range}\")")
        }
        Condition::FriendsWithin {
            range,
            count,
            marks,
        } => format!(
            "(with {count} or more other friends{} within {range}\")",
            marks.with_words()
        ),
        Condition::NotMarked(m) => format!("(not for fighters with the {} runemark)", m.words()),
        Condition::ValueAtLeast(6) => "(at a value of 6)".to_string(),
        Condition::ValueAtLeast(n) => format!("(at a value of {n} or more)"),
        Condition::TargetWithin(range) => format!("(on an enemy within {range}\")"),
        Condition::TargetWoundsAtLeast(n) => format!("(on an enemy with {n} or more Wounds)"),
        Condition::Marked(m) => format!("(for a fighter with the {} runemark)", m.words()),
        Condition::ArmedWith(m) => format!("(for a fighter with a weapon{})", m.with_words()),
        Condition::NearObjective(range) => format!("(within {range}\" of an objective)"),
        Condition::NearObstacle(range) => format!("(within {range}\" of an obstacle)"),
        Condition::MovesMade(1) => "(after a move action this activation)".to_string(),
        Condition::MovesMade(n) => format!("(after {n} move actions this activation)"),
        Condition::JumpedDown(h) => {
            format!("(having jumped {h}\" or more down in a move this activation)")
        }
        Condition::ShotThisActivation => {
            "(after a missile attack action this activation)".to_string()
        }
        Condition::FriendEngaged { marks, range } => format!(
            "(with a friend{} within {range}\" of an enemy)",
            marks.with_words()
        ),
        _ => later_text(c),
    }
}

/// [`condition_text`] of what was done before, how often, and either of two.
fn later_text(c: &Condition) -> String {
    match c {
        Condition::OncePerBattle => "(once per battle)".to_string(),
        Condition::EnemyTakenDownThisRound => {
            "(once an enemy has been taken down this round)".to_string()
        }
        Condition::FriendAttackedThisRound(m) => format!(
            "(once another friendly fighter{} has attacked this round)",
            m.with_words()
        ),
        Condition::OncePerRoundPerTarget => "(on each fighter once per round)".to_string(),
        Condition::CarryingTreasure => "(carrying treasure)".to_string(),
        Condition::NoMoveMade => "(before any move action this activation)".to_string(),
        Condition::AttackerInReach => {
            "(when the attacker is within range of one of its weapons)".to_string()
        }
        Condition::NoMoveNorDisengage => {
            "(before any move or disengage action this activation)".to_string()
        }
        Condition::EmptyHanded(true) => "(while it is empty-handed)".to_string(),
        Condition::EmptyHanded(false) => "(while it is not empty-handed)".to_string(),
        Condition::Either(a, b) => {
            let inner = |c: &Condition| condition_text(c).trim_matches(['(', ')']).to_string();
            format!("({} or {})", inner(a), inner(b))
        }
        Condition::Both(a, b) => {
            let inner = |c: &Condition| condition_text(c).trim_matches(['(', ')']).to_string();
            format!("({} and {})", inner(a), inner(b))
        }
        _ => String::new(),
    }
}

/// Does the condition hold for the fighter now?
pub(super) fn check(c: &Checked, e: &Effect) -> Result<(), Rejected> {
    let Effect::Requires(condition) = e else {
        return Ok(());
    };
    match why_not(c, condition) {
        Some(why) => Err(Rejected::new(RuleId::Abl5, why)),
        None => Ok(()),
    }
}

/// Why `c`'s fighter has not taken down an enemy with an attack (a `melee` one) this
/// activation; `None` when it has.
fn took_down_why(c: &Checked, melee: bool) -> Option<String> {
    let done = (c.world.resource::<Engine>().activation.as_ref())
        .is_some_and(|a| a.fighter == c.f.id && a.took_down_melee | (a.took_down & !melee));
    let kind = if melee { "a melee" } else { "an" };
    let name = &c.f.name;
    (!done).then(|| {
        format!("{name} has taken down no enemy with {kind} attack action this activation")
    })
}

/// Why the condition does not hold for the fighter now, for people; `None` when it holds.
pub(super) fn why_not(c: &Checked, condition: &Condition) -> Option<String> {
    let seen = |visible: bool| if visible { " it can see" } else { "" };
    let name = &c.f.name;
    match condition {
        Condition::TookDownThisActivation | Condition::TookDownInMelee => {
            took_down_why(c, *condition == Condition::TookDownInMelee)
        }
        Condition::EnemyWithin { range, visible } => {
            let near = enemies_in_reach(c.world, c.all, c.f, *range, *visible);
            near.is_empty().then(|| {
                format!(
                    "there is no enemy{} within {range}\" of {name}",
                    seen(*visible)
                )
            })
        }
        Condition::NoEnemyWithin { range, visible } => {
            let near = enemies_in_reach(c.world, c.all, c.f, *range, *visible);
            (!near.is_empty()).then(|| {
                format!(
                    "there is an enemy{} within {range}\" of {name}",
                    seen(*visible)
                )
            })
        }
        Condition::FriendWithin {
            range,
            visible,
            runemark,
            marks,
        } => {
            let reach = (*range, *visible);
            let marks = marks.and(runemark.as_deref());
            let near = marked_in_reach(c.world, c.all, c.f, reach, marks, true);
            near.is_empty().then(|| {
                let mark = marks.with_words();
                format!(
                    "there is no other friendly fighter{mark}{} within {range}\" of {name}",
                    seen(*visible)
                )
            })
        }
        Condition::NoFriendWithin { .. }
        | Condition::HurtWithin { .. }
        | Condition::NotMarked(_)
        | Condition::Round(_)
        | Condition::RoundFrom(_)
        | Condition::EnemiesWithin { .. }
        | Condition::FriendsWithin { .. } => why_not_more(c, condition),
        Condition::ValueAtLeast(_)
        | Condition::TargetWithin(_)
        | Condition::TargetWoundsAtLeast(_)
        | Condition::Marked(_)
        | Condition::ArmedWith(_)
        | Condition::NearObjective(_)
        | Condition::NearObstacle(_)
        | Condition::JumpedDown(_)
        | Condition::MovesMade(_)
        | Condition::ShotThisActivation
        | Condition::CarryingTreasure
        | Condition::NoMoveMade
        | Condition::NoMoveNorDisengage
        | Condition::EmptyHanded(_)
        | Condition::Damaged(_)
        | Condition::Either(..)
        | Condition::Both(..)
        | Condition::FriendEngaged { .. } => why_not_now(c, condition),
        Condition::EnemyTakenDownThisRound | Condition::FriendAttackedThisRound(_) => {
            why_not_this_round(c, condition)
        }
        // Asked with the ability's name and pick (`rules::abilities`), or as a reaction is
        // offered.
        Condition::OncePerBattle
        | Condition::OncePerRoundPerTarget
        | Condition::AttackerInReach => None,
    }
}

/// [`why_not`] of what was done this battle round (the log's entries of this round).
fn why_not_this_round(c: &Checked, condition: &Condition) -> Option<String> {
    match condition {
        Condition::FriendAttackedThisRound(marks) => {
            let round = c.world.resource::<Engine>().round;
            let log = c.world.resource::<crate::rules::log::BattleLog>();
            let friend = |id: &crate::model::ids::FighterId| {
                c.all.iter().any(|o| {
                    o.id == *id
                        && o.id != c.f.id
                        && o.side == c.f.side
                        && marks.fit(|m| o.profile.bears(m))
                })
            };
            let done = log.entries.iter().rev().take_while(|l| l.round == round).any(|l| {
                matches!(&l.event, crate::rules::log::Event::Attack { attacker, .. } if friend(attacker))
            });
            (!done).then(|| {
                format!(
                    "no other friendly fighter{} has made an attack action this battle round",
                    marks.with_words()
                )
            })
        }
        Condition::EnemyTakenDownThisRound => {
            let round = c.world.resource::<Engine>().round;
            let log = c.world.resource::<crate::rules::log::BattleLog>();
            let enemy = |id: &crate::model::ids::FighterId| {
                c.all.iter().any(|o| o.id == *id && o.side != c.f.side)
            };
            let down = log.entries.iter().rev().take_while(|l| l.round == round).any(|l| {
                matches!(&l.event, crate::rules::log::Event::TakenDown { fighter } if enemy(fighter))
            });
            (!down).then(|| "no enemy fighter has been taken down this battle round".to_string())
        }
        _ => None,
    }
}

/// [`why_not`] of the conditions read for the whole community set (issue 30).
fn why_not_more(c: &Checked, condition: &Condition) -> Option<String> {
    let name = &c.f.name;
    match condition {
        Condition::NoFriendWithin { range } => {
            let near =
                marked_in_reach(c.world, c.all, c.f, (*range, false), Marks::default(), true);
            (!near.is_empty())
                .then(|| format!("another friendly fighter is within {range}\" of {name}"))
        }
        Condition::HurtWithin {
            friend,
            range,
            visible,
            damage,
        } => {
            let near = marked_in_reach(
                c.world,
                c.all,
                c.f,
                (*range, *visible),
                Marks::default(),
                *friend,
            );
            let hurt = |id: &FighterId| c.all.iter().any(|o| o.id == *id && o.damage >= *damage);
            let who = if *friend {
                "other friendly fighter"
            } else {
                "enemy"
            };
            let seen = if *visible { " it can see" } else { "" };
            (!near.iter().any(hurt)).then(|| {
                format!(
                    "there is no {who}{seen} with {damage} or more damage points within \
                     {range}\" of {name}"
                )
            })
        }
        Condition::NotMarked(m) => {
            let marked = m.fit(|k| c.f.profile.bears(k));
            marked.then(|| format!("{name} has the {} runemark", m.words()))
        }
        Condition::Round(n) => {
            let now = c.world.resource::<Engine>().round;
            (now != *n).then(|| format!("it is battle round {now}, not {n}"))
        }
        Condition::RoundFrom(n) => {
            let now = c.world.resource::<Engine>().round;
            (now < *n).then(|| format!("it is battle round {now}, not yet {n}"))
        }
        Condition::FriendsWithin {
            range,
            count,
            marks,
        } => {
            let near = marked_in_reach(c.world, c.all, c.f, (*range, false), *marks, true);
            let near = near.len() as u32;
            (near < *count).then(|| {
                format!(
                    "{near} other friendly fighter{}{} within {range}\" of {name}, not {count} \
                     or more",
                    if near == 1 { "" } else { "s" },
                    marks.with_words()
                )
            })
        }
        Condition::EnemiesWithin { range, count } => {
            let near = enemies_in_reach(c.world, c.all, c.f, *range, false).len() as u32;
            let are = if near == 1 {
                "fighter is"
            } else {
                "fighters are"
            };
            (near < *count).then(|| {
                format!("{near} enemy {are} within {range}\" of {name}, not {count} or more")
            })
        }
        _ => None,
    }
}

/// [`why_not`] of what this fighter is and did: its runemarks, where it stands, its actions
/// this activation (a value is the `When`'s to weigh: it always holds here).
/// MOVE-6: why `name` has not jumped `h` inches or more down this activation, if it has not.
fn jumped_short(
    name: &str,
    act: Option<&crate::rules::state::ActivationState>,
    h: f32,
) -> Option<String> {
    let down = act.map_or(0.0, |a| a.jumped_down);
    (down + 1e-3 < h)
        .then(|| format!("{name} has not jumped {h}\" or more down in a move this activation"))
}

fn why_not_now(c: &Checked, condition: &Condition) -> Option<String> {
    let name = &c.f.name;
    let act = (c.world.resource::<Engine>().activation.as_ref()).filter(|a| a.fighter == c.f.id);
    match condition {
        Condition::Damaged(n) => (c.f.damage < *n).then(|| {
            format!(
                "{name} has {} damage points allocated, not {n} or more",
                c.f.damage
            )
        }),
        Condition::Either(a, b) => {
            let (a, b) = (why_not(c, a)?, why_not(c, b)?);
            Some(format!("{a}, and {b}"))
        }
        Condition::Both(a, b) => why_not(c, a).or_else(|| why_not(c, b)),
        Condition::CarryingTreasure => {
            (c.f.carrying.is_none()).then(|| format!("{name} is carrying no treasure"))
        }
        Condition::EmptyHanded(want) => {
            let empty = (c.world.resource::<Engine>()).has(c.f.id, Lasting::EmptyHanded);
            let not = if empty { "" } else { "not " };
            (empty != *want).then(|| format!("{name} is {not}empty-handed"))
        }
        Condition::Marked(m) => {
            let marked = m.fit(|k| c.f.profile.bears(k));
            (!marked).then(|| format!("{name} doesn't have the {} runemark", m.words()))
        }
        Condition::ArmedWith(m) => (!super::weapon_boost::armed_with(c.f, *m))
            .then(|| format!("{name} has no weapon{}", m.with_words())),
        Condition::NearObstacle(range) => {
            let bf = c.world.get_resource::<crate::battlefield::Battlefield>();
            let near = |p: &crate::battlefield::shapes::PieceShape| {
                p.piece.kind == crate::model::formats::TerrainKind::Obstacle
                    && p.distance_to_base(&c.f.base()) <= range + 1e-4
            };
            let by_one = c.f.on_board() && bf.is_some_and(|b| b.shapes.pieces.iter().any(near));
            (!by_one).then(|| format!("{name} is not within {range}\" of an obstacle"))
        }
        Condition::NearObjective(range) => {
            let mut objectives = c
                .world
                .try_query::<&crate::model::components::Objective>()?;
            let near = |o: &crate::model::components::Objective| {
                let at = bevy::math::Vec3::new(o.position.0, 0.0, o.position.1);
                crate::battlefield::measure::distance_to_point(&c.f.base(), at) <= range + 1e-4
            };
            let by_one = c.f.on_board() && objectives.iter(c.world).any(near);
            (!by_one).then(|| format!("{name} is not within {range}\" of an objective"))
        }
        Condition::JumpedDown(h) => jumped_short(name, act, *h),
        Condition::MovesMade(n) => {
            let made = act.map_or(0, |a| a.moves);
            let actions = if made == 1 { "action" } else { "actions" };
            (made < *n)
                .then(|| format!("{name} has made {made} move {actions} this activation, not {n}"))
        }
        Condition::NoMoveMade => (act.is_some_and(|a| a.moves > 0))
            .then(|| format!("{name} has made a move action this activation")),
        Condition::NoMoveNorDisengage => (act.is_some_and(|a| a.moves > 0 || a.disengaged))
            .then(|| format!("{name} has made a move or disengage action this activation")),
        Condition::ShotThisActivation => (act.is_none_or(|a| a.shots == 0))
            .then(|| format!("{name} has made no missile attack action this activation")),
        Condition::FriendEngaged { marks, range } => {
            let engaged = |o: &crate::rules::state::FighterView| {
                o.on_board()
                    && o.side == c.f.side
                    && marks.fit(|m| o.profile.bears(m))
                    && !enemies_in_reach(c.world, c.all, o, *range, false).is_empty()
            };
            (!c.all.iter().any(engaged)).then(|| {
                format!(
                    "no friendly fighter{} is within {range}\" of an enemy",
                    marks.with_words()
                )
            })
        }
        _ => None,
    }
}
