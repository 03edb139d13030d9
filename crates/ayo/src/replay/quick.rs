//! The quick check: is a game's text certainly valid, with no diagnostic at
//! all? One pass over its bytes with the notation's reader
//! ([`read_game`]), every move (variations too) played on the engine as it is
//! read (this module's visitor), and no syntax tree built.
//!
//! It answers only "certainly valid, nothing to report" or "don't know":
//! whatever it does not read exactly as [`Game::check`](super::Game::check) would (a
//! syntax error, an escaped value of a tag it reads, a wrong move number, an illegal move, a wrong claim, a long relay...) makes
//! it give up, and the caller runs the full parse and check, which reports
//! every problem as before. Text the rules do not read (comments, the values
//! of other tags) may hold any characters, as long as it is UTF-8: the full
//! check has nothing to say of them either. It decides no rule of its own: each token goes
//! to the one checker ([`super::rule`]) the full check calls too, and any
//! verdict but "agrees" gives up. What is left here is reading the tokens
//! out of the reader's events: the tags replay reads (a tag with no
//! [`TagProblem`](crate::notation::TagProblem), see [`TagSlips`], and no
//! escapes in a value replay reads), and where each line stands (a
//! variation starts from the position before the move it replaces, with
//! that move's number).

use std::ops::{ControlFlow, Range};

use crate::notation::read::{Play, StreamEnd, TagPair, Visitor, read_game, read_in_stream};
use crate::notation::{Numbering, Origin, Outcome, Tag, TagName, TagSlips};
use crate::rules::{Capture, Engine, Illegal, Pit, Position, Ruleset, Status};

use super::Options;
use super::rule::{self, Decide, Ending};

/// What a visitor says after each token.
type Flow = ControlFlow<()>;

/// The most laps one move may take before the quick check gives up on its
/// game. The full check keeps the verdicts of long relays so that a game
/// repeating one in many variations sows it once; this check keeps none, so
/// it leaves such games to it. Real play stays far below (random play on the
/// standard board under about 1,100 laps).
///
/// The engine is given this limit when it is below the lap limit of the
/// options: a relay decided within it is decided the same way under any
/// higher limit (the sowing and its cycle detection do not depend on the
/// limit, which only cuts them short), and one still undecided makes this
/// check give up.
const MOVE_LAPS: u64 = 1 << 16;

/// The most laps all the moves of one game may take before the quick check
/// gives up on it, for the same reason.
const GAME_LAPS: u64 = 1 << 20;

/// How many distinct `Rules` values one checker keeps parsed.
const RULESETS: usize = 16;

/// Where a line being played stands.
#[derive(Clone, Copy)]
struct Line {
    /// The position now.
    pos: Position,
    /// The position before the line's last move (where its variations
    /// start).
    before: Position,
    /// The numbering of the next move.
    next: Numbering,
    /// The numbering of the last move (a variation's first move takes it).
    last: Numbering,
}

/// The quick check, with what it keeps from one game to the next: parsed
/// rulesets by their `Rules` value, unknown tag names known not to be
/// slips, and room for the lines of variations. One a worker thread.
///
/// ```
/// use ayo::replay::{Options, QuickCheck};
///
/// let mut quick = QuickCheck::new();
/// let opts = Options::default();
/// assert!(quick.is_valid(b"[Rules \"russ\"]\n\n1. cx7 Fx2 (1... D) 2. d *\n", &opts));
/// // A wrong claim: the full check must say so.
/// assert!(!quick.is_valid(b"1. cx6 *\n", &opts));
/// // A warning (a misspelt tag) is a diagnostic too.
/// assert!(!quick.is_valid(b"[Rule \"russ\"]\n\n1. c *\n", &opts));
/// // Any UTF-8 text in tag values and comments, but nothing else.
/// assert!(quick.is_valid("[South \"Adéwálé\"]\n\n1. c {ẹ̀} *\n".as_bytes(), &opts));
/// assert!(!quick.is_valid(b"[South \"Ad\xe9\"]\n\n1. c *\n", &opts));
/// ```
#[derive(Default)]
pub struct QuickCheck {
    rulesets: Vec<(Box<[u8]>, Ruleset)>,
    slips: TagSlips,
    lines: Vec<Line>,
}

