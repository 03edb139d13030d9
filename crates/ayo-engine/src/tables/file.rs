//! The file of one level: a fixed header, then one byte a position.
//!
//! ```text
//! offset size  field
//!      0    8  magic "AYOTABLE"
//!      8    4  format version (1), little-endian like every number here
//!     12    4  header length (256): the values start there
//!     16    1  pits in a row
//!     17    1  level: seeds on the board
//!     18    1  value encoding (1: the net gain as a signed byte)
//!     19    5  zero
//!     24    8  positions (the level's count)
//!     32    8  checksum of the values (see `checksum`)
//!     40    8  build time in milliseconds
//!     48    2  length of the ruleset string
//!     50  206  the table's ruleset string (UTF-8), zero-padded
//!    256    …  one signed byte a position, in rank order
//! ```
//!
//! Opening a file checks every field against what the caller expects and the
//! checksum against the values: a file that disagrees is an error, never used.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use super::TableError;
use ayo_files::write::{Existing, write_new};

/// The first eight bytes of every table file.
pub const MAGIC: &[u8; 8] = b"AYOTABLE";
/// The format version this code writes and reads.
pub const VERSION: u32 = 1;
/// Bytes before the values.
pub const HEADER_LEN: usize = 256;
/// Value encoding 1: the net gain of the side to move as a signed byte.
const ENCODING_NET_GAIN_I8: u8 = 1;
/// The longest ruleset string a header holds.
const MAX_RULES_LEN: usize = HEADER_LEN - 50;

/// What a level file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The table's ruleset string (the ruleset without its `end` key).
    pub rules: String,
    /// Pits in a row.
    pub pits: u8,
    /// Seeds on the board.
    pub level: u8,
    /// Positions in the level.
    pub count: u64,
    /// Checksum of the values.
    pub checksum: u64,
    /// How long the level took to build, in milliseconds.
    pub build_millis: u64,
}

impl Header {
    fn encode(&self) -> Result<[u8; HEADER_LEN], TableError> {
        let mut h = [0u8; HEADER_LEN];
        let rules = self.rules.as_bytes();
        if rules.len() > MAX_RULES_LEN {
            return Err(TableError::RulesTooLong(self.rules.clone()));
        }
        h[..8].copy_from_slice(MAGIC);
        h[8..12].copy_from_slice(&VERSION.to_le_bytes());
        h[12..16].copy_from_slice(&(HEADER_LEN as u32).to_le_bytes());
        h[16] = self.pits;
        h[17] = self.level;
        h[18] = ENCODING_NET_GAIN_I8;
        h[24..32].copy_from_slice(&self.count.to_le_bytes());
        h[32..40].copy_from_slice(&self.checksum.to_le_bytes());
        h[40..48].copy_from_slice(&self.build_millis.to_le_bytes());
        h[48..50].copy_from_slice(&(rules.len() as u16).to_le_bytes());
        h[50..50 + rules.len()].copy_from_slice(rules);
        Ok(h)
    }

    /// Reads a header; `path` names the file in errors.
    pub fn decode(bytes: &[u8], path: &Path) -> Result<Header, TableError> {
        let bad = |what: &'static str| TableError::BadHeader {
            path: path.to_path_buf(),
            what,
        };
        if bytes.len() < HEADER_LEN {
            return Err(bad("shorter than a header"));
        }
        if &bytes[..8] != MAGIC {
            return Err(bad("not a table file (wrong magic)"));
        }
        let u32_at =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let u64_at = |i: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&bytes[i..i + 8]);
            u64::from_le_bytes(b)
        };
        let version = u32_at(8);
        if version != VERSION {
            return Err(TableError::Version {
                path: path.to_path_buf(),
                found: version,
            });
        }
        if u32_at(12) as usize != HEADER_LEN {
            return Err(bad("unexpected header length"));
        }
        if bytes[18] != ENCODING_NET_GAIN_I8 {
            return Err(bad("unknown value encoding"));
        }
        let len = usize::from(u16::from_le_bytes([bytes[48], bytes[49]]));
        if len > MAX_RULES_LEN {
            return Err(bad("ruleset string too long"));
        }
        let rules = std::str::from_utf8(&bytes[50..50 + len])
            .map_err(|_| bad("ruleset string is not UTF-8"))?
            .to_string();
        Ok(Header {
            rules,
            pits: bytes[16],
            level: bytes[17],
            count: u64_at(24),
            checksum: u64_at(32),
            build_millis: u64_at(40),
        })
    }
}

