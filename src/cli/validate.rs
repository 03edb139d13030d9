//! `ayo validate`: check every record move by move.

use std::cell::RefCell;
use std::io::{self, BufRead, Read, Write};
use std::sync::Arc;

use ayo::diagnostics::{Diagnostic, Severity};
use ayo::notation::RawGame;
use ayo::notation::stream::{Chunk, Chunker, GameReader, origin_after};
use ayo::output::json::{VerdictJson, diagnostics_json, schema_of};
use ayo::replay::{Options, QuickCheck, check};

use super::parallel::{self, Item, Ordered};
use super::{
    Ctx, Fatal, Format, GameArg, Input, JobsArg, ReplayArgs, each_game_ordered, input_names,
    write_schema,
};

/// Check that every record parses and every move is legal.
///
/// Replays each game under its Rules tag (or --rules), from its Setup tag or the
/// start, and checks every move, capture claim, move number, the result token
/// and the Result, Score and PlyCount tags. Variations are checked too. Prints a
/// diagnostic per problem and a summary on standard error.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo validate games/*.ayo
  ayo validate --quiet game.ayo && echo valid
  ayo validate --format json club.ayo | jq 'select(.valid | not)'
  ayo validate --rules 'russ capture-seed=stays' game.ayo")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    #[command(flatten)]
    replay: ReplayArgs,
    #[command(flatten)]
    jobs: JobsArg,
    /// `text`: diagnostics and a summary on standard error; `json`: one object a
    /// game on standard output (file, game, valid, errors, warnings).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Print nothing; only set the exit code.
    #[arg(long, short)]
    quiet: bool,
    /// Print the JSON Schema of `--format json` and exit.
    #[arg(long)]
    schema: bool,
}

