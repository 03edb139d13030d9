//! The properties the fuzz targets check, one function per target.
//!
//! Each function takes the fuzzer's raw bytes, runs them through the library,
//! and panics when a property fails; bad input itself must never panic. The
//! fuzz crate (`fuzz/fuzz_targets/*.rs`, nightly) calls them on generated
//! input, and `tests/fuzz_corpus.rs` includes this file with `#[path]` and
//! replays the committed corpus through them on stable, so CI checks the same
//! properties on every input the fuzzers kept.
//!
//! The engine target decodes its bytes here by hand (rather than with the
//! `arbitrary` crate) so that the stable test reads a corpus file exactly as
//! the fuzzer did.

use std::io::{BufReader, Read};

use ayo::import::{ImportError, Imported, JsonGames};
use ayo::notation::Chunker;
use ayo::notation::{GameReader, Origin, RawGame, Record, Span, Tag};
use ayo::output::json::GameJson;
use ayo::replay::{Game, Options, QuickCheck};
use ayo::rules::{
    CaptureSeed, End, Engine, Feeding, Leftovers, Pit, Position, Ruleset, Side, SkipOrigin,
};

/// A target's check: panics when a property fails on the input.
pub type Check = fn(&[u8]);

/// The fuzz targets, by name: each is `fuzz/fuzz_targets/<name>.rs`, with its
/// corpus in `fuzz/corpus/<name>/` and crash inputs in `fuzz/regressions/<name>/`.
pub const TARGETS: [(&str, Check); 7] = [
    ("reader", check_reader),
    ("roundtrip", check_roundtrip),
    ("import", check_import),
    ("strings", check_strings),
    ("engine", check_engine),
    ("quick", check_quick),
    ("names", check_names),
];

/// The lap limit of every replay and engine run here: small, so that a
/// hostile set-up costs little work, yet enough for every relay of the
/// fixtures (none needs more than a few hundred laps).
pub const MAX_LAPS: u64 = 1_000;

/// Where `span` stands, as line and column, counted in `game` (the game's
/// bytes, starting at `origin`): lines after `\n`, columns in characters
/// (every byte that does not continue a UTF-8 sequence starts one).
fn place(game: &[u8], origin: Origin, span: Span) -> Option<(u32, u32)> {
    // A span's offset counts from the start of its game.
    let before = game.get(..span.offset as usize)?;
    let chars = |bytes: &[u8]| bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u32;
    let breaks = before.iter().filter(|&&b| b == b'\n').count() as u32;
    let column = match before.iter().rposition(|&b| b == b'\n') {
        Some(p) => 1 + chars(&before[p + 1..]),
        None => origin.column + chars(before),
    };
    Some((origin.line + breaks, column))
}

/// Checks that a span lies inside its game and that its line and column are
/// those of its offset: every diagnostic must name a real place.
fn check_span(game: &[u8], origin: Origin, span: Span, what: &str) {
    let end = (span.offset as usize).checked_add(span.len as usize);
    assert!(
        end.is_some_and(|e| e <= game.len()),
        "{what}: span {span:?} outside the game ({} bytes from {origin:?})",
        game.len()
    );
    assert_eq!(
        Some((span.line, span.column)),
        place(game, origin, span),
        "{what}: span {span:?} names the wrong line/column"
    );
}

/// All the games a reader cuts from `input`, read through a buffer of
/// `capacity` bytes.
fn cut(input: &[u8], capacity: usize) -> (Vec<RawGame>, bool, Vec<u8>) {
    let mut reader = GameReader::new(BufReader::with_capacity(capacity, input));
    let games = reader
        .by_ref()
        .map(|g| match g {
            Ok(g) => g,
            // A byte slice cannot fail to read.
            Err(e) => panic!("reading a byte slice failed: {e}"),
        })
        .collect();
    (games, reader.had_bom(), reader.trailing().to_vec())
}