impl QuickCheck {
    /// A checker with nothing kept yet.
    pub fn new() -> Self {
        QuickCheck::default()
    }

    /// Whether the game whose text is `bytes` (one game, as the game reader
    /// cuts it) is certainly valid with no diagnostic at all under `opts`:
    /// `true` only when [`RawGame::parse`](crate::notation::RawGame::parse) accepts
    /// it and [`Game::check`](super::Game::check) reports nothing, error or warning.
    /// `false` says nothing either way: run the full check.
    ///
    /// Allocates nothing for a game once its ruleset and extra tag names
    /// have been seen.
    pub fn is_valid(&mut self, bytes: &[u8], opts: &Options) -> bool {
        matches!(
            read_game(bytes, Origin::START, &mut self.game(opts)),
            Ok(ControlFlow::Continue(()))
        )
    }

    /// [`QuickCheck::is_valid`] on the game that starts at `bytes[0]` of a
    /// longer input, read where it stands (see
    /// [`read_in_stream`](crate::notation::read::read_in_stream), whose
    /// conditions on `bytes[0]` the caller sees to): `Some` with where the
    /// game ends when it is certainly valid with no diagnostic and the game
    /// reader would cut out exactly `bytes[..end.game]`; `None` says nothing
    /// either way.
    ///
    /// ```
    /// use ayo::replay::{Options, QuickCheck};
    ///
    /// let mut quick = QuickCheck::new();
    /// let opts = Options::default();
    /// let text = b"1. cx7 Fx2 *  \n\n1. cx6 *\n";
    /// let end = quick.valid_in_stream(text, &opts).unwrap();
    /// assert_eq!((end.game, end.line), (12, 14));
    /// // The second game's claim is wrong.
    /// assert_eq!(quick.valid_in_stream(&text[16..], &opts), None);
    /// ```
    pub fn valid_in_stream(&mut self, bytes: &[u8], opts: &Options) -> Option<StreamEnd> {
        read_in_stream(bytes, &mut self.game(opts))
    }

    /// A visitor for one game, with this checker's kept rulesets and names.
    fn game<'a, 'q>(&'q mut self, opts: &'q Options) -> Game<'a, 'q> {
        self.lines.clear();
        self.slips.new_game();
        Game {
            opts,
            rulesets: &mut self.rulesets,
            slips: &mut self.slips,
            lines: &mut self.lines,
            values: [None; 5],
            engine: Engine::new(Ruleset::RUSS),
            line: None,
            in_main: true,
            main_plies: 0,
            laps: 0,
        }
    }
}

/// The tags replay reads, by their place in [`Game::values`].
const RESULT: usize = 0;
const RULES: usize = 1;
const SETUP: usize = 2;
const SCORE: usize = 3;
const PLY_COUNT: usize = 4;

/// The slot in [`Game::values`] of each known tag ([`Tag::KNOWN`] order),
/// for the tags replay reads: found by index, not by comparing names.
static SLOTS: [Option<usize>; Tag::KNOWN.len()] = slots();

const fn slots() -> [Option<usize>; Tag::KNOWN.len()] {
    let mut slots = [None; Tag::KNOWN.len()];
    let mut i = 0;
    while i < Tag::KNOWN.len() {
        let name = Tag::KNOWN[i].as_bytes();
        slots[i] = match name {
            b"Result" => Some(RESULT),
            b"Rules" => Some(RULES),
            b"Setup" => Some(SETUP),
            b"Score" => Some(SCORE),
            b"PlyCount" => Some(PLY_COUNT),
            _ => None,
        };
        i += 1;
    }
    slots
}

