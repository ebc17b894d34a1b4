//! Dice: the one seeded random stream of a battle, and scripted dice for exact tests.
//!
//! Every random number of a battle comes from [`DiceRng`] in a defined order, so the same
//! battle file, seed and commands give the same battle on every run and machine.

use bevy::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::collections::VecDeque;

/// Anything that rolls six-sided dice.
pub trait Dice {
    /// One D6, 1..=6.
    fn d6(&mut self) -> u8;

    /// A uniform choice in `0..n` (n >= 1), for "chosen at random" (e.g. SOLO-S2 seeds).
    fn pick(&mut self, n: usize) -> usize;

    fn roll(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.d6()).collect()
    }

    /// `n` D6: the rolls, and how many of them are `least` or more.
    fn roll_at_least(&mut self, n: usize, least: u8) -> (Vec<u8>, u32) {
        let rolls = self.roll(n);
        let hits = rolls.iter().filter(|r| **r >= least).count() as u32;
        (rolls, hits)
    }
}

/// The battle's seeded dice stream (ChaCha8).
#[derive(Resource, Debug)]
pub struct DiceRng {
    rng: ChaCha8Rng,
    seed: u64,
    /// Dice injected by a test: rolled before the stream resumes.
    script: VecDeque<u8>,
}

impl DiceRng {
    pub fn new(seed: u64) -> Self {
        DiceRng {
            rng: ChaCha8Rng::seed_from_u64(seed),
            seed,
            script: VecDeque::new(),
        }
    }

    /// Injects dice for an exact test case: the next `d6` calls return these, in order.
    pub fn inject(&mut self, values: &[u8]) {
        assert!(values.iter().all(|v| (1..=6).contains(v)), "dice are 1..=6");
        self.script.extend(values.iter().copied());
    }

    /// Injected dice not rolled yet.
    pub fn injected_left(&self) -> usize {
        self.script.len()
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How many 32-bit words were drawn so far (for saves and replays).
    pub fn word_pos(&self) -> u128 {
        self.rng.get_word_pos()
    }
}

impl Clone for DiceRng {
    fn clone(&self) -> Self {
        DiceRng {
            rng: ChaCha8Rng::deserialize_state(&self.rng.serialize_state()),
            seed: self.seed,
            script: self.script.clone(),
        }
    }
}

impl PartialEq for DiceRng {
    fn eq(&self, other: &Self) -> bool {
        self.rng == other.rng && self.script == other.script
    }
}

impl Dice for DiceRng {
    fn d6(&mut self) -> u8 {
        match self.script.pop_front() {
            Some(d) => d,
            None => self.rng.random_range(1..=6u8),
        }
    }

    fn pick(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n.max(1))
    }
}

/// Dice that roll a given sequence, for tests with exact outcomes. Panics when it runs out:
/// a test that needs more dice than it scripted is wrong.
#[derive(Debug, Clone, Default)]
pub struct ScriptedDice {
    dice: VecDeque<u8>,
    picks: VecDeque<usize>,
}

impl ScriptedDice {
    pub fn new(values: &[u8]) -> Self {
        assert!(values.iter().all(|v| (1..=6).contains(v)), "dice are 1..=6");
        ScriptedDice {
            dice: values.iter().copied().collect(),
            picks: VecDeque::new(),
        }
    }

    /// Also script the answers of [`Dice::pick`].
    pub fn with_picks(mut self, picks: &[usize]) -> Self {
        self.picks = picks.iter().copied().collect();
        self
    }

    pub fn remaining(&self) -> usize {
        self.dice.len()
    }
}

impl Dice for ScriptedDice {
    fn d6(&mut self) -> u8 {
        self.dice
            .pop_front()
            .expect("the test scripted too few dice")
    }

    fn pick(&mut self, n: usize) -> usize {
        let p = self
            .picks
            .pop_front()
            .expect("the test scripted too few picks");
        assert!(p < n, "scripted pick {p} is not below {n}");
        p
    }
}

/// The record of a roll-off: every pair rolled, ties included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollOff {
    /// `(side 0's die, side 1's die)` for each roll, the last one decisive.
    pub rolls: Vec<(u8, u8)>,
    /// 0 or 1.
    pub winner: crate::model::ids::Side,
}

