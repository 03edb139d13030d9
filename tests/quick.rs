//! The quick check of `ayo validate` ([`QuickCheck`]) against the full
//! parse and check: whenever the quick check says a game is valid, the full
//! path must report nothing for it, error or warning, under the same
//! options. Checked on every fixture, on generated corpora (where the quick
//! check must also vouch for nearly every game, so that it cannot pass by
//! giving up on everything), and on mutants of valid records, from a fixed
//! seed and from proptest. The fuzz target `quick` checks the same on
//! arbitrary bytes (its corpus is replayed by tests/fuzz_corpus.rs).

use crate::common;

use ayo::diagnostics::Diagnostic;
use ayo::notation::{GameReader, RawGame};
use ayo::replay::{Game, Options, QuickCheck};
use ayo::rules::{Engine, Position, Ruleset, SplitMix64};
use ayo_testkit::{Options as Generate, random_record};
use proptest::prelude::*;

/// What `ayo validate` reports for a game by the full path.
fn full(raw: &RawGame, opts: &Options) -> Vec<Diagnostic> {
    match raw.parse() {
        Ok(record) => Game::check(&record, opts),
        Err(e) => vec![Diagnostic::from(e)],
    }
}

/// The option sets every input is checked under: the default, a ruleset
/// override, small lap limits, warnings denied.
fn option_sets() -> Vec<Options> {
    let base = Options {
        trace: false,
        ..Options::default()
    };
    vec![
        base,
        Options {
            rules: Some("russ capture-seed=stays".parse().unwrap()),
            ..base
        },
        Options {
            rules: Some("endodoi".parse().unwrap()),
            ..base
        },
        Options {
            rules: Some(Ruleset::RUSS),
            ..base
        },
        Options {
            max_laps: 1,
            ..base
        },
        Options {
            max_laps: 6,
            ..base
        },
        Options {
            deny_warnings: true,
            ..base
        },
    ]
}

/// Games read, and how many of them the quick check vouched for.
#[derive(Default, Debug)]
struct Tally {
    games: usize,
    quick: usize,
    /// Games the full path found nothing in.
    clean: usize,
    /// Games the quick check vouched for read in the stream.
    stream: usize,
}

/// Cuts `input` into games and checks the implication on each; panics with
/// the game and the diagnostics when it fails.
///
/// Also checks the quick check read in the stream
/// ([`QuickCheck::valid_in_stream`]), from where the game reader starts each
/// game: when it vouches for a game, the game reader cut out exactly the
/// bytes it read, the next game starts at the first byte other than white
/// space after the end it gave, and the quick check of the cut game agrees.
fn agree(quick: &mut QuickCheck, input: &[u8], opts: &Options, tally: &mut Tally) {
    let games: Vec<RawGame> = GameReader::new(input).map(Result::unwrap).collect();
    for (k, raw) in games.iter().enumerate() {
        let at = raw.origin.offset;
        // A byte-order mark is the game reader's business alone.
        let bom = input.first() == Some(&0xEF) && at < 3;
        if !bom && let Some(end) = quick.valid_in_stream(&input[at..], opts) {
            assert!(raw.too_large.is_none());
            assert_eq!(
                &input[at..at + end.game],
                &raw.bytes[..],
                "read in the stream, the quick check ends this game elsewhere"
            );
            let next = (at + end.line..input.len())
                .find(|&i| !input[i].is_ascii_whitespace())
                .unwrap_or(input.len());
            let expected = games.get(k + 1).map_or(input.len(), |g| g.origin.offset);
            assert_eq!(next, expected, "{:?}", String::from_utf8_lossy(input));
            assert!(
                quick.is_valid(&raw.bytes, opts),
                "{:?}",
                String::from_utf8_lossy(&raw.bytes)
            );
            tally.stream += 1;
        }
    }
    for raw in games {
        let said = raw.too_large.is_none() && quick.is_valid(&raw.bytes, opts);
        let found = full(&raw, opts);
        tally.games += 1;
        tally.quick += usize::from(said);
        tally.clean += usize::from(found.is_empty());
        if said {
            assert!(
                found.is_empty(),
                "the quick check called this game valid under {opts:?}, the full check reports {:?}:\n{}",
                found.iter().map(|d| &d.message).collect::<Vec<_>>(),
                String::from_utf8_lossy(&raw.bytes)
            );
        }
    }
}

