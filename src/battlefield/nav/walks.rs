//! MOVE-2: which walks out of each grid node other fighters' bases block, for one mover among
//! one set of bases, kept from search to search on each thread. A fighter's second move of an
//! activation, and the solo AI's other questions about the same fighter, search among the same
//! bases as its first: they find the answers worked out already instead of testing every walk
//! out of every node against the bases near it again.

use std::cell::RefCell;

use super::Mover;
use super::grid::NavGrid;
use super::memo::{base_bits, size_bits};
use crate::battlefield::measure::Base;

/// How many sets of bases each thread keeps the blocked walks of.
const KEPT: usize = 4;

thread_local! {
    /// The sets kept, the latest used last.
    static KEPT_WALKS: RefCell<Vec<Walks>> = const { RefCell::new(Vec::new()) };
}

/// The walks out of each node (in the grid's flat numbering) that the bases block.
struct Walks {
    /// The world, the mover and the bases, as bits: equal keys, equal answers.
    key: Vec<u32>,
    /// Per node: 0 when not worked out yet, else `KNOWN` with bit d set when the walk to
    /// neighbour d (see the grid's directions) is blocked.
    masks: Vec<u16>,
}

const KNOWN: u16 = 0x100;

/// One search's [`Walks`], given back to the thread's memory when dropped.
pub(super) struct BlockedWalks(Walks);

impl BlockedWalks {
    /// The blocked walks kept for `mover` among `blockers` on its grid `g` of world `world`
    /// (none known yet for a new set).
    pub(super) fn take(world: u64, g: &NavGrid, mover: &Mover, blockers: &[Base]) -> Self {
        let mut key = Vec::with_capacity(8 + blockers.len() * 7);
        key.extend([world as u32, (world >> 32) as u32]);
        size_bits(&mut key, mover.base);
        key.push(mover.body.to_bits());
        for b in blockers {
            base_bits(&mut key, b);
        }
        let nodes = g.offsets().last().copied().unwrap_or(0);
        KEPT_WALKS.with_borrow_mut(|kept| {
            if let Some(i) = kept
                .iter()
                .position(|w| w.key == key && w.masks.len() == nodes)
            {
                return BlockedWalks(kept.remove(i));
            }
            // A new set: the oldest kept set's storage, cleared, when the memory is full.
            let mut masks = if kept.len() >= KEPT {
                kept.remove(0).masks
            } else {
                Vec::new()
            };
            masks.clear();
            masks.resize(nodes, 0);
            BlockedWalks(Walks { key, masks })
        })
    }

    /// The walks out of node `i` that the bases block (bit d: to neighbour d), worked out by
    /// `work` the first time they are asked for.
    #[inline]
    pub(super) fn of(&mut self, i: usize, work: impl FnOnce() -> u8) -> u8 {
        let m = self.0.masks[i];
        if m & KNOWN != 0 {
            return m as u8;
        }
        let b = work();
        self.0.masks[i] = KNOWN | u16::from(b);
        b
    }
}

impl Drop for BlockedWalks {
    fn drop(&mut self) {
        let walks = Walks {
            key: std::mem::take(&mut self.0.key),
            masks: std::mem::take(&mut self.0.masks),
        };
        // `try_with`: nothing to keep while the thread is ending.
        let _ = KEPT_WALKS.try_with(|kept| {
            let mut kept = kept.borrow_mut();
            if kept.len() >= KEPT {
                kept.remove(0);
            }
            kept.push(walks);
        });
    }
}

/// Forgets this thread's blocked walks.
pub(super) fn forget() {
    KEPT_WALKS.with_borrow_mut(Vec::clear);
}
