//! Reactions to an enemy's move (REA-1, ABL-5): "after an enemy fighter finishes a move action
//! visible to this fighter and within 3\" of this fighter", this fighter or a friend it picks
//! makes a bonus action aimed at that enemy. Here: the card's wording and the words for it;
//! the engine offers and makes them (`rules::actions::after_move`).

use crate::model::effects::{Effect, FriendPick, ReactAct, Trigger};

use super::card::{fill, picked_friend, picked_friend_anywhere};

/// In words: "(a reaction after a visible enemy within 3\" finishes a move)".
pub(super) fn trigger_text(t: Trigger) -> Option<String> {
    Some(match t {
        Trigger::EnemyMoved {
            within,
            visible: true,
        } => format!("(a reaction after an enemy it can see finishes a move within {within}\")"),
        Trigger::EnemyMoved {
            within,
            visible: false,
        } => format!("(a reaction after an enemy finishes a move within {within}\")"),
        Trigger::EnemyMovedNearHero { within } => format!(
            "(a reaction after an enemy finishes a move within {within}\" of a friendly hero)"
        ),
        Trigger::AfterMeleeDamage => {
            "(a reaction after a melee attack's damage is allocated to it)".to_string()
        }
        _ => return None,
    })
}

/// In words: "a friendly fighter within 3\" makes a bonus move that ends within 1\" of that
/// enemy".
pub(super) fn describe(friend: &Option<FriendPick>, act: ReactAct) -> String {
    let who = match friend {
        Some(p) => format!(
            "another {}",
            super::friend::picked_text(p).trim_start_matches("a ")
        ),
        None => "this fighter".to_string(),
    };
    let what = match act {
        ReactAct::Engage => "makes a bonus move that ends within 1\" of that enemy".to_string(),
        ReactAct::EngageThenAttack => {
            "makes a bonus move that ends within 1\" of that enemy, then a bonus attack".to_string()
        }
        ReactAct::AttackMover => "makes a bonus attack at that enemy".to_string(),
        ReactAct::GetAway { beyond } => format!(
            "makes a bonus move (or disengage action) that ends more than {beyond}\" from that \
             enemy"
        ),
        ReactAct::SetUpNoFurther => {
            "is set up again no further from that enemy than it stood".to_string()
        }
        ReactAct::Disengage => "makes a bonus disengage action".to_string(),
    };
    format!("{who} {what}")
}

// The card's wording (`card`: the language's shared pieces).

/// "A fighter can make this reaction after an enemy fighter finishes a move action visible to
/// this fighter and within N\" of this fighter", "... when an enemy fighter finishes a move
/// action within N\" of them", "... after an enemy (fighter) finishes a move action within N\"
/// of a friendly fighter with the Hero runemark".
pub(super) fn trigger_of(rest: &str) -> Option<Trigger> {
    if matches!(
        rest,
        "after they have been allocated the total damage points by a melee attack action"
            | "after they have been allocated damage points by a melee attack action"
    ) {
        return Some(Trigger::AfterMeleeDamage);
    }
    let within = |v: Vec<u32>| u8::try_from(v[0]).ok();
    for (template, visible) in [
        (
            "after an enemy fighter finishes a move action visible to this fighter and within \
             {n}\" of this fighter",
            true,
        ),
        (
            "when an enemy fighter finishes a move action within {n}\" of them",
            false,
        ),
        (
            "when an enemy fighter ends their move action visible to this fighter and within \
             {n}\" of this fighter",
            true,
        ),
    ] {
        if let Some(v) = fill(rest, template) {
            let within = within(v)?;
            return Some(Trigger::EnemyMoved { within, visible });
        }
    }
    let rest = rest
        .strip_prefix("after an enemy fighter ")
        .or_else(|| rest.strip_prefix("after an enemy "))?;
    let v = fill(
        rest,
        "finishes a move action within {n}\" of a friendly fighter with the hero runemark",
    )?;
    Some(Trigger::EnemyMovedNearHero { within: within(v)? })
}

/// What the enemy that moved is called in the answer's sentences.
const MOVER: &str = "the enemy fighter that made the move action";

/// The answer to an enemy's move: "Pick another friendly fighter within 3\" of this fighter.
/// That fighter makes a bonus move action. After that move action that fighter must be within
/// 1\" of the enemy fighter that made the move action." (or "... a bonus attack action that
/// must target ...", or "... a bonus move action or a bonus disengage action, and must end that
/// action more than 3\" away from ..."); "This fighter makes a bonus move action. After that
/// move action this fighter must be within 1\" of .... Then, this fighter makes a bonus attack
/// action."
pub(super) fn answer(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    if let Some(read) = own_answer(s).or_else(|| set_up_no_further(s)) {
        return Some(read);
    }
    let (range, visible, marks) = picked_friend(&s[0]).or_else(|| picked_friend_anywhere(&s[0]))?;
    let friend = Some(FriendPick::new(range, visible, marks));
    let then = s.get(1)?.strip_prefix("that fighter makes a bonus ")?;
    let (used, act) = if then == "move action" {
        engaged(s.get(2)?, "that").then_some((3, ReactAct::Engage))?
    } else if then == format!("attack action that must target {MOVER}") {
        (2, ReactAct::AttackMover)
    } else {
        let v = fill(
            then,
            &format!(
                "move action or a bonus disengage action, and must end that action more than \
                 {{n}}\" away from {MOVER}"
            ),
        )?;
        let beyond = u8::try_from(v[0]).ok()?;
        (2, ReactAct::GetAway { beyond })
    };
    Some((used, vec![Effect::ReactBonus { friend, act }]))
}

/// "This fighter makes a bonus move action. After that move action this fighter must be within
/// 1\" of .... (Then, this fighter makes a bonus attack action.)"
fn own_answer(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    if s[0] != "this fighter makes a bonus move action" {
        return None;
    }
    let next = s.get(1)?;
    if !engaged(next, "that") && !engaged(next, "this") {
        return None;
    }
    let attack = s.get(2).is_some_and(|t| {
        t.trim_start_matches("then")
            .trim_start_matches(',')
            .trim_start()
            == "this fighter makes a bonus attack action"
    });
    let (used, act) = match attack {
        true => (3, ReactAct::EngageThenAttack),
        false => (2, ReactAct::Engage),
    };
    Some((used, vec![Effect::ReactBonus { friend: None, act }]))
}

/// "Note the distance between this fighter and the enemy fighter that made the move action.
/// Remove this fighter from the battlefield and then set this fighter up on a platform or the
/// battlefield floor no further from the enemy fighter that made the move action."
fn set_up_no_further(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    if s[0] != format!("note the distance between this fighter and {MOVER}") {
        return None;
    }
    let rest = s
        .get(1)?
        .strip_prefix("remove this fighter from the battlefield")?;
    let rest = [" and then ", ", then "]
        .iter()
        .find_map(|p| rest.strip_prefix(p))?;
    let rest = rest.strip_prefix("set this fighter up on a platform or the battlefield floor")?;
    let rest = rest.strip_prefix(',').unwrap_or(rest);
    if rest != format!(" no further from {MOVER}") {
        return None;
    }
    let e = Effect::ReactBonus {
        friend: None,
        act: ReactAct::SetUpNoFurther,
    };
    Some((2, vec![e]))
}

/// "After that move action(,) that (this) fighter must be within 1\" of the enemy fighter that
/// made the move action."
fn engaged(s: &str, who: &str) -> bool {
    let rest = s
        .strip_prefix("after that move action, ")
        .or_else(|| s.strip_prefix("after that move action "));
    rest == Some(&format!("{who} fighter must be within 1\" of {MOVER}"))
}
