//! A selection over a whole corpus: every game read once, tested on the
//! workers, and the games selected counted, printed or split in input order.

use std::io::{self, Write};

use super::{Printer, Selection, Split, SplitError};
use crate::corpus::input::{Games, InputError};
use crate::corpus::parallel::Reporter;
use crate::notation::{RawGame, SyntaxError};

/// Where [`Selection::run`] puts the games it selects.
pub enum Output<'a> {
    /// Nowhere: they are only counted.
    Count,
    /// Printed as written, one after another, a blank line between (each
    /// game keeps its own line endings).
    Original(&'a mut dyn Write),
    /// Printed in canonical form, as `ayo fmt` writes it; a selected game
    /// that does not parse is handed to the run's `unparsed`, not printed.
    Canonical(&'a mut dyn Write),
    /// Written into one file per value of a tag ([`Split::write`]).
    Split(&'a mut Split),
}

/// What the workers found of one game.
enum Pick {
    /// Not selected.
    Skip,
    /// Selected, to be printed as written (or counted, or split).
    Take,
    /// Selected, in canonical form: its text, or why it has none.
    Canonical(Result<String, SyntaxError>),
}

impl Selection {
    /// Reads `games`, tests each against the selection on `jobs` threads,
    /// and puts the games selected into `output`, in input order, whatever
    /// the number of jobs. Returns how many games were selected.
    ///
    /// What could not be read goes to the reporter as a note, in its place;
    /// a selected game without a canonical form (with
    /// [`Output::Canonical`]) goes to `unparsed`.
    ///
    /// ```
    /// use ayo::corpus::input::{Games, InputError};
    /// use ayo::corpus::parallel::Reporter;
    /// use ayo::corpus::select::{Criteria, Output, Selection};
    /// use ayo::replay::Options;
    ///
    /// /// Keeps what could not be read.
    /// struct Notes(Vec<InputError>);
    /// impl Reporter for Notes {
    ///     type Note = InputError;
    ///     type Error = Box<dyn std::error::Error + Send + Sync>;
    ///     fn note(&mut self, note: InputError) {
    ///         self.0.push(note);
    ///     }
    /// }
    ///
    /// let dir = tempfile::tempdir().unwrap();
    /// let path = dir.path().join("club.ayo");
    /// std::fs::write(&path, "[Round \"1\"]\n\n1. c *\n\n[Round \"2\"]\n\n1. d *\n").unwrap();
    /// let criteria = Criteria::default().tag("Round=2").unwrap();
    /// let selection = Selection::new(criteria, Options::default());
    ///
    /// let games = Games::new(vec![path.display().to_string()]);
    /// let (mut notes, mut out) = (Notes(Vec::new()), Vec::new());
    /// let picked = selection
    ///     .run(games, 2, &mut notes, Output::Original(&mut out), |_, _, _, _| {})
    ///     .unwrap();
    /// assert_eq!(picked, 1);
    /// assert_eq!(out, b"[Round \"2\"]\n\n1. d *\n");
    /// assert!(notes.0.is_empty());
    /// ```
    pub fn run<R: Reporter>(
        &self,
        games: Games,
        jobs: usize,
        reporter: &mut R,
        mut output: Output<'_>,
        mut unparsed: impl FnMut(&mut R, &str, &RawGame, &SyntaxError),
    ) -> Result<u64, R::Error>
    where
        R::Note: From<InputError>,
        R::Error: From<io::Error> + From<SplitError>,
    {
        let canonical = matches!(output, Output::Canonical(_));
        let mut printer = Printer::default();
        let mut selected = 0u64;
        // A worker tests the game (and writes its canonical form when that
        // is printed); the sink counts and prints in input order.
        let work = |_: &str, raw: &RawGame| -> Result<Pick, R::Error> {
            Ok(if !self.picks(raw) {
                Pick::Skip
            } else if canonical {
                Pick::Canonical(raw.parse().map(|record| record.to_text()))
            } else {
                Pick::Take
            })
        };
        let sink = |reporter: &mut R, file: &str, raw: &RawGame, pick: Pick| {
            if matches!(pick, Pick::Skip) {
                return Ok(());
            }
            selected += 1;
            match (&mut output, pick) {
                (Output::Count, _) => {}
                (Output::Split(split), _) => split.write(raw)?,
                (Output::Canonical(out), Pick::Canonical(Ok(text))) => {
                    printer.canonical(out, &text)?;
                }
                (Output::Canonical(_), Pick::Canonical(Err(e))) => {
                    unparsed(reporter, file, raw, &e);
                }
                (Output::Original(out) | Output::Canonical(out), _) => {
                    printer.original(out, raw)?;
                }
            }
            Ok(())
        };
        games.ordered(jobs, reporter, work, sink)?;
        Ok(selected)
    }
}

#[cfg(test)]
mod tests {
    use std::error::Error;

    use super::*;
    use crate::corpus::select::{Criteria, Range};
    use crate::replay::Options;

    struct Notes(Vec<String>);

    impl Reporter for Notes {
        type Note = InputError;
        type Error = Box<dyn Error + Send + Sync>;

        fn note(&mut self, note: InputError) {
            self.0.push(note.to_string());
        }
    }

    /// A file of `n` games numbered by their Round tag, in a folder kept
    /// for the test.
    fn corpus(n: usize) -> (tempfile::TempDir, String) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.ayo");
        let text: Vec<String> = (1..=n)
            .map(|k| format!("[Round \"{k}\"]\n\n1. c *\n"))
            .collect();
        std::fs::write(&path, text.join("\n")).unwrap();
        (dir, path.display().to_string())
    }

    fn rounds(out: &[u8]) -> Vec<String> {
        let text = String::from_utf8(out.to_vec()).unwrap();
        text.lines()
            .filter_map(|l| l.strip_prefix("[Round \""))
            .map(|l| l.trim_end_matches("\"]").to_string())
            .collect()
    }

    #[test]
    fn counts_inverts_and_keeps_the_order_on_many_jobs() {
        let (_dir, path) = corpus(40);
        let mut criteria = Criteria::default();
        criteria.tags.push("Round~^1".parse().unwrap());
        for jobs in [1, 3] {
            let all = Selection::new(criteria.clone(), Options::default());
            let mut notes = Notes(Vec::new());
            let games = Games::new(vec![path.clone()]);
            let n = all.run(games, jobs, &mut notes, Output::Count, |_, _, _, _| {});
            // 1 and 10..=19.
            assert_eq!(n.unwrap(), 11);
            let rest = Selection::new(criteria.clone(), Options::default()).inverted(true);
            let mut out = Vec::new();
            let games = Games::new(vec![path.clone()]);
            let output = Output::Original(&mut out);
            let n = rest.run(games, jobs, &mut notes, output, |_, _, _, _| {});
            assert_eq!(n.unwrap(), 29);
            let want: Vec<String> = (2..=40)
                .filter(|k| !(10..20).contains(k))
                .map(|k| k.to_string())
                .collect();
            assert_eq!(rounds(&out), want);
            assert!(notes.0.is_empty());
        }
    }

    #[test]
    fn a_range_of_games_and_a_missing_input() {
        let (_dir, path) = corpus(6);
        let all = Selection::new(Criteria::default(), Options::default());
        let mut notes = Notes(Vec::new());
        let mut out = Vec::new();
        let range = Range {
            min: Some(2),
            max: Some(4),
        };
        let names = vec![path.clone(), "no-such-file.ayo".to_string(), path];
        let games = Games::new(names).within(Some(range));
        let output = Output::Original(&mut out);
        let n = all.run(games, 2, &mut notes, output, |_, _, _, _| {});
        assert_eq!(n.unwrap(), 6);
        assert_eq!(rounds(&out), ["2", "3", "4", "2", "3", "4"]);
        assert_eq!(notes.0.len(), 1);
        assert!(notes.0[0].starts_with("no-such-file.ayo: "));
    }

    #[test]
    fn canonical_form_and_games_without_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.ayo");
        std::fs::write(&path, "1.  c   *\n\n1. ! *\n").unwrap();
        let all = Selection::new(Criteria::default(), Options::default());
        let mut notes = Notes(Vec::new());
        let mut out = Vec::new();
        let mut bad = Vec::new();
        let games = Games::new(vec![path.display().to_string()]);
        let output = Output::Canonical(&mut out);
        let n = all.run(games, 1, &mut notes, output, |_, _, raw, _| {
            bad.push(raw.index);
        });
        assert_eq!(n.unwrap(), 2);
        assert_eq!(out, b"1. c *\n");
        assert_eq!(bad, [1]);
    }
}
