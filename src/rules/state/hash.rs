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
    for f in fighters(world) {
        h.write(
            format!(
                "{}|{}|{:?}|{:?}|{}|{:?}|{:?}|{}|{:?};",
                f.id,
                f.side,
                f.pos.to_array().map(f32::to_bits),
                f.facing.to_bits(),
                f.damage,
                f.presence,
                f.activation,
                f.reactions,
                f.carrying
            )
            .as_bytes(),
        );
    }
    let mut t: Vec<Treasure> = world.query::<&Treasure>().iter(world).copied().collect();
    t.sort_by_key(|t| t.index);
    for t in t {
        h.write(
            format!(
                "{}|{:?}|{}|{:?};",
                t.index,
                [t.position.0.to_bits(), t.position.1.to_bits()],
                t.y.to_bits(),
                t.carrier
            )
            .as_bytes(),
        );
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
