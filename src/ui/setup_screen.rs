//! The setup screen: which battle, who plays each side (you, a second player at the same
//! screen, or the solo AI), the cards and the difficulty (`setup_cards`), the seed; start it,
//! or load a saved battle.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::setup_cards::{self, CardForm};
use crate::model::formats::{Battle, Choices, Controller, Mode};
use crate::scenario::decks::Decks;
use crate::scenario::load::{
    BattleSpec, DEFAULT_BATTLE, Disk, EmbeddedThenDisk, SceneSource, load_battle_with,
};
use crate::screens::{NextBattle, Screen};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SetupForm>().add_systems(
        EguiPrimaryContextPass,
        setup_screen.run_if(in_state(Screen::Setup)),
    );
}

/// Where the battle files are looked for, beside the working folder.
const BATTLES: &str = "scenes/battles";

/// What the player has chosen so far.
#[derive(Resource, Debug, Clone)]
pub(crate) struct SetupForm {
    /// `None`: the built-in default battle.
    battle: Option<PathBuf>,
    /// The battle files beside the game, each with the battle's name.
    found: Vec<(PathBuf, String)>,
    /// The chosen battle, loaded (its sides' names and controllers) with the cards picked (a
    /// random pick: the file's card until the draw), or why it can't be.
    spec: Result<BattleSpec, String>,
    /// The cards it can be played with, what the player picked, the difficulty.
    pub(super) cards: CardForm,
    controllers: [Controller; 2],
    /// The warbands' names, as last loaded.
    names: [String; 2],
    seed: u64,
    problem: Option<String>,
}

impl Default for SetupForm {
    fn default() -> Self {
        let mut form = SetupForm {
            battle: None,
            found: battle_files(Path::new(BATTLES)),
            spec: Err(String::new()),
            cards: CardForm::default(),
            controllers: [Controller::Human, Controller::Ai],
            names: ["Side 1".into(), "Side 2".into()],
            seed: 1,
            problem: None,
        };
        form.load();
        form
    }
}

impl SetupForm {
    /// The form for `spec` (given on the command line).
    pub(crate) fn with(spec: BattleSpec, file: Option<PathBuf>) -> Self {
        let mut form = SetupForm {
            battle: file,
            ..SetupForm::default()
        };
        form.take(Ok(spec));
        form
    }

    /// The battle file and where it and its files are read from (the embedded default's
    /// other cards from `scenes/` on the disk).
    fn source(&self) -> (&'static dyn SceneSource, String) {
        match &self.battle {
            None => (&EmbeddedThenDisk, DEFAULT_BATTLE.to_string()),
            Some(p) => (&Disk, p.to_string_lossy().into_owned()),
        }
    }

    /// Another battle file: its cards, seed and players as the file says.
    fn load(&mut self) {
        self.cards = CardForm::default();
        let spec = self.load_with(&Choices::default());
        self.take(spec);
    }

    /// The battle file with `choices`.
    fn load_with(&self, choices: &Choices) -> Result<BattleSpec, String> {
        let (src, file) = self.source();
        load_battle_with(src, &file, choices).map_err(|p| p.to_string())
    }

    /// The battle with the cards picked so far (a random pick shown as the file's card).
    pub(super) fn reload(&mut self) {
        // The cards as they are on the disk now (one may have been edited since).
        self.refresh_decks();
        let choices = self.cards.shown();
        self.spec = self.load_with(&choices);
        if let Ok(s) = &self.spec {
            for (name, side) in self.names.iter_mut().zip(&s.sides) {
                name.clone_from(&side.warband.name);
            }
            self.cards.opponent = opponent(s);
        }
    }

    /// The battlefield's width and depth in inches (the ruleset's).
    pub(super) fn battlefield(&self) -> (f32, f32) {
        self.cards.battlefield
    }

    /// How many sides a person plays.
    pub(super) fn humans(&self) -> usize {
        self.controllers
            .iter()
            .filter(|c| **c == Controller::Human)
            .count()
    }

