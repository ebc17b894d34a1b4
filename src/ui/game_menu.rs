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
use crate::screens::{NextBattle, Notice, Screen, save};
use crate::sim::takeback::take_back;
use crate::view::targeting::HintMark;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Menu>()
        .add_systems(Update, (close_requested, carry_out))
        .add_systems(
            EguiPrimaryContextPass,
            (
                menu.run_if(in_state(Screen::Battle)),
                notice,
                confirm_quit.run_if(|m: Res<Menu>| m.asking_to_quit),
            ),
        );
}

/// The menu's state and what it was asked to do this frame.
#[derive(Resource, Debug)]
struct Menu {
    save_path: String,
    asking_to_quit: bool,
    request: Option<Request>,
    /// The last hint, with its rule IDs, and the number of commands it was given at (it is
    /// shown only while the battle is still there).
    hint: Option<(usize, String)>,
    said: Option<String>,
    /// The number of commands at the last save: quitting then loses nothing, so it doesn't ask.
    saved_at: Option<usize>,
}

impl Menu {
    /// Quit at once when nothing happened since the last save, else ask first.
    fn quit(&mut self, now: usize) {
        if self.saved_at == Some(now) {
            self.request = Some(Request::Quit);
        } else {
            self.asking_to_quit = true;
        }
    }
}

impl Default for Menu {
    fn default() -> Self {
        Menu {
            save_path: "battle.save.ron".into(),
            asking_to_quit: false,
            request: None,
            hint: None,
            said: None,
            saved_at: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Request {
    Save(PathBuf),
    TakeBack,
    Hint,
    SaveAndQuit(PathBuf),
    Quit,
}

fn menu(mut contexts: EguiContexts, mut m: ResMut<Menu>, engine: Res<Engine>) -> Result {
    let now = engine.commands.len();
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Game")
        .anchor(egui::Align2::RIGHT_BOTTOM, [-10.0, -10.0])
        .collapsible(true)
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.text_edit_singleline(&mut m.save_path);
                if ui.button("Save").clicked() {
                    m.request = Some(Request::Save(PathBuf::from(&m.save_path)));
                }
            });
            ui.horizontal(|ui| {
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
                if ui.button("Quit").clicked() {
                    m.quit(now);
                }
            });
            if let Some((_, h)) = m.hint.as_ref().filter(|h| h.0 == now) {
                ui.label(h);
            }
            if let Some(s) = &m.said {
                ui.small(s);
            }
        });
    Ok(())
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
        m.quit(engine.map_or(0, |e| e.commands.len()));
    } else {
        exit.write(AppExit::Success);
    }
}

fn confirm_quit(mut contexts: EguiContexts, mut m: ResMut<Menu>) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Leave the battle?")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label("The battle is not over. Save it before you go?");
            ui.horizontal(|ui| {
                if ui
                    .button(format!("Save to {} and quit", m.save_path))
                    .clicked()
                {
                    m.request = Some(Request::SaveAndQuit(PathBuf::from(&m.save_path)));
                }
                if ui.button("Quit without saving").clicked() {
                    m.request = Some(Request::Quit);
                }
                if ui.button("Stay").clicked() {
                    m.asking_to_quit = false;
                }
            });
        });
    Ok(())
}

/// Does what the menu was asked (it needs the whole world).
fn carry_out(world: &mut World) {
    let Some(r) = world.resource_mut::<Menu>().request.take() else {
        return;
    };
    let now = world.resource::<Engine>().commands.len();
    let said = match r {
        Request::Save(p) => save(world, &p).map(|()| {
            world.resource_mut::<Menu>().saved_at = Some(now);
            format!("Saved to {}", p.display())
        }),
        Request::SaveAndQuit(p) => save(world, &p).map(|()| {
            world.write_message(AppExit::Success);
            format!("Saved to {}", p.display())
        }),
        Request::Quit => {
            world.write_message(AppExit::Success);
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
        .anchor(egui::Align2::CENTER_TOP, [0.0, 10.0])
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label(&text);
            if ui.button("OK").clicked() {
                n.0 = None;
            }
        });
    Ok(())
}
