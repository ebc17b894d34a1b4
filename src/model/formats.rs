//! The scene file formats (RON). One root struct per kind of file; the root struct's name
//! (`TerrainCard(...)`) tells `check` which kind a file is.
//!
//! Units: inches for distances and heights, millimetres for base sizes (as printed on bases),
//! degrees for rotations. Positions are `(x, z)` on the battlefield floor, origin at a corner,
//! x along the 30" edge and z along the 22" edge; y is up.

use serde::{Deserialize, Serialize};

use crate::model::ruleset::Ruleset;
use crate::model::validate::Validator;

/// `(x, z)` in inches.
pub type Point2 = (f32, f32);

pub const MM_PER_INCH: f32 = 25.4;

// ---------------------------------------------------------------------------------------------
// Fighters
// ---------------------------------------------------------------------------------------------

/// Base size in millimetres.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum BaseSize {
    /// Diameter.
    Round(f32),
    /// Length (along the fighter's facing) and width.
    Oval(f32, f32),
}

impl BaseSize {
    /// Half-extents in inches: (along x when unrotated, along z).
    pub fn half_extents(&self) -> (f32, f32) {
        match *self {
            BaseSize::Round(d) => (d / MM_PER_INCH / 2.0, d / MM_PER_INCH / 2.0),
            BaseSize::Oval(l, w) => (l / MM_PER_INCH / 2.0, w / MM_PER_INCH / 2.0),
        }
    }

    /// The largest distance from the base centre to its rim, in inches.
    pub fn max_radius(&self) -> f32 {
        let (a, b) = self.half_extents();
        a.max(b)
    }

