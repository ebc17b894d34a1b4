//! The one integration-test binary (every extra binary relinks Bevy).

mod battlefield_cli;
mod battles;
mod check;
mod deployment_cards;
mod engine;
#[cfg(feature = "gui")]
mod render;
mod setup;