thread_local! {
    /// Each worker's quick check, with the rulesets and tag names it keeps
    /// from game to game.
    static QUICK: RefCell<QuickCheck> = RefCell::new(QuickCheck::new());
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.schema {
        return write_schema(out, &schema_of::<VerdictJson>());
    }
    ctx.quiet = args.quiet;
    let opts = args.replay.options(false);
    let mut tally = Tally {
        games: 0,
        valid: 0,
        input: None,
        in_input: 0,
        json: args.format == Format::Json,
        quiet: args.quiet,
    };
    let jobs = args.jobs.get();
    if let Some(n) = args.game.game {
        // One game of each file: read game by game, as every command does.
        let work = |_: &str, raw: &RawGame| Ok(check_game(raw, &opts));
        let sink = |ctx: &mut Ctx, file: &str, raw: &RawGame, errors: Vec<Diagnostic>| {
            tally.report(ctx, &mut *out, file, raw, &errors)
        };
        each_game_ordered(&args.files, ctx, Some(n), jobs, work, sink)?;
    } else {
        let max = ctx.max_game_bytes;
        let work = |_: &str, piece: &Piece| Ok(check_piece(piece, &opts, max));
        let sink = |ctx: &mut Ctx, file: &str, piece: &Piece, found: Vec<Found>| {
            tally.sink(ctx, &mut *out, file, piece, found)
        };
        let names = input_names(&args.files);
        ctx.start_progress(&names);
        let result = parallel::ordered(jobs, ctx, work, sink, |ctx, ordered| {
            for (k, name) in names.iter().enumerate() {
                read_chunks(k, name, ctx, ordered)?;
            }
            Ok(())
        });
        ctx.finish_progress();
        result?;
    }
    if args.format == Format::Text {
        let (games, valid) = (tally.games, tally.valid);
        ctx.note(&format!(
            "{games} game{}, {valid} valid, {} invalid",
            if games == 1 { "" } else { "s" },
            games - valid
        ));
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
        Ok(record) => check(&record, opts),
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
            let origin = origin_after(known.1, &bytes[known.0..start]);
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
fn read_chunks(
    input_number: usize,
    name: &str,
    ctx: &mut Ctx,
    ordered: &mut Ordered<'_, '_, Piece, Vec<Found>>,
) -> Result<(), Fatal> {
    let input = match Input::open_for(name, ctx) {
        Ok(input) => input,
        Err(e) => {
            ordered.io_error(ctx, &Arc::from(name), e);
            return Ok(());
        }
    };
    let file: Arc<str> = Arc::from(input.name.as_str());
    let max = ctx.max_game_bytes;
    let mut chunker = Chunker::new(input.into_reader());
    let failed = loop {
        match chunker.next_chunk() {
            Ok(Some(chunk)) => ordered.game(ctx, &file, Piece::Chunk(input_number, chunk))?,
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
                Ok(raw) => ordered.game(ctx, &file, Piece::Game(input_number, raw))?,
                Err(e) => {
                    ordered.io_error(ctx, &file, e);
                    break;
                }
            }
        }
    }
    ctx.progress_input_done();
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

/// The counts and the output of a run, game by game in input order.
struct Tally {
    games: usize,
    valid: usize,
    /// The input being reported on, and its games so far.
    input: Option<usize>,
    in_input: usize,
    json: bool,
    quiet: bool,
}

impl Tally {
    /// The games one piece found, in order.
    fn sink(
        &mut self,
        ctx: &mut Ctx,
        out: &mut impl Write,
        file: &str,
        piece: &Piece,
        found: Vec<Found>,
    ) -> Result<(), Fatal> {
        let (input, end) = match piece {
            Piece::Chunk(k, c) => (*k, c.origin.offset + c.bytes.len()),
            Piece::Game(k, raw) => (*k, raw.origin.offset + raw.bytes.len()),
        };
        if self.input != Some(input) {
            self.input = Some(input);
            self.in_input = 0;
        }
        let end = end as u64;
        for f in found {
            match f {
                Found::Clean(n) => {
                    for _ in 0..n {
                        ctx.progress_to(end);
                        self.games += 1;
                        self.in_input += 1;
                        self.valid += 1;
                        self.json_line(out, file, self.in_input, true, &[])?;
                    }
                }
                Found::Checked(raw, errors) => {
                    ctx.progress_to(end);
                    let raw = match (&raw, piece) {
                        (Some(raw), _) => raw,
                        (None, Piece::Game(_, raw)) => raw,
                        // A chunk's games are all cut out.
                        (None, Piece::Chunk(..)) => continue,
                    };
                    self.report(ctx, out, file, raw, &errors)?;
                }
            }
        }
        Ok(())
    }

    /// One game and what it reports.
    fn report(
        &mut self,
        ctx: &mut Ctx,
        out: &mut impl Write,
        file: &str,
        raw: &RawGame,
        errors: &[Diagnostic],
    ) -> Result<(), Fatal> {
        self.games += 1;
        self.in_input += 1;
        let game_valid = !errors.iter().any(Diagnostic::is_error);
        if game_valid {
            self.valid += 1;
        }
        if self.json {
            ctx.invalid |= !game_valid;
            // The one game of `--game` is numbered as in its input.
            let number = if self.input.is_some() {
                self.in_input
            } else {
                raw.index + 1
            };
            self.json_line(out, file, number, game_valid, errors)?;
        } else {
            for d in errors {
                ctx.diagnose(file, raw, d);
            }
        }
        Ok(())
    }

    /// The verdict of game `number` of `file`, with `--format json`.
    fn json_line(
        &self,
        out: &mut impl Write,
        file: &str,
        number: usize,
        valid: bool,
        errors: &[Diagnostic],
    ) -> Result<(), Fatal> {
        if self.json && !self.quiet {
            let v = VerdictJson {
                file: file.to_string(),
                game: number,
                valid,
                errors: diagnostics_json(errors, Severity::Error),
                warnings: diagnostics_json(errors, Severity::Warning),
            };
            serde_json::to_writer(&mut *out, &v)?;
            out.write_all(b"\n")?;
        }
        Ok(())
    }
}
