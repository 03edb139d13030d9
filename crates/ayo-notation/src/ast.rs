//! The syntax tree of a `.ayo` record. Syntax only: nothing here knows the rules.

use std::borrow::Cow;
use std::fmt;
use std::mem::ManuallyDrop;
use std::ops::{Deref, DerefMut};

use thin_vec::ThinVec;

/// A list of things attached to a move (its NAGs, comments, variations):
/// read it as a slice, build it with [`push`](List::push), `collect` or
/// `From<Vec<T>>`.
///
/// Most moves have none of these, so the list is one word when empty where a
/// `Vec` is three, which makes a move about a third smaller; that is what
/// parsing mostly writes. How it is stored is not part of the API.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct List<T>(ThinVec<T>);

impl<T> List<T> {
    /// An empty list (no allocation).
    pub fn new() -> Self {
        List(ThinVec::new())
    }

    /// An empty list with room for `n` items (no allocation when `n` is 0).
    pub fn with_capacity(n: usize) -> Self {
        List(ThinVec::with_capacity(n))
    }

    /// Gives back the room no item uses (a list grows by doubling, so up to
    /// half of it), for a finished list that is kept long.
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }

    /// Adds an item at the end. The first gets room for itself alone (most
    /// lists of a move hold one item); after it the room doubles.
    #[inline]
    pub fn push(&mut self, item: T) {
        if self.0.capacity() == 0 {
            self.0.reserve_exact(1);
        }
        self.0.push(item);
    }

    /// Removes every item.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Moves every item of `other` to the end of this list.
    pub fn append(&mut self, other: &mut List<T>) {
        self.0.append(&mut other.0);
    }
}

impl<T> Default for List<T> {
    fn default() -> Self {
        List::new()
    }
}

impl<T> Deref for List<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> DerefMut for List<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

impl<T: fmt::Debug> fmt::Debug for List<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T> FromIterator<T> for List<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        List(iter.into_iter().collect())
    }
}

impl<T> Extend<T> for List<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}

impl<T> From<Vec<T>> for List<T> {
    fn from(v: Vec<T>) -> Self {
        List(v.into_iter().collect())
    }
}

impl<T> From<List<T>> for Vec<T> {
    fn from(l: List<T>) -> Self {
        l.0.into_iter().collect()
    }
}

impl<'a, T> IntoIterator for &'a List<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T> IntoIterator for List<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    /// (Through a `Vec`: an allocation, but only when the list is not empty.)
    fn into_iter(self) -> Self::IntoIter {
        Vec::from(self).into_iter()
    }
}

/// The moves of a [`Variation`]: read them as a slice, build them with
/// [`push`](Moves::push), `collect` or `From<Vec<Move>>`.
///
/// Most variations are one move, and a game may hold hundreds of thousands
/// of them: a single move is kept in place, in the variation itself, and only
/// a longer line has a list of its own. A one-move variation then costs no
/// allocation of its own (a 1.4 MB game of 200,000 of them: 136 bytes a
/// variation with a list each, 104 so). How it is stored is not part of the
/// API.
#[derive(Clone, PartialEq, Eq)]
pub struct Moves(MovesInner);

#[derive(Clone, PartialEq, Eq)]
enum MovesInner {
    One(Move),
    Many(ThinVec<Move>),
}

impl Moves {
    /// No moves (no allocation).
    pub fn new() -> Self {
        Moves(MovesInner::Many(ThinVec::new()))
    }

    /// Adds a move at the end. The first is kept in place; a second moves
    /// both to a list.
    pub fn push(&mut self, m: Move) {
        match &mut self.0 {
            MovesInner::Many(list) if list.is_empty() => self.0 = MovesInner::One(m),
            MovesInner::Many(list) => list.push(m),
            MovesInner::One(_) => {
                let mut list = ThinVec::with_capacity(2);
                let MovesInner::One(first) =
                    std::mem::replace(&mut self.0, MovesInner::Many(ThinVec::new()))
                else {
                    unreachable!("matched above")
                };
                list.push(first);
                list.push(m);
                self.0 = MovesInner::Many(list);
            }
        }
    }

