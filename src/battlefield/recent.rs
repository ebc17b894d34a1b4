//! The last answers to a costly question, kept by their exact inputs: a first-in, first-out
//! memory, one per thread (the solo AI asks the same question several times in a decision, and
//! the engine again when it checks the command).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::hash::Hash;
use std::thread::LocalKey;

use bevy::platform::collections::HashMap;
use bevy::platform::hash::FixedHasher;

/// At most `kept` answers, the oldest forgotten first, found by hashing their keys (a memory
/// of a thousand answers is searched as fast as one of ten).
pub struct Recent<K, V> {
    kept: usize,
    /// The keys, oldest first.
    order: VecDeque<K>,
    answers: HashMap<K, V>,
}

impl<K: Hash + Eq + Clone, V: Clone> Recent<K, V> {
    pub const fn new(kept: usize) -> Self {
        Recent {
            kept,
            order: VecDeque::new(),
            answers: HashMap::with_hasher(FixedHasher),
        }
    }

    /// The answer kept for `key`, if any.
    pub fn get(&self, key: &K) -> Option<V> {
        self.answers.get(key).cloned()
    }

    /// Keeps `value` as the answer for `key`.
    pub fn keep(&mut self, key: K, value: V) {
        if self.answers.contains_key(&key) {
            return;
        }
        if self.order.len() >= self.kept
            && let Some(old) = self.order.pop_front()
        {
            self.answers.remove(&old);
        }
        self.order.push_back(key.clone());
        self.answers.insert(key, value);
    }

    pub fn clear(&mut self) {
        self.order.clear();
        self.answers.clear();
    }
}

/// The answer for `key` from this thread's memory `memo`, or `answer()` worked out and kept.
pub fn recall<K: Hash + Eq + Clone, V: Clone>(
    memo: &'static LocalKey<RefCell<Recent<K, V>>>,
    key: K,
    answer: impl FnOnce() -> V,
) -> V {
    if let Some(hit) = memo.with_borrow(|m| m.get(&key)) {
        return hit;
    }
    let value = answer();
    memo.with_borrow_mut(|m| m.keep(key, value.clone()));
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static SQUARES: RefCell<Recent<u32, u32>> = const { RefCell::new(Recent::new(2)) };
    }

    #[test]
    fn answers_are_worked_out_once_and_the_oldest_forgotten_first() {
        let worked = std::cell::Cell::new(0);
        let square = |n: u32| {
            recall(&SQUARES, n, || {
                worked.set(worked.get() + 1);
                n * n
            })
        };
        assert_eq!((square(3), square(3)), (9, 9));
        assert_eq!(worked.get(), 1, "the second answer was kept");
        square(4);
        square(5); // forgets 3, the oldest of the two kept
        assert_eq!(square(4), 16);
        assert_eq!(worked.get(), 3);
        assert_eq!(square(3), 9);
        assert_eq!(worked.get(), 4, "3 was worked out again");
        SQUARES.with_borrow_mut(Recent::clear);
        square(4);
        assert_eq!(worked.get(), 5, "forgotten when cleared");
    }
}
