//! The safe-write functions: a temporary file beside the target, then a rename.
//!
//! Two ways to write, one mechanism:
//!
//! - [`write_new`] creates an output file. A link at its name is replaced,
//!   never followed; a file already there is refused unless the caller
//!   forces it.
//! - [`InPlace::replace`] rewrites a file in place (`ayo fmt --write`). The
//!   caller takes a [`Snapshot`] when it reads the file ([`InPlace::read`])
//!   and hands it back with the new text; the file is replaced only if it is
//!   still the one that was read, and the new file keeps its permissions and,
//!   where the system allows it (as root), its owner and group.
//!
//! # Temporary files
//!
//! Every temporary file is written in the folder of the file it will become
//! and named `.NAME.ayo-PID-XXXXXX.tmp`: `NAME` is the final name (cut to
//! 100 bytes), `PID` the id of the writing process and `XXXXXX`
//! six random letters or digits. It is flushed to disk before the rename, so
//! a reader (or a crash) sees the old file or the new one, never a mix.
//!
//! While it exists, a temporary file is listed in a registry of this
//! process: [`HeldBack::remove_temporaries`] removes every one listed, for a signal
//! handler to call just before the process exits (the library installs no
//! handler; the binary does). A temporary file left by a process that could
//! not clean up (SIGKILL, a power cut) is found by [`sweep_stale`] from its
//! name: its process is no longer running.

use std::collections::HashSet;
use std::fs::{self, File, Metadata};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::SystemTime;

/// What to do when the name is already taken by a file this run did not write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Refuse: the write fails with [`io::ErrorKind::AlreadyExists`].
    Refuse,
    /// Replace it (`--force`). A link is replaced, never the file it points to.
    Replace,
}

impl Existing {
    /// [`Existing::Replace`] when `force` (a `--force` given), else
    /// [`Existing::Refuse`].
    ///
    /// ```
    /// use ayo_files::write::Existing;
    /// assert_eq!(Existing::replacing(true), Existing::Replace);
    /// assert_eq!(Existing::replacing(false), Existing::Refuse);
    /// ```
    pub fn replacing(force: bool) -> Existing {
        if force {
            Existing::Replace
        } else {
            Existing::Refuse
        }
    }
}

/// Writes a new file at `path`, its content written by `fill` into the
/// temporary file (which `fill` may also give other permissions).
///
/// The content goes to a temporary file in the same folder, flushed to disk, then
/// renamed to `path`: a reader sees no file or the whole file, and a link at
/// `path` is never followed. With [`Existing::Refuse`] the rename does not
/// replace anything already at `path` (a file, a link, even a dangling one).
/// The new file gets the permissions a new file gets (0666 less the umask).
///
/// ```
/// use std::io::Write;
/// use ayo_files::write::{write_new, Existing};
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("a.ayo");
/// write_new(&path, Existing::Refuse, |f| f.write_all(b"1. c *\n")).unwrap();
/// let again = write_new(&path, Existing::Refuse, |f| f.write_all(b"2")).unwrap_err();
/// assert_eq!(again.kind(), std::io::ErrorKind::AlreadyExists);
/// write_new(&path, Existing::Replace, |f| f.write_all(b"2")).unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"2");
/// ```
pub fn write_new(
    path: &Path,
    existing: Existing,
    fill: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let mut tmp = Temporary::beside(path)?;
    fill(tmp.file())?;
    tmp.file().sync_all()?;
    tmp.rename_to(path, existing, || Ok(()))
}

/// Whether something (a file, a folder, a link, even a dangling one) is at `path`.
pub(crate) fn taken(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok()
}

/// What a file was when it was opened to be read: enough to tell, later,
/// whether it is still the same file with the same content, and to give its
/// replacement the same permissions and owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// Size in bytes.
    pub len: u64,
    /// Last modification (`None` where the system does not keep it).
    pub modified: Option<SystemTime>,
    /// Device and inode: which file it is (0 where there are none).
    pub dev: u64,
    /// See `dev`.
    pub ino: u64,
    /// Names (hard links) the file has.
    pub nlink: u64,
    /// Permission bits (`st_mode & 0o7777`; 0o644 where there are none).
    pub mode: u32,
    /// Owner.
    pub uid: u32,
    /// Group.
    pub gid: u32,
    /// A regular file (not a folder, a pipe, a device).
    pub regular: bool,
}

