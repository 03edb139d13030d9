//! The tag checks of the quick check: [`TagSlips`].

/// The checks of [`Record::check_tags`](super::Record::check_tags) on the tags of one game
/// as the reader hands them out, without a [`Record`](super::Record):
/// whether the game's tags give no [`TagProblem`](super::TagProblem) at all
/// (no known tag twice, no misspelt name, a well-formed `Date`).
///
/// Unknown names that are not slips are remembered (a few dozen at most),
/// so that a corpus of the same few extra tags costs one look-up a tag.
#[derive(Default)]
pub struct TagSlips {
    /// Unknown names found not to be slips of a known one.
    fine: Vec<Box<[u8]>>,
}

/// How many unknown names [`TagSlips`] remembers.
const FINE_NAMES: usize = 64;

/// A tag name that [`TagSlips::check`] passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagName {
    /// The known name at this index of [`KNOWN_TAGS`](super::KNOWN_TAGS).
    Known(usize),
    /// Another name, not a slip for a known one.
    Other,
}

/// The tags of one game seen so far, for [`TagSlips::check`].
#[derive(Clone, Copy, Default)]
pub struct SeenTags(u32);

impl TagSlips {
    /// A checker that remembers no name yet.
    pub fn new() -> Self {
        TagSlips::default()
    }

    /// Checks one tag (`seen`: the game's tags before it). Returns which
    /// name it is, or `None` when `check_tags` would report something: a
    /// known name given twice, a misspelt name, a `Date` not in `YYYY.MM.DD`
    /// (or with an escape, which this does not undo).
    #[inline]
    pub fn check(
        &mut self,
        seen: &mut SeenTags,
        name: &[u8],
        value: &[u8],
        escaped: bool,
    ) -> Option<TagName> {
        match super::tags::known_index_of_bytes(name) {
            Some(i) => {
                if seen.0 & (1 << i) != 0 {
                    return None;
                }
                seen.0 |= 1 << i;
                if super::KNOWN_TAGS[i] == "Date" && (escaped || !super::tags::is_date_bytes(value))
                {
                    return None;
                }
                Some(TagName::Known(i))
            }
            None => {
                if self.fine.iter().any(|f| **f == *name) {
                    return Some(TagName::Other);
                }
                let name = std::str::from_utf8(name).ok()?;
                if super::tags::close_known_tag(name).is_some() {
                    return None;
                }
                if self.fine.len() < FINE_NAMES {
                    self.fine.push(name.as_bytes().into());
                }
                Some(TagName::Other)
            }
        }
    }
}
