//! Part of the bonus family (ABL-5, CMB-2): the card's wording of bonus actions, for this
//! fighter or another friendly fighter (`card`: the language's shared pieces).

use crate::model::effects::{Amount, Effect, FriendPick};

use super::card::{amount_prefix, picked_friend};

/// "This fighter makes a bonus move action (or a bonus attack action)", "then, they can make
/// a bonus attack action".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    const UP_TO: [&str; 3] = [
        "this fighter can make a bonus move action up to a number of inches equal to ",
        "this fighter makes a bonus move action up to a number of inches equal to ",
        "this fighter makes a bonus move action of a number of inches equal to ",
    ];
    if let Some(rest) = UP_TO.iter().find_map(|p| s.strip_prefix(p)) {
        let (max, rest) = amount_prefix(rest)?;
        return rest
            .is_empty()
            .then(|| vec![Effect::BonusMove { max: Some(max) }]);
    }
    if s == "this fighter makes a bonus move action or a bonus disengage action, then this \
             fighter makes a bonus attack action or a bonus move action"
    {
        return Some(vec![
            Effect::BonusMoveOrDisengage,
            Effect::BonusMoveOrAttack,
        ]);
    }
    if let Some(e) = move_closer(s).or_else(|| after_takedown_words(s)) {
        return Some(vec![e]);
    }
    // "... a bonus move action of (up to) N\"".
    let plain = plain_bonus(s);
    let with =
        (plain.strip_prefix("this fighter makes a bonus attack action with its ")).or_else(|| {
            (plain.strip_prefix("this fighter makes a bonus attack action that has the "))
                .and_then(|w| w.strip_suffix(" runemark"))
        });
    if let Some(w) = with
        && !w.contains(' ')
    {
        let runemark = w.to_string();
        return Some(vec![Effect::BonusAttackWith { runemark }]);
    }
    let of = [
        "this fighter makes a bonus move action of {n}\"",
        "this fighter makes a bonus move action of up to {n}\"",
    ];
    // "... and can fly as part of that move action" ("..., and can fly when they do so").
    let flying = [
        "this fighter makes a bonus move action up to {n}\" and can fly as part of that move \
         action",
        "this fighter makes a bonus move action of up to {n}\", and can fly when they do so",
    ];
    if let Some(v) = flying.iter().find_map(|f| super::card::fill(&plain, f)) {
        let max = Amount::Fixed(v[0]);
        return Some(vec![Effect::FlyingBonusMove { max }]);
    }
    if let Some(v) = of.iter().find_map(|f| super::card::fill(&plain, f)) {
        let max = Some(Amount::Fixed(v[0]));
        return Some(vec![Effect::BonusMove { max }]);
    }
    Some(vec![match plain_bonus(s).as_str() {
        "this fighter makes a bonus move action" => Effect::BonusMove { max: None },
        "this fighter makes a bonus attack action" => Effect::BonusAttack,
        "this fighter makes a bonus move action or a bonus attack action"
        | "this fighter makes a bonus attack action or a bonus move action" => {
            Effect::BonusMoveOrAttack
        }
        "this fighter makes a bonus melee attack action" => Effect::BonusAttackOf { melee: true },
        "this fighter makes a bonus missile attack action" => {
            Effect::BonusAttackOf { melee: false }
        }
        "this fighter makes a bonus move action or a bonus disengage action"
        | "this fighter makes a bonus move action or bonus disengage action"
        | "this fighter makes a bonus disengage action or a bonus move action" => {
            Effect::BonusMoveOrDisengage
        }
        "this fighter makes a bonus disengage action" => Effect::BonusDisengage,
        _ => return None,
    }])
}

/// "(Until the end of this fighter's activation,) after an enemy fighter is taken down by an
/// attack action made by this fighter (each time a fighter is taken down by an attack action
/// made by this fighter this activation), this fighter can make a (further) bonus ...";
/// "... after the enemy fighter is taken down by a melee attack action made this fighter,
/// this fighter can make a bonus move action nor a bonus attack action" (a misprint: "or").
fn after_takedown_words(s: &str) -> Option<Effect> {
    const WHEN: [&str; 2] = [
        "until the end of this fighter's activation, after an enemy fighter is taken down by an \
         attack action made by this fighter, ",
        "each time a fighter is taken down by an attack action made by this fighter this \
         activation, ",
    ];
    const MELEE: &str = "until the end of this fighter's activation, after the enemy fighter is \
                         taken down by a melee attack action made this fighter, ";
    let (rest, melee) = match s.strip_prefix(MELEE) {
        Some(rest) => (
            rest.replace(" action nor a bonus ", " action or a bonus "),
            true,
        ),
        None => (
            WHEN.iter().find_map(|w| s.strip_prefix(w))?.to_string(),
            false,
        ),
    };
    let rest = rest
        .replace("make a further bonus ", "make a bonus ")
        .replace(
            " action or bonus attack action",
            " action or a bonus attack action",
        );
    let then = sentence(&rest)?;
    let e = Effect::AfterTakedown { then, melee };
    e.nested_ok().then_some(e)
}

