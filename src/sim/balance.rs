//! Whether a layout favours a side, in numbers (`simulate`): each battle's figures read from
//! its world at the end ([`Figures`]), summed into counts that add up exactly however the
//! battles were split between threads or machines ([`Counts`], merged by `simulate merge`),
//! and the summary a designer reads ([`Summary`]): wins per deployment colour (SET-5: red or
//! blue) and per warband with 95% Wilson intervals, draws, mean rounds and victory points,
//! fighters taken down, objectives held each round, and how often round 1's initiative won.

use crate::model::ids::FighterId;
use std::collections::BTreeMap;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::model::components::{BattleInfo, Fighter, Position, Presence, Side};
use crate::model::formats::Colour;
use crate::rules::engine::{Engine, Outcome};
use crate::rules::log::{BattleLog, Event};

/// Colours in the counts' order: red first.
pub const COLOURS: [Colour; 2] = [Colour::Red, Colour::Blue];

fn colour_index(c: Colour) -> usize {
    match c {
        Colour::Red => 0,
        Colour::Blue => 1,
    }
}

/// One finished battle, as balance sees it (by side: 0 and 1 of the battle played).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Figures {
    pub outcome: Option<Outcome>,
    pub rounds: u32,
    pub score: [u32; 2],
    /// SET-5: each side's deployment colour.
    pub colour: [Option<Colour>; 2],
    /// Each side's warband.
    pub warband: [String; 2],
    /// INI-1: the side with round 1's initiative.
    pub first_initiative: Option<Side>,
    /// ATK-5: each side's fighters taken down.
    pub lost: [u32; 2],
    /// VIC-1, GEN-7: the objectives each side held when each round was scored.
    pub held: Vec<[u32; 2]>,
    /// ATK-5: where each fighter taken down fell, (x, z) in inches, and the battlefield's
    /// size.
    pub downs: Vec<(f32, f32)>,
    pub battlefield: (f32, f32),
    /// MOVE-1, DIS-1: the 1" squares each move passed through, once per move.
    pub walked: Vec<(u8, u8)>,
    /// GEN-7: for each objective, the rounds at whose end each side held it.
    pub objective_rounds: Vec<[u32; 2]>,
}

/// The figures of the battle in `world`, at its end.
pub fn figures(world: &mut World) -> Figures {
    let side_of: BTreeMap<FighterId, Side> = world
        .query::<(&Fighter, &Side)>()
        .iter(world)
        .map(|(f, s)| (f.id, *s))
        .collect();
    let downs: Vec<(f32, f32)> = world
        .query::<(&Presence, &Position)>()
        .iter(world)
        .filter(|(p, _)| **p == Presence::TakenDown)
        .map(|(_, at)| (at.0.x, at.0.z))
        .collect();
    let battlefield = world
        .get_resource::<crate::model::ruleset::Ruleset>()
        .map_or((30.0, 22.0), |r| r.battlefield);
    let info = world.resource::<BattleInfo>();
    let eng = world.resource::<Engine>();
    let log = world.resource::<BattleLog>();
    let mut f = Figures {
        outcome: eng.outcome,
        rounds: eng.round,
        score: eng.score,
        colour: [info.sides[0].colour, info.sides[1].colour],
        warband: [info.sides[0].name.clone(), info.sides[1].name.clone()],
        first_initiative: None,
        lost: [0; 2],
        held: Vec::new(),
        downs,
        battlefield,
        walked: super::trails::walked_squares(log),
        objective_rounds: super::trails::objective_rounds(log, eng.control.len()),
    };
    for e in &log.entries {
        match &e.event {
            Event::Initiative { side, .. } if e.round == 1 && f.first_initiative.is_none() => {
                f.first_initiative = Some(*side);
            }
            Event::TakenDown { fighter } => {
                if let Some(&s) = side_of.get(fighter) {
                    f.lost[s] += 1;
                }
            }
            Event::Score {
                side, objectives, ..
            } => {
                let r = e.round.max(1) as usize;
                if f.held.len() < r {
                    f.held.resize(r, [0; 2]);
                }
                f.held[r - 1][*side] = *objectives;
            }
            _ => {}
        }
    }
    f
}

/// A warband's battles and wins.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub battles: u64,
    pub wins: u64,
}

