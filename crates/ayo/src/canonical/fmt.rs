//! `ayo fmt` as one function: inputs printed in canonical form, checked,
//! compared as a diff, or rewritten in place.

use std::io::{self, BufRead, Read, Write};
use std::sync::Arc;

use super::{Corrections, Fill, Formatted, InputFormatted};
use crate::corpus::input::{Games, Input, InputError};
use crate::corpus::parallel::Reporter;
use crate::diagnostics::Diagnostic;
use crate::notation::{GameReader, RawGame};
use crate::replay::Change;
use crate::rewrite::{Rewriter, left_unchanged};

/// What [`FmtOptions::run`] is asked to do. At most one of `check`, `diff` and `write`;
/// `game` only without them.
#[derive(Clone, Debug)]
pub struct FmtOptions {
    /// Fill in (or correct) what the replay knows: `--fill`, `--fix`.
    pub fill: Option<Fill>,
    /// Print nothing: only say which inputs are not in canonical form.
    pub check: bool,
    /// Print a unified diff from each input to its canonical form.
    pub diff: bool,
    /// Rewrite each file in place (never standard input: the caller refuses
    /// `-` first).
    pub write: bool,
    /// With `write`: rewrite a file that has other hard links too.
    pub force: bool,
    /// Only this game of each input (from 1).
    pub game: Option<u64>,
    /// The most bytes one game may have, when the inputs are read as
    /// streams.
    pub max_game_bytes: usize,
}

impl Default for FmtOptions {
    fn default() -> Self {
        FmtOptions {
            fill: None,
            check: false,
            diff: false,
            write: false,
            force: false,
            game: None,
            max_game_bytes: RawGame::DEFAULT_MAX_BYTES,
        }
    }
}

impl FmtOptions {
    /// Does what `ayo fmt` does over the inputs `names` (files, `-` for
    /// standard input, as [`Input::names`] gives them): writes every game to
    /// `out` in canonical form (a game with a syntax error as it was written,
    /// so that none is lost), or, as `opts` asks, checks the inputs, prints
    /// their diffs, or rewrites the files (through [`crate::files::write`]).
    ///
    /// Every problem goes to `reporter` as it is met: an input that cannot be
    /// read or a file that cannot be rewritten as a note, a game's problems
    /// through [`Reporter::diagnose`], and what was corrected, kept, or left
    /// alone through [`Reporter::say`]. `Ok(false)` when `check` or `diff` found
    /// an input not in canonical form, or `write` left a file as it was since a
    /// game in it cannot be formatted.
    ///
    /// ```
    /// use ayo::canonical::FmtOptions;
    /// use ayo::corpus::input::InputError;
    /// use ayo::corpus::parallel::{PoolError, Reporter};
    ///
    /// struct Said(Vec<String>);
    /// #[derive(Debug)]
    /// struct Stop;
    /// impl From<PoolError> for Stop { fn from(_: PoolError) -> Stop { Stop } }
    /// impl From<std::io::Error> for Stop { fn from(_: std::io::Error) -> Stop { Stop } }
    /// impl Reporter for Said {
    ///     type Note = InputError;
    ///     type Error = Stop;
    ///     fn note(&mut self, e: InputError) { self.0.push(e.to_string()) }
    ///     fn say(&mut self, line: &str) { self.0.push(line.to_string()) }
    /// }
    ///
    /// let dir = tempfile::tempdir().unwrap();
    /// let path = dir.path().join("a.ayo");
    /// std::fs::write(&path, "1.c F 2.a *").unwrap();
    /// let names = [path.to_str().unwrap().to_string()];
    /// let (mut said, mut out) = (Said(Vec::new()), Vec::new());
    /// let check = FmtOptions { check: true, ..FmtOptions::default() };
    /// assert!(!check.run(&names, &mut said, &mut out).unwrap());
    /// assert!(said.0[0].ends_with("not in canonical form (run `ayo fmt`)"));
    ///
    /// let write = FmtOptions { write: true, ..FmtOptions::default() };
    /// assert!(write.run(&names, &mut said, &mut out).unwrap());
    /// assert_eq!(std::fs::read_to_string(&path).unwrap(), "1. c F 2. a *\n");
    /// assert!(out.is_empty());
    /// ```
    pub fn run<R, W>(
        &self,
        names: &[String],
        reporter: &mut R,
        out: &mut W,
    ) -> Result<bool, R::Error>
    where
        R: Reporter<Note = InputError>,
        R::Error: From<io::Error>,
        W: Write,
    {
        let opts = self;
        let fill = opts.fill.as_ref();
        if opts.write || opts.diff {
            return rewrite(names, opts, reporter, out);
        }
        if let Some(n) = opts.game {
            one_game(names, opts, n, reporter, out)?;
            return Ok(true);
        }
        let (mut first, mut clean) = (true, true);
        for name in names {
            let input = match Input::open(name) {
                Ok(input) => input.max_game_bytes(opts.max_game_bytes),
                Err(e) => {
                    reporter.note(e);
                    continue;
                }
            };
            let file = input.name().to_string();
            let games = input.games();
            let (found, fixed) = if opts.check {
                format_games(&file, games, fill, reporter, &mut io::sink(), &mut first)?
            } else {
                format_games(&file, games, fill, reporter, out, &mut first)?
            };
            if let Some(note) = found.check_note(&file, fill).filter(|_| opts.check) {
                clean = false;
                reporter.input_fault(&note);
            }
            report_fixed(&file, fill, &fixed, !opts.check, reporter);
        }
        Ok(clean)
    }
}

