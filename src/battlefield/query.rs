//! `warcry-sim measure` and `warcry-sim path`: battlefield questions about a set-up battle.

use crate::model::ids::FighterId;
use crate::model::runemark::Runemark;
use bevy::prelude::*;
use serde::Serialize;

use crate::battlefield::Battlefield;
use crate::battlefield::measure::{
    Base, distance, distance_to_point, horizontal_distance, round_up_half_inch, vertical_distance,
};
use crate::battlefield::nav::{Goal, Mover, Path};
use crate::battlefield::sight::{Body, Cover, cover, visible};
use crate::model::components::*;
use crate::model::formats::BaseSize;
use crate::model::ruleset::Ruleset;

/// A fighter on the battlefield, as geometry.
#[derive(Debug, Clone)]
struct Placed {
    id: FighterId,
    name: String,
    body: Body,
    mover: Mover,
}

fn placed(world: &mut World) -> Vec<Placed> {
    let mut v: Vec<Placed> = world
        .query::<(&Fighter, &Profile, &Position, &Facing, &Presence)>()
        .iter(world)
        .filter(|(.., p)| **p == Presence::Deployed)
        .map(|(f, pr, pos, fa, _)| Placed {
            id: f.id,
            name: f.name.to_string(),
            body: Body::new(Base::new(pr.0.base, pos.0, fa.0), pr.0.body_height()),
            mover: Mover {
                base: pr.0.base,
                body: pr.0.body_height(),
                can_climb: !pr.0.is(Runemark::Mount),
                can_fly: pr.0.is(Runemark::Fly),
                free_climb: false,
                fly_rise: None,
            },
        })
        .collect();
    v.sort_by_key(|p| p.id);
    v
}

/// `id`, a fighter's name, or `x,y,z`.
fn find<'a>(all: &'a [Placed], what: &str) -> Option<&'a Placed> {
    all.iter()
        .find(|p| p.id.to_string() == what || p.name.eq_ignore_ascii_case(what))
}

fn parse_point(s: &str) -> Option<Vec3> {
    let v: Vec<f32> = s
        .split(',')
        .map(|x| x.trim().parse().ok())
        .collect::<Option<_>>()?;
    match v.as_slice() {
        [x, y, z] => Some(Vec3::new(*x, *y, *z)),
        [x, z] => Some(Vec3::new(*x, 0.0, *z)),
        _ => None,
    }
}

/// A point or a fighter, for `measure`.
fn endpoint(all: &[Placed], what: &str) -> Result<(String, Body), String> {
    if let Some(p) = find(all, what) {
        return Ok((format!("{} (#{})", p.name, p.id), p.body));
    }
    let v = parse_point(what).ok_or_else(|| {
        format!("`{what}` is neither a deployed fighter (id or name) nor a point x,y,z")
    })?;
    // A point is measured as a token: a tiny base with no body.
    Ok((
        format!("point ({}, {}, {})", v.x, v.y, v.z),
        Body::new(Base::new(BaseSize::Round(0.01), v, 0.0), 0.01),
    ))
}

#[derive(Debug, Clone, Serialize)]
pub struct MeasureReport {
    pub from: String,
    pub to: String,
    /// GEN-2: between the closest points of the bases, in 3D.
    pub distance: f32,
    pub horizontal: f32,
    pub vertical: f32,
    /// GEN-2: vertical rounded up to the half inch.
    pub vertical_rounded: f32,
    /// GEN-3 (fighters only).
    pub visible: Option<bool>,
    /// ATK-4: why `to` is in cover from `from`, if it is.
    pub cover: Option<String>,
}

impl MeasureReport {
    pub fn text(&self) -> String {
        let mut s = format!(
            "{} -> {}\n  distance (GEN-2): {:.2}\"\n  horizontal: {:.2}\"\n  vertical: {:.2}\" (rounded up: {:.1}\")\n",
            self.from,
            self.to,
            self.distance,
            self.horizontal,
            self.vertical,
            self.vertical_rounded
        );
        if let Some(v) = self.visible {
            s += &format!("  visible (GEN-3): {}\n", if v { "yes" } else { "no" });
            s += &format!(
                "  cover (ATK-4): {}\n",
                self.cover.as_deref().unwrap_or("none")
            );
        }
        s
    }
}

