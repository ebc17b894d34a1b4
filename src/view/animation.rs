//! Moves shown, not skipped: a fighter that moves or disengages walks its path on the board
//! (from the battle's `Move`/`Disengage` events, the same data the log renders), at the speed
//! chosen for the AI (0.5x: 3" a second, 1x: 6", 2x: 12", 4x: 24"; instant: no walk). While a fighter
//! walks, and for a beat after dice are rolled (so that the dice tray can be read), the solo AI
//! holds its next decision, so that each of its turns can be followed.

use crate::model::ids::FighterId;
use bevy::prelude::*;

use crate::ai::solo::SoloAi;
use crate::model::components::Fighter;
use crate::rules::door::BattleEvent;
use crate::rules::door::BattleSet;
use crate::rules::log::Event;
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Walks>().add_systems(
        Update,
        (start_walks, walk)
            .chain()
            .after(super::fighters::Synced)
            .in_set(BattleSet::React)
            .run_if(in_state(Screen::Battle)),
    );
}

/// The fighters walking now, and the seconds left of the beat after the last roll.
#[derive(Resource, Debug, Default)]
pub(crate) struct Walks(Vec<Walk>, f32);

impl Walks {
    /// A fighter walks, or the beat after a roll goes on.
    pub(crate) fn going_on(&self) -> bool {
        !self.0.is_empty() || self.1 > 0.0
    }
}

/// Seconds the AI waits after a roll at 1x (half at 2x, a quarter at 4x).
const BEAT: f32 = 1.2;

#[derive(Debug)]
struct Walk {
    fighter: FighterId,
    points: Vec<Vec3>,
    /// Inches walked so far.
    done: f32,
}

/// Inches a second at 1x.
const PACE: f32 = 6.0;

/// Seconds the AI waits after each decision at 0.5x, so that a viewer can follow each one.
const HALF_SPEED_BEAT: f32 = 0.9;

/// The walking speed for the AI's speed setting, or `None` (instant: no walks).
fn speed(ai: &SoloAi) -> Option<f32> {
    if ai.half_speed {
        return Some(PACE * 0.5);
    }
    match ai.per_frame {
        0 | 1 => Some(PACE),
        n if n <= 4 => Some(PACE * n as f32),
        _ => None,
    }
}

/// A walk for each move and disengage the battle logged.
fn start_walks(mut events: MessageReader<BattleEvent>, ai: Res<SoloAi>, mut walks: ResMut<Walks>) {
    let animate = speed(&ai).is_some();
    for e in events.read() {
        if ai.half_speed {
            walks.1 = walks.1.max(HALF_SPEED_BEAT);
        }
        if animate && rolls_dice(&e.0.event) {
            walks.1 = BEAT * PACE / speed(&ai).unwrap_or(PACE);
        }
        let (Event::Move { fighter, path, .. } | Event::Disengage { fighter, path, .. }) =
            &e.0.event
        else {
            continue;
        };
        if animate && path.len() >= 2 {
            walks.0.retain(|w| w.fighter != *fighter);
            walks.0.push(Walk {
                fighter: *fighter,
                points: path.iter().map(|p| Vec3::from_array(*p)).collect(),
                done: 0.0,
            });
        }
    }
}

/// Moves each walking fighter's meshes along its path (after the scene is synced to where the
/// rules put it); a finished walk ends. The AI waits while any walk goes on.
pub(crate) fn walk(
    time: Res<Time>,
    mut walks: ResMut<Walks>,
    mut ai: ResMut<SoloAi>,
    mut fighters: Query<(&Fighter, &mut Transform)>,
) {
    let Some(pace) = speed(&ai) else {
        walks.0.clear();
        walks.1 = 0.0;
        ai.hold = false;
        return;
    };
    walks.1 = (walks.1 - time.delta_secs()).max(0.0);
    let step = pace * time.delta_secs();
    for w in &mut walks.0 {
        w.done += step;
        let at = point_along(&w.points, w.done);
        if let Some((_, mut t)) = fighters.iter_mut().find(|(f, _)| f.id == w.fighter) {
            t.translation = at;
        }
    }
    walks.0.retain(|w| w.done < length(&w.points));
    ai.hold = !walks.0.is_empty() || walks.1 > 0.0;
}

/// An event whose dice the tray shows (an attack's hit rolls, an impact roll, an ability).
fn rolls_dice(e: &Event) -> bool {
    matches!(
        e,
        Event::Attack { .. }
            | Event::ImpactRoll { .. }
            | Event::StrikeThemDown { .. }
            | Event::Ability { .. }
    )
}

fn length(points: &[Vec3]) -> f32 {
    points.windows(2).map(|s| s[0].distance(s[1])).sum()
}

/// The point `d` inches along the polyline (its end past the end).
fn point_along(points: &[Vec3], mut d: f32) -> Vec3 {
    for s in points.windows(2) {
        let len = s[0].distance(s[1]);
        if d <= len {
            return s[0].lerp(s[1], if len > 0.0 { d / len } else { 1.0 });
        }
        d -= len;
    }
    points.last().copied().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_follows_its_path_and_stops_at_the_end() {
        let p = vec![
            Vec3::ZERO,
            Vec3::new(3.0, 0.0, 0.0),
            Vec3::new(3.0, 4.0, 0.0),
        ];
        assert_eq!(length(&p), 7.0);
        assert_eq!(point_along(&p, 1.5), Vec3::new(1.5, 0.0, 0.0));
        assert_eq!(point_along(&p, 5.0), Vec3::new(3.0, 2.0, 0.0));
        assert_eq!(point_along(&p, 99.0), Vec3::new(3.0, 4.0, 0.0));
    }
}
