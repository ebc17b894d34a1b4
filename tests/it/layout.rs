//! The shape of the source tree (design.md): the top-level modules of `src/` import
//! downwards only, so their import graph has no cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every `crate::<module>` a top-level module names in its code (comments aside).
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules: BTreeSet<String> = std::fs::read_dir(&src)
        .unwrap()
        .filter_map(|e| {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().to_string();
            let name = name.strip_suffix(".rs").unwrap_or(&name).to_string();
            (name != "lib" && name != "main").then_some(name)
        })
        .collect();
    let mut graph = BTreeMap::new();
    for m in &modules {
        let mut files = Vec::new();
        collect(&src.join(m), &mut files);
        collect(&src.join(format!("{m}.rs")), &mut files);
        let names: &mut BTreeSet<String> = graph.entry(m.clone()).or_default();
        for f in files {
            for line in std::fs::read_to_string(&f).unwrap().lines() {
                let code = line.split("//").next().unwrap_or("");
                for part in code.split("crate::").skip(1) {
                    let other: String = part
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                        .collect();
                    if modules.contains(&other) && &other != m {
                        names.insert(other);
                    }
                }
            }
        }
    }
    graph
}

fn collect(p: &Path, out: &mut Vec<std::path::PathBuf>) {
    if p.is_dir() {
        for e in std::fs::read_dir(p).unwrap() {
            collect(&e.unwrap().path(), out);
        }
    } else if p.is_file() && p.extension().is_some_and(|e| e == "rs") {
        out.push(p.to_path_buf());
    }
}

fn reaches(g: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut todo = vec![from.to_string()];
    while let Some(m) = todo.pop() {
        for n in g.get(&m).into_iter().flatten() {
            if n == to {
                return true;
            }
            if seen.insert(n.clone()) {
                todo.push(n.clone());
            }
        }
    }
    false
}

#[test]
fn the_top_level_modules_import_downwards_only() {
    let g = module_graph();
    let cycles: Vec<String> = g
        .iter()
        .flat_map(|(a, bs)| bs.iter().map(move |b| (a, b)))
        .filter(|(a, b)| reaches(&g, b, a))
        .map(|(a, b)| format!("{a} -> {b}"))
        .collect();
    assert!(
        cycles.is_empty(),
        "import cycles: {cycles:?}\ngraph: {g:#?}"
    );
    // The floors of design.md: model at the bottom, the view on top.
    assert!(g["model"].is_empty(), "model names {:?}", g["model"]);
    assert_eq!(
        g["battlefield"].iter().collect::<Vec<_>>(),
        ["model"],
        "the battlefield stands on the model only"
    );
}

/// The floors of `src/rules/` (issue 29): the battle's state (data and reads), the resolution
/// of actions, abilities and effects, and the flow (the phases: the only code that sets what
/// the battle waits for). Each module of `rules/` is on one floor.
const RULES_FLOORS: [(&str, &[&str]); 3] = [
    (
        "state",
        &["state", "command", "initiative", "solo_setup", "log"],
    ),
    (
        "resolve",
        &[
            "abilities",
            "actions",
            "effects",
            "odds",
            "options",
            "answers",
            "warband",
            "roster",
            "setup",
            "hand_setup",
            "words",
            "ways",
            "reactions",
        ],
    ),
    ("flow", &["engine", "door", "mod"]),
];

/// The floor (0 state, 1 resolve, 2 flow) of the `rules/` module `m`.
fn floor_of(m: &str) -> Option<usize> {
    RULES_FLOORS.iter().position(|(_, ms)| ms.contains(&m))
}

/// The `rules/` modules a file of `rules/` names outside its tests: `crate::rules::<m>`
/// anywhere, and `super::<m>` in a file at the top of `rules/`.
fn rules_modules_named(text: &str, top_level: bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines().take_while(|l| l.trim() != "#[cfg(test)]") {
        let code = line.split("//").next().unwrap_or("");
        let mut parts: Vec<&str> = code.split("crate::rules::").skip(1).collect();
        if top_level {
            parts.extend(code.split("super::").skip(1));
        }
        for part in parts {
            let m: String = part
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if !m.is_empty() {
                out.insert(m);
            }
        }
    }
    out
}

