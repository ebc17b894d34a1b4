//! Battle files: the battle and every file it names (ruleset, cards and warbands), loaded
//! into the [`BattleSpec`] the ECS world is spawned from.

use super::source::relative_to;
use super::warband::load_warband;
use super::{
    Loaded, Problems, SceneSource, default_ruleset, load_deployment, load_ruleset, load_terrain,
    load_twist, load_victory, read_typed,
};
use crate::model::formats::{
    Battle, Choices, Controller, DeploymentCard, Difficulty, Mode, Point2, TerrainCard, TwistCard,
    VictoryCard, VictoryCondition, Warband,
};
use crate::model::ruleset::Ruleset;
use crate::rules::warband::ResolvedFighter;

/// A battle with every file it names loaded: what the ECS world is spawned from.
#[derive(Debug, Clone)]
pub struct BattleSpec {
    pub name: String,
    pub file: String,
    pub ruleset: Ruleset,
    pub terrain: TerrainCard,
    pub deployment: DeploymentCard,
    pub victory: VictoryCard,
    pub twist: TwistCard,
    pub seed: u64,
    pub mode: Mode,
    pub difficulty: Difficulty,
    pub sides: Vec<SideSpec>,
    /// What the setup screen changed from the battle file (empty when loaded as it is).
    pub choices: Choices,
}

#[derive(Debug, Clone)]
pub struct SideSpec {
    pub warband: Warband,
    pub controller: Controller,
    /// Its fighters (a drawn warband's: the draw of seed 0; see [`BattleSpec::drawn`]).
    pub fighters: Vec<ResolvedFighter>,
    /// A warband drawn at random for each battle (SET-1, SOLO-S1).
    pub draw: Option<super::warband::Draw>,
}

impl BattleSpec {
    /// The battle as played with `seed`: a side whose warband is drawn at random for each
    /// battle gets the warband drawn from the seed (and the side), so every seed of a batch
    /// meets another, and a replay the same (the draw of seed 0 should this one fail).
    pub fn drawn(&self, seed: u64) -> std::borrow::Cow<'_, BattleSpec> {
        if self.sides.iter().all(|s| s.draw.is_none()) {
            return std::borrow::Cow::Borrowed(self);
        }
        let mut spec = self.clone();
        for (i, s) in spec.sides.iter_mut().enumerate() {
            let side_seed = seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1));
            // The side's points as the battle is played (SOLO-S1: the difficulty's for the
            // solo opponent), whatever the file said when it was loaded.
            let points = points_limit(self.mode, s.controller, self.difficulty, &self.ruleset);
            if let Some(f) = s.draw.as_ref().and_then(|d| {
                d.with_seed(&s.warband, &self.ruleset, side_seed, points)
                    .ok()
            }) {
                s.fighters = f;
            }
        }
        std::borrow::Cow::Owned(spec)
    }
}

impl BattleSpec {
    /// The objectives to place (SET-7, seed 004): the victory card's own, else the deployment
    /// card's markers when the victory card scores objectives; none for a card that doesn't
    /// use them (a treasure race, attrition).
    pub fn objectives(&self) -> Vec<Point2> {
        match (&self.victory.objectives, &self.victory.condition) {
            (Some(own), _) => own.clone(),
            (None, VictoryCondition::ObjectiveControl { .. }) => self.deployment.objectives.clone(),
            (None, _) => Vec::new(),
        }
    }
}

/// Loads a battle file and everything it names. `Err` lists every problem found.
pub fn load_battle(src: &dyn SceneSource, file: &str) -> Result<BattleSpec, Problems> {
    load_battle_with(src, file, &Choices::default())
}

/// Loads a battle file with the player's `choices` (other cards, another difficulty) in place
/// of what the file says: every file is checked as if the battle file named it.
pub fn load_battle_with(
    src: &dyn SceneSource,
    file: &str,
    choices: &Choices,
) -> Result<BattleSpec, Problems> {
    let mut problems = Problems::default();
    let spec = load_battle_into(src, file, choices, &mut problems);
    let problems = problems.finish();
    match spec {
        Some(s) if problems.is_empty() => Ok(s),
        _ => Err(problems),
    }
}