pub fn measure(world: &mut World, from: &str, to: &str) -> Result<MeasureReport, String> {
    let all = placed(world);
    let (fname, a) = endpoint(&all, from)?;
    let (tname, b) = endpoint(&all, to)?;
    let bf = world
        .get_resource::<Battlefield>()
        .ok_or("the battlefield is not built yet")?;
    let rules = world.resource::<Ruleset>();
    let both_fighters = find(&all, from).is_some() && find(&all, to).is_some();
    let point_to_point = |x: &Body, y: &Body| {
        if find(&all, to).is_none() {
            distance_to_point(&x.base, y.base.centre)
        } else if find(&all, from).is_none() {
            distance_to_point(&y.base, x.base.centre)
        } else {
            distance(&x.base, &y.base)
        }
    };
    let others: Vec<Body> = all.iter().map(|p| p.body).collect();
    let v = vertical_distance(&a.base, &b.base);
    Ok(MeasureReport {
        from: fname,
        to: tname,
        distance: point_to_point(&a, &b),
        horizontal: horizontal_distance(&a.base, &b.base),
        vertical: v,
        vertical_rounded: round_up_half_inch(v),
        visible: both_fighters.then(|| visible(&bf.shapes, &a, &b, &others)),
        cover: if both_fighters {
            cover(&bf.shapes, &a.base, &b.base, rules.cover_platform_height).map(|c| match c {
                Cover::HigherPlatform(h) => format!("on a platform {h:.1}\" higher"),
                c @ Cover::Obstacle(_) => c.to_string(),
            })
        } else {
            None
        },
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct PathReport {
    pub fighter: String,
    pub to: String,
    pub avoid_deadly: bool,
    pub path: Path,
    /// MOVE-6: drops of jumps that cause impact damage.
    pub impact_drops: Vec<f32>,
}

impl PathReport {
    pub fn text(&self) -> String {
        let mut s = format!(
            "{} -> {}{}\n",
            self.fighter,
            self.to,
            if self.avoid_deadly {
                " (avoiding deadly terrain)"
            } else {
                ""
            }
        );
        for st in &self.path.steps {
            s += &format!(
                "  {:<5} ({:.2}, {:.2}, {:.2}) -> ({:.2}, {:.2}, {:.2})  {:.2}\"\n",
                st.kind.to_string(),
                st.from.x,
                st.from.y,
                st.from.z,
                st.to.x,
                st.to.y,
                st.to.z,
                st.cost
            );
        }
        s += &format!("  cost: {:.2}\" (MOVE-1)\n", self.path.cost);
        for d in &self.impact_drops {
            s += &format!("  jump down {d:.1}\": impact damage roll (MOVE-6, MOVE-9)\n");
        }
        s
    }
}

/// The shortest path for a fighter to a point (`x,y,z`), to within 1" of a fighter, or to within
/// 3" of an objective (`objective N`).
pub fn path(
    world: &mut World,
    fighter: &str,
    to: &str,
    avoid_deadly: bool,
) -> Result<PathReport, String> {
    let all = placed(world);
    let me = find(&all, fighter)
        .ok_or_else(|| format!("no deployed fighter `{fighter}` (give its id or name)"))?
        .clone();
    let objectives: Vec<Objective> = world.query::<&Objective>().iter(world).copied().collect();
    let (goal, label) = if let Some(n) = to.strip_prefix("objective") {
        let i: usize = n
            .trim()
            .parse()
            .map_err(|_| format!("`{to}`: objective number?"))?;
        let o = objectives
            .iter()
            .find(|o| o.index == i)
            .ok_or_else(|| format!("no objective {i}"))?;
        (
            Goal::NearPoint {
                point: Vec3::new(o.position.0, 0.0, o.position.1),
                within: 3.0,
            },
            format!("within 3\" of objective {i} (GEN-7)"),
        )
    } else if let Some(t) = find(&all, to) {
        (
            Goal::NearBase {
                base: t.body.base,
                within: 1.0,
            },
            format!("within 1\" of {} (#{})", t.name, t.id),
        )
    } else {
        let p = parse_point(to).ok_or_else(|| {
            format!("`{to}` is neither a point x,y,z, a fighter, nor `objective N`")
        })?;
        (Goal::Point(p), format!("({}, {}, {})", p.x, p.y, p.z))
    };
    let blockers: Vec<Base> = all
        .iter()
        .filter(|p| p.id != me.id)
        .map(|p| p.body.base)
        .collect();
    let bf = world
        .get_resource::<Battlefield>()
        .ok_or("the battlefield is not built yet")?;
    let rules = world.resource::<Ruleset>();
    let path = bf
        .nav
        .shortest_path(
            &me.mover,
            me.body.base.centre,
            goal,
            &blockers,
            avoid_deadly,
        )
        .ok_or_else(|| format!("{} can't reach {label}", me.name))?;
    Ok(PathReport {
        fighter: format!("{} (#{})", me.name, me.id),
        to: label,
        avoid_deadly,
        impact_drops: path.impacts(rules.jump_impact_height),
        path,
    })
}