/// The game reader on arbitrary bytes.
///
/// - Nothing is dropped: byte-order mark, each game's leading white space and
///   bytes, and the trailing white space put together are the input.
/// - Each game's origin is where its bytes stand in the input.
/// - Reading through a 1-byte buffer cuts the same games as reading at once.
/// - A game that does not parse has an error at a real place of that game.
/// - A game that parses passes [`check_record`].
pub fn check_reader(data: &[u8]) {
    let (games, had_bom, trailing) = cut(data, 1 << 16);
    let mut whole = Vec::with_capacity(data.len());
    if had_bom {
        whole.extend_from_slice(&[0xEF, 0xBB, 0xBF]);
    }
    for (k, g) in games.iter().enumerate() {
        assert_eq!(g.index, k, "game indices must count from 0");
        whole.extend_from_slice(&g.leading);
        assert_eq!(
            g.origin.offset,
            whole.len(),
            "game {k}: origin offset is not where its bytes start"
        );
        whole.extend_from_slice(&g.bytes);
    }
    whole.extend_from_slice(&trailing);
    assert_eq!(whole, data, "the reader dropped or changed input bytes");

    let (slow, slow_bom, slow_trailing) = cut(data, 1);
    assert_eq!(slow, games, "a 1-byte buffer cuts different games");
    assert_eq!((slow_bom, slow_trailing), (had_bom, trailing));

    // In chunks (as `validate` reads), each read by a reader of its own:
    // the same games in the same places, at a chunk size and limit taken
    // from the input.
    let size = 1 + data.len() % 23;
    let mut chunker = Chunker::with_sizes(data, size, size + data.len() % 41);
    let mut chunked = Vec::new();
    while let Some(chunk) = chunker.next_chunk().expect("reading a byte slice") {
        let reader = GameReader::resume(&chunk.bytes[..], chunk.origin, chunked.len());
        chunked.extend(reader.map(|g| g.expect("reading a byte slice")));
    }
    if chunker.is_stuck() {
        let (rest, origin) = chunker.into_reader();
        let reader = GameReader::resume(rest, origin, chunked.len());
        chunked.extend(reader.map(|g| g.expect("reading a byte slice")));
    }
    let cut_at = |g: &RawGame| (g.index, g.origin, g.bytes.clone(), g.too_large);
    assert_eq!(
        chunked.iter().map(cut_at).collect::<Vec<_>>(),
        games.iter().map(cut_at).collect::<Vec<_>>(),
        "read in chunks of {size}, the games differ"
    );

    // A byte-order mark takes no column: places count from the byte after it.
    let bom = if had_bom { 3 } else { 0 };
    let body = Origin {
        offset: bom,
        ..Origin::START
    };
    for g in &games {
        assert_eq!(
            place(&data[bom..], body, span_at(g.origin.offset - bom)),
            Some((g.origin.line, g.origin.column)),
            "game {}: origin {:?} names the wrong line/column",
            g.index,
            g.origin
        );
        match g.parse() {
            Ok(record) => {
                // What the reader hands out, the writer can always write.
                if let Err(e) = record.check_writable() {
                    panic!("game {}: read, but the writer refuses it: {e}", g.index);
                }
                check_record(&record, &g.bytes, g.origin)
            }
            Err(e) => check_span(&g.bytes, g.origin, e.span, "syntax error"),
        }
    }
}

/// An empty span at `offset` of a text (a fuzz input is far below 4 GiB).
fn span_at(offset: usize) -> Span {
    Span {
        offset: u32::try_from(offset).unwrap_or(u32::MAX),
        len: 0,
        line: 0,
        column: 0,
    }
}

