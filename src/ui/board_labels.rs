//! Labels over the fighters on the board, drawn under the panels: a wounds bar over each
//! fighter, a "waiting" tag (WAIT-1), and the name of the fighter under the cursor, the
//! selected one and the active one. Pointing at an enemy your active fighter may attack shows
//! the attack by the cursor: the weapon, cover and the exact odds (ATK-3, ATK-4). The
//! deployment zones on the board are named by their points.

use crate::model::ids::FighterId;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::model::components::{
    Activation, Damage, Fighter, Objective, Position, Presence, Profile,
};
use crate::rules::engine::Engine;
use crate::rules::log::{BattleLog, Event};
use crate::screens::Screen;
use crate::view::fighters::FightersShown;
use crate::view::palette;
use crate::view::picking::{Hovered, Selected};
use crate::view::zones::Zones;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        board_labels.run_if(in_state(Screen::Battle)),
    );
}

type Shown<'w, 's> = Query<
    'w,
    's,
    (
        &'static Fighter,
        &'static Position,
        &'static Profile,
        &'static Damage,
        &'static Activation,
        &'static Presence,
        &'static GlobalTransform,
    ),
>;

/// The bar's size in points.
const BAR: egui::Vec2 = egui::vec2(30.0, 5.0);

/// Damage and take-downs rising over the fighters they happened to, for a moment.
#[derive(Default)]
struct Floating {
    /// Log entries read so far.
    read: usize,
    /// The replay seeks seen so far (`screens::replay::ReplayView::seeks`).
    seeks: u32,
    /// The battle's commands at the last read.
    commands: usize,
    /// (fighter, text, when it appeared).
    shown: Vec<(FighterId, String, f64)>,
}

/// More decisions than this in one frame is a leap, not play to watch.
const LEAP: usize = 4;

/// Seconds a floating number stays.
const FLOAT: f64 = 1.8;

impl Floating {
    /// Takes the log's new damage and take-downs; drops what has floated long enough. After a
    /// seek on a replay's timeline (`seeks` grew), or many decisions in one frame (`--autoplay`,
    /// the AI at once: `commands` leapt), the battle's past floats no more than a loaded one's.
    fn read(&mut self, log: &BattleLog, now: f64, (seeks, commands): (u32, usize)) {
        let leapt = commands > self.commands + LEAP;
        if log.entries.len() < self.read || seeks != self.seeks || leapt {
            self.read = 0;
            self.seeks = seeks;
        }
        self.commands = commands;
        for e in &log.entries[self.read..] {
            match e.event {
                Event::Damage {
                    fighter, amount, ..
                } if amount > 0 => self.shown.push((fighter, format!("-{amount}"), now)),
                Event::TakenDown { fighter } => {
                    self.shown.push((fighter, "taken down".into(), now + 0.4))
                }
                _ => {}
            }
        }
        // A battle loaded or played on at once shows none of its past.
        if self.read == 0 {
            self.shown.clear();
        }
        self.read = log.entries.len();
        self.shown.retain(|s| now - s.2 < FLOAT);
    }

    /// Each text rising from where `over` puts its fighter on screen, fading as it ages.
    fn draw(
        &self,
        painter: &egui::Painter,
        now: f64,
        over: impl Fn(FighterId) -> Option<egui::Pos2>,
    ) {
        for (id, text, since) in &self.shown {
            let Some(p) = over(*id) else {
                continue;
            };
            let age = (now - since).max(0.0) as f32;
            float_text(painter, egui::pos2(p.x, p.y - 40.0 * age), text, age);
        }
    }
}

/// Where a point of the board shows in egui's points: the camera's window pixels over the
/// panels' zoom (on a large window the panels are zoomed, the labels must follow).
struct Projection<'a>(&'a Camera, &'a GlobalTransform, f32);

impl Projection<'_> {
    fn at(&self, world: Vec3) -> Option<egui::Pos2> {
        let p = self.0.world_to_viewport(self.1, world).ok()?;
        Some(egui::pos2(p.x, p.y) / self.2)
    }
}

