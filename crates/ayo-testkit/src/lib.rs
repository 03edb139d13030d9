//! Random game records for the tests, benchmarks and fuzz checks of `ayo`:
//! records with claims, comments and variations (the differential test, the
//! reader's chunking tests, benchmark corpora). Not published: only
//! development builds use it. `ayo generate` makes its games with
//! [`ayo::generate`].
//!
//! The records are reproducible: the same engine, start, seed and options
//! give the same record. Every record replays as valid.
//!
//! ```
//! use ayo::notation::Record;
//! use ayo::replay::{Game, Options as Replay};
//! use ayo::rules::{Engine, Ruleset, SplitMix64};
//! use ayo_testkit::{Options, random_record};
//!
//! let engine = Engine::new(Ruleset::RUSS);
//! let mut rng = SplitMix64::new(42);
//! let opts = Options { max_plies: 12, ..Options::default() };
//! let record = random_record(&engine, &engine.start(), &mut rng, &opts, 1)?;
//! assert!(record.moves.len() <= 12);
//! let text = record.to_text();
//! assert!(text.starts_with("[Event \"Generated game 1\"]"));
//! assert!(Game::replay(record, &Replay::default()).is_valid());
//! # Ok::<(), ayo::rules::Illegal>(())
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

use ayo::notation::{Comment, Move, Outcome, Record, Span, Tag, Termination, Variation};
use ayo::rules::{Engine, Illegal, Pit, Position, Side, SplitMix64, Status};

/// What a generated record carries besides its moves.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Stop after this many plies (the record then ends with `*`).
    pub max_plies: usize,
    /// Write a capture claim on every capturing move (`dx7`), and `x0` on a few
    /// that capture nothing.
    pub claims: bool,
    /// Chance, in percent, that a move gets a comment.
    pub comment_percent: u8,
    /// Chance, in percent, that a move gets a variation (an alternative legal
    /// move and a short random continuation).
    pub variation_percent: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_plies: 1000,
            claims: true,
            comment_percent: 0,
            variation_percent: 0,
        }
    }
}

const REMARKS: [&str; 8] = [
    "a long relay",
    "the only safe move",
    "threatens the store",
    "quiet",
    "North had to feed",
    "seven at once",
    "better was to wait",
    "and the majority is close",
];

fn comment(text: &str) -> Comment {
    Comment {
        text: text.to_string(),
        span: Span::default(),
    }
}

fn tag(name: &str, value: String) -> Tag {
    Tag {
        name: name.to_string().into(),
        value,
        span: Span::default(),
        value_span: Span::default(),
    }
}

/// A random line of play from `start`: moves with claims, and the final
/// position. Variations hang off moves at random, each replayed from the
/// position before its move.
fn random_line(
    engine: &Engine,
    start: &Position,
    rng: &mut SplitMix64,
    opts: &Options,
    depth: usize,
) -> Result<(Vec<Move>, Position), Illegal> {
    let mut plies: Vec<(Pit, Position, Position)> = Vec::new();
    let mut before = *start;
    let end = engine.random_game(start, rng, opts.max_plies, |pit, after| {
        plies.push((pit, before, *after));
        before = *after;
    })?;
    let pits = start.pits();
    let mut moves = Vec::with_capacity(plies.len());
    for (pit, before, after) in plies {
        let side = before.to_move().index();
        let captured = u32::from(after.stores()[side] - before.stores()[side]);
        let claim = (opts.claims && (captured > 0 || rng.below(8) == 0)).then_some(captured);
        let mut m = Move::new(pit.letter(pits));
        m.claim = claim;
        if rng.below(100) < usize::from(opts.comment_percent) {
            m.after_mut()
                .push(comment(REMARKS[rng.below(REMARKS.len())]));
        }
        if depth < 2 && rng.below(100) < usize::from(opts.variation_percent) {
            let short = Options {
                max_plies: 1 + rng.below(6),
                ..*opts
            };
            let (var, _) = random_line(engine, &before, rng, &short, depth + 1)?;
            if var.first().is_some_and(|v| v.pit != m.pit) {
                m.variations_mut().push(Variation {
                    moves: var.into(),
                    span: Span::default(),
                });
            }
        }
        moves.push(m);
    }
    Ok((moves, end))
}

/// A random game record from `start` under the engine's rules, with its tags
/// (`Rules`, `Setup` when not the start position, `Result`, `Score` when
/// finished) and a termination token that agrees with the game.
///
/// `Err` only when a relay is undecided at the engine's lap limit.
pub fn random_record(
    engine: &Engine,
    start: &Position,
    rng: &mut SplitMix64,
    opts: &Options,
    number: usize,
) -> Result<Record, Illegal> {
    let (moves, end) = random_line(engine, start, rng, opts, 0)?;
    let outcome = match engine.status(&end)? {
        Status::Ongoing => None,
        Status::Over(game_end) => Some(game_end),
    };
    let token = result_token(outcome.map(|g| g.winner));
    let mut tags = vec![
        tag("Event", format!("Generated game {number}")),
        tag("Date", "2026.11.29".to_string()),
        tag("South", "Engine A".to_string()),
        tag("North", "Engine B".to_string()),
        tag("Result", token.as_str().to_string()),
        tag("Rules", engine.rules().to_string()),
    ];
    if *start != engine.start() {
        tags.push(tag("Setup", start.to_string()));
    }
    if let Some(g) = outcome {
        tags.push(tag("Score", format!("{}-{}", g.score[0], g.score[1])));
    }
    Ok(record(tags, moves, token))
}

/// The termination token of a game: `None` while unfinished, else its winner
/// (`Some(None)` for a draw).
fn result_token(winner: Option<Option<Side>>) -> Outcome {
    match winner {
        None => Outcome::Unknown,
        Some(Some(Side::South)) => Outcome::SouthWins,
        Some(Some(Side::North)) => Outcome::NorthWins,
        Some(None) => Outcome::Draw,
    }
}

/// A generated record: no spans (it was never text) and no game comment.
fn record(tags: Vec<Tag>, moves: Vec<Move>, outcome: Outcome) -> Record {
    Record {
        tags,
        comments: Vec::new(),
        moves,
        result: Termination {
            outcome,
            span: Span::default(),
        },
        span: Span::default(),
    }
}