    /// Gives back the room no move uses (a list grows by doubling): for a
    /// line that is finished.
    pub fn shrink_to_fit(&mut self) {
        if let MovesInner::Many(list) = &mut self.0 {
            if list.len() == 1 {
                if let Some(m) = list.pop() {
                    self.0 = MovesInner::One(m);
                }
            } else {
                list.shrink_to_fit();
            }
        }
    }
}

impl Default for Moves {
    fn default() -> Self {
        Moves::new()
    }
}

impl Deref for Moves {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        match &self.0 {
            MovesInner::One(m) => std::slice::from_ref(m),
            MovesInner::Many(list) => list,
        }
    }
}

impl DerefMut for Moves {
    fn deref_mut(&mut self) -> &mut [Move] {
        match &mut self.0 {
            MovesInner::One(m) => std::slice::from_mut(m),
            MovesInner::Many(list) => list,
        }
    }
}

impl fmt::Debug for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<Move> for Moves {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Self {
        let mut moves = Moves::new();
        moves.extend(iter);
        moves.shrink_to_fit();
        moves
    }
}

impl Extend<Move> for Moves {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for m in iter {
            self.push(m);
        }
    }
}

impl From<Vec<Move>> for Moves {
    fn from(v: Vec<Move>) -> Self {
        v.into_iter().collect()
    }
}

impl From<Moves> for Vec<Move> {
    fn from(moves: Moves) -> Self {
        match moves.0 {
            MovesInner::One(m) => vec![m],
            MovesInner::Many(list) => list.into_iter().collect(),
        }
    }
}

impl<'a> IntoIterator for &'a Moves {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for Moves {
    type Item = Move;
    type IntoIter = std::vec::IntoIter<Move>;
    /// (Through a `Vec`: an allocation.)
    fn into_iter(self) -> Self::IntoIter {
        Vec::from(self).into_iter()
    }
}

/// A place in a game: byte offset in the game's text and length, and the
/// 1-based line and column (in characters) of its first byte in the input.
///
/// Sixteen bytes: a syntax tree holds two or three spans a move, so their size
/// is most of the tree's. The offset and length fit in `u32` because a game is
/// at most 4 GiB: [`RawGame::parse`](super::RawGame::parse) refuses a longer one, and
/// [`GameReader::max_game_bytes`](super::GameReader::max_game_bytes) keeps
/// games far below that. Where the game starts in the input is its
/// [`Origin`](super::Origin).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Byte offset from the start of the game's text (so a span indexes the
    /// text it was parsed from: `&text[offset..offset + len]`). The game's own
    /// [`Origin`](super::Origin) says where that text starts in the input.
    pub offset: u32,
    /// Length in bytes.
    pub len: u32,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub column: u32,
}

/// One game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Tag pairs, in file order.
    pub tags: Vec<Tag>,
    /// Comments of a record that has no moves (otherwise comments belong to moves).
    pub comments: Vec<Comment>,
    /// The main line.
    pub moves: Vec<Move>,
    /// The game-termination token.
    pub result: Termination,
    /// The whole game.
    pub span: Span,
}

/// A tag pair, `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The name, as written. A known name (one of
    /// [`Tag::KNOWN`]) is borrowed from that list rather
    /// than allocated: nearly every tag has one, and allocating them was a
    /// third of the allocations of parsing a game.
    pub name: Cow<'static, str>,
    /// The value with its escapes undone, otherwise uninterpreted.
    pub value: String,
    /// The whole tag pair.
    pub span: Span,
    /// The value, quotes included.
    pub value_span: Span,
}

