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

/// `text` as it may be shown at a terminal: every control character but the
/// line feed and the tab stands as a visible one, so that bytes from a record
/// (an escape sequence in a tag or a comment, a NUL in a binary file read by
/// mistake) cannot clear the screen or retitle the window. C0 controls and
/// DEL become their Unicode control pictures (`\u{1b}` shows as `␛`), C1
/// controls the replacement character: one character each, so carets and
/// columns stay aligned. Used by every human-readable renderer; JSON escapes
/// control characters itself, and CSV and records are data, kept as they are.
pub(crate) fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    fn shown(c: char) -> Option<char> {
        match c {
            '\n' | '\t' => None,
            '\0'..='\u{1f}' => char::from_u32(0x2400 + c as u32),
            '\u{7f}' => Some('\u{2421}'),
            '\u{80}'..='\u{9f}' => Some('\u{fffd}'),
            _ => None,
        }
    }
    if !text.chars().any(|c| shown(c).is_some()) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(text.chars().map(|c| shown(c).unwrap_or(c)).collect())
}

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

#[cfg(test)]
mod tests {
    use super::visible;

    #[test]
    fn control_characters_are_shown_not_sent() {
        assert_eq!(
            visible("A\u{1b}[2J\u{1b}]0;x\u{7}"),
            "A\u{241b}[2J\u{241b}]0;x\u{2407}"
        );
        assert_eq!(
            visible("\0\r\u{7f}\u{9b}é"),
            "\u{2400}\u{240d}\u{2421}\u{fffd}é"
        );
        // Line feeds and tabs are layout, and plain text is not copied.
        assert_eq!(visible("a\tb\nc"), "a\tb\nc");
        assert!(matches!(visible("Ọmọ́wùmí"), std::borrow::Cow::Borrowed(_)));
    }
}