/// `ayo validate`'s quick check on arbitrary bytes: whenever it calls a
/// game (as the reader cuts it) valid, the full parse and check report
/// nothing for it, error or warning, under each of a few option sets (the
/// default, a ruleset override, a small lap limit).
pub fn check_quick(data: &[u8]) {
    let (games, _, _) = cut(data, 1 << 16);
    let base = Options {
        max_laps: MAX_LAPS,
        trace: false,
        ..Options::default()
    };
    let sets = [
        base,
        Options {
            rules: "russ capture-seed=stays".parse().ok(),
            ..base
        },
        Options {
            max_laps: 4,
            ..base
        },
    ];
    let mut quick = QuickCheck::new();
    for (k, g) in games.iter().enumerate() {
        for opts in &sets {
            // Read where it stands in the input (as `validate` reads a
            // chunk), the quick check vouches only for the game the reader
            // cuts there, and then the next game starts past its line.
            let at = g.origin.offset;
            let bom = data.first() == Some(&0xEF) && at < 3;
            if !bom
                && g.too_large.is_none()
                && let Some(end) = quick.valid_in_stream(&data[at..], opts)
            {
                assert_eq!(
                    &data[at..at + end.game],
                    &g.bytes[..],
                    "game {k}: read in the stream, it ends elsewhere"
                );
                let next = (at + end.line..data.len())
                    .find(|&i| !data[i].is_ascii_whitespace())
                    .unwrap_or(data.len());
                let expected = games.get(k + 1).map_or(data.len(), |n| n.origin.offset);
                assert_eq!(next, expected, "game {k}: the next game starts elsewhere");
                assert!(
                    quick.is_valid(&g.bytes, opts),
                    "game {k}: valid in the stream only"
                );
            }
            if g.too_large.is_some() || !quick.is_valid(&g.bytes, opts) {
                continue;
            }
            let found = match g.parse() {
                Ok(record) => Game::check(&record, opts),
                Err(e) => panic!("game {}: called valid, but it does not parse: {e}", g.index),
            };
            assert!(
                found.is_empty(),
                "game {}: called valid under {opts:?}, but the full check reports {:?}",
                g.index,
                found.iter().map(|d| &d.message).collect::<Vec<_>>()
            );
        }
    }
}

/// One game's text, parsed on its own ([`Record::parse`]): when it parses, it
/// passes [`check_record`]; when not, the error names a real place.
pub fn check_roundtrip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Record::parse(text) {
        Ok(record) => check_record(&record, data, Origin::START),
        Err(e) => check_span(data, Origin::START, e.span, "syntax error"),
    }
}

/// What must hold for every record that parses from `text` (starting at
/// `origin`):
///
/// - write, re-read: the written text parses back to the same record, and
///   writing that gives the same text (the writer is canonical);
/// - the game reader cuts the written text into exactly that one game;
/// - replay does not panic, and every diagnostic names a place in `text`;
/// - `import(json(record))` writes exactly what the writer wrote.
pub fn check_record(record: &Record, text: &[u8], origin: Origin) {
    let game = Game::replay(
        record.clone(),
        &Options {
            max_laps: MAX_LAPS,
            trace: true,
            ..Options::default()
        },
    );
    for d in &game.errors {
        check_span(text, origin, d.span, &d.message);
    }
    // A record the writer refuses (a comment that would start a new game when
    // read back, say: grammar.md, "Files and games") has no round trip to check; only
    // `Record::parse` on a lone game's text, not the game reader, yields one.
    if record.check_writable().is_err() {
        return;
    }
    let written = record.to_text();
    let back = match Record::parse(&written) {
        Ok(back) => back,
        Err(e) => panic!(
            "the written record does not parse: {} at {}:{}\n{written}",
            e.message, e.span.line, e.span.column
        ),
    };
    // The writer puts tags in canonical order; everything else it keeps.
    let mut expected = record.normalized();
    Tag::sort(&mut expected.tags, |t| &t.name);
    let back = back.normalized();
    assert!(
        back == expected,
        "write then parse changed the record: {}\n{written}",
        difference(&expected, &back)
    );
    assert_eq!(back.to_text(), written, "the writer is not canonical");
    let (games, _, _) = cut(written.as_bytes(), 1 << 16);
    assert_eq!(
        games.len(),
        1,
        "the reader cuts the written record into {} games:\n{written}",
        games.len()
    );

    let json = match serde_json::to_string(&GameJson::of(&game, None, None)) {
        Ok(json) => json,
        Err(e) => panic!("a game's JSON does not serialize: {e}"),
    };
    match Imported::read(json.as_bytes()) {
        Ok(Imported::Record { text, .. }) => assert_eq!(
            text, written,
            "import(json(record)) differs from the written record\n{json}"
        ),
        Ok(Imported::Unparsed(_)) => panic!("a parsed game's JSON imports as unparsed\n{json}"),
        Err(e) => panic!("a game's own JSON does not import: {e}\n{json}"),
    }
}

