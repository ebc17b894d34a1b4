//! Choosing a place on the board: while the player is moving a fighter, the point under the
//! cursor (on the mat or a terrain top), the path the rules would take there with its cost,
//! climbs and jumps, or why it can't go (the rule ID); the places it can reach drawn on the
//! floor and platforms. A click on a legal point sends the move through the door.

use crate::model::ids::FighterId;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

pub(crate) use super::pointer::{BoardPointer, cursor_ray};
use crate::battlefield::nav::{Descend, Path, StepKind};
use crate::model::RuleId;
use crate::model::components::{Fighter, Position, Profile};
use crate::model::ruleset::Ruleset;
use crate::rules::actions::{
    Route, deadly_places, path_is_deadly, validate_disengage, validate_hand_move, validate_route,
};
use crate::rules::command::{Command, HandChange, Rejected};
use crate::rules::door::BattleSet;
use crate::rules::door::SubmitCommand;
use crate::rules::effects::after_move_choices;
use crate::rules::engine::{Engine, Pending, fighter, fighters};
use crate::rules::options::{ActiveOptions, move_places};
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Intent>()
        .init_resource::<Targets>()
        .init_resource::<HintMark>()
        .add_systems(
            Update,
            (
                cursor_point,
                preview_path,
                commit_move,
                draw_preview,
                draw_active,
                draw_hint,
            )
                .chain()
                .in_set(BattleSet::Decide)
                .run_if(in_state(Screen::Battle)),
        );
}

/// ATK-1, ATK-2: the enemies the active fighter may attack now (ringed on the board; hovering
/// one draws the line of sight). Written by the decision panel from `options()`.
#[derive(Resource, Debug, Default)]
pub(crate) struct Targets(pub Vec<FighterId>);

/// The hint on the board (the game menu's "Hint"): the fighter the solo rules would use, ringed
/// in cyan, with a line to where it would go or whom it would attack; shown until the battle
/// moves on.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub(crate) struct HintMark {
    /// Commands applied when it was given.
    pub at: usize,
    pub fighter: Option<FighterId>,
    pub to: Option<Vec3>,
    pub target: Option<FighterId>,
}

impl HintMark {
    /// What to draw for the advised `command`, given after `at` commands.
    pub(crate) fn of(command: &Command, at: usize) -> HintMark {
        let mut m = HintMark {
            at,
            ..HintMark::default()
        };
        match command {
            Command::Activate { fighter } => m.fighter = Some(*fighter),
            Command::Move { fighter, to, .. } | Command::Disengage { fighter, to } => {
                m.fighter = Some(*fighter);
                m.to = Some(Vec3::from_array(*to));
            }
            Command::Attack {
                fighter, target, ..
            } => {
                m.fighter = Some(*fighter);
                m.target = Some(*target);
            }
            Command::Ability { fighter, .. }
            | Command::React { fighter, .. }
            | Command::ReactWith { fighter, .. }
            | Command::Wait { fighter }
            | Command::EndActivation { fighter }
            | Command::PassBonus { fighter } => m.fighter = Some(*fighter),
            _ => {}
        }
        m
    }
}

/// How the chosen fighter goes to the chosen place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Going {
    /// MOVE-1: a move action.
    #[default]
    Move,
    /// DIS-1: a disengage action.
    Disengage,
}

