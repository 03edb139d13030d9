//! Probing a directory of tables.

use std::path::{Path, PathBuf};

use super::build::{Child, Mover};
use super::file::{self, Expect, LevelFile};
use super::index::{Ranker, level_count};
use super::{MAX_LEVEL, TableError, mover_board, ruleset_dir, table_key, table_rules};
use ayo_rules::{Engine, Pit, Position, Ruleset};

/// One ruleset's tables, opened from a directory: every level file found,
/// memory-mapped and checked (header and checksum) when opened.
pub struct Tables {
    dir: PathBuf,
    rules: Ruleset,
    /// The `end` key of the ruleset the tables were opened for.
    end: ayo_rules::End,
    /// `levels[n]`: level `n` when present (level 0 is always: the empty
    /// board is worth 0).
    levels: Vec<Option<(Ranker, LevelFile)>>,
    mover: Mover,
}

/// A legal move and its net gain for the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveGain {
    /// The pit played.
    pub pit: Pit,
    /// The mover's net gain by playing it: seeds captured minus the net gain
    /// of the opponent in the position it leads to.
    pub net_gain: i8,
}

impl Tables {
    /// Opens the tables of `rules` in the table directory `dir` (its `end`
    /// key does not matter). A directory with no levels opens, empty; a level
    /// file that does not match its header or checksum is an error.
    pub fn open(dir: &Path, rules: &Ruleset) -> Result<Tables, TableError> {
        let key = table_key(rules);
        let end = rules.end();
        let rules = table_rules(rules);
        let pits = rules.pits();
        let ring = 2 * usize::from(pits);
        let sub = ruleset_dir(dir, &rules);
        let mut present = Vec::new();
        match std::fs::read_dir(&sub) {
            Ok(entries) => {
                for entry in entries {
                    let entry = entry.map_err(|source| TableError::Io {
                        path: sub.clone(),
                        source,
                    })?;
                    let level = entry
                        .file_name()
                        .to_str()
                        .and_then(file::level_of_file_name);
                    if let Some(level) = level.filter(|l| (1..=MAX_LEVEL).contains(l)) {
                        present.push(level);
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(source) => return Err(TableError::Io { path: sub, source }),
        }
        present.sort_unstable();
        let top = present.last().copied().unwrap_or(0);
        let mut levels: Vec<Option<(Ranker, LevelFile)>> = (0..=top).map(|_| None).collect();
        for level in present {
            let n = usize::from(level);
            let ranker = Ranker::new(ring, n).ok_or(TableError::TooLarge {
                level,
                positions: u64::MAX,
            })?;
            let count = level_count(ring, n).unwrap_or(u64::MAX);
            let expect = Expect {
                rules: &key,
                pits,
                level,
                count,
            };
            let path = sub.join(file::level_file_name(level));
            levels[n] = Some((ranker, file::open_level(&path, expect, true)?));
        }
        let mover = Mover::new(&rules, Engine::DEFAULT_MAX_LAPS, top)?;
        Ok(Tables {
            dir: sub,
            rules,
            end,
            levels,
            mover,
        })
    }

    /// The directory the levels were read from.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The ruleset the values are for (played to exhaustion).
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The levels present, in order.
    pub fn levels(&self) -> Vec<u8> {
        self.levels
            .iter()
            .enumerate()
            .filter(|(_, l)| l.is_some())
            .map(|(n, _)| n as u8)
            .collect()
    }

    /// The opened level files, in order.
    pub fn files(&self) -> impl Iterator<Item = &LevelFile> {
        self.levels.iter().flatten().map(|(_, f)| f)
    }

    /// The stored value of rank `rank` of level `n`, when that level is
    /// present (level 0, the empty board, is worth 0).
    #[inline]
    pub fn value_at(&self, n: usize, rank: u64) -> Option<i8> {
        if n == 0 {
            return Some(0);
        }
        let (_, file) = self.levels.get(n)?.as_ref()?;
        let i = usize::try_from(rank).ok()?;
        file.body.values().get(i).map(|&b| b as i8)
    }

    /// The net gain of the side to move, from the tables; `None` when the
    /// position is not in them (its level is absent, or its board is not the
    /// table's).
    #[inline]
    pub fn net_gain(&self, pos: &Position) -> Option<i8> {
        if pos.pits() != self.rules.pits() {
            return None;
        }
        let board = pos.board();
        let pits = usize::from(pos.pits());
        let n: usize = board.iter().map(|&x| usize::from(x)).sum();
        if n == 0 {
            return Some(0);
        }
        let (ranker, file) = self.levels.get(n)?.as_ref()?;
        let start = match pos.to_move() {
            ayo_rules::Side::South => 0,
            ayo_rules::Side::North => pits,
        };
        let rank = ranker.rank_from(board, start)?;
        file.body
            .values()
            .get(usize::try_from(rank).ok()?)
            .map(|&b| b as i8)
    }

    /// The exact value of the position for the side to move under `end`: the
    /// final score difference (store difference plus net gain) under
    /// `end=exhaustion`, and under `end=majority` only its sign (-1, 0 or 1),
    /// which is all the tables know exactly there. `None` outside the tables.
    ///
    /// This is what a search's probe hook returns: exact values under
    /// exhaustion, win/draw/loss under majority.
    pub fn exact(&self, pos: &Position, end: ayo_rules::End) -> Option<i32> {
        let value = super::value_of(pos, self.net_gain(pos)?);
        Some(match end {
            ayo_rules::End::Exhaustion => value,
            ayo_rules::End::Majority => value.signum(),
        })
    }

    /// The exact value of the position under the ruleset the tables were
    /// opened with, as a search's probe hook wants it (the final score
    /// difference for the side to move, in seeds): under `end=exhaustion`
    /// [`Tables::exact`]; under `end=majority` `None`, since there the tables
    /// know only win, draw or loss (`exact(pos, End::Majority)`), not by how
    /// much the majority stop leaves the stores apart.
    pub fn value(&self, pos: &Position) -> Option<i32> {
        match self.end {
            ayo_rules::End::Exhaustion => self.exact(pos, self.end),
            ayo_rules::End::Majority => None,
        }
    }

    /// The net gain, or an error naming the levels present.
    pub fn require(&self, pos: &Position) -> Result<i8, TableError> {
        if pos.pits() != self.rules.pits() {
            return Err(TableError::WrongBoard {
                expected: self.rules.pits(),
                found: pos.pits(),
            });
        }
        self.net_gain(pos).ok_or_else(|| TableError::Missing {
            dir: self.dir.clone(),
            level: pos.board().iter().map(|&x| u32::from(x)).sum(),
            present: self.levels(),
        })
    }

    /// Every legal move of the position under the table's rules and its net
    /// gain for the mover. Needs the position's level and those below it
    /// that its captures reach.
    pub fn move_gains(&self, pos: &Position) -> Result<Vec<MoveGain>, TableError> {
        self.require(pos)?;
        let board = mover_board(pos);
        let pits = pos.pits();
        let mut out = Vec::new();
        let mut missing = None;
        self.mover.moves(&board, |pit, child| {
            let (gain, level, rank) = match child {
                Child::Lower {
                    captured,
                    level,
                    rank,
                } => (captured as i16, level, rank),
                Child::Same { rank } => (0, board.iter().map(|&x| usize::from(x)).sum(), rank),
            };
            match self.value_at(level, rank) {
                Some(v) => {
                    // The mover's own pit: the board was read from its side.
                    let index = pit.index(pits);
                    let pit = Pit::new(pos.to_move(), index, pits).unwrap_or(pit);
                    out.push(MoveGain {
                        pit,
                        net_gain: (gain - i16::from(v)) as i8,
                    });
                }
                None => missing = Some(level as u32),
            }
        })?;
        if let Some(level) = missing {
            return Err(TableError::Missing {
                dir: self.dir.clone(),
                level,
                present: self.levels(),
            });
        }
        Ok(out)
    }
}

/// The search's probe hook: exact values where the tables hold the position
/// and the ruleset plays to exhaustion (see [`Tables::value`]).
impl crate::search::Probe for Tables {
    fn probe(&self, position: &Position) -> Option<i32> {
        self.value(position)
    }
}
