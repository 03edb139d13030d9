//! Records in canonical form, as `ayo fmt` prints them: written by the
//! canonical writer ([`Record::to_text`]), and filled in from the replay when
//! asked ([`replay::Filled::of`]).
//!
//! ```
//! use ayo::canonical::{Fill, Formatted};
//! use ayo::notation::{GameReader, Record};
//! use ayo::replay::Options;
//!
//! let raw = GameReader::new(&b"1.c F 2.a *"[..]).next().unwrap().unwrap();
//! let formatted = Formatted::of(raw.parse().unwrap(), None);
//! assert_eq!(formatted.text, "1. c F 2. a *\n");
//! assert!(!formatted.matches(&raw, true));
//!
//! // --fill: the claims and tags the replay knows.
//! let fill = Fill { fix: false, opts: Options::default() };
//! let formatted = Formatted::of(Record::parse("1. c *\n").unwrap(), Some(&fill));
//! assert!(formatted.text.contains("[PlyCount \"1\"]"));
//! assert!(formatted.problems.is_empty() && formatted.corrections.is_empty());
//! ```

use std::io::{self, BufRead, Write};

use crate::diagnostics::Diagnostic;
use crate::notation::{GameReader, RawGame, Record};
use crate::replay::{self, Change};

mod fmt;

pub use fmt::FmtOptions;

/// `--fill`: fill in what the replay knows (claims, Score, PlyCount,
/// Result); with `fix`, correct the values that are wrong too.
#[derive(Clone, Debug)]
pub struct Fill {
    /// Correct wrong values (`--fix`), rather than keep and report them.
    pub fix: bool,
    /// How the record is replayed.
    pub opts: replay::Options,
}

/// A record in canonical form, and what filling it in found.
#[derive(Clone, Debug)]
pub struct Formatted {
    /// The canonical text, ending with a newline.
    pub text: String,
    /// What stopped the replay of `--fill`, and the wrong values it kept, in
    /// the order of the text.
    pub problems: Vec<Diagnostic>,
    /// The wrong values corrected (with [`Fill::fix`]), in the order of the
    /// text.
    pub corrections: Vec<Change>,
    /// How many wrong values were kept (without [`Fill::fix`]).
    pub kept: usize,
}

impl Formatted {
    /// Whether `raw`, as read, already is this text byte for byte, with
    /// what comes before it (nothing before the `first` game of an input,
    /// one blank line before the others).
    pub fn matches(&self, raw: &RawGame, first: bool) -> bool {
        let leading: &[u8] = if first { b"" } else { b"\n\n" };
        raw.leading == leading && self.text.as_bytes().strip_suffix(b"\n") == Some(&raw.bytes[..])
    }
}

/// See [`Formatted::of`].
pub(crate) fn format_record(record: Record, fill: Option<&Fill>) -> Formatted {
    let Some(fill) = fill else {
        return Formatted {
            text: record.to_text(),
            problems: Vec::new(),
            corrections: Vec::new(),
            kept: 0,
        };
    };
    let filled = replay::Filled::of(record, &fill.opts, fill.fix);
    let mut problems: Vec<Diagnostic> = filled
        .stopped
        .iter()
        .chain(filled.kept().filter_map(|c| c.problem.as_ref()))
        .cloned()
        .collect();
    problems.sort_by_key(|d| d.span.offset);
    let kept = filled
        .changes
        .iter()
        .filter(|c| c.is_correction() && !c.applied)
        .count();
    let corrections = filled
        .changes
        .into_iter()
        .filter(|c| c.is_correction() && c.applied)
        .collect();
    Formatted {
        text: filled.record.to_text(),
        problems,
        corrections,
        kept,
    }
}

impl Formatted {
    /// The record in canonical form, filled in from its replay with `fill`.
    pub fn of(record: Record, fill: Option<&Fill>) -> Formatted {
        format_record(record, fill)
    }

    /// Writes a game's text exactly as read, ended by a newline: what a
    /// command that rewrites records prints for a game it cannot rewrite,
    /// so that no game is lost.
    pub fn write_unchanged(out: &mut impl Write, raw: &RawGame) -> io::Result<()> {
        write_as_read(out, raw)
    }
}

/// What [`InputFormatted::of`] found in a whole input.
#[derive(Debug, Default)]
pub(crate) struct InputFormatted {
    /// 1-based numbers of the games with a syntax error, written as they
    /// stand.
    pub broken: Vec<usize>,
    /// Every game parsed, and the input already was its canonical form byte
    /// for byte (no byte-order mark, one blank line between games, one
    /// newline at the end).
    pub canonical: bool,
    /// How many wrong values were kept (without [`Fill::fix`]).
    pub kept: usize,
    /// The read error that ended the input early, if one did.
    pub error: Option<io::Error>,
}