/// What the player is choosing on the board.
#[derive(Resource, Debug, Default)]
pub(crate) struct Intent {
    /// The fighter being moved, when the player chose Move or Disengage.
    pub moving: Option<FighterId>,
    pub going: Going,
    /// MOVE-1: the inches the move may cover (from `options()`).
    budget: f32,
    /// Where it may go (MOVE-1: the reachable set, from `options()`).
    pub reachable: Vec<[f32; 3]>,
    /// The point under the cursor.
    pub hover: Option<Vec3>,
    /// The path there, or why not.
    pub preview: Option<Result<Path, Rejected>>,
    /// MOVE-6, MOVE-9: the drops on that path long enough to risk impact damage, in inches.
    pub impacts: Vec<f32>,
    /// MOVE-10: that path enters deadly terrain (an impact roll).
    pub deadly: bool,
    /// MOVE-10: which of the `reachable` places touch deadly terrain (drawn apart); empty
    /// until worked out.
    deadly_places: Vec<bool>,
    /// MOVE-5: how it gets down from higher places (`None`: the shortest way, jumping).
    pub descend: Option<Descend>,
    /// MOVE-5: the `descend` choice the `reachable` places were found for.
    reach_for: Option<Descend>,
    hovered_for: Option<Vec3>,
    /// The hovered point was set by a script (`--smoke`), not the cursor.
    pinned: bool,
    /// ABL-5: the move is made by hand for the active fighter's ability (this fighter), up to
    /// `budget` inches.
    pub by_hand: Option<FighterId>,
    /// ABL-5: the player picks where the enemy `moving` an ability sets up goes.
    pub set_up: Option<SetUpPick>,
    /// ABL-5: `moving` is a friend making the bonus move this active fighter's ability gave.
    pub friend_of: Option<FighterId>,
    /// ABL-5: the enemies damage waiting for this move may go to at the hovered place
    /// (nearest first), and the one the player picked.
    pub picks: Vec<FighterId>,
    pub pick: Option<FighterId>,
    /// ABL-5: the player clicked a place with more than one of `picks`: the panel asks which
    /// (the place is pinned); `pick_now` once it is answered.
    pub asking_pick: bool,
    pub pick_now: bool,
}

/// ABL-5: an ability of the active fighter that sets a fighter up, paid with `dice`.
#[derive(Debug, Clone)]
pub(crate) struct SetUpPick {
    pub active: FighterId,
    pub ability: String,
    pub dice: u8,
    pub placing: crate::model::effects::Placing,
    /// The way chosen, of an ability that offers two.
    pub choice: u8,
}

impl SetUpPick {
    /// The ability that sets fighter `t` up at `place` (none: where the rules pick); its
    /// target, unless it sets itself up (`Anywhere`).
    pub(crate) fn command(self, t: FighterId, place: Option<[f32; 3]>) -> Command {
        let aimed = !self.placing.places_self();
        Command::Ability {
            fighter: self.active,
            ability: self.ability,
            dice: self.dice,
            target: aimed.then_some(t),
            place,
            choice: self.choice,
        }
    }
}

impl Intent {
    /// Starts choosing where `fighter` moves (or disengages to, DIS-1), among `reachable`.
    pub(crate) fn start(&mut self, fighter: FighterId, going: Going, a: &ActiveOptions) {
        let reachable = match going {
            Going::Move => a.moves.iter().map(|m| m.0).collect(),
            Going::Disengage => a.disengage.clone(),
        };
        *self = Intent {
            moving: Some(fighter),
            going,
            budget: a.budget,
            reachable,
            ..Intent::default()
        };
    }

    /// ABL-5: starts choosing where `fighter` goes by hand, up to `inches`, for the ability of
    /// the active fighter `active`.
    pub(crate) fn start_by_hand(&mut self, active: FighterId, fighter: FighterId, inches: u32) {
        *self = Intent {
            moving: Some(fighter),
            going: Going::Move,
            budget: inches as f32,
            by_hand: Some(active),
            ..Intent::default()
        };
    }

    /// ABL-5: starts choosing where the friend whose bonus move waits goes, for the active
    /// fighter `active`.
    pub(crate) fn start_friend(
        &mut self,
        active: FighterId,
        m: &crate::rules::options::FriendMove,
    ) {
        *self = Intent {
            moving: Some(m.fighter),
            going: Going::Move,
            budget: m.budget,
            reachable: m.moves.iter().map(|p| p.0).collect(),
            friend_of: Some(active),
            ..Intent::default()
        };
    }

    /// ABL-5: starts choosing where `target` is set up by the ability `pick`.
    pub(crate) fn start_set_up(&mut self, target: FighterId, pick: SetUpPick) {
        *self = Intent {
            moving: Some(target),
            set_up: Some(pick),
            ..Intent::default()
        };
    }

    /// The active fighter whose action or ability this choice is for.
    pub(crate) fn active(&self) -> Option<FighterId> {
        let set_up = self.set_up.as_ref().map(|s| s.active);
        set_up.or(self.by_hand).or(self.friend_of).or(self.moving)
    }

    pub(crate) fn cancel(&mut self) {
        *self = Intent::default();
    }

    /// MOVE-1: the inches the move may cover.
    pub(crate) fn budget(&self) -> f32 {
        self.budget
    }

