//! Output formats. They read replayed [`Game`](crate::replay::Game)s and never
//! re-derive rules.

pub mod analyze;
pub mod board;
pub mod compare;
pub mod duplicates;
pub mod html;
pub mod json;
pub mod moves;
pub mod standings;
pub mod stats;
pub mod svg;
pub mod table;
pub mod tables;

use std::io;
use std::path::PathBuf;

use crate::corpus::plain;
use crate::files::batch::Refused;

/// Why the files of an output folder (`board --format svg --out`, `html
/// --out-dir`), or the one picture for standard output, could not be written.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    /// A file could not be written into the folder.
    #[error("cannot write in {}: {}", .dir.display(), plain(.source))]
    Write {
        /// The folder.
        dir: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The folder's files could not be put in place.
    #[error("{0}")]
    Refused(Refused),
    /// More than one picture for standard output.
    #[error(
        "--format svg writes one picture to standard output, and this asks for {0}: \
         give --out DIR, or choose one with --game and --ply"
    )]
    Several(usize),
    /// Standard output could not be written.
    #[error(transparent)]
    Output(io::Error),
}

/// `"s"` after a count other than one: `format!("{n} game{}", plural(n))`.
/// Every text output counts with it, so that no line says "1 moves".
pub(crate) fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}
