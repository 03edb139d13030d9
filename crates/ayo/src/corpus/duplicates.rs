//! Finding the same game recorded twice, one main line played by different
//! players, and records cut short, over many inputs: the run behind `ayo
//! duplicates`.
//!
//! A run reads its inputs twice. The first pass parses and keys every game
//! (by a hash of its ruleset, start and moves) in input order, keeping a copy of each
//! input that cannot be read twice (standard input, a pipe) in a temporary
//! file. The groups of equal keys follow from the keys alone; the second
//! pass reads the games again to find the main lines that begin others
//! (prefixes) and, for a table, the tags that differ within a group. With
//! `drop`, a last reading prints every game but the repeats
//! ([`Scan::write_kept`]).
//!
//! The games of a pass are worked on by a [`Parallel`] runner, which hands
//! them to a pool of threads (or works on them in turn on this thread for
//! `jobs: 1`) and takes the results back in input order; it has an example.
//!
//! The report is data ([`Report`]); `output::duplicates` renders it.
//!

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufReader};
use std::path::PathBuf;
#[cfg(test)]
use std::sync::Arc;

use thiserror::Error;

use crate::corpus::key::Index;
pub use crate::corpus::key::{Group, Kind};
use crate::corpus::plain;
#[cfg(test)]
use crate::diagnostics::Diagnostic;
use crate::notation::{GameReader, RawGame};
use crate::rules::Ruleset;

mod kept;
mod pass;
mod runner;
mod spool;
mod threads;

pub use kept::Kept;
pub(crate) use runner::{Feed, Runner};
use spool::Spool;
pub use threads::Parallel;

/// What a run asks for.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Key each game under this ruleset instead of its Rules tag (default:
    /// the tag, else russ).
    pub rules: Option<Ruleset>,
    /// Group games by their moves alone, whoever played them (see
    /// [`Group`]).
    pub moves_only: bool,
    /// The most bytes one game may have (see [`GameReader::max_game_bytes`]).
    pub max_game_bytes: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rules: None,
            moves_only: false,
            max_game_bytes: RawGame::DEFAULT_MAX_BYTES,
        }
    }
}