/// The checksum of a level's values: a 64-bit multiply-rotate hash over
/// 8-byte little-endian words (the tail zero-padded), seeded with the length.
/// It is there to catch a damaged or truncated file, not an adversary.
pub fn checksum(values: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ (values.len() as u64);
    let mut words = values.chunks_exact(8);
    for w in &mut words {
        let mut b = [0u8; 8];
        b.copy_from_slice(w);
        h = (h ^ u64::from_le_bytes(b)).wrapping_mul(K).rotate_left(29);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        let mut b = [0u8; 8];
        b[..rest.len()].copy_from_slice(rest);
        h = (h ^ u64::from_le_bytes(b)).wrapping_mul(K).rotate_left(29);
    }
    h ^ (h >> 31)
}

/// The name of level `level`'s file in a table directory.
pub fn level_file_name(level: u8) -> String {
    format!("level-{level:03}.ayt")
}

/// The level a file name stands for, if it is a level file's name.
pub fn level_of_file_name(name: &str) -> Option<u8> {
    name.strip_prefix("level-")?
        .strip_suffix(".ayt")?
        .parse()
        .ok()
}

/// Writes a level atomically, through [`ayo_files::write`]: to a temporary
/// file in the same directory, then renamed, so an interrupted build never
/// leaves a half-written level under a level's name.
pub fn write_level(path: &Path, header: &Header, values: &[u8]) -> Result<(), TableError> {
    let io_err = |source: io::Error| TableError::Io {
        path: path.to_path_buf(),
        source,
    };
    let header = header.encode()?;
    write_new(path, Existing::Replace, |tmp| {
        tmp.write_all(&header)?;
        tmp.write_all(values)?;
        // A table is data anyone may read, whatever the umask.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            tmp.set_permissions(std::fs::Permissions::from_mode(0o644))?;
        }
        Ok(())
    })
    .map_err(io_err)
}

/// A level's values: the file mapped into memory, or read into it.
pub enum Body {
    /// Memory-mapped: the whole file, header included.
    Mapped(memmap2::Mmap),
    /// Read into memory (or built there): the values only.
    Owned(Vec<u8>),
}

impl Body {
    /// The values, one byte a position.
    #[inline]
    pub fn values(&self) -> &[u8] {
        match self {
            Body::Mapped(m) => &m[HEADER_LEN..],
            Body::Owned(v) => v,
        }
    }
}

/// One opened level: its header, its file and its values.
pub struct LevelFile {
    /// What the header says.
    pub header: Header,
    /// Where it was read from.
    pub path: PathBuf,
    /// The values.
    pub body: Body,
}

/// Checks that `path` is a regular file (or a link to one) without opening
/// it: a named pipe would block the open forever, and a directory or a device
/// is no table. The error says what the name is instead.
pub fn check_regular(path: &Path) -> Result<(), TableError> {
    let linked = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let not_a_file = |kind: &str| TableError::NotAFile {
        path: path.to_path_buf(),
        what: if linked {
            format!("a link to {kind}")
        } else {
            kind.to_string()
        },
    };
    match std::fs::metadata(path) {
        Ok(meta) => match kind_of(&meta.file_type()) {
            None => Ok(()),
            Some(kind) => Err(not_a_file(kind)),
        },
        Err(e) if linked && e.kind() == io::ErrorKind::NotFound => Err(TableError::NotAFile {
            path: path.to_path_buf(),
            what: "a link whose target does not exist".to_string(),
        }),
        Err(source) => Err(TableError::Io {
            path: path.to_path_buf(),
            source,
        }),
    }
}

/// What a file type is when it is not a regular file.
fn kind_of(ft: &std::fs::FileType) -> Option<&'static str> {
    if ft.is_file() {
        return None;
    }
    if ft.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return Some("a named pipe");
        }
        if ft.is_char_device() {
            return Some("a character device");
        }
        if ft.is_block_device() {
            return Some("a block device");
        }
        if ft.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Opens a level file for reading: [`check_regular`] first, then the open,