    /// MOVE-5: climb down (`Some(Climb)`) or take the shortest way; the path is judged again.
    pub(crate) fn set_descend(&mut self, descend: Option<Descend>) {
        self.descend = descend;
        self.hovered_for = None;
    }

    /// Keeps the hovered point as it is set, whatever the cursor does.
    pub(crate) fn pin(&mut self) {
        self.pinned = true;
    }
}

/// The point of the board under the cursor, while moving; kept while the cursor is over a
/// panel (where the player picks what the move does there).
fn cursor_point(
    mut intent: ResMut<Intent>,
    mut board: BoardPointer,
    egui: Option<Res<EguiWantsInput>>,
) {
    let over_panel = egui.is_some_and(|e| e.is_pointer_over_area());
    if intent.moving.is_none() || intent.pinned || over_panel {
        return;
    }
    intent.hover = board.point();
}

/// The path to the hovered point, as the engine would judge the move.
fn preview_path(world: &mut World) {
    refresh_places(world);
    let intent = world.resource::<Intent>();
    let (Some(id), Some(p)) = (intent.moving, intent.hover) else {
        return;
    };
    if intent.hovered_for == Some(p) {
        return;
    }
    if intent.set_up.is_some() {
        set_up_preview(world, p);
        return;
    }
    let (going, budget, by_hand) = (intent.going, intent.budget, intent.by_hand.is_some());
    let route = Route {
        descend: intent.descend,
        via: &[],
        pick_up: true,
        treasure: None,
        pick: None,
    };
    let all = fighters(world);
    let Some(f) = all.iter().find(|f| f.id == id).cloned() else {
        return;
    };
    let preview = match going {
        Going::Move if by_hand => validate_hand_move(world, &all, &f, p, budget),
        Going::Move => validate_route(world, &all, &f, p, budget, route),
        Going::Disengage => validate_disengage(world, &all, &f, p),
    };
    let threshold = world.resource::<Ruleset>().jump_impact_height;
    let (impacts, deadly) = match &preview {
        Ok(path) => (path.impacts(threshold), path_is_deadly(world, &f, path)),
        Err(_) => (Vec::new(), false),
    };
    let act = world.resource::<Engine>().activation.clone();
    let picks = match (&preview, act, going) {
        (Ok(_), Some(act), Going::Move) => after_move_choices(world, &all, &f, &act, p),
        _ => Vec::new(),
    };
    let mut intent = world.resource_mut::<Intent>();
    intent.preview = Some(preview);
    intent.impacts = impacts;
    intent.deadly = deadly;
    intent.picks = picks;
    intent.hovered_for = Some(p);
}

/// ABL-5: the hovered point as a place the enemy may be set up: one of the places found, or
/// why not.
fn set_up_preview(world: &mut World, p: Vec3) {
    let mut intent = world.resource_mut::<Intent>();
    let near = intent
        .reachable
        .iter()
        .any(|s| Vec3::from_array(*s).distance(p) <= 0.3);
    let placing = intent.set_up.as_ref().map(|s| s.placing.words());
    intent.preview = Some(match near {
        true => Ok(Path::default()),
        false => Err(Rejected::new(
            RuleId::Abl5,
            format!(
                "Not a place it can be set up: {}, where its base fits",
                placing.unwrap_or_default()
            ),
        )),
    });
    intent.hovered_for = Some(p);
}

/// ABL-5: the places the enemy may be set up, found once.
fn set_up_places(world: &mut World) {
    let intent = world.resource::<Intent>();
    let (Some(id), Some(s)) = (intent.moving, intent.set_up.clone()) else {
        return;
    };
    if !intent.reachable.is_empty() {
        return;
    }
    let (Some(t), Some(f)) = (fighter(world, id), fighter(world, s.active)) else {
        return;
    };
    let spots = crate::rules::effects::set_up_spots(world, &f, &t, s.placing);
    let mut intent = world.resource_mut::<Intent>();
    intent.deadly_places = vec![false; spots.len()];
    intent.reachable = spots.iter().map(|p| p.to_array()).collect();
}

