//! `ayo tables`: build, probe, verify and describe endgame tables.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Subcommand;
use serde::Serialize;

use ayo::output::json::schema_of;
use ayo::output::plural;
use ayo::rules::{End, Position, Ruleset};
use ayo::tables::level_count;
use ayo::tables::{self as file, Expect, HEADER_LEN, Header};
use ayo::tables::{Builder, Progress, verify_level};
use ayo::tables::{
    TableError, Tables, default_dir, doubled_score, present_text, table_key, value_of,
};

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
        self.dir.clone().unwrap_or_else(default_dir)
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
        Sub::Probe(a) => probe(a, out),
        Sub::Verify(a) => verify(a, ctx, out),
        Sub::Info(a) => info(a, out),
    }
}

fn fatal(e: TableError) -> Fatal {
    Fatal::Error(e.to_string())
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
        let text = match p {
            Progress::Sowing { level, done, total } => {
                let width = 30;
                let filled = (done * width / total.max(1)) as usize;
                format!(
                    "level {level}: [{}{}] {:>3}%",
                    "#".repeat(filled),
                    " ".repeat(width as usize - filled),
                    done * 100 / total.max(1)
                )
            }
            Progress::Iterating { level, pass } => format!("level {level}: pass {pass}"),
        };
        let mut err = io::stderr().lock();
        // A progress bar that cannot be drawn is no reason to stop a build.
        let _ = write!(err, "\r\x1b[K{text}");
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
    let key = table_key(&args.rules);
    // A level file is written as every file is (`ayo::files::write`).
    super::signals::writing_into(&ayo::tables::ruleset_dir(&dir, &args.rules), ctx);
    let before = Tables::open(&dir, &args.rules).map_err(fatal)?;
    let present = before.levels();
    drop(before);
    writeln!(
        out,
        "{key}: building levels 1-{} in {} ({})",
        args.max_seeds,
        dir.display(),
        present_text(&present)
    )?;
    out.flush()?;
    let builder = Builder::new(&args.rules)
        .threads(args.jobs.get())
        .max_laps(args.laps.max_laps);
    let bar = Bar::new();
    let started = Instant::now();
    let mut positions = 0u64;
    let mut written: io::Result<()> = Ok(());
    let result = builder.build_dir_with(&dir, args.max_seeds, &|p| bar.show(p), &mut |s| {
        bar.clear();
        positions += s.positions;
        if written.is_ok() {
            written = writeln!(
                out,
                "level {}: {} position{} in {:.2} s ({:.2} s sowing {} move{}; {} position{} on cycles, {} pass{})",
                s.level,
                s.positions,
                plural(s.positions),
                s.millis as f64 / 1000.0,
                s.sow_millis as f64 / 1000.0,
                s.moves,
                plural(s.moves),
                s.cyclic,
                plural(s.cyclic),
                s.passes,
                if s.passes == 1 { "" } else { "es" }
            )
            .and_then(|()| out.flush());
        }
    });
    bar.clear();
    let built = result.map_err(fatal)?;
    written?;
    let secs = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "built {} level{}, {} position{} in {:.2} s",
        built.len(),
        ayo::output::plural(built.len() as u64),
        positions,
        ayo::output::plural(positions),
        secs
    )?;
    Ok(())
}

/// `ayo tables probe --format json`: one object a position.
#[derive(Serialize, schemars::JsonSchema)]
struct ProbeJson {
    /// The net gain of the side to move, in seeds (RULES.md, "Net gain").
    net_gain: i8,
    /// `win`, `draw` or `loss`, for the side to move.
    outcome: &'static str,
    /// The exact final score under perfect play, South's first (a half
    /// seed each when play goes on for ever with an odd number of seeds
    /// left); `null` under `end=majority`.
    #[schemars(with = "Option<[f64; 2]>")]
    exact_score: Option<[serde_json::Number; 2]>,
    /// Every legal move's net gain for the mover, by pit letter.
    move_net_gains: std::collections::BTreeMap<String, i8>,
}

/// Half a doubled score as a JSON number: `27`, or `24.5`.
fn half(doubled: i64) -> serde_json::Number {
    if doubled % 2 == 0 {
        serde_json::Number::from(doubled / 2)
    } else {
        serde_json::Number::from_f64(doubled as f64 / 2.0).unwrap_or(serde_json::Number::from(0))
    }
}

