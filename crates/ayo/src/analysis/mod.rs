//! Analysis with the engine: the best move of a position ([`Best::of`]) and
//! a verdict on every main-line move of a game ([`Analyser`]), with endgame
//! tables when there are some ([`TableCache`]).
//!
//! This is where search meets records: the search (`ayo_engine`) knows
//! positions, this module knows games and what a move lost. The results are
//! data; [`crate::output::analyze`] renders them.
//!
//! ```
//! use ayo::analysis::{Best, TableCache};
//! use ayo::rules::{Engine, Position, Ruleset};
//! use ayo::search::Limits;
//!
//! let pos = Position::from_setup("1,1,1,0,0,0/0,1,0,0,0,0 23-21 S", &Ruleset::RUSS).unwrap();
//! let mut tables = TableCache::new(None);
//! let best = Best::of(Engine::new(Ruleset::RUSS), &mut tables, &[], &pos, &Limits::depth(10)).unwrap();
//! assert!(best.answer.exact);
//! assert_eq!(best.answer.best.map(|p| p.letter(6)), Some('b'));
//! assert_eq!(best.answer.score, 4);
//! assert!(best.outcomes.is_none());
//! ```

use std::path::PathBuf;

use crate::notation::Numbering;
use crate::replay::{Game, Ply};
use crate::rules::{Engine, Pit, Position, Ruleset, Side};
use crate::search::{Answer, Limits, Search, SearchError};
use crate::tables::{TableError, Tables};

mod tables;
mod verdict;

pub use tables::TableCache;
use verdict::OutcomeLost;
pub use verdict::{Label, MoveVerdict, Outcome, Outcomes, Thresholds};

use tables::{searcher, table_outcomes};

/// Why an analysis stopped: the tables asked for cannot be used (each such
/// message starts with the folder as the caller named it, see
/// [`TableCache::new`]), or a relay was undecided.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// The folder's name is empty (an environment variable set to nothing).
    #[error("{name}: set but empty (name a table folder, or unset it to search without tables)")]
    Empty {
        /// The folder as the caller named it.
        name: String,
    },
    /// No folder of that name.
    #[error("{name}: no such directory (build tables with `ayo tables build`)")]
    NoDirectory {
        /// The folder as the caller named it.
        name: String,
    },
    /// The folder's tables cannot be opened.
    #[error("{name}: {source}")]
    Open {
        /// The folder as the caller named it.
        name: String,
        /// Why.
        source: TableError,
    },
    /// The folder holds no table for the ruleset: a search that quietly ran
    /// without the tables asked for would pass for one that used them.
    #[error(
        "{name}: no tables for the ruleset `{key}` (nothing in {}; build them with `ayo tables build --rules '{key}' --dir {}`)",
        .looked.display(),
        .dir.display()
    )]
    NoTables {
        /// The folder as the caller named it.
        name: String,
        /// The ruleset's key (`table_key`).
        key: String,
        /// Where the ruleset's tables would be.
        looked: PathBuf,
        /// The folder given.
        dir: PathBuf,
    },
    /// A relay was undecided at the engine's lap limit. (Boxed: it holds
    /// a position, and errors are rare.)
    #[error(transparent)]
    Search(Box<SearchError>),
}

impl From<SearchError> for AnalysisError {
    fn from(e: SearchError) -> AnalysisError {
        AnalysisError::Search(Box::new(e))
    }
}

/// The engine's answer for a position, and what the endgame tables add.
#[derive(Clone, Debug)]
pub struct Best {
    /// The search's answer, its best move changed when the tables show that
    /// it gives away the position's exact outcome.
    pub answer: Answer,
    /// The tables' exact outcomes, under `end=majority` with the position
    /// inside them.
    pub outcomes: Option<Outcomes>,
}

impl Best {
    /// The best move in `pos`, reached through `history` (oldest first, not
    /// `pos` itself: a position of it met again in the search is a repetition),
    /// searched within `limits` with `engine`, and answered from the tables of
    /// `tables` for the engine's rules when there are some. Under
    /// `end=majority` with the position inside the tables, the best move is one
    /// that keeps the position's exact outcome (see [`Best::outcomes`]).
    ///
    /// Each call searches with a fresh search (and its own transposition
    /// table); [`Analyser`] keeps one across the positions of many games.
    pub fn of(
        engine: Engine,
        tables: &mut TableCache,
        history: &[Position],
        pos: &Position,
        limits: &Limits,
    ) -> Result<Best, AnalysisError> {
        let rules = *engine.rules();
        let tables = tables.get(rules)?;
        let mut answer = searcher(engine, tables).run_line(history, pos, limits)?;
        let outcomes = table_outcomes(tables, &rules, pos, &mut answer);
        Ok(Best { answer, outcomes })
    }
}

/// See [`Game::main_line`].
pub(crate) fn main_line(game: &Game) -> Vec<Position> {
    game.start
        .into_iter()
        .chain(
            game.moves
                .iter()
                .map_while(|m| m.outcome.as_ref().map(|o| o.position)),
        )
        .collect()
}

impl Game {
    /// The positions of a game's main line: the start, then after each played
    /// move (up to the first that could not be played).
    pub fn main_line(&self) -> Vec<Position> {
        main_line(self)
    }
}

