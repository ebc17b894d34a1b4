//! Issue 30, tenth session: more of the long tail's effects run by the engine, in our own
//! words, with injected dice.

use super::faction::with_ability;
use warcry_sim::model::effects::Effect;
use warcry_sim::model::ids::FighterId;
use warcry_sim::model::ruleset::Ruleset;
use warcry_sim::rules::command::Command;

const A: FighterId = FighterId(2);

/// MOVE-7 with ABL-5, "they can fly ...; however, they cannot move vertically upwards more
/// than 3\"": the fighter moves as a flyer that rises at most 3" this activation, and walks
/// again after it.
#[test]
fn move7_abl5_a_flight_for_the_activation_rises_at_most_what_the_card_says() {
    let mut a = with_ability(vec![Effect::FlyRisingAtMost { up: 3 }], 3);
    let rules = a.world().resource::<Ruleset>().clone();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let m = a.fighter(A).mover(&rules);
    assert!(m.can_fly, "it flies now");
    assert_eq!(m.fly_rise, Some(3.0));
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    let m = a.fighter(A).mover(&rules);
    assert!(
        !m.can_fly && m.fly_rise.is_none(),
        "not after its activation"
    );
}
