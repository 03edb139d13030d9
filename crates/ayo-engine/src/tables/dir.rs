//! A table directory as a whole: its ruleset folders and their level files
//! ([`RulesetDir::list`]), each level checked against its moves
//! ([`Tables::verify_dir`]), and a position's exact value with its moves' ([`probe`]).

use std::io::{self, Read};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use ayo_rules::{End, Position, Ruleset, RulesetError};

use super::build::verify_level;
use super::file::{self, Body, Expect, HEADER_LEN, Header};
use super::index::level_count;
use super::{MoveGain, TableError, Tables, doubled_score, table_key, value_of};

/// Why a ruleset folder's ruleset is unknown.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    /// Its first level's header cannot be read.
    #[error(transparent)]
    Header(#[from] TableError),
    /// The header's ruleset string is not a ruleset.
    #[error(transparent)]
    Rules(#[from] RulesetError),
}

/// One ruleset's folder of a table directory: its ruleset (from the first
/// level's header) and its level files, in order.
#[derive(Debug)]
pub struct RulesetDir {
    /// The folder.
    pub path: PathBuf,
    /// Its ruleset, or why it is unknown.
    pub rules: Result<Ruleset, FolderError>,
    /// The table key of its headers ([`Tables::key`]); the folder's name, its
    /// `_` as spaces, when the first header cannot be read.
    pub key: String,
    /// Its level files: (level, path), by level.
    pub levels: Vec<(u8, PathBuf)>,
}

/// What a level file's header says, for [`RulesetDir::levels_info`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelHeader {
    /// Positions in the level.
    pub positions: u64,
    /// How long the build of the level took, in milliseconds.
    pub build_millis: u64,
}

/// One level file of a ruleset folder, described.
#[derive(Debug)]
pub struct LevelInfo {
    /// The level: seeds on the board.
    pub level: u8,
    /// The file's size in bytes (0 when it cannot be read).
    pub bytes: u64,
    /// Its header, or why it cannot be read.
    pub header: Result<LevelHeader, TableError>,
}

impl RulesetDir {
    /// Each level file's size and header.
    pub fn levels_info(&self) -> Vec<LevelInfo> {
        self.levels
            .iter()
            .map(|(level, path)| LevelInfo {
                level: *level,
                bytes: std::fs::metadata(path).map(|m| m.len()).unwrap_or(0),
                header: read_header(path).map(|h| LevelHeader {
                    positions: h.count,
                    build_millis: h.build_millis,
                }),
            })
            .collect()
    }
}

impl RulesetDir {
    /// Every folder of the table directory `dir` that holds level files, by
    /// key; none when `dir` does not exist. An error when a folder cannot be
    /// read (named by `dir`), or when a level file's name is something other
    /// than a regular file.
    ///
    /// ```
    /// use ayo_engine::tables::{Builder, RulesetDir};
    /// use ayo_rules::Ruleset;
    ///
    /// let dir = tempfile::tempdir().unwrap();
    /// Builder::new(&Ruleset::RUSS).build_dir(dir.path(), 2, &|_| {}).unwrap();
    /// let found = RulesetDir::list(dir.path()).unwrap();
    /// assert_eq!(found[0].key, "russ");
    /// let levels: Vec<u8> = found[0].levels.iter().map(|l| l.0).collect();
    /// assert_eq!(levels, [1, 2]);
    /// ```
    pub fn list(dir: &Path) -> Result<Vec<RulesetDir>, TableError> {
        let io_err = |source: io::Error| TableError::Io {
            path: dir.to_path_buf(),
            source,
        };
        let mut found = Vec::new();
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(found),
            Err(e) => return Err(io_err(e)),
        };
        for entry in entries {
            let entry = entry.map_err(io_err)?;
            let path = entry.path();
            if !path.is_dir() {
                continue;
            }
            let mut levels = Vec::new();
            for f in std::fs::read_dir(&path).map_err(io_err)? {
                let f = f.map_err(io_err)?;
                if let Some(level) = f.file_name().to_str().and_then(file::level_of_file_name) {
                    // A named pipe would block, a directory is no level: stop at
                    // once, naming it.
                    file::check_regular(&f.path())?;
                    levels.push((level, f.path()));
                }
            }
            if levels.is_empty() {
                continue;
            }
            levels.sort();
            // The key is the header's; a header that cannot be read leaves the
            // directory's name, and the error for verify to report.
            let header = read_header(&levels[0].1);
            let key = match &header {
                Ok(h) => h.rules.clone(),
                Err(_) => entry.file_name().to_string_lossy().replace('_', " "),
            };
            let rules = header
                .map_err(FolderError::from)
                .and_then(|h| Ok(h.rules.parse::<Ruleset>()?));
            found.push(RulesetDir {
                path,
                rules,
                key,
                levels,
            });
        }
        found.sort_by(|a, b| a.key.cmp(&b.key));
        Ok(found)
    }
}

