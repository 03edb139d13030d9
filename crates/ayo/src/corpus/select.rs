//! Choosing games: the criteria of `ayo filter`, and a reader of a game's tag
//! section that needs no parse of its movetext.
//!
//! Criteria come in two kinds. Those on tags (`--tag`, `--player`,
//! `--ruleset`, `--date-from`, `--date-to`) look at the tag section alone, as
//! a reader of the raw bytes that stops at the movetext finds it: a game whose tags already fail is
//! never parsed, and a game with good tags but broken movetext can still be
//! chosen by them. Those on the play (result, winner, validity, plies,
//! positions, openings) need the parsed record, and for some the replay; a
//! game that does not parse fails every one of them except `--invalid`.
//!
//! A [`Selection`] tests a game's raw text against the [`Criteria`], in that
//! order; [`Selection::run`] writes the games chosen as they were written
//! (an [`Output`]), or with a [`Split`] into one file per value of a tag.

use std::borrow::Cow;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use regex::Regex;
use thiserror::Error;

use crate::corpus::key::nfc;
use crate::notation::read::{TagPair, Visitor, read_game};
use crate::notation::{Origin, Outcome, Record};
use crate::replay::Game;
use crate::rules::{Position, Ruleset, SetupError, Side};

/// What a visitor says after each token.
type Flow = ControlFlow<()>;

mod run;
mod selection;
mod split;

pub use run::Output;
pub use selection::Selection;
pub(crate) use split::Printer;
pub use split::{Split, SplitError};

/// A criterion given on the command line that cannot be read.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CriterionError {
    /// `--tag` without `=` or `~`.
    #[error("expected NAME=VALUE or NAME~REGEX, found `{0}`")]
    TagTest(String),
    /// A tag name that is not a letter followed by letters, digits or `_`.
    #[error("`{0}` is not a tag name (a letter, then letters, digits or `_`)")]
    TagName(String),
    /// A regular expression the regex crate refuses.
    #[error("bad regular expression: {0}")]
    Regex(String),
    /// A date that is not `YYYY`, `YYYY.MM` or `YYYY.MM.DD`.
    #[error("expected a date YYYY, YYYY.MM or YYYY.MM.DD (`??` for a part not known), found `{0}`")]
    Date(String),
    /// A date whose month is not 1 to 12.
    #[error("there is no month {month:02} in `{date}`: months run from 01 to 12")]
    Month {
        /// The date as given.
        date: String,
        /// Its month.
        month: u16,
    },
    /// A date whose day is not in its month.
    #[error("there is no day {day:02} in `{date}`: {} {year} has {days} days", month_name(*.month))]
    Day {
        /// The date as given.
        date: String,
        /// Its year, month and day.
        year: u16,
        /// Its month, 1 to 12.
        month: u16,
        /// Its day.
        day: u16,
        /// The days of that month.
        days: u16,
    },
    /// A range that is not `MIN..MAX`, `MIN..`, `..MAX` or `N`.
    #[error("expected a range MIN..MAX, MIN.. or ..MAX, found `{0}`")]
    Range(String),
    /// A range whose end is before its start.
    #[error("the range `{0}` is empty: its end is before its start")]
    EmptyRange(String),
    /// A word of `--moves` that is not one pit letter.
    #[error("expected pit letters separated by spaces (`c F a`), found `{0}`")]
    Moves(String),
    /// A set-up string that cannot be read.
    #[error("{0}")]
    Setup(#[from] SetupError),
}

/// One tag pair as it stands in a game's tag section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawTag<'a> {
    /// The name.
    pub(crate) name: &'a str,
    /// The value, escapes undone.
    pub(crate) value: Cow<'a, str>,
}

