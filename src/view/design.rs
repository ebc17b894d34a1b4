//! `preview`'s tools on the board: who can see a spot (S, then a click: every place a 32 mm
//! fighter could stand, green where it would see a fighter on the spot, GEN-3) and where a
//! fighter on a spot can get to (R, then a click: every place within its Move with walks,
//! climbs and jumps, MOVE-1..MOVE-6, shaded by what is left). And `--shots`: a screenshot after
//! each load of the previewed file, written whole (temp file, then rename).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::RequestRedraw;
use bevy_egui::input::EguiWantsInput;

use super::targeting::BoardPointer;
use crate::battlefield::Battlefield;
use crate::battlefield::survey::{reach, standing_place, who_sees};
use crate::rules::door::BattleSet;
use crate::screens::Screen;
use crate::screens::preview::Preview;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SpotTool>().add_systems(
        Update,
        (keys, click, survey, draw, shots)
            .chain()
            .in_set(BattleSet::React)
            .run_if(resource_exists::<Preview>)
            .run_if(in_state(Screen::Battle)),
    );
}

/// Which spot question is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Question {
    #[default]
    Off,
    /// Who can see this spot (S).
    Sight,
    /// Where a fighter with Move N gets to from here (R).
    Reach,
}

/// The spot tool: the question, its spot, the Move asked for, and the answer.
#[derive(Resource, Debug)]
pub(crate) struct SpotTool {
    pub question: Question,
    pub spot: Option<Vec3>,
    pub move_inches: u32,
    pub avoid_deadly: bool,
    /// Sight: each place and whether it sees the spot. Reach: each place and the Move left.
    pub places: Vec<(Vec3, f32)>,
    /// What the answer was worked out for (redone when any of it changes).
    answered: Option<(Question, Vec3, u32, bool, u32)>,
}

impl Default for SpotTool {
    fn default() -> Self {
        SpotTool {
            question: Question::Off,
            spot: None,
            move_inches: 4,
            avoid_deadly: false,
            places: Vec::new(),
            answered: None,
        }
    }
}

impl SpotTool {
    /// Asks `q` (asking it again puts the tool away).
    pub(crate) fn toggle(&mut self, q: Question) {
        self.question = if self.question == q { Question::Off } else { q };
    }

    /// Places that see the spot, of all places looked at (sight).
    pub(crate) fn seen_count(&self) -> (usize, usize) {
        let n = self.places.iter().filter(|(_, s)| *s > 0.0).count();
        (n, self.places.len())
    }
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut tool: ResMut<SpotTool>,
) {
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyS) {
        tool.toggle(Question::Sight);
    }
    if keys.just_pressed(KeyCode::KeyR) {
        tool.toggle(Question::Reach);
    }
}

/// A click on the board while a question is asked puts its spot there.
fn click(
    mut tool: ResMut<SpotTool>,
    buttons: Res<ButtonInput<MouseButton>>,
    egui: Option<Res<EguiWantsInput>>,
    bf: Option<Res<Battlefield>>,
    tape: Res<super::tape::Tape>,
    mut board: BoardPointer,
) {
    if tool.question == Question::Off || tape.on || !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    if egui.is_some_and(|e| e.is_pointer_over_area()) {
        return;
    }
    let (Some(p), Some(bf)) = (board.point(), bf) else {
        return;
    };
    if let Some(spot) = standing_place(&bf, p) {
        tool.spot = Some(spot);
    }
}

/// Works the answer out when the question, the spot, the Move or the layout changed.
fn survey(mut tool: ResMut<SpotTool>, bf: Option<Res<Battlefield>>, preview: Res<Preview>) {
    let (Some(spot), Some(bf)) = (tool.spot, bf) else {
        return;
    };
    let key = (
        tool.question,
        spot,
        tool.move_inches,
        tool.avoid_deadly,
        preview.loads,
    );
    if tool.question == Question::Off || tool.answered == Some(key) {
        return;
    }
    tool.answered = Some(key);
    tool.places = match tool.question {
        Question::Sight => who_sees(&bf, spot, 1.0)
            .into_iter()
            .map(|(p, seen)| (p, if seen { 1.0 } else { 0.0 }))
            .collect(),
        Question::Reach => {
            let budget = tool.move_inches as f32;
            reach(&bf, spot, budget, tool.avoid_deadly)
                .into_iter()
                .map(|(p, cost)| (p, (budget - cost).max(0.0)))
                .collect()
        }
        Question::Off => Vec::new(),
    };
}