/// The first part where two records differ, for a failure message.
fn difference(a: &Record, b: &Record) -> String {
    let parts = |r: &Record| -> Vec<String> {
        let mut parts: Vec<String> = r.tags.iter().map(|t| format!("{t:?}")).collect();
        parts.extend(r.comments.iter().map(|c| format!("{c:?}")));
        parts.extend(r.moves.iter().map(|m| format!("{m:?}")));
        parts.push(format!("{:?}", r.result));
        parts
    };
    let (a, b) = (parts(a), parts(b));
    match a.iter().zip(&b).find(|(x, y)| x != y) {
        Some((x, y)) => {
            // Around the first differing character: the parts can be long.
            let at = x.chars().zip(y.chars()).take_while(|(p, q)| p == q).count();
            let near = |t: &str| {
                t.chars()
                    .skip(at.saturating_sub(30))
                    .take(60)
                    .collect::<String>()
            };
            format!("was …{}…, now …{}…", near(x), near(y))
        }
        None => format!("{} parts, now {}", a.len(), b.len()),
    }
}

/// `import` on arbitrary bytes, cut into JSON values as `ayo import` cuts
/// them: no panic; an error names a place (1-based line and column); and
/// whatever it accepts is the canonical text of its record, which the parser
/// and the game reader read back as that one record.
pub fn check_import(data: &[u8]) {
    for value in JsonGames::new(data) {
        let value = match value {
            Ok(value) => value,
            // A byte slice cannot fail to read.
            Err(e) => panic!("reading a byte slice failed: {e}"),
        };
        assert!(
            value.number >= 1 && value.line >= 1 && value.column >= 1,
            "{value:?}"
        );
        let imported = match Imported::read(&value.bytes) {
            Ok(imported) => imported,
            Err(ImportError::Json { line, column, .. }) => {
                // serde_json says column 0 for a line break; `place` maps it.
                let (l, c) = value.place(line, column);
                assert!(
                    l >= value.line && c >= 1,
                    "error place {l}:{c} in {value:?}"
                );
                continue;
            }
            Err(_) => continue,
        };
        let Imported::Record { text, record } = imported else {
            continue;
        };
        assert_eq!(
            record.to_text(),
            text,
            "the import is not its record's text"
        );
        match Record::parse(&text) {
            Ok(back) => assert!(
                back.normalized() == record.normalized(),
                "an imported record does not read back as itself:\n{text}"
            ),
            Err(e) => panic!(
                "an imported record does not parse: {} at {}:{}\n{text}",
                e.message, e.span.line, e.span.column
            ),
        }
        // `ayo import` prints it for the reader: it must come back as one
        // game, not be cut in two by a line that looks like a tag.
        let (games, _, _) = cut(text.as_bytes(), 1 << 16);
        assert_eq!(
            games.len(),
            1,
            "the reader cuts an imported record into {} games:\n{text}",
            games.len()
        );
    }
}