/// Reads the tag pairs at the start of a game's bytes, without reading its
/// movetext: the notation's reader, told to stop where the movetext starts.
///
/// Returns `None` when the tag section is not well formed (or a value is
/// not UTF-8); the parser would reject such a game. On a well-formed tag
/// section it returns what the parser would put in [`Record::tags`].
pub(crate) fn scan_tags(bytes: &[u8]) -> Option<Vec<RawTag<'_>>> {
    /// The tags, until the movetext (or a value that is not UTF-8).
    struct Tags<'a>(Vec<RawTag<'a>>, bool);
    impl<'a> Visitor<'a> for Tags<'a> {
        fn tag(&mut self, tag: TagPair<'a>) -> Flow {
            // ASCII: a tag name is letters, digits and `_`.
            let name = std::str::from_utf8(tag.name).unwrap_or_default();
            match tag.text() {
                Some(value) => {
                    self.0.push(RawTag { name, value });
                    ControlFlow::Continue(())
                }
                None => ControlFlow::Break(()),
            }
        }
        fn movetext(&mut self, _: usize) -> Flow {
            self.1 = true;
            ControlFlow::Break(())
        }
    }
    let mut tags = Tags(Vec::new(), false);
    let read = read_game(bytes, Origin::START, &mut tags);
    (read.is_ok() && tags.1).then_some(tags.0)
}

/// The value of the first tag with this name, as [`Record::tag`] finds it.
fn tag<'t>(tags: &'t [RawTag<'_>], name: &str) -> Option<&'t str> {
    tags.iter().find(|t| t.name == name).map(|t| &*t.value)
}

/// `--tag NAME=VALUE` or `--tag NAME~REGEX`.
#[derive(Clone, Debug)]
pub(crate) enum TagTest {
    /// The tag is present with exactly this value.
    Equals {
        /// The tag name.
        name: String,
        /// The value.
        value: String,
    },
    /// The tag is present and the regular expression matches somewhere in
    /// its value (anchor it with `^…$` for the whole value).
    Matches {
        /// The tag name.
        name: String,
        /// The expression.
        regex: Regex,
    },
}

impl TagTest {
    /// Whether the tags pass this test.
    pub(crate) fn test(&self, tags: &[RawTag<'_>]) -> bool {
        match self {
            TagTest::Equals { name, value } => tag(tags, name) == Some(value),
            TagTest::Matches { name, regex } => tag(tags, name).is_some_and(|v| regex.is_match(v)),
        }
    }
}

impl FromStr for TagTest {
    type Err = CriterionError;

    /// `NAME=VALUE` or `NAME~REGEX`: the first `=` or `~` ends the name,
    /// since neither can stand in one.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let at = s
            .find(['=', '~'])
            .ok_or_else(|| CriterionError::TagTest(s.to_string()))?;
        let (name, rest) = s.split_at(at);
        if !crate::notation::Tag::is_name(name) {
            return Err(CriterionError::TagName(name.to_string()));
        }
        let name = name.to_string();
        let (op, text) = rest.split_at(1);
        if op == "=" {
            Ok(TagTest::Equals {
                name,
                value: text.to_string(),
            })
        } else {
            let regex = Regex::new(text).map_err(|e| CriterionError::Regex(e.to_string()))?;
            Ok(TagTest::Matches { name, regex })
        }
    }
}

/// A date, or the known part of one: `YYYY`, `YYYY.MM` or `YYYY.MM.DD`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Date {
    /// Year, month, day; only the first `known` count.
    parts: [u16; 3],
    /// How many parts are known, 1 to 3.
    known: usize,
}

impl Date {
    /// The known part of a `Date` tag value: `2025.05.17`, `2025.05.??`,
    /// `2025.??.??`; `None` when not even the year is known, or the value is
    /// not a date.
    pub(crate) fn of_tag(value: &str) -> Option<Date> {
        let mut parts = [0u16; 3];
        let mut known = 0;
        for (k, part) in value.split('.').enumerate() {
            if k == 3 {
                return None;
            }
            let width = if k == 0 { 4 } else { 2 };
            if part.len() != width {
                return None;
            }
            if part.bytes().all(|b| b == b'?') {
                continue;
            }
            // A known part after an unknown one (`2025.??.17`) is no date.
            if known < k || !part.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            parts[k] = part.parse().ok()?;
            known += 1;
        }
        (known > 0).then_some(Date { parts, known })
    }

