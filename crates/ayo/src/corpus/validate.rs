//! Checking a corpus: every game of every input parsed and replayed, move by
//! move, across cores, with the verdicts in input order.
//!
//! Most games of a corpus are plainly valid, and most of the work is telling
//! so: each input is cut into chunks of whole games (see
//! [`crate::notation::Chunker`]) that the workers read where they
//! stand, each game by the quick check ([`crate::replay::QuickCheck`], one a
//! thread, keeping its rulesets and tag names from game to game). Only a game
//! the quick check does not vouch for is cut out and checked in full, to find
//! every diagnostic.
//!
//! ```
//! use ayo::corpus::parallel::{PoolError, Reporter};
//! use ayo::corpus::validate::Settings;
//!
//! /// Keeps the problems that are not a game's.
//! struct Problems(Vec<String>);
//! impl Reporter for Problems {
//!     type Note = ayo::corpus::input::InputError;
//!     type Error = PoolError;
//!     fn note(&mut self, note: Self::Note) {
//!         self.0.push(note.to_string());
//!     }
//! }
//!
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("club.ayo");
//! std::fs::write(&path, "1. cx7 Fx2 *\n\n1. cx6 *\n").unwrap();
//! let mut verdicts = Vec::new();
//! let mut problems = Problems(Vec::new());
//! let settings = Settings::default();
//! settings.check(vec![path.display().to_string()], &mut problems, |_, v| {
//!     verdicts.push((v.number, v.is_valid()));
//!     Ok(())
//! })
//! .unwrap();
//! assert_eq!(verdicts, [(1, true), (2, false)]);
//! assert!(problems.0.is_empty());
//! ```

use std::cell::RefCell;
use std::io::{self, BufRead, Read};
use std::sync::Arc;

use crate::diagnostics::Diagnostic;
use crate::notation::Chunk;
use crate::notation::{GameReader, RawGame};
use crate::replay::{Game, Options, QuickCheck};

use super::input::{Games, Input, InputError};
use super::parallel::{Item, Ordered, Reporter, ordered};

/// How to check a corpus.
#[derive(Clone, Debug)]
pub struct Settings {
    /// How each game is replayed.
    pub options: Options,
    /// Threads to work on (1 checks on the calling thread alone).
    pub jobs: usize,
    /// The most bytes a game may have (see
    /// [`GameReader::max_game_bytes`]).
    pub max_game_bytes: usize,
    /// Only this game of each input (from 1); an input with fewer games is
    /// an [`InputError::NoSuchGame`].
    pub only: Option<u64>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            options: Options::default(),
            jobs: 1,
            max_game_bytes: RawGame::DEFAULT_MAX_BYTES,
            only: None,
        }
    }
}

/// What checking one game found.
pub struct Checked<'a> {
    /// Its input.
    pub file: &'a str,
    /// Its number in its input, from 1.
    pub number: usize,
    /// Its text, when it was kept: a game the quick check vouched for is not
    /// cut out of its chunk (it has nothing to report).
    pub game: Option<&'a RawGame>,
    /// Its errors and warnings, in order.
    pub diagnostics: &'a [Diagnostic],
}

