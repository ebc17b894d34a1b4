//! ABL-5: abilities used one way or the other, as their player chooses when using them
//! (`Command::Ability`'s `choice`): "Either ... or ...", and "you can discard two of your
//! saved wild dice. If you do so, ... instead" (the second way costs the saved wild dice,
//! INI-3).

use crate::model::RuleId;
use crate::model::abilities::{AbilityDef, AbilityEffect};
use crate::model::effects::{Effect, Ways};
use crate::model::ruleset::Ruleset;
use crate::rules::command::Rejected;
use crate::rules::state::FighterView;
use bevy::prelude::World;

/// The choice an ability offers, if it offers one.
pub fn ways_of(d: &AbilityDef) -> Option<&Ways> {
    let AbilityEffect::Effects(effects) = &d.effect else {
        return None;
    };
    effects.iter().find_map(|e| match e {
        Effect::Either(w) => Some(w),
        _ => None,
    })
}

/// How many ways `d` may be used: 2 when it offers a choice, else 1.
pub fn count(d: &AbilityDef) -> u8 {
    if ways_of(d).is_some() { 2 } else { 1 }
}

/// `d` used the way `choice` (0: the first, 1: the second) picks, with its choice resolved,
/// and the saved wild dice that way costs; `saved`: the side's saved wild dice.
pub fn chosen(d: &AbilityDef, choice: u8, saved: u32) -> Result<(AbilityDef, u8), Rejected> {
    let Some(w) = ways_of(d) else {
        return match choice {
            0 => Ok((d.clone(), 0)),
            _ => Err(Rejected::new(
                RuleId::Abl5,
                format!("{} can be used one way only", d.name),
            )),
        };
    };
    let (picked, discard) = match choice {
        0 => (&w.first, 0),
        1 => (&w.second, w.discard),
        _ => {
            return Err(Rejected::new(
                RuleId::Abl5,
                format!("{} can be used two ways, not {}", d.name, choice + 1),
            ));
        }
    };
    if u32::from(discard) > saved {
        return Err(Rejected::new(
            RuleId::Ini3,
            format!(
                "that way of using {} discards {} of your saved wild dice, and you have {saved}",
                d.name,
                dice_words(discard)
            ),
        ));
    }
    let mut d = d.clone();
    if let AbilityEffect::Effects(effects) = &mut d.effect {
        *effects = std::mem::take(effects)
            .into_iter()
            .flat_map(|e| match e {
                Effect::Either(_) => picked.clone(),
                e => vec![e],
            })
            .collect();
    }
    Ok((d, discard))
}

/// "one" or "two" saved wild dice, as the cards count them.
pub fn dice_words(n: u8) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        n => n.to_string(),
    }
}

/// For a button or a hover: how the way `choice` of `d` differs ("discarding two saved wild
/// dice", "the second way"); none for the first way.
pub fn way_label(d: &AbilityDef, choice: u8) -> Option<String> {
    let w = ways_of(d)?;
    match (choice, w.discard) {
        (0, _) => None,
        (_, 0) => Some("the other way".into()),
        (_, n) => Some(format!(
            "discarding {} saved wild {}",
            dice_words(n),
            if n == 1 { "die" } else { "dice" }
        )),
    }
}

/// Every way each of `abilities` may be used with `saved` saved wild dice, resolved, with its
/// choice and how it differs ([`way_label`]): a way paid with saved wild dice before the free one (it does more), else in the
/// card's order; a way the side can't pay for is left out.
pub fn each_way(abilities: Vec<AbilityDef>, saved: u32) -> Vec<(AbilityDef, u8, Option<String>)> {
    let mut out = Vec::new();
    for d in abilities {
        let order: &[u8] = match ways_of(&d) {
            None => &[0],
            Some(w) if w.discard > 0 => &[1, 0],
            Some(_) => &[0, 1],
        };
        out.extend(
            order
                .iter()
                .filter_map(|&c| Some((chosen(&d, c, saved).ok()?.0, c, way_label(&d, c)))),
        );
    }
    out
}

/// ABL-5, INI-3: the saved wild dice the way `choice` of `name` costs are discarded (logged).
pub(crate) fn discard_saved(world: &mut World, f: &FighterView, name: &str, choice: u8) {
    let r = world.resource::<Ruleset>();
    let discard = crate::rules::abilities::abilities_of(r, f)
        .iter()
        .find(|d| d.name.eq_ignore_ascii_case(name))
        .and_then(crate::rules::ways::ways_of)
        .filter(|_| choice == 1)
        .map_or(0, |w| w.discard);
    if discard > 0 {
        let mut eng = crate::rules::state::engine(world);
        let side = &mut eng.dice[f.side];
        side.saved = side.saved.saturating_sub(u32::from(discard));
        let outcome = crate::rules::log::EffectOutcome::OwnWildDiceDiscarded {
            discarded: u32::from(discard),
        };
        crate::rules::effects::effect_logged(world, f.id, outcome);
    }
}
