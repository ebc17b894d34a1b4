//! SET-2..SET-6, SOLO-S2, SOLO-S3 on the embedded default battle, headless.

use bevy::prelude::*;
use warcry_sim::battlefield::footprint::Footprint;
use warcry_sim::model::RuleId;
use warcry_sim::model::components::*;
use warcry_sim::model::formats::{Colour, Controller, Mode, TerrainKind, TerrainPiece};
use warcry_sim::model::ids::FighterId;
use warcry_sim::model::ids::Side;
use warcry_sim::rules::log::BattleLog;
use warcry_sim::scenario::load::{BattleSpec, DEFAULT_BATTLE, Embedded, load_battle};

fn default_spec(seed: u64) -> BattleSpec {
    let mut spec = load_battle(&Embedded, DEFAULT_BATTLE).unwrap_or_else(|p| panic!("{p}"));
    spec.seed = seed;
    spec
}

fn set_up(spec: &BattleSpec) -> App {
    let mut app = warcry_sim::headless_app(spec);
    app.update();
    app
}

struct Placed {
    name: String,
    side: Side,
    group: warcry_sim::model::formats::GroupName,
    presence: Presence,
    pos: Vec3,
    facing: f32,
    profile: warcry_sim::model::formats::FighterProfile,
}

fn fighters(app: &mut App) -> Vec<Placed> {
    let world = app.world_mut();
    let mut v: Vec<(FighterId, Placed)> = world
        .query::<(
            &Fighter,
            &Side,
            &BattleGroup,
            &Presence,
            &Position,
            &Facing,
            &Profile,
        )>()
        .iter(world)
        .map(|(f, s, g, p, pos, fa, pr)| {
            (
                f.id,
                Placed {
                    name: f.name.to_string(),
                    side: *s,
                    group: g.0,
                    presence: *p,
                    pos: pos.0,
                    facing: fa.0,
                    profile: (*pr.0).clone(),
                },
            )
        })
        .collect();
    v.sort_by_key(|x| x.0);
    v.into_iter().map(|x| x.1).collect()
}

/// SET-6 for every deployed fighter: wholly within 3" (5" for monsters) horizontally of its
/// group's point, on the floor or wholly on a platform top, overlapping no terrain piece at its
/// height and no other base; reserves (RND2/RND3) not deployed.
fn assert_deployment_legal(spec: &BattleSpec, app: &mut App) {
    let info = app.world().resource::<BattleInfo>().clone();
    let all = fighters(app);
    let terrain: &[TerrainPiece] = &spec.terrain.pieces;
    let mut deployed = 0;
    for (i, f) in all.iter().enumerate() {
        let colour = info.sides[f.side].colour.expect("colours chosen (SET-5)");
        let point = spec
            .deployment
            .points(colour)
            .iter()
            .find(|p| p.group == f.group)
            .expect("a point for every group");
        if point.round > 1 {
            assert_eq!(
                f.presence,
                Presence::Reserve { round: point.round },
                "{} is a reserve (RES-1)",
                f.name
            );
            continue;
        }
        assert_eq!(
            f.presence,
            Presence::Deployed,
            "{} is set up (SET-6)",
            f.name
        );
        deployed += 1;
        let radius = if f.profile.has_runemark("monster") {
            5.0
        } else {
            3.0
        };
        let fp = Footprint::base(&f.profile.base, (f.pos.x, f.pos.z), f.facing);
        let far = fp.max_distance_from(point.position);
        assert!(
            far <= radius + 1e-3,
            "{} reaches {far:.3}\" from its point {:?}: not wholly within {radius}\" (SET-6)",
            f.name,
            point.position
        );
        // On the floor or on a platform top that holds the whole base.
        let on_platform = terrain.iter().any(|p| {
            p.kind == TerrainKind::Platform
                && (p.top() - f.pos.y).abs() < 1e-4
                && fp.inside(&Footprint::piece(p))
        });
        assert!(
            f.pos.y == 0.0 || on_platform,
            "{} stands at height {} on neither the floor nor a platform (SET-6)",
            f.name,
            f.pos.y
        );
        // Overlapping no terrain: no piece occupies the space of the base and body, and on the
        // floor no piece at all lies under the base.
        let body = f.profile.body_height();
        for p in terrain {
            let standing_on = p.kind == TerrainKind::Platform && (p.top() - f.pos.y).abs() < 1e-4;
            if standing_on {
                continue;
            }
            let (lo, hi) = p.solid_span();
            let shares = lo < f.pos.y + body - 1e-3 && hi > f.pos.y + 1e-3;
            let under = f.pos.y == 0.0 && lo <= 1e-3;
            assert!(
                !((shares || under) && fp.overlaps(&Footprint::piece(p))),
                "{} overlaps terrain piece {} (SET-6, MOVE-2)",
                f.name,
                p.id
            );
        }
        // No other base.
        for g in all.iter().skip(i + 1) {
            if g.presence != Presence::Deployed {
                continue;
            }
            let gp = Footprint::base(&g.profile.base, (g.pos.x, g.pos.z), g.facing);
            let same_level = (g.pos.y - f.pos.y).abs() < body.max(g.profile.body_height());
            assert!(
                !(same_level && fp.overlaps(&gp)),
                "{} and {} overlap",
                f.name,
                g.name
            );
        }
    }
    assert!(deployed > 0);
}

