//! For viewers of a watched battle (the solo AI on both sides, or a replay): the active
//! fighter's card at the bottom of the screen, large enough to read from a sofa at 1080p: its
//! name in its side's colour, its wounds as a bar, Move and Toughness, the actions it has
//! left and its weapons. A player has the decision panel there instead.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::model::components::BattleInfo;
use crate::rules::engine::{Engine, FighterView};
use crate::screens::Screen;
use crate::screens::replay::ReplayView;
use crate::view::palette;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Acting>()
        .add_systems(
            Update,
            read_acting
                .run_if(in_state(Screen::Battle))
                .run_if(resource_exists::<Engine>),
        )
        .add_systems(
            EguiPrimaryContextPass,
            acting_card
                .run_if(in_state(Screen::Battle))
                .in_set(super::GamePanels),
        );
}

/// The fighter acting now in a watched battle, and its actions left.
#[derive(Resource, Debug, Default)]
struct Acting(Option<(FighterView, u8)>);

fn read_acting(world: &mut World) {
    let watched = crate::view::director::watched_battle(
        world.get_resource::<BattleInfo>(),
        world.contains_resource::<ReplayView>(),
    );
    let active = world
        .resource::<Engine>()
        .activation
        .as_ref()
        .map(|a| (a.fighter, a.actions_left));
    let now = match active {
        Some((id, left)) if watched => crate::rules::engine::fighter(world, id).map(|f| (f, left)),
        _ => None,
    };
    world.resource_mut::<Acting>().0 = now;
}

fn acting_card(
    mut contexts: EguiContexts,
    acting: Res<Acting>,
    info: Res<BattleInfo>,
    replay: Option<Res<ReplayView>>,
) -> Result {
    let Some((f, left)) = &acting.0 else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    // Above a replay's timeline.
    let lift = if replay.is_some() { -96.0 } else { -10.0 };
    egui::Window::new("Acting now")
        .id(egui::Id::new("acting now"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, lift])
        .title_bar(false)
        .resizable(false)
        .show(ctx, |ui| card(ui, f, *left, &info));
    Ok(())
}

/// CMB-2: the card itself.
fn card(ui: &mut egui::Ui, f: &FighterView, left: u8, info: &BattleInfo) {
    let side = &info.sides[f.side];
    let colour = palette::side_text_colour(side.colour);
    let p = &f.profile;
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(&*f.name)
                .size(22.0)
                .strong()
                .color(colour),
        );
        ui.label(egui::RichText::new(format!("acting now · {}", side.name)).weak());
    });
    let share = f.wounds_left() as f32 / p.wounds.max(1) as f32;
    ui.add(
        egui::ProgressBar::new(share)
            .desired_width(360.0)
            .fill(palette::wounds_colour(share))
            .text(
                egui::RichText::new(format!("{} of {} wounds left", f.wounds_left(), p.wounds))
                    .strong()
                    .color(egui::Color32::BLACK),
            ),
    );
    let actions = match left {
        1 => "1 action left".to_string(),
        n => format!("{n} actions left"),
    };
    ui.label(format!(
        "Move {}\" · Toughness {} · {actions}",
        p.movement, p.toughness
    ));
    super::fighter_card::weapons(ui, &p.weapons);
}
