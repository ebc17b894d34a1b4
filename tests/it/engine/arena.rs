//! A small hand-built battle state for exact rule tests: the default battle set up on an empty
//! battlefield, every fighter held off the table until a test places it, 1" bases
//! (25.4 mm), and dice injected where the test needs exact rolls.

use bevy::prelude::*;

use warcry_sim::battlefield::Battlefield;
use warcry_sim::model::components::*;
use warcry_sim::model::dice::DiceRng;
use warcry_sim::model::formats::{BaseSize, FighterProfile, Mode, TerrainPiece, Weapon};
use warcry_sim::model::ruleset::Ruleset;
use warcry_sim::rules::command::{Command, Rejected};
use warcry_sim::rules::engine::{self, Engine, FighterView, Pending, world_hash};
use warcry_sim::rules::log::{BattleLog, Event, LogEntry};
use warcry_sim::scenario::load::{DEFAULT_BATTLE, Embedded, load_battle};
use warcry_sim::sim::battle_app;

pub struct Arena {
    pub app: App,
    terrain: Vec<TerrainPiece>,
}

/// An ability of our own (ABL-5): `effects` at `cost`, no runemarks, no text.
pub fn ability(
    name: &str,
    cost: warcry_sim::rules::abilities::DiceCost,
    effects: Vec<warcry_sim::model::effects::Effect>,
) -> warcry_sim::rules::abilities::AbilityDef {
    warcry_sim::rules::abilities::AbilityDef {
        id: None,
        name: name.into(),
        cost,
        runemarks: vec![],
        text: String::new(),
        effect: warcry_sim::rules::abilities::AbilityEffect::Effects(effects),
    }
}

pub fn weapon(range: f32, attacks: u32, strength: u32, damage: (u32, u32)) -> Weapon {
    Weapon {
        name: format!("W{range}"),
        runemark: None,
        min_range: 0.0,
        max_range: range,
        attacks,
        strength,
        damage,
    }
}

impl Arena {
    pub fn new() -> Self {
        let mut spec = load_battle(&Embedded, DEFAULT_BATTLE).unwrap();
        spec.terrain.pieces.clear();
        let mut app = battle_app(&spec);
        let world = app.world_mut();
        let ids: Vec<Entity> = world
            .query_filtered::<Entity, With<Fighter>>()
            .iter(world)
            .collect();
        for e in ids {
            world.entity_mut(e).insert(Presence::Reserve { round: 99 });
            std::sync::Arc::make_mut(&mut world.get_mut::<Profile>(e).unwrap().0).base =
                BaseSize::Round(25.4);
        }
        // The core rules (INI-3 order of wild dice); `solo()` switches to the solo mode.
        world.resource_mut::<BattleInfo>().mode = Mode::Standard;
        let mut a = Arena {
            app,
            terrain: Vec::new(),
        };
        a.rebuild();
        a
    }

    /// Solo mode: side 0 is the human, side 1 the automated warband (SOLO-S3).
    pub fn solo() -> Self {
        let mut a = Arena::new();
        a.world().resource_mut::<BattleInfo>().mode = Mode::Solo;
        a
    }

    pub fn world(&mut self) -> &mut World {
        self.app.world_mut()
    }

    fn rebuild(&mut self) {
        let rules = self.world().resource::<Ruleset>().clone();
        let bf = Battlefield::new(self.terrain.clone(), &rules);
        self.world().insert_resource(bf);
    }

    pub fn add_terrain(&mut self, piece: TerrainPiece) {
        self.terrain.push(piece);
        self.rebuild();
    }

    pub fn rules(&mut self, f: impl FnOnce(&mut Ruleset)) {
        f(&mut self.world().resource_mut::<Ruleset>());
    }

    fn entity(&mut self, id: FighterId) -> Entity {
        let w = self.world();
        w.query::<(Entity, &Fighter)>()
            .iter(w)
            .find(|(_, f)| f.id == id)
            .map(|(e, _)| e)
            .expect("fighter id exists")
    }

    /// Puts fighter `id` on the floor at (x, z).
    pub fn place(&mut self, id: FighterId, x: f32, z: f32) {
        self.place_at(id, Vec3::new(x, 0.0, z));
    }

    /// Puts fighter `id` with its base centre at `pos` (a platform top, say).
    pub fn place_at(&mut self, id: FighterId, pos: Vec3) {
        let e = self.entity(id);
        self.world()
            .entity_mut(e)
            .insert((Position(pos), Presence::Deployed));
    }

    pub fn profile(&mut self, id: FighterId, f: impl FnOnce(&mut FighterProfile)) {
        let e = self.entity(id);
        f(std::sync::Arc::make_mut(
            &mut self.world().get_mut::<Profile>(e).unwrap().0,
        ));
    }

    pub fn set<C: Component>(&mut self, id: FighterId, c: C) {
        let e = self.entity(id);
        self.world().entity_mut(e).insert(c);
    }

    pub fn fighter(&mut self, id: FighterId) -> FighterView {
        engine::fighter(self.world(), id).unwrap()
    }