    /// Compares two dates by the part both know: `2025` is neither before nor
    /// after `2025.05.17`.
    pub(crate) fn compare(&self, other: &Date) -> std::cmp::Ordering {
        let n = self.known.min(other.known);
        self.parts[..n].cmp(&other.parts[..n])
    }
}

/// The days of a month (1 to 12) of the Gregorian calendar.
fn days_in_month(year: u16, month: u16) -> u16 {
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The English name of a month, 1 to 12.
fn month_name(month: u16) -> &'static str {
    const NAMES: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    NAMES[usize::from(month.clamp(1, 12) - 1)]
}

/// A date given on the command line: `YYYY`, `YYYY.MM` or `YYYY.MM.DD`, a
/// part not known written `??` as in a `Date` tag (`2025.05.??` is
/// `2025.05`). The month must be 01 to 12 and the day one of that month's.
impl FromStr for Date {
    type Err = CriterionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let d = Date::of_tag(s).ok_or_else(|| CriterionError::Date(s.to_string()))?;
        let [year, month, day] = d.parts;
        if d.known >= 2 && !(1..=12).contains(&month) {
            return Err(CriterionError::Month {
                date: s.to_string(),
                month,
            });
        }
        let days = days_in_month(year, month);
        if d.known == 3 && !(1..=days).contains(&day) {
            return Err(CriterionError::Day {
                date: s.to_string(),
                year,
                month,
                day,
                days,
            });
        }
        Ok(d)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}", self.parts[0])?;
        for p in &self.parts[1..self.known] {
            write!(f, ".{p:02}")?;
        }
        Ok(())
    }
}

/// `MIN..MAX` (both ends inclusive), `MIN..`, `..MAX`, or `N` alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// The least value.
    pub min: Option<u64>,
    /// The greatest value.
    pub max: Option<u64>,
}

impl Range {
    /// Whether `n` lies in the range.
    pub fn contains(&self, n: u64) -> bool {
        self.min.is_none_or(|m| n >= m) && self.max.is_none_or(|m| n <= m)
    }
}

impl fmt::Display for Range {
    /// As it reads: `3..5`, `3..`, `..5`, or `4` for one value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min, self.max) {
            (Some(a), Some(b)) if a == b => write!(f, "{a}"),
            (a, b) => {
                if let Some(a) = a {
                    write!(f, "{a}")?;
                }
                f.write_str("..")?;
                if let Some(b) = b {
                    write!(f, "{b}")?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for Range {
    type Err = CriterionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || CriterionError::Range(s.to_string());
        let number = |t: &str| -> Result<Option<u64>, CriterionError> {
            if t.is_empty() {
                Ok(None)
            } else if t.bytes().all(|b| b.is_ascii_digit()) {
                t.parse().map(Some).map_err(|_| bad())
            } else {
                Err(bad())
            }
        };
        let range = match s.split_once("..") {
            Some((a, b)) => Range {
                min: number(a)?,
                max: number(b)?,
            },
            None => {
                let n = number(s)?.ok_or_else(bad)?;
                Range {
                    min: Some(n),
                    max: Some(n),
                }
            }
        };
        if matches!((range.min, range.max), (Some(a), Some(b)) if b < a) {
            return Err(CriterionError::EmptyRange(s.to_string()));
        }
        Ok(range)
    }
}

/// `--moves "c F a"`: the opening letters of a main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Opening(pub(crate) Vec<char>);

impl FromStr for Opening {
    type Err = CriterionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.split_whitespace()
            .map(|w| {
                let mut cs = w.chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => Ok(c),
                    _ => Err(CriterionError::Moves(w.to_string())),
                }
            })
            .collect::<Result<Vec<char>, _>>()
            .and_then(|v| {
                if v.is_empty() {
                    Err(CriterionError::Moves(s.to_string()))
                } else {
                    Ok(Opening(v))
                }
            })
    }
}

