//! The places in reach of a move (for the move preview overlay): every grid place a mover can
//! get to with the Move it has, and what it costs to get there.

use std::collections::BinaryHeap;

use bevy::math::{Vec2, Vec3};

use super::blockers::{Blockers, NearBlockers, blocked_by};
use super::grid::{Node, NodeMap};
use super::search::Open;
use super::{CELL, Descend, Mover, NavGrid, NavWorld};
use crate::battlefield::measure::Base;

impl NavWorld {
    /// Every grid place a mover can reach with `budget` inches of Move, with the cost to get
    /// there (for the move preview overlay).
    pub fn reachable(
        &self,
        mover: &Mover,
        from: Vec3,
        budget: f32,
        blockers: &[Base],
        avoid_deadly: bool,
    ) -> Vec<(Vec3, f32)> {
        self.reachable_descending(mover, from, budget, blockers, avoid_deadly, None)
    }

    /// [`NavWorld::reachable`] getting down from higher surfaces only the way `descend` allows
    /// (MOVE-5: climbing down instead of jumping costs the height).
    pub fn reachable_descending(
        &self,
        mover: &Mover,
        from: Vec3,
        budget: f32,
        blockers: &[Base],
        avoid_deadly: bool,
        descend: Option<Descend>,
    ) -> Vec<(Vec3, f32)> {
        let g = self.grid(mover);
        if mover.can_fly {
            return self.reachable_flying(&g, mover, from, budget, blockers);
        }
        let mut out = Vec::new();
        let Some(sl) = self.layer_of(&g, from, mover) else {
            return out;
        };
        let reach = Reach {
            g: &g,
            mover,
            budget,
            blockers: Blockers::new(blockers, mover),
            avoid_deadly,
            descend,
        };
        let dist = reach.costs(sl, Vec2::new(from.x, from.z));
        for ((l, k), d) in dist.entries() {
            let layer = &g.layers[l as usize];
            if layer.stop {
                let c = layer.centre(k as usize);
                out.push((Vec3::new(c.x, layer.y, c.y), d));
            }
        }
        out
    }
}

/// A search of everything within a budget of Move (Dijkstra on the grid).
struct Reach<'a> {
    g: &'a NavGrid,
    mover: &'a Mover,
    budget: f32,
    /// The other fighters' bases, with what the search keeps about each.
    blockers: Blockers<'a>,
    avoid_deadly: bool,
    /// MOVE-5: how it may get down (`None`: any way).
    descend: Option<Descend>,
}

impl<'a> Reach<'a> {
    /// The cheapest cost of every node within the budget from `sc` on layer `sl`.
    fn costs(&self, sl: usize, sc: Vec2) -> NodeMap<'a, f32> {
        let g = self.g;
        let mut dist: NodeMap<f32> = NodeMap::new(g);
        let mut heap = BinaryHeap::new();
        for (k, c) in g.cells_near(sl, sc, CELL * 1.5) {
            if g.usable(sl, k, self.avoid_deadly)
                && !blocked_by(self.blockers.bases, g.layers[sl].y, c, self.mover)
            {
                let d = sc.distance(c);
                if d <= self.budget {
                    dist.insert((sl as u16, k as u32), d);
                    heap.push(Open(d, d, (sl as u16, k as u32)));
                }
            }
        }
        while let Some(Open(_, d, n)) = heap.pop() {
            if dist.get(&n).is_some_and(|&best| d > best + 1e-5) {
                continue;
            }
            for (m, w) in self.next(n) {
                let (ml, mk) = (m.0 as usize, m.1 as usize);
                let nd = d + w;
                let mc = g.layers[ml].centre(mk);
                if nd <= self.budget
                    && g.usable(ml, mk, self.avoid_deadly)
                    && !blocked_by(self.blockers.bases, g.layers[ml].y, mc, self.mover)
                    && dist.get(&m).is_none_or(|&old| nd < old - 1e-6)
                {
                    dist.insert(m, nd);
                    heap.push(Open(nd, nd, m));
                }
            }
        }
        dist
    }

    /// The nodes one step from `n`: walks to its neighbours clear of other fighters, then its
    /// climbs and jumps, with their costs.
    fn next(&self, n: Node) -> Vec<(Node, f32)> {
        let g = self.g;
        let (l, k) = (n.0 as usize, n.1 as usize);
        let (c, y) = (g.layers[l].centre(k), g.layers[l].y);
        // Only the bases near this cell can be in the way of its walks.
        let near = NearBlockers::of(&self.blockers, self.mover.body, y, c);
        let mut next: Vec<(Node, f32)> = g
            .neighbours(l, k, self.avoid_deadly)
            .filter(|&(j, _)| !near.block(&self.blockers, self.mover, y, c, g.layers[l].centre(j)))
            .map(|(j, w)| ((l as u16, j as u32), w))
            .collect();
        next.extend(
            g.links_of(n)
                .iter()
                .filter(|&&(m, kind, _)| {
                    self.descend
                        .is_none_or(|d| d.allows(kind, y, g.layers[m.0 as usize].y))
                })
                .map(|&(m, kind, w)| {
                    let to = g.layers[m.0 as usize].y;
                    (m, self.mover.link_cost(kind, w, (y, to)))
                }),
        );
        next
    }
}