impl InputFormatted {
    /// Writes every game of `games` to `out` in canonical form (filled in with
    /// `fill`), or as it stands when it cannot be parsed, and says whether the
    /// input already was canonical. A blank line goes before each game unless
    /// `first` (which is then cleared), so that several inputs make one stream.
    /// `each` is told of each game once it is written: the game as read; its
    /// syntax error (the game is then written as it stands), or what stopped
    /// the replay of `fill` and the wrong values kept, in the order of the
    /// text; and the wrong values corrected (with [`Fill::fix`]). An error from
    /// `each`, or from `out`, stops the input there.
    pub fn of<R: BufRead, E: From<io::Error>>(
        games: GameReader<R>,
        fill: Option<&Fill>,
        out: &mut impl Write,
        first: &mut bool,
        each: impl FnMut(&RawGame, &[Diagnostic], &[Change]) -> Result<(), E>,
    ) -> Result<InputFormatted, E> {
        format_input(games, fill, out, first, each)
    }

    /// What `ayo fmt --check` says of `file` when it is not canonical
    /// (`None` when it is): what would change it (the command and flag to
    /// run, `fill` being the `--fill` or `--fix` asked), or which games
    /// cannot be formatted.
    pub fn check_note(&self, file: &str, fill: Option<&Fill>) -> Option<String> {
        if self.canonical {
            return None;
        }
        Some(match fill {
            _ if !self.broken.is_empty() => format!(
                "{file}: {} cannot be formatted: fix the syntax errors above first",
                Self::game_list(&self.broken)
            ),
            Some(fill) => format!("{file}: would change (run `ayo fmt {}`)", fill.flag()),
            None => format!("{file}: not in canonical form (run `ayo fmt`)"),
        })
    }

    /// What a command that rewrites files in place says of `file`, left as
    /// it was since its games `broken` (numbered from 1) cannot be `done`
    /// ("formatted", "analysed").
    pub fn unchanged_note(file: &str, broken: &[usize], done: &str) -> String {
        format!(
            "{file}: left unchanged: {} cannot be {done}",
            Self::game_list(broken)
        )
    }

    /// "game 2" or "games 2, 5".
    fn game_list(numbers: &[usize]) -> String {
        let list: Vec<String> = numbers.iter().map(usize::to_string).collect();
        let s = if numbers.len() == 1 { "" } else { "s" };
        format!("game{s} {}", list.join(", "))
    }
}

impl Fill {
    /// The flag of `ayo fmt` that asks for this filling.
    pub fn flag(&self) -> &'static str {
        if self.fix { "--fix" } else { "--fill" }
    }
}

/// The corrections `--fix` made in one input and the wrong values `--fill`
/// kept, counted as the games are formatted and said once the input is done
/// (with `--write`, once it is written: a file left as it was had nothing
/// corrected).
#[derive(Debug, Default)]
pub(crate) struct Corrections {
    /// The first [`Corrections::SHOWN`] corrections, as they are said.
    lines: Vec<String>,
    /// Every correction.
    count: usize,
    /// Wrong values kept (reported as errors as they were met).
    pub kept: usize,
}

impl Corrections {
    /// Corrections said at most of an input: the rest are counted.
    pub const SHOWN: usize = 20;

    /// Counts the corrections of one game of `file`.
    pub fn add(&mut self, file: &str, changes: &[Change]) {
        for c in changes {
            self.count += 1;
            if self.lines.len() < Self::SHOWN {
                let at = c.span;
                (self.lines).push(format!("fixed: {file}:{}:{}: {c}", at.line, at.column));
            }
        }
    }

    /// The lines that say what was corrected in `file` (when `made`: the
    /// corrections are in what was printed or written) and how many wrong
    /// values `fill` kept.
    pub fn notes(&self, file: &str, fill: Option<&Fill>, made: bool) -> Vec<String> {
        let mut notes = Vec::new();
        if made {
            notes.extend(self.lines.iter().cloned());
            let more = self.count - self.lines.len();
            if more > 0 {
                let s = if more == 1 { "" } else { "s" };
                notes.push(format!("fixed: {file}: {more} more correction{s}"));
            }
        }
        if self.kept > 0 && fill.is_some_and(|f| !f.fix) {
            let (n, s) = (self.kept, if self.kept == 1 { "" } else { "s" });
            notes.push(format!(
                "{file}: {n} wrong value{s} kept (--fix corrects them)"
            ));
        }
        notes
    }
}

