//! warcry-sim: a simulator of the Warcry skirmish game.
//!
//! The headless core (rules, battlefield, ai, scenario, sim) runs without a window; the `gui`
//! feature adds the 3D view and the egui panels.

pub mod ai;
#[cfg(feature = "gui")]
pub mod app;
pub mod battlefield;
#[cfg(feature = "feed")]
pub mod feed;
pub mod model;
pub mod rules;
pub mod scenario;
#[cfg(feature = "gui")]
pub mod screens;
pub mod sim;
#[cfg(feature = "gui")]
pub(crate) mod ui;
#[cfg(feature = "gui")]
pub mod view;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

/// The rules, battlefield, AI and scenario plugins: everything a battle needs without a window.
pub struct HeadlessPlugins;

impl Plugin for HeadlessPlugins {
    fn build(&self, app: &mut App) {
        if !app.is_plugin_added::<StatesPlugin>() {
            app.add_plugins(StatesPlugin);
        }
        app.add_plugins((rules::plugin, battlefield::plugin, ai::solo::SoloAiPlugin));
    }
}

/// A headless app with a battle spawned (not yet set up): `MinimalPlugins`, `StatesPlugin`
/// and [`HeadlessPlugins`]. Call `app.update()` to run setup (SET-2..SET-6).
pub fn headless_app(spec: &scenario::load::BattleSpec) -> App {
    let mut app = headless_app_without_battle();
    scenario::spawn::spawn_battle(app.world_mut(), spec);
    app
}

/// [`headless_app`] with no battle spawned yet (see [`scenario::spawn::spawn_battle`]).
pub fn headless_app_without_battle() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, HeadlessPlugins));
    // A headless battle is one thread's work (a batch plays one per thread): its schedules
    // run their systems on that thread rather than waking the task pool's threads.
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    }
    app
}