/// A bonus action in one wording: "then(,) ..." leading it left out (the effects run in the
/// card's order), "they" for "this fighter", and "can (then) make" for "makes" (CMB-2: a
/// bonus may be declined).
fn plain_bonus(s: &str) -> String {
    let s = s
        .strip_prefix("then, ")
        .or_else(|| s.strip_prefix("then "))
        .unwrap_or(s);
    let s = match s.strip_prefix("they ") {
        Some(rest) => format!("this fighter {rest}"),
        None => s.to_string(),
    };
    ["can then make a bonus ", "can make a bonus "]
        .iter()
        .fold(s, |s, from| s.replace(from, "makes a bonus "))
}

/// "This fighter makes a bonus move action (of up to a number of inches equal to A) and must
/// finish closer to the closest visible enemy fighter than they were at the start of that
/// move action".
fn move_closer(s: &str) -> Option<Effect> {
    let rest = s.strip_prefix("this fighter makes a bonus move action ")?;
    let (max, rest) = match rest.strip_prefix("of up to a number of inches equal to ") {
        Some(r) => {
            let (a, r) = amount_prefix(r)?;
            (Some(a), r.strip_prefix(' ')?)
        }
        None => (None, rest),
    };
    (rest
        == "and must finish closer to the closest visible enemy fighter than they were at the \
            start of that move action")
        .then_some(Effect::BonusMoveCloser { max })
}

/// "Pick a (visible) friendly fighter (with MARKS) within N" of this fighter." "That
/// (friendly) fighter makes (can make) a bonus attack action."
pub(super) fn friend_bonus_attack(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, visible, marks) = picked_friend(&s[0])?;
    // "(If that fighter is not taken down,) they can make ...": a friend taken down makes
    // no attack anyway.
    let then = s.get(1)?;
    let then = (then.strip_prefix("if that fighter is not taken down, "))
        .unwrap_or(then)
        .replacen("they can make ", "that fighter can make ", 1);
    let then = then.strip_prefix("that ")?;
    let then = then.strip_prefix("friendly ").unwrap_or(then);
    let melee = match then {
        "fighter makes a bonus attack action" | "fighter can make a bonus attack action" => false,
        "fighter makes a bonus melee attack action"
        | "fighter can make a bonus melee attack action" => true,
        _ => return None,
    };
    let pick = FriendPick::new(range, visible, marks);
    let effect = Effect::FriendBonusAttack {
        range,
        visible,
        runemark: pick.runemark,
        marks: pick.marks,
        melee,
        weapon: crate::model::effects::Marks::default(),
    };
    Some((2, vec![effect]))
}

/// "Pick a (visible) enemy fighter within N" of this fighter" or "a fighter can use this
/// ability only if they are within N" of a (visible) enemy fighter with the R runemark", then
/// "this fighter (can make) makes a bonus attack action against (that targets) that fighter":
/// a bonus attack on the enemy picked.
pub(super) fn picked_then_attacked(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let hurt = "a fighter can only use this ability if an enemy fighter has been allocated \
                damage by a melee attack action made by them this activation";
    let (range, visible, runemark, only) = match super::card::picked_enemy(&s[0]) {
        Some((range, visible)) => (range, visible, None, None),
        // "That enemy fighter": the one its melee attacks hurt (the player's pick of them).
        None if s[0] == hurt => {
            let only = Some(crate::model::effects::PickOnly::HurtByItsMelee);
            (crate::model::effects::ANYWHERE, false, None, only)
        }
        None => {
            let (range, visible, runemark) = enemy_with_runemark(&s[0])?;
            (range, visible, runemark, None)
        }
    };
    let then = plain_bonus(s.get(1)?);
    let (melee, then) = match then.strip_prefix("this fighter makes a bonus melee attack action ") {
        Some(t) => (true, t),
        None => (
            false,
            then.strip_prefix("this fighter makes a bonus attack action ")?,
        ),
    };
    let that = [
        "against that fighter",
        "against that enemy fighter",
        "that targets that fighter",
        "that targets that enemy fighter",
    ];
    that.contains(&then).then(|| {
        let e = Effect::BonusAttackAt {
            range,
            visible,
            runemark,
            only,
            melee,
        };
        (2, vec![e])
    })
}

/// "A fighter can use this ability only if they are within N" of a (visible) enemy fighter
/// with the R runemark": the reach and the runemark of the enemy it picks.
fn enemy_with_runemark(s: &str) -> Option<(f32, bool, Option<String>)> {
    let rest = s.strip_prefix("a fighter can use this ability only if they are within ")?;
    let (n, rest) = super::card::number_prefix(rest)?;
    let (visible, rest) = match rest.strip_prefix("\" of a visible enemy fighter with the ") {
        Some(r) => (true, r),
        None => (
            false,
            rest.strip_prefix("\" of an enemy fighter with the ")?,
        ),
    };
    let mark = rest.strip_suffix(" runemark")?;
    (!mark.contains(" and ")).then(|| (n as f32, visible, Some(mark.to_string())))
}