/// The header of a level file.
fn read_header(path: &Path) -> Result<Header, TableError> {
    let mut head = [0u8; HEADER_LEN];
    let mut f = file::open_regular(path)?;
    f.read_exact(&mut head).map_err(|_| TableError::BadHeader {
        path: path.to_path_buf(),
        what: "shorter than a header",
    })?;
    Header::decode(&head, path)
}

/// What a folder holding no ruleset folder looks like instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LooksLike {
    /// It holds level files itself.
    HoldsLevels,
    /// Its name is a ruleset's folder's name.
    RulesetName,
}

impl std::fmt::Display for LooksLike {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LooksLike::HoldsLevels => "it holds level files, as one ruleset's folder does",
            LooksLike::RulesetName => "it is named like one ruleset's folder",
        })
    }
}

/// Why [`Tables::verify_dir`] stopped, or checked nothing.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// The directory does not exist.
    #[error("{}: no such directory", .0.display())]
    NoDirectory(PathBuf),
    /// The directory holds no ruleset folder, and looks like one ruleset's
    /// folder itself: the folder above it is what was meant.
    #[error("no tables in {}: {looks}; did you mean the folder above it, {above}?", .dir.display())]
    RulesetFolder {
        /// The directory.
        dir: PathBuf,
        /// Why it looks like a ruleset's folder.
        looks: LooksLike,
        /// The folder above it, as it would be written.
        above: String,
    },
    /// The directory holds no ruleset folder with levels.
    #[error(
        "no tables in {} (a table directory holds one folder a ruleset, as `ayo tables build` makes)",
        .0.display()
    )]
    NoTables(PathBuf),
    /// A folder could not be read, or a level could not be checked.
    #[error(transparent)]
    Table(#[from] TableError),
}

/// What [`Tables::verify_dir`] found of one folder or level file, in order.
#[derive(Debug)]
pub enum Checked {
    /// A ruleset folder whose ruleset is unknown: its levels are not
    /// checked.
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        error: FolderError,
    },
    /// A level file that cannot be opened, or whose header or checksum is
    /// wrong. [`TableError::Io`] and [`TableError::NotAFile`] say it could
    /// not be read; the others, that it is damaged.
    Unreadable(TableError),
    /// A level read whole but not checked against its moves: a level below
    /// it is missing or damaged.
    Unchecked(PathBuf),
    /// A level some of whose values disagree with their moves:
    /// [`TableError::Inconsistent`] on the first of them.
    Inconsistent {
        /// The first disagreement.
        error: TableError,
        /// How many positions disagree.
        mismatches: u64,
        /// Of how many.
        positions: u64,
    },
    /// A level every value of which agrees with its moves.
    Ok {
        /// The table key.
        key: String,
        /// The level.
        level: u8,
        /// Its positions.
        positions: u64,
    },
}

impl Checked {
    /// Whether the level was checked and found right ([`Checked::Ok`]).
    pub fn is_ok(&self) -> bool {
        matches!(self, Checked::Ok { .. })
    }

    /// Whether a level file could not be read at all (rather than read and
    /// found damaged or wrong): [`TableError::Io`] and
    /// [`TableError::NotAFile`].
    pub fn is_unreadable(&self) -> bool {
        matches!(
            self,
            Checked::Unreadable(TableError::Io { .. } | TableError::NotAFile { .. })
        )
    }
}

/// What was found, as `ayo tables verify` says it: the problem, or the
/// level found right.
impl std::fmt::Display for Checked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Checked::Folder { path, error } => write!(f, "{}: {error}", path.display()),
            Checked::Unreadable(e) => write!(f, "{e}"),
            Checked::Unchecked(path) => write!(
                f,
                "{}: not checked against its moves: a level below it is missing or damaged",
                path.display()
            ),
            Checked::Inconsistent {
                error,
                mismatches,
                positions,
            } => write!(
                f,
                "{error} ({mismatches} of {positions} positions disagree)"
            ),
            Checked::Ok {
                key,
                level,
                positions,
            } => {
                let s = if *positions == 1 { "" } else { "s" };
                write!(f, "{key}: level {level}: {positions} position{s} ok")
            }
        }
    }
}