#[allow(clippy::too_many_arguments)]
fn board_labels(
    mut contexts: EguiContexts,
    current: Res<super::decision_panel::Current>,
    fighters: Shown,
    cams: Query<(&Camera, &GlobalTransform)>,
    pointed: (Res<Hovered>, Res<Selected>, Res<FightersShown>),
    engine: Res<Engine>,
    zones: Res<Zones>,
    marks: (Res<BattleLog>, Res<Time<Real>>, Query<&Objective>),
    mut floating: Local<Floating>,
    replay: Option<Res<crate::screens::replay::ReplayView>>,
) -> Result {
    let (log, time, objectives) = marks;
    let Ok((cam, cam_t)) = cams.single() else {
        return Ok(());
    };
    let active = engine.activation.as_ref().map(|a| a.fighter);
    let ctx = contexts.ctx_mut()?;
    let on_screen = Projection(cam, cam_t, ctx.zoom_factor());
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("board labels"),
    ));
    // Names, tags and objective numbers, drawn together so that none covers another.
    let mut plates = Vec::new();
    if pointed.2.0 {
        let named = [pointed.0.0, pointed.1.0, active];
        plates = fighter_plates(&painter, &fighters, &on_screen, named, active);
    }
    zone_labels(&painter, &zones, &on_screen);
    for o in &objectives {
        let at = Vec3::new(o.position.0, 0.2, o.position.1);
        if let Some(p) = on_screen.at(at) {
            plates.push((p - egui::vec2(0.0, 8.0), (o.index + 1).to_string()));
        }
    }
    labels(&painter, &plates);
    let (now, seeks) = (time.elapsed_secs_f64(), replay.map_or(0, |r| r.seeks));
    floating.read(&log, now, (seeks, engine.commands.len()));
    let rising = |id: FighterId| {
        let (_, pos, profile, ..) = fighters.iter().find(|f| f.0.id == id)?;
        let at = pos.0 + Vec3::Y * (profile.0.body_height() + 1.0);
        on_screen.at(at)
    };
    floating.draw(&painter, now, rising);
    if !floating.shown.is_empty() {
        ctx.request_repaint();
    }
    if let Some(h) = pointed.0.0 {
        attack_preview(ctx, &current, h);
    }
    Ok(())
}

/// Each fighter's wounds bar, and its plate of tags: its name when it is hovered, selected or
/// active (`named`), and "waiting"; the active fighter's plate first.
fn fighter_plates(
    painter: &egui::Painter,
    fighters: &Shown,
    on_screen: &Projection,
    named: [Option<FighterId>; 3],
    active: Option<FighterId>,
) -> Vec<(egui::Pos2, String)> {
    let mut plates: Vec<(egui::Pos2, String)> = Vec::new();
    for (f, pos, profile, damage, activation, presence, shown) in fighters {
        if *presence != Presence::Deployed {
            continue;
        }
        // Where the meshes are (a walking fighter is between its rules position and its goal).
        let at = shown.translation().with_y(pos.0.y) + Vec3::Y * (profile.0.body_height() + 0.7);
        let Some(centre) = on_screen.at(at) else {
            continue;
        };
        let wounds = profile.0.wounds.max(1);
        let left = wounds.saturating_sub(damage.0) as f32 / wounds as f32;
        wounds_bar(painter, centre, left);
        let id = Some(f.id);
        let named = named.contains(&id);
        let mut tags = Vec::new();
        if named {
            tags.push(f.name.clone());
        }
        if *activation == Activation::Waiting {
            tags.push("waiting".into());
        }
        if !tags.is_empty() {
            // The active fighter's name first: it keeps its place when labels crowd.
            let first = active == id;
            let tag = (centre - egui::vec2(0.0, 6.0), tags.join(" · "));
            if first {
                plates.insert(0, tag)
            } else {
                plates.push(tag)
            }
        }
    }
    plates
}

/// The deployment zones shown on the board, by their points: the group, and a reserve's
/// round of arrival (SET-6, RES-1).
fn zone_labels(painter: &egui::Painter, zones: &Zones, on_screen: &Projection) {
    for z in &zones.0 {
        let (x, y) = z.point.position;
        let Some(p) = on_screen.at(Vec3::new(x, 0.1, y)) else {
            continue;
        };
        let text = match z.arrives {
            Some(r) => format!("{} arrives in round {r}", z.group),
            None => z.group.to_string(),
        };
        label(painter, egui::pos2(p.x, p.y), &text);
    }
}

