//! Exact endgame tables: every position with up to N seeds on the board,
//! solved.
//!
//! A table holds, for a ruleset and every board with `n` seeds and the side to
//! move, the **net gain** of the side to move under `end=exhaustion` with the
//! ruleset's other keys (RULES.md, "Conventions for analysis"): what the mover
//! nets from the seeds on the board with perfect play by both sides, a line
//! that never ends counting as an even split of the seeds left. From it follow
//! the exact final score under `end=exhaustion` and the exact win, draw or
//! loss under `end=majority` (the sign of store difference plus net gain).
//!
//! A table directory as a whole: [`RulesetDir::list`], [`Tables::verify_dir`], [`Probed::of`].
//!
//! ```
//! use ayo_rules::{Position, Ruleset};
//! use ayo_engine::tables::{Builder, Tables};
//!
//! let rules: Ruleset = "russ".parse().unwrap();
//! let dir = tempfile::tempdir().unwrap();
//! Builder::new(&rules).build_dir(dir.path(), 3, &|_| {}).unwrap();
//! let tables = Tables::open(dir.path(), &rules).unwrap();
//! // With best play South nets all three seeds on the board.
//! let pos = Position::from_setup("0,0,0,0,0,1/0,1,1,0,0,0 20-25 S", &rules).unwrap();
//! assert_eq!(tables.net_gain(&pos), Some(3));
//! ```

use std::path::{Path, PathBuf};

use ayo_rules::{End, Position, Ruleset, Side};

mod build;
mod dir;
mod file;
mod index;
mod probe;

pub use build::{Builder, LevelStats, Progress};
pub use dir::{Checked, Probed, RulesetDir};
// The parts of those results (a level's header and figures, a move's gain,
// what a folder holds, why a check failed) are read through them: their
// types are not named by a path of their own.
pub(crate) use probe::MoveGain;
pub use probe::Tables;

/// See [`Tables::MAX_LEVEL`].
pub(crate) const MAX_LEVEL: u8 = 127;

/// Why a table could not be built, opened or probed.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// A file or directory could not be read or written.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A name a level file would have is something other than a regular
    /// file: a named pipe, a directory, a device.
    #[error("{}: is {what}, not a table file", .path.display())]
    NotAFile {
        /// The name.
        path: PathBuf,
        /// What it is instead ("a named pipe", "a link to a character
        /// device").
        what: String,
    },
    /// The file is not a table file, or its header is damaged.
    #[error("{}: {what}", .path.display())]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        what: &'static str,
    },
    /// The file was written by another version of the format.
    #[error("{}: format version {found}, this program reads version {}", .path.display(), file::VERSION)]
    Version {
        /// The file.
        path: PathBuf,
        /// The version it says.
        found: u32,
    },
    /// A header field disagrees with what the file should be.
    #[error("{}: the header says {field} {found}, expected {expected}", .path.display())]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// Which field.
        field: &'static str,
        /// What it should be.
        expected: String,
        /// What it is.
        found: String,
    },
    /// The values do not match the header's checksum.
    #[error("{}: the values do not match the checksum (a damaged file)", .path.display())]
    Checksum {
        /// The file.
        path: PathBuf,
    },
    /// The ruleset string does not fit in a header.
    #[error("ruleset string too long for a table header: {0}")]
    RulesTooLong(String),
    /// A relay was still undecided at the lap limit: the build stops rather
    /// than guess whether the move exists.
    #[error("position {position}: a relay is undecided after {laps} laps; raise the lap limit")]
    Undecided {
        /// The position, as a set-up string (South to move, empty stores).
        position: String,
        /// The lap limit.
        laps: u64,
    },
    /// A level is too large to build on this machine (its positions are
    /// indexed by `u32` while building).
    #[error("level {level} has {positions} positions, more than a build can index")]
    TooLarge {
        /// The level.
        level: u8,
        /// Its positions.
        positions: u64,
    },
    /// A level beyond what a table can hold.
    #[error("level {0} is above the highest a table holds ({MAX_LEVEL})")]
    LevelTooHigh(u64),
    /// A level needed is not in the directory.
    #[error("level {level} is not in {}: {}", .dir.display(), present_text(.present))]
    Missing {
        /// The table directory.
        dir: PathBuf,
        /// The level needed (seeds on the board).
        level: u32,
        /// The levels there.
        present: Vec<u8>,
    },
    /// The position's board does not have the table's pits.
    #[error("the position has {found} pits a row, the table {expected}")]
    WrongBoard {
        /// The table's pits.
        expected: u8,
        /// The position's.
        found: u8,
    },
    /// A level file says the opposite of what its moves give.
    #[error("{}: position {position} holds {stored}, its moves give {computed}", .path.display())]
    Inconsistent {
        /// The file.
        path: PathBuf,
        /// The position, as a set-up string.
        position: String,
        /// The stored value.
        stored: i8,
        /// One pass of the recurrence.
        computed: i8,
    },
}