/// The places in reach as the player's choices make them: found again when the player
/// chooses to climb down (MOVE-5), and marked where they touch deadly terrain (MOVE-10).
fn refresh_places(world: &mut World) {
    set_up_places(world);
    let intent = world.resource::<Intent>();
    let Some(id) = intent.moving else {
        return;
    };
    if intent.set_up.is_some() {
        return;
    }
    let redo = intent.going == Going::Move
        && intent.by_hand.is_none()
        && intent.descend != intent.reach_for;
    if !redo && intent.deadly_places.len() == intent.reachable.len() {
        return;
    }
    let (budget, descend) = (intent.budget, intent.descend);
    let all = fighters(world);
    let Some(f) = all.iter().find(|f| f.id == id) else {
        return;
    };
    let places = if redo {
        move_places(world, &all, f, budget, descend)
            .into_iter()
            .map(|m| m.0)
            .collect()
    } else {
        world.resource::<Intent>().reachable.clone()
    };
    let marks = deadly_places(world, f, &places);
    let mut intent = world.resource_mut::<Intent>();
    intent.reachable = places;
    intent.deadly_places = marks;
    intent.reach_for = descend;
}

/// A left click on a legal point moves there; Escape or a right click stops choosing.
fn commit_move(
    mut intent: ResMut<Intent>,
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    engine: Res<Engine>,
    pointed: (
        Res<super::picking::Hovered>,
        Res<Targets>,
        Res<super::tape::Tape>,
    ),
    mut submit: MessageWriter<SubmitCommand>,
) {
    let Some(id) = intent.moving else {
        return;
    };
    let active = intent.active().unwrap_or(id);
    if engine.pending != (Pending::Action { fighter: active }) {
        intent.cancel();
        return;
    }
    if keys.just_pressed(KeyCode::Escape) || buttons.just_pressed(MouseButton::Right) {
        intent.cancel();
        return;
    }
    let over_panel = egui.is_some_and(|e| e.is_pointer_over_area());
    let answered = intent.pick_now;
    if !answered && (!buttons.just_pressed(MouseButton::Left) || over_panel || pointed.2.on) {
        return;
    }
    // A click on an enemy the fighter may attack is an attack (`picking`), not a move.
    let means = super::picking::click_means(true, pointed.0.0, &pointed.1.0);
    if !answered && means != super::picking::ClickMeans::Place {
        return;
    }
    // ABL-5: more than one enemy the damage waiting for the move may go to: the panel asks
    // which before the move is made.
    let ok = matches!(intent.preview, Some(Ok(_)));
    if !answered && ok && intent.picks.len() > 1 && intent.set_up.is_none() {
        intent.asking_pick = true;
        intent.pin();
        return;
    }
    if let (Some(p), Some(Ok(_))) = (intent.hover, &intent.preview) {
        let to = p.to_array();
        if let Some(s) = intent.set_up.clone() {
            submit.write(SubmitCommand(s.command(id, Some(to))));
            intent.cancel();
            return;
        }
        submit.write(SubmitCommand(match intent.going {
            Going::Move if intent.by_hand.is_some() => Command::ByHand {
                fighter: active,
                target: id,
                change: HandChange::Move {
                    inches: intent.budget as u32,
                    to,
                },
            },
            Going::Move => Command::Move {
                pick: intent.pick.filter(|p| intent.picks.contains(p)),
                fighter: id,
                to,
                pick_up: true,
                treasure: None,
                descend: intent.descend,
                via: vec![],
            },
            Going::Disengage => Command::Disengage { fighter: id, to },
        }));
        intent.cancel();
    }
}