/// A D6's `roll` read as a dice of `sides`: a D3 is a D6 halved, rounding up; a D6 as it is.
pub fn as_sides(roll: u8, sides: u8) -> u32 {
    if sides == 3 {
        u32::from(roll).div_ceil(2)
    } else {
        u32::from(roll)
    }
}

/// GEN-4: each side rolls a die, highest wins, ties roll again.
pub fn roll_off(dice: &mut dyn Dice) -> RollOff {
    let mut rolls = Vec::new();
    loop {
        let (a, b) = (dice.d6(), dice.d6());
        rolls.push((a, b));
        if a != b {
            return RollOff {
                rolls,
                winner: if a > b {
                    crate::model::ids::Side::A
                } else {
                    crate::model::ids::Side::B
                },
            };
        }
    }
}

/// Dice for people: `4, 5, 6` (none: `no dice`).
pub fn dice_text(d: &[u8]) -> String {
    if d.is_empty() {
        return "no dice".into();
    }
    d.iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The rounds of a roll-off among several, for people: contenders are named by `name`:
/// `left 3, right 5`, rounds joined by `, then `.
pub fn roll_off_text(rounds: &[Vec<(usize, u8)>], name: impl Fn(usize) -> String) -> String {
    rounds
        .iter()
        .map(|r| {
            r.iter()
                .map(|(c, v)| format!("{} {v}", name(*c)))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect::<Vec<_>>()
        .join(", then ")
}

/// GEN-4 among `k` contenders: each rolls a die, the highest wins, those tied for highest roll
/// again. Returns the winner's index and every round of dice rolled.
pub fn roll_off_among(k: usize, dice: &mut dyn Dice) -> (usize, Vec<Vec<(usize, u8)>>) {
    let mut contenders: Vec<usize> = (0..k).collect();
    let mut rounds = Vec::new();
    while contenders.len() > 1 {
        let rolls: Vec<(usize, u8)> = contenders.iter().map(|&c| (c, dice.d6())).collect();
        let best = rolls.iter().map(|r| r.1).max().unwrap_or(0);
        contenders = rolls.iter().filter(|r| r.1 == best).map(|r| r.0).collect();
        rounds.push(rolls);
    }
    (contenders.first().copied().unwrap_or(0), rounds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_dice_other_seed_other_dice() {
        let a = DiceRng::new(7).roll(50);
        let b = DiceRng::new(7).roll(50);
        let c = DiceRng::new(8).roll(50);
        assert_eq!(a, b);
        assert_ne!(a, c);
        // A clone continues the same stream.
        let mut r = DiceRng::new(9);
        r.roll(5);
        let mut k = r.clone();
        assert_eq!(r.roll(20), k.roll(20));
        assert!(a.iter().all(|d| (1..=6).contains(d)));
    }

    #[test]
    fn dice_are_fair_enough() {
        let mut r = DiceRng::new(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[(r.d6() - 1) as usize] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn gen4_roll_off_rerolls_ties() {
        let mut d = ScriptedDice::new(&[3, 3, 5, 5, 2, 6]);
        let r = roll_off(&mut d);
        assert_eq!(r.rolls, vec![(3, 3), (5, 5), (2, 6)]);
        assert_eq!(r.winner, crate::model::ids::Side::B);
        assert_eq!(d.remaining(), 0);
        let r = roll_off(&mut ScriptedDice::new(&[4, 1]));
        assert_eq!(r.winner, crate::model::ids::Side::A);
    }

    #[test]
    fn gen4_roll_off_among_three_rerolls_only_the_tied() {
        // 5, 5, 2: the first two roll again: 1, 4 -> contender 1 wins.
        let mut d = ScriptedDice::new(&[5, 5, 2, 1, 4]);
        let (w, rounds) = roll_off_among(3, &mut d);
        assert_eq!(w, 1);
        assert_eq!(rounds.len(), 2);
        assert_eq!(rounds[1], vec![(0, 1), (1, 4)]);
        assert_eq!(d.remaining(), 0);
    }
}