    /// Body height above the base in inches, when the profile gives none: taller for bigger
    /// bases (a 25 mm base carries a ~1.2" figure, a 60 mm one ~2.6").
    pub fn default_body_height(&self) -> f32 {
        let (a, b) = self.half_extents();
        (0.6 + 1.1 * (a + b)).clamp(1.0, 4.5)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Weapon {
    pub name: String,
    /// The weapon's runemark (sword, bow, ...), for display.
    #[serde(default)]
    pub runemark: Option<String>,
    /// ATK-1: minimum range in inches (0 = none).
    #[serde(default)]
    pub min_range: f32,
    /// ATK-1: maximum range in inches; melee when <= 3.
    pub max_range: f32,
    pub attacks: u32,
    pub strength: u32,
    /// Damage of a hit and of a critical hit (ATK-3).
    pub damage: (u32, u32),
}

impl Weapon {
    /// ATK-1: a weapon whose maximum range is 3" or less is a melee weapon.
    pub fn is_melee(&self) -> bool {
        self.max_range <= 3.0
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FighterProfile {
    /// Unique within its file; warbands refer to profiles by this id.
    pub id: String,
    pub name: String,
    /// The faction runemark (SET-1).
    pub faction: String,
    #[serde(default)]
    pub grand_alliance: Option<String>,
    pub movement: u32,
    pub toughness: u32,
    pub wounds: u32,
    pub points: u32,
    /// Lower-case runemarks: `leader`, `hero`, `fly`, `mount`, `monster`, `beast`, `thrall`, ...
    #[serde(default)]
    pub runemarks: Vec<String>,
    pub base: BaseSize,
    /// Body height above the base in inches (GEN-3 visibility); derived from the base if absent.
    #[serde(default)]
    pub height: Option<f32>,
    pub weapons: Vec<Weapon>,
    /// Faction abilities (ABL-2, ABL-5); the universal abilities of ABL-3 need not be listed.
    #[serde(default)]
    pub abilities: Vec<crate::model::abilities::AbilityDef>,
}

impl FighterProfile {
    pub fn has_runemark(&self, mark: &str) -> bool {
        self.runemarks.iter().any(|r| r.eq_ignore_ascii_case(mark))
    }

    pub fn body_height(&self) -> f32 {
        self.height
            .unwrap_or_else(|| self.base.default_body_height())
    }

    pub fn validate(&self, path: &str, v: &mut Validator) {
        if self.id.trim().is_empty() {
            v.error(format!("{path}.id"), "id must not be empty");
        }
        if self.faction.trim().is_empty() {
            v.error(
                format!("{path}.faction"),
                "faction runemark must not be empty",
            );
        }
        if self.movement == 0 || self.movement > 20 {
            v.error(
                format!("{path}.movement"),
                format!("Move {} is outside 1..=20", self.movement),
            );
        }
        if self.toughness == 0 || self.toughness > 20 {
            v.error(
                format!("{path}.toughness"),
                format!("Toughness {} is outside 1..=20", self.toughness),
            );
        }
        if self.wounds == 0 || self.wounds > 100 {
            v.error(
                format!("{path}.wounds"),
                format!("Wounds {} is outside 1..=100", self.wounds),
            );
        }
        if self.points > 1000 {
            v.error(
                format!("{path}.points"),
                format!("points {} is more than a whole warband (1000)", self.points),
            );
        }
        let (a, b) = match self.base {
            BaseSize::Round(d) => (d, d),
            BaseSize::Oval(l, w) => (l, w),
        };
        v.in_range(&format!("{path}.base"), a, 20.0, 170.0, "base size (mm)");
        v.in_range(&format!("{path}.base"), b, 20.0, 170.0, "base size (mm)");
        if let Some(h) = self.height {
            v.in_range(
                &format!("{path}.height"),
                h,
                0.3,
                12.0,
                "body height (inches)",
            );
        }
        if self.weapons.is_empty() {
            v.error(
                format!("{path}.weapons"),
                "a fighter needs at least one weapon",
            );
        }
        for (i, w) in self.weapons.iter().enumerate() {
            let wp = format!("{path}.weapons[{i}]");
            v.in_range(&format!("{wp}.max_range"), w.max_range, 0.5, 36.0, "range");
            v.in_range(
                &format!("{wp}.min_range"),
                w.min_range,
                0.0,
                36.0,
                "minimum range",
            );
            if w.min_range >= w.max_range {
                v.error(
                    format!("{wp}.min_range"),
                    format!(
                        "minimum range {} must be below the maximum range {}",
                        w.min_range, w.max_range
                    ),
                );
            }
            if w.attacks == 0 || w.attacks > 20 {
                v.error(
                    format!("{wp}.attacks"),
                    format!("Attacks {} is outside 1..=20", w.attacks),
                );
            }
            if w.strength == 0 || w.strength > 20 {
                v.error(
                    format!("{wp}.strength"),
                    format!("Strength {} is outside 1..=20", w.strength),
                );
            }
            if w.damage.0 == 0 || w.damage.1 < w.damage.0 {
                v.error(
                    format!("{wp}.damage"),
                    format!(
                        "damage ({}, {}) must be at least 1 and the critical at least the hit",
                        w.damage.0, w.damage.1
                    ),
                );
            }
        }
    }
}

/// Root of a fighter-profile file (`scenes/fighters/*.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FighterProfiles {
    pub fighters: Vec<FighterProfile>,
}

impl FighterProfiles {
    pub fn validate(&self, v: &mut Validator) {
        for (i, f) in self.fighters.iter().enumerate() {
            f.validate(&format!("fighters[{i}]"), v);
            if self.fighters[..i].iter().any(|g| g.id == f.id) {
                v.error(
                    format!("fighters[{i}].id"),
                    format!("id `{}` is used twice", f.id),
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Warbands
// ---------------------------------------------------------------------------------------------

/// The three battle groups (SET-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum GroupName {
    Dagger,
    Shield,
    Hammer,
}

impl std::fmt::Display for GroupName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GroupName::Dagger => "Dagger",
            GroupName::Shield => "Shield",
            GroupName::Hammer => "Hammer",
        })
    }
}

impl GroupName {
    pub const ALL: [GroupName; 3] = [GroupName::Dagger, GroupName::Shield, GroupName::Hammer];
}

/// What a fighter is in its warband (SET-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Role {
    Leader,
    Hero,
    Ally,
    #[default]
    Fighter,
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Role::Leader => "the leader",
            Role::Hero => "a hero",
            Role::Ally => "an ally",
            Role::Fighter => "a fighter",
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WarbandFighter {
    /// Id of a profile in one of the warband's profile files.
    pub profile: String,
    /// A name for this fighter; the profile name when absent.
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub role: Role,
    /// Battle group (SET-3); may be left out when groups are formed at setup (SOLO-S2).
    #[serde(default)]
    pub group: Option<GroupName>,
}

/// Root of a warband file (`scenes/warbands/*.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Warband {
    pub name: String,
    /// The faction runemark all fighters but allies share (SET-1).
    pub faction: String,
    #[serde(default)]
    pub grand_alliance: Option<String>,
    /// Fighter-profile files, relative to this file.
    pub profiles: Vec<String>,
    pub fighters: Vec<WarbandFighter>,
    /// A points limit other than the ruleset's, for a solo opponent (SOLO-S1).
    #[serde(default)]
    pub points_limit: Option<u32>,
}

// ---------------------------------------------------------------------------------------------
// Terrain
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TerrainKind {
    /// A raised floor whose top fighters stand on; solid below unless `thickness` is given.
    Platform,
    /// A solid piece (wall, rock, ruin): climbable, blocks movement and sight.
    Obstacle,
    /// Rubble and the like, 1" tall or less: crossed freely (MOVE-4).
    LowTerrain,
    /// Climbed like an obstacle (MOVE-5).
    Ladder,
    /// Passable at floor level under `clearance`; solid above.
    Archway,
    /// A flat area that hurts (MOVE-10).
    Deadly,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TerrainPiece {
    pub id: String,
    pub kind: TerrainKind,
    /// Centre of the footprint.
    pub position: Point2,
    /// Degrees, anticlockwise seen from above, about the vertical axis.
    #[serde(default)]
    pub rotation: f32,
    /// Footprint (width along x, depth along z) before rotation.
    pub size: Point2,
    /// Vertical extent: the top is at `elevation + height`.
    pub height: f32,
    /// Height of the bottom above the floor (a platform standing on another one).
    #[serde(default)]
    pub elevation: f32,
    /// Platforms only: the slab's thickness; the space below it is open (walkways, bridges).
    #[serde(default)]
    pub thickness: Option<f32>,
    /// Archways only: the height of the opening.
    #[serde(default)]
    pub clearance: Option<f32>,
    /// Platforms only: a parapet runs round every edge, so a fighter standing on it is never
    /// knocked off (ATK-6 applies to unwalled edges only). Drawn as a low rim; it doesn't block
    /// movement or sight.
    #[serde(default)]
    pub walled: bool,
}

/// A point on the battlefield for people: `(10.5, 4)`.
pub fn xy(p: Point2) -> String {
    format!("({}, {})", p.0, p.1)
}

impl TerrainPiece {
    /// An unrotated piece standing on the floor.
    pub fn on_floor(
        id: &str,
        kind: TerrainKind,
        position: Point2,
        size: Point2,
        height: f32,
    ) -> Self {
        TerrainPiece {
            id: id.into(),
            kind,
            position,
            rotation: 0.0,
            size,
            height,
            elevation: 0.0,
            thickness: None,
            clearance: None,
            walled: false,
        }
    }

    pub fn top(&self) -> f32 {
        self.elevation + self.height
    }

    /// The four footprint corners (x, z), anticlockwise.
    pub fn corners(&self) -> [Point2; 4] {
        let (hx, hz) = (self.size.0 / 2.0, self.size.1 / 2.0);
        let (s, c) = self.rotation.to_radians().sin_cos();
        let (cx, cz) = self.position;
        [(-hx, -hz), (hx, -hz), (hx, hz), (-hx, hz)].map(|(x, z)| {
            // Anticlockwise seen from above (y up, looking down at x right, z down the screen)
            // is a rotation about +y.
            (cx + x * c + z * s, cz - x * s + z * c)
        })
    }

    /// The vertical span that blocks movement and sight: (bottom, top).
    pub fn solid_span(&self) -> (f32, f32) {
        match self.kind {
            TerrainKind::Platform => match self.thickness {
                Some(t) => (self.top() - t, self.top()),
                None => (self.elevation, self.top()),
            },
            TerrainKind::Archway => (self.elevation + self.clearance.unwrap_or(0.0), self.top()),
            _ => (self.elevation, self.top()),
        }
    }
}

/// Root of a terrain-card file (`scenes/terrain/*.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TerrainCard {
    pub name: String,
    pub pieces: Vec<TerrainPiece>,
}

impl TerrainCard {
    pub fn validate(&self, rules: &Ruleset, v: &mut Validator) {
        let (bw, bd) = rules.battlefield;
        for (i, p) in self.pieces.iter().enumerate() {
            let path = format!("pieces[{i}]");
            if p.id.trim().is_empty() {
                v.error(format!("{path}.id"), "id must not be empty");
            } else if self.pieces[..i].iter().any(|q| q.id == p.id) {
                v.error(format!("{path}.id"), format!("id `{}` is used twice", p.id));
            }
            v.positive(&format!("{path}.size"), p.size.0);
            v.positive(&format!("{path}.size"), p.size.1);
            v.non_negative(&format!("{path}.elevation"), p.elevation);
            if p.kind == TerrainKind::Deadly {
                v.non_negative(&format!("{path}.height"), p.height);
            } else {
                v.positive(&format!("{path}.height"), p.height);
            }
            if !p.rotation.is_finite() {
                v.error(format!("{path}.rotation"), "rotation must be a number");
            }
            if p.kind == TerrainKind::LowTerrain && p.top() > 1.0 {
                v.error(
                    format!("{path}.height"),
                    format!(
                        "low terrain is at most 1\" tall (MOVE-4); its top is at {}",
                        p.top()
                    ),
                );
            }
            match (p.kind, p.thickness) {
                (TerrainKind::Platform, Some(t)) if !(t > 0.0 && t <= p.height) => v.error(
                    format!("{path}.thickness"),
                    format!(
                        "thickness {t} must be above 0 and at most the height {}",
                        p.height
                    ),
                ),
                (TerrainKind::Platform, _) | (_, None) => {}
                (_, Some(_)) => v.error(
                    format!("{path}.thickness"),
                    "only platforms have a thickness",
                ),
            }
            match (p.kind, p.clearance) {
                (TerrainKind::Archway, Some(c)) if !(c > 0.0 && c < p.height) => v.error(
                    format!("{path}.clearance"),
                    format!(
                        "clearance {c} must be above 0 and below the height {}",
                        p.height
                    ),
                ),
                (TerrainKind::Archway, None) => v.error(
                    path.clone(),
                    "an archway needs a `clearance` (the height of its opening)",
                ),
                (TerrainKind::Archway, _) | (_, None) => {}
                (_, Some(_)) => v.error(
                    format!("{path}.clearance"),
                    "only archways have a clearance",
                ),
            }
            if p.walled && p.kind != TerrainKind::Platform {
                v.error(
                    format!("{path}.walled"),
                    "only platforms are walled (ATK-6: walled platform edges)",
                );
            }
            let eps = 1e-3;
            if p.size.0 > 0.0
                && p.size.1 > 0.0
                && p.corners()
                    .iter()
                    .any(|&(x, z)| x < -eps || z < -eps || x > bw + eps || z > bd + eps)
            {
                v.error(
                    format!("{path}.position"),
                    format!(
                        "the piece reaches outside the {bw}\"x{bd}\" battlefield (centre {}, size {}\" x {}\", rotation {})",
                        xy(p.position), p.size.0, p.size.1, p.rotation
                    ),
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Deployment
// ---------------------------------------------------------------------------------------------

/// A deployment line: a stretch of battlefield edge where a reserve group may arrive (RES-1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeploymentLine {
    pub from: Point2,
    pub to: Point2,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeploymentPoint {
    pub group: GroupName,
    pub position: Point2,
    /// 1: set up at the start; 2 or 3: a reserve arriving in that round (RND2/RND3, RES-1).
    #[serde(default = "one")]
    pub round: u32,
    #[serde(default)]
    pub lines: Vec<DeploymentLine>,
}

fn one() -> u32 {
    1
}

/// Root of a deployment-card file (`scenes/deployment/*.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeploymentCard {
    pub name: String,
    #[serde(default)]
    pub source: Option<String>,
    pub red: Vec<DeploymentPoint>,
    pub blue: Vec<DeploymentPoint>,
    /// Objective markers, placed when the victory card asks for them.
    #[serde(default)]
    pub objectives: Vec<Point2>,
}

/// How far beyond the edge an off-battlefield reserve point may lie.
pub const RESERVE_POINT_MARGIN: f32 = 3.0;

impl DeploymentCard {
    pub fn validate(&self, rules: &Ruleset, v: &mut Validator) {
        let (bw, bd) = rules.battlefield;
        for (colour, points) in [("red", &self.red), ("blue", &self.blue)] {
            if points.len() != 3 {
                v.error(
                    colour,
                    format!(
                        "{colour} needs 3 deployment points (SET-5), found {}",
                        points.len()
                    ),
                );
            }
            for g in GroupName::ALL {
                let n = points.iter().filter(|p| p.group == g).count();
                if n != 1 && points.len() == 3 {
                    v.error(
                        colour,
                        format!("{colour} needs exactly one {g:?} point (SET-5), found {n}"),
                    );
                }
            }
            for (i, p) in points.iter().enumerate() {
                let path = format!("{colour}[{i}]");
                if !(1..=3).contains(&p.round) {
                    v.error(
                        format!("{path}.round"),
                        format!("round {} must be 1, 2 (RND2) or 3 (RND3)", p.round),
                    );
                }
                let m = if p.round > 1 {
                    RESERVE_POINT_MARGIN
                } else {
                    0.0
                };
                let (x, z) = p.position;
                if !(x >= -m && x <= bw + m && z >= -m && z <= bd + m) {
                    v.error(
                        format!("{path}.position"),
                        format!(
                            "point {} is off the {bw}\"x{bd}\" battlefield{}",
                            xy(p.position),
                            if p.round > 1 { " by more than 3\"" } else { "" }
                        ),
                    );
                }
                for (j, l) in p.lines.iter().enumerate() {
                    if !on_same_edge(l, bw, bd) {
                        v.error(
                            format!("{path}.lines[{j}]"),
                            format!(
                                "deployment line {} to {} must run along one battlefield edge",
                                xy(l.from),
                                xy(l.to)
                            ),
                        );
                    }
                }
            }
        }
        for (i, &(x, z)) in self.objectives.iter().enumerate() {
            if !(0.0..=bw).contains(&x) || !(0.0..=bd).contains(&z) {
                v.error(
                    format!("objectives[{i}]"),
                    format!("objective ({x}, {z}) is off the {bw}\"x{bd}\" battlefield"),
                );
            }
        }
    }

    pub fn points(&self, colour: Colour) -> &[DeploymentPoint] {
        match colour {
            Colour::Red => &self.red,
            Colour::Blue => &self.blue,
        }
    }
}

fn on_same_edge(l: &DeploymentLine, bw: f32, bd: f32) -> bool {
    let eq = |a: f32, b: f32| (a - b).abs() < 1e-3;
    let in_x = |x: f32| (-1e-3..=bw + 1e-3).contains(&x);
    let in_z = |z: f32| (-1e-3..=bd + 1e-3).contains(&z);
    let ((x1, z1), (x2, z2)) = (l.from, l.to);
    ((eq(x1, 0.0) && eq(x2, 0.0)) || (eq(x1, bw) && eq(x2, bw))) && in_z(z1) && in_z(z2)
        || ((eq(z1, 0.0) && eq(z2, 0.0)) || (eq(z1, bd) && eq(z2, bd))) && in_x(x1) && in_x(x2)
}

/// Deployment colour (SET-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    Red,
    Blue,
}

impl std::fmt::Display for Colour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
        })
    }
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Victory and twist
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum VictoryCondition {
    /// VIC-1: at the end of each round, each objective a side controls (GEN-7) scores it
    /// `points_per_objective` victory points; most points at the end wins.
    ObjectiveControl { points_per_objective: u32 },
    /// VIC-1: the side with more treasure carriers at the end wins.
    TreasureRace,
    /// VIC-1: the side that took down more points of enemy fighters wins.
    Attrition,
}

/// Root of a victory-card file (`scenes/victory/*.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VictoryCard {
    pub name: String,
    /// How many battle rounds the battle lasts (SET-7).
    pub rounds: u32,
    pub condition: VictoryCondition,
    /// Objectives to place; the deployment card's objectives when absent.
    #[serde(default)]
    pub objectives: Option<Vec<Point2>>,
    /// Treasure tokens to place.
    #[serde(default)]
    pub treasure: Vec<Point2>,
}

impl VictoryCard {
    pub fn validate(&self, rules: &Ruleset, v: &mut Validator) {
        if !(1..=10).contains(&self.rounds) {
            v.error(
                "rounds",
                format!("rounds {} is outside 1..=10", self.rounds),
            );
        }
        let (bw, bd) = rules.battlefield;
        let on_board = |(x, z): Point2| (0.0..=bw).contains(&x) && (0.0..=bd).contains(&z);
        for (i, p) in self.objectives.iter().flatten().enumerate() {
            if !on_board(*p) {
                v.error(
                    format!("objectives[{i}]"),
                    format!("objective {} is off the battlefield", xy(*p)),
                );
            }
        }
        for (i, p) in self.treasure.iter().enumerate() {
            if !on_board(*p) {
                v.error(
                    format!("treasure[{i}]"),
                    format!("treasure {} is off the battlefield", xy(*p)),
                );
            }
        }
        match self.condition {
            VictoryCondition::TreasureRace if self.treasure.is_empty() => v.error(
                "treasure",
                "a treasure race needs at least one treasure token",
            ),
            VictoryCondition::ObjectiveControl {
                points_per_objective: 0,
            } => v.error("condition", "points_per_objective must be at least 1"),
            _ => {}
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum TwistEffect {
    /// Matched play: no twist.
    None,
    /// VIC-2: fighters `max_distance` inches or more apart can't see each other.
    Visibility { max_distance: f32 },
    /// VIC-2: reserve groups arrive `rounds` rounds later than their card says.
    DelayedReserves { rounds: u32 },
}

/// Root of a twist-card file (`scenes/twist/*.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TwistCard {
    pub name: String,
    pub effect: TwistEffect,
}

impl TwistCard {
    pub fn validate(&self, v: &mut Validator) {
        match self.effect {
            TwistEffect::Visibility { max_distance } => {
                v.positive("effect.max_distance", max_distance)
            }
            TwistEffect::DelayedReserves { rounds } if rounds == 0 || rounds > 3 => {
                v.error("effect.rounds", format!("rounds {rounds} is outside 1..=3"))
            }
            _ => {}
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Battle
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    Human,
    Ai,
}

impl std::fmt::Display for Controller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Controller::Human => "human",
            Controller::Ai => "solo AI",
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Mode {
    /// Two warbands under the core rules; either may be human or AI.
    #[default]
    Standard,
    /// Seed 002 solo mode: one human side, one automated side (SOLO-S1..S3).
    Solo,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Difficulty {
    Easy,
    #[default]
    Balanced,
    Hard,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BattleSide {
    /// Warband file, relative to the battle file.
    pub warband: String,
    pub controller: Controller,
}

/// Root of a battle file (`scenes/battles/*.ron`): everything a battle is made of.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    pub name: String,
    /// Files relative to this one.
    pub ruleset: String,
    pub terrain: String,
    pub deployment: String,
    pub victory: String,
    pub twist: String,
    /// The seed of the dice stream: same battle file + seed + commands = same battle.
    pub seed: u64,
    /// The two warbands, in order: player A, player B.
    pub sides: Vec<BattleSide>,
    #[serde(default)]
    pub mode: Mode,
    /// SOLO-S1: the automated warband's points limit.
    #[serde(default)]
    pub difficulty: Difficulty,
}