/// The best attack on the fighter under the cursor, by the cursor, if the rules allow one.
fn attack_preview(
    ctx: &egui::Context,
    current: &super::decision_panel::Current,
    target: FighterId,
) {
    let Some(at) = ctx.pointer_hover_pos() else {
        return;
    };
    let Some(a) = current
        .odds
        .iter()
        .filter(|a| a.target == target)
        .max_by(|x, y| x.odds.expected().total_cmp(&y.odds.expected()))
    else {
        why_no_attack(ctx, at, current, target);
        return;
    };
    by_cursor(ctx, at, |ui| {
        ui.strong(format!("Click: attack with {}", a.weapon_name));
        ui.label(super::action_bar::odds_line(a));
    });
}

/// A small panel by the cursor at `at`, above everything, that takes no clicks.
fn by_cursor(ctx: &egui::Context, at: egui::Pos2, add: impl FnOnce(&mut egui::Ui)) {
    egui::Area::new(egui::Id::new("attack preview"))
        .fixed_pos(at + egui::vec2(18.0, 12.0))
        .order(egui::Order::Tooltip)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, add);
        });
}

/// ATK-1, ATK-2: pointing at an enemy the active fighter can't attack says why, weapon by
/// weapon, by the cursor (it only showed the name, and a click opened the enemy's card).
fn why_no_attack(
    ctx: &egui::Context,
    at: egui::Pos2,
    current: &super::decision_panel::Current,
    target: FighterId,
) {
    let why = current.why_no_attack(target);
    if why.is_empty() {
        return;
    }
    by_cursor(ctx, at, |ui| {
        ui.strong("Can't attack");
        for line in &why {
            super::words::tagged(ui, line);
        }
    });
}

/// Damage in large red type with a dark outline, fading as it rises.
fn float_text(painter: &egui::Painter, at: egui::Pos2, text: &str, age: f32) {
    let alpha = (1.0 - (age / FLOAT as f32 - 0.6).max(0.0) / 0.4).clamp(0.0, 1.0);
    let font = egui::FontId::proportional(if text.starts_with('-') { 26.0 } else { 18.0 });
    let fill = egui::Color32::from_rgb(255, 90, 70).gamma_multiply(alpha);
    let dark = egui::Color32::from_black_alpha((220.0 * alpha) as u8);
    for off in [
        egui::vec2(-1.5, 0.0),
        egui::vec2(1.5, 0.0),
        egui::vec2(0.0, -1.5),
        egui::vec2(0.0, 1.5),
    ] {
        painter.text(
            at + off,
            egui::Align2::CENTER_BOTTOM,
            text,
            font.clone(),
            dark,
        );
    }
    painter.text(at, egui::Align2::CENTER_BOTTOM, text, font, fill);
}

/// A bar filled for the share of wounds left, on a dark backing.
fn wounds_bar(painter: &egui::Painter, centre: egui::Pos2, left: f32) {
    let rect = egui::Rect::from_center_size(centre, BAR);
    painter.rect_filled(rect.expand(1.0), 1.0, egui::Color32::from_black_alpha(200));
    let mut fill = rect;
    fill.set_width(BAR.x * left.clamp(0.0, 1.0));
    painter.rect_filled(fill, 0.0, palette::wounds_colour(left));
}

/// Text on a dark plate, its bottom at `bottom`.
fn label(painter: &egui::Painter, bottom: egui::Pos2, text: &str) {
    labels(painter, &[(bottom, text.to_owned())]);
}

