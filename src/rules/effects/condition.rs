//! The condition family (ABL-5): when an ability may be used at all.

use crate::model::RuleId;
use crate::model::effects::{Condition, Effect};
use crate::model::ids::FighterId;
use crate::rules::command::Rejected;
use crate::rules::state::Engine;

use super::card::{fill, number_prefix};
use super::{Checked, Marks, enemies_in_reach, marked_in_reach};

/// In words: "(having taken down an enemy with an attack this activation)".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::Requires(c) => condition_text(c),
        Effect::When { .. } => super::when::describe(e, value),
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
        Condition::EnemiesWithin { range, count } => {
            format!("(with {count} or more enemies within {range}\")")
        }
        Condition::NotMarked(m) => format!("(not for fighters with the {} runemark)", m.words()),
        Condition::ValueAtLeast(6) => "(at a value of 6)".to_string(),
        Condition::ValueAtLeast(n) => format!("(at a value of {n} or more)"),
        Condition::Marked(m) => format!("(for a fighter with the {} runemark)", m.words()),
        Condition::NearObjective(range) => format!("(within {range}\" of an objective)"),
        Condition::NearObstacle(range) => format!("(within {range}\" of an obstacle)"),
        Condition::MovesMade(1) => "(after a move action this activation)".to_string(),
        Condition::MovesMade(n) => format!("(after {n} move actions this activation)"),
        Condition::ShotThisActivation => {
            "(after a missile attack action this activation)".to_string()
        }
        Condition::FriendEngaged { marks, range } => format!(
            "(with a friend{} within {range}\" of an enemy)",
            marks.with_words()
        ),
        Condition::OncePerBattle => "(once per battle)".to_string(),
        Condition::EnemyTakenDownThisRound => {
            "(once an enemy has been taken down this round)".to_string()
        }
        Condition::FriendAttackedThisRound(m) => format!(
            "(once another friendly fighter{} has attacked this round)",
            m.with_words()
        ),
        Condition::OncePerRoundPerTarget => "(on each fighter once per round)".to_string(),
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