impl Tables {
    /// Checks every table in the directory `dir`, level by level on `threads`
    /// threads: headers, checksums, and every value against its moves (one pass
    /// of the recurrence), telling `found` what it finds as it goes; `found`
    /// stops the check early by returning [`ControlFlow::Break`]. An error when
    /// there is nothing to check (checking nothing passes nothing), or when the
    /// directory cannot be read.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    ///
    /// use ayo_engine::tables::{Builder, Checked, Tables};
    /// use ayo_rules::Ruleset;
    ///
    /// let dir = tempfile::tempdir().unwrap();
    /// Builder::new(&Ruleset::RUSS).build_dir(dir.path(), 2, &|_| {}).unwrap();
    /// let mut ok = Vec::new();
    /// Tables::verify_dir(dir.path(), 1, |c| {
    ///     if let Checked::Ok { level, .. } = c {
    ///         ok.push(level);
    ///     }
    ///     ControlFlow::Continue(())
    /// })
    /// .unwrap();
    /// assert_eq!(ok, [1, 2]);
    /// ```
    pub fn verify_dir(
        dir: &Path,
        threads: usize,
        mut found: impl FnMut(Checked) -> ControlFlow<()>,
    ) -> Result<(), VerifyError> {
        let dirs = RulesetDir::list(dir)?;
        if dirs.is_empty() {
            return Err(nothing_to_verify(dir));
        }
        for rd in dirs {
            let flow = match rd.rules {
                Ok(rules) => verify_ruleset(&rules, &rd.levels, threads, &mut found)?,
                Err(error) => found(Checked::Folder {
                    path: rd.path,
                    error,
                }),
            };
            if flow.is_break() {
                break;
            }
        }
        Ok(())
    }
}

/// Checks one ruleset's level files.
fn verify_ruleset(
    rules: &Ruleset,
    levels: &[(u8, PathBuf)],
    threads: usize,
    found: &mut impl FnMut(Checked) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, TableError> {
    let key = table_key(rules);
    let Some(values) = read_levels(rules, &key, levels, found) else {
        return Ok(ControlFlow::Break(()));
    };
    for (level, path) in levels {
        let n = usize::from(*level);
        let Some(slices) = values[..=n]
            .iter()
            .map(|v| v.as_deref())
            .collect::<Option<Vec<&[u8]>>>()
        else {
            if values[n].is_some() && found(Checked::Unchecked(path.clone())).is_break() {
                return Ok(ControlFlow::Break(()));
            }
            continue;
        };
        let report = verify_level(
            rules,
            ayo_rules::Engine::DEFAULT_MAX_LAPS,
            *level,
            &slices,
            threads,
        )?;
        let flow = found(match report.first {
            Some((position, stored, computed)) => Checked::Inconsistent {
                error: TableError::Inconsistent {
                    path: path.clone(),
                    position,
                    stored,
                    computed,
                },
                mismatches: report.mismatches,
                positions: report.positions,
            },
            None => Checked::Ok {
                key: key.clone(),
                level: *level,
                positions: report.positions,
            },
        });
        if flow.is_break() {
            return Ok(flow);
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// Each level's values, by level (level 0's, the empty board, included),
/// once read and checked; `None` for the levels missing or unreadable (and
/// reported). `None` when `found` stops the check.
fn read_levels(
    rules: &Ruleset,
    key: &str,
    levels: &[(u8, PathBuf)],
    found: &mut impl FnMut(Checked) -> ControlFlow<()>,
) -> Option<Vec<Option<Vec<u8>>>> {
    let ring = 2 * usize::from(rules.pits());
    let top = levels.last().map_or(0, |l| l.0);
    let mut values: Vec<Option<Vec<u8>>> = (0..=top).map(|_| None).collect();
    values[0] = Some(vec![0]);
    for (level, path) in levels {
        let count = level_count(ring, usize::from(*level)).unwrap_or(u64::MAX);
        let expect = Expect {
            rules: key,
            pits: rules.pits(),
            level: *level,
            count,
        };
        match file::open_level(path, expect, false) {
            Ok(f) => {
                values[usize::from(*level)] = Some(match f.body {
                    Body::Owned(v) => v,
                    Body::Mapped(m) => m[HEADER_LEN..].to_vec(),
                })
            }
            Err(e) => {
                if found(Checked::Unreadable(e)).is_break() {
                    return None;
                }
            }
        }
    }
    Some(values)
}

/// Why [`Tables::verify_dir`] found nothing to check in `dir`: it does not exist,
/// or it holds no ruleset folder with levels; when it looks like one
/// ruleset's folder itself, the folder above it is what was meant.
fn nothing_to_verify(dir: &Path) -> VerifyError {
    if !dir.exists() {
        return VerifyError::NoDirectory(dir.to_path_buf());
    }
    let holds_levels = std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            e.file_name()
                .to_str()
                .and_then(file::level_of_file_name)
                .is_some()
        })
    });
    let named_like_ruleset = dir
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.replace('_', " ").parse::<Ruleset>().is_ok());
    let looks = match (holds_levels, named_like_ruleset) {
        (true, _) => LooksLike::HoldsLevels,
        (false, true) => LooksLike::RulesetName,
        (false, false) => return VerifyError::NoTables(dir.to_path_buf()),
    };
    let above = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.display().to_string(),
        _ => "..".to_string(),
    };
    VerifyError::RulesetFolder {
        dir: dir.to_path_buf(),
        looks,
        above,
    }
}