/// `--position SETUP`: a board and the side to move. The stores are not
/// compared: the same board reached with other captures is the same position
/// to play from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board(pub(crate) Position);

impl Board {
    /// Whether `p` has this board and side to move.
    pub(crate) fn is(&self, p: &Position) -> bool {
        p.pits() == self.0.pits() && p.to_move() == self.0.to_move() && p.board() == self.0.board()
    }
}

impl FromStr for Board {
    type Err = CriterionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Board(s.parse::<Position>()?))
    }
}

/// `--winner`: who won, by the game's [`Verdict`](crate::replay::Verdict).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Winner {
    /// South won.
    South,
    /// North won.
    North,
    /// A draw.
    Draw,
}

impl Winner {
    /// As a verdict or the replay's game end says it (`None` a draw).
    pub(crate) fn of(winner: Option<Side>) -> Winner {
        match winner {
            Some(Side::South) => Winner::South,
            Some(Side::North) => Winner::North,
            None => Winner::Draw,
        }
    }
}

/// What `ayo filter` asks of a game. Every criterion given must hold; a list
/// holds when any of its entries does (a flag given twice means "either").
///
/// Built from the default (no criterion: every game) with one method per
/// flag of `ayo filter`; those that read text return a [`CriterionError`]
/// when it cannot be read.
///
/// ```
/// use ayo::corpus::select::{Criteria, CriterionError};
/// use ayo::rules::Side;
///
/// let criteria = Criteria::default()
///     .tag("Event~(?i)mokola")?
///     .player("Sade Akintola")
///     .date_from("2025.05")?
///     .winner(Some(Side::North));
/// # let _ = criteria;
/// let bad = Criteria::default().date_to("2025.13").unwrap_err();
/// assert_eq!(bad.to_string(), "there is no month 13 in `2025.13`: months run from 01 to 12");
/// # Ok::<(), CriterionError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Criteria {
    /// `--tag`.
    pub(crate) tags: Vec<TagTest>,
    /// `--player`: the `South` or the `North` tag.
    pub(crate) players: Vec<String>,
    /// `--ruleset`: the record's own ruleset (its `Rules` tag, else russ),
    /// compared as rulesets, so `ayoayo` is `russ`.
    pub(crate) rulesets: Vec<Ruleset>,
    /// `--date-from`: the `Date` tag's known part is not before this.
    pub(crate) date_from: Option<Date>,
    /// `--date-to`: the `Date` tag's known part is not after this.
    pub(crate) date_to: Option<Date>,
    /// `--result`: the game-termination token.
    pub(crate) results: Vec<Outcome>,
    /// `--winner`: the winner by the game's
    /// [`Verdict`](crate::replay::Verdict): the board's for a game that
    /// ended on it, else the token's.
    pub(crate) winners: Vec<Winner>,
    /// `--valid`: parses, and replays without an error.
    pub(crate) valid: bool,
    /// `--invalid`: does not parse, or the replay finds an error.
    pub(crate) invalid: bool,
    /// `--unfinished`: the main line does not reach the end of the game.
    pub(crate) unfinished: bool,
    /// `--plies`: the main line's length.
    pub(crate) plies: Vec<Range>,
    /// `--position`: a position of the main line, the start included.
    pub(crate) positions: Vec<Board>,
    /// `--moves`: the main line starts with these letters.
    pub(crate) openings: Vec<Opening>,
}

impl Criteria {
    /// `--tag NAME=VALUE` (the tag has exactly this value) or
    /// `--tag NAME~REGEX` (the regular expression matches somewhere in its
    /// value; anchor it with `^…$` for the whole value).
    pub fn tag(mut self, test: &str) -> Result<Criteria, CriterionError> {
        self.tags.push(test.parse()?);
        Ok(self)
    }

    /// `--player`: the `South` or the `North` tag is this name (compared in
    /// one Unicode form).
    pub fn player(mut self, name: impl Into<String>) -> Criteria {
        self.players.push(name.into());
        self
    }