/// One game being checked: the visitor of the notation's reader.
struct Game<'a, 'q> {
    opts: &'q Options,
    rulesets: &'q mut Vec<(Box<[u8]>, Ruleset)>,
    slips: &'q mut TagSlips,
    /// The lines a variation was opened from, innermost last.
    lines: &'q mut Vec<Line>,
    /// The values of the tags replay reads: Result, Rules, Setup, Score,
    /// PlyCount.
    values: [Option<&'a [u8]>; 5],
    engine: Engine,
    /// The line being played (set when the movetext starts).
    line: Option<Line>,
    /// The line being played is the main line (`lines` is empty): kept
    /// apart, as every move asks.
    in_main: bool,
    main_plies: u64,
    laps: u64,
}

/// A step of the visitor: go on when `ok`, give up otherwise.
#[inline(always)]
fn go(ok: bool) -> Flow {
    if ok {
        ControlFlow::Continue(())
    } else {
        ControlFlow::Break(())
    }
}

/// Whether `text` (a tag value or a comment, where the reader lets any byte
/// through) is UTF-8, as the full check requires of the whole game. ASCII
/// is checked first: it is most text, and faster to tell.
#[inline(always)]
fn utf8(text: &[u8]) -> bool {
    text.is_ascii() || std::str::from_utf8(text).is_ok()
}

impl<'a> Visitor<'a> for Game<'a, '_> {
    #[inline(always)]
    fn tag(&mut self, tag: TagPair<'a>) -> Flow {
        go(utf8(tag.value) && self.tag_value(tag.name, tag.value, tag.escaped))
    }

    fn movetext(&mut self, _: usize) -> Flow {
        go(self.start())
    }

    #[inline(always)]
    fn number(&mut self, number: u32, north: bool, _: Range<usize>) -> Flow {
        let Some(line) = &self.line else {
            return ControlFlow::Break(());
        };
        go(rule::number_agrees(line.next, number, north))
    }

    #[inline(always)]
    fn play(&mut self, play: Play) -> Flow {
        go(self.play_move(play.letter, play.claim))
    }

    #[inline(always)]
    fn comment(&mut self, text: &'a [u8], _: Range<usize>) -> Flow {
        go(utf8(text))
    }

    fn open(&mut self, _: usize) -> Flow {
        let Some(line) = &mut self.line else {
            return ControlFlow::Break(());
        };
        // From the position before the move it replaces, with that move's
        // number.
        self.lines.push(*line);
        self.in_main = false;
        *line = Line {
            pos: line.before,
            before: line.before,
            next: line.last,
            last: line.last,
        };
        ControlFlow::Continue(())
    }

    fn close(&mut self, _: usize) -> Flow {
        match self.lines.pop() {
            Some(parent) => {
                self.line = Some(parent);
                self.in_main = self.lines.is_empty();
                ControlFlow::Continue(())
            }
            None => ControlFlow::Break(()),
        }
    }

    fn end(&mut self, outcome: Outcome, _: Range<usize>) -> Flow {
        go(self.finish(outcome).is_some())
    }
}

impl<'a> Game<'a, '_> {
    /// A tag: kept when replay reads it; `false` to give up.
    #[inline(always)]
    fn tag_value(&mut self, name: &'a [u8], value: &'a [u8], escaped: bool) -> bool {
        let Some(kind) = self.slips.check(name, value, escaped) else {
            return false;
        };
        let TagName::Known(i) = kind else {
            return true;
        };
        let Some(slot) = SLOTS[i] else {
            return true;
        };
        // The value replay reads has its escapes undone: leave those to it.
        self.values[slot] = Some(value);
        !escaped
    }

    /// The movetext starts: the ruleset and the start position from the
    /// tags; `false` to give up.
    fn start(&mut self) -> bool {
        let rulesets = &mut *self.rulesets;
        let rules = rule::ruleset(self.opts.rules, self.values[RULES], |value| {
            ruleset(rulesets, value).ok_or(())
        });
        let Ok(rules) = rules else {
            return false;
        };
        let setup = match self.values[SETUP].map(std::str::from_utf8) {
            None => None,
            Some(Ok(value)) => Some(value),
            Some(Err(_)) => return false,
        };
        let Ok(start) = rule::start(&rules, setup) else {
            return false;
        };
        self.engine = Engine::new(rules).with_max_laps(self.opts.max_laps.min(MOVE_LAPS));
        let first = rule::first_numbering(&start);
        self.line = Some(Line {
            pos: start,
            before: start,
            next: first,
            last: first,
        });
        true
    }