/// Why a run stopped. Each message names the input or file at fault.
#[derive(Debug, Error)]
pub enum Error {
    /// A temporary copy of an input that cannot be read twice could not be
    /// made.
    #[error("cannot make a temporary copy of {name} at {}: {}", path.display(), plain(source))]
    Spool {
        /// The input, as named.
        name: String,
        /// The temporary file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Writing to a temporary copy failed.
    #[error("cannot copy an input to {}: {}", path.display(), plain(source))]
    Copy {
        /// The temporary file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// An input (or its copy) could not be opened again.
    #[error("cannot read {name} again: {}", plain(source))]
    Reopen {
        /// The input, as named.
        name: String,
        /// Why.
        source: io::Error,
    },
    /// An input read to its end the first time failed the second time.
    #[error("cannot read {name} again: {source}")]
    Reread {
        /// The input, as named.
        name: String,
        /// Why.
        source: io::Error,
    },
    /// The games kept could not be written.
    #[error("cannot write the output: {0}")]
    Write(#[source] io::Error),
}

/// A problem met by a [`Sequential`] run, in input order.
#[cfg(test)]
#[derive(Debug)]
#[allow(dead_code, reason = "read through Debug, when a test fails")]
pub(crate) enum Problem {
    /// A game that cannot be keyed (it does not parse, or its Rules or Setup
    /// tag is bad).
    Game {
        /// The input, as shown.
        file: Arc<str>,
        /// The game's number in its input, from 1.
        game: usize,
        /// Why.
        diagnostic: Diagnostic,
    },
    /// An input that could not be read.
    Input {
        /// The input, as shown.
        file: Arc<str>,
        /// Why.
        error: io::Error,
    },
}

/// A runner that works on each game in turn, on this thread, and keeps
/// the problems met (for the tests).
#[cfg(test)]
#[derive(Debug, Default)]
pub(crate) struct Sequential {
    /// The problems met so far, in input order.
    pub(crate) problems: Vec<Problem>,
}

#[cfg(test)]
impl Runner for Sequential {
    type Error = Error;

    fn pass<O: Send>(
        &mut self,
        work: impl Fn(&RawGame) -> O + Sync,
        mut sink: impl FnMut(&RawGame, O) -> Option<Diagnostic>,
        read: impl FnOnce(&mut dyn Feed<Error>) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let mut feed = InTurn {
            work: &work,
            sink: &mut sink,
            problems: &mut self.problems,
        };
        read(&mut feed)
    }
}

/// The [`Feed`] of a [`Sequential`] pass.
#[cfg(test)]
struct InTurn<'a, W, S> {
    work: &'a W,
    sink: &'a mut S,
    problems: &'a mut Vec<Problem>,
}

#[cfg(test)]
impl<W, S, O> Feed<Error> for InTurn<'_, W, S>
where
    W: Fn(&RawGame) -> O,
    S: FnMut(&RawGame, O) -> Option<Diagnostic>,
{
    fn game(&mut self, file: &Arc<str>, raw: RawGame) -> Result<(), Error> {
        let done = (self.work)(&raw);
        if let Some(diagnostic) = (self.sink)(&raw, done) {
            self.problems.push(Problem::Game {
                file: Arc::clone(file),
                game: raw.index + 1,
                diagnostic,
            });
        }
        Ok(())
    }

    fn io_error(&mut self, file: &Arc<str>, error: io::Error) {
        self.problems.push(Problem::Input {
            file: Arc::clone(file),
            error,
        });
    }
}

/// Where each keyed game stands: its input and number there (from 1), and
/// its plies.
#[derive(Clone, Copy, Debug)]
struct Place {
    input: u32,
    game: u32,
    plies: u32,
}

/// What the first pass learns: every keyed game's key and place, and copies
/// of the inputs that cannot be read twice (removed when the scan goes).
pub struct Scan {
    options: Options,
    names: Vec<String>,
    index: Index,
    places: Vec<Place>,
    spools: Vec<Option<Spool>>,
    /// Whether each input could be opened.
    opened: Vec<bool>,
    /// Whether each input was read to its end.
    readable: Vec<bool>,
}

impl Scan {
    /// The first pass: parses and keys every game of the inputs `names` (`-`
    /// for standard input), in order. Games that cannot be keyed, and inputs
    /// that cannot be read, are reported through the runner and left out.
    pub fn read<R: Runner>(
        names: &[String],
        options: &Options,
        runner: &mut R,
    ) -> Result<Scan, R::Error> {
        pass::first(names.to_vec(), *options, runner)
    }

    /// How many games were keyed.
    pub fn games(&self) -> usize {
        self.index.len()
    }

    /// Where input `k` can be read again.
    fn path(&self, k: usize) -> PathBuf {
        match self.spools.get(k) {
            Some(Some(s)) => s.path().to_path_buf(),
            _ => PathBuf::from(&self.names[k]),
        }
    }

    /// Opens input `k` again.
    fn reopen(&self, k: usize) -> Result<GameReader<BufReader<File>>, Error> {
        let file = File::open(self.path(k)).map_err(|source| Error::Reopen {
            name: self.names[k].clone(),
            source,
        })?;
        let reader = BufReader::with_capacity(1 << 16, file);
        Ok(GameReader::new(reader).max_game_bytes(self.options.max_game_bytes))
    }

    /// The groups of equal keys, then (after a second pass) the prefix
    /// groups; with `tags`, the tags that differ within each group too.
    fn groups<R: Runner>(
        &self,
        runner: &mut R,
        tags: bool,
    ) -> Result<(Vec<Group>, Differ), R::Error> {
        let groups = self.index.groups(self.options.moves_only);
        let (pairs, differ) = pass::second(self, runner, &groups, tags)?;
        let prefixes = self.index.prefix_groups(&pairs);
        Ok((groups.into_iter().chain(prefixes).collect(), differ))
    }

    /// Every group found, by a second pass over the inputs; with `tags`, the
    /// tags of each game that differ from its group's first game's (what a
    /// table shows; JSON does not). The temporary copies go with the scan.
    pub fn report<R: Runner>(self, runner: &mut R, tags: bool) -> Result<Report, R::Error> {
        let (groups, differ) = self.groups(runner, tags)?;
        let names = self
            .names
            .iter()
            .map(|n| if n == "-" { "<stdin>" } else { n.as_str() }.to_string())
            .collect();
        Ok(Report {
            groups,
            names,
            places: self.places,
            differ,
        })
    }
}

/// The tags of a game that differ from its group's first game's, by (first
/// game, game).
type Differ = HashMap<(usize, usize), String>;

/// One keyed game: where it stands.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GameRef<'a> {
    /// Its input, as named (`<stdin>` for `-`).
    pub(crate) file: &'a str,
    /// Its number in its input, from 1.
    pub(crate) game: u32,
    /// Its main line's length, in plies.
    pub(crate) plies: u32,
}

/// What a run found: the groups, and the games they name.
#[derive(Clone, Debug)]
pub struct Report {
    /// The groups of equal keys (of the first pass) in order, then the prefix
    /// groups.
    pub groups: Vec<Group>,
    /// The inputs, as shown.
    names: Vec<String>,
    /// Every keyed game, by its number in the groups.
    places: Vec<Place>,
    differ: Differ,
}

impl Report {
    /// The keyed game numbered `id` in the groups.
    pub(crate) fn game(&self, id: usize) -> GameRef<'_> {
        let p = self.places[id];
        GameRef {
            file: &self.names[p.input as usize],
            game: p.game,
            plies: p.plies,
        }
    }