/// The reachable places as dots, the path as a line coloured by step (walk white, climb
/// yellow, jump or fall orange, flight cyan), a cross where it can't go.
fn draw_preview(intent: Res<Intent>, mut gizmos: Gizmos) {
    if intent.moving.is_none() {
        return;
    }
    let green = Color::srgb(0.55, 0.9, 0.55);
    // MOVE-10: places in deadly terrain in its warning colour.
    let deadly = Color::srgb(0.95, 0.3, 0.25);
    for (i, p) in intent.reachable.iter().enumerate() {
        let c = if intent.deadly_places.get(i).copied().unwrap_or(false) {
            deadly
        } else {
            green
        };
        // A small cross lying on the surface (and a tick up), readable from above and aslant.
        let p = Vec3::from_array(*p) + Vec3::Y * 0.05;
        gizmos.line(p - Vec3::X * 0.12, p + Vec3::X * 0.12, c);
        gizmos.line(p - Vec3::Z * 0.12, p + Vec3::Z * 0.12, c);
        gizmos.line(p, p + Vec3::Y * 0.15, c);
    }
    let Some(hover) = intent.hover else {
        return;
    };
    match &intent.preview {
        Some(Ok(path)) => {
            for s in &path.steps {
                let c = match s.kind {
                    StepKind::Walk => Color::WHITE,
                    StepKind::Climb => Color::srgb(1.0, 0.9, 0.2),
                    StepKind::Fly => Color::srgb(0.3, 0.9, 1.0),
                    _ => Color::srgb(1.0, 0.55, 0.1),
                };
                gizmos.line(s.from + Vec3::Y * 0.1, s.to + Vec3::Y * 0.1, c);
            }
            // ABL-5: a point's ring is as wide as what the ability does there reaches.
            let ring = match intent.set_up.as_ref().map(|s| s.placing) {
                Some(crate::model::effects::Placing::Point { around, .. }) => around,
                _ => 0.5,
            };
            let flat = Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2);
            gizmos.circle(
                Isometry3d::new(hover + Vec3::Y * 0.05, flat),
                ring,
                Color::WHITE,
            );
        }
        Some(Err(_)) => {
            let c = Color::srgb(0.95, 0.3, 0.25);
            let h = hover + Vec3::Y * 0.1;
            for d in [Vec3::new(0.4, 0.0, 0.4), Vec3::new(0.4, 0.0, -0.4)] {
                gizmos.line(h - d, h + d, c);
            }
        }
        None => {}
    }
}

/// A ring round the active fighter's base, a red ring round each enemy it may attack, and
/// the line of sight to the one under the cursor (GEN-3).
fn draw_active(
    engine: Res<Engine>,
    targets: Res<Targets>,
    hovered: Res<super::picking::Hovered>,
    fighters: Query<(&Fighter, &Position, &Profile)>,
    mut gizmos: Gizmos,
) {
    let Some(act) = engine.activation.as_ref() else {
        return;
    };
    let find = |id: FighterId| fighters.iter().find(|(f, _, _)| f.id == id);
    let Some((_, pos, profile)) = find(act.fighter) else {
        return;
    };
    ring(&mut gizmos, pos.0, profile, Color::srgb(1.0, 0.85, 0.2));
    for &t in &targets.0 {
        let Some((_, tpos, tprofile)) = find(t) else {
            continue;
        };
        ring(&mut gizmos, tpos.0, tprofile, Color::srgb(0.95, 0.25, 0.2));
        if hovered.0 == Some(t) {
            let eye = |p: Vec3, pr: &Profile| p + Vec3::Y * (pr.0.body_height() * 0.8 + 0.12);
            gizmos.line(eye(pos.0, profile), eye(tpos.0, tprofile), Color::WHITE);
        }
    }
}

/// Two close rings round a base.
fn ring(gizmos: &mut Gizmos, at: Vec3, profile: &Profile, c: Color) {
    let r = profile.0.base.max_radius();
    let flat = Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2);
    gizmos.circle(Isometry3d::new(at + Vec3::Y * 0.06, flat), r + 0.2, c);
    gizmos.circle(Isometry3d::new(at + Vec3::Y * 0.06, flat), r + 0.25, c);
}

/// The hint's marks, while the battle is where the hint was given.
fn draw_hint(
    hint: Res<HintMark>,
    engine: Res<Engine>,
    fighters: Query<(&Fighter, &Position, &Profile)>,
    mut gizmos: Gizmos,
) {
    if hint.at != engine.commands.len() {
        return;
    }
    let Some(id) = hint.fighter else {
        return;
    };
    let find = |id: FighterId| fighters.iter().find(|(f, _, _)| f.id == id);
    let Some((_, pos, profile)) = find(id) else {
        return;
    };
    let cyan = Color::srgb(0.3, 0.9, 1.0);
    ring(&mut gizmos, pos.0, profile, cyan);
    let up = Vec3::Y * 0.15;
    if let Some(to) = hint.to {
        gizmos.line(pos.0 + up, to + up, cyan);
        gizmos.sphere(Isometry3d::from_translation(to + up), 0.2, cyan);
    }
    if let Some((_, t, _)) = hint.target.and_then(find) {
        gizmos.line(pos.0 + Vec3::Y, t.0 + Vec3::Y, cyan);
    }
}

#[cfg(test)]
mod tests;
