//! Part of the toll family (ABL-5): what waits for the end of this fighter's activation: its
//! damage healed as far as the damage allocated to enemies this activation ("heal a number of
//! damage points allocated to this fighter up to the number of damage points allocated to
//! enemy fighters this activation"), or its damage dealt to it again.

use bevy::prelude::*;

use crate::model::RuleId;
use crate::model::effects::{AtItsEnd, Effect};
use crate::model::ids::FighterId;
use crate::rules::log::{BattleLog, EffectOutcome, Event};
use crate::rules::state::{self, ActivationState, FighterView};

use super::{effect_logged, kept};

/// In words: "at the end of its activation, it removes as much of its damage as was dealt to
/// enemies this activation".
pub(super) fn describe(e: &Effect) -> String {
    match e {
        Effect::AtActivationEnd(AtItsEnd::HealAsDealt) => "at the end of its activation, it \
            removes as much of its damage as was allocated to enemies this activation"
            .to_string(),
        Effect::AtActivationEnd(AtItsEnd::DamageAgain) => {
            "at the end of its activation, it takes as much damage again as it has then".to_string()
        }
        _ => String::new(),
    }
}

/// ABL-5: kept with the activation until it ends.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    kept(world, f, e, value, |a| a.lasting.push(e.clone()))
}

/// ABL-5: the activation `act` has ended: what waited for its end is done, each said.
pub(crate) fn at_activation_end(world: &mut World, act: &ActivationState) {
    for e in &act.lasting {
        let Effect::AtActivationEnd(what) = e else {
            continue;
        };
        let Some(f) = state::fighter(world, act.fighter).filter(|f| f.on_board()) else {
            return;
        };
        match what {
            AtItsEnd::HealAsDealt => {
                let dealt = dealt_to_enemies(world, &f);
                let healed = super::heal(world, &f, dealt);
                effect_logged(world, f.id, EffectOutcome::Healed { healed });
            }
            AtItsEnd::DamageAgain => {
                let damage = f.damage;
                let outcome = EffectOutcome::Damage {
                    fighters: vec![f.id],
                    damage,
                    rolls: Vec::new(),
                };
                effect_logged(world, f.id, outcome);
                crate::rules::actions::deal_damage(world, f.id, damage, &[RuleId::Abl5]);
            }
        }
    }
}

/// The damage allocated to `f`'s enemies since its activation began.
fn dealt_to_enemies(world: &mut World, f: &FighterView) -> u32 {
    let all = state::fighters(world);
    let enemy = |id: FighterId| all.iter().any(|o| o.id == id && o.side != f.side);
    let log = world.resource::<BattleLog>();
    let mut dealt = 0;
    for l in log.entries.iter().rev() {
        match &l.event {
            Event::Activate { fighter, .. } if *fighter == f.id => break,
            Event::Damage {
                fighter, amount, ..
            } if enemy(*fighter) => dealt += amount,
            _ => {}
        }
    }
    dealt
}

// The card's wording.

/// "At the end of this fighter's activation, heal a number of damage points allocated to this
/// fighter up to the number of damage points allocated to enemy fighters this activation",
/// "... allocate a number of damage points to this fighter equal to the number of damage
/// points allocated to this fighter".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let what = match s.strip_prefix("at the end of this fighter's activation, ")? {
        "heal a number of damage points allocated to this fighter up to the number of damage \
         points allocated to enemy fighters this activation" => AtItsEnd::HealAsDealt,
        "allocate a number of damage points to this fighter equal to the number of damage \
         points allocated to this fighter" => AtItsEnd::DamageAgain,
        _ => return None,
    };
    Some(vec![Effect::AtActivationEnd(what)])
}
