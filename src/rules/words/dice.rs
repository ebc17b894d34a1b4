//! Dice in words (ABL-5, INI-3): wild dice an ability saved or discarded, dice taken off an
//! attack, an oath sworn or fulfilled.

use super::effects::rolled_text;
use crate::rules::log::EffectOutcome;

/// ABL-5: dice an ability saved or took off an attack, an oath sworn or fulfilled.
pub(super) fn dice_text(who: &str, o: &EffectOutcome) -> String {
    match o {
        EffectOutcome::Oathed => format!(
            "{who} swears an oath: once an enemy is taken down during {who}'s activation, {who} \
             is favoured"
        ),
        EffectOutcome::EmptyHanded(true) => format!("{who} is empty-handed now"),
        EffectOutcome::EmptyHanded(false) => {
            format!("{who} is no longer empty-handed: it has something to throw again")
        }
        EffectOutcome::Favoured => format!(
            "{who}'s oath is fulfilled: {who} is favoured for the rest of the battle, and gains \
             the side a double of 1s"
        ),
        EffectOutcome::WildDiceSaved { saved, rolls } => format!(
            "{who}'s side saves {saved} more wild dice for later rounds{}",
            rolled_text(rolls)
        ),
        EffectOutcome::DiceRolled { rolls } => {
            format!("{who} rolls {}", super::effects::rolls_list(rolls))
        }
        EffectOutcome::MoveRolled { rolls, now } => format!(
            "{who}'s Move is {now}\" until the end of its activation{}",
            rolled_text(rolls)
        ),
        EffectOutcome::OwnWildDiceDiscarded { discarded } => {
            format!("{who}'s side discards {discarded} of its saved wild dice")
        }
        EffectOutcome::EnemyWildDiceDiscarded { discarded, rolls } => format!(
            "the other side discards {discarded} of its saved wild dice{}",
            rolled_text(rolls)
        ),
        EffectOutcome::FewerDice { fewer, dice } => {
            format!("{who} is guarded this round: the attack rolls {dice} dice, {fewer} fewer")
        }
        EffectOutcome::FewerDiceInAura { fewer, dice } => format!(
            "{who} attacks from within an enemy's aura: the attack rolls {dice} dice, {fewer} \
             fewer"
        ),
        _ => crits_text(who, o),
    }
}

/// ABL-5: hits or misses of an attack counted as critical hits.
fn crits_text(who: &str, o: &EffectOutcome) -> String {
    match o {
        EffectOutcome::HitsAsCrits { n: 1 } => format!("{who} counts 1 hit as a critical hit"),
        EffectOutcome::HitsAsCrits { n } => format!("{who} counts {n} hits as critical hits"),
        EffectOutcome::MissesAsCrits { n: 1 } => format!("{who} counts a miss as a critical hit"),
        EffectOutcome::MissesAsCrits { n } => format!("{who} counts {n} misses as critical hits"),
        EffectOutcome::MoreCrits { n } => {
            let s = if *n == 1 { "" } else { "s" };
            format!("one of {who}'s critical hits scores {n} more critical hit{s}")
        }
        _ => String::new(),
    }
}
