//! Reading a corpus: files (or standard input) opened in turn, their games
//! read one at a time, or handed to workers in input order.
//!
//! [`Games`] is the one loop over inputs and games: it opens each input
//! when the one before it is done, reads its games, and says what went wrong
//! as an [`InputError`] naming the input, in its place, then goes on with the
//! next input. [`Games::ordered`] runs it through the ordered parallel map of
//! [`super::parallel`].
//!
//! ```
//! use std::io::Write;
//! use ayo::corpus::input::{Event, Games, InputError};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("club.ayo");
//! std::fs::File::create(&path).unwrap().write_all(b"1. c *\n\n1. d *\n").unwrap();
//! let names = vec![path.display().to_string(), "missing.ayo".to_string()];
//! let mut games = 0;
//! let mut errors = Vec::new();
//! for event in Games::new(names) {
//!     match event {
//!         Event::Game { raw, .. } => games += raw.parse().is_ok() as usize,
//!         Event::Problem(e) => errors.push(e),
//!         Event::Done(_) => {}
//!     }
//! }
//! assert_eq!(games, 2);
//! assert!(matches!(&errors[..], [InputError::Open { file, .. }] if &**file == "missing.ayo"));
//! ```

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::sync::Arc;

use crate::notation::Chunker;
use crate::notation::{GameReader, RawGame};

use super::parallel::{Ordered, Reporter, ordered};
use super::select::Range;

/// What an input's reader is read through: a buffer of this many bytes.
const BUFFER_BYTES: usize = 1 << 16;