/// See [`InputFormatted::of`].
pub(crate) fn format_input<R: BufRead, E: From<io::Error>>(
    mut games: GameReader<R>,
    fill: Option<&Fill>,
    out: &mut impl Write,
    first: &mut bool,
    mut each: impl FnMut(&RawGame, &[Diagnostic], &[Change]) -> Result<(), E>,
) -> Result<InputFormatted, E> {
    let mut found = InputFormatted {
        canonical: true,
        ..InputFormatted::default()
    };
    let mut count = 0;
    for raw in games.by_ref() {
        let raw = match raw {
            Ok(raw) => raw,
            Err(e) => {
                found.error = Some(e);
                found.canonical = false;
                break;
            }
        };
        if !std::mem::replace(first, false) {
            out.write_all(b"\n")?;
        }
        match raw.parse() {
            Ok(record) => {
                let formatted = format_record(record, fill);
                found.canonical &= formatted.matches(&raw, count == 0);
                found.kept += formatted.kept;
                out.write_all(formatted.text.as_bytes())?;
                each(&raw, &formatted.problems, &formatted.corrections)?;
            }
            Err(e) => {
                found.broken.push(raw.index + 1);
                found.canonical = false;
                write_as_read(out, &raw)?;
                let problems = [Diagnostic::from(e)];
                each(&raw, &problems, &[])?;
            }
        }
        count += 1;
    }
    let trailing: &[u8] = if count == 0 { b"" } else { b"\n" };
    found.canonical &= !games.had_bom() && games.trailing() == trailing;
    Ok(found)
}

/// Writes a game's text exactly as read, ended by a newline: what a command
/// that rewrites records prints for a game it cannot rewrite, so that no
/// game is lost.
pub(crate) fn write_as_read(out: &mut impl Write, raw: &RawGame) -> io::Result<()> {
    out.write_all(&raw.bytes)?;
    if !raw.bytes.ends_with(b"\n") {
        out.write_all(b"\n")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &[u8], fill: Option<&Fill>) -> (String, InputFormatted, usize) {
        let mut out = Vec::new();
        let mut games = 0;
        let found = format_input::<_, io::Error>(
            GameReader::new(input),
            fill,
            &mut out,
            &mut true,
            |_, _, _| {
                games += 1;
                Ok(())
            },
        )
        .unwrap();
        (String::from_utf8(out).unwrap(), found, games)
    }

    #[test]
    fn a_canonical_input_is_said_to_be() {
        let (text, found, games) = run(b"1. c F *\n\n1. d *\n", None);
        assert_eq!(text, "1. c F *\n\n1. d *\n");
        assert!(found.canonical && found.broken.is_empty() && found.error.is_none());
        assert_eq!(games, 2);
    }

    #[test]
    fn a_bom_or_extra_blank_lines_are_not_canonical() {
        assert!(!run(b"\xef\xbb\xbf1. c *\n", None).1.canonical);
        assert!(!run(b"1. c *\n\n\n1. d *\n", None).1.canonical);
        assert!(!run(b"1. c *\n\n", None).1.canonical);
        assert!(run(b"", None).1.canonical);
    }

    #[test]
    fn fill_counts_the_wrong_values_kept() {
        let fill = Fill {
            fix: false,
            opts: replay::Options::default(),
        };
        let (text, found, _) = run(b"1. cx9 *\n", Some(&fill));
        assert!(text.contains("cx9"), "{text}");
        assert_eq!(found.kept, 1);
        let fix = Fill { fix: true, ..fill };
        let (text, found, _) = run(b"1. cx9 *\n", Some(&fix));
        assert!(!text.contains("cx9"), "{text}");
        assert_eq!(found.kept, 0);
    }

    #[test]
    fn each_game_is_told_and_a_broken_one_written_as_it_stands() {
        let mut out = Vec::new();
        let input = &b"1.c F *\n\n1. ( *\n"[..];
        let mut seen = 0;
        let found = InputFormatted::of::<_, io::Error>(
            GameReader::new(input),
            None,
            &mut out,
            &mut true,
            |raw, problems, _| {
                seen += 1;
                assert_eq!(problems.len(), usize::from(raw.index == 1));
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(seen, 2);
        assert_eq!(String::from_utf8(out).unwrap(), "1. c F *\n\n1. ( *\n");
        assert_eq!((&found.broken[..], found.canonical), (&[2][..], false));
        assert_eq!(
            found.check_note("a.ayo", None).unwrap(),
            "a.ayo: game 2 cannot be formatted: fix the syntax errors above first"
        );
    }

    #[test]
    fn corrections_are_said_with_their_place() {
        let fill = Fill {
            fix: true,
            opts: replay::Options::default(),
        };
        let formatted = Formatted::of(
            crate::notation::Record::parse("1. cx6 *\n").unwrap(),
            Some(&fill),
        );
        let mut said = Corrections::default();
        said.add("a.ayo", &formatted.corrections);
        assert_eq!(
            said.notes("a.ayo", Some(&fill), true),
            ["fixed: a.ayo:1:4: ply 1, South's c: x6 → x7"]
        );
    }

    #[test]
    fn an_error_from_each_stops_the_input() {
        let mut out = Vec::new();
        let r = format_input(
            GameReader::new(&b"1. c *\n\n1. d *\n"[..]),
            None,
            &mut out,
            &mut true,
            |_, _, _| Err(io::Error::other("stop")),
        );
        assert!(r.is_err());
        assert_eq!(out, b"1. c *\n");
    }
}