impl Tables {
    /// "levels 1-5, 7 present", or "no levels present": the levels of a
    /// [`RulesetDir`] or of [`Tables::levels`] in a sentence.
    ///
    /// ```
    /// use ayo_engine::tables::Tables;
    /// assert_eq!(Tables::present_text(&[1, 2, 3, 5]), "levels 1-3, 5 present");
    /// ```
    pub fn present_text(present: &[u8]) -> String {
        present_text(present)
    }
}

/// See [`Tables::present_text`].
pub(crate) fn present_text(present: &[u8]) -> String {
    if present.is_empty() {
        return "no levels present".to_string();
    }
    let mut parts = Vec::new();
    let mut i = 0;
    while i < present.len() {
        let mut j = i;
        while j + 1 < present.len() && present[j + 1] == present[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            present[i].to_string()
        } else {
            format!("{}-{}", present[i], present[j])
        });
        i = j + 1;
    }
    let s = if present.len() == 1 { "" } else { "s" };
    format!("level{s} {} present", parts.join(", "))
}

impl Tables {
    /// The highest level a table can hold: values are single signed bytes.
    pub const MAX_LEVEL: u8 = MAX_LEVEL;

    /// The ruleset a table is built for: `rules` played to exhaustion. The
    /// `seeds` key (seeds a pit at the start) plays no part in a position's value,
    /// so it is set to its default too: `russ seeds=3` shares `russ`'s tables.
    pub fn rules_for(rules: &Ruleset) -> Ruleset {
        table_rules(rules)
    }

    /// The key of a table: its ruleset string without the `end` key (and with the
    /// default `seeds`), as written in every header. `russ` and `russ
    /// end=exhaustion` share the key `russ`.
    pub fn key(rules: &Ruleset) -> String {
        table_key(rules)
    }

    /// The subdirectory of a table directory that holds one ruleset's levels:
    /// its key with spaces as underscores (`endodoi_pits=8`).
    pub fn ruleset_dir(dir: &Path, rules: &Ruleset) -> PathBuf {
        ruleset_dir(dir, rules)
    }

    /// The default table directory: `$AYO_TABLES`, else
    /// `$XDG_DATA_HOME/ayo/tables`, else `~/.local/share/ayo/tables` (the XDG
    /// base directory default), else `ayo-tables` in the current directory when
    /// there is no home.
    pub fn default_dir() -> PathBuf {
        default_dir()
    }

    /// Net gain plus store difference: the exact value of a position for the side
    /// to move under `end=exhaustion`, and under `end=majority` its sign.
    pub fn value_of(pos: &Position, net_gain: i8) -> i32 {
        value_of(pos, net_gain)
    }

    /// The exact final score `[south, north]` under `end=exhaustion`, doubled
    /// (a line that never ends splits an odd number of seeds into halves).
    pub fn doubled_score(pos: &Position, net_gain: i8) -> [i64; 2] {
        doubled_score(pos, net_gain)
    }
}

