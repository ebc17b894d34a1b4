//! The dice family (ABL-5, INI-3): wild dice an ability adds to its side's saved wild dice,
//! to declare in a later round's initiative phase.

use bevy::prelude::*;

use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{Amount, Effect};
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::card::{amount_prefix, fill};
use super::{Useful, amount_text};

/// In words: "roll 3 dice: each 5+ saves a wild dice for a later round".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::SaveWildDice { dice, least: 0 } => {
            format!(
                "{} more saved wild dice for a later round",
                amount_text(dice, value)
            )
        }
        Effect::SaveWildDice { dice, least } => format!(
            "roll {} dice: each {least}+ saves a wild dice for a later round",
            amount_text(dice, value)
        ),
        Effect::RollDice(dice) => format!("roll {} dice", amount_text(dice, value)),
        Effect::DiscardEnemyWildDice { dice, least } => format!(
            "roll {} dice: each {least}+ makes the other side discard a saved wild dice",
            amount_text(dice, value)
        ),
        Effect::MoveByRolls { dice, down_to } => format!(
            "roll {} dice: this activation, each {} takes 1 from its Move (to 1), then each \
             other roll adds 1",
            amount_text(dice, value),
            crate::model::effects::band_text(1, *down_to)
        ),
        Effect::EmptyHanded(true) => "it is empty-handed from now on".to_string(),
        Effect::EmptyHanded(false) => "it is no longer empty-handed".to_string(),
        Effect::PotentVial => {
            "it has a potent vial: the abilities it uses have a value of 6 for the rest of the \
             battle"
                .to_string()
        }
        Effect::SwearOath => {
            "it swears an oath: an enemy taken down in its activation makes it favoured and \
             gains a double of 1s"
                .to_string()
        }
        Effect::OnRoll { least, then } => format!(
            "roll a dice: on a {least}+, {}",
            super::describe(then, value)
        ),
        Effect::OnRolled {
            least,
            per_roll: false,
            then,
        } => format!(
            "if any of those dice rolled {}: {}",
            crate::model::effects::band_text(*least, 6),
            super::describe_on_that_enemy(then, value)
        ),
        Effect::OnRolled { least, then, .. } => format!(
            "for each of those dice that rolled {}: {}",
            crate::model::effects::band_text(*least, 6),
            super::describe_on_that_enemy(then, value)
        ),
        Effect::Favoured { plain, favoured } => format!(
            "{}; when favoured: {}",
            super::describe(plain, value),
            super::describe(favoured, value)
        ),
        _ => String::new(),
    }
}

/// ABL-5: after an enemy of the active fighter is taken down: if the active fighter swore an
/// oath, it is favoured instead, and its side gains a double of 1s (logged).
pub(crate) fn oath_fulfilled(world: &mut World, taken_down_side: crate::model::ids::Side) {
    let active = world
        .resource::<crate::rules::state::Engine>()
        .activation
        .as_ref()
        .map(|a| a.fighter);
    let Some(f) = active.and_then(|id| state::fighter(world, id)) else {
        return;
    };
    if f.side == taken_down_side {
        return;
    }
    let fulfilled = {
        let mut eng = state::engine(world);
        let fulfilled = eng.fulfil_oath(f.id);
        if fulfilled {
            eng.dice[f.side].gain(1, 2);
        }
        fulfilled
    };
    if !fulfilled {
        return;
    }
    super::effect_logged(world, f.id, EffectOutcome::Favoured);
}

/// INI-3: the wild dice are saved for the side of `f`.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    if *e == Effect::SwearOath {
        state::engine(world).swear_oath(f.id);
        return Some(EffectOutcome::Oathed);
    }
    if let Effect::EmptyHanded(empty) = *e {
        state::engine(world).set_empty_handed(f.id, empty);
        return Some(EffectOutcome::EmptyHanded(empty));
    }
    if *e == Effect::PotentVial {
        state::engine(world).potent_vial(f.id);
        return Some(super::lasts(e, value));
    }
    if let Effect::MoveByRolls { dice, down_to } = e {
        return Some(move_by_rolls(world, f, dice.of(value), *down_to));
    }
    if let Effect::RollDice(dice) = e {
        let rolls = (world.resource_mut::<DiceRng>()).roll(dice.of(value) as usize);
        return Some(EffectOutcome::DiceRolled { rolls });
    }
    if let Effect::DiscardEnemyWildDice { dice, least } = e {
        let (rolls, k) =
            (world.resource_mut::<DiceRng>()).roll_at_least(dice.of(value) as usize, *least);
        let mut eng = state::engine(world);
        let side = &mut eng.dice[f.side.other()];
        let discarded = k.min(side.saved);
        side.saved -= discarded;
        return Some(EffectOutcome::EnemyWildDiceDiscarded { discarded, rolls });
    }
    let Effect::SaveWildDice { dice, least } = e else {
        return None;
    };
    let (saved, rolls) = if *least == 0 {
        (dice.of(value), Vec::new())
    } else {
        let (rolls, saved) = world
            .resource_mut::<DiceRng>()
            .roll_at_least(dice.of(value) as usize, *least);
        (saved, rolls)
    };
    let mut eng = state::engine(world);
    let side = &mut eng.dice[f.side];
    side.saved = side.saved.saturating_add(saved);
    Some(EffectOutcome::WildDiceSaved { saved, rolls })
}