    fn take(&mut self, spec: Result<BattleSpec, String>) {
        if let Ok(s) = &spec {
            self.seed = s.seed;
            for (i, side) in s.sides.iter().enumerate().take(2) {
                self.controllers[i] = side.controller;
                self.names[i].clone_from(&side.warband.name);
            }
            self.cards.difficulty = s.difficulty;
            self.cards.solo_points = s.ruleset.solo_points;
            self.cards.battlefield = s.ruleset.battlefield;
            self.cards.opponent = opponent(s);
        }
        self.spec = spec;
        self.refresh_decks();
    }

    /// The cards and warbands beside the battle file, read again (a roster just saved from
    /// the roster screen among them).
    pub(crate) fn refresh_decks(&mut self) {
        let Ok(s) = &self.spec else {
            return;
        };
        let (src, file) = self.source();
        let battle = crate::scenario::load::read_scene::<Battle>(src, &file).ok();
        self.cards.decks = battle.map(|b| Decks::beside(src, &file, &b, &s.ruleset));
    }

    /// The battle to open: the file with the chosen players and seed. One player against
    /// the solo AI plays the solo rules; two players (or two AIs) the core rules.
    fn battle(&self) -> Result<BattleSpec, String> {
        self.spec.as_ref().map_err(Clone::clone)?;
        let choices = self.cards.drawn(self.seed, |c| self.load_with(c).is_ok());
        let mut spec = self.load_with(&choices)?;
        spec.seed = self.seed;
        for (side, c) in spec.sides.iter_mut().zip(self.controllers) {
            side.controller = c;
        }
        spec.mode = match self.humans() {
            1 => Mode::Solo,
            2 => Mode::Standard,
            _ => spec.mode,
        };
        Ok(spec)
    }
}

/// The solo opponent's warband and its points (SOLO-S1; `None`: drawn at random for each
/// battle).
fn opponent(s: &BattleSpec) -> Option<(String, Option<u32>)> {
    s.sides
        .iter()
        .find(|d| d.controller == Controller::Ai)
        .map(|d| {
            let points = d.fighters.iter().map(|f| f.profile.points).sum();
            (d.warband.name.clone(), d.draw.is_none().then_some(points))
        })
}

/// The `.ron` battle files in `dir`, by file name, each with the battle's own name (the file
/// name when the file can't be read: choosing it then says why).
fn battle_files(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let file = p.to_string_lossy();
            let name = crate::scenario::load::read_scene::<Battle>(&Disk, &file)
                .map(|b| b.name)
                .unwrap_or_else(|_| p.file_name().unwrap_or_default().to_string_lossy().into());
            (p, name)
        })
        .collect()
}

fn setup_screen(
    mut contexts: EguiContexts,
    mut form: ResMut<SetupForm>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (go, _) = setup_window(ctx, &mut form);
    match go {
        Some(Go::Battle(battle, resume)) => {
            commands.insert_resource(*battle);
            if let Some(r) = resume {
                commands.insert_resource(r);
            }
            next.set(Screen::Battle);
        }
        Some(Go::Roster) => next.set(Screen::Roster),
        Some(Go::Title) => next.set(Screen::Title),
        None => {}
    }
    Ok(())
}

/// The setup dialog's width in points.
const SETUP_WIDTH: f32 = 600.0;

/// Where the setup screen sends the player.
enum Go {
    /// To the battle (a saved one: with the commands to replay).
    Battle(Box<NextBattle>, Option<crate::screens::Resume>),
    /// To the roster screen.
    Roster,
    /// Back to the title screen.
    Title,
}

