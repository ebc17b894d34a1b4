//! The egui panels drawn over the 3D view, one panel per file. They read the battle's state
//! and the view's (autoplay, palette, picking) and draw nothing in the 3D scene but the labels
//! over the fighters.

mod action_bar;
mod board_labels;
mod card_picture;
mod decision_panel;
mod dice_tray;
mod end_screen;
mod fighter_card;
mod game_menu;
mod help;
mod landing;
mod log_panel;
mod log_window;
mod preview_panel;
mod roster_screen;
mod round_banner;
mod saves;
mod scoreboard;
pub(crate) mod settings;
mod setup_cards;
pub(crate) mod setup_screen;
mod spectator;
mod tape_panel;
pub(crate) mod theme;
mod timeline;
mod title_screen;
mod tracker;
mod words;

use bevy::prelude::*;

/// The panels over the board (scoreboard, tracker, log, decision, dice tray, card, game
/// menu, help, tape, timeline): H hides them all, for a clean view of the board (a stream,
/// a screenshot); the name plates, floating damage and round banners stay.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Panels;

/// The panels of a game (scoreboard, tracker, log, decision, dice tray, card, game menu,
/// timeline, spectator's card): not in `preview`, which shows a layout with its own panel.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct GamePanels;

/// The panels are hidden (H).
#[derive(Resource, Debug, Default)]
pub(crate) struct PanelsHidden(pub bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PanelsHidden>()
        .configure_sets(
            bevy_egui::EguiPrimaryContextPass,
            Panels.run_if(|h: Res<PanelsHidden>| !h.0),
        )
        .configure_sets(
            bevy_egui::EguiPrimaryContextPass,
            GamePanels
                .in_set(Panels)
                .run_if(not(resource_exists::<crate::screens::preview::Preview>)),
        )
        .add_systems(
            Update,
            hide_panels.run_if(in_state(crate::screens::Screen::Battle)),
        );
    app.add_plugins((
        title_screen::plugin,
        tape_panel::plugin,
        timeline::plugin,
        spectator::plugin,
        preview_panel::plugin,
    ))
    .add_plugins((
        log_window::plugin,
        scoreboard::plugin,
        tracker::plugin,
        theme::plugin,
        help::plugin,
        round_banner::plugin,
        board_labels::plugin,
        decision_panel::plugin,
        dice_tray::plugin,
        setup_screen::plugin,
        roster_screen::plugin,
        end_screen::plugin,
        fighter_card::plugin,
        game_menu::plugin,
    ));
}

/// H shows or hides the panels over the board (not while a text field has the keyboard).
fn hide_panels(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut hidden: ResMut<PanelsHidden>,
) {
    if keys.just_pressed(KeyCode::KeyH) && !egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        hidden.0 = !hidden.0;
    }
}

/// Runs `draw` for a few frames of a 1280x720 window with no input (windows settle their
/// size over the first frames), for tests of where things are drawn.
#[cfg(test)]
pub(crate) fn settled_frames(mut draw: impl FnMut(&bevy_egui::egui::Context)) {
    use bevy_egui::egui;
    let ctx = egui::Context::default();
    for _ in 0..4 {
        ctx.begin_pass(egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 720.0),
            )),
            ..Default::default()
        });
        draw(&ctx);
        ctx.end_pass().textures_delta.clear();
    }
}
