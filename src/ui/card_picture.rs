//! A small top-down picture of a battlefield for the setup screen: the terrain card's pieces
//! by kind, the deployment card's points (red and blue, 3" circles, SET-6; reserves hollow,
//! with the round they arrive, RES-1) and lines, objectives and treasure. The battlefield is
//! seen as the top-down camera shows it: x to the right, z down.

use bevy_egui::egui;

use crate::model::formats::{DeploymentCard, DeploymentPoint, Point2, TerrainCard};
use crate::view::palette;

/// What to draw; any part may be missing (a card drawn at random is not known yet).
pub(crate) struct Map<'a> {
    /// Width and depth in inches.
    pub battlefield: (f32, f32),
    pub terrain: Option<&'a TerrainCard>,
    pub deployment: Option<&'a DeploymentCard>,
    pub objectives: &'a [Point2],
    pub treasure: &'a [Point2],
}

impl<'a> Map<'a> {
    /// An empty battlefield `battlefield` inches wide and deep.
    pub fn of(battlefield: (f32, f32)) -> Self {
        Map {
            battlefield,
            terrain: None,
            deployment: None,
            objectives: &[],
            treasure: &[],
        }
    }

    pub fn with_terrain(mut self, t: &'a TerrainCard) -> Self {
        self.terrain = Some(t);
        self
    }

    /// The card's points and lines, and the objectives it places.
    pub fn with_deployment(mut self, d: &'a DeploymentCard) -> Self {
        self.deployment = Some(d);
        self.objectives = &d.objectives;
        self
    }
}

/// Reserve points may lie up to 3" off the battlefield: drawn inside a margin this wide.
const MARGIN: f32 = 3.0;

/// Draws `map` `width` points wide.
pub(crate) fn picture(ui: &mut egui::Ui, map: &Map, width: f32) -> egui::Response {
    let (bw, bd) = map.battlefield;
    let scale = width / (bw + 2.0 * MARGIN);
    let size = egui::vec2(width, (bd + 2.0 * MARGIN) * scale);
    let (response, painter) = ui.allocate_painter(size, egui::Sense::hover());
    let origin = response.rect.min + egui::vec2(MARGIN * scale, MARGIN * scale);
    let at = |(x, z): Point2| origin + egui::vec2(x * scale, z * scale);
    painter.rect_filled(response.rect, 3.0, egui::Color32::from_gray(30));
    painter.rect_filled(
        egui::Rect::from_two_pos(at((0.0, 0.0)), at((bw, bd))),
        1.0,
        palette::egui_colour(palette::MAT),
    );
    if let Some(t) = map.terrain {
        terrain(&painter, t, &at);
    }
    for o in map.objectives {
        diamond(
            &painter,
            at(*o),
            0.9 * scale,
            egui::Color32::from_rgb(235, 215, 120),
        );
    }
    for t in map.treasure {
        painter.circle_filled(at(*t), 0.6 * scale, egui::Color32::from_rgb(240, 190, 60));
    }
    if let Some(d) = map.deployment {
        for (points, colour) in [(&d.red, palette::RED), (&d.blue, palette::BLUE)] {
            for p in points {
                point(&painter, p, palette::egui_colour(colour), scale, &at);
            }
        }
    }
    response
}

/// Terrain pieces as their footprints, lighter the taller, deadly terrain unmistakable.
fn terrain(painter: &egui::Painter, card: &TerrainCard, at: &impl Fn(Point2) -> egui::Pos2) {
    let mut pieces: Vec<_> = card.pieces.iter().collect();
    // Lower pieces first, so a platform on another is drawn over it.
    pieces.sort_by(|a, b| a.top().total_cmp(&b.top()));
    for p in pieces {
        let fill = palette::egui_colour(palette::terrain_colour(p.kind));
        let lift = (p.top() * 6.0).min(60.0) as u8;
        let fill = egui::Color32::from_rgb(
            fill.r().saturating_add(lift),
            fill.g().saturating_add(lift),
            fill.b().saturating_add(lift),
        );
        let corners: Vec<egui::Pos2> = p.corners().iter().map(|c| at(*c)).collect();
        painter.add(egui::Shape::convex_polygon(
            corners,
            fill,
            egui::Stroke::new(1.0, egui::Color32::from_gray(20)),
        ));
    }
}

/// A deployment point: a 3" circle (SET-6), filled for a group set up at the start and hollow
/// for a reserve, with the group's initial (and its round, RES-1); its line, if any.
fn point(
    painter: &egui::Painter,
    p: &DeploymentPoint,
    colour: egui::Color32,
    scale: f32,
    at: &impl Fn(Point2) -> egui::Pos2,
) {
    for l in &p.lines {
        painter.line_segment([at(l.from), at(l.to)], egui::Stroke::new(3.0, colour));
    }
    let centre = at(p.position);
    let r = 3.0 * scale;
    if p.round > 1 {
        painter.circle_stroke(centre, r, egui::Stroke::new(1.5, colour));
    } else {
        painter.circle_filled(centre, r, colour.gamma_multiply(0.55));
    }
    let initial = p.group.to_string().chars().next().unwrap_or('?');
    let text = if p.round > 1 {
        format!("{initial}{}", p.round)
    } else {
        initial.to_string()
    };
    painter.text(
        centre,
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional((r * 0.9).clamp(9.0, 14.0)),
        egui::Color32::WHITE,
    );
}

fn diamond(painter: &egui::Painter, c: egui::Pos2, r: f32, colour: egui::Color32) {
    let pts = vec![
        c + egui::vec2(0.0, -r),
        c + egui::vec2(r, 0.0),
        c + egui::vec2(0.0, r),
        c + egui::vec2(-r, 0.0),
    ];
    painter.add(egui::Shape::convex_polygon(
        pts,
        colour,
        egui::Stroke::new(1.0, egui::Color32::BLACK),
    ));
}
