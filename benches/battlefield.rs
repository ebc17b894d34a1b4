//! Battlefield queries and the solo AI on the default battle: `cargo bench --no-default-features`.

use std::hint::black_box;
use std::sync::OnceLock;

use bevy::math::Vec3;
use warcry_sim::battlefield::measure::{Base, distance};
use warcry_sim::battlefield::nav::{Goal, Mover, NavWorld};
use warcry_sim::battlefield::shapes::TerrainShapes;
use warcry_sim::battlefield::sight::{Body, visible};
use warcry_sim::model::formats::BaseSize;
use warcry_sim::scenario::load::{DEFAULT_BATTLE, Embedded, load_battle};

/// The allocator the `warcry-sim` binary uses (see `src/main.rs`), so that these figures are
/// the shipped program's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

struct Fixture {
    shapes: TerrainShapes,
    nav: NavWorld,
    bodies: Vec<Body>,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let spec = load_battle(&Embedded, DEFAULT_BATTLE).expect("default battle");
        let mut app = warcry_sim::headless_app(&spec);
        app.update();
        let world = app.world_mut();
        let bodies = world
            .query::<(
                &warcry_sim::model::components::Profile,
                &warcry_sim::model::components::Position,
                &warcry_sim::model::components::Presence,
            )>()
            .iter(world)
            .filter(|(_, _, p)| **p == warcry_sim::model::components::Presence::Deployed)
            .map(|(pr, pos, _)| Body::new(Base::new(pr.0.base, pos.0, 0.0), pr.0.body_height()))
            .collect();
        let nav = NavWorld::new(spec.terrain.pieces.clone(), spec.ruleset.battlefield, 3.0);
        // Build the grid for the benchmarked size up front.
        nav.grid(&walker());
        Fixture {
            shapes: TerrainShapes::new(&spec.terrain.pieces),
            nav,
            bodies,
        }
    })
}

fn walker() -> Mover {
    Mover {
        base: BaseSize::Round(25.0),
        body: 1.2,
        can_climb: true,
        can_fly: false,
        free_climb: false,
        fly_rise: None,
    }
}

#[divan::bench]
fn distance_between_fighters() -> f32 {
    warcry_sim::battlefield::forget_remembered();
    let f = fixture();
    distance(black_box(&f.bodies[0].base), black_box(&f.bodies[5].base))
}

#[divan::bench]
fn distance_between_oval_and_round() -> f32 {
    warcry_sim::battlefield::forget_remembered();
    let a = Base::new(BaseSize::Oval(90.0, 52.0), Vec3::new(5.0, 0.0, 5.0), 0.4);
    let b = Base::new(BaseSize::Round(32.0), Vec3::new(9.0, 0.0, 7.0), 0.0);
    distance(black_box(&a), black_box(&b))
}

/// A clear line (found at the first sample pair).
#[divan::bench]
fn visibility_clear() -> bool {
    let f = fixture();
    let a = Body::new(
        Base::new(BaseSize::Round(32.0), Vec3::new(2.0, 0.0, 20.0), 0.0),
        1.5,
    );
    let b = Body::new(
        Base::new(BaseSize::Round(32.0), Vec3::new(28.0, 0.0, 20.5), 0.0),
        1.5,
    );
    visible(&f.shapes, black_box(&a), black_box(&b), &f.bodies)
}

/// Hidden behind the tower: every sample pair is tried.
#[divan::bench]
fn visibility_blocked() -> bool {
    let f = fixture();
    let a = Body::new(
        Base::new(BaseSize::Round(32.0), Vec3::new(6.0, 0.0, 11.5), 0.0),
        1.5,
    );
    let b = Body::new(
        Base::new(BaseSize::Round(32.0), Vec3::new(15.0, 0.0, 12.5), 0.0),
        1.5,
    );
    visible(&f.shapes, black_box(&a), black_box(&b), &f.bodies)
}

/// Corner to corner across the whole battlefield, round the terrain.
#[divan::bench]
fn shortest_path_across_the_battlefield() -> f32 {
    let f = fixture();
    warcry_sim::battlefield::forget_remembered();
    f.nav
        .shortest_path(
            &walker(),
            black_box(Vec3::new(1.0, 0.0, 1.0)),
            Goal::Point(Vec3::new(29.0, 0.0, 21.0)),
            &[],
            true,
        )
        .map(|p| p.cost)
        .unwrap_or(0.0)
}

#[divan::bench]
fn reachable_set_6_inches() -> usize {
    let f = fixture();
    warcry_sim::battlefield::forget_remembered();
    f.nav
        .reachable(
            &walker(),
            black_box(Vec3::new(12.0, 0.0, 17.0)),
            6.0,
            &[],
            true,
        )
        .len()
}

