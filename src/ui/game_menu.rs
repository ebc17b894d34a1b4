//! The game's own buttons during a battle: save (atomically, anywhere), take back the last
//! command when no die was rolled since, a hint (what the solo rules would do in the player's
//! place), and quit, which asks first rather than lose the battle. Closing the window asks
//! the same.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::WindowCloseRequested;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::solo::{advise, is_ai};
use crate::rules::engine::{Engine, deciding_side};
use crate::screens::{NextBattle, Notice, Screen};
use crate::sim::takeback::take_back;
use crate::view::targeting::HintMark;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Menu>()
        .add_systems(Update, (close_requested, carry_out))
        .add_systems(
            EguiPrimaryContextPass,
            (
                menu.run_if(in_state(Screen::Battle))
                    .in_set(super::GamePanels),
                notice,
                confirm_leave.run_if(|m: Res<Menu>| m.asking.is_some()),
            ),
        )
        .add_systems(OnExit(Screen::Battle), |mut m: ResMut<Menu>| {
            m.forget_battle()
        });
}

/// The menu's state and what it was asked to do this frame.
#[derive(Resource, Debug, Default)]
struct Menu {
    /// Leaving the battle was asked for, and the player is asked to save first.
    asking: Option<Leave>,
    request: Option<Request>,
    /// The last hint, with its rule IDs, and the number of commands it was given at (it is
    /// shown only while the battle is still there).
    hint: Option<(usize, String)>,
    said: Option<String>,
    /// The number of commands at the last save: quitting then loses nothing, so it doesn't ask.
    saved_at: Option<usize>,
    /// The solo AI plays both sides: take back and hint are of no use to a watcher.
    watching: bool,
}

/// Where the player goes when leaving a battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Leave {
    /// Back to the title screen (a new battle, a saved one, a roster).
    ToMenu,
    /// Out of the game (the window was closed).
    Quit,
}

impl Menu {
    /// Leave at once when nothing happened since the last save, else ask first.
    fn leave(&mut self, now: usize, to: Leave) {
        if self.saved_at == Some(now) {
            self.request = Some(Request::Leave(to));
        } else {
            self.asking = Some(to);
        }
    }

