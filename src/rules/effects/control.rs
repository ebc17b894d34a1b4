//! Objective control (GEN-7) changed by an ability (ABL-5): this fighter counts as more
//! fighters when which side controls an objective is determined at the end of the round.

use bevy::prelude::*;

use crate::model::components::Objective;
use crate::model::effects::Effect;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::card::fill;
use super::{Useful, Weighed, lasts};

/// In words: "until the end of the round, it counts as 2 more fighters for objective control".
pub(super) fn describe(e: &Effect) -> String {
    let (who, extra) = match e {
        Effect::CountsExtra { extra } => ("it".to_string(), extra),
        Effect::EachCounts { aura, extra } => (
            format!(
                "each of the {} within {}\" now",
                aura.who_words(),
                aura.range
            ),
            extra,
        ),
        _ => return String::new(),
    };
    format!(
        "until the end of the round, {who} counts as {extra} more fighter{} for objective control",
        if *extra == 1 { "" } else { "s" }
    )
}

/// ABL-5, GEN-7: the count lasts until the end of the round (control is determined before
/// the round's effects end).
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    match e {
        Effect::CountsExtra { extra } => state::engine(world).count_extra(f.id, *extra),
        Effect::EachCounts { aura, extra } => {
            let all = state::fighters(world);
            let those: Vec<_> = (all.iter())
                .filter(|o| super::in_aura(world, &all, f, o, aura))
                .map(|o| o.id)
                .collect();
            let mut eng = state::engine(world);
            those.into_iter().for_each(|id| eng.count_extra(id, *extra));
        }
        _ => return None,
    }
    Some(lasts(e, value))
}

/// SOLO-C1: worth it when this fighter stands within 3" of an objective.
pub(super) fn useful(w: &Weighed) -> Option<Useful> {
    let near = |o: &Objective| w.f.by_objective(Vec3::new(o.position.0, 0.0, o.position.1));
    let mut objectives = w.world.try_query::<&Objective>()?;
    let on_one = w.f.on_board() && objectives.iter(w.world).any(near);
    on_one.then_some(Useful::Because("it stands by an objective", None))
}

// The card's wording of this family (`card`: the language's shared pieces).

/// "Until the end of the battle round, this fighter counts as N additional fighters when
/// determining which player controls an objective".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let s = s.replace(" 1 additional fighter ", " 1 additional fighters ");
    let v = fill(
        &s,
        "until the end of the battle round, this fighter counts as {n} additional fighters when \
         determining which player controls an objective",
    )?;
    Some(vec![Effect::CountsExtra { extra: v[0] }])
}

#[cfg(test)]
mod tests {
    use super::super::card::effects_of;
    use crate::model::effects::Effect;

    /// Issue 30: a fighter that counts as more for objective control (in our words).
    #[test]
    fn gen7_abl5_this_fighter_counts_as_more_fighters() {
        assert_eq!(
            effects_of(
                "Until the end of the battle round, this fighter counts as 3 additional fighters \
                 when determining which player controls an objective."
            ),
            Ok(vec![Effect::CountsExtra { extra: 3 }])
        );
    }
}