pub(super) fn load_battle_into(
    src: &dyn SceneSource,
    file: &str,
    choices: &Choices,
    problems: &mut Problems,
) -> Option<BattleSpec> {
    let mut l = read_typed::<Battle>(src, file, problems)?;
    choices.apply(&mut l.value);
    let b = &l.value;
    let ruleset = readable(src, &l, "ruleset", &b.ruleset, problems)
        .and_then(|p| load_ruleset(src, &p, problems));
    let rules = ruleset.clone().unwrap_or_else(default_ruleset);
    let terrain = readable(src, &l, "terrain", &b.terrain, problems)
        .and_then(|p| load_terrain(src, &p, &rules, problems));
    let deployment = readable(src, &l, "deployment", &b.deployment, problems)
        .and_then(|p| load_deployment(src, &p, &rules, problems));
    let victory = readable(src, &l, "victory", &b.victory, problems)
        .and_then(|p| load_victory(src, &p, &rules, problems));
    let twist = readable(src, &l, "twist", &b.twist, problems)
        .and_then(|p| load_twist(src, &p, &rules, problems));

    check_side_count(&l, problems);
    let sides = load_sides(src, &l, &rules, problems);
    check_objectives_placed(&l, victory.as_ref(), deployment.as_ref(), problems);
    Some(BattleSpec {
        name: b.name.clone(),
        file: file.to_string(),
        ruleset: ruleset?,
        terrain: terrain?,
        deployment: deployment?,
        victory: victory?,
        twist: twist?,
        seed: b.seed,
        mode: b.mode,
        difficulty: b.difficulty,
        sides,
        choices: choices.clone(),
    })
}

/// The path of the file `rel` that the battle names in `field`, when it can be read. A
/// referenced file that can't be read is reported at the reference.
fn readable(
    src: &dyn SceneSource,
    l: &Loaded<Battle>,
    field: &str,
    rel: &str,
    problems: &mut Problems,
) -> Option<String> {
    let path = relative_to(&l.file, rel);
    match src.read(&path) {
        Ok(_) => Some(path),
        Err(e) => {
            l.add_at(
                field,
                format!("`{rel}` cannot be read (looked for {path}): {e}"),
                problems,
            );
            None
        }
    }
}

/// Two warbands; in solo mode one Human and one Ai side (SOLO-S3).
fn check_side_count(l: &Loaded<Battle>, problems: &mut Problems) {
    let b = &l.value;
    if b.sides.len() != 2 {
        l.add_at(
            "sides",
            format!(
                "a battle has two warbands; this one names {}",
                b.sides.len()
            ),
            problems,
        );
    }
    if b.mode == Mode::Solo {
        let humans = b
            .sides
            .iter()
            .filter(|s| s.controller == Controller::Human)
            .count();
        if humans != 1 || b.sides.len() != 2 {
            l.add_at(
                "sides",
                "solo mode needs exactly one Human side and one Ai side (SOLO-S3)",
                problems,
            );
        }
    }
}

/// The warband of every side that loads, checked against the side's points limit.
fn load_sides(
    src: &dyn SceneSource,
    l: &Loaded<Battle>,
    rules: &Ruleset,
    problems: &mut Problems,
) -> Vec<SideSpec> {
    let b = &l.value;
    let mut sides = Vec::new();
    for (i, s) in b.sides.iter().enumerate() {
        let limit = Some(points_limit(b.mode, s.controller, b.difficulty, rules));
        let w = readable(src, l, &format!("sides[{i}].warband"), &s.warband, problems)
            .and_then(|p| load_warband(src, &p, rules, limit, problems));
        if let Some(w) = w {
            // Outside solo mode every fighter needs a group (SET-3); the solo opponent's are
            // rolled at setup (SOLO-S2).
            let rolled = b.mode == Mode::Solo && s.controller == Controller::Ai;
            // A drawn warband's groups are drawn with it.
            if !rolled && w.draw.is_none() && w.fighters.iter().all(|f| f.group.is_none()) {
                l.add_at(
                    &format!("sides[{i}].warband"),
                    format!(
                        "the fighters of `{}` have no battle groups (SET-3); only the solo opponent's are rolled (SOLO-S2)",
                        s.warband
                    ),
                    problems,
                );
            }
            sides.push(SideSpec {
                warband: w.warband,
                controller: s.controller,
                fighters: w.fighters,
                draw: w.draw,
            });
        }
    }
    sides
}

/// The points limit of a side's warband: the solo opponent's by difficulty (SOLO-S1), else
/// the muster limit (SET-1).
pub fn points_limit(
    mode: Mode,
    controller: Controller,
    difficulty: Difficulty,
    rules: &Ruleset,
) -> u32 {
    match (mode, controller) {
        (Mode::Solo, Controller::Ai) => match difficulty {
            Difficulty::Easy => rules.solo_points.0,
            Difficulty::Balanced => rules.solo_points.1,
            Difficulty::Hard => rules.solo_points.2,
        },
        _ => rules.muster().max_points,
    }
}

/// A victory card that scores objectives needs objectives placed, by it or the deployment
/// card.
fn check_objectives_placed(
    l: &Loaded<Battle>,
    victory: Option<&VictoryCard>,
    deployment: Option<&DeploymentCard>,
    problems: &mut Problems,
) {
    if let (Some(v), Some(d)) = (victory, deployment)
        && let Some(why) = v.clash_with(d)
    {
        l.add_at(
            "victory",
            format!("the victory and deployment cards don't go together: {why}"),
            problems,
        );
    }
}