impl Snapshot {
    /// The snapshot of a file's metadata (from [`File::metadata`], or
    /// [`fs::metadata`] to follow a link).
    pub fn of(meta: &Metadata) -> Snapshot {
        #[cfg(unix)]
        let (dev, ino, nlink, mode, uid, gid) = {
            use std::os::unix::fs::MetadataExt;
            let m = meta;
            (
                m.dev(),
                m.ino(),
                m.nlink(),
                m.mode() & 0o7777,
                m.uid(),
                m.gid(),
            )
        };
        #[cfg(not(unix))]
        let (dev, ino, nlink, mode, uid, gid) = (0, 0, 1, 0o644, 0, 0);
        Snapshot {
            len: meta.len(),
            modified: meta.modified().ok(),
            dev,
            ino,
            nlink,
            mode,
            uid,
            gid,
            regular: meta.is_file(),
        }
    }

    /// The same file (device and inode) with the same size and modification
    /// time: as far as can be told without reading it, the same content.
    pub fn same_file(&self, other: &Snapshot) -> bool {
        (self.dev, self.ino, self.len, self.modified)
            == (other.dev, other.ino, other.len, other.modified)
    }
}

/// Whether a file with other names may be replaced under this one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HardLinks {
    /// Refuse: [`Refused::HardLinks`].
    Refuse,
    /// Replace this name only (`--force`): the other names keep the old text.
    Split,
}

/// Why [`InPlace::replace`] left a file alone. It comes inside an [`io::Error`]
/// (kind `PermissionDenied` for [`Refused::ReadOnly`], `Other` for the rest);
/// [`Refused::of`] takes it out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// A folder, a pipe, a device: only a regular file is replaced.
    #[error("not a regular file: only a regular file can be rewritten")]
    NotAFile,
    /// No write permission bit is set, or this user may not write it.
    #[error("read-only: left as it is (give it write permission to rewrite it)")]
    ReadOnly,
    /// The file has other names, which a rename would leave with the old text.
    #[error("has {0} hard links: left as it is, since its other names would keep the old text")]
    HardLinks(u64),
    /// The file is no longer the one read (size, modification time or inode).
    #[error("changed since it was read: left as it is, nothing was written")]
    Changed,
}

impl Refused {
    /// The [`Refused`] inside an error from [`InPlace::replace`], if it is one.
    pub fn of(e: &io::Error) -> Option<&Refused> {
        refusal(e)
    }
}

/// See [`Refused::of`].
pub(crate) fn refusal(e: &io::Error) -> Option<&Refused> {
    e.get_ref()?.downcast_ref::<Refused>()
}

fn refused(why: Refused) -> io::Error {
    let kind = match why {
        Refused::ReadOnly => io::ErrorKind::PermissionDenied,
        _ => io::ErrorKind::Other,
    };
    io::Error::new(kind, why)
}

impl Snapshot {
    /// Opens `path` (through a link) to read it and take its [`Snapshot`] for
    /// [`InPlace::replace`]. Anything but a regular file is refused before it is opened,
    /// so a named pipe cannot block the run.
    pub fn open(path: &Path) -> io::Result<(File, Snapshot)> {
        open_to_replace(path)
    }
}

/// See [`Snapshot::open`].
pub(crate) fn open_to_replace(path: &Path) -> io::Result<(File, Snapshot)> {
    if !fs::metadata(path)?.is_file() {
        return Err(refused(Refused::NotAFile));
    }
    let file = File::open(path)?;
    let snapshot = Snapshot::of(&file.metadata()?);
    if !snapshot.regular {
        return Err(refused(Refused::NotAFile));
    }
    Ok((file, snapshot))
}

