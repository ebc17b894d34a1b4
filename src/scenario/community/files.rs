//! An import from files on disk: the fighters file and the optional others, read whole; a
//! file that can't be read is an error naming it.

use std::path::{Path, PathBuf};

use super::{AbilityOverrides, BaseRules, Imported, Source, Sources, import_with};

/// The community's other files, looked for beside the fighters file: the faction abilities,
/// the universal abilities, the base sizes, the user's ability effects.
pub const BESIDE: [&str; 4] = [
    "abilities.json",
    "universal_abilities.json",
    "base_sizes.json",
    "ability_effects.ron",
];

/// The tabletop simulator's base-size file, read when no `base_sizes.json` is beside.
pub const TTS_BASES: &str = "baseSizes.json";

/// The files of an import.
#[derive(Debug, Clone, Default)]
pub struct ImportPaths {
    pub fighters: PathBuf,
    pub abilities: Option<PathBuf>,
    pub universal: Option<PathBuf>,
    pub bases: Option<PathBuf>,
    /// Base sizes by runemark (RON); the shipped table when absent.
    pub base_rules: Option<PathBuf>,
    /// The user's ability effects by community id (RON, `AbilityOverrides({...})`).
    pub overrides: Option<PathBuf>,
}

impl ImportPaths {
    /// The fighters file, with the community's other files beside it when they are there
    /// (`abilities.json`, `universal_abilities.json`, `base_sizes.json` or the tabletop
    /// simulator's `baseSizes.json`).
    pub fn beside(fighters: &Path) -> Self {
        let dir = fighters.parent().unwrap_or(Path::new("."));
        let there = |name: &str| Some(dir.join(name)).filter(|p| p.is_file());
        let [abilities, universal, bases, overrides] = BESIDE;
        ImportPaths {
            fighters: fighters.to_path_buf(),
            abilities: there(abilities),
            universal: there(universal),
            bases: there(bases).or_else(|| there(TTS_BASES)),
            base_rules: None,
            overrides: there(overrides),
        }
    }
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path)
        .map_err(|e| format!("{}:1:1: cannot read the file: {e}", path.display()))
}

/// Reads the files and imports them.
pub fn import_paths(p: &ImportPaths) -> Result<Imported, String> {
    let rules = match &p.base_rules {
        Some(path) => {
            let rules = crate::scenario::parse_ron::<BaseRules>(path, &read(path)?)?;
            let mut v = crate::model::validate::Validator::default();
            rules.validate(&mut v);
            if let Some((at, msg)) = v.problems.first() {
                return Err(format!("{}: {at}: {msg}", path.display()));
            }
            rules
        }
        None => BaseRules::shipped(),
    };
    let text = |p: &Option<PathBuf>| {
        p.as_ref()
            .map(|p| read(p).map(|t| (p.display().to_string(), t)))
            .transpose()
    };
    let fighters = (p.fighters.display().to_string(), read(&p.fighters)?);
    let (abilities, universal, bases) = (text(&p.abilities)?, text(&p.universal)?, text(&p.bases)?);
    let overrides = match &p.overrides {
        Some(path) => {
            let o = crate::scenario::parse_ron::<AbilityOverrides>(path, &read(path)?)?;
            if let Some(problem) = o.problems().first() {
                return Err(format!("{}: {problem}", path.display()));
            }
            o
        }
        None => AbilityOverrides::default(),
    };
    Ok(import_with(
        &Sources {
            fighters: Source {
                file: &fighters.0,
                text: &fighters.1,
            },
            abilities: source(&abilities),
            universal: source(&universal),
            bases: source(&bases),
        },
        rules,
        &overrides,
    ))
}

fn source(f: &Option<(String, String)>) -> Option<Source<'_>> {
    f.as_ref().map(|(file, text)| Source { file, text })
}
