//! Filling a record in from its replay: the capture claims of moves written
//! bare, and the `Score`, `PlyCount` and `Result` tags, so that a record can
//! be typed as bare moves (`ayo fmt --fill`).

use std::fmt;

use super::{
    Game, Options, Place, Ply, claimed, find_tag, is_decimal, move_name, not_a_result, outcome_of,
    result_tag_disagrees, score_matches, stops, wrong_claim, wrong_ply_count, wrong_result,
    wrong_score,
};
use crate::diagnostics::Diagnostic;
use crate::notation::{Move, Numbering, Outcome, Record, Span, Tag};
use crate::rules::{GameEnd, Side};

/// What a [`Change`] is to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Filling {
    /// The capture claim of a move.
    Claim {
        /// Its ply (a variation's first move has the ply of the move it
        /// replaces).
        ply: u32,
        /// Whether it stands in a variation.
        in_variation: bool,
        /// Who played it.
        side: Side,
        /// The letter played.
        pit: char,
    },
    /// A tag: `Score`, `PlyCount` or `Result`.
    Tag(&'static str),
    /// The game-termination token.
    Termination,
}

impl fmt::Display for Filling {
    /// As diagnostics name it: `ply 3, South's c`, `Score tag`, `termination
    /// token`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Filling::Claim {
                ply,
                in_variation,
                side,
                pit,
            } => f.write_str(&move_name(*ply, *in_variation, *side, *pit)),
            Filling::Tag(name) => write!(f, "{name} tag"),
            Filling::Termination => f.write_str("termination token"),
        }
    }
}

/// A value [`Filled::of`] filled in, or found wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// What it is to.
    pub(crate) what: Filling,
    /// Where the value stands in the record's text: the move token, the tag's
    /// value, the termination token; for a tag that was not there, the
    /// record's span.
    pub span: Span,
    /// The value written (`x7` for a claim), `None` when there was none: a
    /// move without a claim, a missing tag.
    pub old: Option<String>,
    /// The value the replay gives (`x6` for a claim).
    pub new: String,
    /// Whether the returned record holds `new`: always for a value missing
    /// (or a `*` result), for a wrong value only when fixing.
    pub applied: bool,
    /// For a wrong value, the diagnostic `ayo validate` gives it; `None` for a
    /// value that was missing.
    pub problem: Option<Diagnostic>,
}

impl Change {
    /// What it is to, as diagnostics name it: `ply 3, South's c` (a move's
    /// capture claim), `Score tag`, `termination token`.
    pub fn what(&self) -> &Filling {
        &self.what
    }

    /// Whether it corrects a wrong value (rather than fill in a missing one).
    pub fn is_correction(&self) -> bool {
        self.problem.is_some()
    }
}

impl fmt::Display for Change {
    /// `ply 1, South's c: x7 → x6`, `Score tag: 22-26 → 26-22`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let old = self.old.as_deref().unwrap_or("(none)");
        write!(f, "{}: {old} → {}", self.what, self.new)
    }
}

/// What [`Filled::of`] made of a record.
#[derive(Clone, Debug)]
pub struct Filled {
    /// The record, filled in (and corrected, when fixing).
    pub record: Record,
    /// Every value filled in or found wrong, in the order of the text.
    pub changes: Vec<Change>,
    /// What stopped the replay short, as `ayo validate` reports it: a move not
    /// played (illegal, a pit of the wrong side or of no side, a relay
    /// undecided at the lap limit), a `Rules` or `Setup` tag it cannot play
    /// from, an end it cannot decide. Nothing is filled past such a problem.
    pub stopped: Vec<Diagnostic>,
}

impl Filled {
    /// The wrong values left as they were (without `fix`).
    pub fn kept(&self) -> impl Iterator<Item = &Change> {
        self.changes.iter().filter(|c| !c.applied)
    }

    /// Whether the record came out whole: nothing stopped the replay and no
    /// wrong value was kept.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_empty() && self.kept().next().is_none()
    }
}