/// See [`InPlace::replace`].
pub(crate) fn replace(
    path: &Path,
    was: &Snapshot,
    bytes: &[u8],
    links: HardLinks,
) -> io::Result<()> {
    let target = fs::canonicalize(path)?;
    let now = Snapshot::of(&fs::metadata(&target)?);
    if !now.same_file(was) {
        return Err(refused(Refused::Changed));
    }
    check_replaceable(&target, &now, links)?;
    let mut tmp = Temporary::beside(&target)?;
    tmp.file().write_all(bytes)?;
    keep_owner_and_mode(tmp.file(), &now)?;
    tmp.file().sync_all()?;
    tmp.rename_to(&target, Existing::Replace, || {
        match fs::symlink_metadata(&target) {
            Ok(m) if Snapshot::of(&m).same_file(was) => Ok(()),
            Ok(_) => Err(refused(Refused::Changed)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Err(refused(Refused::Changed)),
            Err(e) => Err(e),
        }
    })?;
    // The rename is durable once the folder is on disk too.
    if let Some(dir) = target.parent() {
        let _ = File::open(dir).and_then(|d| d.sync_all());
    }
    Ok(())
}

/// The refusals of [`replace`] that do not depend on time.
fn check_replaceable(path: &Path, now: &Snapshot, links: HardLinks) -> io::Result<()> {
    if !now.regular {
        return Err(refused(Refused::NotAFile));
    }
    // No write bit means read-only even to root, who may write anything.
    // Opening for writing (which changes nothing) asks the system whether
    // this user may: the folder's permission would let a rename through.
    if now.mode & 0o222 == 0 {
        return Err(refused(Refused::ReadOnly));
    }
    if let Err(e) = fs::OpenOptions::new().write(true).open(path) {
        return Err(match e.kind() {
            io::ErrorKind::PermissionDenied => refused(Refused::ReadOnly),
            _ => e,
        });
    }
    if now.nlink > 1 && links == HardLinks::Refuse {
        return Err(refused(Refused::HardLinks(now.nlink)));
    }
    Ok(())
}

/// Gives `file` the owner, group and permissions of `was`. Only root may give
/// a file away: anyone else keeps the group when they belong to it, and
/// becomes the owner. The mode is set last, as a change of owner clears the
/// set-user-id bit.
fn keep_owner_and_mode(file: &File, was: &Snapshot) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt, fchown};
        let meta = file.metadata()?;
        if (meta.uid(), meta.gid()) != (was.uid, was.gid)
            && fchown(file, Some(was.uid), Some(was.gid)).is_err()
        {
            let _ = fchown(file, None, Some(was.gid));
        }
        file.set_permissions(fs::Permissions::from_mode(was.mode))?;
    }
    #[cfg(not(unix))]
    let _ = (file, was);
    Ok(())
}

/// How many bytes of the final name a temporary file's name carries.
pub(crate) const NAME_BYTES: usize = 100;

/// Between the final name and the process id in a temporary file's name.
const MARK: &str = ".ayo-";

/// The end of every temporary file's name.
const SUFFIX: &str = ".tmp";

/// The temporary files this process is writing.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic while it was held leaves a list that is still right.
    LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// While it lives, every write of this process waits: see
/// [`HeldBack::remove_temporaries`].
#[must_use = "writes are held back only while this lives"]
pub struct HeldBack(#[allow(dead_code)] MutexGuard<'static, Vec<PathBuf>>);

impl HeldBack {
    /// Removes every temporary file this process is writing, and holds every
    /// other write of the process back (none starts, none is renamed into place)
    /// for as long as the returned value lives. For a signal handler, just before
    /// the process exits.
    pub fn remove_temporaries() -> HeldBack {
        remove_temporaries()
    }
}

/// See [`HeldBack::remove_temporaries`].
pub(crate) fn remove_temporaries() -> HeldBack {
    let mut live = live();
    for path in live.drain(..) {
        let _ = fs::remove_file(path);
    }
    HeldBack(live)
}

/// Removes the temporary files in `dir` (by their documented name, see the
/// module) whose process is no longer running, and returns their paths with
/// those processes' ids. A process is running when `/proc/PID` exists; where
/// there is no `/proc`, nothing is removed. Anything that cannot be read or
/// removed is passed over: the sweep is a courtesy, not part of a write.
///
/// Process ids belong to one machine: a folder shared with another machine
/// may hold a temporary file of a process running there, which this removes.
/// That write then fails, and its file is left as it was.
pub fn sweep_stale(dir: &Path) -> Vec<(PathBuf, u32)> {
    let mut removed = Vec::new();
    if !Path::new("/proc/self").exists() {
        return removed;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return removed;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(writer_of) else {
            continue;
        };
        let running = pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists();
        // `file_type` does not follow a link: a link is not ours.
        if running || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.path();
        if fs::remove_file(&path).is_ok() {
            removed.push((path, pid));
        }
    }
    removed
}

/// The id of the process that wrote a temporary file, from its name, or
/// `None` when it is not a temporary file's name.
fn writer_of(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(SUFFIX)?;
    let (_, tail) = rest.rsplit_once(MARK)?;
    let (pid, random) = tail.split_once('-')?;
    let random_ok = random.len() == 6 && random.bytes().all(|b| b.is_ascii_alphanumeric());
    let pid_ok = !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit());
    if random_ok && pid_ok {
        pid.parse().ok()
    } else {
        None
    }
}

