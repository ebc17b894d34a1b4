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

/// Sets the theme once, and the zoom whenever the UI scale changes.
fn apply(
    mut contexts: EguiContexts,
    scale: Res<PanelScale>,
    mut set: Local<Option<f32>>,
) -> Result {
    if *set == Some(scale.0) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    if set.is_none() {
        ctx.set_visuals(visuals());
        ctx.all_styles_mut(style);
    }
    ctx.set_zoom_factor(scale.0.clamp(0.75, 2.0));
    *set = Some(scale.0);
    Ok(())
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
