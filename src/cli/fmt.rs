//! `ayo fmt`: print records in canonical form.

use std::io::Write;

use ayo::notation::{GameReader, write_record};

use super::{Ctx, Fatal, each_input};

/// Print every game in canonical form.
///
/// Known tags first in a fixed order, then the others in file order; a blank
/// line; the movetext with move numbers, wrapped at 80 columns. Every comment,
/// glyph, NAG, claim and variation is kept. Games with syntax errors are
/// reported on standard error and left out (exit 1).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo fmt game.ayo > clean.ayo
  cat games/*.ayo | ayo fmt
  ayo fmt --check games/*.ayo || echo 'run ayo fmt'")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    /// Print nothing; exit 1 if a file is not already in canonical form.
    #[arg(long)]
    check: bool,
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let mut first = true;
    each_input(&args.files, ctx, |ctx, input| {
        let file = input.name.clone();
        let mut games = input.games();
        let mut canonical = true;
        let mut index = 0;
        loop {
            let raw = match games.next() {
                None => break,
                Some(Ok(raw)) => raw,
                Some(Err(e)) => {
                    ctx.io_error(&file, &e);
                    break;
                }
            };
            let record = match raw.parse() {
                Ok(r) => r,
                Err(e) => {
                    ctx.syntax_error(&file, &raw, &e);
                    canonical = false;
                    continue;
                }
            };
            let text = write_record(&record);
            if args.check {
                let leading: &[u8] = if index == 0 { b"" } else { b"\n\n" };
                canonical &= raw.leading == leading
                    && text.as_bytes().strip_suffix(b"\n") == Some(&raw.bytes[..]);
            } else {
                if !first {
                    out.write_all(b"\n")?;
                }
                out.write_all(text.as_bytes())?;
                first = false;
            }
            index += 1;
        }
        if args.check && !is_canonical_end(&games, index, canonical) {
            ctx.invalid = true;
            ctx.note(&format!("{file}: not in canonical form (run `ayo fmt`)"));
        }
        Ok(())
    })
}

fn is_canonical_end<R: std::io::BufRead>(
    games: &GameReader<R>,
    count: usize,
    so_far: bool,
) -> bool {
    let trailing: &[u8] = if count == 0 { b"" } else { b"\n" };
    so_far && !games.had_bom() && games.trailing() == trailing
}
