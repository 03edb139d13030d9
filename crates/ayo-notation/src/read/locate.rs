//! Where a byte offset of a game's text stands in its input: line and
//! column, columns counted in characters; and the types that carry a place:
//! where a game starts ([`Origin`]) and a syntax error ([`SyntaxError`]).

use crate::ast::Span;
use crate::lex::count_chars;

/// A syntax error: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SyntaxError {
    /// The offending text (or the empty place where something was missing).
    pub span: Span,
    /// `expected …; found …`, or a sentence saying what is wrong.
    pub message: String,
}

impl SyntaxError {
    /// An error at the start of a game (of no length): one too large to read.
    pub(crate) fn at_start(origin: Origin, message: String) -> SyntaxError {
        SyntaxError {
            span: Span {
                offset: 0,
                len: 0,
                line: origin.line,
                column: origin.column,
            },
            message,
        }
    }
}

/// Where a game's text starts in its input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    /// Byte offset in the input.
    pub offset: usize,
    /// 1-based line.
    pub line: u32,
    /// 1-based column (a game may start on the line where the last one ended).
    pub column: u32,
}

impl Origin {
    /// The start of an input.
    pub const START: Origin = Origin {
        offset: 0,
        line: 1,
        column: 1,
    };
}

/// Turns byte offsets within a game's text into spans of the whole input.
///
/// Spans are asked for mostly in increasing order, so the locator keeps a
/// cursor and only moves forward from it: a 100,000-move game on one line stays
/// linear. It knows where the cursor's line ends, so that a span on the same
/// line (most are) is one comparison away, and the text is searched for line
/// breaks once, a line at a time, rather than between every two spans. Columns
/// of ASCII text are byte differences.
pub(crate) struct Locator<'a> {
    text: &'a [u8],
    origin: Origin,
    ascii: bool,
    /// 1-based line of the cursor, in the input.
    line: u32,
    /// The cursor: a byte offset and its column.
    at: usize,
    column: u32,
    /// The first line break at or after the cursor (the text's length when
    /// there is none).
    line_end: usize,
}

/// The first line break in `text` from `from`, or the text's length.
fn line_end(text: &[u8], from: usize) -> usize {
    memchr::memchr(b'\n', &text[from..]).map_or(text.len(), |i| from + i)
}

impl<'a> Locator<'a> {
    pub(crate) fn new(text: &'a [u8], origin: Origin) -> Self {
        Locator {
            text,
            origin,
            ascii: text.is_ascii(),
            line: origin.line,
            at: 0,
            column: origin.column,
            line_end: line_end(text, 0),
        }
    }

    // Runs for every token: inlined, the span is built in registers.
    #[inline(always)]
    pub(crate) fn span(&mut self, start: usize, end: usize) -> Span {
        if start < self.at {
            // Backwards: start again from the top (rare; spans are mostly made
            // in order).
            self.line = self.origin.line;
            self.at = 0;
            self.column = self.origin.column;
            self.line_end = line_end(self.text, 0);
        }
        if start > self.line_end {
            self.next_lines(start);
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
            line: self.line,
            column: self.column,
        }
    }

    /// Moves the cursor to the start of the line of `start`, a line break or
    /// more past it.
    #[inline(never)]
    fn next_lines(&mut self, start: usize) {
        while start > self.line_end {
            self.line += 1;
            self.at = self.line_end + 1;
            self.line_end = line_end(self.text, self.at);
        }
        self.column = 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line and column of `at` counted from the start, character by
    /// character.
    fn counted(text: &str, origin: Origin, at: usize) -> (u32, u32) {
        let before = &text[..at];
        let line = origin.line + before.matches('\n').count() as u32;
        let column = match before.rfind('\n') {
            Some(p) => 1 + before[p + 1..].chars().count() as u32,
            None => origin.column + before.chars().count() as u32,
        };
        (line, column)
    }

    /// Spans asked for in order, out of order and again at the same place
    /// agree with counting from the start, across line breaks, blank lines,
    /// CRLF and characters of several bytes.
    #[test]
    fn spans_agree_with_counting() {
        let origin = Origin {
            offset: 3,
            line: 4,
            column: 7,
        };
        for text in [
            "",
            "a",
            "\n",
            "1. a B\n2. c\n\n\nD *",
            "[A \"é\"]\r\n\r\n{x\ny} é€ a\n\n",
            "\n\n\nabc\n",
            "€\n€€\n\n€€€ x",
        ] {
            let starts: Vec<usize> = (0..=text.len())
                .filter(|&i| text.is_char_boundary(i))
                .collect();
            let mut loc = Locator::new(text.as_bytes(), origin);
            let mut order = starts.clone();
            order.extend(starts.iter().rev().step_by(2));
            order.extend(starts.iter().step_by(3));
            for &at in &order {
                let span = loc.span(at, at);
                assert_eq!(
                    (span.line, span.column),
                    counted(text, origin, at),
                    "{text:?} at {at}"
                );
                assert_eq!(span.offset as usize, at);
            }
        }
    }
}
