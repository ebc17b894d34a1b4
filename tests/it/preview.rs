//! `preview` as a designer uses it, under Xvfb: a terrain card edited while the window shows
//! it. A save shows on the board within a second; a broken save lists every problem at its
//! `path:line:col` and the board keeps the last good layout. The app's own screenshots
//! (`--shots`, written whole after each load) are compared pixel by pixel.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use super::render::{app_command, decode};

/// The app, killed (with xvfb-run and its display) when the test ends, however it ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = std::process::Command::new("kill")
            .arg("--")
            .arg(format!("-{}", self.0.id()))
            .status();
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits for a line of stdout containing `what`; every line read on the way is kept.
fn wait_for(lines: &Receiver<String>, seen: &mut Vec<String>, what: &str, within: Duration) {
    let end = Instant::now() + within;
    while let Some(left) = end.checked_duration_since(Instant::now()) {
        match lines.recv_timeout(left) {
            Ok(l) => {
                let found = l.contains(what);
                seen.push(l);
                if found {
                    return;
                }
            }
            Err(_) => break,
        }
    }
    panic!(
        "no `{what}` within {within:?}; the app said:\n{}",
        seen.join("\n")
    );
}

/// The share of pixels right of the panel (the board) that differ between two screenshots.
fn board_change(a: &Path, b: &Path) -> f64 {
    let ((w, _, pa), (_, _, pb)) = (decode(a), decode(b));
    let board: Vec<usize> = (0..pa.len()).filter(|i| (*i as u32 % w) > 400).collect();
    let differ = board
        .iter()
        .filter(|&&i| {
            let (p, q) = (pa[i], pb[i]);
            (0..3).any(|c| (p[c] as i32 - q[c] as i32).abs() > 24)
        })
        .count();
    differ as f64 / board.len() as f64
}

/// The same, left of x = 370 (the panel).
fn panel_change(a: &Path, b: &Path) -> usize {
    let ((w, _, pa), (_, _, pb)) = (decode(a), decode(b));
    (0..pa.len())
        .filter(|i| (*i as u32 % w) < 370 && pa[*i] != pb[*i])
        .count()
}

#[test]
fn a_saved_edit_shows_within_a_second_and_a_broken_one_keeps_the_last_good_layout() {
    let _window = super::render::one_window();
    let dir = tempfile::tempdir().unwrap();
    let card = dir.path().join("terrain").join("towers.ron");
    std::fs::create_dir_all(card.parent().unwrap()).unwrap();
    let original = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/terrain/twin_towers.ron"),
    )
    .unwrap();
    std::fs::write(&card, &original).unwrap();
    let shots = dir.path().join("shots");
    let mut cmd = app_command();
    cmd.arg("preview").arg(&card).arg("--shots").arg(&shots);
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("xvfb-run is installed by scripts/setup.sh");
    let out = child.stdout.take().unwrap();
    let _app = Running(child);
    let (tx, lines) = channel();
    std::thread::spawn(move || {
        for l in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    let mut seen = Vec::new();
    wait_for(&lines, &mut seen, "load-00.png", Duration::from_secs(180));

    // A save that moves the archway across the board, written as editors do (a new file
    // renamed over the old).
    let moved = original.replace(
        "position: (15.0, 14.0), size: (3, 0.6)",
        "position: (24.0, 11.0), size: (3, 0.6)",
    );
    assert_ne!(
        moved, original,
        "the card has its archway where the test expects it"
    );
    let tmp = dir.path().join("terrain").join(".towers.ron.swp");
    std::fs::write(&tmp, &moved).unwrap();
    let saved = Instant::now();
    std::fs::rename(&tmp, &card).unwrap();
    wait_for(&lines, &mut seen, "load-01.png", Duration::from_secs(20));
    let took = saved.elapsed();
    assert!(
        seen.iter().any(|l| l.contains("towers.ron reloaded in")),
        "{seen:?}"
    );
    println!(
        "preview: a save drawn and its screenshot written {} ms after the save",
        took.as_millis()
    );
    assert!(
        took < Duration::from_secs(1),
        "the save showed after {took:?}"
    );
    let (s0, s1) = (shots.join("load-00.png"), shots.join("load-01.png"));
    let changed = board_change(&s0, &s1);
    assert!(
        changed > 0.002,
        "the archway moved: {changed:.4} of the board changed"
    );

    // A broken save: two problems. Both are told, and the board stays as it was.
    let broken = moved
        .replace(
            "position: (5.0, 6.5), size: (0.5, 3)",
            "position: (5.0, 6.5), size: (-0.5, 3)",
        )
        .replace("position: (15.0, 8.0)", "position: (45.0, 8.0)");
    std::fs::write(&card, &broken).unwrap();
    wait_for(&lines, &mut seen, "load-02.png", Duration::from_secs(20));
    let told = seen.join("\n");
    assert!(
        told.contains("has 2 problem(s); the last good layout stays"),
        "{told}"
    );
    assert!(
        told.contains("towers.ron:15:83: must be a positive number"),
        "{told}"
    );
    assert!(
        told.contains("towers.ron:17:64: the piece reaches outside"),
        "{told}"
    );
    let s2 = shots.join("load-02.png");
    let moved_since = board_change(&s1, &s2);
    assert!(
        moved_since < 0.001,
        "the last good layout stays: {moved_since:.4} of the board changed"
    );
    assert!(
        panel_change(&s1, &s2) > 2000,
        "the problems are listed on the panel"
    );
}
