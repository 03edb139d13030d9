//! Reading games into standings tables: which games count, in which table,
//! and why the others do not.

use std::collections::HashMap;
use std::fmt;

use crate::corpus::input::{Games, InputError};
use crate::corpus::key::{Heads, Key, nfc, record_players};
use crate::corpus::parallel::Reporter;
use crate::diagnostics::Diagnostic;
use crate::notation::{RawGame, Record, SyntaxError, Tag};
use crate::replay::{Game, Options};
use crate::rules::Side;

use super::{Standings, name_variants, parse_score};

/// Why a game is not counted in a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotCounted {
    /// The game's text does not parse.
    Unreadable {
        /// The line of the syntax error, from 1.
        line: u32,
        /// Its column, from 1.
        column: u32,
        /// What the reader expected.
        message: String,
    },
    /// This side's tag is missing or empty.
    NoPlayer(Side),
    /// The same moves and players as a game counted before it.
    Copy {
        /// The input of that first game.
        file: String,
        /// Its number in that input, from 1.
        game: usize,
    },
    /// Nothing decides the game, or its record contradicts what does: the
    /// reason of its [`Verdict`](crate::replay::Verdict).
    Verdict(String),
}

impl fmt::Display for NotCounted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotCounted::Unreadable {
                line,
                column,
                message,
            } => write!(
                f,
                "could not be read: line {line}, column {column}: {message}"
            ),
            NotCounted::NoPlayer(side) => write!(f, "no {} player", side.title()),
            NotCounted::Copy { file, game } => {
                write!(
                    f,
                    "a copy of {file} game {game} (the same moves and players)"
                )
            }
            NotCounted::Verdict(why) => f.write_str(why),
        }
    }
}

/// A game not counted, with its place, its players (`?` for a name
/// missing) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Apart {
    /// The input it was read from.
    pub file: String,
    /// Its number in that input, from 1.
    pub game: usize,
    /// South's name, trimmed; `?` when there is none.
    pub south: String,
    /// North's name, trimmed; `?` when there is none.
    pub north: String,
    /// Why it is not counted ([`Apart::why`]).
    pub(crate) why: NotCounted,
}

impl Apart {
    /// Why it is not counted: the game's verdict (`unfinished (`*`)`, ...),
    /// a copy of a game already counted, a player missing, or a record that
    /// cannot be read.
    pub fn why(&self) -> &NotCounted {
        &self.why
    }
}

impl fmt::Display for Apart {
    /// `FILE game N: SOUTH v NORTH: WHY`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} game {}: {} v {}: {}",
            self.file, self.game, self.south, self.north, self.why
        )
    }
}

/// One table: the value of the tag its games share (see [`Tally::new`]),
/// its standings and its games not counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The tag's value in the table's games, trimmed; `None` for the games
    /// without the tag, and for the one table of a tally by no tag.
    pub value: Option<String>,
    /// The games counted.
    pub standings: Standings,
    /// The games not counted, in input order.
    pub apart: Vec<Apart>,
}

/// Every table of a tally, in the order their first games came.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The tables, one a value of the tag the tally is by.
    pub tables: Vec<Table>,
    /// How many games were copies of one already counted (each also in its
    /// table's [`Table::apart`]).
    pub copies: usize,
}

impl Report {
    /// The groups of names, across every table and the games not counted,
    /// that differ only in case or spacing (`name_variants`).
    pub fn name_variants(&self) -> Vec<Vec<String>> {
        name_variants(self.tables.iter().flat_map(|t| {
            t.standings.names().chain(
                t.apart
                    .iter()
                    .flat_map(|a| [a.south.as_str(), a.north.as_str()])
                    .filter(|n| *n != "?"),
            )
        }))
    }
}

/// Games read into standings tables, one game at a time, as `ayo standings`
/// reads them.
///
/// Each game counted gives its winner 1 point and its loser 0, a draw ½ to
/// each; who won is the game's [`Verdict`](crate::replay::Verdict). Players
/// are the South and North tags, trimmed. Seeds are the final score of a
/// game that ended on the board, else its Score tag, else the stores after
/// its last move. Games not counted are kept apart with the reason
/// ([`Apart::why`]): those nothing decides, those that contradict
/// themselves, those that do not parse, those without a player, and copies
/// (the same moves and players) of a game already counted.
///
/// ```
/// use ayo::corpus::standings::Tally;
/// use ayo::notation::GameReader;
/// use ayo::replay::Options;
///
/// let text = "[South \"Ade\"]\n[North \"Bola\"]\n\n1. c *\n\n\
///             [South \"Bola\"]\n[North \"Ade\"]\n\n1. d 0-1\n";
/// let mut tally = Tally::new(None, Options::default());
/// for raw in GameReader::new(text.as_bytes()) {
///     let raw = raw?;
///     let warnings = tally.add("club.ayo", &raw, raw.parse());
///     assert!(warnings.is_empty());
/// }
/// let report = tally.finish();
/// let table = &report.tables[0];
/// let rows = table.standings.ranked();
/// assert_eq!((rows[0].player.as_str(), rows[0].points()), ("Ade", 1.0));
/// assert_eq!(table.apart[0].to_string(), "club.ayo game 1: Ade v Bola: unfinished (`*`)");
/// assert_eq!(table.apart[0].why().to_string(), "unfinished (`*`)");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct Tally {
    by: Option<String>,
    opts: Options,
    tables: Vec<Table>,
    index: HashMap<Option<String>, usize>,
    /// The counted games, by what makes another game their copy.
    counted: HashMap<(Key, u64), (String, usize)>,
    heads: Heads,
    copies: usize,
}