fn draw(tool: Res<SpotTool>, mut gizmos: Gizmos) {
    let Some(spot) = tool.spot else {
        return;
    };
    if tool.question == Question::Off {
        return;
    }
    let white = Color::srgb(1.0, 1.0, 1.0);
    gizmos.sphere(
        Isometry3d::from_translation(spot + Vec3::Y * 0.6),
        0.3,
        white,
    );
    gizmos.line(spot, spot + Vec3::Y * 1.2, white);
    let flat = Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2);
    let budget = tool.move_inches.max(1) as f32;
    for &(p, v) in &tool.places {
        let (colour, size) = match tool.question {
            Question::Sight if v > 0.0 => (Color::srgb(0.3, 0.95, 0.4), 0.5),
            Question::Sight => (Color::srgba(0.9, 0.25, 0.2, 0.35), 0.25),
            _ => (Color::srgb(0.35, 0.7, 1.0).mix(&white, v / budget), 0.3),
        };
        let iso = Isometry3d::new(p + Vec3::Y * 0.04, flat);
        gizmos.rect(iso, Vec2::splat(size), colour);
    }
}

/// `--shots DIR`: the window after each load (the first too), once drawn, as `load-NN.png`.
/// The window is kept drawing until the picture is written (its pixels come back from the GPU
/// a few frames after it is asked for).
fn shots(
    mut commands: Commands,
    preview: Res<Preview>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut pending: Local<Option<(u32, u32)>>,
    mut taken: Local<Option<u32>>,
    mut writing: Local<Option<Arc<AtomicBool>>>,
) {
    let Some(dir) = preview.shots.clone() else {
        return;
    };
    if let Some(done) = writing.as_ref() {
        if !done.load(Ordering::Acquire) {
            redraw.write(RequestRedraw);
            return;
        }
        *writing = None;
    }
    if *taken != Some(preview.loads) && pending.is_none_or(|(l, _)| l != preview.loads) {
        *pending = Some((preview.loads, 0));
    }
    let Some((load, frames)) = *pending else {
        return;
    };
    redraw.write(RequestRedraw);
    // A few frames: the board rebuilt, its meshes up, the panel laid out (more for the first:
    // the window settles its size).
    if frames < if load == 0 { 8 } else { 3 } {
        *pending = Some((load, frames + 1));
        return;
    }
    *pending = None;
    *taken = Some(load);
    let path = dir.join(format!("load-{load:02}.png"));
    let done = Arc::new(AtomicBool::new(false));
    *writing = Some(done.clone());
    commands
        .spawn(Screenshot::primary_window())
        .observe(move |shot: On<ScreenshotCaptured>| {
            write_png(&shot.image, &path);
            done.store(true, Ordering::Release);
        });
}

/// The screenshot as a PNG, written to a temp file and renamed, then told on stdout.
fn write_png(image: &Image, path: &std::path::Path) {
    let Ok(rgb) = image.clone().try_into_dynamic().map(|i| i.to_rgb8()) else {
        eprintln!("preview: the screenshot could not be read");
        return;
    };
    let (w, h) = (rgb.width(), rgb.height());
    let mut bytes = Vec::new();
    let mut enc = png::Encoder::new(&mut bytes, w, h);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let written = enc
        .write_header()
        .and_then(|mut wr| wr.write_image_data(rgb.as_raw()));
    let tmp = path.with_extension("png.tmp");
    let saved = written
        .map_err(|e| e.to_string())
        .and_then(|_| std::fs::write(&tmp, &bytes).map_err(|e| e.to_string()))
        .and_then(|_| std::fs::rename(&tmp, path).map_err(|e| e.to_string()));
    match saved {
        Ok(()) => println!("preview: shot {}", path.display()),
        Err(e) => eprintln!("preview: can't write {}: {e}", path.display()),
    }
}
