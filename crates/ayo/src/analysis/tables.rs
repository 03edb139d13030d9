//! The endgame tables an analysis answers from: opened once a ruleset, and
//! what they add to a search's answer under `end=majority`.

use std::collections::HashMap;
use std::path::PathBuf;

use crate::rules::{End, Engine, Pit, Position, Ruleset};
use crate::search::{Answer, Search};
use crate::tables::Tables;

use super::AnalysisError;
use super::verdict::{Outcome, Outcomes};

/// The tables of each ruleset met in a run, opened once.
///
/// ```
/// use ayo::analysis::TableCache;
/// use ayo::rules::Ruleset;
///
/// // No folder: no tables, and no error.
/// assert!(TableCache::new(None).get(Ruleset::RUSS).unwrap().is_none());
/// let mut missing = TableCache::new(Some(("no/such/dir".into(), "--tables no/such/dir".into())));
/// let e = missing.get(Ruleset::RUSS).err().unwrap();
/// assert!(e.to_string().starts_with("--tables no/such/dir: no such directory"));
/// ```
pub struct TableCache {
    /// The folder, and how errors name it.
    dir: Option<(PathBuf, String)>,
    opened: HashMap<Ruleset, &'static Tables>,
}

impl TableCache {
    /// The tables in `dir`: the folder, and how errors name it (the caller
    /// knows where it came from: `--tables t`, `AYO_TABLES=t`). `None`
    /// means no tables. Nothing is opened before [`TableCache::get`].
    pub fn new(dir: Option<(PathBuf, String)>) -> TableCache {
        TableCache {
            dir,
            opened: HashMap::new(),
        }
    }

    /// The tables for `rules`, opened on first use. A search borrows them
    /// for as long as it lives, and searches are kept across games, so each
    /// ruleset's tables are opened once and kept until the process exits
    /// (leaked on purpose: a handful of memory maps a run).
    ///
    /// A folder with an empty name, or that holds no level for `rules`, is
    /// an error: a search that quietly ran without the tables asked for
    /// would pass for one that used them.
    pub fn get(&mut self, rules: Ruleset) -> Result<Option<&'static Tables>, AnalysisError> {
        let Some((dir, name)) = &self.dir else {
            return Ok(None);
        };
        if let Some(t) = self.opened.get(&rules) {
            return Ok(Some(t));
        }
        let name = name.clone();
        if dir.as_os_str().is_empty() {
            return Err(AnalysisError::Empty { name });
        }
        if !dir.is_dir() {
            return Err(AnalysisError::NoDirectory { name });
        }
        let tables = Tables::open(dir, &rules).map_err(|source| AnalysisError::Open {
            name: name.clone(),
            source,
        })?;
        if tables.levels().is_empty() {
            return Err(AnalysisError::NoTables {
                name,
                key: Tables::key(&rules),
                looked: tables.dir().to_path_buf(),
                dir: dir.clone(),
            });
        }
        let tables: &'static Tables = Box::leak(Box::new(tables));
        self.opened.insert(rules, tables);
        Ok(Some(tables))
    }
}

/// A search for `engine`'s rules that values every move, probing `tables`
/// when there are any.
pub(super) fn searcher(engine: Engine, tables: Option<&'static Tables>) -> Search<'static> {
    let search = Search::new(engine).every_move(true);
    match tables {
        Some(t) => search.with_probe(t),
        None => search,
    }
}

/// Under `end=majority`, with the position inside the tables: the exact
/// outcome of the position and of each legal move, and `answer` changed so
/// that its best move keeps the position's outcome. The search's values rank
/// the moves that keep it (ties to the first in pit order); when the
/// search's own best move gives the outcome away, the best becomes that
/// move, with its search value as the score, a line of that move alone (the
/// search's line began with the other) and `exact` false.
///
/// `None`, and `answer` unchanged, under `end=exhaustion` (the search's
/// probe already makes those values exact), without tables, when the game is
/// over, or when the position or a level its moves reach is not in the
/// tables.
pub(super) fn table_outcomes(
    tables: Option<&Tables>,
    rules: &Ruleset,
    pos: &Position,
    answer: &mut Answer,
) -> Option<Outcomes> {
    if rules.end() != End::Majority {
        return None;
    }
    let tables = tables?;
    let searched_best = answer.best?;
    let outcome = Outcome::of(tables.exact(pos, End::Majority)?);
    let mut moves: Vec<(Pit, Outcome)> = tables
        .move_gains(pos)
        .ok()?
        .iter()
        .map(|g| (g.pit, Outcome::of(Tables::value_of(pos, g.net_gain))))
        .collect();
    moves.sort_by_key(|&(p, _)| p);
    // The position's outcome is its best move's; the tables agree with
    // themselves, but the choice below relies only on the moves.
    let keep = moves.iter().map(|&(_, o)| o).max()?;
    let keeps = |pit: Pit| moves.iter().any(|&(p, o)| p == pit && o == keep);
    let mut switched_from = None;
    if !keeps(searched_best) {
        // The first of the highest search values among the moves that keep
        // the outcome; a move the search did not value comes after them.
        let mut choice: Option<(Pit, Option<i32>)> = None;
        for &(pit, _) in moves.iter().filter(|&&(_, o)| o == keep) {
            let value = answer
                .moves
                .iter()
                .find(|(p, _)| *p == pit)
                .map(|&(_, v)| v);
            if choice.is_none_or(|(_, best)| value > best) {
                choice = Some((pit, value));
            }
        }
        let (pit, value) = choice?;
        switched_from = Some(searched_best);
        answer.best = Some(pit);
        if let Some(v) = value {
            answer.score = v;
        }
        answer.pv = vec![pit];
        answer.exact = false;
    }
    Some(Outcomes {
        outcome,
        moves,
        switched_from,
    })
}
