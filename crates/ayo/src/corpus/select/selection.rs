//! Choosing one game: the criteria tested in the cheapest order.

use memchr::memmem;

use super::{Criteria, TagTest, scan_tags};
use crate::notation::RawGame;
use crate::replay::{Game, Options};

/// What `ayo filter` selects: games that meet [`Criteria`] (or, inverted,
/// those that do not), tested from the raw text.
///
/// Tags are read from the raw bytes first; a game is parsed
/// only when a criterion on the play needs it, and replayed only when one
/// needs the replay.
///
/// ```
/// use ayo::corpus::select::{Criteria, Selection};
/// use ayo::notation::GameReader;
/// use ayo::replay::Options;
///
/// let text = "[South \"Ade\"]\n\n1. c *\n\n[South \"Bola\"]\n\n1. d *\n";
/// let criteria = Criteria::default().player("Bola");
/// let selection = Selection::new(criteria, Options::default());
/// let picked: Vec<usize> = GameReader::new(text.as_bytes())
///     .map(|raw| raw.unwrap())
///     .filter(|raw| selection.picks(raw))
///     .map(|raw| raw.index)
///     .collect();
/// assert_eq!(picked, [1]);
/// ```
#[derive(Debug)]
pub struct Selection {
    criteria: Criteria,
    needles: Needles,
    options: Options,
    invert: bool,
}

impl Selection {
    /// Selects the games that meet `criteria`, replayed (when a criterion
    /// needs the replay) with `options`.
    pub fn new(criteria: Criteria, options: Options) -> Selection {
        let needles = Needles::new(&criteria.tags, &criteria.players);
        Selection {
            criteria,
            needles,
            options,
            invert: false,
        }
    }

    /// With `invert`, selects the games that do not meet the criteria.
    pub fn inverted(mut self, invert: bool) -> Selection {
        self.invert = invert;
        self
    }

    /// Whether the game is selected.
    pub fn picks(&self, raw: &RawGame) -> bool {
        self.meets(raw) != self.invert
    }

    /// Whether `raw` meets the criteria: the tags first, from the raw bytes,
    /// and only then, when needed, the parsed record and its replay.
    fn meets(&self, raw: &RawGame) -> bool {
        let criteria = &self.criteria;
        if self.needles.refuse(&raw.bytes) {
            return false;
        }
        if criteria.on_tags() && !scan_tags(&raw.bytes).is_some_and(|t| criteria.tags_match(&t)) {
            return false;
        }
        if !criteria.on_record() {
            return true;
        }
        match raw.parse() {
            Err(_) => criteria.play_matches(None, None),
            Ok(record) if criteria.on_replay() => {
                let game = Game::replay(record, &self.options);
                criteria.play_matches(Some(&game.record), Some(&game))
            }
            Ok(record) => criteria.play_matches(Some(&record), None),
        }
    }
}

/// A quick "no" before the tags are read: texts of which a game must contain
/// one for a criterion to hold. One group holds the values of `--tag
/// NAME=VALUE` (when every `--tag` is one), another the `--player` names
/// (when every one is ASCII, which no Unicode form changes),
/// each in its quotes (`"7"`, not the 7 of every move number): a tag with
/// that value has it in its text as written, unless the value holds a
/// character that is escaped there (`"` or `\`), and then there is no
/// group. A game that has a text of each group is read as usual; most games
/// of a selective filter have none, and are refused at the cost of a search.
#[derive(Debug)]
struct Needles {
    groups: Vec<Vec<memmem::Finder<'static>>>,
}

impl Needles {
    fn new(tags: &[TagTest], players: &[String]) -> Needles {
        let group = |values: Option<Vec<&str>>| {
            values
                .filter(|v| !v.is_empty() && v.iter().all(|s| !s.contains(['"', '\\'])))
                .map(|v| {
                    v.into_iter()
                        .map(|s| memmem::Finder::new(format!("\"{s}\"").as_bytes()).into_owned())
                        .collect::<Vec<_>>()
                })
        };
        let values = tags
            .iter()
            .map(|t| match t {
                TagTest::Equals { value, .. } => Some(value.as_str()),
                TagTest::Matches { .. } => None,
            })
            .collect::<Option<Vec<&str>>>();
        // A name beyond ASCII can be written in another Unicode form than
        // it was given in (combining tone marks or precomposed letters), and
        // still be the player: no quick "no" for it.
        let names = players
            .iter()
            .all(|p| p.is_ascii())
            .then(|| players.iter().map(String::as_str).collect());
        Needles {
            groups: [group(values), group(names)]
                .into_iter()
                .flatten()
                .collect(),
        }
    }

    /// Whether `bytes` lacks every text of some group.
    fn refuse(&self, bytes: &[u8]) -> bool {
        self.groups
            .iter()
            .any(|g| !g.iter().any(|f| f.find(bytes).is_some()))
    }
}
