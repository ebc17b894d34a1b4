//! The title screen, where the game opens: its name over a dark backdrop, and the main menu
//! (new battle, continue the newest save, load a battle from the list of saves, build a
//! warband, settings, quit). Loading and settings open beside the menu.

use std::path::Path;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::saves::{self, SaveRow};
use super::settings::{Settings, settings_ui};
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Title>()
        .add_systems(OnEnter(Screen::Title), read_saves)
        .add_systems(
            EguiPrimaryContextPass,
            title_screen.run_if(in_state(Screen::Title)),
        )
        .add_systems(Update, apply_settings.run_if(resource_changed::<Settings>));
}

/// What beside the menu is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Page {
    #[default]
    Nothing,
    Load,
    Replays,
    Settings,
}

/// The title screen's state: the page open, the saves found, a problem to show.
#[derive(Resource, Default)]
struct Title {
    page: Page,
    saves: Vec<SaveRow>,
    replays: Vec<SaveRow>,
    problem: Option<String>,
}

/// Where saves are looked for: the saves folder, and the working folder (the autosave, saves
/// made by older versions).
fn save_dirs() -> [&'static Path; 2] {
    [Path::new(saves::SAVES_DIR), Path::new(".")]
}

/// On coming back to the title screen: the saves as they are now, and the menu alone (the
/// page that was open when the player left, e.g. the save just loaded, is closed).
fn read_saves(mut t: ResMut<Title>, mut notice: ResMut<crate::screens::Notice>) {
    t.saves = saves::list(&save_dirs());
    t.replays = saves::list_of(
        &[Path::new(crate::sim::replay::REPLAYS_DIR)],
        crate::sim::replay::REPLAY_SUFFIX,
    );
    t.page = Page::Nothing;
    if let Some(n) = notice.0.take() {
        t.problem = Some(n);
    }
}

/// What the menu asks for.
enum Go {
    Screen(Screen),
    Open(std::path::PathBuf),
    Watch(std::path::PathBuf),
    Quit,
}

fn title_screen(
    mut contexts: EguiContexts,
    mut t: ResMut<Title>,
    mut settings: ResMut<Settings>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    backdrop(ctx);
    let mut go = None;
    egui::Area::new(egui::Id::new("main menu"))
        .anchor(egui::Align2::LEFT_CENTER, [90.0, 40.0])
        .show(ctx, |ui| go = menu(ui, &mut t));
    if t.page != Page::Nothing {
        egui::Window::new(match t.page {
            Page::Load => "Load a battle",
            Page::Replays => "Watch a replay",
            _ => "Settings",
        })
        .anchor(egui::Align2::LEFT_CENTER, [420.0, 40.0])
        .collapsible(false)
        .resizable(false)
        .default_width(520.0)
        .show(ctx, |ui| {
            ui.set_width(520.0);
            match t.page {
                Page::Load => {
                    if let Some(p) = saves::browser(ui, &t.saves) {
                        go = Some(Go::Open(p));
                    }
                }
                Page::Replays => {
                    let empty = "No replays yet: every battle played to its end is kept here.";
                    if let Some(p) = saves::browser_with(ui, &t.replays, "Watch", empty) {
                        go = Some(Go::Watch(p));
                    }
                }
                Page::Settings => {
                    let mut s = settings.clone();
                    if settings_ui(ui, &mut s) {
                        *settings = s;
                    }
                }
                Page::Nothing => {}
            }
        });
    }
    if let Some(p) = &t.problem {
        egui::Area::new(egui::Id::new("title problem"))
            .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -24.0])
            .show(ctx, |ui| {
                ui.colored_label(crate::view::palette::ERROR_TEXT, p);
            });
    }
    match go {
        Some(Go::Screen(s)) => next.set(s),
        Some(Go::Open(path)) => match saves::open(&path) {
            Ok((battle, resume)) => {
                commands.insert_resource(battle);
                commands.insert_resource(resume);
                t.problem = None;
                next.set(Screen::Battle);
            }
            Err(e) => t.problem = Some(e),
        },
        Some(Go::Watch(path)) => commands.queue(move |world: &mut World| {
            if let Err(e) = crate::screens::replay::watch(world, &path) {
                world.resource_mut::<Title>().problem = Some(e);
            }
        }),
        Some(Go::Quit) => {
            exit.write(AppExit::Success);
        }
        None => {}
    }
    Ok(())
}

