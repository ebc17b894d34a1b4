//! What is under the cursor: the ray from the camera through it, and the point of the board
//! (mat and terrain, not fighters) it is over.

use bevy::picking::mesh_picking::ray_cast::{MeshRayCast, MeshRayCastSettings};
use bevy::prelude::*;

/// A surface of the board the cursor can point at (the mat, terrain).
#[derive(Component)]
pub(crate) struct BoardSurface;

/// What finds the point of the board (mat and terrain, not fighters) under the cursor: for
/// a move, the tape measure, a fighter set up by hand.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct BoardPointer<'w, 's> {
    ray_cast: MeshRayCast<'w, 's>,
    windows: Query<'w, 's, &'static Window>,
    cams: Query<'w, 's, (&'static Camera, &'static GlobalTransform)>,
    surfaces: Query<'w, 's, (), With<BoardSurface>>,
}

impl BoardPointer<'_, '_> {
    /// The ray from the camera through the cursor.
    pub(crate) fn ray(&self) -> Option<Ray3d> {
        cursor_ray(&self.windows, &self.cams)
    }

    /// The board's point under the cursor, if the cursor is over the board.
    pub(crate) fn point(&mut self) -> Option<Vec3> {
        let ray = self.ray()?;
        let surfaces = &self.surfaces;
        let only_board = |e: Entity| surfaces.contains(e);
        let settings = MeshRayCastSettings::default().with_filter(&only_board);
        self.ray_cast
            .cast_ray(ray, &settings)
            .first()
            .map(|(_, hit)| hit.point)
    }
}

/// The ray from the camera through the cursor, when the cursor is over the window.
pub(crate) fn cursor_ray(
    windows: &Query<&Window>,
    cams: &Query<(&Camera, &GlobalTransform)>,
) -> Option<Ray3d> {
    let (Ok(window), Ok((cam, cam_t))) = (windows.single(), cams.single()) else {
        return None;
    };
    let c = window.cursor_position()?;
    cam.viewport_to_world(cam_t, c).ok()
}
