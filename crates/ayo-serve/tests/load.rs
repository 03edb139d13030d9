//! The load test of BENCHMARKS.md ("ayo serve"), ignored by default (it
//! measures, it does not assert a time):
//!
//! `cargo test --release -p ayo-serve --test load -- --ignored --nocapture`
//!
//! 50 clients, each on its own keep-alive connection, play 200 moves each
//! against a real server on a free loopback port: for every move, the legal
//! moves of the position (`GET /api/moves`), then one of them played
//! (`POST /api/play`), a new game from the start when one ends. It prints
//! requests a second and the 50th and 99th percentiles of each kind.
//! `AYO_STARTUP=DIR` also times reading DIR's games at start.

mod common;

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::{Server, club};
use serde::Deserialize;

const CLIENTS: usize = 50;
const MOVES: usize = 200;

/// One keep-alive connection, its buffers kept from one request to the
/// next: the clients share the server's 2 cores, so what they spend is
/// taken from the server's latency.
struct Client {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    addr: SocketAddr,
    request: Vec<u8>,
    line: String,
    body: Vec<u8>,
}

impl Client {
    fn new(addr: SocketAddr) -> Client {
        let s = TcpStream::connect(addr).unwrap();
        s.set_nodelay(true).unwrap();
        Client {
            writer: s.try_clone().unwrap(),
            reader: BufReader::new(s),
            addr,
            request: Vec::with_capacity(512),
            line: String::with_capacity(128),
            body: Vec::with_capacity(8192),
        }
    }

    /// A request; its status, the body left in `self.body`.
    fn send(&mut self, method: &str, path: &str, body: &str) -> u16 {
        self.request.clear();
        write!(
            self.request,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        self.writer.write_all(&self.request).unwrap();
        let line = &mut self.line;
        line.clear();
        self.reader.read_line(line).unwrap();
        let status = line.split(' ').nth(1).unwrap().parse().unwrap();
        let mut len = 0;
        loop {
            line.clear();
            self.reader.read_line(line).unwrap();
            if line == "\r\n" {
                break;
            }
            if let Some((k, v)) = line.split_once(':')
                && k.eq_ignore_ascii_case("content-length")
            {
                len = v.trim().parse().unwrap();
            }
        }
        self.body.resize(len, 0);
        self.reader.read_exact(&mut self.body).unwrap();
        status
    }
}

/// The fields of `GET /api/moves` a client reads.
#[derive(Deserialize)]
struct MovesReply<'a> {
    #[serde(borrow)]
    setup: &'a str,
    moves: Vec<PitOnly>,
}

/// A legal move, read for its pit alone.
#[derive(Deserialize)]
struct PitOnly {
    pit: char,
}

/// The fields of `POST /api/play` a client reads.
#[derive(Deserialize)]
struct PlayReply<'a> {
    #[serde(borrow)]
    setup: &'a str,
    #[serde(rename = "move")]
    played: Played,
}

/// Whether the move played ended the game.
#[derive(Deserialize)]
struct Played {
    result: Option<serde::de::IgnoredAny>,
}

/// What one client measured: the latencies of its "legal moves" and "play"
/// requests.
fn client(addr: SocketAddr, seed: u64) -> (Vec<Duration>, Vec<Duration>) {
    let mut c = Client::new(addr);
    let (mut moves_t, mut play_t) = (Vec::with_capacity(MOVES), Vec::with_capacity(MOVES));
    let mut setup = String::new();
    let (mut path, mut body) = (String::new(), String::new());
    let mut rng = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    for _ in 0..MOVES {
        path.clear();
        path.push_str("/api/moves");
        if !setup.is_empty() {
            path.push_str("?setup=");
            path.push_str(&setup.replace(' ', "%20"));
        }
        let t = Instant::now();
        let status = c.send("GET", &path, "");
        moves_t.push(t.elapsed());
        assert_eq!(status, 200);
        let moves: MovesReply = serde_json::from_slice(&c.body).unwrap();
        if moves.moves.is_empty() {
            setup.clear();
            continue;
        }
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pit = moves.moves[(rng >> 33) as usize % moves.moves.len()].pit;
        body.clear();
        write!(body, r#"{{"setup":"{}","pit":"{pit}"}}"#, moves.setup).unwrap();
        let t = Instant::now();
        let status = c.send("POST", "/api/play", &body);
        play_t.push(t.elapsed());
        assert_eq!(status, 200);
        let reply: PlayReply = serde_json::from_slice(&c.body).unwrap();
        setup.clear();
        if reply.played.result.is_none() {
            setup.push_str(reply.setup);
        }
    }
    (moves_t, play_t)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

#[test]
#[ignore = "a measurement: run it with --ignored --nocapture"]
fn fifty_clients_play_two_hundred_moves_each() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    let addr = s.addr;
    let start = Instant::now();
    let threads: Vec<_> = (0..CLIENTS)
        .map(|i| std::thread::spawn(move || client(addr, i as u64)))
        .collect();
    let (mut moves_t, mut play_t) = (Vec::new(), Vec::new());
    for t in threads {
        let (m, p) = t.join().unwrap();
        moves_t.extend(m);
        play_t.extend(p);
    }
    let elapsed = start.elapsed().as_secs_f64();
    moves_t.sort();
    play_t.sort();
    let requests = moves_t.len() + play_t.len();
    println!(
        "{CLIENTS} clients x {MOVES} moves: {requests} requests in {elapsed:.2} s = {:.0} requests/s",
        requests as f64 / elapsed
    );
    for (name, t) in [("legal moves", &moves_t), ("play", &play_t)] {
        println!(
            "{name}: {} requests, p50 {:.2} ms, p99 {:.2} ms",
            t.len(),
            percentile(t, 0.5),
            percentile(t, 0.99)
        );
    }
    if let Ok(dir) = std::env::var("AYO_STARTUP") {
        let t = Instant::now();
        let state = ayo_serve::state(ayo_serve::Config::new(dir.into())).unwrap();
        let games = state.archive.read().unwrap().len();
        println!(
            "startup: {games} games read in {:.3} s",
            t.elapsed().as_secs_f64()
        );
    }
}
