//! The canonical writer: known tags in a fixed order, then the others in file
//! order; a blank line; the movetext with move numbers, wrapped at 80 columns.

use std::fmt::Write as _;

use super::ast::{Comment, Move, Record, Tag};
use super::lex::game_start_inside;
use super::numbering::Numbering;

/// See [`Tag::KNOWN`].
pub(crate) const KNOWN_TAGS: [&str; 13] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "South",
    "North",
    "Result",
    "Rules",
    "Setup",
    "Score",
    "PlyCount",
    "Termination",
    "Annotator",
];

/// Movetext lines are wrapped to this width, unless a single token is wider.
pub(crate) const WIDTH: usize = 80;

/// Writes a tag value with `\` and `"` escaped.
pub(crate) fn escape_tag_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

impl Record {
    /// Checks that [`Record::to_text`] can write the record so that the game
    /// reader cuts it back out whole and the parser reads it back as it is.
    /// Returns the first problem found.
    ///
    /// Records parsed from text always pass; records built otherwise (imported
    /// from JSON, say) may not, and should be refused rather than written.
    pub fn check_writable(&self) -> Result<(), WriteError> {
        check_writable(self)
    }
}

impl Comment {
    /// Checks that a comment's text can be written so that it reads back as
    /// itself, for those who build comments one at a time (an importer, which
    /// can then say which comment is at fault). [`Record::check_writable`]
    /// applies it to every comment.
    pub fn check(text: &str) -> Result<(), WriteError> {
        check_comment(text)
    }
}

impl Tag {
    /// The known tags, in the order the writer puts them.
    pub const KNOWN: [&str; 13] = KNOWN_TAGS;

    /// Puts tags (or anything with a tag name) in canonical order: the known
    /// tags in the order of [`Tag::KNOWN`], then the others in their given
    /// order.
    pub fn sort<T>(tags: &mut [T], name: impl Fn(&T) -> &str) {
        sort_tags(tags, name)
    }
}

/// See [`Tag::sort`].
pub(crate) fn sort_tags<T>(tags: &mut [T], name: impl Fn(&T) -> &str) {
    let rank = |n: &str| {
        KNOWN_TAGS
            .iter()
            .position(|k| *k == n)
            .unwrap_or(KNOWN_TAGS.len())
    };
    // A stable sort keeps file order among equals (unknown tags, repeated tags).
    tags.sort_by_key(|t| rank(name(t)));
}

impl Record {
    /// The canonical text of the record, ending with a newline.
    pub fn to_text(&self) -> String {
        write_record(self)
    }
}

/// See [`Record::to_text`].
pub(crate) fn write_record(record: &Record) -> String {
    let mut out = String::new();
    let mut tags: Vec<_> = record.tags.iter().collect();
    sort_tags(&mut tags, |t| &t.name);
    for t in &tags {
        out.push('[');
        out.push_str(&t.name);
        out.push_str(" \"");
        out.push_str(&escape_tag_value(&t.value));
        out.push_str("\"]\n");
    }
    if !tags.is_empty() {
        out.push('\n');
    }
    // The movetext is laid out as its tokens are made, one unit at a time:
    // a big game's tokens are never held all at once beside its tree.
    let mut lay = Layout::new(&mut out);
    let start_south = record
        .moves
        .first()
        .is_none_or(|m| m.pit.is_ascii_lowercase());
    line_tokens(&record.moves, 1, start_south, &mut lay);
    for c in &record.comments {
        comment_token(c, &mut lay);
    }
    lay.token(false, false)
        .push_str(record.result.outcome.as_str());
    lay.finish();
    out.push('\n');
    out
}

/// Lays movetext out in lines of at most [`WIDTH`] characters as its tokens
/// come: a unit (a token and the glued ones after it, never glued past a `;`
/// comment) is written once the next token shows it complete. A line
/// holding a `;` comment ends after it.
struct Layout<'o> {
    out: &'o mut String,
    /// Characters on the current line.
    col: usize,
    /// Nothing is written on the current line yet.
    line_start: bool,
    /// The unit being made, not yet written.
    unit: String,
    /// There is a unit being made (its text may be empty).
    open_unit: bool,
    /// The unit's last token is a `;` comment: the line ends after it.
    unit_ends_line: bool,
    /// A variation was opened: `(` goes before its first token.
    paren: bool,
}

impl<'o> Layout<'o> {
    fn new(out: &'o mut String) -> Self {
        Layout {
            out,
            col: 0,
            line_start: true,
            unit: String::new(),
            open_unit: false,
            unit_ends_line: false,
            paren: false,
        }
    }

    /// Starts a token and returns the text to write it into. `glued`: written
    /// right after the previous token, with no space (`)` after a
    /// variation); `ends_line`: a `;` comment, after which the line ends.
    fn token(&mut self, glued: bool, ends_line: bool) -> &mut String {
        if self.open_unit && (!glued || self.unit_ends_line) {
            self.write_unit();
        }
        self.open_unit = true;
        self.unit_ends_line = ends_line;
        if std::mem::take(&mut self.paren) {
            self.unit.push('(');
        }
        &mut self.unit
    }

