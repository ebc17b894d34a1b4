//! The game's own look for egui: a dark slate with bronze accents, larger type than egui's
//! default (readable at 1280x720), roomier buttons, and the frame the always-on panels share.
//! Fonts are the ones egui ships with. The UI scale setting zooms all of it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PanelScale>()
        .add_systems(EguiPrimaryContextPass, apply);
}

/// How much larger than 1x the panels are drawn (a setting).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub(crate) struct PanelScale(pub f32);

impl Default for PanelScale {
    fn default() -> Self {
        PanelScale(1.0)
    }
}

/// Bronze: selections, the active fighter, what the player should look at.
pub(crate) const BRONZE: egui::Color32 = egui::Color32::from_rgb(196, 150, 80);
/// Panels' fill.
const SLATE: egui::Color32 = egui::Color32::from_rgb(24, 26, 31);
/// Text on panels.
const TEXT: egui::Color32 = egui::Color32::from_rgb(222, 218, 208);

/// Sets the theme once, and the zoom whenever the UI scale or the window's size changes (the
/// camera is told which edges the panels then cover).
fn apply(
    mut contexts: EguiContexts,
    scale: Res<PanelScale>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut margins: ResMut<crate::view::follow::Margins>,
    hidden: Res<super::PanelsHidden>,
    mut set: Local<Option<(f32, bool)>>,
) -> Result {
    let size = windows
        .single()
        .map_or(Vec2::new(1280.0, 720.0), |w| w.size());
    let zoom = zoom(scale.0, size);
    if *set == Some((zoom, hidden.0)) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    if set.is_none() {
        ctx.set_visuals(visuals());
        ctx.all_styles_mut(style);
    }
    ctx.set_zoom_factor(zoom);
    // With the panels hidden (H), the camera has the whole window.
    *margins = crate::view::follow::Margins::at(if hidden.0 { 0.0 } else { zoom });
    *set = Some((zoom, hidden.0));
    Ok(())
}

/// The panels' zoom: the UI scale setting, times how much larger than 1280x720 the window is
/// (up to twice), so that text keeps its size relative to the board on a large screen.
fn zoom(setting: f32, window: Vec2) -> f32 {
    let grow = (window / Vec2::new(1280.0, 720.0))
        .min_element()
        .clamp(1.0, 2.0);
    // Whole steps of 5%, so that dragging the window's edge does not re-lay the text each pixel.
    let z = (setting.clamp(0.75, 2.0) * grow * 20.0).round() / 20.0;
    z.clamp(0.75, 3.0)
}

fn visuals() -> egui::Visuals {
    let mut v = egui::Visuals::dark();
    v.panel_fill = SLATE;
    v.window_fill = egui::Color32::from_rgba_unmultiplied(24, 26, 31, 242);
    v.window_stroke = egui::Stroke::new(1.0, egui::Color32::from_rgb(78, 68, 52));
    v.window_corner_radius = egui::CornerRadius::same(6);
    // No soft shadows: wide translucent fringes that a software renderer blends pixel by
    // pixel every frame, for little.
    v.window_shadow = egui::Shadow::NONE;
    v.popup_shadow = egui::Shadow::NONE;
    v.extreme_bg_color = egui::Color32::from_rgb(14, 15, 18);
    v.override_text_color = Some(TEXT);
    v.hyperlink_color = BRONZE;
    v.selection.bg_fill = egui::Color32::from_rgb(120, 86, 40);
    v.selection.stroke = egui::Stroke::new(1.0, BRONZE);
    let w = &mut v.widgets;
    w.inactive.weak_bg_fill = egui::Color32::from_rgb(46, 48, 55);
    w.inactive.bg_fill = egui::Color32::from_rgb(46, 48, 55);
    w.hovered.weak_bg_fill = egui::Color32::from_rgb(72, 66, 56);
    w.hovered.bg_stroke = egui::Stroke::new(1.0, BRONZE);
    w.active.weak_bg_fill = egui::Color32::from_rgb(120, 86, 40);
    for s in [&mut w.inactive, &mut w.hovered, &mut w.active, &mut w.open] {
        s.corner_radius = egui::CornerRadius::same(4);
    }
    v
}

fn style(s: &mut egui::Style) {
    use egui::{FontFamily::Proportional, FontId, TextStyle};
    s.text_styles = [
        (TextStyle::Heading, FontId::new(18.0, Proportional)),
        (TextStyle::Body, FontId::new(14.5, Proportional)),
        (TextStyle::Button, FontId::new(14.5, Proportional)),
        (TextStyle::Small, FontId::new(12.0, Proportional)),
        (
            TextStyle::Monospace,
            FontId::new(13.0, egui::FontFamily::Monospace),
        ),
    ]
    .into();
    s.spacing.item_spacing = egui::vec2(8.0, 5.0);
    s.spacing.button_padding = egui::vec2(8.0, 3.0);
    s.spacing.window_margin = egui::Margin::same(10);
}

/// The frame of the panels that stay on screen (tracker, log): the window's, a little
/// see-through so the board shows behind it.
pub(crate) fn hud_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(egui::Color32::from_rgba_unmultiplied(20, 22, 26, 215))
        .stroke(egui::Stroke::new(1.0, egui::Color32::from_rgb(60, 56, 48)))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::same(8))
}

#[cfg(test)]
mod tests {
    use super::zoom;
    use bevy::math::Vec2;

    /// The panels keep the setting at 1280x720 and smaller windows, grow with a larger window
    /// (1.5x at 1920x1080), and the setting multiplies both.
    #[test]
    fn the_panels_grow_with_the_window_and_the_setting() {
        assert_eq!(zoom(1.0, Vec2::new(1280.0, 720.0)), 1.0);
        assert_eq!(zoom(1.0, Vec2::new(800.0, 600.0)), 1.0);
        assert_eq!(zoom(1.0, Vec2::new(1920.0, 1080.0)), 1.5);
        assert_eq!(zoom(1.2, Vec2::new(1920.0, 1080.0)), 1.8);
        assert_eq!(
            zoom(1.0, Vec2::new(3840.0, 1080.0)),
            1.5,
            "the shorter side counts"
        );
    }
}
