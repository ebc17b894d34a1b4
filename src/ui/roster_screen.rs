//! The roster screen: build a warband from fighter data (the community JSON or a profile
//! file): pick a faction, add its fighters, give each a role and a battle group, with the
//! muster rules checked as you go (SET-1, SET-3); draw a legal one at random; save it as a
//! warband file.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::model::formats::{FighterProfile, GroupName, Role};
use crate::model::ruleset::Ruleset;
use crate::rules::roster::{RosterSpec, is_hero, random_roster, taken};
use crate::rules::warband::{ResolvedFighter, Violation, check_battle_groups, check_muster};
use crate::scenario::community::faction_file_name;
use crate::scenario::load::default_ruleset;
use crate::scenario::rosters::{factions, read_profiles, save_random_warband, save_warband};
use crate::screens::Screen;
use crate::ui::setup_screen::SetupForm;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<RosterForm>()
        .add_systems(
            EguiPrimaryContextPass,
            roster_screen.run_if(in_state(Screen::Roster)),
        )
        // The fighter data is read when the screen first opens, not at start.
        .add_systems(OnEnter(Screen::Roster), |mut form: ResMut<RosterForm>| {
            if form.read_from.is_none() && form.data_note.is_none() {
                form.load();
            }
        })
        // A roster saved here is offered on the setup screen at once.
        .add_systems(OnExit(Screen::Roster), |mut setup: ResMut<SetupForm>| {
            setup.refresh_decks()
        });
}

const RED: egui::Color32 = egui::Color32::from_rgb(230, 90, 80);
const GREEN: egui::Color32 = egui::Color32::from_rgb(110, 200, 120);

/// The roster being built.
#[derive(Resource)]
pub(crate) struct RosterForm {
    rules: Ruleset,
    /// The fighter data file, as typed.
    data: String,
    profiles: Vec<FighterProfile>,
    /// Why the data can't be read, or how many records were left out.
    data_note: Option<String>,
    /// The file the profiles were read from.
    read_from: Option<PathBuf>,
    faction: String,
    points: u32,
    fighters: Vec<ResolvedFighter>,
    seed: u64,
    save_path: String,
    message: Option<(bool, String)>,
}

impl Default for RosterForm {
    fn default() -> Self {
        let rules = default_ruleset();
        let data = [
            "fighters.json",
            "data/fighters.json",
            "scenes/fighters/ironclad.ron",
        ]
        .into_iter()
        .find(|p| Path::new(p).is_file())
        .unwrap_or("fighters.json")
        .to_string();
        RosterForm {
            points: rules.muster().max_points,
            rules,
            data,
            profiles: Vec::new(),
            data_note: None,
            read_from: None,
            faction: String::new(),
            fighters: Vec::new(),
            seed: 1,
            save_path: String::new(),
            message: None,
        }
    }
}

impl RosterForm {
    /// Reads the fighter data file; the first faction is picked.
    fn load(&mut self) {
        match read_profiles(Path::new(&self.data)) {
            Ok((profiles, left_out)) => {
                self.data_note = (!left_out.is_empty())
                    .then(|| format!("{} record(s) left out: {}", left_out.len(), left_out[0]));
                self.profiles = profiles;
                self.read_from = Some(PathBuf::from(&self.data));
                let first = factions(&self.profiles)
                    .into_iter()
                    .next()
                    .unwrap_or_default();
                self.pick_faction(first);
            }
            Err(e) => {
                self.data_note = Some(e);
                self.profiles.clear();
                self.read_from = None;
                self.pick_faction(String::new());
            }
        }
    }

    fn pick_faction(&mut self, faction: String) {
        self.save_path = format!("scenes/warbands/{}", faction_file_name(&faction));
        self.faction = faction;
        self.fighters.clear();
        self.message = None;
    }

    fn pool(&self) -> Vec<&FighterProfile> {
        self.profiles
            .iter()
            .filter(|p| p.faction == self.faction)
            .collect()
    }

    fn alliance(&self) -> Option<String> {
        self.pool().first().and_then(|p| p.grand_alliance.clone())
    }

    /// SET-1: the fighters that may join as allies: heroes of the other factions of the
    /// warband's grand alliance.
    fn allies(&self) -> Vec<&FighterProfile> {
        let Some(ga) = self.alliance() else {
            return Vec::new();
        };
        self.profiles
            .iter()
            .filter(|p| !p.faction.eq_ignore_ascii_case(&self.faction) && is_hero(p))
            .filter(|p| {
                p.grand_alliance
                    .as_deref()
                    .is_some_and(|g| g.eq_ignore_ascii_case(&ga))
            })
            .collect()
    }

    /// SET-1: `p` joins as an ally.
    fn add_ally(&mut self, p: &FighterProfile) {
        let group = Some(self.next_group());
        let f = taken(p, Role::Ally, &self.fighters);
        self.fighters.push(ResolvedFighter { group, ..f });
        self.message = None;
    }