/// ABL-5: `n` dice rolled; the rolls of `down_to` or less take 1 each from `f`'s Move (to a
/// minimum of 1), then the others add 1 each, until the end of its activation (the card's
/// order, not ABL-4's: it says so).
fn move_by_rolls(world: &mut World, f: &FighterView, n: u32, down_to: u8) -> EffectOutcome {
    let rolls: Vec<u8> = (0..n).map(|_| state::d6(world)).collect();
    let downs = rolls.iter().filter(|r| **r <= down_to).count() as u32;
    let ups = rolls.len() as u32 - downs;
    let m = f.profile.movement;
    let now = m.saturating_sub(downs).max(1) + ups;
    let mut eng = state::engine(world);
    if now > m {
        if let Some(a) = eng.activation.as_mut().filter(|a| a.fighter == f.id) {
            a.move_bonus = a.move_bonus.saturating_add(now - m);
        }
    } else if now < m {
        let lowered = (crate::model::effects::Stat::Move, m - now, 1);
        eng.lower_for_round(f.id, lowered, (true, false));
    }
    EffectOutcome::MoveRolled { rolls, now }
}

/// ABL-5: rolls a dice for `f`'s ability (logged); on `least` or more, runs `then`.
pub(super) fn on_roll(
    world: &mut World,
    f: &FighterView,
    (least, then): (u8, &[Effect]),
    value: u8,
    picks: super::Picks,
) {
    let roll = world.resource_mut::<DiceRng>().roll(1)[0];
    super::effect_logged(world, f.id, EffectOutcome::Rolled { roll, least });
    if roll >= least {
        super::run(world, f, then, value, picks);
    }
}

/// ABL-5: what the dice rolled before do besides: `then` once, or once for each roll of
/// `least` or more (`per_roll`), with the same picks.
pub(super) fn on_rolled(
    world: &mut World,
    f: &FighterView,
    (least, per_roll, then): (u8, bool, &[Effect]),
    (value, rolled): (u8, &[u8]),
    picks: super::Picks,
) {
    let n = rolled.iter().filter(|r| **r >= least).count();
    let times = if per_roll { n } else { n.min(1) };
    for _ in 0..times {
        super::run(world, f, then, value, picks);
    }
}

/// SOLO-C1: dice for a later round are always worth having; an oath, when its fighter has
/// not sworn one yet nor is favoured; a roll for a bonus, when the bonus would be; Move by
/// rolls (more likely up than down), when it moves next.
pub(super) fn useful(w: &super::Weighed, e: &Effect) -> Option<Useful> {
    match e {
        Effect::MoveByRolls { down_to, .. } if w.next.moves && *down_to <= 2 => {
            w.because("its next action is a move")
        }
        Effect::OnRoll { then, .. } | Effect::OnRolled { then, .. } => then
            .iter()
            .find_map(|t| super::useful(w.world, w.all, w.f, t, w.next)),
        Effect::SaveWildDice { .. } => Some(Useful::Because("wild dice for a later round", None)),
        Effect::EmptyHanded(false) => {
            Some(Useful::Because("it has something to throw again", None))
        }
        Effect::DiscardEnemyWildDice { .. } => {
            let eng = w.world.resource::<crate::rules::state::Engine>();
            (eng.dice[w.f.side.other()].saved > 0)
                .then_some(Useful::Because("the other side has saved wild dice", None))
        }
        Effect::PotentVial => {
            let eng = w.world.resource::<crate::rules::state::Engine>();
            (!eng.has(w.f.id, crate::rules::state::Lasting::PotentVial)).then_some(Useful::Because(
                "its abilities will have a value of 6 from now on",
                None,
            ))
        }
        Effect::SwearOath => {
            let eng = w.world.resource::<crate::rules::state::Engine>();
            let sworn = eng.has(w.f.id, crate::rules::state::Lasting::Oathed);
            (!sworn && !w.f.favoured).then_some(Useful::Because(
                "an enemy it takes down makes it favoured",
                None,
            ))
        }
        _ => None,
    }
}