impl Checked<'_> {
    /// Whether the game has no error (warnings allowed).
    pub fn is_valid(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

thread_local! {
    /// Each worker's quick check, with the rulesets and tag names it keeps
    /// from game to game.
    static QUICK: RefCell<QuickCheck> = RefCell::new(QuickCheck::new());
}

impl Settings {
    /// Checks every game of the inputs `names` (files, `-` for standard input),
    /// and hands each game's verdict to `verdict`, in input order, on this thread.
    /// What cannot be read goes to the reporter as a note, in its place; progress
    /// as the chunks' games are delivered.
    pub fn check<R: Reporter>(
        &self,
        names: Vec<String>,
        ctx: &mut R,
        mut verdict: impl FnMut(&mut R, Checked<'_>) -> Result<(), R::Error>,
    ) -> Result<(), R::Error>
    where
        R::Note: From<InputError>,
    {
        let settings = self;
        let (opts, max) = (&settings.options, settings.max_game_bytes);
        if let Some(n) = settings.only {
            // One game of each input: read game by game.
            let work = |_: &str, raw: &RawGame| Ok(check_game(raw, opts));
            let sink = |ctx: &mut R, file: &str, raw: &RawGame, errors: Vec<Diagnostic>| {
                let number = raw.index + 1;
                let (game, diagnostics) = (Some(raw), &errors[..]);
                verdict(
                    ctx,
                    Checked {
                        file,
                        number,
                        game,
                        diagnostics,
                    },
                )
            };
            let games = Games::new(names).max_game_bytes(max).only(Some(n));
            return games.ordered(settings.jobs, ctx, work, sink);
        }
        let work = |_: &str, piece: &Piece| Ok(check_piece(piece, opts, max));
        // The input being delivered, and its games so far.
        let mut at: (Option<usize>, usize) = (None, 0);
        let sink = |ctx: &mut R, file: &str, piece: &Piece, found: Vec<Found>| {
            deliver(ctx, &mut at, file, piece, found, &mut verdict)
        };
        ordered(settings.jobs, ctx, work, sink, |ctx, ordered| {
            for (k, name) in names.iter().enumerate() {
                read_chunks(k, name, max, ctx, ordered)?;
            }
            Ok(())
        })
    }
}

/// Hands the verdicts of the games one piece found to `verdict`, in order;
/// `at` is the input being delivered and its games so far.
fn deliver<R: Reporter>(
    ctx: &mut R,
    at: &mut (Option<usize>, usize),
    file: &str,
    piece: &Piece,
    found: Vec<Found>,
    verdict: &mut impl FnMut(&mut R, Checked<'_>) -> Result<(), R::Error>,
) -> Result<(), R::Error> {
    let (input, end) = match piece {
        Piece::Chunk(k, c) => (*k, c.origin.offset + c.bytes.len()),
        Piece::Game(k, raw) => (*k, raw.origin.offset + raw.bytes.len()),
    };
    if at.0 != Some(input) {
        *at = (Some(input), 0);
    }
    let end = end as u64;
    for f in found {
        match f {
            Found::Clean(n) => {
                for _ in 0..n {
                    ctx.progress(end);
                    at.1 += 1;
                    let (number, game, diagnostics) = (at.1, None, &[][..]);
                    verdict(
                        ctx,
                        Checked {
                            file,
                            number,
                            game,
                            diagnostics,
                        },
                    )?;
                }
            }
            Found::Checked(raw, errors) => {
                ctx.progress(end);
                let raw = match (&raw, piece) {
                    (Some(raw), _) => raw,
                    (None, Piece::Game(_, raw)) => raw,
                    // A chunk's games are all cut out.
                    (None, Piece::Chunk(..)) => continue,
                };
                at.1 += 1;
                let (number, game, diagnostics) = (at.1, Some(raw), &errors[..]);
                verdict(
                    ctx,
                    Checked {
                        file,
                        number,
                        game,
                        diagnostics,
                    },
                )?;
            }
        }
    }
    Ok(())
}

/// What one game reports, with this thread's quick check.
fn check_game(raw: &RawGame, opts: &Options) -> Vec<Diagnostic> {
    QUICK.with_borrow_mut(|quick| check_with(quick, raw, opts))
}

/// What one game reports.
fn check_with(quick: &mut QuickCheck, raw: &RawGame, opts: &Options) -> Vec<Diagnostic> {
    // Most games are plainly valid: the quick check says so without
    // parsing them into a tree; for any other it does not know, and the
    // full parse and check find every diagnostic.
    if raw.too_large.is_none() && quick.is_valid(&raw.bytes, opts) {
        return Vec::new();
    }
    match raw.parse() {
        Ok(record) => Game::check(&record, opts),
        Err(e) => vec![Diagnostic::from(e)],
    }
}

/// What the workers validate: a chunk of an input, or one game of an input
/// that could not be cut into chunks; each with its input's number in the
/// run (games are numbered from 1 in each input).
enum Piece {
    Chunk(usize, Chunk),
    Game(usize, RawGame),
}

impl Item for Piece {
    fn size(&self) -> usize {
        match self {
            Piece::Chunk(_, c) => c.bytes.len(),
            Piece::Game(_, raw) => raw.bytes.len(),
        }
    }
}

/// What validating a piece found, in input order.
enum Found {
    /// So many games in a row with nothing to report.
    Clean(usize),
    /// A game and what it reports (maybe nothing): one cut out of a chunk,
    /// or the piece's own game (`None`).
    Checked(Option<RawGame>, Vec<Diagnostic>),
}

/// Validates a piece. A chunk's games are read where they stand, each by
/// the quick check read in the stream; only a game it does not vouch for is
/// cut out (by a game reader resumed where it starts) and checked in full.
fn check_piece(piece: &Piece, opts: &Options, max: usize) -> Vec<Found> {
    let chunk = match piece {
        Piece::Game(_, raw) => return vec![Found::Checked(None, check_game(raw, opts))],
        Piece::Chunk(_, chunk) => chunk,
    };
    let bytes = &chunk.bytes[..];
    let mut found = Vec::new();
    let mut clean = 0;
    // A place whose origin is known, to work out the origin of a game cut
    // out from there.
    let mut known = (0, chunk.origin);
    let mut at = 0;
    QUICK.with_borrow_mut(|quick| {
        // Past the white space between games, as the game reader skips it.
        while let Some(skip) = bytes[at..].iter().position(|b| !b.is_ascii_whitespace()) {
            let start = at + skip;
            // A byte-order mark (or what starts like one) at the start of
            // the input is the game reader's to take. The quick check, which
            // reads printable ASCII only, never vouches for such a game
            // anyway: this keeps it so whatever the quick check comes to read.
            let bom = chunk.origin.offset + start == 0 && bytes[0] == 0xEF;
            if !bom
                && let Some(end) = quick.valid_in_stream(&bytes[start..], opts)
                && end.line <= max
            {
                clean += 1;
                at = start + end.line;
                continue;
            }
            if clean > 0 {
                found.push(Found::Clean(std::mem::take(&mut clean)));
            }
            let origin = known.1.after(&bytes[known.0..start]);
            let mut rest = &bytes[start..];
            // At the input's start, this reads as a new reader would.
            let mut games = GameReader::resume(&mut rest, origin, 0).max_game_bytes(max);
            // Reading from memory cannot fail, and a game starts at `start`.
            let Some(Ok(raw)) = games.next() else { break };
            let position = games.position();
            drop(games);
            known = (bytes.len() - rest.len(), position);
            at = known.0;
            let errors = check_with(quick, &raw, opts);
            found.push(Found::Checked(Some(raw), errors));
        }
    });
    if clean > 0 {
        found.push(Found::Clean(clean));
    }
    found
}

/// Cuts one input into chunks and hands them to `ordered`; an input with no
/// place to cut within the chunker's limit goes on game by game, and an
/// input that fails to read is reported after the games read before it.
fn read_chunks<R: Reporter>(
    input_number: usize,
    name: &str,
    max: usize,
    ctx: &mut R,
    ordered: &mut Ordered<'_, R, Piece, Vec<Found>>,
) -> Result<(), R::Error>
where
    R::Note: From<InputError>,
{
    let input = match Input::open(name) {
        Ok(input) => input,
        Err(e) => {
            ordered.note(ctx, e.into());
            return Ok(());
        }
    };
    let file: Arc<str> = Arc::clone(input.name());
    let mut chunker = input.chunks();
    let failed = loop {
        match chunker.next_chunk() {
            Ok(Some(chunk)) => ordered.item(ctx, &file, Piece::Chunk(input_number, chunk))?,
            Ok(None) => break None,
            Err(e) => break Some(e),
        }
    };
    if failed.is_some() || chunker.is_stuck() {
        // Game by game from where the chunks stopped: the games complete
        // before a read error are reported, then the error, as a game
        // reader over the whole input would.
        let (held, reader, origin) = chunker.into_rest();
        let rest: Box<dyn BufRead> = match failed {
            Some(e) => Box::new(held.chain(Failing(Some(e)))),
            None => Box::new(held.chain(reader)),
        };
        for raw in GameReader::resume(rest, origin, 0).max_game_bytes(max) {
            match raw {
                Ok(raw) => ordered.item(ctx, &file, Piece::Game(input_number, raw))?,
                Err(source) => {
                    let file = Arc::clone(&file);
                    ordered.note(ctx, InputError::Read { file, source }.into());
                    break;
                }
            }
        }
    }
    ctx.input_done();
    Ok(())
}

/// A reader that fails with one error.
struct Failing(Option<io::Error>);

impl Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        match self.0.take() {
            Some(e) => Err(e),
            None => Ok(0),
        }
    }
}

impl BufRead for Failing {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self.0.take() {
            Some(e) => Err(e),
            None => Ok(&[]),
        }
    }

    fn consume(&mut self, _: usize) {}
}
