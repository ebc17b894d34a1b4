//! The 3D view (`gui` feature): the mat, terrain pieces at their true sizes and heights,
//! fighters on bases to scale in their side's colour, objectives, treasure and deployment
//! points; an orbit/pan/zoom camera; screenshots for CI. The egui panels drawn over it are
//! `crate::ui`; `crate::app` puts the two together.
//!
//! World units are inches; the battlefield spans x 0..30, z 0..22, y up.
//!
//! One room per concern, each with its own plugin: `palette` (colours and materials),
//! `camera`, `board` (the static scene), `fighters`, `autoplay` (decisions from the
//! keyboard) and `capture` (screenshots).

mod animation;
pub(crate) mod autoplay;
mod board;
pub mod camera;
pub(crate) mod capture;
pub(crate) mod design;
pub(crate) mod director;
pub(crate) mod fighters;
mod figures;
mod flat;
pub(crate) mod follow;
mod hand_setup;
pub(crate) mod heat;
pub(crate) mod palette;
pub mod perf;
pub(crate) mod picking;
mod pointer;
pub(crate) mod redraw;
pub mod smoke;
pub(crate) mod tape;
pub(crate) mod targeting;
mod textures;
mod tokens;
pub(crate) mod zones;

use bevy::prelude::*;

/// The view's rooms (camera, board, fighters, autoplay, screenshot). Its systems run in the
/// frame's one order of stages (`rules::door::BattleSet`): clicks, keys and autoplay decide
/// (`Decide`), the door applies the commands (`Apply`), and the scene follows the battle's new
/// state and the screenshot is taken (`React`), all in the same frame.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        camera::plugin,
        board::plugin,
        fighters::plugin,
        autoplay::plugin,
        capture::plugin,
        perf::plugin,
        targeting::plugin,
        smoke::plugin,
        animation::plugin,
        picking::plugin,
        flat::plugin,
        zones::plugin,
        redraw::plugin,
        tape::plugin,
        hand_setup::plugin,
    ))
    .add_plugins((
        follow::plugin,
        director::plugin,
        design::plugin,
        heat::plugin,
        tokens::plugin,
    ));
}