/// A move and everything attached to it.
///
/// Its NAGs, comments and variations are read with [`nags`](Move::nags),
/// [`before`](Move::before), [`after`](Move::after) and
/// [`variations`](Move::variations), as slices, and added to through
/// [`nags_mut`](Move::nags_mut) and the like. Most moves have none of them:
/// they share one box, which a move without any does not have, so that a
/// move is 64 bytes (a game of 200,000 one-move variations holds 200,000 of
/// them). How they are stored is not part of the API.
///
/// ```
/// use ayo_notation::{Comment, Move, Span};
///
/// let mut m = Move::new('c');
/// assert!(m.after().is_empty());
/// m.after_mut().push(Comment { text: "the usual".into(), span: Span::default() });
/// assert_eq!(m.after()[0].text, "the usual");
/// ```
#[derive(Clone)]
pub struct Move {
    /// The move number written before it, if any.
    pub number: Option<MoveNumber>,
    /// The pit letter: lowercase for South, uppercase for North.
    pub pit: char,
    /// The capture claim `xN`: seeds this move sends to the store.
    pub claim: Option<u32>,
    /// The suffix glyph.
    pub glyph: Option<Glyph>,
    /// NAGs, comments and variations, when it has any. Dropped by hand (see
    /// `Drop for Move`), so that dropping a move without any is a test.
    notes: ManuallyDrop<Option<Box<Notes>>>,
    /// The move token: letter, claim and glyph.
    pub span: Span,
}

/// What a few moves carry besides their token: one box, so that the many
/// moves without any are smaller.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Notes {
    nags: List<Nag>,
    before: List<Comment>,
    after: List<Comment>,
    variations: List<Variation>,
}

/// [`Move::shrink_to_fit`] for a move that has a box: apart, as most moves
/// have none.
#[inline(never)]
fn shrink_notes(notes: &mut Option<Box<Notes>>) {
    if let Some(n) = notes {
        if n.nags.is_empty() && n.before.is_empty() && n.after.is_empty() && n.variations.is_empty()
        {
            *notes = None;
        } else {
            n.variations.shrink_to_fit();
        }
    }
}

impl Drop for Move {
    /// The box of notes, when there is one: most moves have none, and the
    /// drop glue of the box, called for every move of a record, cost more
    /// than this test.
    #[inline(always)]
    fn drop(&mut self) {
        if self.notes.is_some() {
            drop_notes(&mut self.notes);
        }
    }
}

/// Drops a move's notes (held in a `ManuallyDrop`): taken out, they drop as
/// usual, and `None` is left.
#[inline(never)]
fn drop_notes(notes: &mut Option<Box<Notes>>) {
    drop(notes.take());
}

/// The empty slice of a move without notes.
macro_rules! note {
    ($self:ident, $field:ident) => {
        match &*$self.notes {
            Some(n) => &n.$field,
            None => &[],
        }
    };
}

impl Move {
    /// The move `pit`: no number, claim, glyph, NAG, comment or variation,
    /// and a default span.
    pub fn new(pit: char) -> Move {
        Move {
            number: None,
            pit,
            claim: None,
            glyph: None,
            notes: ManuallyDrop::new(None),
            span: Span::default(),
        }
    }

    /// A move as the reader reads it, with the comments before it: built
    /// whole, with a box for its notes only when there are such comments
    /// (most moves have none).
    #[inline(always)]
    pub(crate) fn played(
        pit: char,
        number: Option<MoveNumber>,
        claim: Option<u32>,
        glyph: Option<Glyph>,
        span: Span,
        before: Option<List<Comment>>,
    ) -> Move {
        Move {
            number,
            pit,
            claim,
            glyph,
            notes: ManuallyDrop::new(before.map(|before| {
                Box::new(Notes {
                    before,
                    ..Notes::default()
                })
            })),
            span,
        }
    }

    /// Numeric annotation glyphs, `$N`.
    #[inline]
    pub fn nags(&self) -> &[Nag] {
        note!(self, nags)
    }

    /// Comments before the move (at the start of a line or after a variation).
    #[inline]
    pub fn before(&self) -> &[Comment] {
        note!(self, before)
    }

    /// Comments after the move.
    #[inline]
    pub fn after(&self) -> &[Comment] {
        note!(self, after)
    }

    /// Variations: other moves in place of this one.
    #[inline]
    pub fn variations(&self) -> &[Variation] {
        note!(self, variations)
    }

    fn notes_mut(&mut self) -> &mut Notes {
        self.notes.get_or_insert_with(Box::default)
    }

    /// The NAGs, to add to.
    pub fn nags_mut(&mut self) -> &mut List<Nag> {
        &mut self.notes_mut().nags
    }

