//! The tape measure and line of sight (V, at any time): click a fighter or a spot on the
//! board, then another. The tape is drawn between them and the reading says the distance as
//! the rules measure it (GEN-2: closest points of the bases in 3D, the vertical rounded up to
//! the half inch), and between two fighters whether the first sees the second (GEN-3) and
//! whether the second is in cover from it (ATK-4), with what gives the cover. While the tape
//! is out, clicks measure and do nothing else.

use crate::model::ids::FighterId;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::picking::Hovered;
use super::targeting::BoardPointer;
use crate::battlefield::query::{MeasureReport, measure};
use crate::model::components::{Fighter, Position};
use crate::rules::door::BattleSet;
use crate::rules::log::BattleLog;
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Tape>().add_systems(
        Update,
        (toggle, pick, read, draw)
            .chain()
            .after(super::picking::pointed_fighter)
            .in_set(BattleSet::Decide)
            .run_if(in_state(Screen::Battle).or_else(in_state(Screen::End))),
    );
}

/// One end of the tape.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum End {
    Fighter(FighterId),
    Spot(Vec3),
}

/// The tape: out or not, its ends, and what it reads.
#[derive(Resource, Debug, Default)]
pub(crate) struct Tape {
    pub on: bool,
    pub from: Option<End>,
    pub to: Option<End>,
    pub reading: Option<Reading>,
}

/// What the tape reads, in words.
#[derive(Debug, Clone)]
pub(crate) struct Reading {
    pub from: String,
    pub to: String,
    pub report: MeasureReport,
}

fn toggle(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut tape: ResMut<Tape>,
) {
    if !keys.just_pressed(KeyCode::KeyV) || egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    *tape = Tape {
        on: !tape.on,
        ..default()
    };
}

/// A click while the tape is out: a fighter under the cursor, else the board's spot.
fn pick(
    mut tape: ResMut<Tape>,
    buttons: Res<ButtonInput<MouseButton>>,
    egui: Option<Res<EguiWantsInput>>,
    hovered: Res<Hovered>,
    mut board: BoardPointer,
) {
    if !tape.on || !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    if egui.is_some_and(|e| e.is_pointer_over_area()) {
        return;
    }
    let end = match hovered.0 {
        Some(id) => End::Fighter(id),
        None => {
            let Some(p) = board.point() else {
                return;
            };
            End::Spot(p)
        }
    };
    if tape.from.is_none() || tape.to.is_some() {
        tape.from = Some(end);
        tape.to = None;
        tape.reading = None;
    } else {
        tape.to = Some(end);
    }
}

/// Reads the tape once both ends are down.
fn read(world: &mut World) {
    let tape = world.resource::<Tape>();
    let (Some(a), Some(b), None) = (&tape.from, &tape.to, &tape.reading) else {
        return;
    };
    let (a, b) = (a.clone(), b.clone());
    let key = |e: &End| match e {
        End::Fighter(id) => id.to_string(),
        End::Spot(p) => format!("{},{},{}", p.x, p.y, p.z),
    };
    let reading = measure(world, &key(&a), &key(&b))
        .ok()
        .map(|report| Reading {
            from: end_words(world, &a),
            to: end_words(world, &b),
            report,
        });
    world.resource_mut::<Tape>().reading = reading;
}

/// A fighter by its name, a spot by what is there.
fn end_words(world: &World, e: &End) -> String {
    let names = &world.resource::<BattleLog>().names;
    match e {
        End::Fighter(id) => names.fighter(*id),
        End::Spot(p) => format!("the spot {}", names.place(&p.to_array())),
    }
}

/// The tape between its ends, with a drop line where they differ in height.
fn draw(tape: Res<Tape>, fighters: Query<(&Fighter, &Position)>, mut gizmos: Gizmos) {
    if !tape.on {
        return;
    }
    let at = |e: &End| match e {
        End::Fighter(id) => fighters
            .iter()
            .find(|f| f.0.id == *id)
            .map(|f| f.1.0 + Vec3::Y * 0.6),
        End::Spot(p) => Some(*p + Vec3::Y * 0.05),
    };
    let yellow = Color::srgb(1.0, 0.85, 0.2);
    let from = tape.from.as_ref().and_then(at);
    if let Some(a) = from {
        gizmos.sphere(Isometry3d::from_translation(a), 0.15, yellow);
    }
    let Some(b) = tape.to.as_ref().and_then(at) else {
        return;
    };
    gizmos.sphere(Isometry3d::from_translation(b), 0.15, yellow);
    if let Some(a) = from {
        gizmos.line(a, b, yellow);
        let low = if a.y < b.y { a } else { b };
        let high = if a.y < b.y { b } else { a };
        gizmos.line(
            high,
            Vec3::new(high.x, low.y, high.z),
            yellow.with_alpha(0.5),
        );
    }
}