    /// Writes the unit made so far.
    fn write_unit(&mut self) {
        let unit = &self.unit;
        let first_line = unit.split('\n').next().unwrap_or("").chars().count();
        if !self.line_start {
            if self.col + 1 + first_line > WIDTH {
                self.out.push('\n');
                self.col = 0;
            } else {
                self.out.push(' ');
                self.col += 1;
            }
        }
        self.out.push_str(unit);
        self.col = match unit.rfind('\n') {
            Some(p) => unit[p + 1..].chars().count(),
            None => self.col + first_line,
        };
        self.line_start = false;
        if self.unit_ends_line {
            self.out.push('\n');
            self.col = 0;
            self.line_start = true;
        }
        self.unit.clear();
        self.open_unit = false;
    }

    /// Writes the last unit.
    fn finish(mut self) {
        if self.open_unit {
            self.write_unit();
        }
    }
}

fn comment_token(c: &Comment, lay: &mut Layout<'_>) {
    // A `;` comment whose text holds `}` cannot become `{…}`; it stays a `;`
    // comment (its text never holds a line break).
    if c.text.contains('}') {
        let t = lay.token(false, true);
        t.push(';');
        t.push_str(&c.text);
    } else {
        let t = lay.token(false, false);
        t.push('{');
        t.push_str(&c.text);
        t.push('}');
    }
}

fn line_tokens(moves: &[Move], number: u32, start_south: bool, lay: &mut Layout<'_>) {
    let mut needs_number = true;
    for (k, m) in moves.iter().enumerate() {
        let south = start_south == (k % 2 == 0);
        let n = Numbering::new(number, !start_south).nth(k).number;
        // Comments before a move that follows another move directly would read
        // back as that move's; between the number and the move they cannot.
        let after_number = k > 0 && moves[k - 1].variations().is_empty() && !m.before().is_empty();
        let dots = if south {
            Some(".")
        } else if needs_number || !m.before().is_empty() {
            Some("...")
        } else {
            None
        };
        if after_number && let Some(dots) = dots {
            // Writing to a `String` cannot fail.
            let _ = write!(lay.token(false, false), "{n}{dots}");
        }
        for c in m.before() {
            comment_token(c, lay);
        }
        let text = lay.token(false, false);
        if !after_number && let Some(dots) = dots {
            let _ = write!(text, "{n}{dots} ");
        }
        text.push(m.pit);
        if let Some(claim) = m.claim {
            let _ = write!(text, "x{claim}");
        }
        if let Some(g) = m.glyph {
            text.push_str(g.as_str());
        }
        for nag in m.nags() {
            let _ = write!(lay.token(false, false), "${}", nag.value);
        }
        for c in m.after() {
            comment_token(c, lay);
        }
        for v in m.variations() {
            lay.paren = true;
            line_tokens(&v.moves, n, south, lay);
            lay.token(true, false).push(')');
        }
        needs_number = !m.after().is_empty() || !m.variations().is_empty();
    }
}

/// Why a record cannot be written so that it reads back as itself.
///
/// The writer keeps comments and tag values as they are, and some texts
/// cannot survive that: the game reader would cut the game apart, or the
/// parser would read something else. [`Record::check_writable`] finds them before writing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// A comment holds a blank line followed by a line starting with `[`:
    /// the game reader starts a new game there (grammar.md, "Files and games").
    #[error(
        "comment holds a blank line followed by a line starting with `[`, which would start a new game: {text:?}"
    )]
    CommentStartsGame {
        /// The comment's text.
        text: String,
    },
    /// A comment holds both `}` (so it cannot be a `{…}` comment) and a line
    /// break (so it cannot be a `;` comment).
    #[error(
        "comment holds both `}}` and a line break, so neither comment form can hold it: {text:?}"
    )]
    CommentUnwritable {
        /// The comment's text.
        text: String,
    },
    /// A tag value holds a line break: a tag value ends on its own line.
    #[error("tag `{name}`: a tag value cannot hold a line break")]
    TagValueLineBreak {
        /// The tag's name.
        name: String,
    },
    /// A tag name is not a letter followed by letters, digits or `_`.
    #[error("tag name {name:?} is not a letter followed by letters, digits or `_`")]
    TagName {
        /// The name.
        name: String,
    },
}

/// Checks that a comment's text can be written so that it reads back as
/// itself, for those who build comments one at a time (an importer, which can
/// then say which comment is at fault). [`Record::check_writable`] applies it to every comment.
pub(crate) fn check_comment(text: &str) -> Result<(), WriteError> {
    if game_start_inside(text).is_some() {
        return Err(WriteError::CommentStartsGame {
            text: text.to_string(),
        });
    }
    if text.contains('}') && text.contains('\n') {
        return Err(WriteError::CommentUnwritable {
            text: text.to_string(),
        });
    }
    Ok(())
}

