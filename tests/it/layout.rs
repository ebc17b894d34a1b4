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
