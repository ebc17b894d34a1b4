//! Unit tests of the position-keeping RON reader.
use super::*;
use serde::Deserialize;

#[derive(Debug, Deserialize, PartialEq)]
struct Inner {
    a: f32,
    #[serde(default)]
    b: Option<u32>,
}

#[derive(Debug, Deserialize, PartialEq)]
enum Shape {
    Round(f32),
    Oval(f32, f32),
    Flat,
    Named { w: f32 },
}

#[derive(Debug, Deserialize, PartialEq)]
struct Outer {
    name: String,
    items: Vec<Inner>,
    shapes: Vec<Shape>,
    pair: (f32, f32),
}

fn load<T: for<'de> Deserialize<'de>>(src: &str) -> (Result<T, DeError>, Trace) {
    let trace = Trace::default();
    let node = parse(src).expect("parses");
    (from_node(&node, &trace), trace)
}

#[test]
fn parses_structs_enums_options_and_comments() {
    let src = r#"// header
            Outer(
                name: "x \"q\"", /* inline */
                items: [(a: 1), Inner(a: 2.5, b: Some(3)), (a: -1e1, b: 4)],
                shapes: [Round(25), Oval(60, 35.0), Flat, Named(w: 2)],
                pair: (1, 2),
            )"#;
    let (v, trace) = load::<Outer>(src);
    let v = v.unwrap();
    assert_eq!(v.name, "x \"q\"");
    assert_eq!(v.items[1], Inner { a: 2.5, b: Some(3) });
    assert_eq!(
        v.items[2],
        Inner {
            a: -10.0,
            b: Some(4)
        }
    );
    assert_eq!(v.shapes[1], Shape::Oval(60.0, 35.0));
    assert_eq!(v.shapes[3], Shape::Named { w: 2.0 });
    assert!(trace.problems.borrow().is_empty());
    assert_eq!(trace.pos_of("items[1].b"), Pos { line: 4, col: 50 });
    // An unrecorded path falls back to its closest ancestor.
    assert_eq!(trace.pos_of("items[1].zzz"), Pos { line: 4, col: 33 });
}

#[test]
fn unknown_fields_are_all_reported_and_skipped() {
    let src = "Outer(name: \"n\", colour: 3, items: [(a: 1, c: 2)], shapes: [], pair: (0, 0))";
    let (v, trace) = load::<Outer>(src);
    assert!(v.is_ok());
    let problems = trace.problems.borrow();
    assert_eq!(problems.len(), 2);
    assert!(problems[0].message.contains("unknown field `colour`"));
    assert_eq!(problems[0].pos, Pos { line: 1, col: 18 });
    assert!(problems[1].message.contains("unknown field `c`"));
}

#[test]
fn type_errors_point_at_the_value() {
    let src = "Outer(\n name: 5,\n items: [], shapes: [], pair: (0, 0))";
    let (v, _) = load::<Outer>(src);
    let e = v.unwrap_err();
    assert_eq!(e.pos, Some(Pos { line: 2, col: 8 }));
    assert!(e.message.contains("expected a string"), "{}", e.message);

    let (v, _) = load::<Outer>("Outer(name: \"\", items: [], shapes: [Square], pair: (0,0))");
    let e = v.unwrap_err();
    assert!(
        e.message.contains("unknown variant `Square`"),
        "{}",
        e.message
    );
    assert_eq!(e.pos, Some(Pos { line: 1, col: 37 }));

    let (v, _) = load::<Inner>("(b: 1)");
    assert!(v.unwrap_err().message.contains("missing field `a`"));

    let (v, _) = load::<Inner>("(a: 1, b: -2)");
    assert!(v.unwrap_err().message.contains("invalid value"));
}

#[test]
fn syntax_errors_carry_their_position() {
    let e = parse("Outer(\n  name: \"x\"\n  items: [])").unwrap_err();
    assert_eq!(e.pos, Pos { line: 3, col: 3 });
    assert!(e.message.contains("expected `,` or `)`"), "{}", e.message);
    let e = parse("(a: \"open").unwrap_err();
    assert!(e.message.contains("unterminated string"));
    let e = parse("(a: 1) trailing").unwrap_err();
    assert!(e.message.contains("after the end"));
    let e = parse("(a: 1.2.3)").unwrap_err();
    assert_eq!(e.pos.line, 1);
    assert!(parse("").is_err());
    assert!(parse("#![enable(implicit_some)]\n(a: 1)").is_ok());
}

#[derive(Debug, Deserialize, PartialEq)]
enum Wrapped {
    Held(Inner),
}

/// A variant that now keeps its fields in a struct reads the files written before it did
/// (`Held(a: 1)`), as it reads its own form (`Held((a: 1))`).
#[test]
fn a_newtype_variant_reads_its_struct_unwrapped() {
    let want = Wrapped::Held(Inner { a: 1.0, b: Some(2) });
    for src in ["Held(a: 1, b: Some(2))", "Held((a: 1, b: Some(2)))"] {
        let (got, trace) = load::<Wrapped>(src);
        assert_eq!(got.expect(src), want, "{src}");
        assert!(trace.problems.borrow().is_empty(), "{src}");
    }
}
