//! The last answers to a costly question, kept by their exact inputs: a first-in, first-out
//! memory, one per thread (the solo AI asks the same question several times in a decision, and
//! the engine again when it checks the command).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::hash::Hash;
use std::thread::LocalKey;

use bevy::platform::collections::HashMap;
use bevy::platform::hash::FixedHasher;

/// How many answers a memory holds at most to be searched one by one: comparing a long key
/// (a path question is hundreds of numbers) with a few others costs less than hashing it, and
/// than keeping a second copy of it in an index.
const SCANNED: usize = 32;

/// At most `kept` answers, the oldest forgotten first. A small memory is searched one answer
/// after another; a large one finds its keys by hashing (a thousand answers are searched as
/// fast as ten).
pub struct Recent<K, V> {
    kept: usize,
    /// The answers, oldest first.
    answers: VecDeque<(K, V)>,
    /// For a memory larger than [`SCANNED`]: each key's number in the order kept.
    index: HashMap<K, u64>,
    /// The number of the oldest answer kept.
    first: u64,
}

impl<K: Hash + Eq + Clone, V: Clone> Recent<K, V> {
    pub const fn new(kept: usize) -> Self {
        Recent {
            kept,
            answers: VecDeque::new(),
            index: HashMap::with_hasher(FixedHasher),
            first: 0,
        }
    }

    fn hashed(&self) -> bool {
        self.kept > SCANNED
    }

    /// The answer kept for `key`, if any.
    pub fn get(&self, key: &K) -> Option<V> {
        if self.hashed() {
            let n = *self.index.get(key)?;
            return Some(self.answers[(n - self.first) as usize].1.clone());
        }
        self.answers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    }

    /// Keeps `value` as the answer for `key`.
    pub fn keep(&mut self, key: K, value: V) {
        // An index holds one number per key: a key kept already stays as it is.
        if self.hashed() && self.index.contains_key(&key) {
            return;
        }
        if self.answers.len() >= self.kept
            && let Some((old, _)) = self.answers.pop_front()
        {
            self.first += 1;
            if self.hashed() {
                self.index.remove(&old);
            }
        }
        if self.hashed() {
            self.index
                .insert(key.clone(), self.first + self.answers.len() as u64);
        }
        self.answers.push_back((key, value));
    }

    pub fn clear(&mut self) {
        self.answers.clear();
        self.index.clear();
        self.first = 0;
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

    /// A memory too large to search one by one finds its answers by their keys, and forgets
    /// the oldest first like a small one.
    #[test]
    fn a_large_memory_keeps_the_latest_answers_by_their_keys() {
        let kept = SCANNED + 8;
        let mut m: Recent<u32, u32> = Recent::new(kept);
        for n in 0..(kept as u32 + 10) {
            m.keep(n, n * n);
        }
        assert_eq!(m.get(&9), None, "the ten oldest are forgotten");
        assert_eq!(m.get(&10), Some(100));
        assert_eq!(m.get(&(kept as u32 + 9)), Some((kept as u32 + 9).pow(2)));
        m.keep(10, 0);
        assert_eq!(m.get(&10), Some(100), "an answer kept is not replaced");
        m.clear();
        assert_eq!(m.get(&20), None);
        m.keep(20, 1);
        assert_eq!(m.get(&20), Some(1));
    }
}
