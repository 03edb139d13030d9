//! The quick check: is a game's text certainly valid, with no diagnostic at
//! all? One pass over its bytes with the notation's quick
//! [`Lexer`](crate::notation::quick::Lexer), every move (variations too)
//! played on the engine as it is read, and no syntax tree built.
//!
//! It answers only "certainly valid, nothing to report" or "don't know":
//! whatever it does not read exactly as [`check`](super::check) would (an
//! unusual token, a non-ASCII byte, an escaped value of a tag it reads, a
//! wrong move number, an illegal move, a wrong claim, a long relay...) makes
//! it give up, and the caller runs the full parse and check, which reports
//! every problem as before. The checks mirror `check`'s, rule by rule:
//!
//! - tags: no [`TagProblem`](crate::notation::TagProblem) (see
//!   [`TagSlips`]); `Rules` a ruleset (unless
//!   [`Options::rules`] overrides it, when it is not read at all, as in
//!   [`rules_of`](super::rules_of)); `Setup` a set-up for those rules;
//! - every line: each move number the one expected (a line starts at 1, or
//!   `1...` when North moves first; a variation at the number of the move
//!   it replaces, from the position before that move), each letter a pit
//!   of the player to move, each move legal within the lap limit, each claim
//!   the seeds it captures;
//! - at the end of the main line: whether the game is over decided, the
//!   termination token and the `Result` tag in agreement with each other and
//!   with the game, `Score` the final score when the game is over (and not
//!   read otherwise), `PlyCount` the main line's moves.

use crate::notation::quick::{Lexer, SeenTags, TagName, TagSlips, Token};
use crate::notation::{KNOWN_TAGS, Numbering, Outcome};
use crate::rules::{Engine, Pit, Position, Ruleset, Side, Status};

use super::{Options, is_decimal};

/// The most laps one move may take before the quick check gives up on its
/// game. The full check keeps the verdicts of long relays so that a game
/// repeating one in many variations sows it once; this check keeps none, so
/// it leaves such games to it. Real play stays far below (random play on the
/// standard board under about 1,100 laps).
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
    /// `true` only when [`parse_game`](crate::notation::parse_game) accepts
    /// it and [`check`](super::check) reports nothing, error or warning.
    /// `false` says nothing either way: run the full check.
    ///
    /// Allocates nothing for a game once its ruleset and extra tag names
    /// have been seen.
    pub fn is_valid(&mut self, bytes: &[u8], opts: &Options) -> bool {
        self.check(bytes, opts).is_some()
    }

    /// [`QuickCheck::is_valid`], with `?` for giving up.
    fn check(&mut self, bytes: &[u8], opts: &Options) -> Option<()> {
        let mut lexer = Lexer::new(bytes);
        let mut seen = SeenTags::default();
        // The values of the tags read for the rules: Result, Rules, Setup,
        // Score, PlyCount.
        let mut values: [Option<&[u8]>; 5] = [None; 5];
        let mut token = lexer.next_token()?;
        while let Token::Tag {
            name,
            value,
            escaped,
        } = token
        {
            if let TagName::Known(i) = self.slips.check(&mut seen, name, value, escaped)? {
                let slot = match KNOWN_TAGS[i] {
                    "Result" => Some(0),
                    "Rules" => Some(1),
                    "Setup" => Some(2),
                    "Score" => Some(3),
                    "PlyCount" => Some(4),
                    _ => None,
                };
                if let Some(slot) = slot {
                    if escaped {
                        return None;
                    }
                    values[slot] = Some(value);
                }
            }
            token = lexer.next_token()?;
        }
        let [result_tag, rules_tag, setup_tag, score_tag, plies_tag] = values;
        let rules = match (opts.rules, rules_tag) {
            (Some(r), _) => r,
            (None, None) => Ruleset::RUSS,
            (None, Some(value)) => self.ruleset(value)?,
        };
        let start = match setup_tag {
            None => Position::start(&rules),
            Some(value) => Position::from_setup(std::str::from_utf8(value).ok()?, &rules).ok()?,
        };
        let engine = Engine::new(rules).with_max_laps(opts.max_laps.min(MOVE_LAPS));
        let first = Numbering::new(1, start.to_move() == Side::North);
        self.lines.clear();
        let mut line = Line {
            pos: start,
            before: start,
            next: first,
            last: first,
        };
        let mut main_plies: u64 = 0;
        let mut laps: u64 = 0;
        let outcome = loop {
            match token {
                Token::Tag { .. } => return None,
                Token::Number { number, north } => {
                    if number != line.next.number || north != line.next.north {
                        return None;
                    }
                }
                Token::Move { letter, claim } => {
                    let side = if line.next.north {
                        Side::North
                    } else {
                        Side::South
                    };
                    let letter_side = if letter.is_ascii_lowercase() {
                        Side::South
                    } else {
                        Side::North
                    };
                    if letter_side != side {
                        return None;
                    }
                    let pit = Pit::from_letter(char::from(letter), line.pos.pits())?;
                    let (after, capture, move_laps) = engine.play_capture(&line.pos, pit).ok()?;
                    laps += move_laps;
                    if laps > GAME_LAPS {
                        return None;
                    }
                    if let Some(claim) = claim
                        && claim != capture.map_or(0, |c| u32::from(c.seeds()))
                    {
                        return None;
                    }
                    line.before = line.pos;
                    line.pos = after;
                    line.last = line.next;
                    line.next = line.next.next();
                    if self.lines.is_empty() {
                        main_plies += 1;
                    }
                }
                Token::Open => {
                    self.lines.push(line);
                    line = Line {
                        pos: line.before,
                        before: line.before,
                        next: line.last,
                        last: line.last,
                    };
                }
                Token::Close => line = self.lines.pop()?,
                Token::End(outcome) => break outcome,
            }
            token = lexer.next_token()?;
        };
        // The main line was played to its end: is the game over? A relay
        // undecided at this check's lap limit gives up (the full limit may
        // decide it).
        let end = match engine.status(&line.pos).ok()? {
            Status::Over(end) => Some(end),
            Status::Ongoing => None,
        };
        if let Some(value) = result_tag
            && Outcome::parse(std::str::from_utf8(value).ok()?) != Some(outcome)
        {
            return None;
        }
        if let Some(end) = end {
            let actual = match end.winner {
                Some(Side::South) => Outcome::SouthWins,
                Some(Side::North) => Outcome::NorthWins,
                None => Outcome::Draw,
            };
            if outcome != Outcome::Unknown && outcome != actual {
                return None;
            }
            if let Some(value) = score_tag {
                let (south, north) = std::str::from_utf8(value).ok()?.split_once('-')?;
                let [s, n] = end.score;
                if !is_decimal(south, u64::from(s)) || !is_decimal(north, u64::from(n)) {
                    return None;
                }
            }
        }
        if let Some(value) = plies_tag
            && !is_decimal(std::str::from_utf8(value).ok()?, main_plies)
        {
            return None;
        }
        Some(())
    }

    /// The ruleset a `Rules` value names, parsed once for every checker.
    fn ruleset(&mut self, value: &[u8]) -> Option<Ruleset> {
        if let Some((_, r)) = self.rulesets.iter().find(|(v, _)| **v == *value) {
            return Some(*r);
        }
        let r: Ruleset = std::str::from_utf8(value).ok()?.parse().ok()?;
        if self.rulesets.len() < RULESETS {
            self.rulesets.push((value.into(), r));
        }
        Some(r)
    }
}
