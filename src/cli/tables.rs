//! `ayo tables`: build, probe, verify and describe endgame tables.

use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Subcommand;

use ayo::output::json::Document;
use ayo::output::tables::{ProbeJson, build_tables, info_text};
use ayo::rules::Ruleset;
use ayo::tables::Progress;
use ayo::tables::{Checked, Probed, RulesetDir, TableError, Tables};

use super::{Ctx, Fatal, Format, JobsArg, LapsArg, WidthArg, write_schema};

/// Exact endgame tables: every position with up to N seeds on the board.
///
/// A table holds the net gain of the side to move (what it nets from the
/// seeds on the board with perfect play, a line that never ends counting as an
/// even split) under `end=exhaustion`; the same table answers `end=majority`
/// win, draw or loss. Tables live in --dir, by default $AYO_TABLES, else
/// $XDG_DATA_HOME/ayo/tables, else ~/.local/share/ayo/tables, one
/// subdirectory a ruleset.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo tables build --rules russ --max-seeds 12
  ayo tables probe --setup '0,0,0,0,1,2/1,0,0,0,0,0 20-24 S' --format json
  ayo tables verify
  ayo tables info")]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(Debug, Subcommand)]
enum Sub {
    Build(BuildArgs),
    Probe(ProbeArgs),
    Verify(VerifyArgs),
    Info(InfoArgs),
}

/// `--dir DIR`, shared by every subcommand.
#[derive(Debug, Clone, clap::Args)]
struct DirArg {
    /// The table directory (default: $AYO_TABLES, else
    /// $XDG_DATA_HOME/ayo/tables, else ~/.local/share/ayo/tables).
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

impl DirArg {
    fn dir(&self) -> PathBuf {
        self.dir.clone().unwrap_or_else(Tables::default_dir)
    }
}

/// Build levels 1 to N, keeping the levels already built (each checked).
///
/// Uses every core (see --jobs). Prints a line a level built; shows a
/// progress bar on a terminal. A relay undecided at the lap limit stops the
/// build (exit 2).
#[derive(Debug, clap::Args)]
// `--threads` was this flag's name before every command said `--jobs`; kept,
// hidden, so that scripts written then still run.
#[command(mut_arg("jobs", |a| a.alias("threads")))]
struct BuildArgs {
    /// Ruleset string (its `end` key does not matter: tables are built under
    /// end=exhaustion and serve both end rules).
    #[arg(long, default_value = "russ", value_name = "RULESET")]
    rules: Ruleset,
    /// The highest level: seeds on the board, 1 to 127.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=127))]
    max_seeds: u8,
    #[command(flatten)]
    dir: DirArg,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    laps: LapsArg,
}

/// The exact value of a position from the tables, and of each of its moves.
///
/// Prints the net gain of the side to move, its win, draw or loss under the
/// ruleset, the exact final score when the ruleset plays to exhaustion, and
/// each legal move's net gain for the mover. A position outside the tables is
/// exit 2.
#[derive(Debug, clap::Args)]
struct ProbeArgs {
    /// The position: a set-up string (`S-row/N-row S-N side`).
    #[arg(long, value_name = "SETUP", required_unless_present = "schema")]
    setup: Option<String>,
    /// Ruleset string.
    #[arg(long, default_value = "russ", value_name = "RULESET")]
    rules: Ruleset,
    #[command(flatten)]
    dir: DirArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Print the JSON Schema of `--format json` and exit.
    #[arg(long)]
    schema: bool,
}

/// Check every table in the directory: headers, checksums, and every value
/// against its moves (one pass of the recurrence). Exit 1 on any mismatch;
/// exit 2 when there is nothing to check (no such directory, or no ruleset
/// folder with levels in it), since checking nothing passes nothing.
#[derive(Debug, clap::Args)]
#[command(mut_arg("jobs", |a| a.alias("threads")))]
struct VerifyArgs {
    #[command(flatten)]
    dir: DirArg,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    width: WidthArg,
}

/// The tables in the directory: levels, positions, bytes, build times.
#[derive(Debug, clap::Args)]
struct InfoArgs {
    #[command(flatten)]
    dir: DirArg,
    #[command(flatten)]
    width: WidthArg,
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    match args.command {
        Sub::Build(a) => build(a, ctx, out),
        Sub::Probe(a) => probe_cmd(a, out),
        Sub::Verify(a) => verify(a, ctx, out),
        Sub::Info(a) => info(a, out),
    }
}

impl From<TableError> for Fatal {
    fn from(e: TableError) -> Self {
        Fatal::Error(e.to_string())
    }
}

/// A one-line progress bar on standard error, redrawn at most ten times a
/// second; nothing at all when standard error is not a terminal.
struct Bar {
    on: bool,
    last: Mutex<Option<Instant>>,
}

impl Bar {
    fn new() -> Bar {
        Bar {
            on: io::stderr().is_terminal(),
            last: Mutex::new(None),
        }
    }

