//! Geometry of the battlefield: footprints and standing places.

pub mod footprint;
pub mod standing;