    /// How many games were keyed.
    pub fn games(&self) -> usize {
        self.places.len()
    }

    /// The input of the keyed game numbered `id` in the groups, as named
    /// (`<stdin>` for `-`).
    pub fn file(&self, id: usize) -> &str {
        self.game(id).file
    }

    /// The number of the keyed game `id` in its input, from 1.
    pub fn number(&self, id: usize) -> u32 {
        self.game(id).game
    }

    /// The length of the keyed game `id`'s main line, in plies.
    pub fn plies(&self, id: usize) -> u32 {
        self.game(id).plies
    }

    /// How many groups are of this kind.
    pub fn count(&self, kind: Kind) -> usize {
        self.groups.iter().filter(|g| g.kind == kind).count()
    }

    /// The tags of game `id` that differ from those of `first`, the first
    /// game of its group (`Name: value`, and `Name: -` for a tag it lacks),
    /// when asked for.
    pub fn differ(&self, first: usize, id: usize) -> Option<&str> {
        self.differ.get(&(first, id)).map(String::as_str)
    }
}

#[cfg(test)]
mod sequential_example {
    #[test]
    fn sequential_scan() {
        use crate::corpus::duplicates::Kind;
        use crate::corpus::duplicates::{Options, Scan, Sequential};

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("club.ayo");
        let game = "[South \"Ade\"]\n[North \"Bola\"]\n\n1. c A 2. d *\n";
        let other = "[South \"Ade\"]\n[North \"Bola\"]\n\n1. c A 2. d B 3. e 1-0\n";
        std::fs::write(&path, format!("{game}\n{game}\n{other}")).unwrap();

        let names = vec![path.display().to_string()];
        let mut runner = Sequential::default();
        let found = Scan::read(&names, &Options::default(), &mut runner).unwrap();
        let report = found.report(&mut runner, false).unwrap();
        let kinds: Vec<Kind> = report.groups.iter().map(|g| g.kind).collect();
        assert_eq!(kinds, [Kind::Duplicate, Kind::Prefix]);
        // The second game repeats the first; both begin the third.
        let numbers = |g: &crate::corpus::duplicates::Group| -> Vec<u32> {
            g.games.iter().map(|&id| report.number(id)).collect()
        };
        assert_eq!(numbers(&report.groups[0]), [1, 2]);
        assert_eq!(numbers(&report.groups[1]), [1, 2, 3]);
        assert!(runner.problems.is_empty());
    }
}
