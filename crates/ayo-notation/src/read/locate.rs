//! Where a byte offset of a game's text stands in its input: line and
//! column, columns counted in characters.

use super::Origin;
use crate::ast::Span;
use crate::stream::count_chars;

/// Turns byte offsets within a game's text into spans of the whole input.
///
/// Spans are asked for mostly in increasing order, so the locator keeps a
/// cursor and only scans forward from it: a 100,000-move game on one line stays
/// linear. Columns of ASCII text are byte differences.
pub(crate) struct Locator<'a> {
    text: &'a [u8],
    origin: Origin,
    ascii: bool,
    /// 0-based line of the cursor, within the game.
    line: u32,
    /// Byte offset where the cursor's line starts.
    line_start: usize,
    /// The cursor: a byte offset and its column.
    at: usize,
    column: u32,
}

impl<'a> Locator<'a> {
    pub(crate) fn new(text: &'a [u8], origin: Origin) -> Self {
        Locator {
            text,
            origin,
            ascii: text.is_ascii(),
            line: 0,
            line_start: 0,
            at: 0,
            column: origin.column,
        }
    }

    // Runs for every token: inlined, the span is built in registers.
    #[inline(always)]
    pub(crate) fn span(&mut self, start: usize, end: usize) -> Span {
        if start < self.at {
            // Backwards: start again from the top (rare; spans are mostly made
            // in order).
            self.line = 0;
            self.line_start = 0;
            self.at = 0;
            self.column = self.origin.column;
        }
        let gap = &self.text[self.at..start];
        // Most gaps are a space or two on the same line: looking for the last
        // line break first leaves counting them to the rare gap that has one.
        // A plain loop beats memchr's set-up on short gaps.
        let last = if gap.len() < 64 {
            gap.iter().rposition(|&b| b == b'\n')
        } else {
            memchr::memrchr(b'\n', gap)
        };
        if let Some(last) = last {
            let newlines = if last < 64 {
                1 + gap[..last].iter().filter(|&&b| b == b'\n').count()
            } else {
                memchr::memchr_iter(b'\n', gap).count()
            };
            self.line += newlines as u32;
            self.line_start = self.at + last + 1;
            self.at = self.line_start;
            self.column = 1;
        }
        self.column += if self.ascii {
            (start - self.at) as u32
        } else {
            count_chars(&self.text[self.at..start])
        };
        self.at = start;
        // Both fit: `parse_game` refuses a text longer than `u32::MAX`.
        Span {
            offset: start as u32,
            len: (end - start) as u32,
            line: self.origin.line + self.line,
            column: self.column,
        }
    }
}
