//! The live overlay feed (the streamers' issue): `/state`, `/events` and `/overlay` served
//! while a battle runs, safe against clients that misbehave, and the overlay page as a browser
//! shows it.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use bevy::prelude::App;
use warcry_sim::feed::{self, Feed};
use warcry_sim::rules::engine::{Engine, Pending};
use warcry_sim::scenario::load::{BattleSpec, DEFAULT_BATTLE, Embedded, load_battle};
use warcry_sim::sim::{auto_step, battle_app};

fn spec(seed: u64) -> BattleSpec {
    let mut s = load_battle(&Embedded, DEFAULT_BATTLE).unwrap();
    s.seed = seed;
    s
}

/// A battle with the feed on a free loopback port, `max_clients` at once.
fn battle_with_feed(seed: u64, max_clients: usize) -> (App, SocketAddr) {
    let mut app = battle_app(&spec(seed));
    let feed = feed::start("127.0.0.1:0".parse().unwrap(), max_clients).unwrap();
    let addr = feed.address;
    app.insert_resource(feed).add_plugins(feed::plugin);
    app.update();
    (app, addr)
}

/// One decision and one frame; false once the battle has ended.
fn step(app: &mut App) -> bool {
    let more = auto_step(app.world_mut()).unwrap();
    app.update();
    more && app.world().resource::<Engine>().pending != Pending::Ended
}

/// Sends `raw` and reads the answer until the server closes or `wait` passes.
fn ask(addr: SocketAddr, raw: &[u8], wait: Duration) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(wait)).unwrap();
    s.write_all(raw).unwrap();
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    let start = Instant::now();
    while start.elapsed() < wait {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn get(addr: SocketAddr, path: &str) -> String {
    let req = format!("GET {path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n");
    ask(addr, req.as_bytes(), Duration::from_secs(5))
}

fn body_json(answer: &str) -> serde_json::Value {
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or("");
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {answer}"))
}

/// `GET /state` tells the battle as it stands (VIC-1 score, ATK-3 the last attack with its
/// odds, SOLO-* the AI's last reason), and `/events` each event with its rule IDs and words.
#[test]
fn the_feed_tells_the_battle_as_it_stands_and_as_it_happens() {
    let (mut app, addr) = battle_with_feed(7, feed::MAX_CLIENTS);
    let mut events = TcpStream::connect(addr).unwrap();
    events
        .write_all(b"GET /events HTTP/1.1\r\nhost: x\r\n\r\n")
        .unwrap();
    // Subscribed once its answer has begun: the recent events first (the backlog).
    let mut got = vec![0u8; 65536];
    let n = events.read(&mut got).unwrap();
    got.truncate(n);
    while app.world().resource::<Engine>().round < 2 && step(&mut app) {}
    let state = body_json(&get(addr, "/state"));
    let eng = app.world().resource::<Engine>();
    assert_eq!(state["round"], eng.round);
    for s in 0..2 {
        assert_eq!(state["sides"][s]["points"], eng.score[s], "VIC-1");
    }
    assert!(state["sides"][0]["name"].as_str().unwrap().len() > 2);
    let attack = &state["last_attack"];
    assert!(
        attack["odds"].as_str().unwrap().starts_with("hits on "),
        "{attack}"
    );
    let chance = attack["take_down_chance"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&chance), "ATK-3 odds: {attack}");
    let reason = &state["last_decision"];
    assert!(
        reason["rules"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r.as_str().unwrap().starts_with("SOLO-")),
        "the AI's reason names its rules: {reason}"
    );
    assert!(
        !reason["text"].as_str().unwrap().contains('['),
        "words, tags apart: {reason}"
    );
    // The event stream: every event so far, in order, each with its words and rule IDs.
    events
        .set_read_timeout(Some(Duration::from_secs(2)))
        .unwrap();
    let mut buf = [0u8; 65536];
    while let Ok(n) = events.read(&mut buf) {
        if n == 0 || String::from_utf8_lossy(&got).contains("{\"kind\":\"score\"") {
            break;
        }
        got.extend_from_slice(&buf[..n]);
    }
    let got = String::from_utf8_lossy(&got);
    assert!(got.contains("text/event-stream"), "{got}");
    let datas: Vec<serde_json::Value> = got
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .map(|d| serde_json::from_str(d).unwrap())
        .collect();
    assert!(datas.len() > 40, "{} events", datas.len());
    let first = datas[0]["seq"].as_u64().unwrap() as usize;
    for (k, d) in datas.iter().enumerate() {
        assert_eq!(d["seq"], first + k, "in log order, none lost");
        assert!(!d["text"].as_str().unwrap().is_empty());
    }
    assert!(
        datas
            .iter()
            .any(|d| d["event"]["kind"] == "initiative_roll" && d["rules"][0]["id"] == "INI-1")
    );
}

