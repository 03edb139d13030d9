//! Records in canonical form, as `ayo fmt` prints them: written by the
//! canonical writer ([`write_record`]), and filled in from the replay when
//! asked ([`replay::fill`]).
//!
//! ```
//! use ayo::canonical::{Fill, Formatted};
//! use ayo::notation::{GameReader, parse_record};
//! use ayo::replay::Options;
//!
//! let raw = GameReader::new(&b"1.c F 2.a *"[..]).next().unwrap().unwrap();
//! let formatted = Formatted::of(raw.parse().unwrap(), None);
//! assert_eq!(formatted.text, "1. c F 2. a *\n");
//! assert!(!formatted.matches(&raw, true));
//!
//! // --fill: the claims and tags the replay knows.
//! let fill = Fill { fix: false, opts: Options::default() };
//! let formatted = Formatted::of(parse_record("1. c *\n").unwrap(), Some(&fill));
//! assert!(formatted.text.contains("[PlyCount \"1\"]"));
//! assert!(formatted.problems.is_empty() && formatted.corrections.is_empty());
//! ```

use crate::diagnostics::Diagnostic;
use crate::notation::{RawGame, Record, write_record};
use crate::replay::{self, Change};

/// `--fill`: fill in what the replay knows (claims, Score, PlyCount,
/// Result); with `fix`, correct the values that are wrong too.
#[derive(Clone, Debug)]
pub struct Fill {
    /// Correct wrong values (`--fix`), rather than keep and report them.
    pub fix: bool,
    /// How the record is replayed.
    pub opts: replay::Options,
}

/// A record in canonical form, and what filling it in found.
#[derive(Clone, Debug)]
pub struct Formatted {
    /// The canonical text, ending with a newline.
    pub text: String,
    /// What stopped the replay of `--fill`, and the wrong values it kept, in
    /// the order of the text.
    pub problems: Vec<Diagnostic>,
    /// The wrong values corrected (with [`Fill::fix`]), in the order of the
    /// text.
    pub corrections: Vec<Change>,
    /// How many wrong values were kept (without [`Fill::fix`]).
    pub kept: usize,
}

impl Formatted {
    /// Whether `raw`, as read, already is this text byte for byte, with
    /// what comes before it (nothing before the `first` game of an input,
    /// one blank line before the others).
    pub fn matches(&self, raw: &RawGame, first: bool) -> bool {
        let leading: &[u8] = if first { b"" } else { b"\n\n" };
        raw.leading == leading && self.text.as_bytes().strip_suffix(b"\n") == Some(&raw.bytes[..])
    }
}

/// See [`Formatted::of`].
pub(crate) fn format_record(record: Record, fill: Option<&Fill>) -> Formatted {
    let Some(fill) = fill else {
        return Formatted {
            text: write_record(&record),
            problems: Vec::new(),
            corrections: Vec::new(),
            kept: 0,
        };
    };
    let filled = replay::fill(record, &fill.opts, fill.fix);
    let mut problems: Vec<Diagnostic> = filled
        .stopped
        .iter()
        .chain(filled.kept().filter_map(|c| c.problem.as_ref()))
        .cloned()
        .collect();
    problems.sort_by_key(|d| d.span.offset);
    let kept = filled
        .changes
        .iter()
        .filter(|c| c.is_correction() && !c.applied)
        .count();
    let corrections = filled
        .changes
        .into_iter()
        .filter(|c| c.is_correction() && c.applied)
        .collect();
    Formatted {
        text: write_record(&filled.record),
        problems,
        corrections,
        kept,
    }
}

impl Formatted {
    /// The record in canonical form, filled in from its replay with `fill`.
    pub fn of(record: Record, fill: Option<&Fill>) -> Formatted {
        format_record(record, fill)
    }
}