    /// Every broken rule of the roster as it stands (SET-1, SET-3).
    fn broken(&self) -> Vec<Violation> {
        let mut v = check_muster(
            &self.fighters,
            &self.faction,
            self.alliance().as_deref(),
            self.rules.muster(),
            self.points,
        );
        v.extend(check_battle_groups(&self.fighters));
        v
    }

    /// Adds a fighter: the first hero leads; a hero after it is a hero.
    fn add(&mut self, p: &FighterProfile) {
        let role = match is_hero(p) {
            true if !self.fighters.iter().any(|f| f.role == Role::Leader) => Role::Leader,
            true => Role::Hero,
            false => Role::Fighter,
        };
        let group = Some(self.next_group());
        let f = taken(p, role, &self.fighters);
        self.fighters.push(ResolvedFighter { group, ..f });
        self.message = None;
    }

    /// The battle group a fighter joining now goes to (SET-3): Shield until it holds a third
    /// of the warband, rounded up, then the smaller of Dagger and Hammer.
    fn next_group(&self) -> GroupName {
        let count = |g| self.fighters.iter().filter(|f| f.group == Some(g)).count();
        let n = self.fighters.len() + 1;
        if count(GroupName::Shield) < n.div_ceil(3) {
            GroupName::Shield
        } else if count(GroupName::Dagger) <= count(GroupName::Hammer) {
            GroupName::Dagger
        } else {
            GroupName::Hammer
        }
    }

    fn random(&mut self) {
        let pool: Vec<FighterProfile> = self.pool().into_iter().cloned().collect();
        let alliance = self.alliance();
        let spec = RosterSpec {
            faction: &self.faction,
            grand_alliance: alliance.as_deref(),
            pool: &pool,
            limits: self.rules.muster(),
            points: self.points,
        };
        match random_roster(&spec, self.seed) {
            Ok(f) => {
                self.fighters = f;
                self.message = None;
            }
            Err(e) => self.message = Some((false, e)),
        }
    }

    fn save(&mut self) {
        let Some(from) = self.read_from.clone() else {
            return;
        };
        let limit = (self.points != self.rules.muster().max_points).then_some(self.points);
        let path = PathBuf::from(&self.save_path);
        self.message = Some(
            match save_warband(
                &path,
                &self.faction,
                self.alliance(),
                &from,
                &self.fighters,
                limit,
            ) {
                Ok(()) => (true, format!("Saved to {}", path.display())),
                Err(e) => (false, e),
            },
        );
    }

    /// SOLO-S1: saves a warband of the faction drawn at random for each battle (at the
    /// side's points limit: the difficulty's for the solo opponent), beside the save path's
    /// file as `<faction>_random.ron`.
    fn save_random(&mut self) {
        let Some(from) = self.read_from.clone() else {
            return;
        };
        let path = PathBuf::from(&self.save_path);
        let name = faction_file_name(&self.faction).replace(".ron", "_random.ron");
        let path = path.with_file_name(name);
        self.message = Some(
            match save_random_warband(&path, &self.faction, self.alliance(), &from) {
                Ok(()) => (
                    true,
                    format!(
                        "Saved to {}: a {} warband drawn at random for each battle",
                        path.display(),
                        self.faction
                    ),
                ),
                Err(e) => (false, e),
            },
        );
    }
}

fn roster_screen(
    mut contexts: EguiContexts,
    mut form: ResMut<RosterForm>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Build a warband")
        .anchor(egui::Align2::CENTER_TOP, [0.0, 40.0])
        .collapsible(false)
        .resizable(false)
        .default_width(1040.0)
        .show(ctx, |ui| {
            data_row(ui, &mut form);
            ui.separator();
            ui.columns(2, |cols| {
                available(&mut cols[0], &mut form);
                taken_list(&mut cols[1], &mut form);
            });
            ui.separator();
            verdict(ui, &form);
            ui.separator();
            actions(ui, &mut form, &mut next);
        });
    Ok(())
}

/// The fighter data file, the faction and the points limit.
fn data_row(ui: &mut egui::Ui, form: &mut RosterForm) {
    ui.horizontal(|ui| {
        ui.label("Fighter data (community JSON or a profile file):");
        ui.add(egui::TextEdit::singleline(&mut form.data).desired_width(320.0));
        if ui.button("Read").clicked() {
            form.load();
        }
    });
    if let Some(note) = &form.data_note {
        ui.colored_label(RED, note);
    }
    ui.horizontal(|ui| {
        let mut chosen = form.faction.clone();
        egui::ComboBox::from_label("Faction")
            .selected_text(&chosen)
            .show_ui(ui, |ui| {
                for f in factions(&form.profiles) {
                    let label = f.clone();
                    ui.selectable_value(&mut chosen, f, label);
                }
            });
        if chosen != form.faction {
            form.pick_faction(chosen);
        }
        ui.label("Points limit:");
        ui.add(egui::DragValue::new(&mut form.points).range(100..=2000));
    });
}

