//! A run of games between two players, as `ayo generate` plays them.

use crate::notation::Record;
use crate::notation::Tag;
use crate::rules::{Engine, Position, SplitMix64};
use crate::search::{Limits, Search, SearchError};

use super::{MAX_PLIES, Match, Player, game_seed};

/// A run of games between two players: each game numbered from 1, with its
/// own stream of the seed ([`Match::seed`](super::Match::seed)), so that game 7 is the same however
/// many games are played.
///
/// ```
/// use ayo::generate::{Player, Series};
/// use ayo::rules::{Engine, Ruleset};
///
/// let mut series = Series::new(Engine::new(Ruleset::RUSS), Player::Random, Player::Random);
/// series.seed = 7;
/// series.tag("Event=Club night")?;
/// let games: Vec<_> = series.games(3).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 3);
/// assert_eq!(games[2].tag("Round"), Some("3"));
/// assert_eq!(games[0].tag("Event"), Some("Club night"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Series {
    /// The rules and lap limit.
    pub engine: Engine,
    /// Every game's start: a set-up (written in a `Setup` tag), else the
    /// ruleset's start.
    pub setup: Option<Position>,
    /// South's player (North's in even games with `alternate`).
    pub south: Player,
    /// North's player (South's in even games with `alternate`).
    pub north: Player,
    /// The first plies of every game played at random, whoever plays.
    pub opening: usize,
    /// Swap the players every other game.
    pub alternate: bool,
    /// The seed of the random moves.
    pub seed: u64,
    /// Tags set in every game, replacing the values written from the game
    /// ([`Series::tag`]).
    tags: Vec<TagSetting>,
}

impl Series {
    /// Games from the ruleset's start between `south` and `north`, seed 0,
    /// no opening, no swaps, no tags set.
    pub fn new(engine: Engine, south: Player, north: Player) -> Series {
        Series {
            engine,
            setup: None,
            south,
            north,
            opening: 0,
            alternate: false,
            seed: 0,
            tags: Vec::new(),
        }
    }

    /// Sets a tag in every game, replacing the value written from the game:
    /// `NAME=VALUE`, a tag name (as grammar.md has it) and a value on one
    /// line; not Rules, Setup, Result, Score or PlyCount, which the game
    /// decides.
    pub fn tag(&mut self, setting: &str) -> Result<(), SettingError> {
        self.tags.push(setting.parse()?);
        Ok(())
    }

    /// The first `count` games, one at a time; an error stops a game whose
    /// relay is undecided at the engine's lap limit.
    pub fn games(&self, count: usize) -> impl Iterator<Item = Result<Record, SearchError>> + '_ {
        let engines = [self.south, self.north]
            .iter()
            .any(|p| matches!(p, Player::Engine(_)));
        Games {
            series: self,
            // A small table when no engine plays: only engines use it.
            search: Search::with_table_bits(self.engine, if engines { 20 } else { 4 }),
            round: 0,
            count,
        }
    }
}

/// The games of a [`Series`], from [`Series::games`].
struct Games<'a> {
    series: &'a Series,
    search: Search<'static>,
    round: usize,
    count: usize,
}

impl Iterator for Games<'_> {
    type Item = Result<Record, SearchError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.round >= self.count {
            return None;
        }
        self.round += 1;
        let (s, round) = (self.series, self.round);
        let swap = s.alternate && round % 2 == 0;
        let m = Match {
            players: if swap {
                [s.north, s.south]
            } else {
                [s.south, s.north]
            },
            opening: s.opening,
            max_plies: MAX_PLIES,
            setup: s.setup.is_some(),
        };
        let start = s.setup.unwrap_or_else(|| s.engine.start());
        let mut rng = SplitMix64::new(game_seed(s.seed, round));
        Some(
            m.play(&mut self.search, &start, &mut rng, round)
                .map(|mut record| {
                    for t in &s.tags {
                        record.set_tag(&t.name, &t.value);
                    }
                    record
                }),
        )
    }
}

/// The tags a generated game's moves decide: setting one by hand would make
/// the record contradict itself.
const FROM_THE_GAME: [&str; 5] = ["Rules", "Setup", "Result", "Score", "PlyCount"];

/// A tag to set in every game of a [`Series`]: `NAME=VALUE`, a tag name
/// (as grammar.md has it) and a value on one line.
#[derive(Clone, Debug, PartialEq, Eq)]
struct TagSetting {
    /// The tag's name.
    name: String,
    /// Its value.
    value: String,
}

/// Why a [`Player`] or a tag setting ([`Series::tag`]) given as text was
/// refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    /// A player that is not `random`, `engine:DEPTH` or `engine:nodes=N`
    /// (the text as given).
    #[error("expected `random`, `engine:DEPTH` (1 to {max}) or `engine:nodes=N`; found `{0}`", max = Limits::MAX_DEPTH)]
    Player(String),
    /// A tag setting without `=` (the text as given).
    #[error("expected NAME=VALUE, found `{0}`")]
    NoEquals(String),
    /// The name is not a tag name.
    #[error("`{0}` is not a tag name (a letter, then letters, digits or `_`)")]
    NotAName(String),
    /// The tag is written from the game itself.
    #[error(
        "`{0}` is written from the game itself and cannot be set (use --rules and --setup \
         to choose the rules and the start)"
    )]
    FromTheGame(String),
    /// The value holds a line break (the tag's name).
    #[error("the value of `{0}` holds a line break, which a tag value cannot")]
    LineBreak(String),
}

impl std::str::FromStr for TagSetting {
    type Err = SettingError;

    /// `NAME=VALUE`; not Rules, Setup, Result, Score or PlyCount, which the
    /// game decides.
    fn from_str(s: &str) -> Result<TagSetting, SettingError> {
        let (name, value) = s
            .split_once('=')
            .ok_or_else(|| SettingError::NoEquals(s.to_string()))?;
        if !Tag::is_name(name) {
            return Err(SettingError::NotAName(name.to_string()));
        }
        if FROM_THE_GAME.contains(&name) {
            return Err(SettingError::FromTheGame(name.to_string()));
        }
        if value.contains(['\n', '\r']) {
            return Err(SettingError::LineBreak(name.to_string()));
        }
        Ok(TagSetting {
            name: name.to_string(),
            value: value.to_string(),
        })
    }
}
