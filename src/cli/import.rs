//! `ayo import`: JSON back to canonical records.

use std::io::Write;

use ayo::notation::{Origin, RawGame};
use ayo::output::import::{ImportError, Imported, JsonGames, read_game, to_record};
use ayo::replay::check;

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
        let file = input.name.clone();
        let mut count = 0;
        for value in JsonGames::new(input.into_reader()) {
            let mut value = match value {
                Ok(v) => v,
                Err(e) => {
                    ctx.io_error(&file, &e);
                    return Ok(());
                }
            };
            let n = value.number;
            count = n;
            if args.game.game.is_some_and(|g| g != n as u64) {
                continue;
            }
            // The JSON text is let go as soon as it is read: for a big game
            // it is the largest thing held, and the record comes next.
            let bytes = std::mem::take(&mut value.bytes);
            let game = read_game(&bytes);
            drop(bytes);
            let imported = game.and_then(to_record);
            let mut write = |bytes: &[u8]| -> Result<(), Fatal> {
                if !first {
                    out.write_all(b"\n")?;
                }
                first = false;
                out.write_all(bytes)?;
                Ok(())
            };
            match imported {
                Ok(Imported::Record { text, record }) => {
                    write(text.as_bytes())?;
                    let errors = check(&record, &opts);
                    if !errors.is_empty() {
                        // The diagnostics point into the text just written.
                        let raw = RawGame {
                            index: n - 1,
                            origin: Origin::START,
                            bytes: text.into_bytes(),
                            leading: Vec::new(),
                            too_large: None,
                        };
                        let label = format!("{file} (game {n}, as written)");
                        for d in &errors {
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
                        &format!("{file}:{}:{}", value.line, value.column),
                        n,
                        "the raw text of a game that could not be parsed (no result): written unchanged",
                    );
                }
                Err(e) => {
                    let (line, column) = match e {
                        ImportError::Json { line, column, .. } => value.place(line, column),
                        _ => (value.line, value.column),
                    };
                    let message = if value.cut_off {
                        format!("cut off before its end: {e}")
                    } else {
                        e.to_string()
                    };
                    ctx.game_error(&format!("{file}:{line}:{column}"), n, &message);
                }
            }
            ctx.check_stderr()?;
            if args.game.game.is_some() {
                return Ok(());
            }
        }
        if let Some(g) = args.game.game {
            ctx.usage_error(&past_the_end("--game", g, &file, count as u64, "game"));
        }
        Ok(())
    })
}
