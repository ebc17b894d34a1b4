//! The cards a battle can be played with (SET-4): for each kind (terrain, deployment, victory,
//! twist), the card files in the folder beside the battle's own (`../terrain/*.ron`, ...),
//! each loaded and checked. The setup screen offers them; a player keeps the battle file's
//! card, picks one, or has one drawn at random from the seed (so the same seed and choices
//! draw the same cards).

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use crate::model::formats::{Battle, Choices, DeploymentCard, TerrainCard, TwistCard, VictoryCard};
use crate::model::ruleset::Ruleset;
use crate::scenario::load::{
    Problems, SceneSource, load_deployment, load_terrain, load_twist, load_victory, load_warband,
    normalize, relative_to,
};

/// Where one kind of card's file goes in [`Choices`].
type Slot = fn(&mut Choices) -> &mut Option<String>;

/// How a player picks one kind of card.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Pick {
    /// The card the battle file names.
    #[default]
    AsFile,
    /// One drawn from the deck with the battle's seed.
    Random,
    /// This card file (relative to the battle file, as a battle file names it).
    Card(String),
}

/// The cards of one kind, each as (its path relative to the battle file, the card).
#[derive(Debug, Clone)]
pub struct Deck<T> {
    pub cards: Vec<(String, T)>,
    /// The card the battle file names (relative to it).
    pub own: String,
}

impl<T> Deck<T> {
    /// The files `pick` may stand for, in the order to try them (`None`: the battle file's
    /// own): one for a kept or picked card, every card shuffled by `rng` for a random draw.
    fn candidates(&self, pick: &Pick, rng: &mut ChaCha8Rng) -> Vec<Option<String>> {
        match pick {
            Pick::AsFile => vec![None],
            Pick::Card(f) => vec![Some(f.clone())],
            Pick::Random => {
                let mut files: Vec<Option<String>> =
                    self.cards.iter().map(|(f, _)| Some(f.clone())).collect();
                // Fisher-Yates, with the draw's own stream.
                for i in (1..files.len()).rev() {
                    files.swap(i, rng.random_range(0..=i));
                }
                if files.is_empty() {
                    files.push(None);
                }
                files
            }
        }
    }

    /// The card `pick` stands for, when it names one (not a random draw).
    pub fn card(&self, pick: &Pick) -> Option<&T> {
        let file = match pick {
            Pick::AsFile => &self.own,
            Pick::Card(f) => f,
            Pick::Random => return None,
        };
        let want = normalize(file);
        self.cards
            .iter()
            .find(|(f, _)| normalize(f) == want)
            .map(|(_, c)| c)
    }
}

/// Every card a battle can be played with.
#[derive(Debug, Clone)]
pub struct Decks {
    pub terrain: Deck<TerrainCard>,
    pub deployment: Deck<DeploymentCard>,
    pub victory: Deck<VictoryCard>,
    pub twist: Deck<TwistCard>,
    /// The warband files beside the battle's (`../warbands/*.ron`, those that load), with
    /// each warband's name: a side may play one instead of the battle's.
    pub warbands: Deck<String>,
}

/// The player's pick for each kind of card.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Picks {
    pub terrain: Pick,
    pub deployment: Pick,
    pub victory: Pick,
    pub twist: Pick,
}

impl Decks {
    /// The decks beside the battle file `file` (read from `src`; the folders are listed on
    /// the disk). A card file that doesn't load is left out: the battle can't be played with
    /// it, and `check` reports why.
    pub fn beside(src: &dyn SceneSource, file: &str, battle: &Battle, rules: &Ruleset) -> Self {
        Decks {
            terrain: deck(src, file, "terrain", &battle.terrain, |s, p, pr| {
                load_terrain(s, p, rules, pr)
            }),
            deployment: deck(src, file, "deployment", &battle.deployment, |s, p, pr| {
                load_deployment(s, p, rules, pr)
            }),
            victory: deck(src, file, "victory", &battle.victory, |s, p, pr| {
                load_victory(s, p, rules, pr)
            }),
            twist: deck(src, file, "twist", &battle.twist, |s, p, pr| {
                load_twist(s, p, rules, pr)
            }),
            warbands: {
                let own = battle.sides.first().map_or("", |s| s.warband.as_str());
                deck(src, file, "warbands", own, |s, p, pr| {
                    load_warband(s, p, rules, None, pr).map(|w| w.warband.name)
                })
            },
        }
    }

