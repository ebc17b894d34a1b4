//! The hash's words for who is held to whom (ABL-5): leashes, auras that hold those beginning
//! their activation in them, and the rest of the lasting effects written as they began.

use serde::Serialize;

use crate::model::effects::{Aura, Restriction};
use crate::model::ids::FighterId;

use super::lasting::Lasting;

/// Fighters held to another and the auras that hold those who begin their activation in them
/// (ABL-5).
#[derive(Serialize, Default)]
pub(super) struct Held {
    /// (fighter, held to).
    leashed: Vec<(FighterId, FighterId)>,
    /// (source, range, what it bars).
    pub(super) on_activation: Vec<(FighterId, f32, Restriction)>,
    /// Fighters whose next activation has 1 fewer action.
    fewer_next: Vec<FighterId>,
    /// (source, aura, by, until its next activation): the friends beginning an activation in
    /// it move further. New: written only when some, so older battles keep their hashes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    start_raises: Vec<(FighterId, Aura, u32, bool)>,
    /// (fighter, by, min, spared): its attacks allocate less damage, except on `spared`. New:
    /// written only when some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    weakened_unless: Vec<(FighterId, u32, u32, FighterId)>,
    /// (source, range): enemies ending a move in it suffer impact damage. New: written only
    /// when some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) traps: Vec<(FighterId, f32)>,
    /// (fighter, runemark, has it): runemarks given or taken for the round. New: only when some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    marks: Vec<(FighterId, crate::model::runemark::Runemark, bool)>,
}

impl Held {
    /// `what`, reaching `on` (or, with an `aura`, its friends round it).
    pub(super) fn add(&mut self, on: FighterId, aura: Option<Aura>, what: Lasting) {
        match what {
            Lasting::Leashed { to } => self.leashed.push((on, to)),
            Lasting::FewerNext => self.fewer_next.push(on),
            Lasting::LessDamageUnless { by, min, spared } => {
                self.weakened_unless.push((on, by, min, spared))
            }
            Lasting::StartRaise { by, until_next } => {
                (self.start_raises).push((on, aura.unwrap_or_default(), by, until_next))
            }
            Lasting::Marked { mark, has } => self.marks.push((on, mark, has)),
            _ => {}
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.leashed.is_empty()
            && self.on_activation.is_empty()
            && self.fewer_next.is_empty()
            && self.start_raises.is_empty()
            && self.weakened_unless.is_empty()
            && self.traps.is_empty()
            && self.marks.is_empty()
    }
}