    fn show(&self, p: Progress) {
        if !self.on {
            return;
        }
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        let now = Instant::now();
        let forced = !matches!(p, Progress::Sowing { .. });
        if !forced && last.is_some_and(|t| now - t < Duration::from_millis(100)) {
            return;
        }
        *last = Some(now);
        let mut err = io::stderr().lock();
        // A progress bar that cannot be drawn is no reason to stop a build.
        let _ = write!(err, "\r\x1b[K{p}");
        let _ = err.flush();
    }

    fn clear(&self) {
        if self.on {
            let _ = write!(io::stderr().lock(), "\r\x1b[K");
        }
    }
}

fn build(args: BuildArgs, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let dir = args.dir.dir();
    // A level file is written as every file is (`ayo::files::write`).
    super::signals::writing_into(&Tables::ruleset_dir(&dir, &args.rules), ctx);
    let bar = Bar::new();
    let limits = (args.jobs.get(), args.laps.max_laps);
    let show = |p: Option<Progress>| p.map_or_else(|| bar.clear(), |p| bar.show(p));
    build_tables(&args.rules, &dir, args.max_seeds, limits, &show, out)
}

fn probe_cmd(args: ProbeArgs, out: &mut impl Write) -> Result<(), Fatal> {
    let Some(setup) = args.setup.as_deref().filter(|_| !args.schema) else {
        return write_schema(out, &Document::Probe.schema());
    };
    let pos = super::args::setup(setup, &args.rules)?;
    let tables = Tables::open(&args.dir.dir(), &args.rules)?;
    let probed = Probed::of(&tables, &pos, args.rules.end())?;
    let text = ProbeJson::render(&pos, &probed, args.format == Format::Json)?;
    out.write_all(text.as_bytes())?;
    Ok(())
}

fn verify(args: VerifyArgs, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let mut written: io::Result<()> = Ok(());
    let result = Tables::verify_dir(&args.dir.dir(), args.jobs.get(), |found| {
        report(found, ctx, &mut |line| {
            written = out.write_all(args.width.wrap(&line).as_bytes());
            written.is_ok()
        })
    });
    result.map_err(|e| Fatal::Error(e.to_string()))?;
    Ok(written?)
}

/// Reports what `verify` found: a problem on standard error (exit 2 for a
/// level that cannot be read, 1 for one that is wrong), a level found right
/// on `ok` (which says whether to go on).
fn report(found: Checked, ctx: &mut Ctx, ok: &mut dyn FnMut(String) -> bool) -> ControlFlow<()> {
    if found.is_ok() {
        if !ok(found.to_string()) {
            return ControlFlow::Break(());
        }
    } else {
        if found.is_unreadable() {
            ctx.failed = true;
        } else {
            ctx.invalid = true;
        }
        ctx.note(&format!("error: {found}"));
    }
    ControlFlow::Continue(())
}

fn info(args: InfoArgs, out: &mut impl Write) -> Result<(), Fatal> {
    let dir = args.dir.dir();
    let dirs = RulesetDir::list(&dir)?;
    let width = ayo::output::table::Style::width(args.width.width);
    out.write_all(info_text(&dir, &dirs, width).as_bytes())?;
    Ok(())
}
