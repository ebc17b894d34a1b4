//! The last answers to a costly question, kept by their exact inputs: a small first-in,
//! first-out memory, one per thread (the solo AI asks the same question several times in a
//! decision, and the engine again when it checks the command).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::thread::LocalKey;

/// At most `kept` answers, the oldest forgotten first.
pub struct Recent<K, V> {
    kept: usize,
    answers: VecDeque<(K, V)>,
}

impl<K: PartialEq, V: Clone> Recent<K, V> {
    pub const fn new(kept: usize) -> Self {
        Recent {
            kept,
            answers: VecDeque::new(),
        }
    }

    /// The answer kept for `key`, if any.
    pub fn get(&self, key: &K) -> Option<V> {
        self.answers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    }

    /// Keeps `value` as the answer for `key`.
    pub fn keep(&mut self, key: K, value: V) {
        if self.answers.len() >= self.kept {
            self.answers.pop_front();
        }
        self.answers.push_back((key, value));
    }

    pub fn clear(&mut self) {
        self.answers.clear();
    }
}

/// The answer for `key` from this thread's memory `memo`, or `answer()` worked out and kept.
pub fn recall<K: PartialEq, V: Clone>(
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