#[test]
fn set6_default_battle_deploys_legally_for_many_seeds() {
    for seed in [0, 1, 2, 3, 42, 2026, 99_999] {
        let spec = default_spec(seed);
        let mut app = set_up(&spec);
        assert_deployment_legal(&spec, &mut app);
    }
}

#[test]
fn set6_every_deployment_card_deploys_legally() {
    // The default warbands on the default terrain with each shipped deployment card: either
    // legal, or, where the card's points leave no room, logged as "as close as possible".
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/deployment");
    let mut cards: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    cards.sort();
    assert!(cards.len() >= 20);
    let rules = warcry_sim::scenario::load::default_ruleset();
    for card in cards {
        let mut problems = warcry_sim::scenario::load::Problems::default();
        let dep = warcry_sim::scenario::load::load_deployment(
            &warcry_sim::scenario::load::Disk,
            &card.to_string_lossy(),
            &rules,
            &mut problems,
        )
        .unwrap();
        let mut spec = default_spec(5);
        spec.deployment = dep;
        let mut app = set_up(&spec);
        let log = app.world().resource::<BattleLog>();
        let crowded = log
            .entries
            .iter()
            .any(|e| log.text_of(e).contains("as close as possible"));
        if !crowded {
            assert_deployment_legal(&spec, &mut app);
        }
    }
}

#[test]
fn set2_priority_roll_is_logged_with_dice_and_is_deterministic() {
    let spec = default_spec(11);
    let mut a = set_up(&spec);
    let mut b = set_up(&spec);
    let la = a.world().resource::<BattleLog>().to_text();
    let lb = b.world().resource::<BattleLog>().to_text();
    assert_eq!(la, lb, "same battle file and seed, same setup");
    let log = a.world().resource::<BattleLog>();
    let first = &log.entries[0];
    assert_eq!(first.rules, vec!["SET-2", "GEN-4"]);
    let text = log.text_of(first);
    assert!(text.contains(" v "), "{text}");
    let pa: Vec<Vec3> = fighters(&mut a).iter().map(|f| f.pos).collect();
    let pb: Vec<Vec3> = fighters(&mut b).iter().map(|f| f.pos).collect();
    assert_eq!(pa, pb);
    // Another seed changes the dice.
    let mut c = set_up(&default_spec(12));
    let lc = c.world().resource::<BattleLog>().to_text();
    let _ = fighters(&mut c);
    assert_ne!(la, lc);
}

#[test]
fn solo_s3_human_is_blue_and_ai_is_red_whoever_wins_priority() {
    let mut priorities = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let spec = default_spec(seed);
        assert_eq!(spec.mode, Mode::Solo);
        let app = set_up(&spec);
        let info = app.world().resource::<BattleInfo>();
        for s in &info.sides {
            let want = match s.controller {
                Controller::Human => Colour::Blue,
                Controller::Ai => Colour::Red,
            };
            assert_eq!(s.colour, Some(want), "SOLO-S3");
        }
        priorities.insert(info.priority.unwrap());
    }
    assert_eq!(
        priorities.len(),
        2,
        "both sides win the priority roll on some seed"
    );
}

