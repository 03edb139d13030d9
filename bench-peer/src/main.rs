//! The peer of `ayo validate` in BENCHMARKS.md: chess PGN validated with
//! pgn-reader and shakmaty, as pgn-reader's own `validate` example does
//! (every SAN move resolved against the position and played).
//!
//! ```sh
//! cargo run --release -- generate 100000 > /tmp/chess.pgn   # realistic-length random games
//! cargo run --release -- validate /tmp/chess.pgn            # games, plies, seconds, plies/s
//! cargo run --release -- lichess 100000 > /tmp/lichess.pgn  # the same games, laid out as lichess exports them
//! ```
//!
//! The corpus: random legal games of 60 to 100 plies (about 80; fewer when
//! one ends in mate or stalemate), with the seven tags of the PGN standard,
//! SAN moves with move numbers, lines up to 80 columns: the shape of a
//! lichess or TWIC export without comments or clocks.
//!
//! `lichess` writes the same kind of games as the monthly database exports of
//! lichess.org lay them out: seventeen tags (Event, Site, Date, Round, White,
//! Black, Result, UTCDate, UTCTime, WhiteElo, BlackElo, WhiteRatingDiff,
//! BlackRatingDiff, ECO, Opening, TimeControl, Termination), the whole
//! movetext on one line, a `{ [%clk h:mm:ss] }` comment after every move (so
//! each Black move after a comment carries its `N...` number), and on one
//! game in sixteen an `[%eval ...]` in every comment as well. Issue 11 gives
//! the peer's speed on such an export.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};

/// Counts games and plies; a game stops at its first illegal move.
#[derive(Default)]
struct Validator {
    games: u64,
    plies: u64,
    invalid: u64,
}

impl Visitor for Validator {
    type Tags = ();
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), _name: &[u8], _value: RawTag<'_>) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Chess::default())
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _: Chess) -> Self::Output {
        true
    }
}

/// SplitMix64: a small, seeded generator (the corpus is the same every run).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal game of 60 to 100 plies (fewer when it ends in mate or
/// stalemate): its moves and its result token.
fn random_game(rng: &mut Rng) -> (Vec<SanPlus>, String) {
    let length = 60 + rng.below(41);
    let mut pos = Chess::default();
    let mut moves = Vec::with_capacity(length);
    while moves.len() < length {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        moves.push(SanPlus::from_move_and_play_unchecked(&mut pos, m));
    }
    (moves, pos.outcome().to_string())
}