/// The ruleset a table is built for: `rules` played to exhaustion. The
/// `seeds` key (seeds a pit at the start) plays no part in a position's value,
/// so it is set to its default too: `russ seeds=3` shares `russ`'s tables.
pub(crate) fn table_rules(rules: &Ruleset) -> Ruleset {
    let seeds = Ruleset::RUSS.seeds();
    rules
        .with_end(End::Exhaustion)
        .with_seeds(seeds)
        .unwrap_or(*rules)
        .with_end(End::Exhaustion)
}

/// The key of a table: its ruleset string without the `end` key (and with the
/// default `seeds`), as written in every header. `russ` and `russ
/// end=exhaustion` share the key `russ`.
pub(crate) fn table_key(rules: &Ruleset) -> String {
    table_rules(rules).with_end(End::Majority).to_string()
}

/// The subdirectory of a table directory that holds one ruleset's levels:
/// its key with spaces as underscores (`endodoi_pits=8`).
pub(crate) fn ruleset_dir(dir: &Path, rules: &Ruleset) -> PathBuf {
    dir.join(table_key(rules).replace(' ', "_"))
}

/// The default table directory: `$AYO_TABLES`, else
/// `$XDG_DATA_HOME/ayo/tables`, else `~/.local/share/ayo/tables` (the XDG
/// base directory default), else `ayo-tables` in the current directory when
/// there is no home.
pub(crate) fn default_dir() -> PathBuf {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("AYO_TABLES") {
        return PathBuf::from(dir);
    }
    if let Some(data) = var("XDG_DATA_HOME") {
        return PathBuf::from(data).join("ayo").join("tables");
    }
    match var("HOME") {
        Some(home) => PathBuf::from(home).join(".local/share/ayo/tables"),
        None => PathBuf::from("ayo-tables"),
    }
}

/// The board of a position as its mover sees it: the ring read from the
/// mover's first pit.
pub(crate) fn mover_board(pos: &Position) -> Vec<u16> {
    let board = pos.board();
    let pits = usize::from(pos.pits());
    let start = match pos.to_move() {
        Side::South => 0,
        Side::North => pits,
    };
    (0..board.len())
        .map(|i| board[(start + i) % board.len()])
        .collect()
}

/// Net gain plus store difference: the exact value of a position for the side
/// to move under `end=exhaustion`, and under `end=majority` its sign.
pub(crate) fn value_of(pos: &Position, net_gain: i8) -> i32 {
    let stores = pos.stores();
    let me = pos.to_move().index();
    i32::from(stores[me]) - i32::from(stores[1 - me]) + i32::from(net_gain)
}

/// The exact final score `[south, north]` under `end=exhaustion`, doubled
/// (a line that never ends splits an odd number of seeds into halves).
pub(crate) fn doubled_score(pos: &Position, net_gain: i8) -> [i64; 2] {
    let total = i64::from(pos.total_seeds());
    let diff = i64::from(value_of(pos, net_gain));
    // mover + other = total, mover - other = diff.
    let mover = total + diff;
    let other = total - diff;
    match pos.to_move() {
        Side::South => [mover, other],
        Side::North => [other, mover],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_drop_end_and_seeds() {
        let k = |s: &str| table_key(&s.parse::<Ruleset>().unwrap());
        assert_eq!(k("russ"), "russ");
        assert_eq!(k("russ end=exhaustion"), "russ");
        assert_eq!(k("russ seeds=3"), "russ");
        assert_eq!(k("endodoi pits=8 end=exhaustion"), "endodoi pits=8");
        assert_eq!(k("russ capture-seed=stays"), "russ capture-seed=stays");
    }

    #[test]
    fn present() {
        assert_eq!(present_text(&[]), "no levels present");
        assert_eq!(present_text(&[3]), "level 3 present");
        assert_eq!(
            present_text(&[1, 2, 3, 5, 7, 8]),
            "levels 1-3, 5, 7-8 present"
        );
    }
}