/// then the opened file checked again, in case the name was replaced in
/// between.
pub fn open_regular(path: &Path) -> Result<File, TableError> {
    check_regular(path)?;
    let io_err = |source: io::Error| TableError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = File::open(path).map_err(io_err)?;
    let meta = file.metadata().map_err(io_err)?;
    if let Some(kind) = kind_of(&meta.file_type()) {
        return Err(TableError::NotAFile {
            path: path.to_path_buf(),
            what: kind.to_string(),
        });
    }
    Ok(file)
}

/// What a level file must be to be used.
#[derive(Clone, Copy, Debug)]
pub struct Expect<'a> {
    /// The table's ruleset string.
    pub rules: &'a str,
    /// Pits in a row.
    pub pits: u8,
    /// Seeds on the board.
    pub level: u8,
    /// Positions in the level.
    pub count: u64,
}

/// Opens a level file, checks its header against `expect` and its values
/// against the checksum; maps it into memory when `map`, reads it otherwise.
pub fn open_level(path: &Path, expect: Expect<'_>, map: bool) -> Result<LevelFile, TableError> {
    let io_err = |source: io::Error| TableError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = open_regular(path)?;
    if map {
        // SAFETY: the map is read-only, and table files are written once, by
        // renaming a complete temporary file, and never changed in place. A
        // file truncated or rewritten by another program while mapped is
        // outside what any mmap-based reader can guard against; the length
        // and checksum are checked below before any value is used.
        #[allow(unsafe_code)]
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io_err)?;
        let header = Header::decode(&map, path)?;
        finish(path, expect, header, Body::Mapped(map))
    } else {
        let mut head = [0u8; HEADER_LEN];
        file.read_exact(&mut head).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => TableError::BadHeader {
                path: path.to_path_buf(),
                what: "shorter than a header",
            },
            _ => io_err(e),
        })?;
        let header = Header::decode(&head, path)?;
        let mut values = Vec::new();
        file.read_to_end(&mut values).map_err(io_err)?;
        finish(path, expect, header, Body::Owned(values))
    }
}

fn finish(
    path: &Path,
    expect: Expect<'_>,
    header: Header,
    body: Body,
) -> Result<LevelFile, TableError> {
    let mismatch = |field: &'static str, expected: String, found: String| TableError::Mismatch {
        path: path.to_path_buf(),
        field,
        expected,
        found,
    };
    if header.rules != expect.rules {
        return Err(mismatch("ruleset", expect.rules.to_string(), header.rules));
    }
    if header.pits != expect.pits {
        return Err(mismatch(
            "pits",
            expect.pits.to_string(),
            header.pits.to_string(),
        ));
    }
    if header.level != expect.level {
        return Err(mismatch(
            "level",
            expect.level.to_string(),
            header.level.to_string(),
        ));
    }
    if header.count != expect.count {
        return Err(mismatch(
            "positions",
            expect.count.to_string(),
            header.count.to_string(),
        ));
    }
    let values = body.values();
    if values.len() as u64 != header.count {
        return Err(mismatch(
            "length",
            format!("{} value bytes", header.count),
            format!("{} value bytes", values.len()),
        ));
    }
    if checksum(values) != header.checksum {
        return Err(TableError::Checksum {
            path: path.to_path_buf(),
        });
    }
    Ok(LevelFile {
        header,
        path: path.to_path_buf(),
        body,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_round_trip() {
        let h = Header {
            rules: "endodoi pits=8".to_string(),
            pits: 8,
            level: 7,
            count: 170_544,
            checksum: 0xdead_beef,
            build_millis: 1234,
        };
        let bytes = h.encode().unwrap();
        assert_eq!(Header::decode(&bytes, Path::new("x")).unwrap(), h);
        let mut bad = bytes;
        bad[0] = b'X';
        assert!(matches!(
            Header::decode(&bad, Path::new("x")),
            Err(TableError::BadHeader { .. })
        ));
    }

    #[test]
    fn checksum_sees_every_byte() {
        let a = vec![0u8; 13];
        let sum = checksum(&a);
        for i in 0..13 {
            let mut b = a.clone();
            b[i] = 1;
            assert_ne!(checksum(&b), sum, "byte {i}");
        }
        assert_ne!(checksum(&a[..12]), sum);
    }

    #[test]
    fn names() {
        assert_eq!(level_file_name(7), "level-007.ayt");
        assert_eq!(level_of_file_name("level-020.ayt"), Some(20));
        assert_eq!(level_of_file_name("level-x.ayt"), None);
    }
}