/// Sums over battles that ended, exact under merging (every field adds).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Counts {
    /// Battles that ended with each colour's side winning: red, blue.
    pub wins_by_colour: [u64; 2],
    /// Battles played and won by each warband, by name.
    pub warbands: BTreeMap<String, Record>,
    /// Victory points and fighters taken down, by colour: red, blue.
    pub points_by_colour: [u64; 2],
    pub lost_by_colour: [u64; 2],
    /// For each round: the battles scored that round and the objectives each colour held,
    /// summed.
    pub scored_rounds: Vec<u64>,
    pub held_by_round: Vec<[u64; 2]>,
    /// Battles with a winner, and those the side with round 1's initiative won.
    pub decided: u64,
    pub initiative_wins: u64,
    /// ATK-5: fighters taken down in each 1" square of the battlefield, row by row (`z`),
    /// `downs_size` squares wide and deep.
    #[serde(default)]
    pub downs_size: [u32; 2],
    #[serde(default)]
    pub downs: Vec<u64>,
    /// MOVE-1, DIS-1: moves through each 1" square (the same grid as `downs`).
    #[serde(default)]
    pub walked: Vec<u64>,
    /// GEN-7: for each objective, the battle rounds at whose end each colour (red, blue) held
    /// it, summed.
    #[serde(default)]
    pub objective_rounds: Vec<[u64; 2]>,
}

impl Counts {
    /// Adds one ended battle.
    pub fn add(&mut self, f: &Figures) {
        let colour = f.colour.map(|c| c.map(colour_index));
        for (s, warband) in f.warband.iter().enumerate() {
            self.warbands.entry(warband.clone()).or_default().battles += 1;
            if let Some(c) = colour[s] {
                self.points_by_colour[c] += u64::from(f.score[s]);
                self.lost_by_colour[c] += u64::from(f.lost[s]);
            }
        }
        if let Some(Outcome::Winner(w)) = f.outcome {
            self.decided += 1;
            if let Some(c) = colour[w] {
                self.wins_by_colour[c] += 1;
            }
            if let Some(r) = self.warbands.get_mut(&f.warband[w]) {
                r.wins += 1;
            }
            if f.first_initiative == Some(w) {
                self.initiative_wins += 1;
            }
        }
        self.add_held(&f.held, colour);
        self.add_places(f, colour);
    }

    fn add_places(&mut self, f: &Figures, colour: [Option<usize>; 2]) {
        let size = [f.battlefield.0.ceil() as u32, f.battlefield.1.ceil() as u32];
        if self.downs.is_empty() {
            self.downs_size = size;
            self.downs = vec![0; (size[0] * size[1]) as usize];
        }
        if self.walked.len() != self.downs.len() {
            self.walked = vec![0; self.downs.len()];
        }
        let [w, h] = self.downs_size;
        let square = |x: u32, z: u32| (z.min(h - 1) * w + x.min(w - 1)) as usize;
        for &(x, z) in &f.downs {
            self.downs[square(x.max(0.0) as u32, z.max(0.0) as u32)] += 1;
        }
        for &(x, z) in &f.walked {
            self.walked[square(u32::from(x), u32::from(z))] += 1;
        }
        if self.objective_rounds.len() < f.objective_rounds.len() {
            self.objective_rounds
                .resize(f.objective_rounds.len(), [0; 2]);
        }
        for (o, held) in f.objective_rounds.iter().enumerate() {
            for (s, c) in colour.iter().enumerate() {
                if let Some(c) = c {
                    self.objective_rounds[o][*c] += u64::from(held[s]);
                }
            }
        }
    }

    fn add_held(&mut self, held: &[[u32; 2]], colour: [Option<usize>; 2]) {
        if self.held_by_round.len() < held.len() {
            self.held_by_round.resize(held.len(), [0; 2]);
            self.scored_rounds.resize(held.len(), 0);
        }
        for (r, h) in held.iter().enumerate() {
            self.scored_rounds[r] += 1;
            for s in 0..2 {
                if let Some(c) = colour[s] {
                    self.held_by_round[r][c] += u64::from(h[s]);
                }
            }
        }
    }

