//! `ayo fmt`: print records in canonical form, check it, show it as a diff, or
//! write it back to the files.

use std::io::{BufRead, Read, Write};

use ayo::canonical::{Corrections, Fill, Formatted, InputFormatted};
use ayo::diagnostics::Diagnostic;
use ayo::notation::{GameReader, RawGame};
use ayo::replay::{self, Change};

use super::in_place::{self, Rewrite};
use super::{Ctx, Fatal, GameArg, LapsArg, each_game, each_input, input_names};

/// Print every game in canonical form.
///
/// Known tags first in a fixed order, then the others in file order; a blank
/// line; the movetext with move numbers, wrapped at 80 columns. Every comment,
/// glyph, NAG, claim and variation is kept.
///
/// A game with a syntax error cannot be formatted: its syntax error is reported
/// on standard error (exit 1) and its text is printed unchanged, in its place,
/// so that `ayo fmt a.ayo > b.ayo` keeps every game. `--write` leaves a file
/// with a syntax error untouched (it says so), and rewrites the others.
///
/// `--fill` also fills in what the replay knows (claims, Score, PlyCount,
/// Result), so that a record can be typed as bare moves; `--fix` corrects
/// those that are wrong.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo fmt game.ayo > clean.ayo
  cat games/*.ayo | ayo fmt
  ayo fmt --check games/*.ayo || ayo fmt --diff games/*.ayo
  ayo fmt --write games/*.ayo
  ayo fmt --fill typed.ayo > filled.ayo
  ayo fmt --fix --write games/*.ayo")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    /// Print nothing; exit 1 if a file is not already in canonical form or has
    /// games that cannot be formatted (their syntax errors are reported).
    #[arg(long, conflicts_with_all = ["write", "diff", "game"])]
    check: bool,
    /// Print a unified diff from each file to its canonical form instead of
    /// the records; exit 1 if any file would change.
    #[arg(long, conflicts_with_all = ["write", "game"])]
    diff: bool,
    /// Rewrite each file in place, through a temporary file beside it
    /// (`.NAME.ayo-PID-XXXXXX.tmp`) renamed over it, so a file is never left
    /// half written. A file with a syntax error is left untouched. A link is
    /// followed: the file it points to is rewritten. The file keeps its
    /// permissions and (as root) its owner and group. Refused, and left as
    /// it is (exit 2): a read-only file, a file with other hard links (see
    /// --force), and a file that changed while it was being formatted.
    /// SIGINT and SIGTERM remove the temporary file (exit 130, 143); one left
    /// by a killed run is removed by the next --write in its folder.
    #[arg(long, conflicts_with = "game")]
    write: bool,
    /// With --write: rewrite a file that has other hard links too. Only the
    /// name given gets the new text; the other names keep the old one.
    #[arg(long, requires = "write")]
    force: bool,
    /// Fill in, from the replay, the capture claims of moves that have none
    /// (a move that captures nothing stays bare), the PlyCount tag, and, when
    /// the board decided the game, the Score tag and a Result tag and
    /// termination token that are missing or `*`. A claim, Score, PlyCount or
    /// Result present but wrong is reported and kept (exit 1; see --fix). A
    /// move that cannot be played is reported (exit 1): the moves after it in
    /// its line are left as written, and if it is in the main line no tag is
    /// filled. Works with --check, --diff and --write.
    #[arg(long)]
    fill: bool,
    /// As --fill, and correct the claims and tags that are wrong, each
    /// correction said on standard error.
    #[arg(long)]
    fix: bool,
    #[command(flatten)]
    laps: LapsArg,
    /// Only the N-th game of each file (from 1), printed in canonical form
    /// (not with --check, --diff or --write, which concern whole files).
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
}

/// Reports the problems of one game of `file` and counts its corrections.
fn report_game(
    file: &str,
    raw: &RawGame,
    f: (&[Diagnostic], &[Change]),
    said: &mut Corrections,
    ctx: &mut Ctx,
) {
    for d in f.0 {
        ctx.diagnose(file, raw, d);
    }
    said.add(file, f.1);
}

/// Says what `--fill` corrected in an input and the wrong values it kept
/// (see [`Corrections::notes`]).
fn report_fixed(file: &str, fill: Option<&Fill>, said: &Corrections, made: bool, ctx: &mut Ctx) {
    for line in said.notes(file, fill, made) {
        ctx.note(&line);
    }
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let fill = (args.fill || args.fix).then(|| Fill {
        fix: args.fix,
        opts: replay::Options::new(None, args.laps.max_laps),
    });
    let fill = fill.as_ref();
    if args.write || args.diff {
        return rewrite(&args, fill, ctx, out);
    }
    if let Some(n) = args.game.game {
        // One game, canonical or (when it cannot be parsed) as written.
        let mut first = true;
        return each_game(&args.files, ctx, Some(n), |ctx, g| {
            if !std::mem::replace(&mut first, false) {
                out.write_all(b"\n")?;
            }
            let mut fixed = Corrections::default();
            match g.record {
                Ok(record) => {
                    let f = Formatted::of(record, fill);
                    fixed.kept = f.kept;
                    report_game(
                        g.file,
                        g.raw,
                        (&f.problems, &f.corrections),
                        &mut fixed,
                        ctx,
                    );
                    out.write_all(f.text.as_bytes())?;
                }
                Err(e) => {
                    ctx.syntax_error(g.file, g.raw, &e);
                    Formatted::write_unchanged(out, g.raw)?;
                }
            }
            report_fixed(g.file, fill, &fixed, true, ctx);
            Ok(())
        });
    }
    let mut first = true;
    each_input(&args.files, ctx, |ctx, input| {
        let file = input.name().to_string();
        let games = input.games();
        let (found, fixed) = if args.check {
            format_games(&file, games, fill, ctx, &mut std::io::sink(), &mut first)?
        } else {
            format_games(&file, games, fill, ctx, out, &mut first)?
        };
        if let Some(note) = found.check_note(&file, fill).filter(|_| args.check) {
            ctx.invalid = true;
            ctx.note(&note);
        }
        report_fixed(&file, fill, &fixed, !args.check, ctx);
        Ok(())
    })
}

/// Formats one input with [`InputFormatted::of`], its problems reported as they
/// are met and its corrections counted.
fn format_games<R: BufRead>(
    file: &str,
    games: GameReader<R>,
    fill: Option<&Fill>,
    ctx: &mut Ctx,
    out: &mut impl Write,
    first: &mut bool,
) -> Result<(InputFormatted, Corrections), Fatal> {
    let mut fixed = Corrections::default();
    let found = InputFormatted::of(games, fill, out, first, |raw, problems, corrections| {
        report_game(file, raw, (problems, corrections), &mut fixed, ctx);
        ctx.check_stderr()
    })?;
    if let Some(e) = &found.error {
        ctx.io_error(file, e);
    }
    fixed.kept = found.kept;
    Ok((found, fixed))
}

/// `--write` and `--diff`: each file is read whole, formatted in memory, and
/// compared with what it holds.
fn rewrite(
    args: &Args,
    fill: Option<&Fill>,
    ctx: &mut Ctx,
    out: &mut impl Write,
) -> Result<(), Fatal> {
    let names = input_names(&args.files);
    if args.write {
        in_place::begin(&names)?;
    }
    let mut rewrite = Rewrite::new(args.force);
    for name in names {
        // What the file was when it was read, to rewrite it only if it still is.
        let mut snapshot = None;
        let (file, before) = if args.write {
            let Some((bytes, was)) = rewrite.read(&name, ctx) else {
                continue;
            };
            snapshot = Some(was);
            (name.clone(), bytes)
        } else {
            let mut read = None;
            each_input(std::slice::from_ref(&name), ctx, |ctx, input| {
                let (file, mut bytes) = (input.name().to_string(), Vec::new());
                match input.into_reader().read_to_end(&mut bytes) {
                    Ok(_) => read = Some((file, bytes)),
                    Err(e) => ctx.io_error(&file, &e),
                }
                Ok(())
            })?;
            let Some(read) = read else { continue };
            read
        };
        let mut after = Vec::with_capacity(before.len());
        let (found, fixed) = format_games(
            &file,
            GameReader::new(&before[..]),
            fill,
            ctx,
            &mut after,
            &mut true,
        )?;
        if after == before {
            report_fixed(&file, fill, &fixed, false, ctx);
            continue;
        }
        let mut written = false;
        if args.diff {
            ctx.invalid = true;
            let (old, new) = (
                String::from_utf8_lossy(&before),
                String::from_utf8_lossy(&after),
            );
            let diff = similar::TextDiff::from_lines(&old, &new);
            write!(
                out,
                "{}",
                diff.unified_diff()
                    .context_radius(3)
                    .header(&file, &format!("{file} (formatted)"))
            )?;
        } else if !found.broken.is_empty() {
            in_place::left_unchanged(&file, &found.broken, "formatted", ctx);
        } else if let Some(was) = &snapshot {
            written = rewrite.replace(&name, was, &after, "formatted", ctx);
        }
        report_fixed(&file, fill, &fixed, written, ctx);
    }
    Ok(())
}