#[test]
fn every_fixture_agrees() {
    let files = common::fixture_files();
    assert!(files.len() > 20, "{files:?}");
    let mut quick = QuickCheck::new();
    let mut tally = Tally::default();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        for opts in option_sets() {
            agree(&mut quick, &bytes, &opts, &mut tally);
        }
    }
    // The fixtures hold valid games the quick check reads, and many it
    // must leave to the full check.
    assert!(tally.quick > 20, "{tally:?}");
    assert!(tally.games - tally.clean > 50, "{tally:?}");
}

/// Random records under several rulesets, from the start and from set-ups
/// (some with North to move), with comments and variations.
fn generated(games: usize, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let rulesets = [
        "russ",
        "endodoi",
        "russ pits=8 seeds=3",
        "russ capture-seed=stays leftovers=owner",
        "endodoi pits=4 seeds=2",
        "ayoayo feeding=none",
    ];
    let mut text = String::new();
    for i in 0..games {
        let rules: Ruleset = rulesets[i % rulesets.len()].parse().unwrap();
        let engine = Engine::new(rules);
        let mut start = engine.start();
        if i % 3 == 1 {
            let plies = 1 + rng.below(12);
            start = engine
                .random_game(&start, &mut rng, plies, |_, _| {})
                .unwrap();
        }
        let opts = Generate {
            comment_percent: [0, 5, 30][i % 3],
            variation_percent: [3, 0, 25][i % 3],
            ..Generate::default()
        };
        let Ok(record) = random_record(&engine, &start, &mut rng, &opts, i + 1) else {
            continue;
        };
        text.push_str(&record.to_text());
        text.push('\n');
    }
    text
}

/// A game the random set-up left already over has no moves; they are valid
/// too. The quick check must vouch for nearly all of these games (each is
/// valid), or it would pass the implication by giving up.
#[test]
fn a_generated_corpus_agrees_and_is_nearly_all_quick() {
    let text = generated(3_000, 7);
    let mut quick = QuickCheck::new();
    let default = Options {
        trace: false,
        ..Options::default()
    };
    let mut tally = Tally::default();
    agree(&mut quick, text.as_bytes(), &default, &mut tally);
    assert_eq!(tally.clean, tally.games, "every generated game is valid");
    assert!(
        tally.quick * 100 > tally.games * 99,
        "the quick check vouched for only {} of {} valid games",
        tally.quick,
        tally.games
    );
    // Read in the stream it vouches for nearly all of them too.
    assert!(tally.stream * 100 > tally.games * 99, "{tally:?}");
    for opts in option_sets() {
        agree(&mut quick, text.as_bytes(), &opts, &mut Tally::default());
    }
}

/// The corpus `examples/corpus.rs` makes (the benchmark's): every game quick.
#[test]
fn the_benchmark_corpus_is_all_quick() {
    let engine = Engine::new(Ruleset::RUSS);
    let mut rng = SplitMix64::new(1);
    let opts = Generate {
        comment_percent: 5,
        variation_percent: 3,
        ..Generate::default()
    };
    let mut quick = QuickCheck::new();
    let default = Options::default();
    for i in 0..2_000 {
        let record = random_record(&engine, &engine.start(), &mut rng, &opts, i + 1).unwrap();
        let text = record.to_text();
        assert!(quick.is_valid(text.as_bytes(), &default), "{text}");
    }
}

