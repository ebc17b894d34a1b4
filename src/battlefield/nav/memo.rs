//! The last shortest paths each thread found, by their exact inputs. A move is searched by the
//! solo AI when it decides, again when the command is checked and again when it is applied:
//! the same question, answered once.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use bevy::math::Vec3;

use super::grid::Node;
use super::{Descend, Goal, Mover, Path};
use crate::battlefield::measure::Base;
use crate::battlefield::recent::{Recent, recall};
use crate::model::formats::BaseSize;

/// How many paths each thread keeps.
const KEPT: usize = 16;

/// A new id for each navigation world (so that a world made later at the same address is
/// not taken for an earlier one).
pub(super) fn next_world_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// One shortest-path question: who moves, from where, to what, round which bases, whether
/// round deadly areas, and how it may get down.
#[derive(Debug, Clone, Copy)]
pub(super) struct Query<'a> {
    pub mover: &'a Mover,
    pub from: Vec3,
    pub goal: Goal,
    pub blockers: &'a [Base],
    pub avoid_deadly: bool,
    pub descend: Option<Descend>,
}

/// Everything a search depends on, as bits: equal keys, equal paths.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct PathKey(Vec<u32>);

impl PathKey {
    pub(super) fn new(world: u64, q: &Query) -> Self {
        let mut v = Self::reach(world, q).0;
        match q.goal {
            Goal::Point(p) => {
                v.push(0);
                vec_bits(&mut v, p);
            }
            Goal::NearPoint { point, within } => {
                v.extend([1, within.to_bits()]);
                vec_bits(&mut v, point);
            }
            Goal::NearBase { base, within } => {
                v.extend([2, within.to_bits()]);
                base_bits(&mut v, &base);
            }
        }
        PathKey(v)
    }

    /// The key of everything but the goal: what decides which places a search can reach.
    pub(super) fn reach(world: u64, q: &Query) -> Self {
        let Query {
            mover,
            from,
            goal: _,
            blockers,
            avoid_deadly,
            descend,
        } = *q;
        let mut v = Vec::with_capacity(24 + blockers.len() * 7);
        v.extend([world as u32, (world >> 32) as u32]);
        size_bits(&mut v, mover.base);
        v.extend([
            mover.body.to_bits(),
            u32::from(mover.can_climb)
                | u32::from(mover.can_fly) << 1
                | u32::from(mover.free_climb) << 2,
            mover.fly_rise.map_or(u32::MAX, f32::to_bits),
            u32::from(avoid_deadly),
            match descend {
                None => 0,
                Some(Descend::Climb) => 1,
                Some(Descend::Jump) => 2,
            },
        ]);
        vec_bits(&mut v, from);
        for b in blockers {
            base_bits(&mut v, b);
        }
        PathKey(v)
    }
}

fn vec_bits(v: &mut Vec<u32>, p: Vec3) {
    v.extend([p.x.to_bits(), p.y.to_bits(), p.z.to_bits()]);
}

pub(super) fn size_bits(v: &mut Vec<u32>, s: BaseSize) {
    v.extend(s.bits());
}

pub(super) fn base_bits(v: &mut Vec<u32>, b: &Base) {
    size_bits(v, b.size);
    vec_bits(v, b.centre);
    v.push(b.facing.to_bits());
}

/// How many reachable sets each thread keeps.
const KEPT_REACH: usize = 4;

thread_local! {
    static PATHS: RefCell<Recent<PathKey, Option<Path>>> = const { RefCell::new(Recent::new(KEPT)) };
    static REACH: RefCell<Recent<PathKey, Rc<[Node]>>> =
        const { RefCell::new(Recent::new(KEPT_REACH)) };
}

/// Forgets this thread's paths and reachable sets.
pub(super) fn forget() {
    PATHS.with_borrow_mut(Recent::clear);
    REACH.with_borrow_mut(Recent::clear);
}

/// The nodes (where a base can stop) that a search with this reach key found it could reach,
/// when one ran to the end without meeting its goal. The solo AI asks again with the goal
/// widened: a goal none of these nodes meets is not met, with no second search.
pub(super) fn reachable(key: &PathKey) -> Option<Rc<[Node]>> {
    REACH.with_borrow(|m| m.get(key))
}

/// Keeps the nodes a search with this reach key could reach (see [`reachable`]).
pub(super) fn keep_reachable(key: PathKey, nodes: Rc<[Node]>) {
    REACH.with_borrow_mut(|m| m.keep(key, nodes));
}

/// The path for `key`: found before, or searched by `search` now and kept.
pub(super) fn remembered(key: PathKey, search: impl FnOnce() -> Option<Path>) -> Option<Path> {
    recall(&PATHS, key, search)
}