impl Filled {
    /// Fills a record in from its replay, so that it can be typed as bare moves:
    ///
    /// - the claim of every move played that captures and has none (a move that
    ///   captures nothing is left bare), in the main line and in variations;
    /// - when the main line replays entirely, the `PlyCount` tag;
    /// - when the board decided the game, the `Score` tag, and the `Result` tag
    ///   and the termination token when missing or `*` (a game the board has not
    ///   decided keeps its result: a resignation, say).
    ///
    /// A value present but wrong (a claim, `Score`, `PlyCount`, `Result`, the
    /// token) is a [`Change`] with the diagnostic `ayo validate` gives it, and
    /// is corrected only when `fix` is set. A move that cannot be played stops
    /// its line: the moves after it are left as written, and when it is in the
    /// main line no tag is filled; the problem is in [`Filled::stopped`]. The
    /// record is replayed under `opts` (its `trace` is not needed, and not used).
    ///
    /// ```
    /// use ayo::notation::Record;
    /// use ayo::replay::{Filled, Options};
    ///
    /// let record = Record::parse("1. c F 2. d *\n").unwrap();
    /// let filled = Filled::of(record, &Options::default(), false);
    /// assert_eq!(filled.record.to_text(), "[PlyCount \"3\"]\n\n1. cx7 Fx2 2. d *\n");
    /// assert!(filled.is_complete());
    ///
    /// // A wrong claim is reported, and kept unless fixing.
    /// let record = Record::parse("1. cx6 *\n").unwrap();
    /// let kept = Filled::of(record.clone(), &Options::default(), false);
    /// assert_eq!(kept.record.moves[0].claim, Some(6));
    /// let wrong = kept.kept().next().unwrap();
    /// assert_eq!(wrong.to_string(), "ply 1, South's c: x6 → x7");
    /// assert_eq!(wrong.problem.as_ref().unwrap().message,
    ///            "ply 1, South's c: claims 6 seeds, but the move captures 7 from B");
    /// assert!(!kept.is_complete());
    /// let fixed = Filled::of(record, &Options::default(), true);
    /// assert_eq!(fixed.record.moves[0].claim, Some(7));
    /// assert!(fixed.is_complete());
    /// ```
    pub fn of(record: Record, opts: &Options, fix: bool) -> Filled {
        let opts = Options {
            trace: false,
            deny_warnings: false,
            ..*opts
        };
        let Game {
            mut record,
            start,
            moves,
            end,
            errors,
            ..
        } = Game::replay(record, &opts);
        let mut filler = Filler {
            fix,
            pits: start.map_or(0, |p| p.pits()),
            changes: Vec::new(),
        };
        filler.line(&mut record.moves, &moves, false);
        let main_line_played = start.is_some()
            && moves.len() == record.moves.len()
            && moves.iter().all(|p| p.outcome.is_some());
        if main_line_played {
            filler.ply_count(&mut record);
            match &end {
                Some(end) => {
                    filler.result(&mut record, end);
                    filler.score(&mut record, end);
                }
                None => filler.result_tag_of_token(&mut record),
            }
        }
        let mut changes = filler.changes;
        // Tags stand before the moves; a stable sort keeps the rest in order.
        changes.sort_by_key(|c| c.span.offset);
        Filled {
            record,
            changes,
            stopped: errors.into_iter().filter(stops::stops).collect(),
        }
    }
}

/// Fills one record in, gathering its changes.
struct Filler {
    fix: bool,
    /// Pits a row (0 when no move was played: nothing needs it then).
    pits: u8,
    changes: Vec<Change>,
}

impl Filler {
    /// Records a change; a wrong value (`problem`) is made only when fixing.
    /// Returns whether to make it.
    fn change(
        &mut self,
        what: Filling,
        span: Span,
        old: Option<String>,
        new: String,
        problem: Option<Diagnostic>,
    ) -> bool {
        let applied = problem.is_none() || self.fix;
        self.changes.push(Change {
            what,
            span,
            old,
            new,
            applied,
            problem,
        });
        applied
    }

    /// The claims of a line's moves and of their variations, as far as each
    /// line was played (`plies`, parallel to `moves`).
    fn line(&mut self, moves: &mut [Move], plies: &[Ply], in_variation: bool) {
        for (m, ply) in moves.iter_mut().zip(plies) {
            if let Some(outcome) = &ply.outcome {
                self.claim(m, ply, outcome.capture, in_variation);
            }
            if ply.variations.is_empty() {
                continue;
            }
            for (v, plies) in m.variations_mut().iter_mut().zip(&ply.variations) {
                self.line(&mut v.moves, plies, true);
            }
        }
    }