/// The main menu's buttons, large, one under the other.
fn menu(ui: &mut egui::Ui, t: &mut Title) -> Option<Go> {
    let mut go = None;
    let size = egui::vec2(260.0, 40.0);
    let big = |s: &str| egui::RichText::new(s).size(19.0);
    ui.spacing_mut().item_spacing.y = 10.0;
    if ui
        .add_sized(size, egui::Button::new(big("New battle")))
        .clicked()
    {
        go = Some(Go::Screen(Screen::Setup));
    }
    let newest = t.saves.first().map(|s| (s.path.clone(), s.title.clone()));
    let cont = ui
        .add_enabled_ui(newest.is_some(), |ui| {
            ui.add_sized(size, egui::Button::new(big("Continue")))
        })
        .inner;
    if let Some((path, title)) = newest
        && cont
            .on_hover_text(format!("The newest save: {title}"))
            .clicked()
    {
        go = Some(Go::Open(path));
    }

    for (label, page) in [
        ("Load a battle", Page::Load),
        ("Watch a replay", Page::Replays),
        ("Settings", Page::Settings),
    ] {
        let open = t.page == page;
        if ui
            .add_sized(size, egui::Button::new(big(label)).selected(open))
            .clicked()
        {
            t.page = if open { Page::Nothing } else { page };
        }
    }
    if ui
        .add_sized(size, egui::Button::new(big("Build a warband")))
        .clicked()
    {
        go = Some(Go::Screen(Screen::Roster));
    }
    if ui.add_sized(size, egui::Button::new(big("Quit"))).clicked() {
        go = Some(Go::Quit);
    }
    go
}

/// A dark backdrop with the game's name, a bronze rule under it, and what the game is.
fn backdrop(ctx: &egui::Context) {
    let screen = ctx.content_rect();
    let painter = ctx.layer_painter(egui::LayerId::background());
    let top = egui::Color32::from_rgb(30, 32, 38);
    let bottom = egui::Color32::from_rgb(10, 11, 14);
    let mut mesh = egui::Mesh::default();
    mesh.colored_vertex(screen.left_top(), top);
    mesh.colored_vertex(screen.right_top(), top);
    mesh.colored_vertex(screen.right_bottom(), bottom);
    mesh.colored_vertex(screen.left_bottom(), bottom);
    mesh.add_triangle(0, 1, 2);
    mesh.add_triangle(0, 2, 3);
    painter.add(egui::Shape::mesh(mesh));
    let at = egui::pos2(screen.left() + 90.0, screen.top() + 70.0);
    painter.text(
        at,
        egui::Align2::LEFT_TOP,
        "WARCRY SIM",
        egui::FontId::proportional(64.0),
        super::theme::BRONZE,
    );
    painter.hline(
        at.x..=at.x + 420.0,
        at.y + 80.0,
        egui::Stroke::new(2.0, super::theme::BRONZE.gamma_multiply(0.6)),
    );
    painter.text(
        at + egui::vec2(2.0, 92.0),
        egui::Align2::LEFT_TOP,
        "Skirmish battles on a 3D battlefield: every rule enforced, a solo opponent that \
         explains itself.",
        egui::FontId::proportional(16.0),
        egui::Color32::from_gray(170),
    );
    painter.text(
        egui::pos2(screen.left() + 90.0, screen.bottom() - 30.0),
        egui::Align2::LEFT_BOTTOM,
        "F1 during a battle: the keys, and the game's words",
        egui::FontId::proportional(12.5),
        egui::Color32::from_gray(120),
    );
}

/// Settings changed (here or loaded at the start): applied, and written for the next run.
fn apply_settings(world: &mut World) {
    super::settings::apply(world);
    let s = world.resource::<Settings>().clone();
    if world.contains_resource::<SettingsLoaded>() {
        if let Some(path) = super::settings::settings_path()
            && let Err(e) = s.write(&path)
        {
            world.resource_mut::<Title>().problem = Some(e);
        }
    } else {
        world.insert_resource(SettingsLoaded);
    }
}

/// The settings read at the start have been applied once (later changes are written).
#[derive(Resource)]
struct SettingsLoaded;