#[test]
fn the_floor_scanner_sees_paths_globs_and_inline_calls() {
    let text = "use crate::rules::state::{Engine};\nuse super::warband::is_hero;\n\
                fn f() { crate::rules::engine::after_action(w); } // crate::rules::door\n\
                #[cfg(test)]\nmod tests { use crate::rules::setup; }";
    let named: Vec<String> = rules_modules_named(text, true).into_iter().collect();
    assert_eq!(named, ["engine", "state", "warband"]);
    assert_eq!(
        floor_of("engine"),
        Some(2),
        "the engine's phases are the flow"
    );
    assert!(floor_of("state") < floor_of("actions"));
}

#[test]
fn the_rules_import_downwards_from_flow_to_resolve_to_state() {
    let mut upward = Vec::new();
    let mut unplaced = BTreeSet::new();
    let mut globs = Vec::new();
    for (file, text) in sources("src/rules") {
        let rel = file.strip_prefix("src/rules/").unwrap();
        if rel.contains("tests") {
            continue;
        }
        let (module, top_level) = match rel.split_once('/') {
            Some((m, _)) => (m.to_string(), false),
            None => (rel.trim_end_matches(".rs").to_string(), true),
        };
        let Some(floor) = floor_of(&module) else {
            unplaced.insert(module);
            continue;
        };
        // Explicit imports: a file names what it takes from its parent module.
        if text
            .lines()
            .take_while(|l| l.trim() != "#[cfg(test)]")
            .any(|l| l.trim() == "use super::*;")
        {
            globs.push(file.clone());
        }
        for named in rules_modules_named(&text, top_level) {
            match floor_of(&named) {
                Some(f) if f > floor => upward.push(format!(
                    "{file} ({}) names rules::{named} ({})",
                    RULES_FLOORS[floor].0, RULES_FLOORS[f].0
                )),
                Some(_) => {}
                None => {
                    unplaced.insert(named);
                }
            }
        }
    }
    assert!(
        unplaced.is_empty(),
        "modules of rules/ on no floor: {unplaced:?}"
    );
    assert!(globs.is_empty(), "`use super::*` outside tests: {globs:?}");
    assert!(upward.is_empty(), "imports upward:\n{}", upward.join("\n"));
}

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &str) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    collect(&root.join(dir), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let name = f.strip_prefix(root).unwrap().display().to_string();
            (name, std::fs::read_to_string(&f).unwrap())
        })
        .collect()
}

/// The most lines a source file may have: a room a reader can hold in mind.
const FILE_LINES: usize = 600;
/// The most lines a function may have.
const FN_LINES: usize = 80;

/// Each function's name and length in lines: from its `fn` line to the `}` at its indent.
fn functions(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let body = l.trim_start();
        let indent = &l[..l.len() - body.len()];
        let after_pub = body.strip_prefix("pub").map_or(body, |r| {
            r.trim_start_matches(|c: char| c != ' ').trim_start()
        });
        let Some(rest) = after_pub
            .trim_start_matches("const ")
            .trim_start_matches("async ")
            .strip_prefix("fn ")
        else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // A declaration without a body (in a trait) ends at its `;`.
        let opens = lines[i..]
            .iter()
            .find(|m| m.contains('{') || m.trim_end().ends_with(';'));
        if opens.is_none_or(|m| !m.contains('{')) {
            continue;
        }
        let close = format!("{indent}}}");
        if let Some(end) = lines[i + 1..].iter().position(|m| *m == close) {
            out.push((name, end + 2));
        }
    }
    out
}

/// Small rooms (the developers' guide): no source file over ~600 lines and no function over
/// ~80, held here rather than by a closing note.
#[test]
fn source_files_and_functions_stay_small() {
    let mut over = Vec::new();
    for (file, text) in sources("src") {
        let n = text.lines().count();
        if n > FILE_LINES {
            over.push(format!("{file}: {n} lines (at most {FILE_LINES})"));
        }
        for (name, len) in functions(&text) {
            let key = format!("{file} {name}");
            if len > FN_LINES {
                over.push(format!("{key}: {len} lines (at most {FN_LINES})"));
            }
        }
    }
    assert!(over.is_empty(), "rooms too big:\n{}", over.join("\n"));
}