/// `game`: that game of each input, canonical or (when it cannot be
/// parsed) as written.
fn one_game<R, W>(
    names: &[String],
    opts: &FmtOptions,
    game: u64,
    reporter: &mut R,
    out: &mut W,
) -> Result<(), R::Error>
where
    R: Reporter<Note = InputError>,
    R::Error: From<io::Error>,
    W: Write,
{
    let fill = opts.fill.as_ref();
    let games = Games::new(names.to_vec())
        .max_game_bytes(opts.max_game_bytes)
        .only(Some(game));
    let mut first = true;
    for event in games {
        let Some((file, raw)) = event.into_game(reporter) else {
            continue;
        };
        if !std::mem::replace(&mut first, false) {
            out.write_all(b"\n")?;
        }
        let mut fixed = Corrections::default();
        match raw.parse() {
            Ok(record) => {
                let f = Formatted::of(record, fill);
                fixed.kept = f.kept;
                let found = (&f.problems[..], &f.corrections[..]);
                report_game(&file, &raw, found, &mut fixed, reporter);
                out.write_all(f.text.as_bytes())?;
            }
            Err(e) => {
                reporter.diagnose(&file, &raw, &Diagnostic::from(&e));
                Formatted::write_unchanged(out, &raw)?;
            }
        }
        report_fixed(&file, fill, &fixed, true, reporter);
        reporter.check()?;
    }
    Ok(())
}

/// Reports the problems of one game of `file` and counts its corrections.
fn report_game<R: Reporter>(
    file: &str,
    raw: &RawGame,
    (problems, changes): (&[Diagnostic], &[Change]),
    said: &mut Corrections,
    reporter: &mut R,
) {
    for d in problems {
        reporter.diagnose(file, raw, d);
    }
    said.add(file, changes);
}

/// Says what `fill` corrected in an input (when `made`: the corrections
/// are in what was printed or written) and the wrong values it kept.
fn report_fixed<R: Reporter>(
    file: &str,
    fill: Option<&Fill>,
    said: &Corrections,
    made: bool,
    reporter: &mut R,
) {
    for line in said.notes(file, fill, made) {
        reporter.say(&line);
    }
}

/// Formats one input with [`InputFormatted::of`], its problems reported as
/// they are met and its corrections counted.
fn format_games<R, B: BufRead>(
    file: &str,
    games: GameReader<B>,
    fill: Option<&Fill>,
    reporter: &mut R,
    out: &mut impl Write,
    first: &mut bool,
) -> Result<(InputFormatted, Corrections), R::Error>
where
    R: Reporter<Note = InputError>,
    R::Error: From<io::Error>,
{
    let mut fixed = Corrections::default();
    let mut found = InputFormatted::of(games, fill, out, first, |raw, problems, corrections| {
        report_game(file, raw, (problems, corrections), &mut fixed, reporter);
        reporter.check()
    })?;
    if let Some(source) = found.error.take() {
        let file = Arc::from(file);
        reporter.note(InputError::Read { file, source });
    }
    fixed.kept = found.kept;
    Ok((found, fixed))
}

/// The whole of the input `name`, with the name it goes by; `None` (told to
/// `reporter`) when it cannot be read.
fn read_whole<R: Reporter<Note = InputError>>(
    name: &str,
    reporter: &mut R,
) -> Option<(String, Vec<u8>)> {
    let input = match Input::open(name) {
        Ok(input) => input,
        Err(e) => {
            reporter.note(e);
            return None;
        }
    };
    let (file, mut bytes) = (input.name().to_string(), Vec::new());
    match input.into_reader().read_to_end(&mut bytes) {
        Ok(_) => Some((file, bytes)),
        Err(source) => {
            let file = Arc::from(file);
            reporter.note(InputError::Read { file, source });
            None
        }
    }
}

/// `write` and `diff`: each input is read whole, formatted in memory, and
/// compared with what it holds.
fn rewrite<R, W>(
    names: &[String],
    opts: &FmtOptions,
    reporter: &mut R,
    out: &mut W,
) -> Result<bool, R::Error>
where
    R: Reporter<Note = InputError>,
    R::Error: From<io::Error>,
    W: Write,
{
    let fill = opts.fill.as_ref();
    let (mut files, mut clean) = (Rewriter::new(opts.force), true);
    for name in names {
        // What the file was when it was read, to rewrite it only if it still is.
        let mut snapshot = None;
        let read = if opts.write {
            files.read(name, reporter).map(|(bytes, was)| {
                snapshot = Some(was);
                (name.clone(), bytes)
            })
        } else {
            read_whole(name, reporter)
        };
        let Some((file, before)) = read else { continue };
        let mut after = Vec::with_capacity(before.len());
        let games = GameReader::new(&before[..]);
        let (found, fixed) = format_games(&file, games, fill, reporter, &mut after, &mut true)?;
        if after == before {
            report_fixed(&file, fill, &fixed, false, reporter);
            continue;
        }
        let mut written = false;
        if opts.diff {
            clean = false;
            let old = String::from_utf8_lossy(&before);
            let new = String::from_utf8_lossy(&after);
            let diff = similar::TextDiff::from_lines(&old, &new);
            let header = format!("{file} (formatted)");
            let unified = diff
                .unified_diff()
                .context_radius(3)
                .header(&file, &header)
                .to_string();
            out.write_all(unified.as_bytes())?;
        } else if !found.broken.is_empty() {
            clean = false;
            left_unchanged(&file, &found.broken, "formatted", reporter);
        } else if let Some(was) = &snapshot {
            written = files.replace(name, was, &after, "formatted", reporter);
        }
        report_fixed(&file, fill, &fixed, written, reporter);
    }
    Ok(clean)
}
