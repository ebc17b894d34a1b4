//! Part of the damage family (ABL-5): the card's words for what waits for a move action
//! (`AfterMove`, run by `damage.rs`): the end of a bonus move the ability gives ("if that move
//! action ends within 1\" of an enemy fighter, ..."), or the next move near an enemy this
//! activation: damage to an enemy picked then, or a raise.

use crate::model::effects::{Amount, Effect, MoveTrigger};

use super::card::{allocate_to_that, bands, fill};

/// "This fighter (can) make(s) a bonus move action." + "If this fighter finishes that move
/// action within N" of an enemy fighter, pick a visible enemy fighter within M" of this
/// fighter." + damage to it; or + "If that move action ends within N" of an enemy fighter, X"
/// (a raise for the round or the next attack).
pub(super) fn bonus_move_then(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let bonus = super::bonus_words::sentence(&s[0])?;
    if !matches!(
        bonus[..],
        [Effect::BonusMove { .. } | Effect::FlyingBonusMove { .. }]
    ) {
        return None;
    }
    if let Some(read) = attack_if_far(s, &bonus) {
        return Some(read);
    }
    let then = s.get(1)?;
    const PICK: &str = "if this fighter finishes that move action within {n}\" of an enemy \
                        fighter, pick a visible enemy fighter within {n}\" of this fighter";
    // "After this fighter finishes that move, you can pick a visible enemy fighter within N\"
    // of this fighter." + "If you do so, allocate ...": the same pick, when one is in reach.
    const AFTER: &str = "after this fighter finishes that move, you can pick a visible enemy \
                         fighter within {n}\" of this fighter";
    let picked = fill(then, PICK).or_else(|| fill(then, AFTER).map(|v| vec![v[0], v[0]]));
    let (near, then, used) = if let Some(v) = picked {
        let to = s.get(2)?;
        let damage = Effect::DamageOne {
            range: v[1] as f32,
            amount: allocate_to_that(to.strip_prefix("if you do so, ").unwrap_or(to))?,
            roll: None,
            only: None,
        };
        (v[0], vec![damage], 3)
    } else {
        let rest = then.strip_prefix("if that move action ends within ")?;
        let (n, rest) = super::card::number_prefix(rest)?;
        let x = rest.strip_prefix("\" of an enemy fighter, ")?;
        // "... to this fighter's Toughness characteristic for the rest of the battle round".
        let x = x.replace(
            " to this fighter's toughness characteristic",
            " to the toughness characteristic of this fighter",
        );
        let x = super::card::plain_words(&x);
        let then = super::boost::sentence(&x)?;
        (n, then, 2)
    };
    let after = Effect::AfterMove {
        trigger: MoveTrigger::BonusNearEnemy(near as f32),
        then,
    };
    let mut effects = bonus;
    effects.push(after);
    (effects.iter().all(Effect::nested_ok)).then_some((used, effects))
}

/// "This fighter makes a bonus move action." + "Then, they can make a bonus attack action." +
/// "Add A to the S characteristic of that attack action if the fighter finished the move
/// action N\" or more from their starting position": the raise waits for the bonus move,
/// for the bonus attack (lapsing with it).
fn attack_if_far(s: &[String], bonus: &[Effect]) -> Option<(usize, Vec<Effect>)> {
    let attack = super::bonus_words::sentence(s.get(1)?)?;
    if !matches!(attack[..], [Effect::BonusAttack]) {
        return None;
    }
    let (raise, far) = s
        .get(2)?
        .split_once(" of that attack action if the fighter finished the move action ")?;
    let far = fill(far, "{n}\" or more from their starting position")?[0];
    let (by, stat, rest) = super::card::add_to_one(raise)?;
    (rest.is_empty() && stat.of_attacks()).then_some(())?;
    let after = Effect::AfterMove {
        trigger: MoveTrigger::BonusFar(far as f32),
        then: vec![Effect::NextBoost {
            stat,
            by,
            only: None,
        }],
    };
    let effects: Vec<Effect> = bonus.iter().cloned().chain(attack).chain([after]).collect();
    (effects.iter().all(Effect::nested_ok)).then_some((3, effects))
}

/// "Until the end of this fighter's activation, the next time this fighter finishes a move
/// action within N" of an enemy fighter, pick a visible enemy fighter within N" of this
/// fighter." + damage to it.
pub(super) fn next_move_near_enemy(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    const HEAD: &str = "until the end of this fighter's activation, the next time this fighter \
                        finishes a move action within {n}\" of an enemy fighter, pick a visible \
                        enemy fighter within {n}\" of this fighter";
    // "... and roll a dice." + what each roll deals; or what the next sentence allocates.
    let (v, used, damage) = match s[0].split_once(" and roll ") {
        Some((head, dice)) => {
            let v = fill(head, HEAD)?;
            let dice = super::card::then_roll(&format!("then, roll {dice}"))?;
            let (used, mut roll) = bands(&s[1..])?;
            roll.dice = dice;
            let roll = Some(roll);
            let damage = Effect::DamageOne {
                range: v[1] as f32,
                amount: Amount::Fixed(0),
                roll,
                only: None,
            };
            (v, 1 + used, damage)
        }
        None => {
            let v = fill(&s[0], HEAD)?;
            let damage = Effect::DamageOne {
                range: v[1] as f32,
                amount: allocate_to_that(s.get(1)?)?,
                roll: None,
                only: None,
            };
            (v, 2, damage)
        }
    };
    let effect = Effect::AfterMove {
        trigger: MoveTrigger::NearEnemy(v[0] as f32),
        then: vec![damage],
    };
    Some((used, vec![effect]))
}
