//! One diagnostic type for every layer that reads text: `FILE:LINE:COLUMN`, a
//! message, and the source line with a caret under the offending span.

use annotate_snippets::{Level, Renderer, Snippet};

use crate::notation::{Origin, Span};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The record is invalid.
    #[default]
    Error,
    /// A likely slip that does not make the record invalid (an unknown tag
    /// name close to a known one, say). `--deny-warnings` counts it as an error.
    Warning,
}

impl Severity {
    /// `error` or `warning`, as printed before the place.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A problem at a place in a game's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Where.
    pub span: Span,
    /// What is wrong: for syntax, what was expected and what was found.
    pub message: String,
    /// A short label under the caret.
    pub label: String,
}

impl Diagnostic {
    /// An error with a label.
    pub fn new(span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: message.into(),
            label: label.into(),
        }
    }

    /// A warning with a label.
    pub fn warning(span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::new(span, message, label)
        }
    }

    /// Whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `FILE:LINE:COLUMN: MESSAGE`, the one-line form.
    pub fn headline(&self, file: &str) -> String {
        format!(
            "{file}:{}:{}: {}",
            self.span.line, self.span.column, self.message
        )
    }

    /// The full form: `error: FILE:LINE:COLUMN: MESSAGE` (or `warning: …`), then the source line of
    /// the span with a caret under it. `text` is the game's text, starting at
    /// `origin`.
    pub fn render(&self, file: &str, text: &str, origin: Origin, color: bool) -> String {
        let title = self.headline(file);
        let start = self
            .span
            .offset
            .saturating_sub(origin.offset)
            .min(text.len());
        let Some((source, range, first_line)) = excerpt(text, origin, start, self.span.len) else {
            return format!("{}: {title}\n", self.severity.as_str());
        };
        let level = match self.severity {
            Severity::Error => Level::Error,
            Severity::Warning => Level::Warning,
        };
        let message = level.title(&title).snippet(
            Snippet::source(&source)
                .line_start(first_line as usize)
                .annotation(level.span(range).label(&self.label)),
        );
        let renderer = if color {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        format!("{}\n", renderer.render(message))
    }
}

/// The line holding `start` (padded on the left when the game starts in the
/// middle of a line, so columns line up), the span's range in it, and the
/// line's number.
fn excerpt(
    text: &str,
    origin: Origin,
    start: usize,
    len: usize,
) -> Option<(String, std::ops::Range<usize>, u32)> {
    if !text.is_char_boundary(start) {
        return None;
    }
    let line_start = text[..start].rfind('\n').map_or(0, |p| p + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |p| start + p);
    let line = text[line_start..line_end].trim_end_matches('\r');
    let first_line = origin.line + text[..line_start].matches('\n').count() as u32;
    let pad = if line_start == 0 {
        origin.column.saturating_sub(1) as usize
    } else {
        0
    };
    // Tabs would shift the caret; show them as spaces.
    let mut source = " ".repeat(pad) + &line.replace('\t', " ");
    let from = pad + (start - line_start).min(line.len());
    // The caret needs a character to stand under, even at the end of a line.
    if from >= source.len() {
        source.push(' ');
    }
    let to = (from + len.max(1)).min(source.len());
    let to = (to..=source.len())
        .find(|&i| source.is_char_boundary(i))
        .unwrap_or(source.len());
    Some((source, from..to, first_line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_a_caret_under_the_span() {
        let text = "[Event \"x\"]\n\n1. a % *";
        let d = Diagnostic::new(
            Span {
                offset: 18,
                len: 1,
                line: 3,
                column: 6,
            },
            "expected a move; found `%`",
            "here",
        );
        insta::assert_snapshot!(d.render("g.ayo", text, Origin::START, false), @"
        error: g.ayo:3:6: expected a move; found `%`
          |
        3 | 1. a % *
          |      ^ here
          |
        ");
    }

    #[test]
    fn lines_up_games_that_start_mid_line() {
        let d = Diagnostic::new(
            Span {
                offset: 11,
                len: 0,
                line: 1,
                column: 12,
            },
            "expected a move",
            "end of game",
        );
        let origin = Origin {
            offset: 7,
            line: 1,
            column: 8,
        };
        insta::assert_snapshot!(d.render("g.ayo", "1. a", origin, false), @"
        error: g.ayo:1:12: expected a move
          |
        1 |        1. a 
          |            ^ end of game
          |
        ");
    }
}