    /// `--ruleset`: the record's own ruleset (its `Rules` tag, else russ),
    /// compared as rulesets, so `ayoayo` is `russ`.
    pub fn ruleset(mut self, rules: Ruleset) -> Criteria {
        self.rulesets.push(rules);
        self
    }

    /// `--date-from`: the `Date` tag's known part is not before this date,
    /// `YYYY`, `YYYY.MM` or `YYYY.MM.DD` (a part not known written `??`, as
    /// in a `Date` tag; the month must be 01 to 12 and the day one of that
    /// month's).
    pub fn date_from(mut self, date: &str) -> Result<Criteria, CriterionError> {
        self.date_from = Some(date.parse()?);
        Ok(self)
    }

    /// `--date-to`: the `Date` tag's known part is not after this date (as
    /// [`Criteria::date_from`] reads it).
    pub fn date_to(mut self, date: &str) -> Result<Criteria, CriterionError> {
        self.date_to = Some(date.parse()?);
        Ok(self)
    }

    /// `--result`: the game-termination token.
    pub fn result(mut self, outcome: Outcome) -> Criteria {
        self.results.push(outcome);
        self
    }

    /// `--winner`: the winner by the game's
    /// [`Verdict`](crate::replay::Verdict) (the board's for a game that ended
    /// on it, else the token's), `None` for a draw.
    pub fn winner(mut self, winner: Option<Side>) -> Criteria {
        self.winners.push(Winner::of(winner));
        self
    }

    /// `--valid`: parses, and replays without an error.
    pub fn valid(mut self) -> Criteria {
        self.valid = true;
        self
    }

    /// `--invalid`: does not parse, or the replay finds an error.
    pub fn invalid(mut self) -> Criteria {
        self.invalid = true;
        self
    }

    /// `--unfinished`: the main line does not reach the end of the game.
    pub fn unfinished(mut self) -> Criteria {
        self.unfinished = true;
        self
    }

    /// `--plies`: the main line's length lies in this range.
    pub fn plies(mut self, range: Range) -> Criteria {
        self.plies.push(range);
        self
    }

    /// `--position SETUP`: the main line passes through this board with this
    /// side to move, the start included. The stores are not compared: the
    /// same board reached with other captures is the same position to play
    /// from.
    pub fn position(mut self, setup: &str) -> Result<Criteria, CriterionError> {
        self.positions.push(setup.parse()?);
        Ok(self)
    }

    /// `--moves "c F a"`: the main line starts with these pit letters.
    pub fn moves(mut self, letters: &str) -> Result<Criteria, CriterionError> {
        self.openings.push(letters.parse()?);
        Ok(self)
    }

    /// Whether some criterion looks at the tags.
    pub(crate) fn on_tags(&self) -> bool {
        !self.tags.is_empty()
            || !self.players.is_empty()
            || !self.rulesets.is_empty()
            || self.date_from.is_some()
            || self.date_to.is_some()
    }

    /// Whether some criterion needs the parsed record.
    pub(crate) fn on_record(&self) -> bool {
        !self.results.is_empty()
            || !self.plies.is_empty()
            || !self.openings.is_empty()
            || self.on_replay()
    }

    /// Whether some criterion needs the replay.
    pub(crate) fn on_replay(&self) -> bool {
        !self.winners.is_empty()
            || self.valid
            || self.invalid
            || self.unfinished
            || !self.positions.is_empty()
    }

