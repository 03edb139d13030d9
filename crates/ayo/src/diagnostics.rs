//! One diagnostic type for every layer that reads text: `FILE:LINE:COLUMN`, a
//! message, and the source line with a caret under the offending span.

use annotate_snippets::{Level, Renderer, Snippet};

use crate::notation::{Origin, Span, SyntaxError, TagProblem};
use crate::output::visible;

/// How serious a diagnostic is; in JSON, `"error"` or `"warning"`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
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
        self.render_bytes(file, text.as_bytes(), origin, color)
    }

    /// As [`render`](Self::render), from the game's raw bytes (which need not
    /// be UTF-8: the excerpt is shown lossily).
    ///
    /// The cost does not grow with the game: the line and column come from the
    /// span, and only a bounded window of bytes around the span is looked at,
    /// so reporting many errors in one large game stays linear in their number.
    pub fn render_bytes(&self, file: &str, game: &[u8], origin: Origin, color: bool) -> String {
        let title = visible(&self.headline(file)).into_owned();
        // A span's offset counts from the start of its game.
        let start = (self.span.offset as usize).min(game.len());
        let Some((source, range)) = excerpt(game, origin, start, self.span.len as usize) else {
            return format!("{}: {title}\n", self.severity.as_str());
        };
        let level = match self.severity {
            Severity::Error => Level::Error,
            Severity::Warning => Level::Warning,
        };
        let message = level.title(&title).snippet(
            Snippet::source(&source)
                .line_start(self.span.line as usize)
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

impl From<&SyntaxError> for Diagnostic {
    /// A syntax error is an error, labelled "syntax error".
    fn from(e: &SyntaxError) -> Self {
        Diagnostic::new(e.span, e.message.clone(), "syntax error")
    }
}

impl From<SyntaxError> for Diagnostic {
    fn from(e: SyntaxError) -> Self {
        Diagnostic::new(e.span, e.message, "syntax error")
    }
}

impl From<&TagProblem> for Diagnostic {
    /// A duplicate known tag is an error; a misspelt tag name and a date not
    /// in `YYYY.MM.DD` are warnings.
    fn from(p: &TagProblem) -> Self {
        match p {
            TagProblem::Misspelt { span, name, known } => Diagnostic::warning(
                *span,
                format!("unknown tag `{name}`: did you mean `{known}`?"),
                "unknown tag",
            ),
            TagProblem::Duplicate { span, name, first } => Diagnostic::new(
                *span,
                format!(
                    "tag `{name}` given twice (first at {}:{})",
                    first.line, first.column
                ),
                "second tag",
            ),
            TagProblem::Date { span, value } => Diagnostic::warning(
                *span,
                format!(
                    "Date tag `{value}` is not `YYYY.MM.DD` (`??` for unknown parts, as in `2026.??.??`)"
                ),
                "not a date",
            ),
        }
    }
}

/// At most this many bytes of a line are shown on either side of a span's
/// start; a longer line is cut, with `…` marking the cut.
const WINDOW: usize = 120;

/// The bytes of the line holding `start` that an excerpt looks at: at most
/// [`WINDOW`] bytes either side of `start`, never past a line break. Whether
/// the window was cut short of the line's start and end is returned too.
fn window(game: &[u8], start: usize) -> (std::ops::Range<usize>, bool, bool) {
    let floor = start.saturating_sub(WINDOW);
    let line_start = game[floor..start]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(floor, |p| floor + p + 1);
    let ceil = (start + WINDOW).min(game.len());
    let line_end = game[start..ceil]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(ceil, |p| start + p);
    let cut_left = line_start == floor && floor > 0 && game[floor - 1] != b'\n';
    let cut_right = line_end == ceil && ceil < game.len() && game[ceil] != b'\n';
    (line_start..line_end, cut_left, cut_right)
}

/// The line holding `start` (padded on the left when the game starts in the
/// middle of a line, so columns line up; cut around the span when it is
/// long), and the span's range in it.
fn excerpt(
    game: &[u8],
    origin: Origin,
    start: usize,
    len: usize,
) -> Option<(String, std::ops::Range<usize>)> {
    // A span never starts inside a character.
    if game.get(start).is_some_and(|&b| b & 0xC0 == 0x80) {
        return None;
    }
    let (range, cut_left, cut_right) = window(game, start);
    let mut line_start = range.start;
    if cut_left {
        // Start the window on a character boundary.
        while line_start < start && game[line_start] & 0xC0 == 0x80 {
            line_start += 1;
        }
    }
    // Control characters are shown, not sent to the terminal; tabs would
    // shift the caret, so they show as spaces.
    let shown = |bytes: &[u8]| visible(&String::from_utf8_lossy(bytes)).replace('\t', " ");
    let before = shown(&game[line_start..start]);
    let mut end = range.end;
    while end > start && game[end - 1] == b'\r' {
        end -= 1;
    }
    // The span and the rest apart, so that the caret covers the span as shown.
    let mut span_end = (start + len).min(end);
    while span_end < end && game[span_end] & 0xC0 == 0x80 {
        span_end += 1;
    }
    let span = shown(&game[start..span_end]);
    let len = len.max(1) + span.len().saturating_sub(span_end - start);
    let after = span + &shown(&game[span_end..end]);
    let pad = if line_start == 0 {
        origin.column.saturating_sub(1) as usize
    } else {
        0
    };
    let mut source = " ".repeat(pad);
    if cut_left {
        source.push('…');
    }
    source.push_str(&before);
    let from = source.len();
    source.push_str(&after);
    if cut_right {
        source.push('…');
    }
    // The caret needs a character to stand under, even at the end of a line.
    if from >= source.len() {
        source.push(' ');
    }
    let to = (from + len.max(1)).min(source.len());
    let to = (to..=source.len())
        .find(|&i| source.is_char_boundary(i))
        .unwrap_or(source.len());
    Some((source, from..to))
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
                offset: 4,
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

    /// Reporting is linear: an excerpt looks at a bounded window around its
    /// span, wherever the span stands in the game, so 20,000 errors in a
    /// 180 KB game cost 20,000 windows, not 20,000 passes over the game.
    #[test]
    fn excerpt_cost_does_not_grow_with_the_offset() {
        // About 180 KB: 20,000 moves, each claiming a wrong capture.
        let game: String = (0..20_000)
            .map(|k| format!("{}. ax9 ", k + 1))
            .collect::<Vec<_>>()
            .chunks(8)
            .map(|c| c.concat() + "\n")
            .collect();
        assert!(game.len() > 180_000, "{}", game.len());
        let bytes = game.as_bytes();
        for start in [0, bytes.len() / 2, bytes.len() - 1] {
            let (range, _, _) = window(bytes, start);
            assert!(range.len() <= 2 * WINDOW, "{range:?}");
        }
        // One line of 180 KB: still a bounded window.
        let line = game.replace('\n', " ");
        let (range, left, right) = window(line.as_bytes(), line.len() / 2);
        assert_eq!(range.len(), 2 * WINDOW);
        assert!(left && right);
    }

    #[test]
    fn cuts_a_long_line_around_the_span() {
        let text = format!("{}% *", "a ".repeat(200));
        let d = Diagnostic::new(
            Span {
                offset: 400,
                len: 1,
                line: 1,
                column: 401,
            },
            "expected a move; found `%`",
            "here",
        );
        insta::assert_snapshot!(d.render("g.ayo", &text, Origin::START, false), @"
        error: g.ayo:1:401: expected a move; found `%`
          |
        1 | …a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a % *
          |                                                                                                                          ^ here
          |
        ");
    }

    #[test]
    fn a_syntax_error_converts_in_one_place() {
        let e = crate::notation::Record::parse("1. a %").unwrap_err();
        let d = Diagnostic::from(&e);
        assert!(d.is_error());
        assert_eq!(
            (d.span, d.message.as_str(), d.label.as_str()),
            (e.span, e.message.as_str(), "syntax error")
        );
    }

    #[test]
    fn tag_problems_render() {
        let text = "[Rule \"russ\"]\n[Event \"a\"]\n[Event \"b\"]\n[Date \"2026-11-29\"]\n*";
        let r = crate::notation::Record::parse(text).unwrap();
        let out: String = r
            .check_tags()
            .iter()
            .map(|p| Diagnostic::from(p).render("g.ayo", text, Origin::START, false))
            .collect();
        insta::assert_snapshot!(out, @r#"
        warning: g.ayo:1:1: unknown tag `Rule`: did you mean `Rules`?
          |
        1 | [Rule "russ"]
          | ------------- unknown tag
          |
        error: g.ayo:3:1: tag `Event` given twice (first at 2:1)
          |
        3 | [Event "b"]
          | ^^^^^^^^^^^ second tag
          |
        warning: g.ayo:4:7: Date tag `2026-11-29` is not `YYYY.MM.DD` (`??` for unknown parts, as in `2026.??.??`)
          |
        4 | [Date "2026-11-29"]
          |       ------------ not a date
          |
        "#);
    }
}
