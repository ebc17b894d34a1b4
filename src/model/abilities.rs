//! Abilities as data (ABL-1..ABL-5): what one costs, who may use it and its effect; the
//! universal abilities of ABL-3 with the ruleset's values. The engine runs them in
//! `rules::abilities`.

use serde::{Deserialize, Serialize};

use crate::model::ruleset::Ruleset;

/// ABL-1: what an ability costs: a double, triple or quad of ability dice; or, for the
/// abilities fighter data carries that are not paid with dice, a reaction (REA-1), a passive
/// rule or a battle trait.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiceCost {
    Double,
    Triple,
    Quad,
    Reaction,
    Passive,
    BattleTrait,
}

impl std::fmt::Display for DiceCost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DiceCost::Double => "double",
            DiceCost::Triple => "triple",
            DiceCost::Quad => "quad",
            DiceCost::Reaction => "reaction",
            DiceCost::Passive => "passive rule",
            DiceCost::BattleTrait => "battle trait",
        })
    }
}

impl DiceCost {
    /// How many ability dice pay for it (ABL-1); none for abilities not paid with dice.
    pub fn dice(self) -> Option<u8> {
        match self {
            DiceCost::Double => Some(2),
            DiceCost::Triple => Some(3),
            DiceCost::Quad => Some(4),
            DiceCost::Reaction | DiceCost::Passive | DiceCost::BattleTrait => None,
        }
    }

    /// Can a group of `size` ability dice pay for it (ABL-1: a bigger group may pay for a
    /// smaller ability)?
    pub fn paid_by(self, size: u8) -> bool {
        self.dice().is_some_and(|n| size >= n)
    }
}

/// What an ability does, when the engine knows how.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AbilityEffect {
    Rush,
    Onslaught,
    Respite,
    InspiringPresence,
    Reckoning,
    /// ABL-5: effects as data, done in order (see `model::effects`).
    Effects(Vec<crate::model::effects::Effect>),
    /// ABL-5: resolved by the players; the engine spends the dice and logs it.
    NotAutomated,
}

/// An ability a fighter may use (ABL-2: gated by runemarks).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AbilityDef {
    /// The id of the ability in the community fighter data it was imported from, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub name: String,
    pub cost: DiceCost,
    /// Runemarks the fighter needs (all of them); empty: anyone.
    #[serde(default)]
    pub runemarks: Vec<String>,
    /// The rules text, shown to the players.
    #[serde(default)]
    pub text: String,
    #[serde(default = "not_automated")]
    pub effect: AbilityEffect,
}

impl AbilityEffect {
    /// ABL-5: where it sets a fighter up: the enemy it picks near the fighter, or the
    /// fighter itself anywhere.
    pub fn sets_up(&self) -> Option<crate::model::effects::Placing> {
        use crate::model::effects::Effect;
        let AbilityEffect::Effects(effects) = self else {
            return None;
        };
        effects.iter().find_map(Effect::placing)
    }
}

fn not_automated() -> AbilityEffect {
    AbilityEffect::NotAutomated
}

fn def(
    name: &str,
    cost: DiceCost,
    runemarks: &[&str],
    text: &str,
    effect: AbilityEffect,
) -> AbilityDef {
    AbilityDef {
        id: None,
        name: name.into(),
        cost,
        runemarks: runemarks.iter().map(|s| s.to_string()).collect(),
        text: text.into(),
        effect,
    }
}

/// ABL-3: the universal abilities, with the ruleset's values. Every fighter has them and
/// the engine and the AI ask for them many times a decision: each thread keeps the last
/// ruleset's.
pub fn universal(r: &Ruleset) -> std::rc::Rc<[AbilityDef]> {
    type Kept = Option<((u32, u32, u32), std::rc::Rc<[AbilityDef]>)>;
    thread_local! {
        static KEPT: std::cell::RefCell<Kept> = const { std::cell::RefCell::new(None) };
    }
    let key = (
        r.rush_move_bonus,
        r.onslaught_attacks_bonus,
        r.inspiring_presence_range.to_bits(),
    );
    KEPT.with_borrow_mut(|kept| match kept {
        Some((k, defs)) if *k == key => defs.clone(),
        _ => {
            let defs: std::rc::Rc<[AbilityDef]> = universal_defs(r).into();
            *kept = Some((key, defs.clone()));
            defs
        }
    })
}

/// [`universal`], written out.
fn universal_defs(r: &Ruleset) -> Vec<AbilityDef> {
    vec![
        def(
            "Rush",
            DiceCost::Double,
            &[],
            &format!(
                "+{} Move until the end of the activation",
                r.rush_move_bonus
            ),
            AbilityEffect::Rush,
        ),
        def(
            "Respite",
            DiceCost::Double,
            &[],
            "Not within 1\" of an enemy: remove damage equal to the value",
            AbilityEffect::Respite,
        ),
        def(
            "Onslaught",
            DiceCost::Triple,
            &[],
            &format!(
                "+{} Attacks for melee attacks this activation",
                r.onslaught_attacks_bonus
            ),
            AbilityEffect::Onslaught,
        ),
        def(
            "Inspiring Presence",
            DiceCost::Triple,
            &["hero"],
            &format!(
                "A visible friendly fighter within {}\" not yet activated is activated right after this one",
                r.inspiring_presence_range
            ),
            AbilityEffect::InspiringPresence,
        ),
        def(
            "Reckoning",
            DiceCost::Quad,
            &[],
            "Once half the warband or more is taken down: bonus move up to the value, then a bonus attack if within 1\" of an enemy",
            AbilityEffect::Reckoning,
        ),
    ]
}
