//! `ayo import`: JSON back to canonical records.

use std::io::Write;

use ayo::import::import_files;

use super::{Ctx, Fatal, GameArg, ReplayArgs, input_names};

/// Turn JSON games (as `ayo json` prints them, or written by hand) into
/// canonical `.ayo`.
///
/// Reads NDJSON, JSON objects one after another (pretty-printed or not), or a
/// JSON array of games (as `jq -s` makes). Only the fields the notation holds
/// are read (tags, moves with claims, glyphs, NAGs, comments and variations,
/// the result token); the other fields `ayo json` writes (laps, boards, ...) are
/// skipped, and any other field is an error. A move can be as short as
/// `{"pit": "c"}`. `ayo json g.ayo | ayo import` prints what `ayo fmt g.ayo`
/// prints.
///
/// Every imported game is replayed and its problems reported as `ayo validate`
/// reports them (exit 1); it is still written. A game that cannot be read is
/// reported with the path of the field at fault and left out, and reading goes
/// on with the next (after a malformed line, at the next line). A game that
/// `ayo json` could not parse (a `raw` text and no `result`) is written back
/// as that text, unchanged, and reported.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo json game.ayo | ayo import
  ayo json club.ayo | jq -c 'select(.tags.Event == \"Club night\")' | ayo import > club-night.ayo
  ayo json a.ayo b.ayo | jq -s 'sort_by(.tags.Date)' | ayo import")]
pub struct Args {
    /// JSON files; standard input when none or `-`.
    files: Vec<String>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    replay: ReplayArgs,
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let (names, opts) = (input_names(&args.files), args.replay.options(false));
    import_files(&names, &opts, args.game.game, ctx, out)
}
