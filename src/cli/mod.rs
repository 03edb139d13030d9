//! The command line: clap definitions, one module per subcommand, and the
//! mapping of outcomes to exit codes. Commands only read arguments, call the
//! library, and write what it returns.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand, ValueEnum};

use ayo::diagnostics::Diagnostic;
use ayo::notation::{DEFAULT_MAX_GAME_BYTES, GameReader, RawGame, Record, SyntaxError};
use ayo::replay::{self, Game};
use ayo::rules::{DEFAULT_MAX_LAPS, Ruleset};

mod analyze;
mod annotate;
mod best;
mod board;
mod compare;
mod completions;
mod duplicates;
mod filter;
mod fmt;
mod generate;
mod html;
mod import;
mod in_place;
mod json;
mod laps;
mod man;
mod moves;
mod parallel;
mod perft;
mod position;
mod progress;
mod search;
mod signals;
mod standings;
mod stats;
mod tables;
mod validate;

/// Validate, annotate, convert and compare Ayoayo game records.
///
/// Records are `.ayo` files (see grammar.md). Every command reads standard
/// input when given no file or `-`, writes its data to standard output and its
/// diagnostics to standard error, and exits 0 when everything is valid, 1 when
/// some record is invalid, 2 on usage or I/O errors.
#[derive(Debug, Parser)]
#[command(
    name = "ayo",
    version,
    about,
    long_about,
    after_help = "Examples:
  ayo validate games/*.ayo
  ayo annotate game.ayo --game 2
  ayo board game.ayo --ply 12
  ayo compare game.ayo --format json | jq .
  ayo json games/*.ayo | jq -r '.result.winner'
  ayo fmt --check games/*.ayo
  ayo perft 6 --rules 'endodoi pits=8'"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Validate(validate::Args),
    Annotate(annotate::Args),
    Board(board::Args),
    Html(html::Args),
    Compare(compare::Args),
    Json(json::Args),
    Import(import::Args),
    Fmt(fmt::Args),
    Filter(Box<filter::Args>),
    Duplicates(duplicates::Args),
    Standings(standings::Args),
    Stats(stats::Args),
    Perft(perft::Args),
    Best(best::Args),
    Moves(moves::Args),
    Analyze(analyze::Args),
    Generate(generate::Args),
    Completions(completions::Args),
    Man(man::Args),
    Tables(tables::Args),
}

impl Command {
    /// The options of a command that reads records; `None` for the others
    /// (which then do not offer `--max-game-bytes`).
    fn read(&self) -> Option<ReadArgs> {
        match self {
            Command::Validate(a) => Some(a.read),
            Command::Annotate(a) => Some(a.read),
            Command::Board(a) => Some(a.read),
            Command::Html(a) => Some(a.read),
            Command::Compare(a) => Some(a.read),
            Command::Json(a) => Some(a.read),
            Command::Fmt(a) => Some(a.read),
            Command::Filter(a) => Some(a.read),
            Command::Duplicates(a) => Some(a.read),
            Command::Standings(a) => Some(a.read),
            Command::Stats(a) => Some(a.read),
            Command::Best(a) => Some(a.read),
            Command::Moves(a) => Some(a.read),
            Command::Analyze(a) => Some(a.read),
            // `import` reads JSON, not records.
            Command::Import(_)
            | Command::Perft(_)
            | Command::Generate(_)
            | Command::Completions(_)
            | Command::Man(_)
            | Command::Tables(_) => None,
        }
    }
}

/// `--max-game-bytes N`: the option of every command that reads records.
/// Declared once, flattened into each of them.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct ReadArgs {
    /// The most bytes one game may have (default 16 MiB): a larger game is reported at its
    /// start and skipped (not held in memory), and the run goes on.
    // At most `u32::MAX` (a usage error past it): a span's offset and length
    // within a game are `u32`.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_GAME_BYTES as u64,
          display_order = 900,
          value_parser = clap::value_parser!(u64).range(1..=u64::from(u32::MAX)))]
    pub max_game_bytes: u64,
}

/// Output formats shared by the commands; each command accepts the ones it can
/// write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Plain text lines.
    Text,
    /// One JSON object a line (NDJSON).
    Json,
}

/// Formats of the commands that print tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// A table with borders, for reading.
    #[value(alias = "text")]
    Table,
    /// A Markdown table.
    Markdown,
    /// CSV with one header line.
    Csv,
    /// One JSON object a line (NDJSON).
    Json,
    /// An SVG picture. Only `ayo board` accepts it (its `--format` adds the
    /// value, see `board::formats`); the other commands' parsers never yield it.
    #[value(skip)]
    Svg,
    /// The records themselves, annotated. Only `ayo analyze` accepts it (its
    /// `--format` adds the value with [`TableFormat::and`]).
    #[value(skip)]
    Ayo,
}

impl TableFormat {
    /// The parser of a command's `--format` that takes every table format
    /// and one of the skipped ones, `extra`, named `name`.
    pub fn and(
        extra: TableFormat,
        name: &'static str,
        help: &'static str,
    ) -> impl clap::builder::TypedValueParser<Value = TableFormat> {
        use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
        let values = TableFormat::value_variants()
            .iter()
            .filter_map(ValueEnum::to_possible_value)
            .chain([PossibleValue::new(name).help(help)]);
        PossibleValuesParser::new(values)
            .map(move |s| TableFormat::from_str(&s, false).unwrap_or(extra))
    }
}

/// The options of every command that prints tables (annotate, board,
/// compare), declared once.
#[derive(Debug, Clone, clap::Args)]
pub struct TableArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = TableFormat::Table)]
    pub format: TableFormat,
    /// Fit tables to N columns (default: the terminal's width, else $COLUMNS,
    /// else 100). Cells wrap; a table whose columns still do not fit prints
    /// each row stacked, a column a line. `--format csv` and `json` keep
    /// every value whole.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(20..))]
    pub width: Option<u16>,
    /// Plain ASCII table borders.
    #[arg(long)]
    pub ascii: bool,
    /// Print the JSON Schema of `--format json` and exit.
    #[arg(long)]
    pub schema: bool,
}

impl TableArgs {
    /// The width tables fit: see [`output_width`].
    pub fn width(&self) -> u16 {
        output_width(self.width)
    }

    /// The grid style of the format (`None` for JSON, and for SVG and
    /// records, which are not grids).
    pub fn style(&self) -> Option<ayo::output::table::Style> {
        use ayo::output::table::Style;
        match self.format {
            TableFormat::Table => Some(Style::Table {
                ascii: self.ascii,
                width: self.width(),
            }),
            TableFormat::Markdown => Some(Style::Markdown),
            TableFormat::Csv => Some(Style::Csv),
            TableFormat::Json | TableFormat::Svg | TableFormat::Ayo => None,
        }
    }
}

/// `--width N` of a command that prints lines of text, not tables.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct WidthArg {
    /// Wrap text to N columns (default: the terminal's width, else $COLUMNS,
    /// else 100).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(20..))]
    pub width: Option<u16>,
}

impl WidthArg {
    /// `text`, each of its lines wrapped to the width (see [`output_width`]).
    pub fn wrap(&self, text: &str) -> String {
        let width = output_width(self.width);
        text.lines()
            .map(|l| ayo::output::table::wrap_lines(l, width))
            .collect()
    }
}

/// The width text output fits: `asked` (a `--width`), else the terminal's,
/// else `COLUMNS`, else 100. Tables and plain text lines wrap to it alike.
pub fn output_width(asked: Option<u16>) -> u16 {
    asked
        .or_else(|| {
            io::stdout()
                .is_terminal()
                .then(|| comfy_table::Table::new().width())
                .flatten()
        })
        .or_else(|| {
            std::env::var("COLUMNS")
                .ok()
                .and_then(|c| c.trim().parse::<u16>().ok())
                .filter(|&c| c > 0)
        })
        .unwrap_or(100)
}

/// Writes a JSON Schema, pretty, as `--schema` prints it.
pub fn write_schema(out: &mut impl Write, schema: &serde_json::Value) -> Result<(), Fatal> {
    serde_json::to_writer_pretty(&mut *out, schema)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Why a command stopped before the end of its input.
#[derive(Debug)]
pub enum Fatal {
    /// Usage or I/O error, or a result that cannot be decided (exit 2). The
    /// message is printed as `error: MESSAGE`.
    Error(String),
    /// The reader of standard output or standard error went away (`ayo json |
    /// head`): its choice, not an error.
    BrokenPipe,
    /// Standard error cannot be written (a full disk, say): exit 2, with
    /// nothing more to say since there is nowhere to say it.
    Stderr,
}

impl From<io::Error> for Fatal {
    fn from(e: io::Error) -> Self {
        match e.kind() {
            io::ErrorKind::BrokenPipe => Fatal::BrokenPipe,
            _ => Fatal::Error(format!("cannot write the output: {e}")),
        }
    }
}

impl From<serde_json::Error> for Fatal {
    fn from(e: serde_json::Error) -> Self {
        match e.io_error_kind() {
            Some(io::ErrorKind::BrokenPipe) => Fatal::BrokenPipe,
            _ => Fatal::Error(format!("cannot write the output: {e}")),
        }
    }
}

/// What every command shares: standard error, and what went wrong so far.
///
/// Every line on standard error goes through here, in the one format of the
/// whole CLI: `error: FILE:LINE:COLUMN: message` (with the source line) when
/// there is a place, `error: FILE: game N: message` when there is a game but
/// no place, `error: message` otherwise; `warning:` likewise. A write to
/// standard error that fails is remembered, and the run stops at the next game.
pub struct Ctx {
    color: bool,
    /// Some record was invalid.
    pub invalid: bool,
    /// Some input could not be read, or a request about one could not be met
    /// (`--game` past its end): exit 2 at the end.
    pub failed: bool,
    /// Print nothing on standard error.
    pub quiet: bool,
    /// Why standard error could not be written, once it could not.
    stderr: Option<io::ErrorKind>,
    /// `--max-game-bytes`.
    max_game_bytes: usize,
    /// The progress bar of a long run, if one is shown.
    progress: progress::Progress,
}

impl Ctx {
    fn new() -> Self {
        Ctx {
            // Colour only for a person at a terminal: not when either stream
            // is redirected, and never with NO_COLOR (https://no-color.org).
            color: io::stdout().is_terminal()
                && io::stderr().is_terminal()
                && std::env::var_os("NO_COLOR").is_none(),
            invalid: false,
            failed: false,
            quiet: false,
            stderr: None,
            max_game_bytes: DEFAULT_MAX_GAME_BYTES,
            progress: progress::Progress::default(),
        }
    }

    /// Starts a progress bar over the inputs named (see [`progress`]: only
    /// at a terminal, and not with `--quiet`).
    pub fn start_progress(&mut self, names: &[String]) {
        self.progress = progress::Progress::new(self.quiet, progress::Progress::total(names));
    }

    /// A game was read, its last byte `end` bytes into its input.
    pub fn progress_game(&mut self, raw: &RawGame) {
        self.progress
            .game((raw.origin.offset + raw.bytes.len()) as u64);
    }

    /// A game was read whose input has been read `end` bytes into (for
    /// the games of a chunk, the chunk's end).
    pub fn progress_to(&mut self, end: u64) {
        self.progress.game(end);
    }

    /// An input was read to its end.
    pub fn progress_input_done(&mut self) {
        self.progress.input_done();
    }

    /// Takes the progress bar away (before a summary).
    pub fn finish_progress(&mut self) {
        self.progress.finish();
    }

    /// Writes to standard error, unless quiet or it already failed.
    fn write_stderr(&mut self, text: &str) {
        if self.quiet || self.stderr.is_some() {
            return;
        }
        let written = self.progress.suspend(|| {
            let mut err = io::stderr().lock();
            err.write_all(text.as_bytes()).and_then(|()| err.flush())
        });
        if let Err(e) = written {
            self.stderr = Some(e.kind());
        }
    }

    /// `Err` once standard error could not be written: the loops over games
    /// stop there, quietly for a closed pipe, with exit 2 otherwise.
    pub fn check_stderr(&self) -> Result<(), Fatal> {
        match self.stderr {
            None => Ok(()),
            Some(io::ErrorKind::BrokenPipe) => Err(Fatal::BrokenPipe),
            Some(_) => Err(Fatal::Stderr),
        }
    }

    /// Reports a problem in a game's text, with its snippet. An error makes
    /// the run invalid; a warning does not.
    pub fn diagnose(&mut self, file: &str, game: &RawGame, d: &Diagnostic) {
        self.invalid |= d.is_error();
        if self.quiet {
            return;
        }
        let rendered = if game.too_large.is_some() {
            // Its text was not kept: there is no line to show.
            format!("{}: {}\n", d.severity.as_str(), d.headline(file))
        } else {
            d.render_bytes(file, &game.bytes, game.origin, self.color)
        };
        self.write_stderr(&rendered);
    }

    /// Reports a syntax error.
    pub fn syntax_error(&mut self, file: &str, game: &RawGame, e: &SyntaxError) {
        self.diagnose(file, game, &Diagnostic::from(e));
    }

    /// Reports a problem with a game that has no place in its text (a JSON
    /// object that is not a game, say): `error: FILE: game N: MESSAGE`.
    pub fn game_error(&mut self, file: &str, game: usize, message: &str) {
        self.invalid = true;
        self.write_stderr(&format!("error: {file}: game {game}: {message}\n"));
    }

    /// Reports an input that could not be read; the run goes on with the next.
    pub fn io_error(&mut self, file: &str, e: &io::Error) {
        self.failed = true;
        self.write_stderr(&format!("error: {file}: {}\n", io_message(e)));
    }

    /// Reports a usage error that concerns one input (`--game` past its end);
    /// the run goes on with the next, and exits 2.
    pub fn usage_error(&mut self, message: &str) {
        self.failed = true;
        self.write_stderr(&format!("error: {message}\n"));
    }

    /// A note on standard error (a summary line), unless quiet.
    pub fn note(&mut self, text: &str) {
        self.write_stderr(&format!("{text}\n"));
    }
}

/// An I/O error as people say it: "No such file or directory", without the
/// "(os error 2)" that only helps programmers.
fn io_message(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// One input: a file, or standard input for `-`.
pub struct Input {
    /// As named on the command line; `<stdin>` for `-`.
    pub name: String,
    reader: Box<dyn BufRead>,
    /// `--max-game-bytes`.
    max_game_bytes: usize,
}

impl Input {
    /// Opens `name`, or standard input for `-`.
    pub fn open(name: &str) -> io::Result<Input> {
        if name == "-" {
            return Ok(Input {
                name: "<stdin>".to_string(),
                reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
                max_game_bytes: DEFAULT_MAX_GAME_BYTES,
            });
        }
        let file = File::open(name)?;
        Ok(Input {
            name: name.to_string(),
            reader: Box::new(BufReader::with_capacity(1 << 16, file)),
            max_game_bytes: DEFAULT_MAX_GAME_BYTES,
        })
    }

    /// Opens `name` as [`Input::open`] does, to be read with the run's
    /// `--max-game-bytes`.
    pub fn open_for(name: &str, ctx: &Ctx) -> io::Result<Input> {
        let mut input = Input::open(name)?;
        input.max_game_bytes = ctx.max_game_bytes;
        Ok(input)
    }

    /// The games of this input, one at a time.
    pub fn games(self) -> GameReader<Box<dyn BufRead>> {
        GameReader::new(self.reader).max_game_bytes(self.max_game_bytes)
    }

    /// The bytes of this input.
    pub fn into_reader(self) -> Box<dyn BufRead> {
        self.reader
    }
}

/// The inputs named on the command line: standard input when there are none.
pub fn input_names(files: &[String]) -> Vec<String> {
    if files.is_empty() {
        vec!["-".to_string()]
    } else {
        files.to_vec()
    }
}

/// `--max-laps N`: the engine's resource bound, shared by every command that
/// plays moves.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct LapsArg {
    /// Laps a relay may run before its move is undecided (an error).
    #[arg(long, default_value_t = DEFAULT_MAX_LAPS, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_laps: u64,
}

/// `--game N`: one game of each file, counted from 1.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct GameArg {
    /// Only the N-th game of each file (from 1).
    #[arg(long, value_name = "N", value_parser = game_number)]
    pub game: Option<u64>,
}

/// Why a game number is refused: games count from 1 in `--game` and
/// `--games` alike.
pub const GAMES_FROM_1: &str = "games are numbered from 1";

/// `--game N`: a game number, 1 or more.
fn game_number(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err(format!("{GAMES_FROM_1}, found `{s}`")),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a game number (1 or more), found `{s}`")),
    }
}

/// `--jobs N`: how many threads do the work of the commands that read many
/// games. Declared once, flattened into each of them.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct JobsArg {
    /// Threads to work on (default: one a core; at most 256); the output
    /// does not depend on N.
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
}

/// A number of threads: 1 or more.
fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("expected 1 or more threads, found 0".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a number of threads, found `{s}`")),
    }
}

impl JobsArg {
    /// `--jobs`, else the cores this process may use (as ripgrep counts
    /// them), else 1.
    pub fn get(&self) -> usize {
        match self.jobs {
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        }
    }
}

/// The options of every command that replays records.
#[derive(Debug, Clone, clap::Args)]
pub struct ReplayArgs {
    /// Replay under this ruleset instead of each record's Rules tag (default:
    /// the tag, else russ).
    #[arg(long, value_name = "RULESET")]
    rules: Option<Ruleset>,
    #[command(flatten)]
    laps: LapsArg,
    /// Count warnings (a misspelt tag name, an odd date) as errors.
    #[arg(long)]
    deny_warnings: bool,
}

impl ReplayArgs {
    /// The replay options these arguments ask for; `trace` records every lap.
    pub fn options(&self, trace: bool) -> replay::Options {
        replay::Options {
            rules: self.rules,
            max_laps: self.laps.max_laps,
            trace,
            deny_warnings: self.deny_warnings,
        }
    }
}

/// A game as read from an input: parsed, or the syntax error that stopped it.
pub struct ReadGame<'a> {
    /// The input's name.
    pub file: &'a str,
    /// The raw text.
    pub raw: &'a RawGame,
    /// The parsed record, or why not.
    pub record: Result<Record, SyntaxError>,
}

/// Opens every input in turn; one that cannot be opened is reported and
/// skipped.
pub fn each_input(
    files: &[String],
    ctx: &mut Ctx,
    mut f: impl FnMut(&mut Ctx, Input) -> Result<(), Fatal>,
) -> Result<(), Fatal> {
    for name in input_names(files) {
        match Input::open(&name) {
            Ok(mut input) => {
                input.max_game_bytes = ctx.max_game_bytes;
                f(ctx, input)?
            }
            Err(e) => ctx.io_error(&name, &e),
        }
    }
    Ok(())
}

/// Reads every game of every input in turn, one at a time; with `game`, only
/// the `game`-th of each input (from 1), and a usage error for an input that
/// has fewer. Unreadable inputs are reported and skipped.
pub fn each_game(
    files: &[String],
    ctx: &mut Ctx,
    game: Option<u64>,
    mut f: impl FnMut(&mut Ctx, ReadGame<'_>) -> Result<(), Fatal>,
) -> Result<(), Fatal> {
    each_input(files, ctx, |ctx, input| {
        let file = input.name.clone();
        let mut count = 0u64;
        for raw in input.games() {
            let raw = match raw {
                Ok(raw) => raw,
                Err(e) => {
                    ctx.io_error(&file, &e);
                    return Ok(());
                }
            };
            count += 1;
            if game.is_some_and(|n| n != count) {
                continue;
            }
            let record = raw.parse();
            f(
                ctx,
                ReadGame {
                    file: &file,
                    raw: &raw,
                    record,
                },
            )?;
            ctx.check_stderr()?;
            if game.is_some() {
                return Ok(());
            }
        }
        if let Some(n) = game {
            ctx.usage_error(&past_the_end("--game", n, &file, count, "game"));
        }
        Ok(())
    })
}

/// Like [`each_game`], with each game's costly part, `work` (parse, replay,
/// render into a buffer), done on `jobs` threads, and `sink` (write the
/// output, report diagnostics) called on this one in input order: the output
/// does not depend on `jobs`. `--game`, unreadable inputs and the usage error
/// for a `--game` past the end are as in [`each_game`], and reported in their
/// place among the games. A command that sums over the games (`stats`) gets the
/// same from `work` returning the replayed game and `sink` adding it, in order.
pub fn each_game_ordered<O: Send>(
    files: &[String],
    ctx: &mut Ctx,
    game: Option<u64>,
    jobs: usize,
    work: impl Fn(&str, &RawGame) -> Result<O, Fatal> + Sync,
    sink: impl FnMut(&mut Ctx, &str, &RawGame, O) -> Result<(), Fatal>,
) -> Result<(), Fatal> {
    let names = input_names(files);
    ctx.start_progress(&names);
    let result = parallel::ordered(jobs, ctx, work, sink, |ctx, ordered| {
        for name in names {
            let input = match Input::open_for(&name, ctx) {
                Ok(input) => input,
                Err(e) => {
                    ordered.io_error(ctx, &Arc::from(name.as_str()), e);
                    continue;
                }
            };
            let file: Arc<str> = Arc::from(input.name.as_str());
            let mut count = 0u64;
            let mut found = false;
            for raw in input.games() {
                let raw = match raw {
                    Ok(raw) => raw,
                    Err(e) => {
                        ordered.io_error(ctx, &file, e);
                        // Nothing more can be said of this input.
                        found = true;
                        break;
                    }
                };
                count += 1;
                ctx.progress_game(&raw);
                if game.is_some_and(|n| n != count) {
                    continue;
                }
                ordered.game(ctx, &file, raw)?;
                if game.is_some() {
                    found = true;
                    break;
                }
            }
            ctx.progress_input_done();
            if let Some(n) = game
                && !found
            {
                ordered.usage_error(ctx, past_the_end("--game", n, &file, count, "game"));
            }
        }
        Ok(())
    });
    ctx.finish_progress();
    result
}

/// `--game 7: FILE has 3 games`: the usage error for a number past the end.
pub fn past_the_end(flag: &str, n: u64, file: &str, count: u64, what: &str) -> String {
    let s = if count == 1 { "" } else { "s" };
    format!("{flag} {n}: {file} has {count} {what}{s}")
}

/// Like [`each_game`] for the commands that only work on parsed records:
/// reports syntax errors, and hands over the record with its place (file,
/// number from 1).
pub fn each_record(
    files: &[String],
    ctx: &mut Ctx,
    game: Option<u64>,
    mut f: impl FnMut(&mut Ctx, &str, &RawGame, Record, usize) -> Result<(), Fatal>,
) -> Result<(), Fatal> {
    each_game(files, ctx, game, |ctx, g| {
        let number = g.raw.index + 1;
        match g.record {
            Ok(record) => f(ctx, g.file, g.raw, record, number),
            Err(e) => {
                ctx.syntax_error(g.file, g.raw, &e);
                Ok(())
            }
        }
    })
}

/// Writes a game's text exactly as read, ended by a newline: what a command
/// that rewrites records (`fmt`, `analyze --format ayo`) prints for a game it
/// cannot rewrite, so that `CMD a.ayo > b.ayo` loses no game.
pub fn write_unchanged(out: &mut impl Write, raw: &RawGame) -> io::Result<()> {
    out.write_all(&raw.bytes)?;
    if !raw.bytes.ends_with(b"\n") {
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// A grid as CSV rows with the file and game number in front; the header only
/// for the first game, so that many games make one CSV table.
pub fn csv_rows(
    mut grid: ayo::output::table::Grid,
    file: &str,
    number: usize,
    first: bool,
) -> String {
    grid.header
        .splice(0..0, ["file".to_string(), "game".to_string()]);
    for row in &mut grid.rows {
        row.splice(0..0, [file.to_string(), number.to_string()]);
    }
    let text = grid.render(ayo::output::table::Style::Csv);
    if first {
        text
    } else {
        text.split_once("\r\n")
            .map_or(String::new(), |(_, rest)| rest.to_string())
    }
}

/// Writes one game's rendered output (from a worker's buffer) in its place
/// among the others: a table after the first is set off by a blank line; JSON
/// lines go as they are; a CSV game's rows follow the first game's, whose
/// header alone is kept (each worker renders its game with the header, not
/// knowing which comes first).
pub fn write_rendered(
    out: &mut impl Write,
    style: Option<ayo::output::table::Style>,
    first: &mut bool,
    buf: &[u8],
) -> io::Result<()> {
    use ayo::output::table::Style;
    match style {
        Some(Style::Csv) if !*first => {
            let rows = memchr::memmem::find(buf, b"\r\n").map_or(&[][..], |i| &buf[i + 2..]);
            out.write_all(rows)?;
        }
        None | Some(Style::Csv) => out.write_all(buf)?,
        Some(_) => {
            if !*first {
                out.write_all(b"\n")?;
            }
            out.write_all(buf)?;
        }
    }
    *first = false;
    Ok(())
}

impl Ctx {
    /// Reports every problem of a replayed game.
    pub fn report_game(&mut self, file: &str, raw: &RawGame, game: &Game) {
        for d in &game.errors {
            self.diagnose(file, raw, d);
        }
    }
}

/// Runs the command line and returns the exit code: the one place that
/// turns what happened into 0 (all valid), 1 (some record invalid) or 2
/// (usage or I/O error).
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help and version go to standard output, usage errors to standard
        // error; a write that fails is an error like any other (clap's own
        // exit would report success after failing to print the help).
        Err(e) => {
            let printed = e.print().and_then(|()| io::stdout().flush());
            return match printed {
                Err(w) if w.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(_) => ExitCode::from(2),
                Ok(()) => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
            };
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut ctx = Ctx::new();
    if let Some(read) = cli.command.read() {
        ctx.max_game_bytes = usize::try_from(read.max_game_bytes).unwrap_or(usize::MAX);
    }
    let result = match cli.command {
        Command::Validate(args) => validate::run(args, &mut ctx, &mut out),
        Command::Annotate(args) => annotate::run(args, &mut ctx, &mut out),
        Command::Board(args) => board::run(args, &mut ctx, &mut out),
        Command::Html(args) => html::run(args, &mut ctx, &mut out),
        Command::Compare(args) => compare::run(args, &mut ctx, &mut out),
        Command::Completions(args) => completions::run(args, &mut out),
        Command::Man(args) => man::run(args, &mut out),
        Command::Json(args) => json::run(args, &mut ctx, &mut out),
        Command::Import(args) => import::run(args, &mut ctx, &mut out),
        Command::Fmt(args) => fmt::run(args, &mut ctx, &mut out),
        Command::Filter(args) => filter::run(*args, &mut ctx, &mut out),
        Command::Duplicates(args) => duplicates::run(args, &mut ctx, &mut out),
        Command::Standings(args) => standings::run(args, &mut ctx, &mut out),
        Command::Stats(args) => stats::run(args, &mut ctx, &mut out),
        Command::Perft(args) => perft::run(args, &mut out),
        Command::Best(args) => best::run(args, &mut ctx, &mut out),
        Command::Moves(args) => moves::run(args, &mut ctx, &mut out),
        Command::Analyze(args) => analyze::run(args, &mut ctx, &mut out),
        Command::Generate(args) => generate::run(args, &mut out),
        Command::Tables(args) => tables::run(args, &mut ctx, &mut out),
    };
    let result = result
        .and_then(|()| out.flush().map_err(Fatal::from))
        .and_then(|()| ctx.check_stderr());
    ctx.finish_progress();
    match result {
        Err(Fatal::BrokenPipe) => ExitCode::SUCCESS,
        Err(Fatal::Stderr) => ExitCode::from(2),
        Err(Fatal::Error(msg)) => {
            // Said even with --quiet: a usage or I/O error is not a verdict.
            ctx.quiet = false;
            ctx.usage_error(&msg);
            ExitCode::from(2)
        }
        Ok(()) if ctx.failed => ExitCode::from(2),
        Ok(()) if ctx.invalid => ExitCode::from(1),
        Ok(()) => ExitCode::SUCCESS,
    }
}