/// The value of a tag among tag pairs, trimmed.
fn tag_value(tags: &[Tag], name: &str) -> Option<String> {
    tags.iter()
        .find(|t| t.name == name)
        .map(|t| t.value.trim().to_string())
}

/// A player's name among tag pairs: trimmed, in the one Unicode form
/// names are compared in ([`nfc`]); `None` when missing or empty.
fn player_name(tags: &[Tag], side: &str) -> Option<String> {
    tag_value(tags, side)
        .filter(|n| !n.is_empty())
        .map(|n| nfc(&n).into_owned())
}

impl Tally {
    /// A tally with one table for each value of the tag `by` (Event,
    /// Round), and one for the games without it; with `None`, one table.
    /// Games are replayed with `opts`.
    pub fn new(by: Option<String>, opts: Options) -> Tally {
        Tally {
            by,
            opts,
            ..Tally::default()
        }
    }

    /// Adds game `raw` of the input `file`, as parsed (`record`), to its
    /// table: counted, or kept apart. Returns what should be reported on
    /// its text, in order: its syntax error, or the errors that make the
    /// record invalid (as `ayo validate` finds them), then a player's tag
    /// missing, a Score tag that is not a score.
    pub fn add(
        &mut self,
        file: &str,
        raw: &RawGame,
        record: Result<Record, SyntaxError>,
    ) -> Vec<Diagnostic> {
        let number = raw.index + 1;
        let record = match record {
            Ok(record) => record,
            Err(e) => return vec![self.unreadable(file, raw, e)],
        };
        let mut said = Vec::new();
        let players = players(&record);
        let value = self.by(&record.tags);
        let game = Game::replay_main_line(record, &self.opts);
        // An invalid record is one for every command (`ayo validate`'s
        // verdict): its errors are said, whether or not the game counts.
        said.extend(game.errors.iter().filter(|d| d.is_error()).cloned());
        let apart = |south: &str, north: &str, why| Apart {
            file: file.to_string(),
            game: number,
            south: south.to_string(),
            north: north.to_string(),
            why,
        };
        let (south, north) = match players {
            Ok(names) => names,
            Err((south, north, side)) => {
                said.push(no_player(&game.record, side));
                let why = NotCounted::NoPlayer(side);
                self.of(value).apart.push(apart(&south, &north, why));
                return said;
            }
        };
        let id = self.copy_id(&game);
        if let Some((file, game)) = id.as_ref().and_then(|id| self.counted.get(id)).cloned() {
            self.copies += 1;
            let why = NotCounted::Copy { file, game };
            self.of(value).apart.push(apart(&south, &north, why));
            return said;
        }
        let verdict = game.verdict();
        match verdict.not_counted {
            Some(why) => {
                let why = NotCounted::Verdict(why);
                self.of(value).apart.push(apart(&south, &north, why));
            }
            None => {
                let seeds = seeds(&game, &mut said);
                let table = self.of(value);
                table.standings.add(&south, &north, verdict.outcome, seeds);
                // Only a counted game has copies: an adjourned game (`*`)
                // and the same moves finished later are one game, counted
                // once, when it was finished.
                if let Some(id) = id {
                    self.counted.insert(id, (file.to_string(), number));
                }
            }
        }
        said
    }

