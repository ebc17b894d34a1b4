//! The one integration-test binary (every extra binary relinks Bevy).

mod check;
mod deployment_cards;
#[cfg(feature = "gui")]
mod render;
mod setup;
