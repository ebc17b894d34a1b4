//! Issue 30, tenth session: more of the long tail's wordings, in our own words.

use super::*;

/// MOVE-7 with ABL-5: flight for the activation that may rise only so far, with a raise of
/// Move in front.
#[test]
fn move7_flight_that_rises_no_more_than_n() {
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, they can fly when making move actions; \
             however, when flying, they cannot move vertically upwards more than 2\"."
        ),
        Ok(vec![Effect::FlyRisingAtMost { up: 2 }])
    );
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, add 2 to their Move characteristic, and \
             they can fly when making move actions; however, when flying, they cannot move \
             vertically upwards of more than 4\"."
        ),
        Ok(vec![
            Effect::Boost {
                stat: Stat::Move,
                by: Amount::Fixed(2),
                melee_only: false,
                missile_only: false
            },
            Effect::FlyRisingAtMost { up: 4 }
        ])
    );
}