    /// A move, played on the line; `false` to give up.
    #[inline(always)]
    fn play_move(&mut self, letter: u8, claim: Option<u32>) -> bool {
        let Some(line) = &mut self.line else {
            return false;
        };
        // The position before the move, kept for its variations; on a
        // refused move the game is given up, so what `check_move` leaves in
        // `line.pos` then does not matter.
        line.before = line.pos;
        let mut sowing = Sowing {
            engine: &self.engine,
            laps: self.laps,
        };
        let side = rule::side_of(line.next);
        match rule::check_move(&mut sowing, &mut line.pos, side, char::from(letter), claim) {
            Ok(checked) if checked.wrong_claim.is_none() => {}
            _ => return false,
        }
        self.laps = sowing.laps;
        line.last = line.next;
        line.next = line.next.next();
        if self.in_main {
            self.main_plies += 1;
        }
        true
    }
}

impl Game<'_, '_> {
    /// The checks at the end of the main line, with `?` for giving up.
    fn finish(&mut self, outcome: Outcome) -> Option<()> {
        let line = self.line.as_ref()?;
        // The main line was played to its end: is the game over? A relay
        // undecided at this check's lap limit gives up (the full limit may
        // decide it).
        let mut sowing = Sowing {
            engine: &self.engine,
            laps: self.laps,
        };
        let end = match rule::status(&mut sowing, &line.pos).ok()? {
            Status::Over(end) => Some(end),
            Status::Ongoing => None,
        };
        let ending = Ending {
            token: outcome,
            result: self.values[RESULT],
            score: self.values[SCORE],
            ply_count: self.values[PLY_COUNT],
            plies: self.main_plies,
        };
        let mut agrees = true;
        rule::check_ending(&ending, end.as_ref(), |_| agrees = false);
        agrees.then_some(())
    }
}

/// The quick check's engine: moves decided straight on it, within its lap
/// budget, with no cache, and the laps of the game counted against
/// [`GAME_LAPS`].
struct Sowing<'g> {
    engine: &'g Engine,
    /// The game's laps so far: a copy, given back after the move (through
    /// a reference, every move stored and loaded it again).
    laps: u64,
}

impl Decide for Sowing<'_> {
    type Decided = Option<Capture>;

    #[inline(always)]
    fn decide(&mut self, pos: &mut Position, pit: Pit) -> Result<Option<Capture>, Illegal> {
        let (capture, laps) = self.engine.play_in_place(pos, pit)?;
        self.laps += laps;
        if self.laps > GAME_LAPS {
            // Gives up, as any refusal does.
            return Err(Illegal::Undecided { laps });
        }
        Ok(capture)
    }

    #[inline(always)]
    fn capture(decided: &Option<Capture>) -> Option<Capture> {
        *decided
    }

    /// Not through [`Engine::play_in_place`], which [`Sowing::decide`]
    /// calls for every move: a second call of it (run only at a game's end)
    /// made the compiler keep the one of every move a call, 3% more
    /// instructions to `ayo validate`.
    #[inline(never)]
    fn legal(&mut self, pos: &Position, pit: Pit) -> Result<(), Illegal> {
        self.engine.play_capture(pos, pit).map(|_| ())
    }

    fn engine(&self) -> &Engine {
        self.engine
    }
}

/// The ruleset a `Rules` value names, parsed once a checker (for
/// [`RULESETS`] values at most).
fn ruleset(kept: &mut Vec<(Box<[u8]>, Ruleset)>, value: &[u8]) -> Option<Ruleset> {
    if let Some((_, r)) = kept.iter().find(|(v, _)| **v == *value) {
        return Some(*r);
    }
    let r: Ruleset = std::str::from_utf8(value).ok()?.parse().ok()?;
    if kept.len() < RULESETS {
        kept.push((value.into(), r));
    }
    Some(r)
}
