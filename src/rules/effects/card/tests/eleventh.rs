//! Issue 30, eleventh session: more of the long tail's wordings, in our own words.

use super::*;
use crate::model::effects::{Exposers, Marks};

/// ABL-5: a picked enemy exposed to the attacks of some friendly fighters only: those with
/// the named runemarks (all attacks, or melee ones), raising Attacks, Strength or the damage
/// of each hit.
#[test]
fn abl5_a_picked_enemy_exposed_to_some_friends_attacks() {
    let to = |marks: &[&str], melee_only| {
        Some(Exposers {
            marks: Marks::of(marks, &[]).unwrap(),
            melee_only,
        })
    };
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 7\" of this fighter. Until the end of the \
             battle round, add 1 to the Attacks characteristic of attack actions made by \
             friendly fighters with both the Moss faction runemark and the Scout runemark that \
             target that fighter."
        ),
        Ok(vec![Effect::ExposePicked {
            range: 7.0,
            visible: true,
            stat: Stat::Attacks,
            by: Amount::Fixed(1),
            to: to(&["moss", "scout"], false),
        }])
    );
    assert_eq!(
        effects_of(
            "Pick an enemy fighter within 5\" of this fighter. Until the end of the battle \
             round, add 2 to the damage points allocated by each hit from melee attack actions \
             made by friendly fighters that target that enemy fighter."
        ),
        Ok(vec![Effect::ExposePicked {
            range: 5.0,
            visible: false,
            stat: Stat::Damage,
            by: Amount::Fixed(2),
            to: to(&[], true),
        }])
    );
    // Made by anyone: not read as the friends' only.
    assert!(
        effects_of(
            "Pick an enemy fighter within 5\" of this fighter. Until the end of the battle \
             round, add 1 to the Strength characteristic of attack actions made by fighters \
             that target that fighter."
        )
        .is_err()
    );
}

/// ABL-5: raises made once for each fighter counted: friends round this fighter (with its
/// own runemarks), the fighters taken down this round, the friends taken down.
#[test]
fn abl5_raises_for_each_fighter_counted() {
    use crate::model::effects::Count;
    let melee = |stat| Effect::Boost {
        stat,
        by: Amount::Fixed(1),
        melee_only: true,
        missile_only: false,
    };
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, for each other friendly fighter \
             within 2\" of this fighter that has the same runemarks as this fighter, add 1 to \
             the Attacks and Strength characteristics of melee attack actions made by this \
             fighter."
        ),
        Ok(vec![Effect::PerCount {
            count: Count::Friends {
                range: 2.0,
                visible: false,
                marks: Marks::default(),
                same: true
            },
            then: vec![melee(Stat::Attacks), melee(Stat::Strength)]
        }])
    );
    assert_eq!(
        effects_of(
            "This fighter makes a bonus attack action. In addition, count the number of \
             fighters that have been taken down during this battle round and add the total to \
             the Attacks characteristic of that bonus attack action."
        ),
        Ok(vec![
            Effect::BonusAttack,
            Effect::PerCount {
                count: Count::DownThisRound,
                then: vec![Effect::NextBoost {
                    stat: Stat::Attacks,
                    by: Amount::Fixed(1),
                    only: None
                }]
            }
        ])
    );
    let round = |stat, melee_only| Effect::RoundBoost {
        stat,
        by: Amount::Fixed(1),
        melee_only,
        aura: None,
        missile_only: false,
    };
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add the number of friendly fighters with the \
             Gull runemark that are taken down and do not have the Beast runemark to this \
             fighter's Move characteristic and the Attacks characteristic of melee attack \
             actions made by this fighter."
        ),
        Ok(vec![Effect::PerCount {
            count: Count::FriendsDown {
                marks: Marks::of(&["gull"], &[]).unwrap(),
                not: Marks::of(&["beast"], &[]).unwrap()
            },
            then: vec![round(Stat::Move, false), round(Stat::Attacks, true)]
        }])
    );
    // "For each roll of 4+" is a roll's, not a count's.
    assert!(
        effects_of(
            "Until the end of this fighter's activation, for each enemy fighter within 2\" of \
             this fighter, add 1 to the Attacks characteristic of melee attack actions made by \
             this fighter."
        )
        .is_err()
    );
}