    /// Adds another run's counts (another shard of the same battles).
    pub fn merge(&mut self, o: &Counts) {
        for c in 0..2 {
            self.wins_by_colour[c] += o.wins_by_colour[c];
            self.points_by_colour[c] += o.points_by_colour[c];
            self.lost_by_colour[c] += o.lost_by_colour[c];
        }
        for (name, r) in &o.warbands {
            let mine = self.warbands.entry(name.clone()).or_default();
            mine.battles += r.battles;
            mine.wins += r.wins;
        }
        if self.held_by_round.len() < o.held_by_round.len() {
            self.held_by_round.resize(o.held_by_round.len(), [0; 2]);
            self.scored_rounds.resize(o.held_by_round.len(), 0);
        }
        for (r, h) in o.held_by_round.iter().enumerate() {
            self.scored_rounds[r] += o.scored_rounds[r];
            self.held_by_round[r][0] += h[0];
            self.held_by_round[r][1] += h[1];
        }
        self.decided += o.decided;
        self.initiative_wins += o.initiative_wins;
        if self.downs.is_empty() {
            self.downs_size = o.downs_size;
            self.downs = o.downs.clone();
            self.walked = o.walked.clone();
        } else if self.downs_size == o.downs_size {
            add_up(&mut self.downs, &o.downs);
            add_up(&mut self.walked, &o.walked);
        }
        if self.objective_rounds.len() < o.objective_rounds.len() {
            self.objective_rounds
                .resize(o.objective_rounds.len(), [0; 2]);
        }
        for (a, b) in self.objective_rounds.iter_mut().zip(&o.objective_rounds) {
            a[0] += b[0];
            a[1] += b[1];
        }
    }
}

/// `a += b`, square by square (a grid missing from an older report counts nothing).
fn add_up(a: &mut Vec<u64>, b: &[u64]) {
    if a.len() < b.len() {
        a.resize(b.len(), 0);
    }
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

/// A share with its 95% interval.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Share {
    pub count: u64,
    pub of: u64,
    pub share: f64,
    /// The 95% Wilson score interval of the share.
    pub ci95: [f64; 2],
}

/// `k` of `n` with its 95% Wilson score interval (which, unlike the normal approximation, stays
/// inside 0..1 and holds for small `n` and shares near 0 or 1).
pub fn wilson(k: u64, n: u64) -> Share {
    if n == 0 {
        return Share {
            count: k,
            of: n,
            share: 0.0,
            ci95: [0.0, 1.0],
        };
    }
    let z = 1.959_963_984_540_054_f64;
    let (k, nf) = (k as f64, n as f64);
    let p = k / nf;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * nf)) / (1.0 + z2 / nf);
    let half = z * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt() / (1.0 + z2 / nf);
    let round = |x: f64| (x.clamp(0.0, 1.0) * 1e4).round() / 1e4;
    Share {
        count: k as u64,
        of: n,
        share: round(p),
        ci95: [round(centre - half), round(centre + half)],
    }
}