    /// The comments before the move, to add to.
    pub fn before_mut(&mut self) -> &mut List<Comment> {
        &mut self.notes_mut().before
    }

    /// The comments after the move, to add to.
    pub fn after_mut(&mut self) -> &mut List<Comment> {
        &mut self.notes_mut().after
    }

    /// The variations, to add to.
    pub fn variations_mut(&mut self) -> &mut List<Variation> {
        &mut self.notes_mut().variations
    }

    /// Sets the comments before the move (no allocation when there are none).
    #[inline]
    pub fn set_before(&mut self, comments: List<Comment>) {
        if !comments.is_empty() || self.notes.is_some() {
            self.notes_mut().before = comments;
        }
    }

    /// For a move that is finished: gives back the box of a move whose lists
    /// are all empty, and the room its variations do not use (the one list of
    /// a move that can be long: its comments and NAGs are a few at most, and
    /// shrinking them cost a reallocation for each).
    #[inline]
    pub fn shrink_to_fit(&mut self) {
        if self.notes.is_some() {
            shrink_notes(&mut self.notes);
        }
    }
}

impl PartialEq for Move {
    /// Field by field, the notes as their lists (a move whose box holds only
    /// empty lists equals one without a box).
    fn eq(&self, other: &Move) -> bool {
        self.number == other.number
            && self.pit == other.pit
            && self.claim == other.claim
            && self.glyph == other.glyph
            && self.span == other.span
            && self.nags() == other.nags()
            && self.before() == other.before()
            && self.after() == other.after()
            && self.variations() == other.variations()
    }
}

impl Eq for Move {}

impl fmt::Debug for Move {
    /// The fields and the notes, as one struct.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Move")
            .field("number", &self.number)
            .field("pit", &self.pit)
            .field("claim", &self.claim)
            .field("glyph", &self.glyph)
            .field("nags", &self.nags())
            .field("before", &self.before())
            .field("after", &self.after())
            .field("variations", &self.variations())
            .field("span", &self.span)
            .finish()
    }
}

/// `12.` (before South's move) or `12...` (before North's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number.
    pub number: u32,
    /// `...` rather than `.`.
    pub ellipsis: bool,
    /// Where it stands.
    pub span: Span,
}

/// A numeric annotation glyph, `$N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nag {
    /// The number.
    pub value: u8,
    /// Where it stands.
    pub span: Span,
}

/// A comment, `{…}` or `; …`. The text is kept as written, except that a
/// CRLF line break inside a `{…}` comment is read as LF (and a `;` comment
/// ends before the CR of a CRLF).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// What stands between the braces, or after the `;` up to the line end.
    pub text: String,
    /// The whole comment.
    pub span: Span,
}

/// A variation, `( … )`: a line of play replacing the move before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// Its moves: see [`Moves`] (a one-move variation holds its move in
    /// place).
    pub moves: Moves,
    /// From `(` to `)`.
    pub span: Span,
}

/// The suffix glyphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// `!`
    Good,
    /// `?`
    Mistake,
    /// `!!`
    Brilliant,
    /// `??`
    Blunder,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
}

impl Glyph {
    /// Every glyph, longest spellings first (the order a tokenizer must try).
    pub const ALL: [Glyph; 6] = [
        Glyph::Brilliant,
        Glyph::Blunder,
        Glyph::Interesting,
        Glyph::Dubious,
        Glyph::Good,
        Glyph::Mistake,
    ];

    /// As written.
    pub fn as_str(self) -> &'static str {
        match self {
            Glyph::Good => "!",
            Glyph::Mistake => "?",
            Glyph::Brilliant => "!!",
            Glyph::Blunder => "??",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
        }
    }

    /// The glyph spelled `s`.
    pub fn parse(s: &str) -> Option<Glyph> {
        Glyph::ALL.into_iter().find(|g| g.as_str() == s)
    }
}