/// Text that grammar fragments and slips are made of.
const FRAGMENTS: &[&str] = &[
    " ",
    "\n",
    "\r\n",
    "\n\n",
    "(",
    ")",
    " (1. a) ",
    " (1... A) ",
    "{",
    "}",
    "{c}",
    "{x\ny}",
    ";c\n",
    "$1",
    " $1",
    " $255",
    " $256",
    "$256",
    " $0",
    "!",
    "?",
    "!!",
    "?!",
    "x",
    "x0",
    "x1",
    "x7",
    "x99",
    "1.",
    "1...",
    "2.",
    "2...",
    "12.",
    "0.",
    "4294967296.",
    "*",
    "1-0",
    "0-1",
    "1/2-1/2",
    " * ",
    "a",
    "b",
    "f",
    "g",
    "z",
    "A",
    "F",
    "G",
    "Z",
    " a ",
    " A ",
    "[",
    "]",
    "\"",
    "\\",
    "[Date \"x\"]\n",
    "[Event \"e\"]\n",
    "[Rule \"russ\"]\n",
    "[Rules \"russ\"]\n",
    "[Result \"*\"]\n",
    "[Score \"0-0\"]\n",
    "[PlyCount \"3\"]\n",
    "[Setup \"4,4,4,4,4,4/4,4,4,4,4,4 0-0 N\"]\n",
    "[Opening \"x\"]\n",
    "[round \"1\"]\n",
    "\u{a0}",
    "\u{2013}",
    "\u{feff}",
    "\u{200b}",
    "é",
    "\t",
    "\u{7}",
    "\r",
];

/// Values tried in the tags that replay reads.
const TAG_VALUES: &[(&str, &[&str])] = &[
    (
        "Result",
        &["*", "1-0", "0-1", "1/2-1/2", "1-0 ", "", "draw"],
    ),
    (
        "Score",
        &["0-0", "24-24", "26-22", "22-26", "024-24", "24-", "-", "x"],
    ),
    ("PlyCount", &["0", "1", "10", "24", "25", "+24", "024", ""]),
    (
        "Rules",
        &[
            "russ",
            "ayoayo",
            "endodoi",
            "russ capture-seed=stays",
            "russ pits=30",
            "",
            "RUSS",
            "russ  ",
        ],
    ),
    (
        "Setup",
        &[
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N",
            "0,0,0,0,0,1/1,0,0,0,0,0 23-23 S",
            "1,2/3,4 0-0 S",
            "x",
        ],
    ),
    (
        "Date",
        &["2026.11.29", "2026.??.??", "2026-11-29", "2026.1.29", ""],
    ),
    ("Event", &["a\\\"b", "", "x"]),
];

/// One change to a record's text.
#[derive(Clone, Debug)]
enum Mutation {
    /// Sets the byte at (an index modulo the length) to a fragment's first byte.
    Flip(usize, usize),
    /// Inserts a fragment.
    Insert(usize, usize),
    /// Inserts a fragment at the n-th space (between two tokens, where a
    /// fragment of the grammar is likely to read as one).
    Between(usize, usize),
    /// Deletes up to a few bytes.
    Delete(usize, usize),
    /// Swaps two words (space-separated).
    Swap(usize, usize),
    /// Changes a claim (the digits after the n-th `x`) by a small amount.
    Claim(usize, i8),
    /// Sets a tag that replay reads to one of its tried values (adding the
    /// tag when missing).
    Tag(usize, usize),
}