/// A position's exact value from the tables, as [`Probed::of`] gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probed {
    /// The net gain of the side to move.
    pub net_gain: i8,
    /// Net gain plus store difference ([`Tables::value_of`]): its sign is the side
    /// to move's win, draw or loss.
    pub value: i32,
    /// The exact final score, doubled, South's first ([`Tables::doubled_score`]);
    /// `None` under `end=majority`.
    pub doubled_score: Option<[i64; 2]>,
    /// Whether the game is over already: a store holds a majority under
    /// `end=majority`. Then there are no moves.
    pub over: bool,
    /// Each legal move's net gain for the mover.
    pub moves: Vec<MoveGain>,
}

impl Probed {
    /// The exact value of `pos` under a ruleset ending by `end`, and of each of
    /// its moves. An error when the position is outside the tables.
    ///
    /// ```
    /// use ayo_engine::tables::{Builder, Probed, Tables};
    /// use ayo_rules::{End, Position, Ruleset};
    ///
    /// let dir = tempfile::tempdir().unwrap();
    /// Builder::new(&Ruleset::RUSS).build_dir(dir.path(), 3, &|_| {}).unwrap();
    /// let tables = Tables::open(dir.path(), &Ruleset::RUSS).unwrap();
    /// let pos = Position::from_setup("0,0,0,0,0,1/0,1,1,0,0,0 20-25 S", &Ruleset::RUSS).unwrap();
    /// let p = Probed::of(&tables, &pos, End::Exhaustion).unwrap();
    /// assert_eq!((p.net_gain, p.value, p.doubled_score), (3, -2, Some([46, 50])));
    /// ```
    pub fn of(tables: &Tables, pos: &Position, end: End) -> Result<Probed, TableError> {
        let net_gain = tables.require(pos)?;
        let over = end == End::Majority && {
            let total = pos.total_seeds();
            pos.stores().iter().any(|&s| 2 * u32::from(s) > total)
        };
        let moves = if over {
            Vec::new()
        } else {
            tables.move_gains(pos)?
        };
        Ok(Probed {
            net_gain,
            value: value_of(pos, net_gain),
            doubled_score: (end == End::Exhaustion).then(|| doubled_score(pos, net_gain)),
            over,
            moves,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_verify_found_is_said_in_one_line() {
        let ok = Checked::Ok {
            key: "russ".to_string(),
            level: 3,
            positions: 1,
        };
        assert!(ok.is_ok() && !ok.is_unreadable());
        assert_eq!(ok.to_string(), "russ: level 3: 1 position ok");
        let damaged = Checked::Unreadable(TableError::Checksum {
            path: PathBuf::from("t/3.tbl"),
        });
        assert!(!damaged.is_ok() && !damaged.is_unreadable());
        assert!(damaged.to_string().starts_with("t/3.tbl: the values"));
        let gone = Checked::Unreadable(TableError::Io {
            path: PathBuf::from("t/5.tbl"),
            source: io::Error::from(io::ErrorKind::NotFound),
        });
        assert!(gone.is_unreadable());
        let unchecked = Checked::Unchecked(PathBuf::from("t/4.tbl"));
        assert!(unchecked.to_string().starts_with("t/4.tbl: not checked"));
        let wrong = Checked::Inconsistent {
            error: TableError::RulesTooLong("x".to_string()),
            mismatches: 2,
            positions: 9,
        };
        assert!(wrong.to_string().ends_with("(2 of 9 positions disagree)"));
    }
}
