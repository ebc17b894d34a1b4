//! A battle played with other cards: its deployment and victory cards replaced by given files
//! (`simulate --deployment/--victory`), and every deployment card against every victory card
//! (`simulate --every-card`).
//!
//! The replacement cards go through the loader that loads the battle's own: each card file is
//! loaded and validated against the battle's ruleset (its problems as `path:line:col`), then
//! the whole battle is loaded again with the battle's own card files swapped for the given
//! ones, so every check of a battle over its cards (e.g. a victory card that scores objectives
//! needs a deployment card that places some) refuses a pair the way it refuses a battle file.

use serde::Serialize;

use super::batch::{Plan, Tally, ai_v_ai, in_file_order, judge, parallel, swapped};
use crate::model::formats::Battle;
use crate::scenario::load::{
    self, BattleSpec, Disk, Embedded, Problems, SceneSource, normalize, relative_to,
};

/// Where a battle file and the cards played with it come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Disk,
    /// The embedded default battle and the files it names.
    Embedded,
}

impl Origin {
    pub fn source(self) -> &'static dyn SceneSource {
        match self {
            Origin::Disk => &Disk,
            Origin::Embedded => &Embedded,
        }
    }
}

/// Why a battle can't be played with the given cards.
#[derive(Debug, thiserror::Error)]
pub enum CardError {
    /// The battle file itself can't be read again.
    #[error("{0}")]
    Battle(String),
    /// A card file can't be read, or fails the loader's checks (`path:line:col: ...` lines).
    #[error("{0}")]
    Card(Problems),
    /// Both cards load, but the loader refuses the battle with this pair.
    #[error("deployment card {deployment} with victory card {victory}: {reason}")]
    Refused {
        deployment: String,
        victory: String,
        reason: String,
    },
}

/// `spec` (loaded from `spec.file` in `battle_src`) with its deployment and/or victory card
/// replaced by the card files `deployment` / `victory` of `cards_src`.
pub fn with_cards(
    spec: &BattleSpec,
    battle_src: &dyn SceneSource,
    cards_src: &dyn SceneSource,
    deployment: Option<&str>,
    victory: Option<&str>,
) -> Result<BattleSpec, CardError> {
    let (own_deployment, own_victory) = own_cards(spec, battle_src)?;
    let mut problems = Problems::default();
    if let Some(d) = deployment {
        load::load_deployment(cards_src, d, &spec.ruleset, &mut problems);
    }
    if let Some(v) = victory {
        load::load_victory(cards_src, v, &spec.ruleset, &mut problems);
    }
    if !problems.is_empty() {
        problems.0.sort();
        problems.0.dedup();
        return Err(CardError::Card(problems));
    }
    let swapped = Swapped {
        battle_src,
        cards_src,
        swaps: [
            (own_deployment.clone(), deployment),
            (own_victory.clone(), victory),
        ]
        .into_iter()
        .filter_map(|(own, new)| Some((own, normalize(new?))))
        .collect(),
    };
    let reloaded = load::load_battle(&swapped, &spec.file).map_err(|p| CardError::Refused {
        deployment: deployment.map_or(own_deployment, str::to_string),
        victory: victory.map_or(own_victory, str::to_string),
        reason: refusal(&p, &spec.file),
    })?;
    let mut out = spec.clone();
    out.deployment = reloaded.deployment;
    out.victory = reloaded.victory;
    Ok(out)
}

/// The paths of the deployment and victory card files the battle file names.
fn own_cards(spec: &BattleSpec, src: &dyn SceneSource) -> Result<(String, String), CardError> {
    let battle: Battle = crate::scenario::load::read_scene(src, &spec.file)
        .map_err(|p| CardError::Battle(p.to_string().trim_end().to_string()))?;
    Ok((
        relative_to(&spec.file, &battle.deployment),
        relative_to(&spec.file, &battle.victory),
    ))
}

/// The loader's problems with a swapped battle, on one line. Those it reports at the battle
/// file are about the pair, and their positions are those of the battle's own cards: left out.
fn refusal(problems: &Problems, battle_file: &str) -> String {
    let battle_file = normalize(battle_file);
    problems
        .0
        .iter()
        .map(|p| {
            if normalize(&p.file) == battle_file {
                p.message.clone()
            } else {
                p.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The battle's files, with some files (the battle's own cards) read from other paths.
struct Swapped<'a> {
    battle_src: &'a dyn SceneSource,
    cards_src: &'a dyn SceneSource,
    /// (the battle's own file, normalized; the file read instead).
    swaps: Vec<(String, String)>,
}

impl SceneSource for Swapped<'_> {
    fn read(&self, path: &str) -> Result<String, String> {
        let want = normalize(path);
        match self.swaps.iter().find(|(own, _)| *own == want) {
            Some((_, instead)) => self.cards_src.read(instead),
            None => self.battle_src.read(path),
        }
    }
}

/// The deployment and victory card files a battle can be played with. On disk: the `.ron`
/// files of the folders `../deployment` and `../victory` next to the battle file. The
/// embedded default battle embeds only the cards it names (the embedded set has no others,
/// and no listing): those.
pub fn card_files(spec: &BattleSpec, origin: Origin) -> Result<(Vec<String>, Vec<String>), String> {
    match origin {
        Origin::Embedded => {
            let (d, v) = own_cards(spec, origin.source()).map_err(|e| e.to_string())?;
            Ok((vec![d], vec![v]))
        }
        Origin::Disk => Ok((
            ron_files(&relative_to(&spec.file, "../deployment"))?,
            ron_files(&relative_to(&spec.file, "../victory"))?,
        )),
    }
}

/// The `.ron` files of a folder, sorted.
fn ron_files(folder: &str) -> Result<Vec<String>, String> {
    let entries =
        std::fs::read_dir(folder).map_err(|e| format!("{folder}: cannot list the folder: {e}"))?;
    let mut files: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ron"))
        .map(|p| normalize(&p.to_string_lossy()))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("{folder}: no .ron files in the folder"));
    }
    Ok(files)
}

