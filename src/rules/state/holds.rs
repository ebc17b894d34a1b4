//! ABL-5: what abilities bar a fighter from doing, and what holds it (a leash to another
//! fighter, an action fewer in its next activation), kept in the store of [`super::lasting`].

use crate::model::effects::Restriction;
use crate::model::ids::FighterId;

use super::battle::Engine;
use super::lasting::{Lasting, Scope, Until};

impl Engine {
    /// ABL-5: `id` may not make `what` actions until the end of the round (once, however
    /// many abilities bar it).
    pub fn bar(&mut self, id: FighterId, what: Restriction) {
        if !self.is_barred(id, what) {
            self.push_effect(Scope::Fighter(id), Lasting::Barred(what), Until::RoundEnd);
        }
    }

    /// ABL-5: no move of `id` may end farther from `to` this round (once, however many hold it).
    pub fn leash(&mut self, id: FighterId, to: FighterId) {
        let what = Lasting::Leashed { to };
        if !self.has(id, what) {
            self.push_effect(Scope::Fighter(id), what, Until::RoundEnd);
        }
    }

    /// ABL-5: `id`'s next activation has 1 fewer action (once, however many abilities say so).
    pub fn fewer_next(&mut self, id: FighterId) {
        if !self.has(id, Lasting::FewerNext) {
            self.push_effect(Scope::Fighter(id), Lasting::FewerNext, Until::BattleEnd);
        }
    }

    /// ABL-5: `id` begins an activation of `actions`: how many it makes (1 fewer, to 1, when
    /// an ability said so, spent).
    pub fn actions_now(&mut self, id: FighterId, actions: u8) -> u8 {
        let before = self.effects.len();
        (self.effects).retain(|e| !(e.fighter() == Some(id) && e.what == Lasting::FewerNext));
        match self.effects.len() < before {
            true => actions.saturating_sub(1).max(1),
            false => actions,
        }
    }

    /// ABL-5: the fighters `id`'s moves may not end farther from this round.
    pub fn leashes(&self, id: FighterId) -> Vec<FighterId> {
        (self.effects.iter())
            .filter(|e| e.fighter() == Some(id))
            .filter_map(|e| match e.what {
                Lasting::Leashed { to } => Some(to),
                _ => None,
            })
            .collect()
    }

    /// ABL-5: `id` may not make `what` actions for the rest of its activation.
    pub fn bar_this_activation(&mut self, id: FighterId, what: Restriction) {
        let what = Lasting::Barred(what);
        self.push_effect(Scope::Fighter(id), what, Until::ActivationEnd);
    }

    /// ABL-5: is `id` barred from `what` for the round (not only its activation)?
    pub fn round_barred(&self, id: FighterId, what: Restriction) -> bool {
        self.effects.iter().any(|e| {
            e.fighter() == Some(id)
                && e.what == Lasting::Barred(what)
                && e.until != Until::ActivationEnd
        })
    }

    /// ABL-5: may `id` not make `what` actions this round?
    pub fn is_barred(&self, id: FighterId, what: Restriction) -> bool {
        self.effects
            .iter()
            .any(|e| e.fighter() == Some(id) && e.what == Lasting::Barred(what))
    }
}
