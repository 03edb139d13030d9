//! The syntax tree as a visitor of the reader: a [`Record`] built from the
//! tokens as they come, with the span of every node.

use std::borrow::Cow;
use std::ops::{ControlFlow, Range};

use super::{Flow, GO, Locator, Origin, Play, SyntaxError, TagPair, Visitor, read_game, unescape};
use crate::ast::{
    Comment, List, Move, MoveNumber, Moves, Nag, Outcome, Record, Span, Tag, Termination, Variation,
};
use crate::tags::known_index_of_bytes;
use crate::write::KNOWN_TAGS;

/// Parses one game's text (as cut by the game reader) into a [`Record`].
/// The text is UTF-8: the reader's diagnostics name characters.
pub(crate) fn parse_game(text: &str, origin: Origin) -> Result<Record, SyntaxError> {
    let mut tree = Tree::new(text, origin, false);
    let _ = read_game(text.as_bytes(), origin, &mut tree)?;
    Ok(tree.finish())
}

/// Parses the tag section of one game's text alone, as [`parse_game`] reads
/// it, and not the movetext after it: what can still be read of a game whose
/// moves do not parse (its players, its ruleset). An error only when the tag
/// pairs themselves are broken.
pub(crate) fn parse_tags(text: &str, origin: Origin) -> Result<Vec<Tag>, SyntaxError> {
    let mut tree = Tree::new(text, origin, true);
    let _ = read_game(text.as_bytes(), origin, &mut tree)?;
    Ok(tree.tags)
}

impl Record {
    /// Parses a text holding exactly one game, e.g. in tests.
    ///
    /// ```
    /// use ayo_notation::Record;
    ///
    /// let record = Record::parse("[South \"Ade\"]\n\n1. c {good} F (1... A) *\n").unwrap();
    /// assert_eq!(record.tag("South"), Some("Ade"));
    /// assert_eq!(record.moves.len(), 2);
    /// assert_eq!(record.moves[0].after()[0].text, "good");
    /// assert_eq!(record.moves[1].variations().len(), 1);
    /// ```
    pub fn parse(text: &str) -> Result<Record, SyntaxError> {
        parse_game(text, Origin::START)
    }
}

/// The moves of a line being built: a `Vec` for the main line (a
/// [`Record`]'s), [`Moves`] for a variation's.
trait LineMoves: std::ops::DerefMut<Target = [Move]> {
    fn push(&mut self, m: Move);
    /// Gives back the spare room of a finished line, when there is much of it.
    fn finish(&mut self);
}

impl LineMoves for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
    fn finish(&mut self) {
        // The main line was given room for a move every five bytes: a game
        // of many variations would otherwise hold several times its moves (a
        // 1.4 MB game of 200,000 one-move variations: 99 MB to validate, 36 MB
        // with this and the exact room of a variation's first move, measured
        // with room for a move every six bytes). Only room for more than
        // twice the moves (and four) is shrunk, which growing by doubling
        // never leaves: shrinking every line cost a reallocation each, about
        // 13 M instructions of `ayo validate` on 40,000 games.
        if self.capacity() > 2 * self.len() + 4 {
            self.shrink_to_fit();
        }
    }
}

impl LineMoves for Moves {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        Moves::push(self, m);
    }
    fn finish(&mut self) {
        // Exact: a variation's moves are kept as long as the game, and a game
        // may have hundreds of thousands of them.
        self.shrink_to_fit();
    }
}

/// Moves `comments` to the end of those after `m`: nothing to do, and no
/// room made for notes, when there are none (most lines end without one).
#[inline(always)]
fn append_after(m: &mut Move, comments: &mut List<Comment>) {
    if !comments.is_empty() {
        m.after_mut().append(comments);
    }
}

/// Gives back the spare room of a move's lists once no more can be added to
/// them (a list grows from room for four; most moves that have one have one
/// item). Cheap for a move without NAGs, comments or variations, as most are.
#[inline(always)]
fn finish_move(m: &mut Move) {
    m.shrink_to_fit();
}

/// A line being built.
struct Line<M> {
    moves: M,
    /// Comments waiting for the next move: at the start of the line, after a
    /// move number, or after a variation.
    pending: List<Comment>,
    /// A move number waiting for its move.
    number: Option<MoveNumber>,
    /// The last token was a variation.
    after_variation: bool,
}