/// The figures of one deployment card with one victory card.
#[derive(Debug, Clone, Serialize)]
pub struct PairReport {
    pub deployment: String,
    pub victory: String,
    /// Battles played (0 when the pair is refused), their outcomes, stalls and errors.
    #[serde(flatten)]
    pub tally: Tally,
    /// Why the loader refuses the pair (no battle played).
    pub refused: Option<String>,
}

impl PairReport {
    fn new(deployment: &str, victory: &str, t: Tally, refused: Option<String>) -> Self {
        PairReport {
            deployment: deployment.to_string(),
            victory: victory.to_string(),
            tally: t,
            refused,
        }
    }
}

/// Sums over every pair.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CardTotals {
    pub pairs: usize,
    pub refused: usize,
    pub battles: usize,
    pub wins: [usize; 2],
    pub draws: usize,
    pub stalls: usize,
    pub errors: usize,
    pub ms_per_battle: f64,
}

impl CardTotals {
    fn of(pairs: &[PairReport]) -> Self {
        let mut t = CardTotals {
            pairs: pairs.len(),
            ..CardTotals::default()
        };
        for p in pairs {
            t.refused += usize::from(p.refused.is_some());
            t.battles += p.tally.battles;
            t.wins[0] += p.tally.wins[0];
            t.wins[1] += p.tally.wins[1];
            t.draws += p.tally.draws;
            t.stalls += p.tally.stalls;
            t.errors += p.tally.errors.len();
        }
        t
    }
}

/// Every deployment card against every victory card (the JSON `simulate --every-card` prints).
#[derive(Debug, Clone, Serialize)]
pub struct EveryCardReport {
    pub battle: String,
    pub battles_per_pair: usize,
    pub first_seed: u64,
    pub threads: usize,
    pub pairs: Vec<PairReport>,
    pub totals: CardTotals,
}

impl EveryCardReport {
    /// No battle of any pair errored or stalled (refused pairs are not played).
    pub fn all_ended(&self) -> bool {
        self.totals.errors == 0 && self.totals.stalls == 0
    }
}

/// Plays `n` AI-vs-AI battles (the battles of `simulate`: seeds from `first_seed`, each
/// twice, the warbands swapped) for every deployment card with every victory card of
/// [`card_files`], all on `threads` threads.
pub fn every_card(
    spec: &BattleSpec,
    origin: Origin,
    n: usize,
    first_seed: u64,
    threads: usize,
) -> Result<EveryCardReport, String> {
    let (deployments, victories) = card_files(spec, origin)?;
    let src = origin.source();
    let mut pairs = Vec::new();
    for d in &deployments {
        for v in &victories {
            let played = with_cards(spec, src, src, Some(d), Some(v));
            pairs.push((d, v, played.map(|s| ai_v_ai(&s))));
        }
    }
    let playable: Vec<[BattleSpec; 2]> = pairs
        .iter()
        .filter_map(|p| p.2.as_ref().ok())
        .map(|s| [s.clone(), swapped(s)])
        .collect();
    let start = std::time::Instant::now();
    // As `simulate`: each seed twice, the second time with the warbands swapped, so that a
    // colour's wins (SET-5) are not one warband's.
    let plan = Plan::whole(n, first_seed);
    let verdicts = parallel(playable.len() * n, threads, |i| {
        let (seed, swap) = plan.battle(i % n);
        let v = judge(&playable[i / n][usize::from(swap)], seed);
        if swap { in_file_order(v) } else { v }
    });
    let took = start.elapsed().as_secs_f64() * 1000.0;
    let mut chunks = verdicts.chunks(n.max(1));
    let reports: Vec<PairReport> = pairs
        .iter()
        .map(|(d, v, played)| match played {
            Ok(_) => PairReport::new(d, v, Tally::of(chunks.next().unwrap_or(&[])), None),
            Err(e) => {
                let why = e.to_string().trim_end().to_string();
                PairReport::new(d, v, Tally::default(), Some(why))
            }
        })
        .collect();
    let mut totals = CardTotals::of(&reports);
    totals.ms_per_battle = took * threads.max(1) as f64 / totals.battles.max(1) as f64;
    Ok(EveryCardReport {
        battle: spec.name.clone(),
        battles_per_pair: n,
        first_seed,
        threads: threads.max(1),
        pairs: reports,
        totals,
    })
}