    /// Whether the tag criteria hold for these tags (true when there are none).
    pub(crate) fn tags_match(&self, tags: &[RawTag<'_>]) -> bool {
        let any = |v: bool, empty: bool| empty || v;
        any(self.tags.iter().any(|t| t.test(tags)), self.tags.is_empty())
            && any(
                {
                    // Names compared in one Unicode form: a tone mark typed
                    // as a combining character is the precomposed letter.
                    let [south, north] = ["South", "North"].map(|side| tag(tags, side).map(nfc));
                    self.players.iter().any(|p| {
                        let p = nfc(p);
                        south.as_deref() == Some(&*p) || north.as_deref() == Some(&*p)
                    })
                },
                self.players.is_empty(),
            )
            && any(
                {
                    let own = match tag(tags, "Rules") {
                        None => Some(Ruleset::RUSS),
                        Some(text) => text.parse::<Ruleset>().ok(),
                    };
                    own.is_some_and(|r| self.rulesets.contains(&r))
                },
                self.rulesets.is_empty(),
            )
            && self.dates_match(tags)
    }

    fn dates_match(&self, tags: &[RawTag<'_>]) -> bool {
        if self.date_from.is_none() && self.date_to.is_none() {
            return true;
        }
        let Some(date) = tag(tags, "Date").and_then(Date::of_tag) else {
            return false;
        };
        self.date_from
            .is_none_or(|from| date.compare(&from).is_ge())
            && self.date_to.is_none_or(|to| date.compare(&to).is_le())
    }

    /// Whether the criteria on the play hold. `record` is `None` for a game
    /// that does not parse; `game` is its replay, which the caller makes when
    /// [`Criteria::on_replay`] says so.
    pub(crate) fn play_matches(&self, record: Option<&Record>, game: Option<&Game>) -> bool {
        let Some(record) = record else {
            // Not parsed: invalid, and nothing else can be known.
            return !self.valid
                && !self.unfinished
                && self.results.is_empty()
                && self.winners.is_empty()
                && self.plies.is_empty()
                && self.positions.is_empty()
                && self.openings.is_empty();
        };
        let plies = record.moves.len() as u64;
        let base = (self.results.is_empty() || self.results.contains(&record.result.outcome))
            && (self.plies.is_empty() || self.plies.iter().any(|r| r.contains(plies)))
            && (self.openings.is_empty()
                || self.openings.iter().any(|o| {
                    o.0.len() <= record.moves.len()
                        && o.0.iter().zip(&record.moves).all(|(c, m)| *c == m.pit)
                }));
        if !base || !self.on_replay() {
            return base;
        }
        let Some(game) = game else {
            return false;
        };
        let valid = game.is_valid();
        (!self.valid || valid)
            && (!self.invalid || !valid)
            && (!self.unfinished || game.end.is_none())
            && (self.winners.is_empty()
                || game
                    .verdict()
                    .winner()
                    .is_some_and(|w| self.winners.contains(&Winner::of(w))))
            && (self.positions.is_empty() || self.positions.iter().any(|b| passes(game, b)))
    }
}

/// Whether the main line of `game` stands on `board` at some point: at the
/// start or after one of its played moves.
fn passes(game: &Game, board: &Board) -> bool {
    game.start.is_some_and(|s| board.is(&s))
        || game
            .moves
            .iter()
            .filter_map(|p| p.outcome.as_ref())
            .any(|o| board.is(&o.position))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Record;
    use crate::replay::{Game, Options};

    fn names_values(text: &str) -> Vec<(String, String)> {
        scan_tags(text.as_bytes())
            .unwrap()
            .into_iter()
            .map(|t| (t.name.to_string(), t.value.into_owned()))
            .collect()
    }

    #[test]
    fn scan_agrees_with_the_parser() {
        for text in [
            "[Event \"a\"]\n[Site   \"b \\\"c\\\" \\\\ d\"]  \r\n\r\n1. c *",
            "[ Event\"x\" ]\n*",
            "  \n[Event \"\"]\n[Round \"1\"]\n*",
            "1. c *",
            "[Source \"Ọ̀yọ́ → Ìbàdàn\"]\t\n*",
        ] {
            let record = Record::parse(text).unwrap();
            let parsed: Vec<(String, String)> = record
                .tags
                .iter()
                .map(|t| (t.name.to_string(), t.value.clone()))
                .collect();
            assert_eq!(names_values(text), parsed, "{text:?}");
        }
    }

    #[test]
    fn scan_refuses_what_the_parser_refuses() {
        for text in [
            "[Event \"x]\n*",
            "[Event x]\n*",
            "[Event \"a\\n\"]\n*",
            "[Event \"x\"\n*",
            "[Event \"x\"] [Site \"y\"]\n*",
            "[1 \"x\"]\n*",
            "[Event \"x\"]\r*",
        ] {
            assert!(Record::parse(text).is_err(), "{text:?}");
            assert_eq!(scan_tags(text.as_bytes()), None, "{text:?}");
        }
        assert_eq!(scan_tags(b"[Event \"\xff\"]\n*"), None);
    }

    #[test]
    fn tag_tests() {
        let tags = scan_tags(b"[Event \"Mokola Open\"]\n[Round \"12\"]\n*").unwrap();
        let t = |s: &str| s.parse::<TagTest>().unwrap().test(&tags);
        assert!(t("Round=12"));
        assert!(!t("Round=1"));
        assert!(t("Round~^1"));
        assert!(t("Event~(?i)mokola"));
        assert!(!t("Site~."));
        assert!(t("Event=Mokola Open"));
        assert!(matches!(
            "Round".parse::<TagTest>(),
            Err(CriterionError::TagTest(_))
        ));
        assert!(matches!(
            "1x=2".parse::<TagTest>(),
            Err(CriterionError::TagName(_))
        ));
        assert!(matches!(
            "Event~(".parse::<TagTest>(),
            Err(CriterionError::Regex(_))
        ));
    }

    #[test]
    fn dates_compare_by_what_both_know() {
        let d = |s: &str| Date::of_tag(s).unwrap();
        let arg = |s: &str| s.parse::<Date>().unwrap();
        assert!(d("2025.05.17").compare(&arg("2025.05")).is_eq());
        assert!(d("2025.??.??").compare(&arg("2025.05.17")).is_eq());
        assert!(d("2025.05.17").compare(&arg("2025.05.18")).is_lt());
        assert!(d("2024.12.31").compare(&arg("2025")).is_lt());
        assert_eq!(Date::of_tag("????.??.??"), None);
        assert_eq!(Date::of_tag("2025.??.17"), None);
        assert_eq!(Date::of_tag("17 May 2025"), None);
        assert!("2025.5".parse::<Date>().is_err());
        // `??` for a part not known, as in a tag.
        assert_eq!(arg("2025.05.??"), arg("2025.05"));
        assert_eq!(arg("2025.??.??"), arg("2025"));
        assert!("????".parse::<Date>().is_err());
        assert_eq!(arg("2025.05").to_string(), "2025.05");
    }

    #[test]
    fn dates_given_are_days_of_the_calendar() {
        let err = |s: &str| s.parse::<Date>().unwrap_err().to_string();
        assert_eq!(
            err("2026.13.45"),
            "there is no month 13 in `2026.13.45`: months run from 01 to 12"
        );
        assert_eq!(
            err("2025.00.00"),
            "there is no month 00 in `2025.00.00`: months run from 01 to 12"
        );
        assert_eq!(
            err("2025.00"),
            "there is no month 00 in `2025.00`: months run from 01 to 12"
        );
        assert_eq!(
            err("2025.02.30"),
            "there is no day 30 in `2025.02.30`: February 2025 has 28 days"
        );
        assert_eq!(
            err("2025.04.31"),
            "there is no day 31 in `2025.04.31`: April 2025 has 30 days"
        );
        assert_eq!(
            err("2025.05.00"),
            "there is no day 00 in `2025.05.00`: May 2025 has 31 days"
        );
        assert_eq!(
            err("1900.02.29"),
            "there is no day 29 in `1900.02.29`: February 1900 has 28 days"
        );
        for ok in ["2024.02.29", "2000.02.29", "2025.12.31", "2025.01.01"] {
            assert!(ok.parse::<Date>().is_ok(), "{ok}");
        }
    }

    #[test]
    fn ranges() {
        let r = |s: &str| s.parse::<Range>().unwrap();
        assert!(r("3..5").contains(3) && r("3..5").contains(5) && !r("3..5").contains(6));
        assert!(r("3..").contains(1000) && !r("3..").contains(2));
        assert!(r("..3").contains(0) && !r("..3").contains(4));
        assert!(r("4").contains(4) && !r("4").contains(5));
        for text in ["3..5", "3..", "..5", "4"] {
            assert_eq!(r(text).to_string(), text);
        }
        assert!(matches!(
            "5..3".parse::<Range>(),
            Err(CriterionError::EmptyRange(_))
        ));
        for bad in ["", "a..b", "1...3", "-1..2", "..", "1..2..3"] {
            let ok = bad == ".." || bad.parse::<Range>().is_err();
            assert!(ok, "{bad:?}");
        }
    }

    #[test]
    fn criteria_on_tags() {
        let tags = scan_tags(
            b"[Date \"2025.06.??\"]\n[South \"Ade\"]\n[North \"Bola\"]\n[Rules \"ayoayo\"]\n*",
        )
        .unwrap();
        let mut c = Criteria::default();
        assert!(c.tags_match(&tags) && !c.on_tags());
        c.players = vec!["Bola".to_string()];
        assert!(c.tags_match(&tags));
        c.players.push("Chike".to_string());
        assert!(c.tags_match(&tags), "either player");
        c.rulesets = vec!["russ".parse().unwrap()];
        assert!(c.tags_match(&tags), "ayoayo is russ");
        c.date_from = Some("2025.06.13".parse().unwrap());
        c.date_to = Some("2025.06".parse().unwrap());
        assert!(c.tags_match(&tags));
        c.date_to = Some("2025.05.31".parse().unwrap());
        assert!(!c.tags_match(&tags));
        let mut c = Criteria {
            rulesets: vec!["endodoi".parse().unwrap()],
            ..Criteria::default()
        };
        assert!(!c.tags_match(&tags));
        c.rulesets = vec![Ruleset::RUSS];
        assert!(
            c.tags_match(&scan_tags(b"*").unwrap()),
            "no Rules tag: russ"
        );
    }

    #[test]
    fn criteria_on_the_play() {
        let record = Record::parse("1. cx7 A 2. d *").unwrap();
        let game = Game::replay(record.clone(), &Options::default());
        let after_c = game.moves[0].outcome.as_ref().unwrap().position;
        let mut c = Criteria {
            openings: vec!["c A".parse().unwrap()],
            plies: vec!["3".parse().unwrap()],
            results: vec![Outcome::Unknown],
            ..Criteria::default()
        };
        assert!(c.on_record() && !c.on_replay());
        assert!(c.play_matches(Some(&record), None));
        c.openings = vec!["c B".parse().unwrap()];
        assert!(!c.play_matches(Some(&record), None));
        let mut c = Criteria {
            positions: vec![Board(after_c)],
            valid: true,
            unfinished: true,
            ..Criteria::default()
        };
        assert!(c.play_matches(Some(&record), Some(&game)));
        // Other stores, same board: still the position.
        let text = after_c.to_string().replace(" 7-0 ", " 3-4 ");
        c.positions = vec![text.parse().unwrap()];
        assert!(c.play_matches(Some(&record), Some(&game)), "{text}");
        c.winners = vec![Winner::South];
        assert!(!c.play_matches(Some(&record), Some(&game)));
        // A game that does not parse is invalid and nothing else.
        let invalid = Criteria {
            invalid: true,
            ..Criteria::default()
        };
        assert!(invalid.play_matches(None, None));
        assert!(!c.play_matches(None, None));
        assert!(!invalid.play_matches(Some(&record), Some(&game)));
    }

    #[test]
    fn openings_and_boards_read() {
        assert_eq!("c F a".parse(), Ok(Opening(vec!['c', 'F', 'a'])));
        assert!("cF".parse::<Opening>().is_err());
        assert!("".parse::<Opening>().is_err());
        assert!("1".parse::<Opening>().is_err());
        assert!("4,4/4 0-0 S".parse::<Board>().is_err());
    }
}
