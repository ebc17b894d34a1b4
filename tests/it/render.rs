//! The first 3D view renders: the screenshot flag writes a real picture of the battle.
//! Needs a display: CI and the README's test command run the tests under Xvfb with Mesa's
//! software Vulkan (lavapipe), installed by scripts/setup.sh.

use std::process::Command;

pub(crate) fn decode(path: &std::path::Path) -> (u32, u32, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let pixels = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (info.width, info.height, pixels)
}

#[test]
fn screenshot_flag_renders_the_mat_and_both_sides() {
    let _window = one_window();
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("battle.png");
    let out = app_command()
        .args(["--start", "--screenshot"])
        .arg(&shot)
        .arg("--exit")
        .output()
        .expect("xvfb-run is installed by scripts/setup.sh");
    check_render(&out, &shot);
}

/// The window tests, one at a time: each renders with Mesa's software Vulkan on every core,
/// and the preview's "within a second" must not race another window for them.
pub(crate) fn one_window() -> std::sync::MutexGuard<'static, ()> {
    static WINDOW: std::sync::Mutex<()> = std::sync::Mutex::new(());
    WINDOW.lock().unwrap_or_else(|e| e.into_inner())
}

/// The window under Xvfb when there is no display, run in a scratch folder (the game writes
/// its autosave where it runs).
pub(crate) fn app_command() -> Command {
    let bin = env!("CARGO_BIN_EXE_warcry-sim");
    let display =
        std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some();
    let mut c = if display {
        Command::new(bin)
    } else {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 1280x720x24", bin]);
        c
    };
    c.current_dir(std::env::temp_dir());
    c
}

#[test]
fn both_looks_render_the_mat_and_both_sides_and_report_fps_prints_frame_times() {
    let _window = one_window();
    let dir = tempfile::tempdir().unwrap();
    for look in ["low", "high"] {
        let shot = dir.path().join(format!("{look}.png"));
        let out = app_command()
            .args(["--start", "--graphics", look, "--screenshot"])
            .arg(&shot)
            .arg("--exit")
            .output()
            .expect("xvfb-run is installed by scripts/setup.sh");
        check_render(&out, &shot);
    }
    let out = app_command()
        .args(["--start", "--report-fps", "--exit", "--frames", "5"])
        .output()
        .expect("xvfb-run is installed by scripts/setup.sh");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("frames 5: frame time median") && text.contains("first frame after"),
        "{text}"
    );
}

/// The app exited cleanly and `shot` is a real picture of the battle.
fn check_render(out: &std::process::Output, shot: &std::path::Path) {
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let (w, h, px) = decode(shot);
    assert_eq!((w, h), (1280, 720));
    // Not blank: many distinct colours.
    let (colours, _) = colours_and_mat(shot);
    assert!(colours > 50, "only {colours} colours: a blank render");
    // Count right of the side panel (its text is coloured too), in the battlefield view.
    let count = |f: &dyn Fn(i32, i32, i32) -> bool| {
        px.iter()
            .enumerate()
            .filter(|(i, _)| (*i as u32 % w) > 330)
            .filter(|(_, p)| f(p[0] as i32, p[1] as i32, p[2] as i32))
            .count()
    };
    // The mat: a muted green covering a large part of the window.
    let mat = count(&is_mat);
    // Side colours on bases and bodies.
    let red = count(&|r, g, b| r > 150 && g < 110 && b < 110);
    let blue = count(&|r, g, b| b > 150 && r < 120 && b > g + 40);
    let total = px.len();
    assert!(mat > total / 5, "mat pixels {mat} of {total}");
    assert!(red > 300, "red side pixels {red}");
    assert!(blue > 300, "blue side pixels {blue}");
}

/// The mat's muted green.
fn is_mat(r: i32, g: i32, b: i32) -> bool {
    g > r + 8 && g > b + 25 && g > 70
}

/// Bronze text (the game's name on the title screen) and mat pixels in a screenshot.
fn title_and_mat(path: &std::path::Path) -> (usize, usize) {
    let (_, _, px) = decode(path);
    let bronze = px
        .iter()
        .filter(|p| p[0] > 150 && (100..180).contains(&p[1]) && p[2] < 110)
        .count();
    (bronze, colours_and_mat(path).1)
}

#[test]
fn without_a_battle_given_the_app_opens_on_the_title_screen() {
    let _window = one_window();
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("title.png");
    let out = app_command()
        .arg("--screenshot")
        .arg(&shot)
        .arg("--exit")
        .output()
        .expect("xvfb-run is installed by scripts/setup.sh");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (bronze, mat) = title_and_mat(&shot);
    assert!(bronze > 1_000, "the game's name in bronze: {bronze} pixels");
    assert!(
        mat < 100,
        "mat pixels {mat}: the board is not on the title screen"
    );
}

