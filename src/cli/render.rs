//! What commands write besides their data's own rendering: the width text
//! fits, schemas, records as read, and the joining of one game's rendered
//! output to the others'.

use std::io::{self, IsTerminal, Write};

use ayo::notation::RawGame;

use super::Fatal;

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