/// The solo AI's next decision (target, active fighter) at its first turn of round 2 of the
/// default battle.
#[divan::bench(sample_count = 30)]
fn solo_ai_next_decision(bencher: divan::Bencher) {
    use warcry_sim::rules::engine::{Engine, Pending};
    let spec = load_battle(&Embedded, DEFAULT_BATTLE).expect("default battle");
    let mut app = warcry_sim::sim::battle_app(&spec);
    let w = app.world_mut();
    loop {
        let e = w.resource::<Engine>();
        if e.round == 2
            && e.pending
                == (Pending::Turn {
                    side: warcry_sim::model::ids::Side::B,
                })
        {
            break;
        }
        if !warcry_sim::sim::auto_step(w).expect("legal") {
            break;
        }
    }
    bencher.bench_local(|| {
        warcry_sim::battlefield::forget_remembered();
        black_box(warcry_sim::ai::solo::decide(w))
    });
}

/// The solo AI's slowest decision in an AI-vs-AI battle of the default battle (its seed): the
/// battle is played once, timing each decision, then played again to that decision, which
/// is measured (with nothing remembered from the first time it was asked).
#[divan::bench(sample_count = 30)]
fn solo_ai_slowest_decision(bencher: divan::Bencher) {
    let spec = warcry_sim::sim::batch::ai_v_ai(
        &load_battle(&Embedded, DEFAULT_BATTLE).expect("default battle"),
    );
    let mut app = warcry_sim::sim::battle_app(&spec);
    let w = app.world_mut();
    let (mut slowest, mut at, mut step) = (std::time::Duration::ZERO, 0, 0);
    loop {
        warcry_sim::battlefield::forget_remembered();
        let start = std::time::Instant::now();
        let Some(cmd) = warcry_sim::sim::next_command(w) else {
            break;
        };
        if start.elapsed() > slowest {
            (slowest, at) = (start.elapsed(), step);
        }
        warcry_sim::rules::engine::apply(w, &cmd).expect("legal");
        step += 1;
    }
    let mut app = warcry_sim::sim::battle_app(&spec);
    let w = app.world_mut();
    for _ in 0..at {
        warcry_sim::sim::auto_step(w).expect("legal");
    }
    bencher.bench_local(|| {
        warcry_sim::battlefield::forget_remembered();
        black_box(warcry_sim::sim::next_command(w))
    });
}

/// One run of the rules schedule when the battle waits for a decision nobody has sent: what
/// driving the phases as Bevy systems adds to each command (a command costs one such run
/// more than its own work, plus one per automatic phase it reaches).
#[divan::bench]
fn rules_schedule_idle_run(bencher: divan::Bencher) {
    let spec = load_battle(&Embedded, DEFAULT_BATTLE).expect("default battle");
    let mut app = warcry_sim::sim::battle_app(&spec);
    let w = app.world_mut();
    bencher.bench_local(|| black_box(warcry_sim::rules::engine::run_rules(w)));
}

/// A whole AI-vs-AI battle of the default battle (seed 1): setup, every command, the end.
#[divan::bench(sample_count = 10)]
fn full_ai_battle() -> usize {
    let spec = warcry_sim::sim::batch::ai_v_ai(
        &load_battle(&Embedded, DEFAULT_BATTLE).expect("default battle"),
    );
    let (result, _) = warcry_sim::sim::run_one(&spec, 1).expect("the battle ends");
    black_box(result.commands)
}

/// The overlay feed's work in a frame after a decision (`--overlay-feed`): the battle as JSON
/// (`/state`) and the newest event as its message, at round 2 of the default battle. Frames
/// with no decision cost it nothing. `cargo bench --no-default-features --features feed`.
#[cfg(feature = "feed")]
#[divan::bench(sample_count = 50)]
fn overlay_feed_frame_after_a_decision(bencher: divan::Bencher) {
    use warcry_sim::feed::state::{event_message, state};
    use warcry_sim::rules::engine::Engine;
    use warcry_sim::rules::log::BattleLog;
    let spec = load_battle(&Embedded, DEFAULT_BATTLE).expect("default battle");
    let mut app = warcry_sim::sim::battle_app(&spec);
    let w = app.world_mut();
    while w.resource::<Engine>().round < 2 {
        warcry_sim::sim::auto_step(w).expect("legal");
    }
    bencher.bench_local(|| {
        let now = serde_json::to_vec(&state(w)).expect("serializes");
        let log = w.resource::<BattleLog>();
        let event = event_message(log, log.entries.len() - 1).expect("an event");
        black_box((now, serde_json::to_string(&event).expect("serializes")))
    });
}
