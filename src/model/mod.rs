//! Plain data at the bottom of the module graph: types that depend on nothing else in the crate
//! (no bevy systems, no rules logic) and that every other module may use.

pub mod abilities;
pub mod components;
pub mod dice;
pub mod effects;
pub mod formats;
pub mod ids;
pub mod rule_id;
pub mod ruleset;
pub mod runemark;
pub mod tags;
pub mod validate;

pub use rule_id::RuleId;
