//! The feed's HTTP server: hyper (HTTP/1.1) on a one-thread tokio runtime of its own, so that
//! nothing a client does reaches the game's frame. It only answers `GET` and `HEAD`; it caps
//! its connections (one over the cap gets a 503 and is closed); a request it can't read gets
//! hyper's 400 and the connection closes; a client that stops reading its event stream is cut
//! off once its queue is full instead of holding anything up.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use hyper::body::{Frame, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::sync::{Notify, Semaphore, broadcast, mpsc};

use super::Shared;

type Body = BoxBody<Bytes, Infallible>;

/// The overlay page and its style and script (`assets/overlay/`), in the binary.
const OVERLAY_HTML: &str = include_str!("../../assets/overlay/overlay.html");
const OVERLAY_CSS: &str = include_str!("../../assets/overlay/overlay.css");
const OVERLAY_JS: &str = include_str!("../../assets/overlay/overlay.js");

/// Events a client's stream may hold unsent before the client counts as stuck.
const CLIENT_QUEUE: usize = 256;
/// A comment line on an idle event stream, so that proxies and browsers keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// A client that hasn't sent its request's headers by then is closed.
const HEADER_TIMEOUT: Duration = Duration::from_secs(5);

/// Serves `listener` until the process ends, on a thread of its own.
pub(super) fn spawn(
    listener: std::net::TcpListener,
    shared: Arc<Shared>,
    max_clients: usize,
) -> std::io::Result<()> {
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()?;
    std::thread::Builder::new()
        .name("overlay feed".into())
        .spawn(move || runtime.block_on(serve(listener, shared, max_clients)))?;
    Ok(())
}

async fn serve(listener: std::net::TcpListener, shared: Arc<Shared>, max_clients: usize) {
    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
        return;
    };
    let permits = Arc::new(Semaphore::new(max_clients));
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            // Out of file descriptors, say: wait a little rather than spin.
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let _ = stream.set_nodelay(true);
        match permits.clone().try_acquire_owned() {
            Ok(permit) => {
                let shared = shared.clone();
                tokio::spawn(async move {
                    connection(stream, shared).await;
                    drop(permit);
                });
            }
            Err(_) => {
                tokio::spawn(refuse(stream));
            }
        }
    }
}

/// One client's connection, request after request (HTTP/1.1 keep-alive).
/// A client whose event stream got stuck (`forward`) is cut off: its connection dropped.
async fn connection(stream: tokio::net::TcpStream, shared: Arc<Shared>) {
    let cut = Arc::new(Notify::new());
    let cut_by_stream = cut.clone();
    let service = hyper::service::service_fn(move |req| {
        let (shared, cut) = (shared.clone(), cut_by_stream.clone());
        async move { Ok::<_, Infallible>(answer(&req, &shared, cut)) }
    });
    let served = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .serve_connection(TokioIo::new(stream), service);
    tokio::select! {
        _ = served => {}
        _ = cut.notified() => {}
    }
}

/// Over the cap: a 503 written if the client takes it at once, then closed.
async fn refuse(stream: tokio::net::TcpStream) {
    let reply = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\n\
        content-length: 38\r\nretry-after: 5\r\nconnection: close\r\n\r\n\
        The overlay feed has too many clients.";
    if let Ok(Ok(())) = tokio::time::timeout(Duration::from_secs(1), stream.writable()).await {
        let _ = stream.try_write(reply);
    }
}

/// The answer to one request: what it asks for, or why not.
fn answer(req: &Request<Incoming>, shared: &Shared, cut: Arc<Notify>) -> Response<Body> {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        let mut r = text(
            StatusCode::METHOD_NOT_ALLOWED,
            "The overlay feed is read-only: it answers GET and HEAD.\n",
        );
        r.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return r;
    }
    match req.uri().path() {
        "/state" => file(shared.state(), "application/json"),
        "/events" => events(shared, cut),
        "/overlay" | "/overlay/" => file(overlay_page(&shared.state()), "text/html"),
        "/overlay.css" => file(Bytes::from_static(OVERLAY_CSS.as_bytes()), "text/css"),
        "/overlay.js" => file(Bytes::from_static(OVERLAY_JS.as_bytes()), "text/javascript"),
        "/" => text(
            StatusCode::OK,
            "warcry-sim overlay feed: GET /state (JSON), GET /events (Server-Sent Events), \
             GET /overlay (a page for an OBS browser source).\n",
        ),
        _ => text(
            StatusCode::NOT_FOUND,
            "Not here: try /state, /events or /overlay.\n",
        ),
    }
}