/// Texts on dark plates, each centred over its bottom point; a plate that would cover one
/// drawn before it is lifted above it.
fn labels(painter: &egui::Painter, plates: &[(egui::Pos2, String)]) {
    let galleys: Vec<_> = plates
        .iter()
        .map(|(_, text)| {
            painter.layout_no_wrap(
                text.clone(),
                egui::FontId::proportional(13.0),
                egui::Color32::WHITE,
            )
        })
        .collect();
    let rects: Vec<egui::Rect> = plates
        .iter()
        .zip(&galleys)
        .map(|((bottom, _), g)| {
            let size = g.size();
            egui::Rect::from_min_size(*bottom - egui::vec2(size.x / 2.0, size.y), size)
        })
        .collect();
    for (rect, galley) in apart(rects).into_iter().zip(galleys) {
        painter.rect_filled(rect.expand(2.0), 3.0, egui::Color32::from_black_alpha(170));
        painter.galley(rect.min, galley, egui::Color32::WHITE);
    }
}

/// The rects, each lifted (a few times at most) until it covers none of those before it.
fn apart(mut rects: Vec<egui::Rect>) -> Vec<egui::Rect> {
    const GAP: f32 = 5.0;
    for i in 1..rects.len() {
        for _ in 0..8 {
            let (before, rest) = rects.split_at_mut(i);
            let r = &mut rest[0];
            let Some(lift) = before
                .iter()
                .filter(|b| b.expand(GAP / 2.0).intersects(*r))
                .map(|b| r.bottom() - b.top() + GAP)
                .reduce(f32::max)
            else {
                break;
            };
            *r = r.translate(egui::vec2(0.0, -lift));
        }
    }
    rects
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::log::LogEntry;

    fn damage(fighter: FighterId, amount: u32) -> LogEntry {
        LogEntry {
            round: 1,
            rules: vec![],
            event: Event::Damage {
                fighter,
                amount,
                total: amount,
                wounds: 8,
            },
        }
    }

    /// ATK-3, ATK-5: damage dealt now floats over its fighter for a moment; what the log held
    /// when the board opened (a loaded battle) does not.
    /// Two names at the same spot (fighters side by side) are drawn one above the other, not
    /// over each other; a name apart from the others stays where it is.
    #[test]
    fn names_of_fighters_side_by_side_do_not_cover_each_other() {
        let at =
            |x: f32, y: f32| egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(60.0, 14.0));
        let placed = apart(vec![at(100.0, 100.0), at(110.0, 104.0), at(400.0, 100.0)]);
        assert_eq!(placed[0], at(100.0, 100.0));
        assert!(!placed[1].intersects(placed[0]), "{placed:?}");
        assert!(placed[1].bottom() < placed[0].top());
        assert_eq!(placed[2], at(400.0, 100.0));
        let crowd = apart(vec![at(0.0, 50.0); 4]);
        for i in 0..4 {
            for j in 0..i {
                assert!(!crowd[i].intersects(crowd[j]), "{crowd:?}");
            }
        }
    }

    #[test]
    fn atk5_new_damage_floats_and_old_damage_does_not() {
        let mut log = BattleLog::default();
        log.entries.push(damage(FighterId(1), 3));
        let mut f = Floating::default();
        f.read(&log, 0.0, (0, 1));
        assert!(f.shown.is_empty(), "the past floated: {:?}", f.shown);
        log.entries.push(damage(FighterId(2), 6));
        log.entries.push(LogEntry {
            round: 1,
            rules: vec![],
            event: Event::TakenDown {
                fighter: FighterId(2),
            },
        });
        f.read(&log, 1.0, (0, 2));
        let texts: Vec<&str> = f.shown.iter().map(|s| s.1.as_str()).collect();
        assert_eq!(texts, ["-6", "taken down"]);
        f.read(&log, 1.0 + FLOAT + 0.5, (0, 2));
        assert!(f.shown.is_empty());
        // A seek on a replay's timeline rebuilt the log to a later point: nothing floats.
        log.entries.push(damage(FighterId(1), 4));
        f.read(&log, 3.0, (1, 3));
        assert!(f.shown.is_empty(), "a seek floated: {:?}", f.shown);
        // Forty decisions in one frame (an autoplay burst): nothing floats either.
        log.entries.push(damage(FighterId(2), 5));
        f.read(&log, 4.0, (1, 43));
        assert!(f.shown.is_empty(), "a leap floated: {:?}", f.shown);
        log.entries.push(damage(FighterId(2), 1));
        f.read(&log, 5.0, (1, 44));
        assert_eq!(f.shown.len(), 1, "the next decision's damage floats again");
    }
}