/// Ruleset and set-up strings: no panic, and each accepted string prints
/// canonically and reads back as the same value.
pub fn check_strings(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(rules) = text.parse::<Ruleset>() {
        let canonical = rules.to_string();
        assert_eq!(
            canonical.parse::<Ruleset>().ok(),
            Some(rules),
            "the ruleset {text:?} prints as {canonical:?}, which reads differently"
        );
        if let Ok(pos) = Position::from_setup(text, &rules) {
            assert_eq!(pos.pits(), rules.pits());
        }
    }
    // The same text as a set-up, and split at its first `|` into a set-up
    // and a ruleset, so that both parsers see every input.
    let (setup, rules) = text.split_once('|').unwrap_or((text, "russ"));
    if let Ok(pos) = setup.parse::<Position>() {
        let canonical = pos.to_string();
        assert_eq!(
            canonical.parse::<Position>().ok(),
            Some(pos),
            "the set-up {setup:?} prints as {canonical:?}, which reads differently"
        );
        let sum: u32 = pos.board().iter().map(|&x| u32::from(x)).sum::<u32>()
            + pos.stores().iter().map(|&x| u32::from(x)).sum::<u32>();
        assert_eq!(pos.total_seeds(), sum, "total_seeds of {canonical}");
        if let Ok(rules) = rules.parse::<Ruleset>() {
            let fits = Position::from_setup(setup, &rules);
            assert_eq!(
                fits.is_ok(),
                pos.pits() == rules.pits(),
                "{setup} under {rules}"
            );
        }
    }
}

/// Reads the fuzzer's bytes for [`check_engine`] one at a time; zeros once
/// they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A ruleset, a set-up and moves, decoded from bytes:
///
/// - byte 0: `pits` (2 + b % 25); byte 1: `seeds` (1 + b % 100); byte 2: one
///   bit field for the five rulings;
/// - byte 3: bit 0 set means a set-up follows (else the start position): then
///   two bytes a pit (a little-endian count, masked by byte 3's other bits so
///   that small counts are common), two for each store, and the side to move
///   in bit 1 of byte 3;
/// - every further byte is a move: the pit `b % pits` of the side to move.
///
/// Checks: no panic; every position has the seeds it started with; an
/// illegal move names a reason and the position stays; the traced move ends
/// where the fast one does; `status` and `legal_moves` agree with `play`.
pub fn check_engine(data: &[u8]) {
    let mut bytes = Bytes(data);
    let pits = 2 + bytes.next() % 25;
    let seeds = 1 + bytes.next() % 100;
    let rulings = bytes.next();
    // In range by construction: 2..=26 pits, 1..=100 seeds.
    let Ok(rules) = Ruleset::RUSS
        .with_pits(pits)
        .and_then(|r| r.with_seeds(seeds))
    else {
        panic!("{pits} pits, {seeds} seeds refused")
    };
    let rules = rules
        .with_skip_origin(match rulings % 3 {
            0 => SkipOrigin::Lap,
            1 => SkipOrigin::BeyondLap,
            _ => SkipOrigin::Never,
        })
        .with_capture_seed(if rulings & 4 == 0 {
            CaptureSeed::Captured
        } else {
            CaptureSeed::Stays
        })
        .with_feeding(if rulings & 8 == 0 {
            Feeding::Compulsory
        } else {
            Feeding::None
        })
        .with_leftovers(if rulings & 16 == 0 {
            Leftovers::Opponent
        } else {
            Leftovers::Owner
        })
        .with_end(if rulings & 32 == 0 {
            End::Majority
        } else {
            End::Exhaustion
        });
    // The ruleset's own string must read back as it.
    assert_eq!(rules.to_string().parse::<Ruleset>().ok(), Some(rules));
    let engine = Engine::new(rules).with_max_laps(MAX_LAPS);

    let shape = bytes.next();
    let mut pos = if shape & 1 == 1 {
        // Masks of 0x0F, 0xFF, 0x3FF or 0xFFFF seeds a pit.
        let mask: u16 = [0x0F, 0xFF, 0x3FF, 0xFFFF][usize::from((shape >> 2) & 3)];
        let mut count = || u16::from_le_bytes([bytes.next(), bytes.next()]) & mask;
        let n = usize::from(pits);
        let south: Vec<u16> = (0..n).map(|_| count()).collect();
        let north: Vec<u16> = (0..n).map(|_| count()).collect();
        let stores = [count(), count()];
        let to_move = if shape & 2 == 0 {
            Side::South
        } else {
            Side::North
        };
        match Position::from_rows(&south, &north, stores, to_move) {
            Ok(pos) => {
                let text = pos.to_string();
                assert_eq!(Position::from_setup(&text, &rules).ok(), Some(pos));
                pos
            }
            // Too many seeds: refused with a reason, nothing more to check.
            Err(_) => return,
        }
    } else {
        engine.start()
    };

    let total = pos.total_seeds();
    // Bounded work: at most 64 moves, each at most MAX_LAPS laps.
    for _ in 0..64 {
        if bytes.is_empty() {
            break;
        }
        let side = pos.to_move();
        // Every index below `pits` names a pit of this board.
        let Some(pit) = Pit::new(side, bytes.next() % pits, pits) else {
            panic!("{pos}: no pit {} of {pits} for {side:?}", pits)
        };
        let legal: Vec<Pit> = engine.legal_moves(&pos).map(|(p, _)| p).collect();
        let status = engine.status(&pos);
        match engine.play(&pos, pit) {
            Ok(next) => {
                assert!(
                    legal.contains(&pit),
                    "{pos}: {pit:?} plays but is not listed legal"
                );
                assert!(
                    matches!(status, Ok(ayo::rules::Status::Ongoing)),
                    "{pos}: a move plays but the status is {status:?}"
                );
                assert_eq!(
                    next.total_seeds(),
                    total,
                    "{pos}: {pit:?} changed the seed count"
                );
                let traced = match engine.play_traced(&pos, pit) {
                    Ok(t) => t,
                    Err(e) => panic!("{pos}: {pit:?} plays fast but not traced: {e:?}"),
                };
                assert_eq!(traced.position, next, "{pos}: traced and fast moves differ");
                assert_eq!(traced.side, side);
                pos = next;
            }
            Err(_) => {
                assert!(
                    !legal.contains(&pit),
                    "{pos}: {pit:?} listed legal but refused"
                );
                // The position is `Copy`: an illegal move cannot have touched
                // it, so only the listing and the count are left to check.
                assert_eq!(pos.total_seeds(), total);
            }
        }
    }
}