/// Why an input, or part of it, could not be read. Each names its input as
/// it was named (`<stdin>` for standard input).
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The input could not be opened: nothing of it was read.
    #[error("{file}: {source}")]
    Open {
        /// The input.
        file: Arc<str>,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// Reading failed part way: the games before were read, nothing after.
    #[error("{file}: {source}")]
    Read {
        /// The input.
        file: Arc<str>,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// The one game asked for ([`Games::only`]) is past the input's end.
    #[error("{file} has {count} games, not game {game}")]
    NoSuchGame {
        /// The input.
        file: Arc<str>,
        /// The game asked for, from 1.
        game: u64,
        /// The games the input has.
        count: u64,
    },
}

/// One input: a file, or standard input for `-`.
pub struct Input {
    name: Arc<str>,
    reader: Box<dyn BufRead>,
    max_game_bytes: usize,
}

impl Input {
    /// Opens the file `name`, or standard input for `-` (then named
    /// `<stdin>`), each read through a buffer.
    pub fn open(name: &str) -> Result<Input, InputError> {
        if name == "-" {
            let stdin = BufReader::with_capacity(BUFFER_BYTES, io::stdin());
            return Ok(Input::from_reader("<stdin>", Box::new(stdin)));
        }
        match File::open(name) {
            Ok(file) => {
                let file = BufReader::with_capacity(BUFFER_BYTES, file);
                Ok(Input::from_reader(name, Box::new(file)))
            }
            Err(source) => Err(InputError::Open {
                file: Arc::from(name),
                source,
            }),
        }
    }

    /// An input read from `reader`, named `name` in what is reported.
    pub fn from_reader(name: &str, reader: Box<dyn BufRead>) -> Input {
        Input {
            name: Arc::from(name),
            reader,
            max_game_bytes: RawGame::DEFAULT_MAX_BYTES,
        }
    }

    /// The most bytes a game may have (see [`GameReader::max_game_bytes`]).
    #[must_use]
    pub fn max_game_bytes(mut self, max: usize) -> Input {
        self.max_game_bytes = max;
        self
    }

    /// Its name, as opened (`<stdin>` for standard input).
    pub fn name(&self) -> &Arc<str> {
        &self.name
    }

    /// Its games, one at a time.
    pub fn games(self) -> GameReader<Box<dyn BufRead>> {
        GameReader::new(self.reader).max_game_bytes(self.max_game_bytes)
    }

    /// Its text in chunks of whole games, for workers to read (see
    /// [`Chunker`]).
    pub fn chunks(self) -> Chunker<Box<dyn BufRead>> {
        Chunker::new(self.reader)
    }

    /// Its bytes.
    pub fn into_reader(self) -> Box<dyn BufRead> {
        self.reader
    }

    /// The inputs named: standard input (`-`) when there are none.
    pub fn names(files: &[String]) -> Vec<String> {
        if files.is_empty() {
            vec!["-".to_string()]
        } else {
            files.to_vec()
        }
    }
}

/// What reading a corpus meets, in order.
pub enum Event {
    /// A game of an input.
    Game {
        /// The input.
        file: Arc<str>,
        /// The game, as read.
        raw: RawGame,
    },
    /// Something could not be read; the reading goes on with the next input.
    Problem(InputError),
    /// An input that was opened is done (for a progress count).
    Done(Arc<str>),
}

impl Event {
    /// The game of a [`Event::Game`]; a [`Event::Problem`] is told to
    /// `reporter` as a note, and the end of an input is passed over: the
    /// loop of a command that reads games one by one and counts nothing.
    pub fn into_game<R: Reporter<Note = InputError>>(
        self,
        reporter: &mut R,
    ) -> Option<(Arc<str>, RawGame)> {
        match self {
            Event::Game { file, raw } => Some((file, raw)),
            Event::Problem(e) => {
                reporter.note(e);
                None
            }
            Event::Done(_) => None,
        }
    }
}

/// The games of the inputs named, in order: an iterator of [`Event`]s.
pub struct Games {
    names: std::vec::IntoIter<String>,
    max_game_bytes: usize,
    only: Option<u64>,
    within: Option<Range>,
    current: Option<Current>,
}

/// The input being read.
struct Current {
    file: Arc<str>,
    games: GameReader<Box<dyn BufRead>>,
    /// Games read so far.
    count: u64,
    /// No more games of it are wanted: what is left to say is said.
    over: bool,
}

impl Games {
    /// The games of the inputs `names` (files, `-` for standard input).
    pub fn new(names: Vec<String>) -> Games {
        Games {
            names: names.into_iter(),
            max_game_bytes: RawGame::DEFAULT_MAX_BYTES,
            only: None,
            within: None,
            current: None,
        }
    }

    /// The most bytes a game may have (see [`GameReader::max_game_bytes`]).
    #[must_use]
    pub fn max_game_bytes(mut self, max: usize) -> Games {
        self.max_game_bytes = max;
        self
    }

    /// With `Some(n)`, only the `n`-th game of each input (from 1); an input
    /// with fewer games gives [`InputError::NoSuchGame`].
    #[must_use]
    pub fn only(mut self, game: Option<u64>) -> Games {
        self.only = game;
        self
    }

    /// With `Some(range)`, only the games of each input numbered within
    /// `range` (from 1); an input is read no further than the range's end,
    /// and one with fewer games gives what it has, without an error.
    #[must_use]
    pub fn within(mut self, range: Option<Range>) -> Games {
        self.within = range;
        self
    }

    /// Reads the games with `work` done on `jobs` threads and `sink` called
    /// on this one in input order (see [`parallel`](super::parallel)): problems go to the
    /// reporter in their place, progress as each game is read.
    pub fn ordered<R: Reporter, O: Send>(
        self,
        jobs: usize,
        ctx: &mut R,
        work: impl Fn(&str, &RawGame) -> Result<O, R::Error> + Sync,
        sink: impl FnMut(&mut R, &str, &RawGame, O) -> Result<(), R::Error>,
    ) -> Result<(), R::Error>
    where
        R::Note: From<InputError>,
    {
        ordered(jobs, ctx, work, sink, |ctx, ordered| {
            self.feed(ctx, ordered)
        })
    }

    /// Hands every game to `ordered`, and every problem as a note.
    fn feed<R: Reporter, O: Send>(
        self,
        ctx: &mut R,
        ordered: &mut Ordered<'_, R, RawGame, O>,
    ) -> Result<(), R::Error>
    where
        R::Note: From<InputError>,
    {
        for event in self {
            match event {
                Event::Game { file, raw } => {
                    ctx.progress((raw.origin.offset + raw.bytes.len()) as u64);
                    ordered.item(ctx, &file, raw)?;
                }
                Event::Problem(e) => ordered.note(ctx, e.into()),
                Event::Done(_) => ctx.input_done(),
            }
        }
        Ok(())
    }

    /// The next event of the input being read, `None` once it is done.
    fn next_of(current: &mut Current, only: Option<u64>, within: Option<Range>) -> Option<Event> {
        if current.over {
            return None;
        }
        loop {
            let raw = match current.games.next() {
                Some(Ok(raw)) => raw,
                Some(Err(source)) => {
                    // Nothing more can be said of this input.
                    current.over = true;
                    let file = Arc::clone(&current.file);
                    return Some(Event::Problem(InputError::Read { file, source }));
                }
                None => {
                    current.over = true;
                    let file = Arc::clone(&current.file);
                    let (game, count) = (only?, current.count);
                    return Some(Event::Problem(InputError::NoSuchGame { file, game, count }));
                }
            };
            current.count += 1;
            if only.is_some_and(|n| n != current.count)
                || within.is_some_and(|r| !r.contains(current.count))
            {
                continue;
            }
            // The one game wanted is found, or the range's last: the input
            // is done.
            current.over = only.is_some() || within.is_some_and(|r| r.max == Some(current.count));
            let file = Arc::clone(&current.file);
            return Some(Event::Game { file, raw });
        }
    }
}

impl Iterator for Games {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        loop {
            if let Some(current) = &mut self.current {
                if let Some(event) = Games::next_of(current, self.only, self.within) {
                    return Some(event);
                }
                let done = self.current.take().map(|c| c.file)?;
                return Some(Event::Done(done));
            }
            let name = self.names.next()?;
            match Input::open(&name) {
                Ok(input) => {
                    self.current = Some(Current {
                        file: Arc::clone(&input.name),
                        games: input.max_game_bytes(self.max_game_bytes).games(),
                        count: 0,
                        over: false,
                    });
                }
                Err(e) => return Some(Event::Problem(e)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers of the games read, with the problems met, in order.
    fn read(games: Games) -> Vec<String> {
        games
            .filter_map(|event| match event {
                Event::Game { raw, .. } => Some(format!("{}", raw.index + 1)),
                Event::Problem(e) => Some(e.to_string()),
                Event::Done(_) => None,
            })
            .collect()
    }

    #[test]
    fn a_range_stops_at_its_end_and_runs_past_no_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("five.ayo");
        std::fs::write(&path, "1. a *\n\n1. b *\n\n1. c *\n\n1. d *\n\n1. e *\n").unwrap();
        let name = path.display().to_string();
        let within = |min, max| {
            let range = Range { min, max };
            read(Games::new(vec![name.clone()]).within(Some(range)))
        };
        assert_eq!(within(Some(2), Some(3)), ["2", "3"]);
        assert_eq!(within(Some(4), None), ["4", "5"]);
        assert_eq!(within(None, Some(1)), ["1"]);
        // Past the end: what is there, without an error.
        assert_eq!(within(Some(5), Some(9)), ["5"]);
        assert!(within(Some(7), None).is_empty());
        // `only` past the end is an error naming the input.
        let only = read(Games::new(vec![name.clone()]).only(Some(7)));
        assert_eq!(only, [format!("{name} has 5 games, not game 7")]);
    }
}