    /// Adds every game of `games`, in input order, on this thread
    /// ([`Tally::add`]), handing what each says to `diagnose`, and gives the
    /// tables. What could not be read goes to the reporter as a note.
    ///
    /// ```
    /// use ayo::corpus::input::{Games, InputError};
    /// use ayo::corpus::parallel::Reporter;
    /// use ayo::corpus::standings::Tally;
    /// use ayo::replay::Options;
    ///
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
    /// std::fs::write(&path, "[South \"Ade\"]\n\n1. c *\n\n[South \"Bola\"]\n[North \"Ade\"]\n\n1. d 0-1\n").unwrap();
    /// let games = Games::new(vec![path.display().to_string()]);
    /// let (mut notes, mut said) = (Notes(Vec::new()), Vec::new());
    /// let tally = Tally::new(None, Options::default());
    /// let report = tally.read(games, &mut notes, |_, _, raw, d| said.push((raw.index, d.message.clone()))).unwrap();
    /// // The first game has no North player: reported, and kept apart.
    /// assert_eq!(said.len(), 1);
    /// assert_eq!(report.tables[0].apart.len(), 1);
    /// assert_eq!(report.tables[0].standings.ranked()[0].player, "Ade");
    /// ```
    pub fn read<R: Reporter>(
        mut self,
        games: Games,
        reporter: &mut R,
        mut diagnose: impl FnMut(&mut R, &str, &RawGame, &Diagnostic),
    ) -> Result<Report, R::Error>
    where
        R::Note: From<InputError>,
    {
        let parse = |_: &str, raw: &RawGame| Ok(raw.parse());
        games.ordered(1, reporter, parse, |reporter, file, raw, record| {
            for d in self.add(file, raw, record) {
                diagnose(reporter, file, raw, &d);
            }
            Ok(())
        })?;
        Ok(self.finish())
    }

    /// The tables.
    pub fn finish(self) -> Report {
        Report {
            tables: self.tables,
            copies: self.copies,
        }
    }

    /// The value of the tag the tables are by, among these tags.
    fn by(&self, tags: &[Tag]) -> Option<String> {
        self.by.as_deref().and_then(|tag| tag_value(tags, tag))
    }

    /// Keeps apart a game that does not parse, with its players when its
    /// tags can be read; its syntax error, to report.
    fn unreadable(&mut self, file: &str, raw: &RawGame, e: SyntaxError) -> Diagnostic {
        let tags = raw.tags().unwrap_or_default();
        let name = |side| player_name(&tags, side);
        let apart = Apart {
            file: file.to_string(),
            game: raw.index + 1,
            south: name("South").unwrap_or_else(|| "?".into()),
            north: name("North").unwrap_or_else(|| "?".into()),
            why: NotCounted::Unreadable {
                line: e.span.line,
                column: e.span.column,
                message: e.message.clone(),
            },
        };
        let value = self.by(&tags);
        self.of(value).apart.push(apart);
        Diagnostic::from(e)
    }

    /// The table of the games whose tag has this value.
    fn of(&mut self, value: Option<String>) -> &mut Table {
        let k = *self.index.entry(value.clone()).or_insert_with(|| {
            self.tables.push(Table {
                value,
                ..Table::default()
            });
            self.tables.len() - 1
        });
        &mut self.tables[k]
    }

    /// What makes a game a copy of another: its moves, ruleset, start and
    /// players (`None` without a ruleset or start: then it is no copy).
    fn copy_id(&mut self, game: &Game) -> Option<(Key, u64)> {
        let (rules, start) = (game.rules?, game.start?);
        let key = self.heads.key(&game.record, &rules, &start);
        Some((key, record_players(&game.record)))
    }
}

/// The game's two players (South's first), trimmed and in one Unicode form
/// ([`nfc`]: a name typed with combining tone marks is the name typed with
/// precomposed letters); when a tag is missing or empty, the names as
/// listed (`?` for a missing one) and the first side without a name.
fn players(record: &Record) -> Result<(String, String), (String, String, Side)> {
    let name = |tag: &str| {
        record
            .tag(tag)
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(|n| nfc(n).into_owned())
    };
    match (name("South"), name("North")) {
        (Some(s), Some(n)) => Ok((s, n)),
        (s, n) => {
            let side = if s.is_none() {
                Side::South
            } else {
                Side::North
            };
            let q = || "?".to_string();
            Err((s.unwrap_or_else(q), n.unwrap_or_else(q), side))
        }
    }
}

/// The warning on a game without a player: on its result.
fn no_player(record: &Record, side: Side) -> Diagnostic {
    Diagnostic::warning(
        record.result.span,
        format!(
            "no {} player (its tag is missing or empty): this result is not counted",
            side.title()
        ),
        "not counted",
    )
}

/// Seeds of a counted game, South's first: the final score of a game that
/// ended on the board, else its Score tag, else the stores after the last
/// move (with a warning in `said` on a Score tag that is not a score).
fn seeds(game: &Game, said: &mut Vec<Diagnostic>) -> [u32; 2] {
    if let Some(end) = game.end {
        return end.score;
    }
    if let Some(tag) = game.record.tags.iter().find(|t| t.name == "Score") {
        match parse_score(&tag.value) {
            Some(score) => return score,
            None => said.push(Diagnostic::warning(
                tag.value_span,
                format!(
                    "Score tag: `{}` is not a score such as `26-22`: the seeds come from the moves",
                    tag.value
                ),
                "not a score",
            )),
        }
    }
    // A counted game was replayed to its last move: it has a position.
    game.final_position()
        .map_or([0, 0], |p| p.stores().map(u32::from))
}