/// The setup dialog, hung from the top of the window so that a row appearing or going (the
/// difficulty, a problem) moves nothing above it. Gives where the player goes, and the rect of
/// the battle picker (its first row).
fn setup_window(ctx: &egui::Context, form: &mut SetupForm) -> (Option<Go>, egui::Rect) {
    let mut go = None;
    let mut top = egui::Rect::NOTHING;
    egui::Window::new("New battle")
        .anchor(egui::Align2::CENTER_TOP, [0.0, 24.0])
        .collapsible(false)
        .resizable(false)
        .default_width(SETUP_WIDTH)
        .show(ctx, |ui| {
            // A fixed width: a longer line wraps rather than widen the dialog and move it.
            ui.set_width(SETUP_WIDTH);
            top = battle_choice(ui, form);
            ui.separator();
            players(ui, form);
            setup_cards::cards(ui, form);
            seed(ui, form);
            ui.separator();
            if ui
                .add_enabled(form.spec.is_ok(), egui::Button::new("Start the battle"))
                .clicked()
            {
                match form.battle() {
                    Ok(spec) => {
                        let file = form
                            .battle
                            .as_ref()
                            .map(|p| p.to_string_lossy().into_owned());
                        go = Some(Go::Battle(Box::new(NextBattle { spec, file }), None));
                    }
                    Err(e) => form.problem = Some(e),
                }
            }
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Back to the title screen").clicked() {
                    go = Some(Go::Title);
                }
                if ui.button("Build a warband...").clicked() {
                    go = Some(Go::Roster);
                }
            });
            if let Some(p) = &form.problem {
                ui.colored_label(egui::Color32::from_rgb(230, 90, 80), p);
            }
        });
    (go, top)
}

/// The battle file: the built-in default or one of `scenes/battles`.
fn battle_choice(ui: &mut egui::Ui, form: &mut SetupForm) -> egui::Rect {
    let found = form.found.clone();
    let name = |p: &Option<PathBuf>| match p {
        None => "The default battle (built in)".to_string(),
        Some(p) => found
            .iter()
            .find(|f| f.0 == *p)
            .map_or_else(|| p.display().to_string(), |f| f.1.clone()),
    };
    let mut chosen = form.battle.clone();
    let picker = egui::ComboBox::from_label("Battle")
        .selected_text(name(&chosen))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut chosen, None, name(&None));
            for (f, label) in &found {
                ui.selectable_value(&mut chosen, Some(f.clone()), label)
                    .on_hover_text(f.display().to_string());
            }
        });
    if chosen != form.battle {
        form.battle = chosen;
        form.load();
    }
    if let Err(e) = &form.spec {
        ui.colored_label(egui::Color32::from_rgb(230, 90, 80), e);
    }
    picker.response.rect
}

/// Who plays each warband, and which warband each side plays.
fn players(ui: &mut egui::Ui, form: &mut SetupForm) {
    let names = form.names.clone();
    let before = form.cards.warbands.clone();
    for (i, name) in names.iter().enumerate().take(2) {
        ui.horizontal(|ui| {
            warband_pick(ui, form, i, name);
            ui.radio_value(&mut form.controllers[i], Controller::Human, "a player");
            ui.radio_value(&mut form.controllers[i], Controller::Ai, "the solo AI");
        });
    }
    if before != form.cards.warbands {
        form.reload();
    }
    ui.small(match form.humans() {
        1 => "You against the solo AI (the solo rules).",
        2 => "Two players at this screen, taking turns (the core rules).",
        _ => "The solo AI on both sides: watch it play.",
    });
    if form.humans() > 0 {
        let mut by_hand = !form.cards.auto_setup;
        ui.checkbox(&mut by_hand, "Set up my fighters myself")
            .on_hover_text(
                "SET-6: each group is first set up round its deployment point; you then move \
                 any fighter to another spot of its zone, and say when you are done",
            );
        form.cards.auto_setup = !by_hand;
    }
}

/// Side `i`'s warband: the battle's (`name`, as loaded) or one beside it (`../warbands`, a
/// roster saved from the roster screen among them).
fn warband_pick(ui: &mut egui::Ui, form: &mut SetupForm, i: usize, name: &str) {
    let files: Vec<(String, String)> = form
        .cards
        .decks
        .as_ref()
        .map(|d| d.warbands.cards.clone())
        .unwrap_or_default();
    let pick = &mut form.cards.warbands[i];
    egui::ComboBox::from_id_salt(("warband", i))
        .selected_text(name)
        .width(200.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(pick, None, "the battle's");
            for (file, warband) in files {
                ui.selectable_value(pick, Some(file.clone()), format!("{warband} ({file})"));
            }
        });
}