impl<M: LineMoves> Line<M> {
    fn new(moves: M) -> Self {
        Line {
            moves,
            pending: List::new(),
            number: None,
            after_variation: false,
        }
    }

    /// A move, with the number and comments waiting for it.
    #[inline(always)]
    fn play(&mut self, play: Play, span: Span) {
        if let Some(last) = self.moves.last_mut() {
            finish_move(last);
        }
        // Built whole: the comments waiting for it are taken only when there
        // are some (most moves have none).
        let before = (!self.pending.is_empty()).then(|| std::mem::take(&mut self.pending));
        self.moves.push(Move::played(
            char::from(play.letter),
            self.number.take(),
            play.claim,
            play.glyph,
            span,
            before,
        ));
        self.after_variation = false;
    }

    /// A comment goes after the move it follows, or waits for the next move.
    fn comment(&mut self, comment: Comment) {
        match self.moves.last_mut() {
            Some(m) if self.number.is_none() && !self.after_variation => {
                m.after_mut().push(comment)
            }
            _ => self.pending.push(comment),
        }
    }

    /// The moves, and the comments left over at the end: those go after the
    /// last move, and a line with no moves hands them back.
    fn finish(mut self) -> (M, List<Comment>) {
        self.moves.finish();
        match self.moves.last_mut() {
            Some(m) => {
                append_after(m, &mut self.pending);
                finish_move(m);
                (self.moves, List::new())
            }
            None => (self.moves, self.pending),
        }
    }

    /// A variation of the last move, with the comments waiting before it
    /// (those between variations stay with the move they follow).
    fn variation(&mut self, variation: Variation) {
        // The reader opens a variation only after a move.
        if let Some(last) = self.moves.last_mut() {
            append_after(last, &mut self.pending);
            last.variations_mut().push(variation);
        }
        self.after_variation = true;
    }
}

/// The builder of a [`Record`] (or of its tags alone, `tags_only`).
struct Tree<'a> {
    text: &'a str,
    loc: Locator<'a>,
    tags_only: bool,
    /// The span where the game starts, at its first token.
    start: Option<Span>,
    tags: Vec<Tag>,
    main: Line<Vec<Move>>,
    /// The open variations, innermost last, with the span of their `(`.
    variations: Vec<(Line<Moves>, Span)>,
    result: Option<Termination>,
}

/// Calls `$f` on the line being built: the innermost open variation, or the
/// main line.
macro_rules! current_line {
    ($tree:expr, |$line:ident| $body:expr) => {
        match $tree.variations.last_mut() {
            Some(($line, _)) => $body,
            None => {
                let $line = &mut $tree.main;
                $body
            }
        }
    };
}

impl<'a> Tree<'a> {
    fn new(text: &'a str, origin: Origin, tags_only: bool) -> Self {
        Tree {
            text,
            loc: Locator::new(text.as_bytes(), origin),
            tags_only,
            start: None,
            tags: Vec::new(),
            main: Line::new(Vec::new()),
            variations: Vec::new(),
            result: None,
        }
    }

    #[inline(always)]
    fn span(&mut self, at: Range<usize>) -> Span {
        self.loc.span(at.start, at.end)
    }

    /// The game's first token is at `at`.
    #[inline(always)]
    fn started(&mut self, at: usize) {
        if self.start.is_none() {
            self.start = Some(self.loc.span(at, at));
        }
    }

    /// The record read (the reader read it whole).
    fn finish(self) -> Record {
        let (moves, comments) = self.main.finish();
        let start = self.start.unwrap_or_default();
        Record {
            tags: self.tags,
            comments: comments.into(),
            moves,
            result: self.result.unwrap_or(Termination {
                outcome: Outcome::Unknown,
                span: start,
            }),
            span: Span {
                len: self.text.len() as u32 - start.offset,
                ..start
            },
        }
    }
}