/// Why the condition does not hold for the fighter now, for people; `None` when it holds.
pub(super) fn why_not(c: &Checked, condition: &Condition) -> Option<String> {
    let seen = |visible: bool| if visible { " it can see" } else { "" };
    let name = &c.f.name;
    match condition {
        Condition::TookDownThisActivation => {
            let done = c
                .world
                .resource::<Engine>()
                .activation
                .as_ref()
                .is_some_and(|a| a.fighter == c.f.id && a.took_down);
            (!done).then(|| {
                format!("{name} has taken down no enemy with an attack action this activation")
            })
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
        Condition::Damaged(n) => (c.f.damage < *n).then(|| {
            format!(
                "{name} has {} damage points allocated, not {n} or more",
                c.f.damage
            )
        }),
        Condition::NoFriendWithin { .. }
        | Condition::HurtWithin { .. }
        | Condition::NotMarked(_)
        | Condition::Round(_)
        | Condition::EnemiesWithin { .. } => why_not_more(c, condition),
        Condition::ValueAtLeast(_)
        | Condition::Marked(_)
        | Condition::NearObjective(_)
        | Condition::NearObstacle(_)
        | Condition::MovesMade(_)
        | Condition::ShotThisActivation
        | Condition::FriendEngaged { .. } => why_not_now(c, condition),
        Condition::EnemyTakenDownThisRound | Condition::FriendAttackedThisRound(_) => {
            why_not_this_round(c, condition)
        }
        // Asked with the ability's name and pick (`rules::abilities`).
        Condition::OncePerBattle | Condition::OncePerRoundPerTarget => None,
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
fn why_not_now(c: &Checked, condition: &Condition) -> Option<String> {
    let name = &c.f.name;
    let act = (c.world.resource::<Engine>().activation.as_ref()).filter(|a| a.fighter == c.f.id);
    match condition {
        Condition::Marked(m) => {
            let marked = m.fit(|k| c.f.profile.bears(k));
            (!marked).then(|| format!("{name} doesn't have the {} runemark", m.words()))
        }
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
        Condition::MovesMade(n) => {
            let made = act.map_or(0, |a| a.moves);
            let actions = if made == 1 { "action" } else { "actions" };
            (made < *n)
                .then(|| format!("{name} has made {made} move {actions} this activation, not {n}"))
        }
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

// The card's wording of this family (`card`: the language's shared pieces).

/// "A fighter can only use this ability if <condition>" (or "... can use this ability only
/// if ...").
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    if let Some(done) = done_before(s) {
        return Some(vec![Effect::Requires(done)]);
    }
    let rest = [
        "a fighter can only use this ability if ",
        "a fighter can use this ability only if ",
        "a fighter can use this ablility only if ",
        "this fighter can use this ability only if ",
        "this fighter can only use this ability if ",
    ]
    .iter()
    .find_map(|p| s.strip_prefix(p))?;
    // "... and have made N move actions this activation": a second condition.
    if let Some((first, moves)) = rest.split_once(" and have made ") {
        let n = fill(moves, "{n} move actions this activation")?[0];
        let first = sentence(&format!("a fighter can only use this ability if {first}"))?;
        let moves = Condition::MovesMade(u8::try_from(n).ok()?);
        return Some(first.into_iter().chain([Effect::Requires(moves)]).collect());
    }
    let condition = match rest
        .strip_prefix("an enemy fighter has been taken down by an attack action made by ")
        .or_else(|| {
            rest.strip_prefix("an enemy fighter was taken down by an attack action made by ")
        }) {
        Some("them this activation" | "this fighter this activation") => {
            Condition::TookDownThisActivation
        }
        Some(_) => return None,
        None => enemy_within(rest)
            .or_else(|| no_enemy_within(rest))
            .or_else(|| friend_within(rest))
            .or_else(|| damaged(rest))
            .or_else(|| no_friend_within(rest))
            .or_else(|| hurt_within(rest))
            .or_else(|| battle_round(rest))
            .or_else(|| enemies_within(rest))?,
    };
    Some(vec![Effect::Requires(condition)])
}

/// What this fighter must have done this activation: "a fighter can use this ability only
/// after making two move actions in the same activation", "... if they have made one or
/// more missile attack actions this activation".
fn done_before(s: &str) -> Option<Condition> {
    match s {
        "a fighter can use this abilities only after making two move actions in the same \
         activation"
        | "a fighter can use this ability only after making two move actions in the same \
           activation" => Some(Condition::MovesMade(2)),
        "a fighter can only use this ability if they have made one or more missile attack \
         actions this activation"
        | "a fighter can only use this ability after it has made a missile attack action in \
           this activation" => Some(Condition::ShotThisActivation),
        "a fighter can only use this ability once per battle" => Some(Condition::OncePerBattle),
        "a fighter can only use this ability if an enemy fighter has been taken down this battle \
         round" => Some(Condition::EnemyTakenDownThisRound),
        "a fighter can only be targeted once per battle round by this ability"
        | "a fighter can only be targeted once per battleround by this ability" => {
            Some(Condition::OncePerRoundPerTarget)
        }
        _ => friend_attacked(s),
    }
}

/// "A fighter can only use this ability if another friendly fighter with MARKS has made an
/// attack action in this battle round".
fn friend_attacked(s: &str) -> Option<Condition> {
    let marks = s
        .strip_prefix("a fighter can only use this ability if another friendly fighter with ")?
        .strip_suffix(" has made an attack action in this battle round")?;
    Some(Condition::FriendAttackedThisRound(super::card::marks_of(
        marks,
    )?))
}

/// "they are within N" of M or more enemy fighters".
fn enemies_within(s: &str) -> Option<Condition> {
    let v = fill(s, "they are within {n}\" of {n} or more enemy fighters")?;
    Some(Condition::EnemiesWithin {
        range: v[0] as f32,
        count: v[1],
    })
}

/// The first form of `forms` that `s` fills: its number and whether it says "visible".
fn one_of(s: &str, forms: &[(&str, bool)]) -> Option<(f32, bool)> {
    forms
        .iter()
        .find_map(|(form, visible)| Some((fill(s, form)?[0] as f32, *visible)))
}

/// "there is a visible enemy fighter within N" of them", "there is an enemy fighter within N"
/// of them", "they are within N" of an enemy fighter".
fn enemy_within(s: &str) -> Option<Condition> {
    let forms = [
        (
            "there is a visible enemy fighter within {n}\" of them",
            true,
        ),
        ("there is an enemy fighter within {n}\" of them", false),
        ("they are within {n}\" of an enemy fighter", false),
        ("they are within {n}\" of a visible enemy fighter", true),
    ];
    if let Some(v) = fill(s, "they are within {n}\" of an obstacle") {
        return Some(Condition::NearObstacle(v[0] as f32));
    }
    let (range, visible) = one_of(s, &forms)?;
    Some(Condition::EnemyWithin { range, visible })
}

/// "they are not within N" of any enemy fighters", "there are no enemy fighters within N" of
/// this fighter", "they are more than N" from any enemy fighters", "there are no visible
/// enemy fighters within N" of this fighter".
fn no_enemy_within(s: &str) -> Option<Condition> {
    let forms = [
        ("they are not within {n}\" of any enemy fighters", false),
        (
            "there are no enemy fighters within {n}\" of this fighter",
            false,
        ),
        ("they are more than {n}\" from any enemy fighters", false),
        (
            "there are no visible enemy fighters within {n}\" of this fighter",
            true,
        ),
    ];
    let (range, visible) = one_of(s, &forms)?;
    // "More than N" from any enemy" is the same as no enemy within N".
    Some(Condition::NoEnemyWithin { range, visible })
}

/// "there is a visible friendly fighter within N" of them", "there is a visible friendly
/// fighter with the R runemark within N" of them", "they are within N" of a visible friendly
/// fighter with the R runemark" (with MARKS: "with the Soulblight Gravelords faction runemark
/// and the Hero runemark").
pub(super) fn friend_within(s: &str) -> Option<Condition> {
    let (visible, rest) = if let Some(r) = s.strip_prefix("there is a visible friendly fighter ") {
        (true, r)
    } else if let Some(r) = s.strip_prefix("there is a friendly fighter ") {
        (false, r)
    } else {
        let rest = s.strip_prefix("they are within ")?;
        let (n, rest) = number_prefix(rest)?;
        let (visible, rest) = match rest.strip_prefix("\" of a visible friendly fighter") {
            Some(r) => (true, r),
            None => (false, rest.strip_prefix("\" of a friendly fighter")?),
        };
        let (runemark, marks) = match rest.strip_prefix(" with ") {
            None if rest.is_empty() => (None, Marks::default()),
            Some(m) if m.ends_with(" runemark") || m.ends_with(" runemarks") => {
                super::card::marks_of(m)?.split_one()
            }
            _ => return None,
        };
        return Some(Condition::FriendWithin {
            range: n as f32,
            visible,
            runemark,
            marks,
        });
    };
    let (runemark, rest) = match rest.strip_prefix("with the ") {
        Some(r) => {
            let (mark, r) = r.split_once(" runemark ")?;
            (Some(mark.to_string()), r)
        }
        None => (None, rest),
    };
    let v = fill(rest, "within {n}\" of them")?;
    Some(Condition::FriendWithin {
        range: v[0] as f32,
        visible,
        runemark,
        marks: Marks::default(),
    })
}

/// "they have N or more damage points allocated to them", "N or more damage points have been
/// allocated to them".
fn damaged(s: &str) -> Option<Condition> {
    let forms = [
        "they have {n} or more damage points allocated to them",
        "{n} or more damage points have been allocated to them",
    ];
    let n = forms.iter().find_map(|f| fill(s, f))?[0];
    Some(Condition::Damaged(n))
}

/// "there are no other friendly fighters within N" of this fighter".
fn no_friend_within(s: &str) -> Option<Condition> {
    let v = fill(
        s,
        "there are no other friendly fighters within {n}\" of this fighter",
    )?;
    Some(Condition::NoFriendWithin { range: v[0] as f32 })
}

/// "they are within N" of a visible enemy fighter with D or more damage points allocated to
/// them", "there is a visible enemy fighter within N" of them that has D or more damage
/// points allocated to them", "there is another friendly fighter within N" of this fighter
/// with D or more damage points allocated to them".
fn hurt_within(s: &str) -> Option<Condition> {
    let forms = [
        (
            "they are within {n}\" of a visible enemy fighter with {n} or more damage points \
             allocated to them",
            false,
            true,
        ),
        (
            "there is a visible enemy fighter within {n}\" of them that has {n} or more damage \
             points allocated to them",
            false,
            true,
        ),
        (
            "there is another friendly fighter within {n}\" of this fighter with {n} or more \
             damage points allocated to them",
            true,
            false,
        ),
    ];
    forms.iter().find_map(|(form, friend, visible)| {
        let v = fill(s, form)?;
        Some(Condition::HurtWithin {
            friend: *friend,
            range: v[0] as f32,
            visible: *visible,
            damage: v[1],
        })
    })
}

/// "it is the first (second, third, fourth) battle round".
fn battle_round(s: &str) -> Option<Condition> {
    let rest = s.strip_prefix("it is the ")?;
    let rest = rest.strip_suffix(" battle round")?;
    let n = ["first", "second", "third", "fourth"]
        .iter()
        .position(|w| *w == rest)?;
    Some(Condition::Round(n as u32 + 1))
}
