//! The targeting hints and marks, from commands.
use super::*;

/// The hint marks the advised fighter and, for an attack (ATK-1), its target; for a move
/// (MOVE-1), where it goes.
#[test]
fn a_hint_marks_the_fighter_and_its_goal() {
    let attack = Command::Attack {
        fighter: FighterId(4),
        target: FighterId(9),
        weapon: 0,
    };
    let m = HintMark::of(&attack, 12);
    assert_eq!(
        (m.at, m.fighter, m.target, m.to),
        (12, Some(FighterId(4)), Some(FighterId(9)), None)
    );
    let walk = Command::Move {
        pick: None,
        fighter: FighterId(2),
        to: [3.0, 0.0, 5.0],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![],
    };
    let m = HintMark::of(&walk, 0);
    assert_eq!(m.to, Some(Vec3::new(3.0, 0.0, 5.0)));
    assert_eq!(m.target, None);
    assert_eq!(
        HintMark::of(
            &Command::Pass {
                side: crate::model::ids::Side::A
            },
            0
        )
        .fighter,
        None
    );
}