impl<'a> Visitor<'a> for Tree<'a> {
    #[inline(always)]
    fn tag(&mut self, tag: TagPair<'a>) -> Flow {
        self.started(tag.at.start);
        let open = self.loc.span(tag.at.start, tag.at.start);
        let value_start = self.loc.span(tag.value_at.start, tag.value_at.start);
        let quoted = &self.text[tag.value_at.start + 1..tag.value_at.end - 1];
        let value = if tag.escaped {
            unescape(quoted).into_owned()
        } else {
            quoted.to_string()
        };
        // Known names are borrowed, not allocated (see `Tag::name`), and
        // looked up as bytes: checking each name for UTF-8 first cost more
        // than the look-up. (ASCII: a tag name is letters, digits and `_`.)
        let name = match known_index_of_bytes(tag.name) {
            Some(i) => Cow::Borrowed(KNOWN_TAGS[i]),
            None => Cow::Owned(String::from_utf8_lossy(tag.name).into_owned()),
        };
        if self.tags.is_empty() {
            // Room for the tag roster the canonical writer puts out (seven
            // tags).
            self.tags.reserve(8);
        }
        self.tags.push(Tag {
            name,
            value,
            span: Span {
                len: (tag.at.end - tag.at.start) as u32,
                ..open
            },
            value_span: Span {
                len: (tag.value_at.end - tag.value_at.start) as u32,
                ..value_start
            },
        });
        GO
    }

    #[inline(always)]
    fn movetext(&mut self, at: usize) -> Flow {
        if self.tags_only {
            return ControlFlow::Break(());
        }
        self.started(at);
        // Most of a game's text is its main line, at five to seven bytes a
        // move (`12. dx3 E `), comments and variations included: room for a
        // move every five bytes. (Every six, a third of the games of the
        // records bench grew the list once, a copy of all its moves.)
        self.main.moves = Vec::with_capacity((self.text.len() - at) / 5 + 1);
        GO
    }

    #[inline(always)]
    fn number(&mut self, number: u32, north: bool, at: Range<usize>) -> Flow {
        let span = self.span(at);
        current_line!(self, |line| {
            line.number = Some(MoveNumber {
                number,
                ellipsis: north,
                span,
            })
        });
        GO
    }

    #[inline(always)]
    fn play(&mut self, play: Play) -> Flow {
        let span = self.span(play.at.clone());
        current_line!(self, |line| line.play(play, span));
        GO
    }

    fn nag(&mut self, value: u8, at: Range<usize>) -> Flow {
        let span = self.span(at);
        // The reader lets a NAG through only right after a move.
        current_line!(self, |line| {
            if let Some(m) = line.moves.last_mut() {
                m.nags_mut().push(Nag { value, span })
            }
        });
        GO
    }

    fn comment(&mut self, text: &'a [u8], at: Range<usize>) -> Flow {
        let span = self.span(at.clone());
        let text = &self.text[at.start + 1..at.start + 1 + text.len()];
        // A line break inside a comment is a line break, whatever the
        // file's convention: CRLF is read as LF, so that canonical output
        // has one kind of line ending. Carriage returns piled up before a
        // line feed go with it (`\r\r\n` is one line break): kept, the
        // writer's LF would make a new CRLF of the last one.
        let text = if text.contains("\r\n") {
            let mut t = text.replace("\r\n", "\n");
            while t.contains("\r\n") {
                t = t.replace("\r\n", "\n");
            }
            t
        } else {
            text.to_string()
        };
        current_line!(self, |line| line.comment(Comment { text, span }));
        GO
    }

    fn open(&mut self, at: usize) -> Flow {
        let open = self.loc.span(at, at + 1);
        // Room for one move: most variations are short, and a second move
        // then grows it.
        self.variations.push((Line::new(Moves::new()), open));
        GO
    }

    fn close(&mut self, at: usize) -> Flow {
        let Some((line, open)) = self.variations.pop() else {
            return GO;
        };
        // The reader closes only a variation that has a move, so its
        // trailing comments have gone after that move.
        let (moves, _) = line.finish();
        let variation = Variation {
            moves,
            span: Span {
                len: (at + 1) as u32 - open.offset,
                ..open
            },
        };
        current_line!(self, |line| line.variation(variation));
        GO
    }

    #[inline(always)]
    fn end(&mut self, outcome: Outcome, at: Range<usize>) -> Flow {
        let span = self.span(at);
        self.result = Some(Termination { outcome, span });
        GO
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Glyph;

    fn err(text: &str) -> String {
        let e = Record::parse(text).unwrap_err();
        format!("{}:{}: {}", e.span.line, e.span.column, e.message)
    }

    #[test]
    fn the_grammar_md_example_parses() {
        let text = r#"[Event "Ibadan club, round 3"]
[Date "2026.11.29"]
[South "Adewale"]
[North "Bisi"]
[Rules "russ"]
[Result "*"]

{A sharp opening} 1. cx7 {seven at once} Fx2! (1... Dx9!! {greedier} 2. f) 2. d $1
(2. cx7 {twenty laps} (2. bx2?!)) 2... B ; rest of the line
3. a *
"#;
        let r = Record::parse(text).unwrap();
        assert_eq!(r.tags.len(), 6);
        assert_eq!(r.tag("South"), Some("Adewale"));
        assert_eq!(r.moves.len(), 5);
        let c = &r.moves[0];
        assert_eq!(c.before()[0].text, "A sharp opening");
        assert_eq!(c.claim, Some(7));
        assert_eq!(c.after()[0].text, "seven at once");
        assert_eq!((c.span.line, c.span.column), (8, 22));
        let f = &r.moves[1];
        assert_eq!(f.glyph, Some(Glyph::Good));
        assert_eq!(f.variations()[0].moves[0].pit, 'D');
        assert_eq!(f.variations()[0].moves[0].after()[0].text, "greedier");
        let d = &r.moves[2];
        assert_eq!(d.nags()[0].value, 1);
        assert_eq!(
            d.variations()[0].moves[0].variations()[0].moves[0].glyph,
            Some(Glyph::Dubious)
        );
        let b = &r.moves[3];
        assert!(b.number.unwrap().ellipsis);
        assert_eq!(b.after()[0].text, " rest of the line");
        assert_eq!(r.result.outcome, Outcome::Unknown);
        assert_eq!((r.result.span.line, r.result.span.column), (10, 6));
    }

    #[test]
    fn comment_placement() {
        let r = Record::parse("{a} 1. {b} c {c} (1. d {d}) {e} F {f} *").unwrap();
        let c = &r.moves[0];
        assert_eq!(
            c.before().iter().map(|x| &x.text[..]).collect::<Vec<_>>(),
            ["a", "b"]
        );
        assert_eq!(c.after()[0].text, "c");
        assert_eq!(c.variations()[0].moves[0].after()[0].text, "d");
        assert_eq!(r.moves[1].before()[0].text, "e");
        assert_eq!(r.moves[1].after()[0].text, "f");
        let r = Record::parse("{only a comment} *").unwrap();
        assert_eq!(r.comments[0].text, "only a comment");
    }

    #[test]
    fn diagnostics() {
        insta::assert_snapshot!(err("[Event \"x]\n1. a *"), @r#"1:8: unclosed tag value: expected `"` before the end of the line"#);
        insta::assert_snapshot!(err("[Event x]\n*"), @"1:8: expected a tag value in double quotes; found `x`");
        insta::assert_snapshot!(err("[Event \"a\\n\"]\n*"), @r#"1:10: expected `\"` or `\\` in a tag value; found `\n`"#);
        insta::assert_snapshot!(err("[Event \"x\"\n*"), @"1:11: expected `]` to close the tag pair; found the end of the line");
        insta::assert_snapshot!(err("[Event \"x\"] [Site \"y\"]\n*"), @"1:13: expected the end of the line after the tag pair; found `[`");
        insta::assert_snapshot!(err("1. a {open"), @"1:6: unclosed comment: expected `}` before the end of the game");
        insta::assert_snapshot!(err("1. a (1... B"), @"1:6: unclosed variation: expected `)` before the end of the game");
        insta::assert_snapshot!(err("1. a (1. b *) *"), @"1:12: expected `)` to close the variation opened at 1:6; found the game-termination token `*`");
        insta::assert_snapshot!(err("1. a B )"), @"1:8: unexpected `)`: no variation is open");
        insta::assert_snapshot!(err("(1. a) *"), @"1:1: a variation must follow the move it replaces; found `(` before any move");
        insta::assert_snapshot!(err("1. a () *"), @"1:6: empty variation: expected at least one move between `(` and `)`");
        insta::assert_snapshot!(err("1. *"), @"1:4: expected a move after move number 1.; found `*`");
        insta::assert_snapshot!(err("1. a 2 B *"), @"1:6: expected a move number (`12.` or `12...`) or a game-termination token (1-0, 0-1, 1/2-1/2, *); found `2`");
        insta::assert_snapshot!(err("1. a# *"), @"1:5: expected a space, a comment or a variation after the move (a move is a pit letter, an optional claim `x7` and an optional glyph `!`, `?`, `!!`, `??`, `!?`, `?!`); found `#`");
        insta::assert_snapshot!(err("1. a $300 *"), @"1:6: NAG `$300` is out of range: expected `$0` to `$255`");
        insta::assert_snapshot!(err("$1 1. a *"), @"1:1: a NAG must follow the move it annotates");
        insta::assert_snapshot!(err("1. a (1. b) $1 *"), @"1:13: a NAG must follow the move it annotates");
        insta::assert_snapshot!(err("1. a"), @"1:5: missing game-termination token: expected a move, a comment, a variation or 1-0, 0-1, 1/2-1/2 or * to end the game; found the end of the game");
        insta::assert_snapshot!(err("1. a B\n\n"), @"1:7: missing game-termination token: expected a move, a comment, a variation or 1-0, 0-1, 1/2-1/2 or * to end the game; found the end of the game");
        insta::assert_snapshot!(err("1. a 1-0x"), @"1:6: expected a space or the end of the line after the game-termination token `1-0`; found `1-0x`");
        insta::assert_snapshot!(err("1. a % *"), @"1:6: expected a move, a move number, a comment, a variation or a game-termination token; found `%`");
        // Text before a game's tags (a title line) is no movetext.
        insta::assert_snapshot!(err("Club championship 2026\n"), @r#"1:1: expected a tag pair or a move; found `Club`: a title before a game must be a tag (`[Event "..."]`) or a `{comment}`"#);
        insta::assert_snapshot!(err("# Round 2\n1. a *"), @r#"1:1: expected a tag pair or a move; found `#`: a title before a game must be a tag (`[Event "..."]`) or a `{comment}`"#);
        insta::assert_snapshot!(err("2026 Club\n"), @r#"1:1: expected a tag pair or a move; found `2026`: a title before a game must be a tag (`[Event "..."]`) or a `{comment}`"#);
        insta::assert_snapshot!(err("Ìbàdàn 2026\n"), @r#"1:1: expected a tag pair or a move; found `Ìbàdàn`: a title before a game must be a tag (`[Event "..."]`) or a `{comment}`"#);
        // Not at the start, or a word that is a move: the usual messages.
        insta::assert_snapshot!(err("a Club *"), @"1:4: expected a space, a comment or a variation after the move (a move is a pit letter, an optional claim `x7` and an optional glyph `!`, `?`, `!!`, `??`, `!?`, `?!`); found `lub`");
        insta::assert_snapshot!(err("[Event \"x\"]\nClub *"), @"2:2: expected a space, a comment or a variation after the move (a move is a pit letter, an optional claim `x7` and an optional glyph `!`, `?`, `!!`, `??`, `!?`, `?!`); found `lub`");
        insta::assert_snapshot!(err("c$1 a"), @"1:6: missing game-termination token: expected a move, a comment, a variation or 1-0, 0-1, 1/2-1/2 or * to end the game; found the end of the game");
        insta::assert_snapshot!(err("1. ax99999999999 *"), @"1:5: capture claim `x99999999999` is too large");
        insta::assert_snapshot!(err("[Event \"x\"]\n[Site \"y\"]\n\n"), @"2:11: expected movetext or a termination token after the tag pairs; found the end of the game");
        insta::assert_snapshot!(err("[Result \"1-0\"]\n\n1. a B\n"), @"3:7: missing game-termination token: expected a move, a comment, a variation or 1-0, 0-1, 1/2-1/2 or * to end the game; found the end of the game: add `1-0` (from the Result tag)");
        insta::assert_snapshot!(err("[Result \"0-1\"]\n"), @"1:15: expected movetext or a termination token after the tag pairs; found the end of the game: add `0-1` (from the Result tag)");
        insta::assert_snapshot!(err("1.\u{a0}a *"), @"1:3: expected a move, a move number, a comment, a variation or a game-termination token; found U+00A0 NO-BREAK SPACE (did you mean a space?)");
        insta::assert_snapshot!(err("1. a\u{a0}B *"), @"1:5: expected a space, a comment or a variation after the move (a move is a pit letter, an optional claim `x7` and an optional glyph `!`, `?`, `!!`, `??`, `!?`, `?!`); found U+00A0 NO-BREAK SPACE (did you mean a space?)");
        insta::assert_snapshot!(err("1. a B 1\u{2013}0"), @"1:8: expected a move number (`12.` or `12...`) or a game-termination token (1-0, 0-1, 1/2-1/2, *); found `1–0`, which holds U+2013 EN DASH (did you mean `-`?)");
        insta::assert_snapshot!(err("[Event \u{201c}x\u{201d}]\n*"), @r#"1:8: expected a tag value in double quotes; found U+201C LEFT DOUBLE QUOTATION MARK (did you mean `"`?)"#);
        insta::assert_snapshot!(err("[Event \"x\"]\n\u{200b}1. a *"), @"2:1: expected a move, a move number, a comment, a variation or a game-termination token; found U+200B ZERO WIDTH SPACE (an invisible character: delete it)");
        insta::assert_snapshot!(err("1. a \u{feff}B *"), @"1:6: expected a move, a move number, a comment, a variation or a game-termination token; found U+FEFF ZERO WIDTH NO-BREAK SPACE (a byte-order mark inside the text: delete it)");
        insta::assert_snapshot!(err("1. \u{ff43} *"), @"1:4: expected a move, a move number, a comment, a variation or a game-termination token; found U+FF43 FULLWIDTH LATIN SMALL LETTER C (did you mean `c`?)");
        insta::assert_snapshot!(err("1. a 2\u{2026} B *"), @"1:6: expected a move number (`12.` or `12...`) or a game-termination token (1-0, 0-1, 1/2-1/2, *); found `2…`, which holds U+2026 HORIZONTAL ELLIPSIS (did you mean `...`?)");
        insta::assert_snapshot!(err("1. e4 e5 *"), @"1:4: expected a move; found `e4`, which looks like chess: a move here is a single pit letter (`e`), with an optional claim such as `ex3` (see grammar.md, Moves)");
        insta::assert_snapshot!(err("1. a B 2. Nf3 *"), @"1:11: expected a move; found `Nf3`, which looks like chess: a move here is a single pit letter (`N`), with an optional claim such as `Nx3` (see grammar.md, Moves)");
        insta::assert_snapshot!(err("1. exd5 *"), @"1:4: expected a move; found `exd5`, which looks like chess: a move here is a single pit letter (`e`), with an optional claim such as `ex3` (see grammar.md, Moves)");
        insta::assert_snapshot!(err("1. O-O *"), @"1:4: expected a move; found `O-O`, which looks like chess: a move here is a single pit letter (`O`), with an optional claim such as `Ox3` (see grammar.md, Moves)");
        // A move number with no move after it, whatever comes instead.
        let dangling: Vec<String> = ["1.", "1. (", "1. a 2. )", "1. a 2... 1-0", "1. 2. a *"]
            .into_iter()
            .map(err)
            .collect();
        insta::assert_debug_snapshot!(dangling, @r#"
        [
            "1:3: expected a move after move number 1.; found the end of the game",
            "1:4: expected a move after move number 1.; found `(`",
            "1:9: expected a move after move number 2.; found `)`",
            "1:11: expected a move after move number 2...; found `1-0`",
            "1:4: expected a move after move number 1.; found `2.`",
        ]
        "#);
        insta::assert_snapshot!(err("1. a 1-0 B"), @"1:10: expected the end of the game after its termination token; found `B`");
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let text = format!("1. a {}{} *", "(1. b ".repeat(10_000), ")".repeat(10_000));
        let e = Record::parse(&text).unwrap_err();
        assert!(e.message.contains("nested more than 64"), "{}", e.message);
        let ok = format!("1. a {}{} *", "(1. b ".repeat(64), ")".repeat(64));
        assert!(Record::parse(&ok).is_ok());
    }

    #[test]
    fn columns_count_characters_and_start_where_the_game_does() {
        let r = parse_game(
            "{é€} a *",
            Origin {
                offset: 10,
                line: 3,
                column: 5,
            },
        )
        .unwrap();
        assert_eq!(r.moves[0].span.column, 5 + 5);
        // Offsets count from the start of the game's text.
        assert_eq!(r.moves[0].span.offset, 8);
        assert_eq!(r.moves[0].span.line, 3);
    }
}