/// The faction's fighters, each with a button to take it.
fn available(ui: &mut egui::Ui, form: &mut RosterForm) {
    ui.strong(format!("Fighters of {}", form.faction));
    let pool: Vec<FighterProfile> = form.pool().into_iter().cloned().collect();
    let allies: Vec<FighterProfile> = form.allies().into_iter().cloned().collect();
    egui::ScrollArea::vertical()
        .id_salt("pool")
        .max_height(330.0)
        .min_scrolled_height(330.0)
        .show(ui, |ui| {
            egui::Grid::new("pool_grid").striped(true).show(ui, |ui| {
                ui.label("");
                ui.label("Fighter");
                ui.label("Points");
                ui.label("M / T / W");
                ui.label("Runemarks");
                ui.end_row();
                for p in &pool {
                    if ui.button("Add").clicked() {
                        form.add(p);
                    }
                    profile_row(ui, p, &p.name);
                }
                if !allies.is_empty() {
                    ui.label("");
                    ui.strong(format!(
                        "Allies: heroes of other {} factions [SET-1]",
                        form.alliance().unwrap_or_default()
                    ));
                    ui.end_row();
                }
                for p in &allies {
                    if ui.button("Ally").clicked() {
                        form.add_ally(p);
                    }
                    profile_row(ui, p, &format!("{} ({})", p.name, p.faction));
                }
            });
        });
}

/// A fighter's row of the list to pick from (after its button): name, points, Move /
/// Toughness / Wounds, runemarks.
fn profile_row(ui: &mut egui::Ui, p: &FighterProfile, name: &str) {
    ui.label(name);
    ui.label(p.points.to_string());
    ui.label(format!("{} / {} / {}", p.movement, p.toughness, p.wounds));
    ui.label(p.runemarks.join(", "));
    ui.end_row();
}

/// The fighters taken, each with its role, battle group and a button to drop it.
fn taken_list(ui: &mut egui::Ui, form: &mut RosterForm) {
    let points: u32 = form.fighters.iter().map(|f| f.profile.points).sum();
    ui.strong(format!(
        "Your warband: {} fighters, {points} of {} points",
        form.fighters.len(),
        form.points
    ));
    let mut drop = None;
    egui::ScrollArea::vertical()
        .id_salt("taken")
        .max_height(330.0)
        .show(ui, |ui| {
            egui::Grid::new("taken_grid").striped(true).show(ui, |ui| {
                for (i, f) in form.fighters.iter_mut().enumerate() {
                    ui.label(format!("{} ({})", f.name, f.profile.points));
                    egui::ComboBox::from_id_salt(("role", i))
                        .selected_text(role_name(f.role))
                        .show_ui(ui, |ui| {
                            for r in [Role::Leader, Role::Hero, Role::Ally, Role::Fighter] {
                                ui.selectable_value(&mut f.role, r, role_name(r));
                            }
                        });
                    egui::ComboBox::from_id_salt(("group", i))
                        .selected_text(f.group.map_or("no group".into(), |g| g.to_string()))
                        .show_ui(ui, |ui| {
                            for g in GroupName::ALL {
                                ui.selectable_value(&mut f.group, Some(g), g.to_string());
                            }
                        });
                    if ui.button("Drop").clicked() {
                        drop = Some(i);
                    }
                    ui.end_row();
                }
            });
        });
    if let Some(i) = drop {
        form.fighters.remove(i);
        form.message = None;
    }
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Leader => "Leader",
        Role::Hero => "Hero",
        Role::Ally => "Ally",
        Role::Fighter => "Fighter",
    }
}

/// Whether the roster is legal, and every rule it breaks.
fn verdict(ui: &mut egui::Ui, form: &RosterForm) {
    let broken = form.broken();
    if broken.is_empty() {
        ui.colored_label(GREEN, "A legal warband (SET-1, SET-3).");
    }
    for v in broken {
        ui.colored_label(RED, v.to_string());
    }
}

/// Draw at random, save, or go back to the setup screen.
fn actions(ui: &mut egui::Ui, form: &mut RosterForm, next: &mut NextState<Screen>) {
    ui.horizontal(|ui| {
        if ui.button("Draw a legal warband at random").clicked() {
            form.random();
        }
        ui.label("seed");
        ui.add(egui::DragValue::new(&mut form.seed));
        ui.separator();
        ui.label("Save as:");
        ui.add(egui::TextEdit::singleline(&mut form.save_path).desired_width(260.0));
        let can_save = form.read_from.is_some() && !form.fighters.is_empty();
        if ui
            .add_enabled(can_save, egui::Button::new("Save"))
            .clicked()
        {
            form.save();
        }
        if ui
            .add_enabled(
                form.read_from.is_some(),
                egui::Button::new("Save as a random opponent"),
            )
            .on_hover_text(
                "A warband of this faction drawn at random for each battle, at the side's \
                 points (the difficulty's for the solo opponent) [SOLO-S1]",
            )
            .clicked()
        {
            form.save_random();
        }
        ui.separator();
        if ui.button("Back").clicked() {
            next.set(Screen::Setup);
        }
    });
    if let Some((ok, m)) = &form.message {
        ui.colored_label(if *ok { GREEN } else { RED }, m);
    }
}
