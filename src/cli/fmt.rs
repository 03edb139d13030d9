//! `ayo fmt`: print records in canonical form, check it, show it as a diff, or
//! write it back to the files.

use std::io::Write;

use ayo::canonical::{Fill, FmtOptions};
use ayo::replay;

use super::signals;
use super::{Ctx, Fatal, GameArg, LapsArg, input_names};

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

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let names = input_names(&args.files);
    if args.write {
        signals::writing_files(&names)?;
    }
    let opts = FmtOptions {
        fill: (args.fill || args.fix).then(|| Fill {
            fix: args.fix,
            opts: replay::Options::new(None, args.laps.max_laps),
        }),
        check: args.check,
        diff: args.diff,
        write: args.write,
        force: args.force,
        game: args.game.game,
        max_game_bytes: ctx.max_game_bytes,
    };
    ctx.invalid |= !opts.run(&names, ctx, out)?;
    Ok(())
}
