//! Unit tests of scene loading.
use super::*;

#[test]
fn normalize_and_relative_paths() {
    assert_eq!(
        normalize("scenes/battles/../terrain/a.ron"),
        "scenes/terrain/a.ron"
    );
    assert_eq!(normalize("./a/./b"), "a/b");
    assert_eq!(normalize("../x"), "../x");
    assert_eq!(
        relative_to("scenes/battles/default.ron", "../terrain/t.ron"),
        "scenes/terrain/t.ron"
    );
    assert_eq!(relative_to("/tmp/b/x.ron", "../y.ron"), "/tmp/y.ron");
    // A bare file name is in the current directory, not `/`.
    assert_eq!(relative_to("x.ron", "../y.ron"), "../y.ron");
    assert_eq!(relative_to("x.ron", "y.ron"), "y.ron");
}

#[test]
fn the_embedded_default_battle_loads_without_problems() {
    let spec = load_battle(&Embedded, DEFAULT_BATTLE).unwrap_or_else(|p| panic!("{p}"));
    assert_eq!(spec.sides.len(), 2);
    assert_eq!(spec.victory.rounds, 4);
    assert!(!spec.objectives().is_empty());
}
