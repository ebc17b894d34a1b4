//! Part of the toll family (ABL-5): tokens an ability leaves where an enemy its attack took
//! down fell ("cremate that enemy fighter": a Pyre token; a banquet token), and what they do
//! at the end of each battle round, after objective control is determined.

use bevy::prelude::*;

use crate::battlefield::measure::distance_to_point;
use crate::model::RuleId;
use crate::model::components::Damage;
use crate::model::effects::{Effect, Token, TokenAt};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView, TokenOnBoard};

use super::{Useful, Weighed, effect_logged};

/// In words: "cremate the enemy its attack last took down this activation: a Pyre token where
/// it fell (at the end of each round, 3 damage to each enemy within 1\" of one)".
pub(super) fn describe(e: &Effect) -> String {
    match e {
        Effect::PlaceToken(Token::Pyre, TokenAt::Fell) => format!(
            "cremate the enemy its attack last took down this activation: a Pyre token where it \
             fell {}",
            rule_words(Token::Pyre)
        ),
        Effect::PlaceToken(token, TokenAt::Fell) => format!(
            "a {} where the enemy its attack last took down this activation fell {}",
            token.name(),
            rule_words(*token)
        ),
        Effect::PlaceToken(Token::Pyre, TokenAt::Here) => format!(
            "cremate this fighter: a Pyre token where it stands {}",
            rule_words(Token::Pyre)
        ),
        Effect::PlaceToken(token, TokenAt::Here) => format!(
            "a {} where this fighter stands {}",
            token.name(),
            rule_words(*token)
        ),
        Effect::CremationRule => format!(
            "a fighter cremated is removed and leaves a Pyre token where it fell {}",
            rule_words(Token::Pyre)
        ),
        _ => String::new(),
    }
}

/// "(at the end of each round, 3 damage to each enemy within 1\" of one)".
fn rule_words(token: Token) -> String {
    let (heals, amount, within) = token.at_round_end();
    let what = match heals {
        true => format!("up to {amount} damage removed from each friend"),
        false => format!("{amount} damage to each enemy"),
    };
    format!("(at the end of each round, {what} within {within}\" of one)")
}

/// ABL-5: the token at the centre of the place where the enemy `f`'s attack last took down
/// this activation fell (or where `f` stands), once for each fighter and token; what was done,
/// for the log.
pub(crate) fn place(
    world: &mut World,
    f: &FighterView,
    (token, at): (Token, TokenAt),
) -> EffectOutcome {
    let fell = match at {
        TokenAt::Here => Some(f.id),
        TokenAt::Fell => (world.resource::<state::Engine>().activation.as_ref())
            .filter(|a| a.fighter == f.id)
            .and_then(|a| a.downed.last().copied()),
    };
    let Some(t) = fell.and_then(|id| state::fighter(world, id)) else {
        return EffectOutcome::TokenPlaced {
            token,
            fell: None,
            at: None,
        };
    };
    let mut eng = state::engine(world);
    let again = (eng.tokens.iter()).any(|k| k.fell == t.id && k.token == token);
    let at = (!again).then(|| t.pos.to_array());
    if let Some(at) = at {
        eng.tokens.push(TokenOnBoard {
            token,
            side: f.side,
            by: f.id,
            fell: t.id,
            at,
        });
    }
    EffectOutcome::TokenPlaced {
        token,
        fell: Some(t.id),
        at,
    }
}

/// REA-1, ABL-5: what a reaction does to the fighter `id` making it as the damage is totalled:
/// a token where it stands ("cremate this fighter"), or it is taken down; each logged.
pub(crate) fn reaction_on_itself(world: &mut World, id: FighterId, e: &Effect) {
    let Some(f) = state::fighter(world, id).filter(FighterView::on_board) else {
        return;
    };
    match e {
        Effect::PlaceToken(token, at) => {
            let outcome = place(world, &f, (*token, *at));
            effect_logged(world, id, outcome);
        }
        Effect::SelfTakenDown => {
            for outcome in super::self_damage::taken_down(world, &f) {
                effect_logged(world, id, outcome.clone());
                if let EffectOutcome::Damage { damage, .. } = outcome {
                    crate::rules::actions::deal_damage(world, id, damage, &[RuleId::Atk5]);
                }
            }
        }
        _ => {}
    }
}