fn generate(games: usize, seed: u64) -> io::Result<()> {
    let mut rng = Rng(seed);
    let mut out = BufWriter::new(io::stdout().lock());
    let names = [
        "Carlsen, M.",
        "Nepomniachtchi, I.",
        "Ding, L.",
        "Caruana, F.",
        "Firouzja, A.",
    ];
    for g in 0..games {
        let (moves, result) = random_game(&mut rng);
        writeln!(out, "[Event \"Generated {}\"]", g / 100 + 1)?;
        writeln!(out, "[Site \"Nowhere\"]")?;
        writeln!(out, "[Date \"2026.{:02}.{:02}\"]", 1 + g % 12, 1 + g % 28)?;
        writeln!(out, "[Round \"{}\"]", g % 100 + 1)?;
        writeln!(out, "[White \"{}\"]", names[rng.below(names.len())])?;
        writeln!(out, "[Black \"{}\"]", names[rng.below(names.len())])?;
        writeln!(out, "[Result \"{result}\"]\n")?;
        let mut line = String::new();
        for (i, san) in moves.iter().enumerate() {
            let token = if i % 2 == 0 {
                format!("{}. {san}", i / 2 + 1)
            } else {
                san.to_string()
            };
            if !line.is_empty() && line.len() + 1 + token.len() > 80 {
                writeln!(out, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        if !line.is_empty() && line.len() + 1 + result.len() > 80 {
            writeln!(out, "{line}")?;
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        writeln!(out, "{line}{result}\n")?;
    }
    out.flush()
}

/// One move's clock comment, as lichess writes it.
fn clock_comment(secs: u64, eval: Option<f64>) -> String {
    let clock = format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
    match eval {
        Some(e) => format!("{{ [%eval {e:.2}] [%clk {clock}] }}"),
        None => format!("{{ [%clk {clock}] }}"),
    }
}

fn generate_lichess(games: usize, seed: u64) -> io::Result<()> {
    let mut rng = Rng(seed);
    let mut out = BufWriter::new(io::stdout().lock());
    let names = [
        "DrNykterstein",
        "penguingim1",
        "Zhigalko_Sergei",
        "alireza2003",
        "RebeccaHarris",
    ];
    let openings = [
        ("C00", "French Defense: Normal Variation"),
        ("B30", "Sicilian Defense: Old Sicilian"),
        ("A00", "Van't Kruijs Opening"),
        ("C50", "Italian Game"),
        ("D02", "Queen's Pawn Game: London System"),
    ];
    let controls = [(60, 0), (180, 0), (180, 2), (300, 0), (600, 0)];
    for g in 0..games {
        let (moves, result) = random_game(&mut rng);
        let (base, inc) = controls[rng.below(controls.len())];
        let (eco, opening) = openings[rng.below(openings.len())];
        let (white_elo, black_elo) = (1200 + rng.below(1600), 1200 + rng.below(1600));
        let day = 1 + g % 28;
        writeln!(out, "[Event \"Rated Blitz game\"]")?;
        writeln!(
            out,
            "[Site \"https://lichess.org/{:08x}\"]",
            rng.next() as u32
        )?;
        writeln!(out, "[Date \"2026.11.{day:02}\"]")?;
        writeln!(out, "[Round \"-\"]")?;
        writeln!(out, "[White \"{}\"]", names[rng.below(names.len())])?;
        writeln!(out, "[Black \"{}\"]", names[rng.below(names.len())])?;
        writeln!(out, "[Result \"{result}\"]")?;
        writeln!(out, "[UTCDate \"2026.11.{day:02}\"]")?;
        writeln!(
            out,
            "[UTCTime \"{:02}:{:02}:{:02}\"]",
            rng.below(24),
            rng.below(60),
            rng.below(60)
        )?;
        writeln!(out, "[WhiteElo \"{white_elo}\"]")?;
        writeln!(out, "[BlackElo \"{black_elo}\"]")?;
        writeln!(out, "[WhiteRatingDiff \"+{}\"]", rng.below(9))?;
        writeln!(out, "[BlackRatingDiff \"-{}\"]", rng.below(9))?;
        writeln!(out, "[ECO \"{eco}\"]")?;
        writeln!(out, "[Opening \"{opening}\"]")?;
        writeln!(out, "[TimeControl \"{base}+{inc}\"]")?;
        writeln!(out, "[Termination \"Normal\"]\n")?;
        let evals = rng.below(16) == 0;
        let mut clocks = [base as u64, base as u64];
        let mut line = String::new();
        for (i, san) in moves.iter().enumerate() {
            let side = i % 2;
            let spent = rng.below(8) as u64;
            clocks[side] = clocks[side].saturating_sub(spent) + inc as u64;
            let eval = evals.then(|| (rng.below(400) as f64 - 200.0) / 100.0);
            let number = if side == 0 {
                format!("{}. ", i / 2 + 1)
            } else {
                format!("{}... ", i / 2 + 1)
            };
            line.push_str(&number);
            line.push_str(&format!("{san} {} ", clock_comment(clocks[side], eval)));
        }
        writeln!(out, "{line}{result}\n")?;
    }
    out.flush()
}

fn validate(path: &str) -> io::Result<()> {
    let start = Instant::now();
    let mut reader = Reader::new(std::fs::File::open(path)?);
    let mut v = Validator::default();
    while let Some(ok) = reader.read_game(&mut v)? {
        v.invalid += u64::from(!ok);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} games ({} invalid), {} plies, {:.3} s, {:.2} M plies/s",
        v.games,
        v.invalid,
        v.plies,
        secs,
        v.plies as f64 / secs / 1e6
    );
    Ok(())
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [kind @ ("generate" | "lichess"), n, rest @ ..] => {
            let n = n
                .parse()
                .map_err(|e| io::Error::other(format!("GAMES: {e}")))?;
            let seed = rest
                .first()
                .map_or(Ok(1), |s| s.parse())
                .map_err(io::Error::other)?;
            if *kind == "lichess" {
                generate_lichess(n, seed)
            } else {
                generate(n, seed)
            }
        }
        ["validate", path] => validate(path),
        _ => Err(io::Error::other(
            "usage: bench-peer generate GAMES [SEED] | lichess GAMES [SEED] | validate FILE",
        )),
    }
}
