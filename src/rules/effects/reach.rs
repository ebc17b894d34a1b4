//! Who an ability's pick may name (ABL-5): the fighters in reach of an aimed effect, and the
//! check of the one its player names.

use bevy::prelude::*;

use crate::battlefield::measure::distance;
use crate::model::RuleId;
use crate::model::effects::{Aim, Effect, Marks};
use crate::model::ids::FighterId;
use crate::rules::command::Rejected;
use crate::rules::state::{FighterView, can_see};

/// The enemies within `range` inches of `f` (that it can see, when `visible`), nearest first.
pub fn enemies_in_reach(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    range: f32,
    visible: bool,
) -> Vec<FighterId> {
    marked_in_reach(world, all, f, (range, visible), Marks::default(), false)
}

/// The fighters within `range` inches of `f` (that it can see, when `visible`; bearing
/// `marks`), nearest first: its enemies, or (`friends`) the other fighters of its side.
pub fn marked_in_reach(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    (range, visible): (f32, bool),
    marks: Marks,
    friends: bool,
) -> Vec<FighterId> {
    let marked = |o: &FighterView| marks.fit(|m| o.profile.bears(m));
    let mut near: Vec<(f32, FighterId)> = all
        .iter()
        .filter(|o| o.on_board() && (o.side == f.side) == friends && o.id != f.id && marked(o))
        .map(|o| (distance(&f.base(), &o.base()), o))
        .filter(|(d, o)| *d <= range + 1e-4 && (!visible || can_see(world, all, f, o)))
        .map(|(d, o)| (d, o.id))
        .collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    near.into_iter().map(|(_, id)| id).collect()
}

/// The fighters an effect is aimed at may be picked among ([`Effect::aim`]): enemies, or
/// friends for a friend's bonus action; `None` for an effect aimed at nobody.
pub fn reach_of(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    e: &Effect,
) -> Option<Vec<FighterId>> {
    let a = e.aim()?;
    if a.down {
        return Some(down_friends(all, f, a.marks));
    }
    let mut near = marked_in_reach(world, all, f, (a.range, a.visible), a.marks, a.friends);
    if a.ready {
        near.retain(|id| all.iter().any(|o| o.id == *id && ready(o)));
    }
    if let Some(only) = a.only {
        near.retain(|id| {
            all.iter()
                .any(|o| o.id == *id && super::lower::only_holds(world, f, o, only))
        });
    }
    Some(near)
}

/// ATK-5: `f`'s friends taken down bearing `marks`: the most points first (the solo AI's
/// pick), then by id.
fn down_friends(all: &[FighterView], f: &FighterView, marks: Marks) -> Vec<FighterId> {
    let mut down: Vec<&FighterView> = (all.iter())
        .filter(|o| o.side == f.side && o.is_down() && marks.fit(|m| o.profile.bears(m)))
        .collect();
    down.sort_by_key(|o| (std::cmp::Reverse(o.profile.points), o.id));
    down.into_iter().map(|o| o.id).collect()
}

/// Has `o` yet to activate this battle round (and can it)?
fn ready(o: &FighterView) -> bool {
    o.activation == crate::model::components::Activation::Ready && o.can_activate()
}

/// Who an aimed effect of `f`'s reaches, for people: "not an enemy it can see within 8\" of
/// Grak" (`none`: "no enemy ..."), "not another friendly fighter with the beast runemark it
/// can see within 4\" of Grak".
fn who_it_reaches(a: Aim, f: &FighterView, none: bool) -> String {
    if a.down {
        let who = if none { "no" } else { "not a" };
        return format!("{who} friendly fighter taken down{}", a.marks.with_words());
    }
    let who = match (a.friends, none) {
        (false, true) => "no enemy",
        (false, false) => "not an enemy",
        (true, true) => "no other friendly fighter",
        (true, false) => "not another friendly fighter",
    };
    let mark = a.marks.with_words() + &a.only.map_or(String::new(), super::lower::only_words);
    let ready = if a.ready {
        " that has yet to activate"
    } else {
        ""
    };
    let seen = if a.visible {
        " it can see"
    } else if none {
        ""
    } else {
        " on the battlefield"
    };
    if a.range == crate::model::effects::ANYWHERE {
        return format!("{who}{mark}{seen}{ready}");
    }
    format!(
        "{who}{mark}{seen} within {}\" of {}{ready}",
        a.range, f.name
    )
}

/// ABL-5: the fighter an aimed effect picks: `target` when it is in reach, else the nearest
/// (none: nobody in reach, refused when nothing else is left to do, `refuse_empty`).
pub(super) fn check_aim(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    e: &Effect,
    aim: Aim,
    target: Option<FighterId>,
    refuse_empty: bool,
) -> Result<Option<FighterId>, Rejected> {
    let near = reach_of(world, all, f, e).unwrap_or_default();
    match target {
        Some(t) if near.contains(&t) => Ok(Some(t)),
        Some(t) => {
            let name = all
                .iter()
                .find(|o| o.id == t)
                .map_or_else(|| format!("fighter {t}"), |o| o.name.to_string());
            Err(Rejected::new(
                RuleId::Abl5,
                format!("{name} is {}", who_it_reaches(aim, f, false)),
            ))
        }
        None if near.is_empty() && refuse_empty => {
            Err(Rejected::new(RuleId::Abl5, who_it_reaches(aim, f, true)))
        }
        None => Ok(near.first().copied()),
    }
}