/// See [`Game::numbering_after`].
pub(crate) fn numbering_after(game: &Game, ply: usize, start: &Position) -> Numbering {
    match ply.checked_sub(1).and_then(|i| game.moves.get(i)) {
        Some(m) => Numbering::new(m.number, m.side == Side::North).next(),
        None => Numbering::new(1, start.to_move() == Side::North),
    }
}

impl Game {
    /// The number and side of the move after `ply` plies of a game that started
    /// at `start`.
    pub fn numbering_after(&self, ply: usize, start: &Position) -> Numbering {
        numbering_after(self, ply, start)
    }
}

/// What judges the moves of every game of a run: the limits and thresholds,
/// the tables, and one search (and its 4 MiB table) for every game of a
/// ruleset.
///
/// ```
/// use ayo::analysis::{Analyser, TableCache, Thresholds};
/// use ayo::notation::Record;
/// use ayo::replay::{Game, Options};
/// use ayo::rules::Engine;
/// use ayo::search::Limits;
///
/// let game = Game::replay(Record::parse("1. cx7 Fx2 2. d *\n").unwrap(), &Options::default());
/// let mut analyser =
///     Analyser::new(Limits::depth(4), Thresholds::default(), TableCache::new(None), Engine::DEFAULT_MAX_LAPS);
/// let (rules, verdicts) = analyser.verdicts(&game, |_, _| {}).unwrap().unwrap();
/// assert_eq!(rules.to_string(), "russ");
/// assert_eq!(verdicts.len(), 3);
/// // 2. d gives away a seed at depth 4: the engine prefers c.
/// assert_eq!((verdicts[2].played.as_str(), verdicts[2].best.as_str()), ("d", "c"));
/// assert_eq!(verdicts[2].loss, 1);
/// assert_eq!(verdicts[2].label, None);
/// ```
pub struct Analyser {
    max_laps: u64,
    limits: Limits,
    thresholds: Thresholds,
    tables: TableCache,
    search: Option<(Ruleset, Search<'static>, Option<&'static Tables>)>,
}

impl Analyser {
    /// Searches within `limits` with an engine of `max_laps`, labels losses
    /// by `thresholds`, and answers from `tables` when there are some.
    pub fn new(
        limits: Limits,
        thresholds: Thresholds,
        tables: TableCache,
        max_laps: u64,
    ) -> Analyser {
        Analyser {
            max_laps,
            limits,
            thresholds,
            tables,
            search: None,
        }
    }

    /// The verdicts on the main-line moves of a replayed game, up to its
    /// first illegal move, with its ruleset; `None` when its ruleset or start
    /// position could not be read. `progress` is told `(ply, plies)` before
    /// each move is judged.
    pub fn verdicts(
        &mut self,
        game: &Game,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<Option<(Ruleset, Vec<MoveVerdict>)>, AnalysisError> {
        let (Some(rules), Some(_)) = (game.rules, game.start) else {
            return Ok(None);
        };
        let (search, rules_tables) = match &mut self.search {
            Some((r, s, t)) if *r == rules => (s, *t),
            slot => {
                let engine = Engine::new(rules).with_max_laps(self.max_laps);
                let t = self.tables.get(rules)?;
                (&mut slot.insert((rules, searcher(engine, t), t)).1, t)
            }
        };
        let line = main_line(game);
        let plies = line.len() - 1;
        let mut verdicts = Vec::with_capacity(plies);
        for i in 0..plies {
            progress(i, plies);
            let mut answer = search.run_line(&line[..i], &line[i], &self.limits)?;
            let outcomes = table_outcomes(rules_tables, &rules, &line[i], &mut answer);
            let m = &game.moves[i];
            let Some(outcome) = &m.outcome else { break };
            let judged = (&answer, outcomes.as_ref());
            verdicts.push(verdict(
                m,
                outcome.pit,
                judged,
                &self.thresholds,
                rules.pits(),
            ));
        }
        Ok(Some((rules, verdicts)))
    }
}

/// The verdict on the move `m`, which played `played`, from the answer (and
/// the tables' outcomes) for the position before it.
fn verdict(
    m: &Ply,
    played: Pit,
    (answer, outcomes): (&Answer, Option<&Outcomes>),
    thresholds: &Thresholds,
    pits: u8,
) -> MoveVerdict {
    let value = answer
        .moves
        .iter()
        .find(|(p, _)| *p == played)
        .map_or(answer.score, |&(_, v)| v);
    let loss: i32 = (answer.score - value).max(0);
    let outcome_lost = outcomes.and_then(|o| OutcomeLost::of(o.outcome, o.of_move(played)?));
    let letter = |p: Pit| p.letter(pits).to_string();
    MoveVerdict {
        ply: m.ply,
        number: m.number,
        side: m.side.name(),
        played: letter(played),
        value,
        best: answer.best.map_or(String::new(), letter),
        best_value: answer.score,
        loss,
        label: thresholds.label_move(loss, outcome_lost),
        exact: answer.exact,
        depth: answer.depth,
        pv: answer.pv.iter().map(|&p| letter(p)).collect(),
        outcome_lost,
    }
}