/// Checks that [`Record::to_text`] can write `record` so that the game reader
/// cuts it back out whole and the parser reads it back as `record`. Returns
/// the first problem found.
///
/// Records parsed from text always pass; records built otherwise (imported
/// from JSON, say) may not, and should be refused rather than written.
pub(crate) fn check_writable(record: &Record) -> Result<(), WriteError> {
    for t in &record.tags {
        let mut chars = t.name.chars();
        let well_formed = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !well_formed {
            return Err(WriteError::TagName {
                name: t.name.to_string(),
            });
        }
        if t.value.contains(['\n', '\r']) {
            return Err(WriteError::TagValueLineBreak {
                name: t.name.to_string(),
            });
        }
    }
    fn comments(cs: &[Comment]) -> Result<(), WriteError> {
        cs.iter().try_for_each(|c| check_comment(&c.text))
    }
    fn moves(ms: &[Move]) -> Result<(), WriteError> {
        for m in ms {
            comments(m.before())?;
            comments(m.after())?;
            for v in m.variations().iter() {
                moves(&v.moves)?;
            }
        }
        Ok(())
    }
    comments(&record.comments)?;
    moves(&record.moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Record;

    fn fmt(text: &str) -> String {
        write_record(&Record::parse(text).unwrap())
    }

    #[test]
    fn canonical_form_of_the_grammar_md_example() {
        let text = r#"[Result "*"]
[Rules "russ"]
[Opening "Ibadan"]
[Event "Ibadan club, round 3"]
[Date "2026.11.29"]
[South "Adewale"]
[North "Bisi"]

{A sharp opening} 1. cx7 {seven at once} Fx2! (1... Dx9!! {greedier} 2. f) 2. d $1
(2. cx7 {twenty laps} (2. bx2?!)) 2... B ; rest of the line
3. a *
"#;
        let out = fmt(text);
        insta::assert_snapshot!(out, @r#"
        [Event "Ibadan club, round 3"]
        [Date "2026.11.29"]
        [South "Adewale"]
        [North "Bisi"]
        [Result "*"]
        [Rules "russ"]
        [Opening "Ibadan"]

        {A sharp opening} 1. cx7 {seven at once} 1... Fx2! (1... Dx9!! {greedier} 2. f)
        2. d $1 (2. cx7 {twenty laps} (2. bx2?!)) 2... B { rest of the line} 3. a *
        "#);
        assert_eq!(fmt(&out), out);
    }

    #[test]
    fn wraps_at_80_columns_and_numbers_north_first_lines() {
        let moves = "A b C d E f ".repeat(12);
        let out = fmt(&format!("{moves} {{a comment}}\n*"));
        assert!(out.lines().all(|l| l.chars().count() <= WIDTH), "{out}");
        assert!(out.starts_with("1... A 2. b C 3. d E 4. f A"), "{out}");
        let r = Record::parse("1. a ;x } y\n B *").unwrap();
        let out = write_record(&r);
        assert_eq!(out, "1. a ;x } y\n1... B *\n");
        assert_eq!(Record::parse(&out).unwrap().normalized(), r.normalized());
    }

    #[test]
    fn escapes_tag_values() {
        let out = fmt("[Event \"a \\\"b\\\" \\\\ c\"]\n*");
        assert_eq!(out, "[Event \"a \\\"b\\\" \\\\ c\"]\n\n*\n");
    }

    #[test]
    fn check_refuses_what_would_not_read_back() {
        let mut r =
            Record::parse("1. a {fine\n[no blank line before\n\nnor at a line start [} *").unwrap();
        assert_eq!(check_writable(&r), Ok(()));
        r.moves[0].after_mut()[0].text = "a\n\n[Event \"x\"]".to_string();
        insta::assert_snapshot!(check_writable(&r).unwrap_err(), @r#"comment holds a blank line followed by a line starting with `[`, which would start a new game: "a\n\n[Event \"x\"]""#);
        r.moves[0].after_mut()[0].text = "a}\nb".to_string();
        insta::assert_snapshot!(check_writable(&r).unwrap_err(), @r#"comment holds both `}` and a line break, so neither comment form can hold it: "a}\nb""#);
        let mut r = Record::parse("[Event \"x\"]\n*").unwrap();
        r.tags[0].value = "two\nlines".to_string();
        insta::assert_snapshot!(check_writable(&r).unwrap_err(), @"tag `Event`: a tag value cannot hold a line break");
        r.tags[0].name = "9x".into();
        insta::assert_snapshot!(check_writable(&r).unwrap_err(), @r#"tag name "9x" is not a letter followed by letters, digits or `_`"#);
    }
}
