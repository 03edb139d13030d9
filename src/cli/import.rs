//! `ayo import`: JSON back to canonical records.

use std::io::Write;

use ayo::notation::write_record;
use ayo::output::json::{GameJson, to_record};

use super::{Ctx, Fatal, each_input};

/// Turn JSON games (as `ayo json` prints them) back into canonical `.ayo`.
///
/// Reads NDJSON or pretty-printed JSON objects, one game each. Only the fields
/// the notation holds are read (tags, moves with claims, glyphs, NAGs,
/// comments and variations, the result token); laps, boards and the like are
/// ignored. `ayo json g.ayo | ayo import` prints what `ayo fmt g.ayo` prints.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo json game.ayo | ayo import
  ayo json club.ayo | jq -c 'select(.tags.Event == \"Club night\")' | ayo import > club-night.ayo")]
pub struct Args {
    /// JSON files; standard input when none or `-`.
    files: Vec<String>,
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let mut first = true;
    each_input(&args.files, ctx, |ctx, input| {
        let file = input.name.clone();
        // Raw values keep each object's key order and repeated tag names, and
        // let a game of the wrong shape be reported without losing the rest.
        let stream = serde_json::Deserializer::from_reader(input.into_reader())
            .into_iter::<Box<serde_json::value::RawValue>>();
        for (index, value) in stream.enumerate() {
            let value = match value {
                Ok(v) => v,
                Err(e) if e.is_io() => {
                    ctx.io_error(&file, &std::io::Error::other(e.to_string()));
                    break;
                }
                Err(e) => {
                    // The stream cannot resume after malformed JSON.
                    ctx.invalid = true;
                    ctx.note(&format!("error: {file}:{}:{}: {e}", e.line(), e.column()));
                    break;
                }
            };
            let record = serde_json::from_str::<GameJson>(value.get())
                .map_err(|e| e.to_string())
                .and_then(|g| to_record(&g).map_err(|e| e.to_string()));
            match record {
                Ok(record) => {
                    if !first {
                        out.write_all(b"\n")?;
                    }
                    out.write_all(write_record(&record).as_bytes())?;
                    first = false;
                }
                Err(e) => {
                    ctx.game_error(&file, index + 1, &e);
                }
            }
        }
        Ok(())
    })
}