    pub fn engine(&mut self) -> Mut<'_, Engine> {
        self.world().resource_mut::<Engine>()
    }

    /// Makes it `id`'s side's turn and activates it.
    pub fn activate(&mut self, id: FighterId) {
        let side = self.fighter(id).side;
        {
            let mut e = self.engine();
            e.pending = Pending::Turn { side };
            e.turn = side;
            e.activation = None;
        }
        self.apply(Command::Activate { fighter: id }).unwrap();
    }

    /// Gives `side` these ability dice (value, size), replacing its groups.
    pub fn give_dice(&mut self, side: Side, groups: &[(u8, u8)]) {
        self.engine().dice[side].groups = groups
            .iter()
            .map(|&(value, size)| warcry_sim::rules::initiative::DiceGroup {
                value,
                size,
                wild: false,
            })
            .collect();
    }

    /// The next dice rolled.
    pub fn dice(&mut self, d: &[u8]) {
        self.world().resource_mut::<DiceRng>().inject(d);
    }

    pub fn dice_left(&mut self) -> usize {
        self.world().resource::<DiceRng>().injected_left()
    }

    /// A plain move of `id` to `to` by the shortest way, picking up treasure on the way.
    pub fn walk(&mut self, id: FighterId, to: [f32; 3]) -> Result<(), Rejected> {
        self.apply(Command::Move {
            pick: None,
            fighter: id,
            to,
            pick_up: true,
            treasure: None,
            descend: None,
            via: vec![],
        })
    }

    /// `fighter` uses the ability `name` with dice showing `value` (aimed at `target`); a
    /// refusal reads "reason [RULE]".
    pub fn use_ability(
        &mut self,
        fighter: FighterId,
        name: &str,
        value: u8,
        target: Option<FighterId>,
    ) -> Result<(), String> {
        self.apply(Command::Ability {
            fighter,
            ability: name.into(),
            dice: value,
            target,
            place: None,
            choice: 0,
        })
        .map_err(|e| format!("{} [{}]", e.reason, e.rule))
    }

    pub fn apply(&mut self, c: Command) -> Result<(), Rejected> {
        engine::apply(self.world(), &c)
    }

    /// Applies a command the rules must reject and checks that nothing changed.
    pub fn rejected(&mut self, c: Command) -> Rejected {
        let before = world_hash(self.world());
        let log = self.log_len();
        let r = self.apply(c).expect_err("the rules forbid this command");
        assert_eq!(
            world_hash(self.world()),
            before,
            "a rejected command changed the world"
        );
        assert_eq!(
            self.log_len(),
            log,
            "a rejected command was logged as an event"
        );
        r
    }

    pub fn log_len(&mut self) -> usize {
        self.world().resource::<BattleLog>().entries.len()
    }

    pub fn log_since(&mut self, n: usize) -> Vec<LogEntry> {
        self.world().resource::<BattleLog>().entries[n..].to_vec()
    }

    /// An entry's sentence, with this battle's names.
    pub fn text_of(&mut self, e: &LogEntry) -> String {
        self.world().resource::<BattleLog>().text_of(e)
    }

    /// `f` attacks `t` with `weapon` (the rules must allow it); the attack's event.
    pub fn attack_logged(&mut self, f: FighterId, t: FighterId, weapon: usize) -> Event {
        let n = self.log_len();
        self.apply(Command::Attack {
            fighter: f,
            target: t,
            weapon,
        })
        .unwrap();
        self.attacks_since(n).into_iter().next().expect("an attack")
    }

    /// The attack events logged since entry `n`.
    pub fn attacks_since(&mut self, n: usize) -> Vec<Event> {
        self.log_since(n)
            .into_iter()
            .map(|e| e.event)
            .filter(|e| matches!(e, Event::Attack { .. }))
            .collect()
    }

    pub fn damage(&mut self, id: FighterId) -> u32 {
        self.fighter(id).damage
    }

    pub fn pending(&mut self) -> Pending {
        self.world().resource::<Engine>().pending
    }
}

impl Arena {
    /// Replaces the battle's objectives with these (index order), nobody controlling them.
    pub fn objectives(&mut self, at: &[(f32, f32)]) {
        let w = self.world();
        let old: Vec<Entity> = w
            .query_filtered::<Entity, With<Objective>>()
            .iter(w)
            .collect();
        for e in old {
            w.despawn(e);
        }
        for (index, &position) in at.iter().enumerate() {
            w.spawn(Objective { index, position });
        }
        w.resource_mut::<Engine>().control = vec![None; at.len()];
    }

    /// Ends the round: every placed fighter but `last` is marked activated, `last` is
    /// activated and ends its activation.
    pub fn end_round(&mut self, placed: &[FighterId], last: FighterId) {
        for &id in placed {
            if id != last {
                self.set(id, Activation::Activated);
            }
        }
        self.activate(last);
        self.apply(Command::EndActivation { fighter: last })
            .unwrap();
    }
}