// The card's wording of this family (`card`: the language's shared pieces).

/// "Add one wild dice to your saved wild dice".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    if let Some(e) = empty_handed(s) {
        return Some(e);
    }
    // "Gain N wild dice" (README: gained, they are saved for a later round).
    let dice = match s {
        "add one wild dice to your saved wild dice" | "gain 1 wild dice" | "gain a wild dice" => {
            Amount::Fixed(1)
        }
        _ => {
            let rest = s.strip_prefix("gain a number of wild dice equal to ")?;
            let (dice, rest) = amount_prefix(rest)?;
            rest.is_empty().then_some(dice)?
        }
    };
    Some(vec![Effect::SaveWildDice { dice, least: 0 }])
}

/// What a fighter holds to throw: "after using this ability, this fighter is said to be
/// empty-handed"; "if this fighter is empty-handed (see below), they are no longer
/// empty-handed" (of use, so usable, only then); "at the start of the battle, this fighter is
/// not empty-handed" (as every fighter starts).
fn empty_handed(s: &str) -> Option<Vec<Effect>> {
    use crate::model::effects::Condition;
    match s {
        "after using this ability, this fighter is said to be empty-handed" => {
            Some(vec![Effect::EmptyHanded(true)])
        }
        "if this fighter is empty-handed (see below), they are no longer empty-handed" => {
            Some(vec![
                Effect::Requires(Condition::EmptyHanded(true)),
                Effect::EmptyHanded(false),
            ])
        }
        "at the start of the battle, this fighter is not empty-handed" => Some(Vec::new()),
        // "... a potent vial until the end of the battle. While a fighter has a potent vial,
        // when they use an ability, the value of the ability is treated as being 6 even if the
        // ability dice show a different score": the second sentence says what the first gives.
        "this fighter now has a potent vial until the end of the battle" => {
            Some(vec![Effect::PotentVial])
        }
        "while a fighter has a potent vial, when they use an ability, the value of this ability \
         is treated as being 6 even if the ability dice show a different score" => Some(Vec::new()),
        _ => None,
    }
}

/// "Roll a dice." + "On a (roll of) N+, this fighter (can make) makes a bonus ... action."
pub(super) fn on_roll_bonus(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    if s[0] != "roll a dice" {
        return None;
    }
    let next = s.get(1)?;
    let rest = next
        .strip_prefix("on a roll of ")
        .or_else(|| next.strip_prefix("on a "))?;
    let (least, rest) = super::card::number_prefix(rest)?;
    let then = super::bonus_words::sentence(rest.strip_prefix("+, ")?)?;
    let least = u8::try_from(least).ok().filter(|l| (2..=6).contains(l))?;
    Some((2, vec![Effect::OnRoll { least, then }]))
}

/// "Roll a number of dice equal to A." + "For each roll of N+, add one wild dice to your
/// saved wild dice." ("... your opponent must discard one ...", "until the end of this
/// fighter's activation, for each roll of 1, subtract 1 from this fighter's Move
/// characteristic (to a minimum of 1), then for each roll of 2+, add 1 ...").
pub(super) fn rolled(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let dice = super::card::then_roll(&format!("then, {}", s[0]))?;
    let then = s.get(1)?;
    if let Some(v) = fill(
        then,
        "until the end of this fighter's activation, for each roll of {n}, subtract 1 from this \
         fighter's move characteristic (to a minimum of 1), then for each roll of {n}+, add 1 to \
         this fighter's move characteristic",
    ) {
        let down_to = u8::try_from(v[0])
            .ok()
            .filter(|d| v[1] == u32::from(*d) + 1)?;
        return Some((2, vec![Effect::MoveByRolls { dice, down_to }]));
    }
    if let Some(v) = fill(
        then,
        "for each roll of {n}+, your opponent must discard one wild dice from their saved wild \
         dice",
    ) {
        let least = u8::try_from(v[0]).ok().filter(|l| (2..=6).contains(l))?;
        return Some((2, vec![Effect::DiscardEnemyWildDice { dice, least }]));
    }
    let v = fill(
        then,
        "for each roll of {n}+, add one wild dice to your saved wild dice",
    )?;
    let least = u8::try_from(v[0]).ok().filter(|l| (1..=6).contains(l))?;
    Some((2, vec![Effect::SaveWildDice { dice, least }]))
}