fn mutate(text: &str, mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for m in mutations {
        let len = bytes.len().max(1);
        match *m {
            Mutation::Flip(at, f) => {
                if !bytes.is_empty() {
                    bytes[at % len] = FRAGMENTS[f % FRAGMENTS.len()].as_bytes()[0];
                }
            }
            Mutation::Insert(at, f) => {
                let at = at % (bytes.len() + 1);
                let frag = FRAGMENTS[f % FRAGMENTS.len()].as_bytes();
                bytes.splice(at..at, frag.iter().copied());
            }
            Mutation::Between(k, f) => {
                let spaces: Vec<usize> = (0..bytes.len()).filter(|&i| bytes[i] == b' ').collect();
                let at = if spaces.is_empty() {
                    0
                } else {
                    spaces[k % spaces.len()]
                };
                let frag = FRAGMENTS[f % FRAGMENTS.len()].as_bytes();
                bytes.splice(at..at, frag.iter().copied());
            }
            Mutation::Delete(at, n) => {
                let at = at % len;
                let end = (at + 1 + n % 4).min(bytes.len());
                if at < end {
                    bytes.drain(at..end);
                }
            }
            Mutation::Swap(i, j) => {
                let mut words: Vec<Vec<u8>> =
                    bytes.split(|&b| b == b' ').map(<[u8]>::to_vec).collect();
                let n = words.len();
                words.swap(i % n, j % n);
                bytes = words.join(&b' ');
            }
            Mutation::Claim(k, delta) => {
                let xs: Vec<usize> = (0..bytes.len().saturating_sub(1))
                    .filter(|&i| bytes[i] == b'x' && bytes[i + 1].is_ascii_digit())
                    .collect();
                if xs.is_empty() {
                    continue;
                }
                let start = xs[k % xs.len()] + 1;
                let end = start
                    + bytes[start..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                let n: i64 = std::str::from_utf8(&bytes[start..end])
                    .unwrap()
                    .parse()
                    .unwrap_or(0);
                let new = (n + i64::from(delta)).max(0).to_string();
                bytes.splice(start..end, new.bytes());
            }
            Mutation::Tag(t, v) => {
                let (name, values) = TAG_VALUES[t % TAG_VALUES.len()];
                let value = values[v % values.len()];
                let line = format!("[{name} \"{value}\"]");
                let prefix = format!("[{name} \"");
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let new = match text.find(&prefix) {
                    Some(at) => {
                        let end = text[at..].find('\n').map_or(text.len(), |e| at + e);
                        format!("{}{line}{}", &text[..at], &text[end..])
                    }
                    None => format!("{line}\n{text}"),
                };
                bytes = new.into_bytes();
            }
        }
    }
    bytes
}

fn random_mutation(rng: &mut SplitMix64) -> Mutation {
    let a = rng.below(1 << 20);
    let b = rng.below(1 << 10);
    match rng.below(7) {
        0 => Mutation::Flip(a, b),
        1 => Mutation::Insert(a, b),
        6 => Mutation::Between(a, b),
        2 => Mutation::Delete(a, b),
        3 => Mutation::Swap(a, b),
        4 => Mutation::Claim(a, [-2i8, -1, 1, 2][b % 4]),
        _ => Mutation::Tag(a, b),
    }
}

/// A pool of valid records to mutate: short ones, so that a mutation is
/// likely to matter.
fn pool() -> Vec<String> {
    let mut rng = SplitMix64::new(11);
    let mut out = Vec::new();
    for (k, rules) in [
        "russ",
        "endodoi",
        "russ pits=4 seeds=2",
        "russ leftovers=owner",
    ]
    .iter()
    .enumerate()
    {
        let engine = Engine::new(rules.parse().unwrap());
        for i in 0..40 {
            let mut start = engine.start();
            if i % 4 == 3 {
                start = engine
                    .random_game(&start, &mut rng, 1 + i % 7, |_, _| {})
                    .unwrap();
            }
            let opts = Generate {
                max_plies: [6, 12, 1000][i % 3],
                comment_percent: 20,
                variation_percent: 20,
                ..Generate::default()
            };
            let record = random_record(&engine, &start, &mut rng, &opts, k * 100 + i).unwrap();
            out.push(record.to_text());
        }
    }
    out
}

/// Start positions from set-ups, as a mutated `Setup` tag may name them:
/// the quick check must read them as the full check does.
#[test]
fn setups_agree() {
    let russ = Ruleset::RUSS;
    let pos = Position::from_setup("4,4,4,4,4,4/4,4,4,4,4,4 0-0 N", &russ).unwrap();
    let text = format!("[Setup \"{pos}\"]\n\n1... A 2. a (2. b) 2... B *\n");
    let mut quick = QuickCheck::new();
    let mut tally = Tally::default();
    for opts in option_sets() {
        agree(&mut quick, text.as_bytes(), &opts, &mut tally);
    }
    assert!(tally.quick > 0, "{tally:?}");
}

/// Mutants from a fixed seed: the implication on each, and enough of every
/// kind (vouched for, refused by the full path) that the test means something.
#[test]
fn mutants_agree() {
    let pool = pool();
    let sets = option_sets();
    let mut rng = SplitMix64::new(2026);
    let mut quick = QuickCheck::new();
    let mut tally = Tally::default();
    for _ in 0..20_000 {
        let base = &pool[rng.below(pool.len())];
        let n = 1 + rng.below(3);
        let mutations: Vec<Mutation> = (0..n).map(|_| random_mutation(&mut rng)).collect();
        let bytes = mutate(base, &mutations);
        let opts = if rng.below(4) == 0 {
            sets[rng.below(sets.len())]
        } else {
            sets[0]
        };
        agree(&mut quick, &bytes, &opts, &mut tally);
    }
    eprintln!("{tally:?}");
    assert!(tally.quick > 2_000, "{tally:?}");
    assert!(tally.stream > 1_000, "{tally:?}");
    assert!(tally.games - tally.clean > 5_000, "{tally:?}");
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Flip(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Insert(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Between(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Delete(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        (any::<usize>(), -3i8..=3).prop_map(|(a, d)| Mutation::Claim(a, d)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Tag(a, b)),
    ]
}

proptest! {
    // Failures are kept where those of the library's property tests are.
    #![proptest_config(ProptestConfig {
        cases: 2_000,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct("proptest-regressions/quick.txt"),
        )),
        ..ProptestConfig::default()
    })]

    /// Mutated valid records: never vouched for when the full check finds
    /// anything.
    #[test]
    fn mutated_records_agree(
        base in 0usize..160,
        mutations in prop::collection::vec(mutation(), 1..4),
        set in 0usize..7,
    ) {
        thread_local! {
            static POOL: Vec<String> = pool();
        }
        let bytes = POOL.with(|p| mutate(&p[base % p.len()], &mutations));
        let opts = option_sets()[set];
        agree(&mut QuickCheck::new(), &bytes, &opts, &mut Tally::default());
    }

    /// Several records in one input, joined by what can make the game
    /// reader cut them elsewhere than at their termination tokens (no line
    /// break, text after the token, a blank line before a `[` in a comment
    /// or among tags): read in the stream, the quick check must end each
    /// game where the game reader does.
    #[test]
    fn joined_records_agree(
        bases in prop::collection::vec(0usize..160, 1..5),
        joints in prop::collection::vec(prop::sample::select(vec![
            "", "\n", "\n\n", " \t\r\n", "\r\n\r\n", " {c}\n", " 1-0\n", "\n\n[X \"y\"]\n",
            "\n{a\n\n[b}\n", "\n\n{a\n[b}\n", "\x0c\n", "\n;[\n\n", "x\n\n",
        ]), 5),
        inner in prop::sample::select(vec![
            None, Some("\n"), Some("\n\n"), Some("{x\n\n[y} "), Some("{[y]} "), Some("{x\n[y]\n} "),
        ]),
    ) {
        thread_local! {
            static POOL: Vec<String> = pool();
        }
        let mut text = String::new();
        POOL.with(|p| {
            for (k, &b) in bases.iter().enumerate() {
                let record = &p[b % p.len()];
                // Something inside the record too: after its tags, before
                // its first move.
                // Or a blank line after its first tag line.
                let at = match inner {
                    Some("\n") => record.find('\n').map(|at| at + 1),
                    _ => record.find("\n\n").map(|at| at + 2),
                };
                match (inner, at) {
                    (Some(x), Some(at)) if k % 2 == 0 => {
                        text.push_str(&record[..at]);
                        text.push_str(x);
                        text.push_str(&record[at..]);
                    }
                    _ => text.push_str(record),
                }
                text.push_str(joints[k % joints.len()]);
            }
        });
        let opts = option_sets()[0];
        agree(&mut QuickCheck::new(), text.as_bytes(), &opts, &mut Tally::default());
    }
}
