//! The world hash: equal worlds hash equal on every machine (saves, replays, determinism).

use std::hash::Hasher;

use bevy::prelude::*;

use crate::model::components::*;
use crate::model::dice::DiceRng;

use super::battle::Engine;
use super::fighters::fighters;

/// FNV-1a: stable on every machine and run (unlike the std hasher's keys).
pub(super) struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= *b as u64;
            self.0 = self.0.wrapping_mul(0x100000001b3);
        }
    }
}

/// A hash of everything the rules depend on: fighters, treasure, the engine state and the
/// position of the dice stream. Equal worlds hash equal on every machine.
pub fn world_hash(world: &mut World) -> u64 {
    let mut h = Fnv(0xcbf29ce484222325);
    // Written out by hand, each part in words of its own: a renamed type or variant in the
    // code keeps every saved battle's hashes (the text is the one the hashes began with).
    for f in fighters(world) {
        let line = format!(
            "{}|{}|{}|{}|{}|{}|{}|{}|{};",
            f.id,
            f.side,
            bits_list(&f.pos.to_array()),
            f.facing.to_bits(),
            f.damage,
            presence_code(f.presence),
            activation_code(f.activation),
            f.reactions,
            option_code(f.carrying)
        );
        h.write(line.as_bytes());
    }
    let mut t: Vec<Treasure> = world.query::<&Treasure>().iter(world).copied().collect();
    t.sort_by_key(|t| t.index);
    for t in t {
        let line = format!(
            "{}|{}|{}|{};",
            t.index,
            bits_list(&[t.position.0, t.position.1]),
            t.y.to_bits(),
            option_code(t.carrier)
        );
        h.write(line.as_bytes());
    }
    // The engine without its history (the commands and the round hashes): set aside while
    // it is written out rather than copied, since the history grows all battle long.
    if let Some(mut e) = world.get_resource_mut::<Engine>() {
        let e = e.bypass_change_detection();
        let commands = std::mem::take(&mut e.commands);
        let round_hashes = std::mem::take(&mut e.round_hashes);
        // RON, where state no battle has used yet is left out: a new kind of state does not
        // change the hashes of battles that don't use it.
        h.write(
            ron::to_string(&*e)
                .expect("the engine serializes")
                .as_bytes(),
        );
        (e.commands, e.round_hashes) = (commands, round_hashes);
    }
    if let Some(d) = world.get_resource::<DiceRng>() {
        h.write(&d.word_pos().to_le_bytes());
    }
    h.finish()
}

/// The bits of each number: "[1, 2, 3]".
fn bits_list(xs: &[f32]) -> String {
    let bits: Vec<String> = xs.iter().map(|x| x.to_bits().to_string()).collect();
    format!("[{}]", bits.join(", "))
}

/// "Some(3)" or "None".
fn option_code<T: std::fmt::Display>(o: Option<T>) -> String {
    o.map_or_else(|| "None".to_string(), |v| format!("Some({v})"))
}

fn presence_code(p: Presence) -> String {
    match p {
        Presence::Unplaced => "Unplaced".into(),
        Presence::Deployed => "Deployed".into(),
        Presence::Reserve { round } => format!("Reserve {{ round: {round} }}"),
        Presence::TakenDown => "TakenDown".into(),
    }
}

fn activation_code(a: Activation) -> &'static str {
    match a {
        Activation::Ready => "Ready",
        Activation::Waiting => "Waiting",
        Activation::Activated => "Activated",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words written for each part are the text the hashes began with (then made by
    /// Rust's Debug), so battles saved before keep their hashes; a renamed variant no longer
    /// changes them.
    #[test]
    fn the_hashed_words_are_the_ones_saved_battles_were_hashed_with() {
        let presences = [
            Presence::Unplaced,
            Presence::Deployed,
            Presence::Reserve { round: 3 },
            Presence::TakenDown,
        ];
        for p in presences {
            assert_eq!(presence_code(p), format!("{p:?}"));
        }
        for a in [
            Activation::Ready,
            Activation::Waiting,
            Activation::Activated,
        ] {
            assert_eq!(activation_code(a), format!("{a:?}"));
        }
        let xs = [1.5f32, -0.0, 22.25];
        assert_eq!(bits_list(&xs), format!("{:?}", xs.map(f32::to_bits)));
        assert_eq!(option_code(Some(4usize)), format!("{:?}", Some(4usize)));
        assert_eq!(option_code(None::<u32>), format!("{:?}", None::<u32>));
    }
}