fn probe(args: ProbeArgs, out: &mut impl Write) -> Result<(), Fatal> {
    let Some(setup) = args.setup.as_deref().filter(|_| !args.schema) else {
        return write_schema(out, &schema_of::<ProbeJson>());
    };
    let pos = Position::from_setup(setup, &args.rules)
        .map_err(|e| Fatal::Error(format!("--setup: {e}")))?;
    let dir = args.dir.dir();
    let tables = Tables::open(&dir, &args.rules).map_err(fatal)?;
    let net = tables.require(&pos).map_err(fatal)?;
    let value = value_of(&pos, net);
    let outcome = match value.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    };
    let majority_over = args.rules.end() == End::Majority && {
        let total = pos.total_seeds();
        pos.stores().iter().any(|&s| 2 * u32::from(s) > total)
    };
    let moves = if majority_over {
        Vec::new()
    } else {
        tables.move_gains(&pos).map_err(fatal)?
    };
    let score = (args.rules.end() == End::Exhaustion).then(|| doubled_score(&pos, net));
    match args.format {
        Format::Json => {
            let json = ProbeJson {
                net_gain: net,
                outcome,
                exact_score: score.map(|[s, n]| [half(s), half(n)]),
                move_net_gains: moves
                    .iter()
                    .map(|m| (m.pit.letter(pos.pits()).to_string(), m.net_gain))
                    .collect(),
            };
            serde_json::to_writer(&mut *out, &json)?;
            out.write_all(b"\n")?;
        }
        Format::Text => {
            let side = pos.to_move().title();
            writeln!(out, "net gain: {net:+} for {side}, to move")?;
            writeln!(out, "outcome: {outcome} for {side}")?;
            match score {
                Some([s, n]) => writeln!(out, "score: {}-{} (South-North)", half(s), half(n))?,
                None => writeln!(out, "score: not exact under end=majority")?,
            }
            let list: Vec<String> = moves
                .iter()
                .map(|m| format!("{} {:+}", m.pit.letter(pos.pits()), m.net_gain))
                .collect();
            if majority_over {
                writeln!(out, "moves: none (the game is over)")?;
            } else if list.is_empty() {
                writeln!(out, "moves: none (no legal move)")?;
            } else {
                writeln!(out, "moves: {}", list.join(", "))?;
            }
        }
    }
    Ok(())
}

/// One ruleset's subdirectory: its ruleset (from the first level's header)
/// and its level files, in order.
struct RulesetDir {
    path: PathBuf,
    rules: Result<Ruleset, String>,
    key: String,
    levels: Vec<(u8, PathBuf)>,
}

/// Every ruleset subdirectory of a table directory that holds level files.
fn ruleset_dirs(dir: &Path) -> Result<Vec<RulesetDir>, Fatal> {
    let io_err = |e: io::Error| Fatal::Error(format!("{}: {e}", dir.display()));
    let mut found = Vec::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(found),
        Err(e) => return Err(io_err(e)),
    };
    for entry in entries {
        let entry = entry.map_err(io_err)?;
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        let mut levels = Vec::new();
        for f in std::fs::read_dir(&path).map_err(io_err)? {
            let f = f.map_err(io_err)?;
            if let Some(level) = f.file_name().to_str().and_then(file::level_of_file_name) {
                // A named pipe would block, a directory is no level: stop at
                // once, naming it.
                file::check_regular(&f.path()).map_err(fatal)?;
                levels.push((level, f.path()));
            }
        }
        if levels.is_empty() {
            continue;
        }
        levels.sort();
        // The key is the header's; a header that cannot be read leaves the
        // directory's name, and the error for verify to report.
        let header = read_header(&levels[0].1);
        let key = match &header {
            Ok(h) => h.rules.clone(),
            Err(_) => entry.file_name().to_string_lossy().replace('_', " "),
        };
        let rules = header
            .map_err(|e| e.to_string())
            .and_then(|h| h.rules.parse::<Ruleset>().map_err(|e| e.to_string()));
        found.push(RulesetDir {
            path,
            rules,
            key,
            levels,
        });
    }
    found.sort_by(|a, b| a.key.cmp(&b.key));
    Ok(found)
}

fn read_header(path: &Path) -> Result<Header, TableError> {
    use std::io::Read;
    let mut head = [0u8; HEADER_LEN];
    let mut f = file::open_regular(path)?;
    f.read_exact(&mut head).map_err(|_| TableError::BadHeader {
        path: path.to_path_buf(),
        what: "shorter than a header",
    })?;
    Header::decode(&head, path)
}