/// Reads every file of a corpus folder; a missing folder is empty.
pub fn corpus_files(dir: &std::path::Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter_map(|p| {
            let mut bytes = Vec::new();
            std::fs::File::open(&p)
                .and_then(|mut f| f.read_to_end(&mut bytes))
                .ok()
                .map(|_| (p, bytes))
        })
        .collect();
    files.sort();
    files
}

/// Output names, each line of the input a tag value: every name stays in
/// its folder (no separator, NUL or control character, never `.`, `..` or
/// hidden), stems are stable, and no two names of the run are one name on a
/// file system that ignores case.
pub fn check_names(data: &[u8]) {
    use ayo::files::name::Names;
    use std::collections::HashSet;
    use std::path::{Component, Path};

    let text = String::from_utf8_lossy(data);
    let mut names = Names::new();
    names.reserve("index.html");
    let mut lower = HashSet::from(["index.html".to_string()]);
    let mut upper = HashSet::from(["INDEX.HTML".to_string()]);
    for value in text.split('\n') {
        let s = Names::stem(value);
        assert_eq!(
            Names::stem(&s),
            s,
            "the stem of {value:?} changes when made again"
        );
        assert!(s.len() <= Names::MAX_STEM, "{s:?} is too long");
        for ext in ["ayo", "html"] {
            let name = names.take(value, ext);
            assert!(
                !name.contains(['/', '\\']) && !name.chars().any(char::is_control),
                "{value:?} gives {name:?}"
            );
            assert!(!name.starts_with('.'), "{value:?} gives {name:?}");
            let path = Path::new("out").join(&name);
            let parts: Vec<Component> = path.components().collect();
            assert!(
                parts.len() == 2 && matches!(parts[1], Component::Normal(_)),
                "{value:?} gives {name:?}, outside the folder"
            );
            assert!(
                lower.insert(name.to_lowercase()) && upper.insert(name.to_uppercase()),
                "{value:?} gives {name:?}, given before"
            );
        }
    }
}
