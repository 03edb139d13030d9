//! The games of the served folder: its `.ayo` files (regular files directly
//! in it; links and subfolders are skipped, so nothing outside it is read),
//! indexed by id, and read again when a file's size or modification time
//! changes.
//!
//! A game's id is its file's name without `.ayo`, a colon and its place in
//! the file from 1 (`club-night:3`). Requests name games only by id, looked
//! up in this index: no part of a request is ever joined to a path.

use std::collections::BTreeMap;
use std::fs;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use ayo::diagnostics::Diagnostic;
use ayo::notation::{GameReader, RawGame};
use ayo::replay::{Game, Options, QuickCheck};
use serde::Serialize;

/// One game of the index: where it is and its tags.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Entry {
    /// `<file stem>:<n>`.
    pub id: String,
    /// The file's name (in the served folder).
    pub file: String,
    /// The game's place in its file, from 1.
    pub game: usize,
    /// The tag pairs in file order (empty when the tag section does not
    /// parse).
    pub tags: Vec<(String, String)>,
    /// Whether `ayo validate` finds no error in the game (warnings allowed).
    pub valid: bool,
    /// Its errors as `ayo validate` words them, in the order found (empty
    /// when valid).
    pub errors: Vec<Diagnostic>,
}

/// The errors of `raw`, as `ayo validate` finds them: its syntax error, or
/// what replaying it under its Rules tag (else russ) finds. As there, the
/// quick check vouches for most games without parsing them into a tree.
fn errors_of(quick: &mut QuickCheck, raw: &RawGame) -> Vec<Diagnostic> {
    let opts = Options::default();
    if raw.too_large.is_none() && quick.is_valid(&raw.bytes, &opts) {
        return Vec::new();
    }
    let diagnostics = match raw.parse() {
        Ok(record) => Game::check(&record, &opts),
        Err(e) => vec![Diagnostic::from(e)],
    };
    diagnostics
        .into_iter()
        .filter(Diagnostic::is_error)
        .collect()
}

/// A file as indexed: what it was when read, and its games.
struct Indexed {
    len: u64,
    modified: Option<SystemTime>,
    games: Vec<RawGame>,
    entries: Vec<Entry>,
}

/// The index of a folder's games.
pub struct Archive {
    dir: PathBuf,
    files: BTreeMap<String, Indexed>,
}

/// A game found by id: its file's name and the game as read.
pub struct Found {
    /// The file's name.
    pub file: String,
    /// The game as read.
    pub raw: RawGame,
}

/// Whether `name` is a name this server reads and writes: a plain file name
/// ending in `.ayo`, with no separator, no leading dot and no control
/// character, so that it can only name a file directly in the folder.
pub fn plain_name(name: &str) -> bool {
    name.len() > 4
        && name.len() <= 255
        && name.ends_with(".ayo")
        && !name.starts_with('.')
        && !name
            .chars()
            .any(|c| c == '/' || c == '\\' || c == ':' || c.is_control())
}

/// The regular files of `dir` that `plain_name` accepts, with their size and
/// modification time. Links are not followed: one pointing outside the
/// folder is not read.
fn listing(dir: &Path) -> std::io::Result<Vec<(String, u64, Option<SystemTime>)>> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        if !plain_name(&name) {
            continue;
        }
        // `DirEntry::metadata` does not follow links.
        let Ok(meta) = entry.metadata() else { continue };
        if meta.is_file() {
            out.push((name, meta.len(), meta.modified().ok()));
        }
    }
    Ok(out)
}

/// Reads the games of one file.
fn read_file(dir: &Path, name: &str, len: u64, modified: Option<SystemTime>) -> Indexed {
    let stem = &name[..name.len() - 4];
    let mut games = Vec::new();
    if let Ok(file) = fs::File::open(dir.join(name)) {
        for raw in GameReader::new(BufReader::new(file)).map_while(Result::ok) {
            games.push(raw);
        }
    }
    let mut quick = QuickCheck::new();
    let entries = games
        .iter()
        .map(|raw| {
            let errors = errors_of(&mut quick, raw);
            Entry {
                id: format!("{stem}:{}", raw.index + 1),
                file: name.to_string(),
                game: raw.index + 1,
                tags: raw
                    .tags()
                    .unwrap_or_default()
                    .into_iter()
                    .map(|t| (t.name.into_owned(), t.value))
                    .collect(),
                valid: errors.is_empty(),
                errors,
            }
        })
        .collect();
    Indexed {
        len,
        modified,
        games,
        entries,
    }
}

impl Archive {
    /// The index of `dir`, read now.
    pub fn open(dir: &Path) -> std::io::Result<Archive> {
        let mut archive = Archive {
            dir: dir.to_path_buf(),
            files: BTreeMap::new(),
        };
        archive.refresh()?;
        Ok(archive)
    }

    /// Reads again the files that changed (size or modification time), new
    /// files, and forgets removed ones.
    pub fn refresh(&mut self) -> std::io::Result<()> {
        let listed = listing(&self.dir)?;
        let names: std::collections::BTreeSet<&str> =
            listed.iter().map(|(n, _, _)| n.as_str()).collect();
        self.files.retain(|name, _| names.contains(name.as_str()));
        for (name, len, modified) in &listed {
            let same = self
                .files
                .get(name)
                .is_some_and(|f| f.len == *len && f.modified == *modified);
            if !same {
                let indexed = read_file(&self.dir, name, *len, *modified);
                self.files.insert(name.clone(), indexed);
            }
        }
        Ok(())
    }

    /// Every game, by file name then place.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.files.values().flat_map(|f| f.entries.iter())
    }

    /// Every game with its entry, by file name then place.
    pub fn games(&self) -> impl Iterator<Item = (&Entry, &RawGame)> {
        self.files
            .values()
            .flat_map(|f| f.entries.iter().zip(f.games.iter()))
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.files.values().map(|f| f.games.len()).sum()
    }

    /// Whether there is no game.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The game of id `id`.
    pub fn find(&self, id: &str) -> Option<Found> {
        let (stem, n) = id.rsplit_once(':')?;
        let n: usize = n.parse().ok()?;
        let file = format!("{stem}.ayo");
        let indexed = self.files.get(&file)?;
        let raw = indexed.games.iter().find(|g| g.index + 1 == n)?;
        Some(Found {
            file,
            raw: raw.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_are_served() {
        assert!(plain_name("club night.ayo"));
        for name in [
            "../x.ayo",
            "/etc/x.ayo",
            "a/b.ayo",
            "a\\b.ayo",
            ".ayo",
            ".hidden.ayo",
            "x.txt",
            "c:x.ayo",
            "x\n.ayo",
        ] {
            assert!(!plain_name(name), "{name:?}");
        }
    }
}
