//! The one integration-test binary (every extra binary relinks Bevy).

mod battlefield_cli;
mod check;
mod deployment_cards;
#[cfg(feature = "gui")]
mod render;
mod setup;