    /// Forgets the battle left (its hint, messages and last save).
    fn forget_battle(&mut self) {
        *self = Menu::default();
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Request {
    /// Into the saves folder, named after the battle and the time.
    Save,
    TakeBack,
    Hint,
    SaveAndLeave(Leave),
    Leave(Leave),
}

fn menu(
    mut contexts: EguiContexts,
    mut m: ResMut<Menu>,
    engine: Res<Engine>,
    mut pace: (ResMut<crate::ai::solo::SoloAi>, ResMut<super::help::Help>),
    (info, replay): (
        Option<Res<crate::model::components::BattleInfo>>,
        Option<Res<crate::screens::replay::ReplayView>>,
    ),
) -> Result {
    m.watching = crate::view::director::watched_battle(info.as_deref(), replay.is_some());
    let now = engine.commands.len();
    // A replay is nobody's battle: leaving it loses nothing, and its timeline sets its pace.
    if replay.is_some() {
        m.saved_at = Some(now);
    }
    let ctx = contexts.ctx_mut()?;
    let (ai, help) = (&mut *pace.0, &mut *pace.1);
    menu_window(ctx, &mut m, now, |ui| {
        if replay.is_some() {
            super::scoreboard::help_button(ui, help);
        } else {
            super::scoreboard::pace_and_help(ui, ai, help)
        }
    });
    Ok(())
}

/// The menu's width in points: messages wrap inside it, so the buttons never move.
const MENU_WIDTH: f32 = 300.0;

/// The game menu, anchored bottom right: messages on top, the buttons in the bottom rows, so
/// that a message grows the window upwards and never moves a button. Gives the rect of the
/// "Menu" button.
fn menu_window(
    ctx: &egui::Context,
    m: &mut Menu,
    now: usize,
    controls: impl FnOnce(&mut egui::Ui),
) -> Option<egui::Rect> {
    let mut leave = None;
    egui::Window::new("Game")
        .anchor(egui::Align2::RIGHT_BOTTOM, [-10.0, -10.0])
        .collapsible(true)
        .resizable(false)
        .show(ctx, |ui| {
            ui.set_width(MENU_WIDTH);
            if let Some((_, h)) = m.hint.as_ref().filter(|h| h.0 == now) {
                super::words::tagged(ui, h);
            }
            ui.horizontal(controls);
            if let Some(s) = &m.said {
                super::words::tagged_small(ui, s);
            }
            ui.horizontal(|ui| {
                if ui
                    .button("Save")
                    .on_hover_text("Into the saves folder: load it from the title screen")
                    .clicked()
                {
                    m.request = Some(Request::Save);
                }
                if !m.watching {
                    if ui
                        .button("Take back")
                        .on_hover_text("Undo your last command, when no die was rolled since")
                        .clicked()
                    {
                        m.request = Some(Request::TakeBack);
                    }
                    if ui
                        .button("Hint")
                        .on_hover_text("What the solo rules would do in your place")
                        .clicked()
                    {
                        m.request = Some(Request::Hint);
                    }
                }
                let b = ui
                    .button("Menu")
                    .on_hover_text("Leave the battle for the title screen (asks to save first)");
                if b.clicked() {
                    m.leave(now, Leave::ToMenu);
                }
                leave = Some(b.rect);
            });
        });
    leave
}

/// Closing the window during a battle asks first; elsewhere it quits.
fn close_requested(
    mut closes: MessageReader<WindowCloseRequested>,
    screen: Res<State<Screen>>,
    engine: Option<Res<Engine>>,
    mut m: ResMut<Menu>,
    mut exit: MessageWriter<AppExit>,
) {
    if closes.read().next().is_none() {
        return;
    }
    if *screen.get() == Screen::Battle {
        m.leave(engine.map_or(0, |e| e.commands.len()), Leave::Quit);
    } else {
        exit.write(AppExit::Success);
    }
}

fn confirm_leave(mut contexts: EguiContexts, mut m: ResMut<Menu>) -> Result {
    let Some(to) = m.asking else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (go, title) = match to {
        Leave::ToMenu => ("go to the menu", "Leave the battle?"),
        Leave::Quit => ("quit", "Quit the game?"),
    };
    egui::Window::new(title)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label("The battle is not over. Save it before you go?");
            ui.horizontal(|ui| {
                if ui.button(format!("Save and {go}")).clicked() {
                    m.request = Some(Request::SaveAndLeave(to));
                }
                if ui
                    .button(format!("{} without saving", capitalised(go)))
                    .clicked()
                {
                    m.request = Some(Request::Leave(to));
                }
                if ui.button("Stay").clicked() {
                    m.asking = None;
                }
            });
        });
    Ok(())
}

/// `s` with its first letter in capitals.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Does what the menu was asked (it needs the whole world).
fn carry_out(world: &mut World) {
    let Some(r) = world.resource_mut::<Menu>().request.take() else {
        return;
    };
    let now = world.resource::<Engine>().commands.len();
    let said = match r {
        Request::Save => save_new(world).map(|_| {
            world.resource_mut::<Menu>().saved_at = Some(now);
            "Saved: the title screen's \"Load a battle\" lists it.".into()
        }),
        Request::SaveAndLeave(to) => save_new(world).map(|_| {
            leave(world, to);
            "Saved.".into()
        }),
        Request::Leave(to) => {
            leave(world, to);
            Ok(String::new())
        }
        Request::TakeBack => undo(world),
        Request::Hint => {
            let hint = hint(world);
            let now = world.resource::<Engine>().commands.len();
            world.resource_mut::<Menu>().hint = Some((now, hint));
            return;
        }
    };
    let mut m = world.resource_mut::<Menu>();
    m.said = Some(said.unwrap_or_else(|e| e));
}

/// Saves the battle into the saves folder, under its name and the time.
fn save_new(world: &mut World) -> Result<PathBuf, String> {
    let file = world
        .get_resource::<NextBattle>()
        .and_then(|n| n.file.clone());
    let dir = (
        std::path::Path::new(super::saves::SAVES_DIR),
        super::saves::SAVE_SUFFIX,
    );
    crate::sim::replay::save_new(world, file, dir, std::time::SystemTime::now())
}