#[test]
fn solo_s2_ai_groups_are_rolled_and_legal() {
    let spec = default_spec(3);
    let mut app = set_up(&spec);
    let log = app.world().resource::<BattleLog>().clone();
    assert!(
        log.entries
            .iter()
            .any(|e| e.rules == vec!["SOLO-S2"] && log.text_of(e).starts_with("seeds:"))
    );
    let ai = spec
        .sides
        .iter()
        .position(|s| s.controller == Controller::Ai)
        .map(Side::from_index)
        .unwrap();
    let mut counts = [0usize; 3];
    let all = fighters(&mut app);
    for f in all.iter().filter(|f| f.side == ai) {
        counts[f.group as usize] += 1;
    }
    let n = all.iter().filter(|f| f.side == ai).count();
    assert!(
        warcry_sim::rules::warband::check_group_sizes(counts, n).is_empty(),
        "{counts:?}"
    );
    // The human side keeps the groups written in its warband file (SET-3).
    let human = ai.other();
    for (f, spec_f) in all
        .iter()
        .filter(|f| f.side == human)
        .zip(&spec.sides[human.index()].fighters)
    {
        assert_eq!(Some(f.group), spec_f.group);
    }
}

#[test]
fn set6_groups_alternate_priority_player_first_dagger_shield_hammer() {
    let spec = default_spec(8);
    let app = set_up(&spec);
    let info = app.world().resource::<BattleInfo>().clone();
    let prio = &info.sides[info.priority.unwrap()].name;
    let other = &info.sides[info.priority.unwrap().other()].name;
    let log = app.world().resource::<BattleLog>();
    let order: Vec<String> = log
        .entries
        .iter()
        .filter(|e| e.rules.contains(&RuleId::Set6))
        .map(|e| {
            log.text_of(e)
                .split(" (")
                .next()
                .unwrap()
                .split(" at ")
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    let expect: Vec<String> = ["Dagger", "Shield", "Hammer"]
        .iter()
        .flat_map(|g| [(prio, g), (other, g)])
        .map(|(s, g)| format!("{s} {g}"))
        .collect();
    let got: Vec<String> = order
        .iter()
        .map(|t| {
            t.replace(" sets up", "")
                .replace(" is a reserve arriving in round 2", "")
        })
        .collect();
    assert_eq!(got, expect);
}

#[test]
fn battlefield_is_built_from_terrain_and_rebuilt_when_it_changes() {
    use warcry_sim::battlefield::Battlefield;
    let spec = default_spec(1);
    let mut app = set_up(&spec);
    app.update();
    let n = app.world().resource::<Battlefield>().nav.terrain.len();
    assert_eq!(n, spec.terrain.pieces.len());
    // A designer adds a piece: the shapes and the navigation model follow.
    let mut extra = spec.terrain.pieces[0].clone();
    extra.id = "added".into();
    extra.position = (27.0, 3.0);
    app.world_mut()
        .spawn((warcry_sim::scenario::spawn::BattleEntity, Terrain(extra)));
    app.update();
    let bf = app.world().resource::<Battlefield>();
    assert_eq!(bf.nav.terrain.len(), n + 1);
    assert!(bf.shapes.pieces.iter().any(|p| p.piece.id == "added"));
}

/// SET-7 (seed 004): objectives come only from a victory card that uses them. Plunder (a
/// treasure race) and Blood Price (attrition) place none, whatever the deployment card marks;
/// Hold the Cairns places the deployment card's five.
#[test]
fn set7_objectives_come_only_from_a_victory_card_that_uses_them() {
    let rules = warcry_sim::scenario::load::default_ruleset();
    for (card, want) in [
        ("scenes/victory/plunder.ron", 0),
        ("scenes/victory/blood_price.ron", 0),
        ("scenes/victory/hold_the_cairns.ron", 5),
    ] {
        let mut spec = default_spec(5);
        let mut problems = warcry_sim::scenario::load::Problems::default();
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(card);
        spec.victory = warcry_sim::scenario::load::load_victory(
            &warcry_sim::scenario::load::Disk,
            &path.to_string_lossy(),
            &rules,
            &mut problems,
        )
        .unwrap();
        assert_eq!(spec.objectives().len(), want, "{card}");
        let mut app = set_up(&spec);
        let world = app.world_mut();
        let placed = world.query::<&Objective>().iter(world).count();
        assert_eq!(placed, want, "{card}: objectives on the battlefield");
    }
}
