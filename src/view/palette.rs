//! Every colour and material the view draws with: the background, the mat, terrain by kind,
//! the sides (in the 3D scene and in the egui panels), objectives, treasure and fighters.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::model::formats::{Colour, TerrainKind};

/// Side colours (deployment colour red/blue), readable on the mat.
pub(crate) const RED: Color = Color::srgb(0.78, 0.16, 0.14);
pub(crate) const BLUE: Color = Color::srgb(0.16, 0.36, 0.82);

/// Behind the battlefield.
pub(crate) const BACKGROUND: Color = Color::srgb(0.09, 0.1, 0.12);

/// A side's colour in the 3D scene.
pub(crate) fn side_colour(colour: Colour) -> Color {
    match colour {
        Colour::Red => RED,
        Colour::Blue => BLUE,
    }
}

/// A side's colour as text on the dark egui panel (lighter than [`side_colour`]); grey until
/// the colours are chosen (SET-5).
pub(crate) fn side_text_colour(colour: Option<Colour>) -> egui::Color32 {
    match colour {
        Some(Colour::Red) => egui::Color32::from_rgb(220, 70, 60),
        Some(Colour::Blue) => egui::Color32::from_rgb(90, 140, 240),
        None => egui::Color32::GRAY,
    }
}

/// A scene colour in an egui picture (the setup screen's card pictures).
pub(crate) fn egui_colour(c: Color) -> egui::Color32 {
    let [r, g, b, a] = c.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// Errors shown in the panels.
pub(crate) const ERROR_TEXT: egui::Color32 = egui::Color32::LIGHT_RED;

pub(crate) fn terrain_colour(kind: TerrainKind) -> Color {
    match kind {
        TerrainKind::Platform => Color::srgb(0.55, 0.5, 0.44),
        TerrainKind::Obstacle => Color::srgb(0.42, 0.4, 0.38),
        TerrainKind::LowTerrain => Color::srgb(0.47, 0.4, 0.3),
        TerrainKind::Ladder => Color::srgb(0.5, 0.33, 0.16),
        TerrainKind::Archway => Color::srgb(0.5, 0.47, 0.42),
        TerrainKind::Deadly => Color::srgb(0.45, 0.75, 0.1),
    }
}

/// The darker rim under the mat, so its edge reads against the background.
pub(crate) fn mat_rim() -> StandardMaterial {
    Color::srgb(0.16, 0.15, 0.13).into()
}

/// The mat's colour.
pub(crate) const MAT: Color = Color::srgb(0.36, 0.42, 0.27);

/// The mat's playing surface.
pub(crate) fn mat_cloth() -> StandardMaterial {
    StandardMaterial {
        base_color: MAT,
        perceptual_roughness: 0.95,
        ..default()
    }
}

/// The faint 1" grid on the mat.
pub(crate) fn grid_line() -> StandardMaterial {
    StandardMaterial {
        base_color: Color::srgba(0.0, 0.0, 0.0, 0.18),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    }
}

/// A terrain piece's body (its texture is added where it is drawn); bile shines and glows a
/// little.
pub(crate) fn terrain(kind: TerrainKind) -> StandardMaterial {
    let deadly = kind == TerrainKind::Deadly;
    StandardMaterial {
        base_color: terrain_colour(kind),
        perceptual_roughness: if deadly { 0.25 } else { 0.9 },
        emissive: if deadly {
            LinearRgba::rgb(0.05, 0.12, 0.0)
        } else {
            LinearRgba::BLACK
        },
        ..default()
    }
}

/// The wooden table under the mat.
pub(crate) fn table() -> StandardMaterial {
    StandardMaterial {
        base_color: Color::srgb(0.36, 0.24, 0.15),
        perceptual_roughness: 0.7,
        ..default()
    }
}

/// The light slab on a platform's top.
pub(crate) fn coping() -> StandardMaterial {
    StandardMaterial {
        base_color: Color::srgb(0.72, 0.68, 0.6),
        perceptual_roughness: 0.6,
        ..default()
    }
}

/// Parapets and walkway supports: drawn in the obstacle colour.
pub(crate) fn terrain_trim() -> StandardMaterial {
    terrain_colour(TerrainKind::Obstacle).into()
}

/// An objective marker: gold, glowing a little.
/// An objective marker: gold while no one controls it, else its controller's colour (GEN-7).
pub(crate) fn objective(controller: Option<Color>) -> StandardMaterial {
    let base = controller.unwrap_or(Color::srgb(0.95, 0.8, 0.2));
    let glow = base.to_linear() * 0.45;
    StandardMaterial {
        base_color: base,
        emissive: LinearRgba::rgb(glow.red, glow.green, glow.blue),
        ..default()
    }
}

/// The ring showing an objective's control radius, in the same colour as its marker.
pub(crate) fn objective_ring(controller: Option<Color>) -> StandardMaterial {
    let base = controller.unwrap_or(Color::srgb(0.95, 0.8, 0.2));
    StandardMaterial {
        base_color: base.with_alpha(if controller.is_some() { 0.8 } else { 0.5 }),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    }
}

pub(crate) fn treasure() -> StandardMaterial {
    Color::srgb(0.85, 0.65, 0.15).into()
}

/// Flat side colour, unaffected by light: deployment points and lines, fighters' base rims.
pub(crate) fn side_marker(colour: Color) -> StandardMaterial {
    StandardMaterial {
        base_color: colour,
        unlit: true,
        ..default()
    }
}

/// A fighter's black base.
pub(crate) fn fighter_base() -> StandardMaterial {
    StandardMaterial {
        base_color: Color::srgb(0.08, 0.08, 0.08),
        ..default()
    }
}

/// A fighter's body, a shade lighter than its side colour.
pub(crate) fn fighter_body(side: Color) -> StandardMaterial {
    StandardMaterial {
        base_color: side.lighter(0.05),
        perceptual_roughness: 0.6,
        ..default()
    }
}

/// The gem over a leader's head.
pub(crate) fn leader_gem() -> StandardMaterial {
    StandardMaterial {
        base_color: Color::srgb(1.0, 0.85, 0.2),
        emissive: LinearRgba::rgb(0.6, 0.45, 0.0),
        ..default()
    }
}

/// A wounds bar's fill for the share of wounds left: green, then amber, then red.
pub(crate) fn wounds_colour(left: f32) -> egui::Color32 {
    if left > 0.6 {
        egui::Color32::from_rgb(80, 180, 80)
    } else if left > 0.3 {
        egui::Color32::from_rgb(220, 170, 50)
    } else {
        egui::Color32::from_rgb(210, 60, 50)
    }
}

/// Helms and blades.
pub(crate) fn steel() -> StandardMaterial {
    StandardMaterial {
        base_color: Color::srgb(0.62, 0.64, 0.68),
        metallic: 0.6,
        perceptual_roughness: 0.35,
        ..default()
    }
}

/// A monster's horns.
pub(crate) fn horn() -> StandardMaterial {
    Color::srgb(0.85, 0.8, 0.65).into()
}

/// A bow stave or a staff.
pub(crate) fn wood() -> StandardMaterial {
    Color::srgb(0.45, 0.3, 0.15).into()
}

/// A fighter's body once it has activated: greyer and darker, still its side's hue.
pub(crate) fn dimmed(body: Color) -> Color {
    body.mix(&Color::srgb(0.25, 0.25, 0.25), 0.6)
}
