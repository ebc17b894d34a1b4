//! Where a battle happened, read from its log for the balance heatmaps: the squares of the
//! battlefield its fighters walked through (MOVE-1, DIS-1) and which side held each objective
//! at the end of each battle round (GEN-7).

use crate::model::ids::Side;
use std::collections::BTreeSet;

use crate::rules::log::{BattleLog, Event};

/// Every 1" square each move and disengage passed through (once per move), as the square's
/// (column, row): a byte each (battlefields are far under 255" across), so that the figures
/// of ten thousand battles kept for a report stay small.
pub fn walked_squares(log: &BattleLog) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    for e in &log.entries {
        let path = match &e.event {
            Event::Move { path, .. } | Event::Disengage { path, .. } => path,
            _ => continue,
        };
        let mut squares = BTreeSet::new();
        for leg in path.windows(2) {
            let (a, b) = (leg[0], leg[1]);
            let length = ((b[0] - a[0]).powi(2) + (b[2] - a[2]).powi(2)).sqrt();
            // Samples every quarter inch: no 1" square crossed is skipped.
            let n = (length * 4.0).ceil().max(1.0) as usize;
            for i in 0..=n {
                let t = i as f32 / n as f32;
                let (x, z) = (a[0] + (b[0] - a[0]) * t, a[2] + (b[2] - a[2]) * t);
                squares.insert((x.clamp(0.0, 255.0) as u8, z.clamp(0.0, 255.0) as u8));
            }
        }
        out.extend(squares);
    }
    out
}

/// GEN-7: for each of `objectives` objectives, the battle rounds at whose end each side
/// (0, 1) held it.
pub fn objective_rounds(log: &BattleLog, objectives: usize) -> Vec<[u32; 2]> {
    let mut holder: Vec<Option<Side>> = vec![None; objectives];
    let mut rounds = vec![[0u32; 2]; objectives];
    let mut round = None;
    let count = |holder: &[Option<Side>], rounds: &mut [[u32; 2]]| {
        for (h, r) in holder.iter().zip(rounds.iter_mut()) {
            if let Some(s) = h {
                r[*s] += 1;
            }
        }
    };
    for e in &log.entries {
        if round.is_some_and(|r| e.round > r) {
            count(&holder, &mut rounds);
        }
        round = Some(e.round);
        if let Event::Control {
            objective, side, ..
        } = e.event
            && let Some(h) = holder.get_mut(objective)
        {
            *h = Some(side);
        }
    }
    if round.is_some() {
        count(&holder, &mut rounds);
    }
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::load::{DEFAULT_BATTLE, Embedded, load_battle};
    use crate::sim::batch::ai_v_ai;

    /// GEN-7, VIC-1: over a whole battle of Hold the Cairns, the rounds each side held each
    /// objective add up to the objectives its Score lines counted, round by round; MOVE-1:
    /// every move's last square is among the squares walked.
    #[test]
    fn gen7_vic1_objective_rounds_add_up_to_the_scores_and_moves_end_on_walked_squares() {
        let spec = ai_v_ai(&load_battle(&Embedded, DEFAULT_BATTLE).unwrap());
        let (_, mut app) = crate::sim::run_one(&spec, 3).unwrap();
        let world = app.world_mut();
        let log = world.resource::<BattleLog>();
        let objectives = world
            .resource::<crate::rules::engine::Engine>()
            .control
            .len();
        assert_eq!(objectives, 5);
        let rounds = objective_rounds(log, objectives);
        let mut scored = [0u32; 2];
        for e in &log.entries {
            if let Event::Score {
                side, objectives, ..
            } = e.event
            {
                scored[side] += objectives;
            }
        }
        let held = [0, 1].map(|s| rounds.iter().map(|r| r[s]).sum::<u32>());
        assert_eq!(held, scored);
        assert!(held[0] + held[1] > 0, "someone held an objective");
        let walked = walked_squares(log);
        let mut moves = 0;
        for e in &log.entries {
            if let Event::Move { path, .. } = &e.event {
                let end = path.last().unwrap();
                assert!(walked.contains(&(end[0] as u8, end[2] as u8)));
                moves += 1;
            }
        }
        assert!(moves > 0 && walked.len() >= moves);
    }
}