/// Mat-green pixels in the middle of the window (where the setup dialog and its battlefield
/// picture are) and around it (where the 3D board would be).
fn mat_in_and_around_the_dialog(path: &std::path::Path) -> (usize, usize) {
    let (w, h, px) = decode(path);
    let (mut inside, mut around) = (0, 0);
    for (i, p) in px.iter().enumerate() {
        if !(p[1] as i32 > p[0] as i32 + 8 && p[1] as i32 > p[2] as i32 + 25 && p[1] > 70) {
            continue;
        }
        let (x, y) = (i as u32 % w, i as u32 / w);
        if (w / 5..w * 4 / 5).contains(&x) && (h / 10..h * 9 / 10).contains(&y) {
            inside += 1;
        } else {
            around += 1;
        }
    }
    (inside, around)
}

/// Distinct colours (rounded to 4 bits a channel) and mat-green pixels of a screenshot.
fn colours_and_mat(path: &std::path::Path) -> (usize, usize) {
    let (_, _, px) = decode(path);
    let mut distinct: Vec<[u8; 3]> = px
        .iter()
        .map(|p| [p[0] & 0xf0, p[1] & 0xf0, p[2] & 0xf0])
        .collect();
    distinct.sort();
    distinct.dedup();
    let mat = px
        .iter()
        .filter(|p| p[1] as i32 > p[0] as i32 + 8 && p[1] as i32 > p[2] as i32 + 25 && p[1] > 70)
        .count();
    (distinct.len(), mat)
}

#[test]
fn smoke_plays_through_the_title_setup_a_move_preview_an_attack_a_whole_battle_and_its_replay() {
    let _window = one_window();
    let dir = tempfile::tempdir().unwrap();
    // Run in the scratch folder, so that the replay the window keeps lands in its replays/.
    let out = app_command()
        .current_dir(dir.path())
        .arg("--smoke")
        .arg(dir.path())
        .output()
        .expect("xvfb-run is installed by scripts/setup.sh");
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    for name in ["title", "setup", "board", "move", "attack", "end", "replay"] {
        let path = dir.path().join(format!("{name}.png"));
        assert!(path.exists(), "{name}.png was not saved");
        let (colours, mat) = colours_and_mat(&path);
        if name == "title" {
            let (bronze, mat) = title_and_mat(&path);
            assert!(
                bronze > 1_000 && mat < 100,
                "title: {bronze} bronze, {mat} mat"
            );
        } else if name == "setup" {
            let (picture, board) = mat_in_and_around_the_dialog(&path);
            assert!(
                colours > 5 && board < 100 && picture > 5_000,
                "{name}: {colours} colours, mat {board} around the dialog, {picture} in it"
            );
        } else {
            assert!(colours > 50, "{name}: only {colours} colours");
            assert!(
                mat > 50_000,
                "{name}: the board is missing ({mat} mat pixels)"
            );
        }
    }
    // The battle the window played to its end was kept as a replay, and it verifies.
    let replays: Vec<_> = std::fs::read_dir(dir.path().join("replays"))
        .expect("the window made a replays folder")
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(replays.len(), 1, "{replays:?}");
    let (ok, said, err) = super::cli(&["replay", replays[0].to_str().unwrap(), "--verify"]);
    assert!(ok && said.contains("verified"), "{said}\n{err}");
}

/// `render`: a terrain card drawn to a PNG of the size asked for, from above, with no one at
/// the window: the mat fills most of it (the whole battlefield in the frame, no panels over
/// it) and the deployment zones (SET-6) show in both sides' colours. A file with no
/// battlefield is refused in words.
#[test]
fn set6_render_draws_a_terrain_card_from_above_at_the_size_asked() {
    let _window = one_window();
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("towers.png");
    let card =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/terrain/twin_towers.ron");
    let out = app_command()
        .arg("render")
        .arg(&card)
        .arg("--out")
        .arg(&shot)
        .args(["--view", "top", "--size", "800x500"])
        .output()
        .expect("xvfb-run is installed by scripts/setup.sh");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (w, h, px) = decode(&shot);
    assert_eq!((w, h), (800, 500));
    let mat = px
        .iter()
        .filter(|p| is_mat(p[0] as i32, p[1] as i32, p[2] as i32));
    assert!(
        mat.count() > px.len() / 2,
        "the battlefield fills the frame from above"
    );
    let red = px
        .iter()
        .filter(|p| p[0] > 150 && p[1] < 90 && p[2] < 90)
        .count();
    let blue = px
        .iter()
        .filter(|p| p[2] > 150 && p[0] < 120 && p[2] > p[1] + 40)
        .count();
    assert!(
        red > 100 && blue > 100,
        "both sides' zones: red {red}, blue {blue}"
    );
    let out = app_command()
        .arg("render")
        .arg(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/rulesets/default.ron"))
        .arg("--out")
        .arg(dir.path().join("no.png"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("has no battlefield to draw"));
}