fn seed(ui: &mut egui::Ui, form: &mut SetupForm) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Seed (the same seed and choices give the same battle):");
        ui.add(egui::DragValue::new(&mut form.seed));
        if ui.button("Another").clicked() {
            form.seed = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| u64::from(d.subsec_nanos() % 1_000_000));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::decks::Pick;

    /// Copies the shipped `scenes/` folder into `to`.
    fn copy_scenes(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let e = e.unwrap();
            let target = to.join(e.file_name());
            if e.file_type().unwrap().is_dir() {
                copy_scenes(&e.path(), &target);
            } else {
                std::fs::copy(e.path(), target).unwrap();
            }
        }
    }

    /// The battle picker lists battles by their names, not their file names; a file that
    /// can't be read keeps its file name (choosing it says why).
    #[test]
    fn the_battle_picker_lists_battles_by_name() {
        let tmp = tempfile::tempdir().unwrap();
        copy_scenes(Path::new("scenes/battles"), tmp.path());
        std::fs::write(tmp.path().join("broken.ron"), "Battle(name: ").unwrap();
        let names: Vec<String> = battle_files(tmp.path()).into_iter().map(|f| f.1).collect();
        assert_eq!(
            names,
            [
                "Bastion Skirmish (AI v AI)",
                "broken.ron",
                "Siege of the Shattered Bastion"
            ]
        );
    }

    /// SET-4: a card edited on the disk and picked again shows its new layout (the form kept
    /// the cards it read when it opened).
    #[test]
    fn set4_a_card_edited_on_disk_and_picked_again_shows_its_new_layout() {
        let tmp = tempfile::tempdir().unwrap();
        let scenes = tmp.path().join("scenes");
        copy_scenes(Path::new("scenes"), &scenes);
        let battle = scenes.join("battles/default.ron");
        let mut form = SetupForm {
            battle: Some(battle),
            ..SetupForm::default()
        };
        form.load();
        let card = "../terrain/shattered_bastion.ron";
        let pieces = |f: &SetupForm| {
            let decks = f.cards.decks.as_ref().unwrap();
            decks
                .terrain
                .card(&Pick::Card(card.into()))
                .unwrap()
                .pieces
                .len()
        };
        let before = pieces(&form);
        // The designer deletes a piece: the bile pool's line.
        let path = scenes.join("terrain/shattered_bastion.ron");
        let text = std::fs::read_to_string(&path).unwrap();
        let kept: Vec<&str> = text.lines().filter(|l| !l.contains("bile-pool")).collect();
        assert_eq!(kept.len() + 1, text.lines().count());
        std::fs::write(&path, kept.join("\n")).unwrap();
        form.cards.picks.terrain = Pick::Random;
        form.reload();
        form.cards.picks.terrain = Pick::Card(card.into());
        form.reload();
        assert_eq!(
            pieces(&form),
            before - 1,
            "the picture shows the card as saved"
        );
    }

    /// The setup dialog's first row stays where it is when a row appears below it (the dialog was
    /// centred, so every row moved when the difficulty row came or went).
    #[test]
    fn a_row_appearing_moves_nothing_above_it() {
        let mut form = SetupForm::default();
        let at = |form: &mut SetupForm| {
            let mut top = egui::Rect::NOTHING;
            crate::ui::settled_frames(|ctx| top = setup_window(ctx, form).1);
            top
        };
        let solo = at(&mut form);
        // Two players: the difficulty row (SOLO-S1) goes.
        form.controllers = [Controller::Human, Controller::Human];
        let two = at(&mut form);
        form.problem = Some("a problem to read, long enough to take a row of its own".into());
        let problem = at(&mut form);
        assert!(solo.is_positive(), "{solo:?}");
        assert_eq!(solo.min, two.min);
        assert_eq!(solo.min, problem.min);
    }
}