/// Leaves the battle: for the title screen, or out of the game.
fn leave(world: &mut World, to: Leave) {
    world.resource_mut::<Menu>().asking = None;
    match to {
        Leave::ToMenu => world.resource_mut::<NextState<Screen>>().set(Screen::Title),
        Leave::Quit => {
            world.write_message(AppExit::Success);
        }
    }
}

/// Takes back the last command of the side that decides now (a person's).
fn undo(world: &mut World) -> Result<String, String> {
    let side = deciding_side(world).ok_or("nothing to take back now")?;
    let spec = world
        .get_resource::<NextBattle>()
        .map(|n| n.spec.clone())
        .ok_or("no battle is open")?;
    let n = take_back(world, &spec, side)?;
    Ok(format!(
        "Took back {n} command{}",
        if n == 1 { "" } else { "s" }
    ))
}

/// What the solo rules would do now in the place of the side that decides, in words and
/// drawn on the board (`HintMark`: the fighter, where it goes, whom it attacks).
fn hint(world: &mut World) -> String {
    match deciding_side(world) {
        Some(s) if !is_ai(world, s) => match advise(world) {
            Some(d) => {
                let now = world.resource::<Engine>().commands.len();
                *world.resource_mut::<HintMark>() = HintMark::of(&d.command, now);
                // The reasons name their rule IDs where each applies.
                format!("The solo rules would: {}", d.why)
            }
            None => "The solo rules have nothing to say here.".into(),
        },
        _ => {
            let round = world.resource::<Engine>().round;
            format!("It is not your decision now (round {round}).")
        }
    }
}

/// A message for the player (a save that stopped replaying, an autosave that failed).
fn notice(mut contexts: EguiContexts, mut n: ResMut<Notice>) -> Result {
    let Some(text) = n.0.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Note")
        .anchor(
            egui::Align2::CENTER_TOP,
            [0.0, super::scoreboard::BAR_HEIGHT + 10.0],
        )
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label(&text);
            if ui.button("OK").clicked() {
                n.0 = None;
            }
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the "Menu" button is drawn after a few frames of a 1280x720 window.
    fn menu_button_at(m: &mut Menu) -> egui::Rect {
        let mut at = None;
        crate::ui::settled_frames(|ctx| at = menu_window(ctx, m, 3, |_| {}));
        at.expect("the menu button is drawn")
    }

    /// The game menu's buttons stay where they are when a message appears (it grew with its
    /// messages and moved the buttons under the cursor).
    #[test]
    fn a_message_in_the_game_menu_moves_no_button() {
        let mut m = Menu::default();
        let quiet = menu_button_at(&mut m);
        m.said = Some("Saved to a-rather-long-folder-name/and-a-longer-file-name.save.ron".into());
        m.hint = Some((
            3,
            "The solo rules would: move Tofa towards the nearest objective (SOLO-A1, SOLO-C2), \
             then attack the nearest enemy in range (SOLO-C3)."
                .into(),
        ));
        let talking = menu_button_at(&mut m);
        assert!(
            (quiet.min - talking.min).length() < 0.5,
            "{quiet:?} moved to {talking:?}"
        );
    }

    /// Leaving a battle goes back to the title screen rather than closing the program; with
    /// the battle saved it goes at once, else it asks first.
    #[test]
    fn leaving_a_battle_goes_back_to_the_menu() {
        let mut app = App::new();
        app.insert_resource(NextState::<Screen>::default());
        app.insert_resource(Menu::default());
        let world = app.world_mut();
        world.resource_mut::<Menu>().leave(5, Leave::ToMenu);
        assert_eq!(world.resource::<Menu>().asking, Some(Leave::ToMenu));
        world.resource_mut::<Menu>().saved_at = Some(5);
        world.resource_mut::<Menu>().leave(5, Leave::ToMenu);
        let Some(Request::Leave(to)) = world.resource_mut::<Menu>().request.take() else {
            panic!("a saved battle is left at once");
        };
        leave(world, to);
        assert!(matches!(
            world.resource::<NextState<Screen>>(),
            NextState::Pending(Screen::Title)
        ));
        assert!(world.resource::<Menu>().asking.is_none());
        let exits = world.resource::<Messages<AppExit>>();
        assert!(exits.is_empty(), "the program closed");
    }
}
