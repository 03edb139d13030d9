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

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::{Server, club};

const CLIENTS: usize = 50;
const MOVES: usize = 200;

/// One keep-alive connection.
struct Client {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    addr: SocketAddr,
}

impl Client {
    fn new(addr: SocketAddr) -> Client {
        let s = TcpStream::connect(addr).unwrap();
        s.set_nodelay(true).unwrap();
        Client {
            writer: s.try_clone().unwrap(),
            reader: BufReader::new(s),
            addr,
        }
    }

    /// A request and its status and body.
    fn send(&mut self, method: &str, path: &str, body: &str) -> (u16, Vec<u8>) {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        self.writer.write_all(head.as_bytes()).unwrap();
        let mut line = String::new();
        self.reader.read_line(&mut line).unwrap();
        let status = line.split(' ').nth(1).unwrap().parse().unwrap();
        let mut len = 0;
        loop {
            line.clear();
            self.reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
            if let Some((k, v)) = line.split_once(':')
                && k.eq_ignore_ascii_case("content-length")
            {
                len = v.trim().parse().unwrap();
            }
        }
        let mut body = vec![0; len];
        self.reader.read_exact(&mut body).unwrap();
        (status, body)
    }
}

/// What one client measured: the latencies of its "legal moves" and "play"
/// requests.
fn client(addr: SocketAddr, seed: u64) -> (Vec<Duration>, Vec<Duration>) {
    let mut c = Client::new(addr);
    let (mut moves_t, mut play_t) = (Vec::new(), Vec::new());
    let mut setup = String::new();
    let mut rng = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    for _ in 0..MOVES {
        let path = if setup.is_empty() {
            "/api/moves".to_string()
        } else {
            format!("/api/moves?setup={}", setup.replace(' ', "%20"))
        };
        let t = Instant::now();
        let (status, body) = c.send("GET", &path, "");
        moves_t.push(t.elapsed());
        assert_eq!(status, 200);
        let moves: serde_json::Value = serde_json::from_slice(&body).unwrap();
        let list = moves["moves"].as_array().unwrap();
        if list.is_empty() {
            setup.clear();
            continue;
        }
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pit = list[(rng >> 33) as usize % list.len()]["pit"]
            .as_str()
            .unwrap();
        let body = serde_json::json!({"setup": moves["setup"], "pit": pit}).to_string();
        let t = Instant::now();
        let (status, reply) = c.send("POST", "/api/play", &body);
        play_t.push(t.elapsed());
        assert_eq!(status, 200);
        let reply: serde_json::Value = serde_json::from_slice(&reply).unwrap();
        setup = if reply["move"]["result"].is_null() {
            reply["setup"].as_str().unwrap().to_string()
        } else {
            String::new()
        };
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
