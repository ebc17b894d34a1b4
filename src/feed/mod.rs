//! The live overlay feed for streamers (`--overlay-feed [ADDRESS]`), in the manner of the
//! local data feeds games give their overlays (League of Legends' Live Client Data API,
//! Counter-Strike's Game State Integration):
//!
//! - `GET /state`: the battle now, as JSON (`state`);
//! - `GET /events`: each event the battle logs, as it happens, with its rule IDs and its
//!   sentence (Server-Sent Events);
//! - `GET /overlay`: a ready page for an OBS browser source (`assets/overlay/`).
//!
//! The game's frame only hands over what changed ([`publish`]: a new JSON text when the battle
//! moved on, each new event to a broadcast channel); the server (`server`) runs on a thread of
//! its own, so that no client, however slow, can stall a frame. Nothing a client sends reaches
//! the battle: the server has no way to.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bytes::Bytes;
use tokio::sync::broadcast;

use crate::rules::engine::Engine;
use crate::rules::log::BattleLog;

pub mod server;
pub mod state;

/// Where the feed listens when `--overlay-feed` names no address: this machine only.
pub const DEFAULT_ADDRESS: &str = "127.0.0.1:7878";
/// Connections served at once; one more gets a 503.
pub const MAX_CLIENTS: usize = 64;
/// The events a client that has just connected gets at once (the overlay's "last events").
const BACKLOG: usize = 12;
/// More new events than this in one frame (a replay's seek, a burst of autoplay) are not sent
/// one by one: the clients get a `reset` and read `/state` again.
const LEAP: usize = 64;

/// What the game hands the server.
pub struct Shared {
    state: Mutex<Bytes>,
    /// The last [`BACKLOG`] event messages, and the channel new ones go out on; one lock, so
    /// that a client subscribing sees each event once, either in its backlog or live.
    events: Mutex<(VecDeque<Bytes>, broadcast::Sender<Bytes>)>,
}

impl Shared {
    fn new() -> Self {
        let (tx, _) = broadcast::channel(1024);
        Shared {
            state: Mutex::new(Bytes::from_static(b"{}")),
            events: Mutex::new((VecDeque::new(), tx)),
        }
    }

    /// The battle now, as JSON.
    pub fn state(&self) -> Bytes {
        self.state.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// The recent events, and a receiver of those to come.
    pub fn subscribe(&self) -> (Vec<Bytes>, broadcast::Receiver<Bytes>) {
        let events = self.events.lock().unwrap_or_else(|e| e.into_inner());
        (events.0.iter().cloned().collect(), events.1.subscribe())
    }

    fn set_state(&self, json: Bytes) {
        if let Ok(mut s) = self.state.lock() {
            *s = json;
        }
    }

    /// Sends `message` to every client listening now (never waits: a client too far behind
    /// loses it and is cut off by the server), and keeps it for those who come later.
    fn send(&self, message: Bytes, keep: bool) {
        let mut events = self.events.lock().unwrap_or_else(|e| e.into_inner());
        if keep {
            if events.0.len() == BACKLOG {
                events.0.pop_front();
            }
            events.0.push_back(message.clone());
        } else {
            events.0.clear();
        }
        let _ = events.1.send(message);
    }
}

/// The feed, as the game holds it.
#[derive(Resource)]
pub struct Feed {
    shared: Arc<Shared>,
    pub address: SocketAddr,
    /// Log entries sent so far, and the battle's size when the state was last written.
    sent: usize,
    written: Option<(usize, usize)>,
    pub cost: FeedCost,
}

/// What [`publish`] costs the frame.
#[derive(Debug, Clone, Copy, Default)]
pub struct FeedCost {
    pub frames: u64,
    pub total: Duration,
    pub worst: Duration,
}

impl FeedCost {
    fn add(&mut self, d: Duration) {
        self.frames += 1;
        self.total += d;
        self.worst = self.worst.max(d);
    }

    /// The mean cost of a frame.
    pub fn mean(&self) -> Duration {
        self.total / self.frames.max(1) as u32
    }
}

/// Listens on `address` and serves the feed from a thread of its own; the returned [`Feed`]
/// goes into the app (with [`plugin`]). A `:0` port takes any free one ([`Feed::address`]).
pub fn start(address: SocketAddr, max_clients: usize) -> Result<Feed, String> {
    let listener = std::net::TcpListener::bind(address)
        .map_err(|e| format!("the overlay feed can't listen on {address}: {e}"))?;
    let address = listener.local_addr().unwrap_or(address);
    let shared = Arc::new(Shared::new());
    server::spawn(listener, shared.clone(), max_clients)
        .map_err(|e| format!("the overlay feed can't start: {e}"))?;
    Ok(Feed {
        shared,
        address,
        sent: 0,
        written: None,
        cost: FeedCost::default(),
    })
}

/// Publishes the battle to the feed at the end of each frame.
pub fn plugin(app: &mut App) {
    app.add_systems(Last, publish);
}

/// Each new log entry goes out as an event; when the battle moved on, `/state` is written
/// anew. Nothing here waits on a client.
pub fn publish(world: &mut World) {
    let Some(mut feed) = world.remove_resource::<Feed>() else {
        return;
    };
    let started = Instant::now();
    send_events(world, &mut feed);
    let size = (
        feed.sent,
        world
            .get_resource::<Engine>()
            .map_or(0, |e| e.commands.len()),
    );
    if feed.written != Some(size)
        && let Some(now) = state::state(world)
    {
        let json = serde_json::to_vec(&now).unwrap_or_default();
        feed.shared.set_state(Bytes::from(json));
        feed.written = Some(size);
    }
    feed.cost.add(started.elapsed());
    world.insert_resource(feed);
}

/// The log's entries since the last frame, as Server-Sent Events; a new battle (a shorter log)
/// or a leap starts the clients over with a `reset`.
fn send_events(world: &World, feed: &mut Feed) {
    let Some(log) = world.get_resource::<BattleLog>() else {
        return;
    };
    let len = log.entries.len();
    if len < feed.sent || len - feed.sent > LEAP {
        feed.sent = len;
        let reset = format!("event: reset\ndata: {{\"events\":{len}}}\n\n");
        feed.shared.send(Bytes::from(reset), false);
        return;
    }
    for seq in feed.sent..len {
        if let Some(m) = state::event_message(log, seq) {
            let json = serde_json::to_string(&m).unwrap_or_default();
            let sse = format!("id: {seq}\nevent: battle\ndata: {json}\n\n");
            feed.shared.send(Bytes::from(sse), true);
        }
    }
    feed.sent = len;
}