/// Safety: 100 clients that connect and drop, malformed requests, writes, a client over the
/// cap and clients that never read: each gets its 4xx/5xx or is dropped, the battle plays on
/// to its end, and the feed's cost per frame is measured.
#[test]
fn misbehaving_clients_never_stop_the_battle() {
    const CAP: usize = 8;
    let (mut app, addr) = battle_with_feed(11, CAP);
    let clients = std::thread::spawn(move || misbehave(addr, CAP));
    let mut playing = true;
    // A frame every 2 ms, with a decision in each until the battle ends; on until the clients
    // are done.
    while playing || !clients.is_finished() {
        if playing {
            playing = step(&mut app);
        } else {
            app.update();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let report = clients.join().expect("the clients' checks hold");
    assert_eq!(app.world().resource::<Engine>().pending, Pending::Ended);
    let state = body_json(&get(addr, "/state"));
    assert!(
        state["outcome"].is_string(),
        "the end is told: {}",
        state["outcome"]
    );
    let cost = app.world().resource::<Feed>().cost;
    println!(
        "overlay feed: {} frames, {:.1} µs a frame on average, {:.1} µs at worst; {report}",
        cost.frames,
        cost.mean().as_secs_f64() * 1e6,
        cost.worst.as_secs_f64() * 1e6
    );
}

/// What a crowd of bad clients does, with the answers checked; a line of what happened.
fn misbehave(addr: SocketAddr, cap: usize) -> String {
    for k in 0..100 {
        let mut s = TcpStream::connect(addr).unwrap();
        if k % 2 == 1 {
            let _ = s.write_all(b"GET /sta");
        }
    }
    // The server closes each as it sees it gone; until then they hold places.
    served_again(addr);
    let garbage = ask(addr, b"HELLO THERE\r\n\r\n", Duration::from_secs(3));
    assert!(garbage.starts_with("HTTP/1.1 400"), "{garbage}");
    let post = ask(
        addr,
        b"POST /state HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}",
        Duration::from_secs(3),
    );
    assert!(post.starts_with("HTTP/1.1 405"), "read-only: {post}");
    assert!(get(addr, "/nowhere").starts_with("HTTP/1.1 404"));
    let huge = format!("GET /state HTTP/1.1\r\nx: {}\r\n\r\n", "a".repeat(600_000));
    let huge = ask(addr, huge.as_bytes(), Duration::from_secs(3));
    assert!(
        huge.starts_with("HTTP/1.1 431"),
        "{}",
        &huge[..huge.len().min(80)]
    );
    // Clients that ask for the event stream and never read it hold every place...
    let stuck: Vec<TcpStream> = (0..cap)
        .map(|_| {
            let mut s = TcpStream::connect(addr).unwrap();
            s.write_all(b"GET /events HTTP/1.1\r\nhost: x\r\n\r\n")
                .unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    // ...so one more is turned away at once, and the game doesn't notice.
    let over = get(addr, "/state");
    assert!(over.starts_with("HTTP/1.1 503"), "over the cap: {over}");
    drop(stuck);
    // Their places come back once they have gone.
    served_again(addr);
    "100 clients dropped, 400/405/404/431 answered, 503 over the cap".into()
}

/// Waits (up to 5 s) until `/state` is answered with a 200 again.
fn served_again(addr: SocketAddr) {
    let start = Instant::now();
    loop {
        let again = get(addr, "/state");
        if again.starts_with("HTTP/1.1 200") {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "{again}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Headless Chromium (Debian's `chromium`) opens `/overlay` while a battle runs: the page's
/// scoreboard shows the live score (VIC-1) the feed has, and its screenshot is kept in
/// `target/overlay.png` to look at. Skipped, with a message, where Chromium is not installed
/// (`scripts/setup.sh` installs it).
#[test]
fn a_browser_shows_the_live_score_on_the_overlay_page() {
    let Some(chromium) = ["chromium", "chromium-browser"].into_iter().find(|c| {
        std::process::Command::new(c)
            .arg("--version")
            .output()
            .is_ok()
    }) else {
        eprintln!("skipped: Chromium is not installed (scripts/setup.sh installs it)");
        return;
    };
    let (mut app, addr) = battle_with_feed(3, feed::MAX_CLIENTS);
    let scored = |app: &App| app.world().resource::<Engine>().score.iter().sum::<u32>() > 0;
    while !scored(&app) && step(&mut app) {}
    assert!(scored(&app), "someone scores in round 1 (VIC-1)");
    let url = format!("http://{addr}/overlay");
    let shot = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../overlay.png");
    let dom = browse(&mut app, chromium, &["--dump-dom", &url]);
    let eng = app.world().resource::<Engine>();
    for s in 0..2 {
        let shown = format!("id=\"score-{s}\">{}</span>", eng.score[s]);
        assert!(dom.contains(&shown), "the page shows {shown}:\n{dom}");
    }
    assert!(dom.contains(&format!("Round {} of", eng.round)), "{dom}");
    let arg = format!("--screenshot={}", shot.display());
    browse(&mut app, chromium, &[&arg, "--window-size=1920,1080", &url]);
    assert!(shot.exists(), "the screenshot {}", shot.display());
}

/// Runs Chromium headless on the page while the battle waits (the scores hold still for the
/// check); returns what it printed.
fn browse(app: &mut App, chromium: &str, args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let child = std::process::Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--default-background-color=00000000",
            "--timeout=3000",
        ])
        .arg(format!("--user-data-dir={}", dir.path().display()))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The game keeps drawing frames (the feed publishing) while the page loads.
    let out = std::thread::spawn(move || child.wait_with_output().unwrap());
    while !out.is_finished() {
        app.update();
        std::thread::sleep(Duration::from_millis(16));
    }
    String::from_utf8_lossy(&out.join().unwrap().stdout).into_owned()
}