/// The overlay page with the battle as it stands written in, so that it shows the score from
/// its first frame (no blank overlay on the stream while it asks for `/state`). In the JSON,
/// every `<` is escaped, so that no name can end the script early.
fn overlay_page(state: &[u8]) -> Bytes {
    let json = String::from_utf8_lossy(state).replace('<', "\\u003c");
    let script = format!("<script>window.initialState = {json};</script>");
    Bytes::from(OVERLAY_HTML.replacen("<!-- the battle now -->", &script, 1))
}

fn text(status: StatusCode, words: &'static str) -> Response<Body> {
    let mut r = file(Bytes::from_static(words.as_bytes()), "text/plain");
    *r.status_mut() = status;
    r
}

fn file(body: Bytes, kind: &'static str) -> Response<Body> {
    let mut r = Response::new(Full::new(body).boxed());
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(&format!("{kind}; charset=utf-8")).expect("a plain header"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    // Overlays served from elsewhere may read the feed: it tells nothing but the battle.
    h.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    r
}

/// `GET /events`: the recent events at once, then each as it happens (Server-Sent Events).
fn events(shared: &Shared, cut: Arc<Notify>) -> Response<Body> {
    let (tx, rx) = mpsc::channel(CLIENT_QUEUE);
    let (backlog, live) = shared.subscribe();
    for message in backlog {
        let _ = tx.try_send(message);
    }
    tokio::spawn(forward(live, tx, cut));
    let mut r = file(Bytes::new(), "text/event-stream");
    *r.body_mut() = EventStream(rx).boxed();
    r
}

/// Passes the battle's events on to one client's stream, with a keep-alive comment when idle.
/// Stops when the client has gone; cuts the client off (`cut`) when it has stopped reading
/// and its queue is full, or has fallen so far behind that the battle's channel dropped
/// events for it.
async fn forward(mut live: broadcast::Receiver<Bytes>, tx: mpsc::Sender<Bytes>, cut: Arc<Notify>) {
    let mut idle = tokio::time::interval(KEEP_ALIVE);
    idle.tick().await;
    loop {
        let message = tokio::select! {
            m = live.recv() => match m {
                Ok(m) => m,
                Err(broadcast::error::RecvError::Lagged(_)) => break,
                Err(broadcast::error::RecvError::Closed) => return,
            },
            _ = idle.tick() => Bytes::from_static(b": still here\n\n"),
        };
        match tx.try_send(message) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Closed(_)) => return,
            Err(mpsc::error::TrySendError::Full(_)) => break,
        }
    }
    cut.notify_one();
}

/// The body of an event stream: whatever its queue holds, as it comes.
struct EventStream(mpsc::Receiver<Bytes>);

impl hyper::body::Body for EventStream {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.0.poll_recv(cx).map(|m| m.map(|b| Ok(Frame::data(b))))
    }
}

/// Whether `addr` can be reached from other machines (not loopback).
pub fn is_public(addr: &SocketAddr) -> bool {
    !addr.ip().is_loopback()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap()
    }

    /// A client that stops reading its event stream is cut off once its queue is full; it
    /// never makes the battle's channel wait.
    #[test]
    fn a_client_that_stops_reading_is_cut_off() {
        runtime().block_on(async {
            let (live_tx, live) = broadcast::channel(16);
            let (tx, _rx_never_read) = mpsc::channel(2);
            let cut = Arc::new(Notify::new());
            let task = tokio::spawn(forward(live, tx, cut.clone()));
            for k in 0..3u8 {
                live_tx.send(Bytes::from(vec![k])).unwrap();
            }
            tokio::time::timeout(Duration::from_secs(2), cut.notified())
                .await
                .expect("cut off");
            task.await.unwrap();
        });
    }

    /// A client that reads gets every event, in order, and the stream ends when it goes.
    #[test]
    fn a_reading_client_gets_every_event_in_order() {
        runtime().block_on(async {
            let (live_tx, live) = broadcast::channel(16);
            let (tx, mut rx) = mpsc::channel(4);
            let cut = Arc::new(Notify::new());
            let task = tokio::spawn(forward(live, tx, cut));
            for k in 0..10u8 {
                live_tx.send(Bytes::from(vec![k])).unwrap();
                assert_eq!(rx.recv().await.unwrap(), Bytes::from(vec![k]));
            }
            drop(rx);
            live_tx.send(Bytes::from_static(b"x")).unwrap();
            task.await.unwrap();
        });
    }
}