    /// The choices `picks` make, random draws made with `seed` (the same seed and picks draw
    /// the same cards), in SET-4's order: terrain, deployment, victory, twist. A random draw
    /// skips a card the battle can't be played with so far (`playable` says no: e.g. a
    /// victory card that scores objectives with a deployment card that places none).
    pub fn choose(&self, picks: &Picks, seed: u64, playable: impl Fn(&Choices) -> bool) -> Choices {
        // Its own stream, apart from the battle's dice (which the seed also starts).
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5E7_4CA2D5);
        let mut c = Choices::default();
        let kinds: [(Vec<Option<String>>, Slot); 4] = [
            (self.terrain.candidates(&picks.terrain, &mut rng), |c| {
                &mut c.terrain
            }),
            (
                self.deployment.candidates(&picks.deployment, &mut rng),
                |c| &mut c.deployment,
            ),
            (self.victory.candidates(&picks.victory, &mut rng), |c| {
                &mut c.victory
            }),
            (self.twist.candidates(&picks.twist, &mut rng), |c| {
                &mut c.twist
            }),
        ];
        for (candidates, slot) in kinds {
            let first = candidates.first().cloned().flatten();
            let fits = candidates.into_iter().find(|f| {
                let mut trial = c.clone();
                *slot(&mut trial) = f.clone();
                playable(&trial)
            });
            // Nothing fits: the first, so that the loader says why.
            *slot(&mut c) = fits.unwrap_or(first);
        }
        c
    }
}

/// The cards of `kind` beside `file`: the `.ron` files of `../{kind}`, and the battle's own
/// card `own` (named relative to the battle file) wherever it is.
fn deck<T>(
    src: &dyn SceneSource,
    file: &str,
    kind: &str,
    own: &str,
    load: impl Fn(&dyn SceneSource, &str, &mut Problems) -> Option<T>,
) -> Deck<T> {
    let folder = relative_to(file, &format!("../{kind}"));
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".ron"))
                .map(|n| format!("../{kind}/{n}"))
                .collect()
        })
        .unwrap_or_default();
    if !names.iter().any(|n| normalize(n) == normalize(own)) {
        names.push(own.to_string());
    }
    names.sort();
    let cards = names
        .into_iter()
        .filter_map(|rel| {
            let mut problems = Problems::default();
            let card = load(src, &relative_to(file, &rel), &mut problems)?;
            problems.is_empty().then_some((rel, card))
        })
        .collect();
    Deck {
        cards,
        own: own.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::load::{DEFAULT_BATTLE, EmbeddedThenDisk, load_battle_with};

    fn default_decks() -> (Decks, Battle) {
        let battle: Battle =
            crate::scenario::load::read_scene(&EmbeddedThenDisk, DEFAULT_BATTLE).unwrap();
        let rules = load_battle_with(&EmbeddedThenDisk, DEFAULT_BATTLE, &Choices::default())
            .unwrap()
            .ruleset;
        (
            Decks::beside(&EmbeddedThenDisk, DEFAULT_BATTLE, &battle, &rules),
            battle,
        )
    }

    /// SET-4: the default battle can be played with every card in `scenes/`, its own among them.
    #[test]
    fn the_default_battle_offers_the_cards_beside_it() {
        let (decks, battle) = default_decks();
        assert!(decks.deployment.cards.len() >= 20, "the battleplans' cards");
        assert_eq!(decks.victory.cards.len(), 3);
        assert_eq!(decks.twist.cards.len(), 3);
        let own = decks.deployment.card(&Pick::AsFile).map(|c| c.name.clone());
        assert!(
            own.is_some(),
            "its own card {} is in the deck",
            battle.deployment
        );
    }

    /// SET-4 at random: the seed draws the cards, the same seed the same ones; a kept card
    /// is not changed, a picked one is the one picked, and every draw can be played.
    #[test]
    fn random_cards_are_drawn_from_the_seed() {
        let (decks, _) = default_decks();
        let playable = |c: &Choices| load_battle_with(&EmbeddedThenDisk, DEFAULT_BATTLE, c).is_ok();
        let picks = Picks {
            terrain: Pick::AsFile,
            deployment: Pick::Random,
            victory: Pick::Random,
            twist: Pick::Random,
        };
        let a = decks.choose(&picks, 11, playable);
        assert_eq!(a, decks.choose(&picks, 11, playable));
        assert_eq!(a.terrain, None);
        let mut drawn = std::collections::BTreeSet::new();
        for seed in 0..30 {
            let c = decks.choose(&picks, seed, playable);
            assert!(
                playable(&c),
                "seed {seed} drew a battle that can't be played: {c:?}"
            );
            drawn.insert(c.deployment.clone());
        }
        assert!(drawn.len() > 5, "30 seeds draw many cards, got {drawn:?}");
        let picked = Picks {
            victory: Pick::Card("../victory/plunder.ron".into()),
            ..Picks::default()
        };
        let c = decks.choose(&picked, 3, playable);
        assert_eq!(c.victory.as_deref(), Some("../victory/plunder.ron"));
        assert_eq!(c.deployment, None);
    }
}
