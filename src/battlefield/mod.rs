//! Geometry of the battlefield: footprints and standing places.

pub mod footprint;
pub mod measure;
pub mod moves;
pub mod nav;
pub mod shapes;
pub mod sight;
pub mod standing;