/// The longest start of `s` of at most `max` bytes that ends on a character.
fn cut(s: &str, max: usize) -> &str {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// A temporary file's entry in the registry of live temporary files: listed
/// when the file is made, unlisted when this is dropped (drop it after the
/// file is renamed or removed).
pub(crate) struct Listed(PathBuf);

impl Listed {
    /// Leaves the entry listed: its owner unlists it itself.
    fn keep(self) {
        let mut entry = std::mem::ManuallyDrop::new(self);
        drop(std::mem::take(&mut entry.0));
    }
}

impl Drop for Listed {
    fn drop(&mut self) {
        live().retain(|p| *p != self.0);
    }
}

/// A new temporary file for `path`: in its folder, with the documented name
/// (see the module), listed for [`remove_temporaries`] until the returned
/// [`Listed`] is dropped. For writers that stage files of their own
/// (`files::batch`).
pub(crate) fn temporary_for(path: &Path) -> io::Result<(tempfile::NamedTempFile, Listed)> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let prefix = format!(".{}{MARK}{}-", cut(&name, NAME_BYTES), std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(SUFFIX).rand_bytes(6);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // What a new file gets: the umask applies.
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    // Created and listed under the lock, so that a signal handler never
    // runs between the two.
    let mut live = live();
    let file = builder.tempfile_in(dir)?;
    let listed = file.path().to_path_buf();
    live.push(listed.clone());
    Ok((file, Listed(listed)))
}

/// A temporary file of this module: listed in [`LIVE`] from its creation to
/// its rename or removal, so that a signal handler finds it.
struct Temporary {
    /// `None` once renamed.
    file: Option<tempfile::NamedTempFile>,
}

impl Temporary {
    /// A new temporary file in the folder of `path`, named after it.
    fn beside(path: &Path) -> io::Result<Temporary> {
        let (file, listed) = temporary_for(path)?;
        // Unlisted from here on by `rename_to` and `Drop`, under a lock
        // they hold anyway.
        listed.keep();
        Ok(Temporary { file: Some(file) })
    }

    fn file(&mut self) -> &mut File {
        self.file
            .as_mut()
            .expect("a temporary file is used only before its rename")
            .as_file_mut()
    }

    /// Renames the temporary file to `path` if `check` passes; removes it
    /// otherwise. The check and the rename happen under the registry's lock,
    /// so that a signal handler sees the temporary file or the renamed one.
    fn rename_to(
        mut self,
        path: &Path,
        existing: Existing,
        check: impl FnOnce() -> io::Result<()>,
    ) -> io::Result<()> {
        let file = self.file.take().expect("renamed once");
        let mut live = live();
        let tmp_path = file.path().to_path_buf();
        let result = check().and_then(|()| {
            match existing {
                Existing::Refuse => file.persist_noclobber(path),
                Existing::Replace => file.persist(path),
            }
            .map(drop)
            // The temporary file comes back with the error, and is removed.
            .map_err(|e| e.error)
        });
        live.retain(|p| *p != tmp_path);
        result
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if let Some(file) = self.file.take() {
            let mut live = live();
            let tmp_path = file.path().to_path_buf();
            drop(file);
            live.retain(|p| *p != tmp_path);
        }
    }
}

/// Files rewritten in place one after another (`ayo fmt --write`): each
/// read whole with the [`Snapshot`] taken when it was opened, then replaced
/// by [`InPlace::replace`] under one [`HardLinks`] choice; before the first file of a
/// folder, the temporary files a killed process left there are swept.
///
/// ```
/// use ayo_files::write::{HardLinks, InPlace};
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("a.ayo");
/// std::fs::write(&path, "1.c *").unwrap();
/// let mut files = InPlace::new(HardLinks::Refuse);
/// assert!(files.sweep(&path).is_empty());
/// let (bytes, was) = files.read(&path).unwrap();
/// assert_eq!(bytes, b"1.c *");
/// files.replace(&path, &was, b"1. c *\n").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"1. c *\n");
/// ```
#[derive(Debug)]
pub struct InPlace {
    swept: HashSet<PathBuf>,
    links: HardLinks,
}

impl InPlace {
    /// Files with other hard links are refused or split as `links` says.
    pub fn new(links: HardLinks) -> InPlace {
        InPlace {
            swept: HashSet::new(),
            links,
        }
    }

    /// The first time the folder of `path` is met: the temporary files a
    /// killed process left there, removed (see [`sweep_stale`]). Empty for a
    /// folder already swept, and for a path that does not resolve.
    pub fn sweep(&mut self, path: &Path) -> Vec<(PathBuf, u32)> {
        let dir = fs::canonicalize(path)
            .ok()
            .and_then(|p| p.parent().map(Path::to_path_buf));
        match dir {
            Some(dir) if self.swept.insert(dir.clone()) => sweep_stale(&dir),
            _ => Vec::new(),
        }
    }

    /// Reads the whole file at `path` (see [`Snapshot::open`]), with its
    /// [`Snapshot`].
    pub fn read(&self, path: &Path) -> io::Result<(Vec<u8>, Snapshot)> {
        let (mut reader, was) = open_to_replace(path)?;
        let mut bytes = Vec::with_capacity(usize::try_from(was.len).unwrap_or(0));
        io::Read::read_to_end(&mut reader, &mut bytes)?;
        Ok((bytes, was))
    }

    /// Replaces the file at `path`, read when it was as `was`, by `bytes`.
    ///
    /// A link is followed: the file it points to is replaced, and the link stays.
    /// The file is refused ([`Refused`]) when it is not a regular file, is
    /// read-only, has other hard links (unless [`HardLinks::Split`] was given to [`InPlace::new`]), or is no
    /// longer the file that was read. Otherwise `bytes` go to a temporary file
    /// beside it, flushed to disk, given the file's permissions (and its owner
    /// and group where the system allows it: as root), and, when a last look
    /// finds the file still as it was read, renamed over it. On any failure the
    /// temporary file is removed and the file is as it was.
    ///
    /// The last look and the rename are two steps: a write that lands between
    /// them is lost. The window is a few microseconds, against the whole run
    /// without the look.
    pub fn replace(&self, path: &Path, was: &Snapshot, bytes: &[u8]) -> io::Result<()> {
        replace(path, was, bytes, self.links)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_say_who_wrote_them() {
        assert_eq!(writer_of(".a.ayo.ayo-1234-aZ09xy.tmp"), Some(1234));
        assert_eq!(writer_of(".x.ayo-5.ayo-77-abcdef.tmp"), Some(77));
        assert_eq!(writer_of("..ayo-77-abcdef.tmp"), Some(77));
        for other in [
            "a.ayo-1-abcdef.tmp",
            ".a.ayo-1-abcde.tmp",
            ".a.ayo-x-abcdef.tmp",
            ".a.ayo--abcdef.tmp",
            ".a.ayo-1-abcdef.tmp~",
            ".a-1-abcdef.tmp",
            ".ayo-fmt-abcdef.tmp",
        ] {
            assert_eq!(writer_of(other), None, "{other}");
        }
    }

    #[test]
    fn a_temporary_is_named_after_its_file_and_listed_while_it_lives() {
        let dir = tempfile::tempdir().unwrap();
        let long = "é".repeat(200);
        for name in ["g.ayo", long.as_str()] {
            let mut tmp = Temporary::beside(&dir.path().join(name)).unwrap();
            let path = tmp.file.as_ref().unwrap().path().to_path_buf();
            let file_name = path.file_name().unwrap().to_str().unwrap();
            assert_eq!(writer_of(file_name), Some(std::process::id()));
            assert!(file_name.len() < 255, "{file_name}");
            assert!(live().contains(&path));
            tmp.file().write_all(b"x").unwrap();
            drop(tmp);
            assert!(!path.exists());
            assert!(!live().contains(&path));
        }
    }

    #[test]
    fn a_stale_temporary_is_swept_and_a_live_one_is_not() {
        if !Path::new("/proc/self").exists() {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        // No process has an id this high (the kernel's limit is 2^22).
        let stale = dir.path().join(".g.ayo.ayo-4294967295-abcdef.tmp");
        let ours = dir
            .path()
            .join(format!(".g.ayo.ayo-{}-abcdef.tmp", std::process::id()));
        let unrelated = dir.path().join(".g.ayo.tmp");
        for p in [&stale, &ours, &unrelated] {
            fs::write(p, "x").unwrap();
        }
        assert_eq!(sweep_stale(dir.path()), vec![(stale.clone(), u32::MAX)]);
        assert!(!stale.exists() && ours.exists() && unrelated.exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_gets_the_permissions_of_any_new_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain");
        File::create(&plain).unwrap();
        let ours = dir.path().join("ours");
        write_new(&ours, Existing::Refuse, |f| f.write_all(b"x")).unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode();
        assert_eq!(mode(&ours), mode(&plain));
    }

    #[cfg(unix)]
    #[test]
    fn replace_refuses_what_it_must_not_touch() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.ayo");
        fs::write(&path, "old").unwrap();
        let (_, was) = open_to_replace(&path).unwrap();
        fs::hard_link(&path, dir.path().join("h.ayo")).unwrap();
        let e = replace(&path, &was, b"new", HardLinks::Refuse).unwrap_err();
        // The link changed the file's change time, not its content.
        assert_eq!(refusal(&e), Some(&Refused::HardLinks(2)), "{e}");
        replace(&path, &was, b"new", HardLinks::Split).unwrap();
        assert_eq!(fs::read(dir.path().join("h.ayo")).unwrap(), b"old");
        assert_eq!(fs::read(&path).unwrap(), b"new");

        let (_, was) = open_to_replace(&path).unwrap();
        fs::write(&path, "newer!").unwrap();
        let e = replace(&path, &was, b"lost", HardLinks::Refuse).unwrap_err();
        assert_eq!(refusal(&e), Some(&Refused::Changed));
        assert_eq!(fs::read(&path).unwrap(), b"newer!");

        fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
        let (_, was) = open_to_replace(&path).unwrap();
        let e = replace(&path, &was, b"x", HardLinks::Refuse).unwrap_err();
        assert_eq!(refusal(&e), Some(&Refused::ReadOnly));
        assert_eq!(e.kind(), io::ErrorKind::PermissionDenied);

        let e = open_to_replace(dir.path()).unwrap_err();
        assert_eq!(refusal(&e), Some(&Refused::NotAFile));
        // Nothing but the two names is left.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[test]
    fn in_place_sweeps_a_folder_once_and_replaces_what_it_read() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.ayo"), dir.path().join("b.ayo"));
        fs::write(&a, "1.c *").unwrap();
        fs::write(&b, "1.d *").unwrap();
        let stale = dir.path().join(".a.ayo.ayo-4294967295-abcdef.tmp");
        fs::write(&stale, "x").unwrap();
        let mut files = InPlace::new(HardLinks::Refuse);
        if Path::new("/proc/self").exists() {
            assert_eq!(files.sweep(&a), vec![(stale.clone(), u32::MAX)]);
        }
        assert!(files.sweep(&b).is_empty());
        let (bytes, was) = files.read(&a).unwrap();
        assert_eq!(bytes, b"1.c *");
        fs::write(&a, "changed").unwrap();
        let e = files.replace(&a, &was, b"1. c *\n").unwrap_err();
        assert_eq!(refusal(&e), Some(&Refused::Changed));
        let (_, was) = files.read(&b).unwrap();
        files.replace(&b, &was, b"1. d *\n").unwrap();
        assert_eq!(fs::read(&b).unwrap(), b"1. d *\n");
    }
}
