//! What an ability did to an enemy, in words: rolls against it, and where it (or this
//! fighter) was set up (ABL-5).

use crate::rules::log::{AgainstResult, EffectOutcome, Names};

/// "rolls 6, 2: Grak makes 1 fewer action this round: 1 is left".
pub(super) fn rolled_against_text(
    rolls: &[u8],
    name: String,
    result: &AgainstResult,
    n: &Names,
) -> String {
    let shown: Vec<String> = rolls.iter().map(u8::to_string).collect();
    let what = match result {
        AgainstResult::Nothing => "no success, no effect".to_string(),
        AgainstResult::Weakened { stat, now } => {
            format!("{name}'s {stat} is {now} until the end of the battle")
        }
        AgainstResult::Taunted { taunter } => format!(
            "{name}'s attacks must target {} until the end of the round (or until it is \
             taken down)",
            n.fighter(*taunter)
        ),
        AgainstResult::Barred { actions } => format!(
            "{name} may not {} until the end of the round",
            actions
                .iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .join(" or ")
        ),
        AgainstResult::FewerActions { left: Some(0) } => {
            format!("{name} has no action left this round: it can't be activated")
        }
        AgainstResult::FewerActions { left: Some(1) } => {
            format!("{name} makes 1 fewer action this round: 1 is left")
        }
        AgainstResult::FewerActions { left: Some(k) } => {
            format!("{name} makes 1 fewer action this round: {k} are left")
        }
        AgainstResult::FewerActions { left: None } => {
            format!("{name} has no action of this round left to give up")
        }
        AgainstResult::FewerNext => {
            format!("{name} makes 1 fewer action in its next activation (at least 1)")
        }
    };
    match shown.is_empty() {
        true => what,
        false => format!("rolls {}: {what}", shown.join(", ")),
    }
}

/// ABL-5: where the enemy an ability set up went.
pub(super) fn set_up_text(who: &str, o: &EffectOutcome, n: &Names) -> String {
    let EffectOutcome::SetUp {
        fighter,
        within,
        at,
        gone,
    } = o
    else {
        return String::new();
    };
    let name = n.fighter(*fighter);
    match (gone, at) {
        (true, _) => format!("{name} is not on the battlefield"),
        (false, Some(p)) => format!(
            "{name} is set up within {within}\" of {who}, {}",
            n.place(p)
        ),
        (false, None) => {
            format!("no room for {name} within {within}\" of {who}: it stays where it is")
        }
    }
}

/// ABL-5, ATK-5: the friend taken down an ability set up again, or why it stays down; a
/// fighter an ability spared from being taken down.
pub(super) fn revived_text(who: &str, o: &EffectOutcome, n: &Names) -> String {
    if let EffectOutcome::Spared { left, rolled } = o {
        let dice = match rolled {
            0 => String::new(),
            d => format!("a D{d} roll of "),
        };
        let s = if *left == 1 { "" } else { "s" };
        return format!(
            "{who} is not taken down: the rest of the damage is ignored and {dice}{left} \
             removed: {left} wound{s} left"
        );
    }
    let EffectOutcome::Revived {
        fighter,
        at,
        left,
        rolls,
        least,
    } = o
    else {
        return String::new();
    };
    let name = n.fighter(*fighter);
    let what = match at {
        Some(p) => format!(
            "{name} is set up again {}, no longer taken down: {left} wound{} left",
            n.place(p),
            if *left == 1 { "" } else { "s" }
        ),
        None if !rolls.is_empty() && rolls.iter().all(|r| r < least) => {
            format!("no roll of {least}+: {name} stays taken down")
        }
        None => format!("no room to set {name} up again: it stays taken down"),
    };
    match rolls.is_empty() {
        true => what,
        false => {
            let shown: Vec<String> = rolls.iter().map(u8::to_string).collect();
            format!("rolls {}: {what}", shown.join(", "))
        }
    }
}

/// ABL-5: the point a fighter picked, its rolls, and the enemies near it; the friends round
/// an enemy who may each attack it.
pub(super) fn point_text(who: &str, o: &EffectOutcome, n: &Names) -> String {
    if let EffectOutcome::GangedUp { target, fighters } = o {
        let names: Vec<String> = fighters.iter().map(|f| n.fighter(*f)).collect();
        let t = n.fighter(*target);
        return match names.is_empty() {
            true => format!("nobody stands near {t} to attack it"),
            false => format!("{} may each make a bonus attack on {t}", names.join(", ")),
        };
    }
    let EffectOutcome::AtPoint {
        at,
        rolls,
        fighters,
    } = o
    else {
        return String::new();
    };
    let Some(p) = at else {
        return format!("no point {who} can see reaches an enemy");
    };
    let rolled = match rolls.is_empty() {
        true => String::new(),
        false => {
            let shown: Vec<String> = rolls.iter().map(u8::to_string).collect();
            format!(" and rolls {}", shown.join(", "))
        }
    };
    let near = match fighters.is_empty() {
        true => "no enemy is near it".to_string(),
        false => {
            let names: Vec<String> = fighters.iter().map(|f| n.fighter(*f)).collect();
            format!("near it: {}", names.join(", "))
        }
    };
    format!("{who} picks a point {}{rolled}; {near}", n.place(p))
}

/// ABL-5: a token left where an enemy fell, and what the tokens did at the round's end.
pub(super) fn token_text(who: &str, o: &EffectOutcome, n: &Names) -> String {
    let names = |v: &[crate::model::ids::FighterId]| {
        v.iter()
            .map(|f| n.fighter(*f))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match o {
        EffectOutcome::TokenPlaced {
            token,
            fell: Some(f),
            at: Some(p),
        } => format!(
            "{who} leaves a {} where {} fell, {}",
            token.name(),
            n.fighter(*f),
            n.place(p)
        ),
        EffectOutcome::TokenPlaced {
            token,
            fell: Some(f),
            at: None,
        } => format!("{} already has a {}: no other", n.fighter(*f), token.name()),
        EffectOutcome::TokenPlaced { token, .. } => format!(
            "no enemy fell to {who}'s attacks this activation: no {}",
            token.name()
        ),
        EffectOutcome::TokenRoundEnd {
            token: crate::model::effects::Token::Banquet,
            fighters,
            amount,
        } => format!(
            "end of the round: up to {amount} damage removed from {}, within {}\" of a banquet \
             token",
            names(fighters),
            crate::model::effects::Token::Banquet.at_round_end().2
        ),
        EffectOutcome::TokenRoundEnd {
            token,
            fighters,
            amount,
        } => format!(
            "end of the round: {amount} damage to {}, within {}\" of a {}",
            names(fighters),
            token.at_round_end().2,
            token.name()
        ),
        _ => String::new(),
    }
}

/// ABL-5: where the fighter an ability set up again went.
pub(super) fn relocated_text(who: &str, o: &EffectOutcome, n: &Names) -> String {
    match o {
        EffectOutcome::Relocated { at, fighter } => {
            let name = fighter.map_or_else(|| who.to_string(), |f| n.fighter(f));
            match at {
                Some(p) => format!("{name} is set up again {}", n.place(p)),
                None => format!("nowhere {name} may be set up again: it stays where it is"),
            }
        }
        _ => String::new(),
    }
}