impl fmt::Display for Glyph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a game-termination token claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`
    SouthWins,
    /// `0-1`
    NorthWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unfinished or unknown; claims nothing.
    Unknown,
}

impl Outcome {
    /// Every token.
    pub const ALL: [Outcome; 4] = [
        Outcome::SouthWins,
        Outcome::NorthWins,
        Outcome::Draw,
        Outcome::Unknown,
    ];

    /// As written.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::SouthWins => "1-0",
            Outcome::NorthWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unknown => "*",
        }
    }

    /// The outcome spelled `s`.
    ///
    /// ```
    /// use ayo_notation::Outcome;
    ///
    /// assert_eq!(Outcome::parse("1/2-1/2"), Some(Outcome::Draw));
    /// assert_eq!(Outcome::parse("1-0 "), None);
    /// ```
    pub fn parse(s: &str) -> Option<Outcome> {
        Outcome::from_bytes(s.as_bytes())
    }

    /// [`Outcome::parse`] of bytes (a tag value not yet known to be UTF-8,
    /// say). A match on the literals, which the compiler makes a test of the
    /// length and one comparison of a word: the reader reads a termination
    /// token in every game.
    ///
    /// ```
    /// use ayo_notation::Outcome;
    ///
    /// assert_eq!(Outcome::from_bytes(b"1/2-1/2"), Some(Outcome::Draw));
    /// assert_eq!(Outcome::from_bytes(b"1-0 "), None);
    /// ```
    pub fn from_bytes(s: &[u8]) -> Option<Outcome> {
        match s {
            b"1-0" => Some(Outcome::SouthWins),
            b"0-1" => Some(Outcome::NorthWins),
            b"1/2-1/2" => Some(Outcome::Draw),
            b"*" => Some(Outcome::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The game-termination token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Termination {
    /// What it claims.
    pub outcome: Outcome,
    /// Where it stands.
    pub span: Span,
}

impl Record {
    /// The value of the first tag with this name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }

    /// Sets tag `name` to `value`: the first tag of that name takes the
    /// value, or a new tag is added after the others (the writer puts known
    /// tags in their order). For a record being built, not one read: the tag
    /// has no place in any text.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|t| t.name == name) {
            Some(t) => t.value = value.to_string(),
            None => self.tags.push(Tag {
                name: Cow::Owned(name.to_string()),
                value: value.to_string(),
                span: Span::default(),
                value_span: Span::default(),
            }),
        }
    }

    /// The record with every span zeroed and every move number dropped: what is
    /// left is what the writer must preserve, so round-trip tests compare this.
    pub fn normalized(&self) -> Record {
        fn moves<C: FromIterator<Move>>(ms: &[Move]) -> C {
            ms.iter()
                .map(|m| Move {
                    number: None,
                    pit: m.pit,
                    claim: m.claim,
                    glyph: m.glyph,
                    notes: ManuallyDrop::new(m.notes.as_ref().map(|n| {
                        Box::new(Notes {
                            nags: n
                                .nags
                                .iter()
                                .map(|n| Nag {
                                    span: Span::default(),
                                    ..*n
                                })
                                .collect(),
                            before: comments(&n.before),
                            after: comments(&n.after),
                            variations: n
                                .variations
                                .iter()
                                .map(|v| Variation {
                                    moves: moves(&v.moves),
                                    span: Span::default(),
                                })
                                .collect(),
                        })
                    })),
                    span: Span::default(),
                })
                .collect()
        }
        fn comments<C: FromIterator<Comment>>(cs: &[Comment]) -> C {
            cs.iter()
                .map(|c| Comment {
                    text: c.text.clone(),
                    span: Span::default(),
                })
                .collect()
        }
        Record {
            tags: self
                .tags
                .iter()
                .map(|t| Tag {
                    name: t.name.clone(),
                    value: t.value.clone(),
                    span: Span::default(),
                    value_span: Span::default(),
                })
                .collect(),
            comments: comments(&self.comments),
            moves: moves(&self.moves),
            result: Termination {
                outcome: self.result.outcome,
                span: Span::default(),
            },
            span: Span::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each outcome is read back from its token, and nothing else is one.
    #[test]
    fn outcomes_read_back_from_their_tokens() {
        for o in Outcome::ALL {
            assert_eq!(Outcome::from_bytes(o.as_str().as_bytes()), Some(o));
        }
        for s in ["", "1-1", "1/2", "1-0 ", "**", "0-1\n", "½-½"] {
            assert_eq!(Outcome::parse(s), None, "{s:?}");
        }
    }

    /// What a move carries is read as slices and built without naming how it
    /// is stored.
    #[test]
    fn lists_are_slices() {
        let mut comments: List<Comment> = vec![Comment {
            text: "a".into(),
            span: Span::default(),
        }]
        .into();
        comments.push(Comment {
            text: "b".into(),
            span: Span::default(),
        });
        let texts: &[Comment] = &comments;
        assert_eq!(texts.len(), 2);
        let nags: List<Nag> = (0..3)
            .map(|value| Nag {
                value,
                span: Span::default(),
            })
            .collect();
        assert_eq!(nags.iter().map(|n| n.value).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(format!("{:?}", List::<u8>::from(vec![1, 2])), "[1, 2]");
        assert_eq!(Vec::from(List::from(vec![1, 2])), [1, 2]);
        // One word when empty, as a `Vec` is three.
        assert_eq!(
            std::mem::size_of::<List<Comment>>(),
            std::mem::size_of::<usize>()
        );
    }

    /// The sizes a big game's memory is made of (a game of 200,000 one-move
    /// variations holds a `Variation` and a list of one `Move` for each): a
    /// field that makes them larger fails here, not only in the memory tests
    /// of `tests/hostile.rs`.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn the_tree_stays_small() {
        use std::mem::size_of;
        assert_eq!(size_of::<Span>(), 16);
        assert_eq!(size_of::<MoveNumber>(), 24);
        assert_eq!(size_of::<Option<MoveNumber>>(), 24);
        assert_eq!(size_of::<Move>(), 64);
        // A move in place, and the tag of `Moves` in one of its niches.
        assert_eq!(size_of::<Moves>(), 64);
        assert_eq!(size_of::<Variation>(), 80);
        assert_eq!(size_of::<Comment>(), 40);
        assert_eq!(size_of::<Nag>(), 20);
    }

    /// A variation's moves read as a slice however many there are, and a
    /// single one is kept in place.
    #[test]
    fn moves_are_a_slice_with_one_in_place() {
        let m = Move::new;
        let mut moves = Moves::new();
        assert!(moves.is_empty());
        moves.push(m('a'));
        assert!(matches!(moves.0, MovesInner::One(_)));
        moves.push(m('B'));
        moves.push(m('c'));
        let pits: String = moves.iter().map(|m| m.pit).collect();
        assert_eq!(pits, "aBc");
        moves[1].pit = 'D';
        assert_eq!(moves.last().map(|m| m.pit), Some('c'));
        assert_eq!(Vec::from(moves.clone()).len(), 3);
        let one: Moves = vec![m('e')].into();
        assert!(matches!(one.0, MovesInner::One(_)));
        assert_eq!(format!("{one:?}"), format!("[{:?}]", m('e')));
        let mut shrunk: Moves = Moves(MovesInner::Many(vec![m('f')].into_iter().collect()));
        shrunk.shrink_to_fit();
        assert!(matches!(shrunk.0, MovesInner::One(_)));
        assert_eq!(shrunk.into_iter().map(|m| m.pit).collect::<String>(), "f");
    }

    /// A finished list gives its spare room back.
    #[test]
    fn shrink_to_fit_keeps_the_items() {
        let mut l: List<u32> = List::with_capacity(1);
        l.extend([1, 2, 3]);
        l.shrink_to_fit();
        assert_eq!(&l[..], [1, 2, 3]);
        assert_eq!(l.0.capacity(), 3);
        let mut empty: List<u32> = List::new();
        empty.shrink_to_fit();
        assert!(empty.is_empty());
        // A first item gets room for itself alone, so that the one comment
        // most commented moves have needs no shrinking.
        let mut one = List::new();
        one.push(1u32);
        assert_eq!(one.0.capacity(), 1);
        one.push(2);
        assert_eq!(one.0.capacity(), 2);
    }
}