/// What a designer reads: derived from [`Counts`] and the battles that ended.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    /// Wins of the red and of the blue side, among the battles that ended.
    pub red_wins: Share,
    pub blue_wins: Share,
    pub draws: Share,
    /// Each warband's wins among the battles it played that ended.
    pub warbands: Vec<WarbandLine>,
    pub mean_rounds: f64,
    /// Per battle, by colour.
    pub mean_victory_points: ByColour,
    pub mean_fighters_taken_down: ByColour,
    /// The mean objectives each colour held when each round was scored (rounds 1, 2, ...).
    pub objectives_held_by_round: Vec<RoundLine>,
    /// Wins of the side with round 1's initiative, among battles with a winner.
    pub round1_initiative_wins: Share,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct WarbandLine {
    pub warband: String,
    pub wins: Share,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct ByColour {
    pub red: f64,
    pub blue: f64,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct RoundLine {
    pub round: usize,
    pub battles: u64,
    pub red: f64,
    pub blue: f64,
}

/// `sum / n` (none counted as one), to 4 decimals: the report's means.
pub fn mean(sum: u64, n: u64) -> f64 {
    ((sum as f64 / n.max(1) as f64) * 1e4).round() / 1e4
}

impl Summary {
    /// The summary of `c`, over `ended` battles that ended (`draws` of them drawn, `rounds`
    /// played in all).
    pub fn of(c: &Counts, rounds: u64, ended: u64, draws: u64) -> Self {
        let by = |v: [u64; 2]| ByColour {
            red: mean(v[0], ended),
            blue: mean(v[1], ended),
        };
        Summary {
            red_wins: wilson(c.wins_by_colour[0], ended),
            blue_wins: wilson(c.wins_by_colour[1], ended),
            draws: wilson(draws, ended),
            warbands: c
                .warbands
                .iter()
                .map(|(name, r)| WarbandLine {
                    warband: name.clone(),
                    wins: wilson(r.wins, r.battles),
                })
                .collect(),
            mean_rounds: mean(rounds, ended),
            mean_victory_points: by(c.points_by_colour),
            mean_fighters_taken_down: by(c.lost_by_colour),
            objectives_held_by_round: c
                .held_by_round
                .iter()
                .zip(&c.scored_rounds)
                .enumerate()
                .map(|(r, (h, &n))| RoundLine {
                    round: r + 1,
                    battles: n,
                    red: mean(h[0], n),
                    blue: mean(h[1], n),
                })
                .collect(),
            round1_initiative_wins: wilson(c.initiative_wins, c.decided),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-3
    }

    /// The Wilson interval, worked by hand: 50 of 100 is 0.5 in [0.4038, 0.5962]; 0 of 10
    /// is [0, 0.2775]; none of none says nothing.
    #[test]
    fn wilson_intervals_match_the_hand_worked_values() {
        let s = wilson(50, 100);
        assert!(close(s.share, 0.5) && close(s.ci95[0], 0.4038) && close(s.ci95[1], 0.5962));
        let s = wilson(0, 10);
        assert!(close(s.ci95[0], 0.0) && close(s.ci95[1], 0.2775), "{s:?}");
        assert_eq!(wilson(0, 0).ci95, [0.0, 1.0]);
    }

    fn battle(winner: Side, red: Side, held: Vec<[u32; 2]>) -> Figures {
        let mut colour = [Some(Colour::Blue); 2];
        colour[red] = Some(Colour::Red);
        Figures {
            outcome: Some(Outcome::Winner(winner)),
            rounds: 4,
            score: [3, 5],
            colour,
            warband: ["Ironclad".into(), "Ashen".into()],
            first_initiative: Some(Side::A),
            lost: [2, 1],
            held,
            downs: vec![(0.5, 0.5), (29.9, 21.9)],
            battlefield: (30.0, 22.0),
            walked: vec![(0, 0), (1, 0), (29, 21)],
            objective_rounds: vec![[2, 1]],
        }
    }

    /// SET-5, VIC-1: wins go to the winner's colour and warband; points, losses and
    /// objectives held go to each side's colour; counts split in two and merged equal the
    /// counts of the whole.
    #[test]
    fn set5_vic1_counts_by_colour_and_warband_and_merge_exactly() {
        let battles = [
            battle(Side::A, Side::A, vec![[1, 0], [2, 1]]),
            battle(Side::B, Side::A, vec![[0, 2]]),
            battle(Side::B, Side::B, vec![]),
        ];
        let mut whole = Counts::default();
        battles.iter().for_each(|b| whole.add(b));
        assert_eq!(whole.wins_by_colour, [2, 1], "red won twice");
        assert_eq!(
            whole.warbands["Ashen"],
            Record {
                battles: 3,
                wins: 2
            }
        );
        assert_eq!(whole.points_by_colour, [3 + 3 + 5, 5 + 5 + 3]);
        assert_eq!(whole.held_by_round, vec![[1, 2], [2, 1]]);
        assert_eq!(whole.scored_rounds, vec![2, 1]);
        assert_eq!((whole.decided, whole.initiative_wins), (3, 1));
        // ATK-5: where they fell, by the inch: the top-left and bottom-right squares.
        assert_eq!(
            (whole.downs_size, whole.downs[0], whole.downs[30 * 22 - 1]),
            ([30, 22], 3, 3)
        );
        // MOVE-1: the squares walked through, on the same grid.
        assert_eq!(
            (whole.walked[0], whole.walked[1], whole.walked[30 * 22 - 1]),
            (3, 3, 3)
        );
        // GEN-7: rounds held by colour: side 0 was red twice, blue once.
        assert_eq!(whole.objective_rounds, vec![[2 + 2 + 1, 1 + 1 + 2]]);
        let (mut a, mut b) = (Counts::default(), Counts::default());
        a.add(&battles[0]);
        battles[1..].iter().for_each(|x| b.add(x));
        a.merge(&b);
        assert_eq!(a, whole);
        let s = Summary::of(&whole, 12, 3, 0);
        assert!(close(s.mean_rounds, 4.0));
        assert!(close(s.red_wins.share, 2.0 / 3.0));
        assert_eq!(s.objectives_held_by_round[0].battles, 2);
    }
}
