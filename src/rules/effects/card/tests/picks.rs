//! The seventh session's shapes of picks, in words of our own in the cards' shapes.

use super::super::effects_of;
use crate::model::effects::{Amount, Effect, FriendPick, Marks, Stat};

/// Issue 30: a picked friend's next melee attack deals more with each critical hit, in the two
/// wordings the cards use.
#[test]
fn abl5_a_friends_next_melee_attack_deals_more_with_each_critical_hit() {
    let raised = |range: f32, by: u32| {
        let marks = Marks::default().and(Some("warden"));
        Ok(vec![Effect::FriendBoost {
            pick: FriendPick::new(range, false, marks),
            stat: Stat::CritDamage,
            by: Amount::Fixed(by),
            melee_only: true,
            next: true,
        }])
    };
    assert_eq!(
        effects_of(
            "Pick a friendly fighter with the Warden runemark within 4\" of this fighter. Add 3 \
             to the damage points allocated to enemy fighters by each critical hit from the next \
             melee attack action made by that fighter."
        ),
        raised(4.0, 3)
    );
    assert_eq!(
        effects_of(
            "Pick a friendly fighter with the Warden runemark within 5\" of this fighter. For \
             each critical hit from the next melee attack action made by that fighter this \
             battle round, allocate 1 additional damage points to the target fighter."
        ),
        raised(5.0, 1)
    );
}