fn verify(args: VerifyArgs, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let dir = args.dir.dir();
    let threads = args.jobs.get();
    let dirs = ruleset_dirs(&dir)?;
    if dirs.is_empty() {
        // Checking nothing is not a pass.
        return Err(nothing_to_verify(&dir));
    }
    for rd in dirs {
        let rules = match rd.rules {
            Ok(r) => r,
            Err(e) => {
                ctx.invalid = true;
                ctx.note(&format!("error: {}: {e}", rd.path.display()));
                continue;
            }
        };
        let key = table_key(&rules);
        let ring = 2 * usize::from(rules.pits());
        let top = rd.levels.last().map_or(0, |l| l.0);
        // values[n]: level n's values once read and checked.
        let mut values: Vec<Option<Vec<u8>>> = (0..=top).map(|_| None).collect();
        values[0] = Some(vec![0]);
        for (level, path) in &rd.levels {
            let count = level_count(ring, usize::from(*level)).unwrap_or(u64::MAX);
            let expect = Expect {
                rules: &key,
                pits: rules.pits(),
                level: *level,
                count,
            };
            match file::open_level(path, expect, false) {
                Ok(f) => {
                    values[usize::from(*level)] = Some(match f.body {
                        file::Body::Owned(v) => v,
                        file::Body::Mapped(m) => m[HEADER_LEN..].to_vec(),
                    })
                }
                Err(e @ (TableError::Io { .. } | TableError::NotAFile { .. })) => {
                    ctx.failed = true;
                    ctx.note(&format!("error: {e}"));
                }
                Err(e) => {
                    ctx.invalid = true;
                    ctx.note(&format!("error: {e}"));
                }
            }
        }
        for (level, path) in &rd.levels {
            let n = usize::from(*level);
            let Some(slices) = values[..=n]
                .iter()
                .map(|v| v.as_deref())
                .collect::<Option<Vec<&[u8]>>>()
            else {
                if values[n].is_some() {
                    ctx.invalid = true;
                    ctx.note(&format!(
                        "error: {}: not checked against its moves: a level below it is missing or damaged",
                        path.display()
                    ));
                }
                continue;
            };
            let report = verify_level(
                &rules,
                ayo::rules::DEFAULT_MAX_LAPS,
                *level,
                &slices,
                threads,
            )
            .map_err(fatal)?;
            if let Some((setup, stored, computed)) = &report.first {
                ctx.invalid = true;
                let e = TableError::Inconsistent {
                    path: path.clone(),
                    position: setup.clone(),
                    stored: *stored,
                    computed: *computed,
                };
                ctx.note(&format!(
                    "error: {e} ({} of {} positions disagree)",
                    report.mismatches, report.positions
                ));
            } else {
                let line = format!(
                    "{key}: level {level}: {} position{} ok",
                    report.positions,
                    ayo::output::plural(report.positions)
                );
                out.write_all(args.width.wrap(&line).as_bytes())?;
            }
        }
    }
    Ok(())
}

/// Why `verify` found nothing to check in `dir`: it does not exist, or it
/// holds no ruleset folder with levels; when it looks like one ruleset's
/// folder itself (level files in it, or a ruleset's name), the folder above
/// it is what was meant.
fn nothing_to_verify(dir: &Path) -> Fatal {
    if !dir.exists() {
        return Fatal::Error(format!("{}: no such directory", dir.display()));
    }
    let holds_levels = std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            e.file_name()
                .to_str()
                .and_then(file::level_of_file_name)
                .is_some()
        })
    });
    let named_like_ruleset = dir
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.replace('_', " ").parse::<Ruleset>().is_ok());
    let mut text = format!("no tables in {}", dir.display());
    if holds_levels || named_like_ruleset {
        let why = if holds_levels {
            "it holds level files, as one ruleset's folder does"
        } else {
            "it is named like one ruleset's folder"
        };
        let above = match dir.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.display().to_string(),
            _ => "..".to_string(),
        };
        text += &format!(": {why}; did you mean the folder above it, {above}?");
    } else {
        text += " (a table directory holds one folder a ruleset, as `ayo tables build` makes)";
    }
    Fatal::Error(text)
}

fn info(args: InfoArgs, out: &mut impl Write) -> Result<(), Fatal> {
    let dir = args.dir.dir();
    let dirs = ruleset_dirs(&dir)?;
    let wrapped = |text: String| args.width.wrap(&text);
    out.write_all(wrapped(format!("table directory: {}", dir.display())).as_bytes())?;
    if dirs.is_empty() {
        writeln!(out, "no tables")?;
        return Ok(());
    }
    for rd in dirs {
        let levels: Vec<u8> = rd.levels.iter().map(|l| l.0).collect();
        out.write_all(wrapped(format!("{}: {}", rd.key, present_text(&levels))).as_bytes())?;
        // The cells first, then the columns as wide as their widest cell:
        // the table fits a narrow terminal as long as its numbers do.
        let mut rows: Vec<Vec<String>> = vec![
            ["level", "positions", "bytes", "build (s)"]
                .map(String::from)
                .to_vec(),
        ];
        let (mut positions, mut bytes, mut millis) = (0u64, 0u64, 0u64);
        for (level, path) in &rd.levels {
            let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
            match read_header(path) {
                Ok(h) => {
                    rows.push(vec![
                        level.to_string(),
                        h.count.to_string(),
                        size.to_string(),
                        format!("{:.2}", h.build_millis as f64 / 1000.0),
                    ]);
                    positions += h.count;
                    millis += h.build_millis;
                }
                Err(e) => rows.push(vec![level.to_string(), format!("unreadable: {e}")]),
            }
            bytes += size;
        }
        rows.push(vec![
            "total".to_string(),
            positions.to_string(),
            bytes.to_string(),
            format!("{:.2}", millis as f64 / 1000.0),
        ]);
        // An unreadable level's message runs on past the columns.
        let widths: Vec<usize> = (0..4)
            .map(|c| {
                rows.iter()
                    .filter(|r| r.len() == 4)
                    .map(|r| r[c].len())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for row in rows {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(c, (cell, &w))| match (c, row.len()) {
                    (1, 2) => cell.clone(),
                    _ => format!("{cell:>w$}"),
                })
                .collect();
            writeln!(out, "  {}", cells.join("  "))?;
        }
    }
    Ok(())
}
