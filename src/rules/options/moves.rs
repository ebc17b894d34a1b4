//! Where a move can end (MOVE-1) and a disengage (DIS-1), for the active fighter or the friend
//! whose bonus move waits (ABL-5).

use bevy::prelude::*;
use serde::Serialize;

use crate::battlefield::Battlefield;
use crate::battlefield::measure::Base;
use crate::battlefield::moves::{disengage_spots_ending, engaged_end_allowed};
use crate::model::ids::FighterId;
use crate::model::ruleset::Ruleset;
use crate::rules::state::{Bonus, FighterView, blockers};

/// MOVE-1 reachable places with their costs, and DIS-1 disengage spots.
type Places = (Vec<([f32; 3], f32)>, Vec<[f32; 3]>);

/// ABL-5: a friend's bonus move waiting: the friend, the inches it may cover, and where it can
/// end (MOVE-1).
#[derive(Debug, Clone, Serialize)]
pub struct FriendMove {
    pub fighter: FighterId,
    pub budget: f32,
    pub moves: Vec<([f32; 3], f32)>,
}

/// ABL-5: where the friend whose bonus move waits (`bonus`) can go.
pub(super) fn friend_move_options(
    world: &mut World,
    all: &[FighterView],
    bonus: Option<Bonus>,
) -> Option<FriendMove> {
    let b = bonus?;
    let budget = b.move_max()?;
    let friend = all
        .iter()
        .find(|o| Some(o.id) == b.friend() && o.on_board())?;
    let (mut moves, _) = move_options(world, all, friend, budget);
    // ABL-5: only where it ends closer to the active fighter, when the bonus asks it.
    crate::rules::effects::keep_closer_to_active(world, all, friend, bonus, &mut moves);
    Some(FriendMove {
        fighter: friend.id,
        budget,
        moves,
    })
}

/// MOVE-1 reachable places with their costs, and DIS-1 disengage spots.
pub(crate) fn move_options(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    budget: f32,
) -> Places {
    let Some(bf) = world.get_resource::<Battlefield>() else {
        return (Vec::new(), Vec::new());
    };
    let moves = move_places(world, all, f, budget, None);
    let mover = f.mover(world.resource::<Ruleset>());
    let disengage = disengage_spots_ending(
        &bf.nav,
        &mover,
        f.pos,
        (&enemy_bases(all, f), &blockers(all, f.id)),
        crate::rules::effects::disengages_ending_near(world, f.id),
    )
    .into_iter()
    .map(|p| p.to_array())
    .collect();
    (moves, disengage)
}

/// The bases of `f`'s enemies on the battlefield.
fn enemy_bases(all: &[FighterView], f: &FighterView) -> Vec<Base> {
    all.iter()
        .filter(|o| o.on_board() && o.side != f.side)
        .map(|o| o.base())
        .collect()
}

/// MOVE-1: where a move of `f` with `budget` inches can end, with what it costs, getting down
/// from higher places only as `descend` allows (MOVE-5: climbing down costs the height; the
/// move preview redraws its places when the player chooses it).
pub fn move_places(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    budget: f32,
    descend: Option<crate::battlefield::nav::Descend>,
) -> Vec<([f32; 3], f32)> {
    let Some(bf) = world.get_resource::<Battlefield>() else {
        return Vec::new();
    };
    let mover = f.mover(world.resource::<Ruleset>());
    let others = blockers(all, f.id);
    let enemies = enemy_bases(all, f);
    // MOVE-3: an engaged fighter's move ends at least as close to its nearest enemy.
    let start = f.base();
    let free = crate::rules::effects::moves_while_engaged(world, f.id);
    // ABL-5: held to a fighter, its places end no farther from it (asked only when held).
    let held = !(world
        .resource::<crate::rules::state::Engine>()
        .leashes(f.id))
    .is_empty();
    bf.nav
        .reachable_descending(&mover, f.pos, budget, &others, false, descend)
        .into_iter()
        .filter(|(p, _)| {
            let end = Base::new(f.profile.base, *p, f.facing);
            (free || engaged_end_allowed(&start, &end, &enemies))
                && (!held || crate::rules::effects::held_to(world, all, f, &end).is_ok())
        })
        .map(|(p, c)| (p.to_array(), c))
        .collect()
}
