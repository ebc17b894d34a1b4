//! Scene files: formats, the spanned RON reader, loading and validation, spawning, imports.

pub mod battleplans;
pub mod community;
pub mod decks;
pub mod load;
pub mod report;
pub mod ron_span;
pub mod rosters;
pub mod spawn;

use std::io::Write;
use std::path::Path;

/// A name as a file name's stem: lower case, each run of other characters one `sep`
/// (`Corvus Cabal!` -> `corvus_cabal` with `_`).
pub fn slug(name: &str, sep: char) -> String {
    let kept: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                sep
            }
        })
        .collect();
    kept.split(sep)
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(&sep.to_string())
}

/// Writes a file atomically: a temporary file beside it, then a rename, so a crash never
/// leaves a half-written file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Reads a RON file of a plain serde type (commands, saves); errors carry `path:line:col`.
pub fn read_ron<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}:1:1: cannot read the file: {e}", path.display()))?;
    parse_ron(path, &text)
}

/// Parses RON text of a plain serde type; errors carry `path:line:col`.
pub fn parse_ron<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, String> {
    ron::from_str(text).map_err(|e| {
        format!(
            "{}:{}:{}: {}",
            path.display(),
            e.span.start.line,
            e.span.start.col,
            e.code
        )
    })
}