/// ABL-5: at the end of the battle round, after objective control: each side's tokens of
/// each kind reach the fighters within their reach of one or more (enemies hurt, friends
/// healed), each once; one log line for each kind, under the fighter that left the first.
pub(crate) fn round_end(world: &mut World) {
    // Most battles leave none: no fighters gathered then.
    if world.resource::<state::Engine>().tokens.is_empty() {
        return;
    }
    let tokens = world.resource::<state::Engine>().tokens.clone();
    let all = state::fighters(world);
    for side in crate::model::ids::Side::BOTH {
        for kind in [Token::Pyre, Token::Banquet] {
            let mine: Vec<&TokenOnBoard> = (tokens.iter())
                .filter(|k| k.side == side && k.token == kind)
                .collect();
            let Some(first) = mine.first() else {
                continue;
            };
            let (heals, amount, within) = kind.at_round_end();
            let near = |o: &&FighterView| {
                (mine.iter()).any(|k| distance_to_point(&o.base(), Vec3::from(k.at)) <= within)
            };
            let reached: Vec<&FighterView> = (all.iter())
                .filter(|o| o.on_board() && (o.side == side) == heals && (!heals || o.damage > 0))
                .filter(near)
                .collect();
            if reached.is_empty() {
                continue;
            }
            let fighters: Vec<FighterId> = reached.iter().map(|o| o.id).collect();
            let outcome = EffectOutcome::TokenRoundEnd {
                token: kind,
                fighters: fighters.clone(),
                amount,
            };
            effect_logged(world, first.by, outcome);
            for o in reached {
                match heals {
                    true => {
                        let left = o.damage.saturating_sub(amount);
                        world.entity_mut(o.entity).insert(Damage(left));
                    }
                    false => {
                        crate::rules::actions::deal_damage(world, o.id, amount, &[RuleId::Abl5]);
                    }
                }
            }
        }
    }
}

/// SOLO-C1: a token is worth leaving where an enemy fell this activation when it would reach
/// someone now: another enemy within reach of the place (a Pyre), a hurt friend (a banquet).
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::PlaceToken(token, TokenAt::Fell) = e else {
        return None;
    };
    let act = w.world.resource::<state::Engine>().activation.as_ref();
    let fell = act.filter(|a| a.fighter == w.f.id)?.downed.last()?;
    let at = w.all.iter().find(|o| o.id == *fell)?.pos;
    let (heals, _, within) = token.at_round_end();
    let reached = (w.all.iter()).any(|o| {
        o.on_board()
            && (o.side == w.f.side) == heals
            && (!heals || o.damage > 0)
            && distance_to_point(&o.base(), at) <= within
    });
    reached.then_some(Useful::Because(
        "where the enemy fell, the token would reach someone now",
        None,
    ))
}

// The card's wording (`card`: the language's shared pieces).

/// "Cremate that enemy fighter" (after "can only use this ability when their attack action
/// takes down an enemy fighter"), and "until the end of this fighter's activation, when their
/// attack action takes down an enemy fighter, cremate that enemy fighter".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let cremate = Effect::PlaceToken(Token::Pyre, TokenAt::Fell);
    match s {
        "cremate that enemy fighter" => Some(vec![cremate]),
        "cremate this fighter" => Some(vec![Effect::PlaceToken(Token::Pyre, TokenAt::Here)]),
        // No campaign is played: a battle's injury rolls are not the engine's.
        "in a campaign battle, do not make an injury roll for this fighter" => Some(Vec::new()),
        "until the end of this fighter's activation, when their attack action takes down an \
         enemy fighter, cremate that enemy fighter" => Some(vec![Effect::AfterTakedown {
            then: vec![cremate],
            melee: false,
        }]),
        _ => None,
    }
}

/// "Place a banquet token at the centre of the space occupied by that fighter before removing
/// that fighter from the battlefield." + what it does at the end of the round; or the passive
/// rule of cremating: "When an ability tells you to cremate a fighter, remove that fighter
/// ... and place a Pyre token at the centre of the space occupied by that fighter." + what
/// they do. Read when the numbers are the token's.
pub(super) fn read(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (token, effect) = match s[0].as_str() {
        "place a banquet token at the centre of the space occupied by that fighter before \
         removing that fighter from the battlefield" => (
            Token::Banquet,
            Effect::PlaceToken(Token::Banquet, TokenAt::Fell),
        ),
        "when an ability tells you to cremate a fighter, remove that fighter from the \
         battlefield and place a pyre token at the centre of the space occupied by that fighter" => {
            (Token::Pyre, Effect::CremationRule)
        }
        _ => return None,
    };
    let (_, amount, within) = token.at_round_end();
    let end = match token {
        Token::Banquet => format!(
            "at the end of the battle round, after determining control of objectives, you can \
             remove up to {amount} damage points allocated to each friendly fighter within \
             {within}\" of the centre of any banquet tokens"
        ),
        Token::Pyre => format!(
            "at the end of the battle round, after determining control of objectives, allocate \
             {amount} damage to each enemy fighter within {within}\" of the centre of one or \
             more pyre tokens"
        ),
    };
    (s.get(1)? == &end).then(|| (2, vec![effect]))
}
