//! `ayo import`: JSON back to canonical records.

use std::io::Write;

use ayo::import::{Imported, ImportedGame, games};
use ayo::notation::{Origin, RawGame};

use super::{Ctx, Fatal, GameArg, ReplayArgs, each_input, past_the_end};

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
    let opts = args.replay.options(false);
    let mut first = true;
    each_input(&args.files, ctx, |ctx, input| {
        let file = input.name().to_string();
        let mut games = games(input.into_reader(), &opts, args.game.game);
        for game in &mut games {
            match game {
                Ok(game) => write_game(ctx, out, &file, game, &mut first)?,
                Err(e) => {
                    ctx.io_error(&file, &e);
                    return Ok(());
                }
            }
            ctx.check_stderr()?;
        }
        let count = games.read() as u64;
        if let Some(g) = args.game.game
            && count < g
        {
            ctx.usage_error(&past_the_end("--game", g, &file, count, "game"));
        }
        Ok(())
    })
}

/// Writes what a game became (a blank line before all but the first) and
/// reports its problems.
fn write_game(
    ctx: &mut Ctx,
    out: &mut impl Write,
    file: &str,
    game: ImportedGame,
    first: &mut bool,
) -> Result<(), Fatal> {
    let n = game.number;
    let place = format!("{file}:{}:{}", game.line, game.column);
    let mut write = |bytes: &[u8]| -> Result<(), Fatal> {
        if !std::mem::take(first) {
            out.write_all(b"\n")?;
        }
        out.write_all(bytes)?;
        Ok(())
    };
    match game.outcome {
        Ok(Imported::Record { text, .. }) => {
            write(text.as_bytes())?;
            if !game.diagnostics.is_empty() {
                // The diagnostics point into the text just written.
                let raw = RawGame {
                    index: n - 1,
                    origin: Origin::START,
                    bytes: text.into_bytes(),
                    leading: Vec::new(),
                    too_large: None,
                };
                let label = format!("{file} (game {n}, as written)");
                for d in &game.diagnostics {
                    ctx.diagnose(&label, &raw, d);
                }
            }
        }
        Ok(Imported::Unparsed(raw)) => {
            write(raw.as_bytes())?;
            if !raw.ends_with('\n') {
                out.write_all(b"\n")?;
            }
            ctx.game_error(
                &place,
                n,
                "the raw text of a game that could not be parsed (no result): written unchanged",
            );
        }
        Err(e) => ctx.game_error(&place, n, &e.to_string()),
    }
    Ok(())
}
