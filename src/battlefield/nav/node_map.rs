//! Maps from grid nodes to values for the searches (costs, the step into each node), stored
//! flat and reused from search to search on each thread.

use super::StepKind;
use super::grid::{NavGrid, Node};

/// A map from grid nodes to values, stored flat (faster than hashing in the search loops).
/// Its storage is reused from search to search on each thread (a search used to spend a
/// fifth of its time allocating and zeroing it): an entry counts only when its stamp is the
/// map's own, so nothing has to be cleared.
pub(super) struct NodeMap<'a, T: Pooled> {
    offsets: &'a [usize],
    store: Store<T>,
}

/// The reusable storage of a [`NodeMap`]: a stamp and a value per node, and the stamp of the
/// map using it now.
pub(super) struct Store<T> {
    stamps: Vec<u32>,
    vals: Vec<T>,
    stamp: u32,
}

/// The values node maps hold, each with its thread's pool of stores.
pub(super) trait Pooled: Copy + 'static {
    /// A value for unused slots (never read: its stamp is old).
    const FILL: Self;
    fn pool() -> &'static std::thread::LocalKey<std::cell::RefCell<Vec<Store<Self>>>>;
}

thread_local! {
    static COSTS: std::cell::RefCell<Vec<Store<f32>>> = const { std::cell::RefCell::new(Vec::new()) };
    static STEPS: std::cell::RefCell<Vec<Store<Best>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A search's best cost to a node so far and the step into it (none for a start node).
pub(super) type Best = (f32, Option<(Node, StepKind)>);

impl Pooled for f32 {
    const FILL: Self = 0.0;
    fn pool() -> &'static std::thread::LocalKey<std::cell::RefCell<Vec<Store<Self>>>> {
        &COSTS
    }
}

impl Pooled for Best {
    const FILL: Self = (0.0, None);
    fn pool() -> &'static std::thread::LocalKey<std::cell::RefCell<Vec<Store<Self>>>> {
        &STEPS
    }
}

impl<'a, T: Pooled> NodeMap<'a, T> {
    pub(super) fn new(g: &'a NavGrid) -> Self {
        let n = g.offsets().last().copied().unwrap_or(0);
        let mut store = T::pool().with_borrow_mut(Vec::pop).unwrap_or(Store {
            stamps: Vec::new(),
            vals: Vec::new(),
            stamp: 0,
        });
        if store.stamps.len() < n {
            store.stamps.resize(n, 0);
            store.vals.resize(n, T::FILL);
        }
        store.stamp = store.stamp.wrapping_add(1);
        if store.stamp == 0 {
            // Wrapped round: old stamps could match again.
            store.stamps.fill(0);
            store.stamp = 1;
        }
        NodeMap {
            offsets: g.offsets(),
            store,
        }
    }

    #[inline]
    fn index(&self, n: &Node) -> usize {
        self.offsets[n.0 as usize] + n.1 as usize
    }

    #[inline]
    pub(super) fn get(&self, n: &Node) -> Option<&T> {
        let i = self.index(n);
        (self.store.stamps[i] == self.store.stamp).then(|| &self.store.vals[i])
    }

    #[inline]
    pub(super) fn insert(&mut self, n: Node, v: T) {
        let i = self.index(&n);
        self.store.stamps[i] = self.store.stamp;
        self.store.vals[i] = v;
    }

    /// Every entry, in node order.
    pub(super) fn entries(&self) -> Vec<(Node, T)> {
        let mut out = Vec::new();
        for l in 0..self.offsets.len() - 1 {
            for i in self.offsets[l]..self.offsets[l + 1] {
                if self.store.stamps[i] == self.store.stamp {
                    out.push(((l as u16, (i - self.offsets[l]) as u32), self.store.vals[i]));
                }
            }
        }
        out
    }
}

impl<T: Pooled> Drop for NodeMap<'_, T> {
    fn drop(&mut self) {
        let store = std::mem::replace(
            &mut self.store,
            Store {
                stamps: Vec::new(),
                vals: Vec::new(),
                stamp: 0,
            },
        );
        // At most a few stores a thread (a search holds two).
        T::pool().with_borrow_mut(|p| {
            if p.len() < 4 {
                p.push(store);
            }
        });
    }
}
