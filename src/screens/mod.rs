//! The app's screens as Bevy States: `Setup` (choose a battle and who plays it), `Roster`
//! (build a warband), `Battle` (the board and the game), `End` (the summary over the finished
//! board). What each screen draws lives in `view` (the 3D board) and `ui` (the egui panels);
//! this module holds the state and the battle the `Battle` screen opens, and each screen's
//! plugin in its own file: `setup.rs` (with the title screen), `battle.rs`, `end.rs`, and
//! `replay.rs` and `preview.rs` for the battle screen's two other uses. The roster screen's
//! form is all `ui::roster_screen`'s.

mod battle;
mod end;
pub mod preview;
pub mod replay;
mod setup;

pub use battle::{AUTOSAVE, BattleStart, LoadedAt, Resume, save};
pub use end::LastReplay;
pub(crate) use setup::despawn_board;

use bevy::prelude::*;

use crate::scenario::load::BattleSpec;

/// Where the app is.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The title screen: new battle, continue, load, build a warband, settings, quit.
    #[default]
    Title,
    /// Choose a battle file, who plays each side, the cards and the seed.
    Setup,
    /// Build a warband from fighter data, and save it.
    Roster,
    /// The battle, from setup to its end.
    Battle,
    /// The winner and the summary, over the finished board.
    End,
}

/// The battle the `Battle` screen opens: chosen on the setup screen or given on the command
/// line. `file`: its battle file as a save names it (`None`: the built-in default).
#[derive(Resource, Clone)]
pub struct NextBattle {
    pub spec: BattleSpec,
    pub file: Option<String>,
}

/// Something the player should read (a save that no longer replays), until dismissed.
#[derive(Resource, Debug, Clone, Default)]
pub struct Notice(pub Option<String>);

/// Each screen's plugin: what happens as it opens and while it is shown (the roster screen's
/// form is all `ui::roster_screen`'s).
pub fn plugin(app: &mut App) {
    app.add_plugins((
        setup::plugin,
        battle::plugin,
        end::plugin,
        replay::plugin,
        preview::plugin,
    ))
    .init_resource::<Notice>();
}