    fn claim(
        &mut self,
        m: &mut Move,
        ply: &Ply,
        capture: Option<crate::rules::Capture>,
        in_variation: bool,
    ) {
        let actual = claimed(capture);
        let problem = match m.claim {
            Some(c) if c == actual => return,
            // A bare move that takes nothing claims nothing: it stays bare.
            None if actual == 0 => return,
            None => None,
            Some(c) => {
                let place = Place {
                    ply: ply.ply,
                    numbering: Numbering::new(ply.number, ply.side == Side::North),
                    side: ply.side,
                    in_variation,
                };
                Some(wrong_claim(m, &place, c, capture, self.pits))
            }
        };
        let what = Filling::Claim {
            ply: ply.ply,
            in_variation,
            side: ply.side,
            pit: m.pit,
        };
        let old = m.claim.map(|c| format!("x{c}"));
        if self.change(what, m.span, old, format!("x{actual}"), problem) {
            m.claim = Some(actual);
        }
    }

    /// Sets tag `name` of `record` to `new` (the first tag of that name),
    /// adding it when missing, as `problem` allows.
    fn tag(
        &mut self,
        record: &mut Record,
        name: &'static str,
        new: String,
        problem: Option<Diagnostic>,
    ) {
        let (span, old) = match find_tag(record, name) {
            Some(t) => (t.value_span, Some(t.value.clone())),
            None => (record.span, None),
        };
        if self.change(Filling::Tag(name), span, old, new.clone(), problem) {
            record.set_tag(name, &new);
        }
    }

    fn ply_count(&mut self, record: &mut Record) {
        let plies = record.moves.len();
        let problem = match find_tag(record, "PlyCount") {
            Some(t) if is_decimal(&t.value, plies as u64) => return,
            Some(t) => Some(wrong_ply_count(t, plies)),
            None => None,
        };
        self.tag(record, "PlyCount", plies.to_string(), problem);
    }

    fn score(&mut self, record: &mut Record, end: &GameEnd) {
        let problem = match find_tag(record, "Score") {
            Some(t) if score_matches(t.value.as_bytes(), end.score) => return,
            Some(t) => Some(wrong_score(t, end)),
            None => None,
        };
        let [south, north] = end.score;
        self.tag(record, "Score", format!("{south}-{north}"), problem);
    }

    /// The termination token and the `Result` tag of a game the board decided.
    fn result(&mut self, record: &mut Record, end: &GameEnd) {
        let actual = outcome_of(end);
        let token = record.result.outcome;
        if token != actual {
            let problem = (token != Outcome::Unknown).then(|| wrong_result(record, end));
            let (span, old) = (record.result.span, token.to_string());
            if self.change(
                Filling::Termination,
                span,
                Some(old),
                actual.to_string(),
                problem,
            ) {
                record.result.outcome = actual;
            }
        }
        let problem = match find_tag(record, "Result") {
            None => None,
            Some(t) => match Outcome::parse(&t.value) {
                Some(o) if o == actual => return,
                Some(Outcome::Unknown) => None,
                Some(_) => Some(wrong_result_tag(t, end)),
                None => Some(not_a_result(t)),
            },
        };
        self.tag(record, "Result", actual.to_string(), problem);
    }
}

impl Filler {
    /// The `Result` tag of a game the board has not decided but its
    /// termination token has (a resignation, say): a tag that says another
    /// outcome is wrong, as `validate` reports it; a `*` tag is filled. A
    /// `*` token decides nothing, and a missing tag stays missing.
    fn result_tag_of_token(&mut self, record: &mut Record) {
        let token = record.result.outcome;
        let Some(tag) = find_tag(record, "Result") else {
            return;
        };
        let problem = match Outcome::parse(&tag.value) {
            _ if token == Outcome::Unknown => return,
            Some(o) if o == token => return,
            Some(Outcome::Unknown) => None,
            Some(o) => Some(result_tag_disagrees(tag, o, token)),
            None => Some(not_a_result(tag)),
        };
        self.tag(record, "Result", token.to_string(), problem);
    }
}

/// The error of a `Result` tag that the finished game contradicts.
fn wrong_result_tag(tag: &Tag, end: &GameEnd) -> Diagnostic {
    Diagnostic::new(
        tag.value_span,
        format!(
            "Result tag: the game ended {} ({}; final score {}-{}), not {}",
            outcome_of(end),
            end.reason,
            end.score[0],
            end.score[1],
            tag.value
        ),
        "wrong result",
    )
}
