//! Replay: the one place where records meet the rules. A parsed [`Record`]
//! becomes a [`Game`]: every move verified and played, with its laps and
//! capture, and every problem as a diagnostic at the span of the token at
//! fault.

use crate::diagnostics::{Diagnostic, Severity};
use crate::notation::{Move, Outcome, Record, Span, Tag, check_tags};
use crate::rules::{
    DEFAULT_MAX_LAPS, Engine, GameEnd, Illegal, MoveOutcome, Pit, Position, Ruleset, Side, Status,
};

/// How to replay.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Replaces the record's `Rules` tag.
    pub rules: Option<Ruleset>,
    /// The engine's lap limit.
    pub max_laps: u64,
    /// Record every lap of every move. Checking alone does not need them.
    pub trace: bool,
    /// Report warnings as errors.
    pub deny_warnings: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rules: None,
            max_laps: DEFAULT_MAX_LAPS,
            trace: true,
            deny_warnings: false,
        }
    }
}

/// One move of a replayed line, parallel to the record's [`Move`] at the same
/// place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// 1-based ply within the game (a variation's first move has the ply of the
    /// move it replaces).
    pub ply: u32,
    /// The move number, as in the notation.
    pub number: u32,
    /// Whose turn it was.
    pub side: Side,
    /// The letter played.
    pub letter: char,
    /// What the move did; `None` when it was not played (illegal, or after an
    /// illegal move). Its laps are empty unless [`Options::trace`] was set.
    pub outcome: Option<MoveOutcome>,
    /// The replayed variations of this move.
    pub variations: Vec<Vec<Ply>>,
}

/// A replayed record.
#[derive(Clone, Debug)]
pub struct Game {
    /// The record as parsed.
    pub record: Record,
    /// The ruleset used (`None` when the `Rules` tag could not be read).
    pub rules: Option<Ruleset>,
    /// The start position (`None` when the `Setup` tag could not be read).
    pub start: Option<Position>,
    /// The main line.
    pub moves: Vec<Ply>,
    /// How the game ended, when the main line plays to the end.
    pub end: Option<GameEnd>,
    /// Every problem found.
    pub errors: Vec<Diagnostic>,
}

impl Game {
    /// No error found (warnings may remain).
    pub fn is_valid(&self) -> bool {
        self.errors.iter().all(|d| !d.is_error())
    }

    /// The position after the last main-line move that was played.
    pub fn final_position(&self) -> Option<Position> {
        self.moves
            .iter()
            .rev()
            .find_map(|p| p.outcome.as_ref().map(|o| o.position))
            .or(self.start)
    }
}

/// The number of ply `k` (0-based) of a line starting at `number` with `first` to move.
pub fn move_number(k: usize, number: u32, first: Side) -> u32 {
    number + ((k + usize::from(first == Side::North)) / 2) as u32
}

/// Whether `text` is `n` as `n.to_string()` writes it, without allocating
/// that string: checked for the `PlyCount` and `Score` tags of every game.
fn is_decimal(text: &str, mut n: u64) -> bool {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    text.as_bytes() == &digits[start..]
}

fn find_tag<'r>(record: &'r Record, name: &str) -> Option<&'r Tag> {
    record.tags.iter().find(|t| t.name == name)
}

/// Replays a record.
pub fn replay(record: Record, opts: &Options) -> Game {
    let run = run(&record, opts, true);
    Game {
        record,
        rules: run.rules,
        start: run.start,
        moves: run.moves,
        end: run.end,
        errors: run.errors,
    }
}

/// Checks a record: the diagnostics [`replay`] would report, and nothing else.
///
/// This is what `ayo validate` needs. It plays every move as `replay` does,
/// but keeps no [`Ply`] (nor lap traces) and leaves the record with the
/// caller, so a valid game costs its moves and no allocation beyond them.
pub fn check(record: &Record, opts: &Options) -> Vec<Diagnostic> {
    let opts = Options {
        trace: false,
        ..*opts
    };
    run(record, &opts, false).errors
}

/// What replaying a record found; `moves` is empty unless plies were kept.
struct Run {
    rules: Option<Ruleset>,
    start: Option<Position>,
    moves: Vec<Ply>,
    end: Option<GameEnd>,
    errors: Vec<Diagnostic>,
}

/// The ruleset a record is replayed under: `given` (from `--rules`) when
/// there is one, else its `Rules` tag, else russ. A `Rules` tag that is not a
/// ruleset is an error at the tag's value.
pub fn rules_of(record: &Record, given: Option<Ruleset>) -> Result<Ruleset, Diagnostic> {
    match (given, find_tag(record, "Rules")) {
        (Some(r), _) => Ok(r),
        (None, None) => Ok(Ruleset::RUSS),
        (None, Some(tag)) => tag.value.parse::<Ruleset>().map_err(|e| {
            Diagnostic::new(tag.value_span, format!("Rules tag: {e}"), "not a ruleset")
        }),
    }
}

fn run(record: &Record, opts: &Options, keep_plies: bool) -> Run {
    let mut errors: Vec<Diagnostic> = check_tags(record).iter().map(Diagnostic::from).collect();
    let rules = rules_of(record, opts.rules)
        .map_err(|d| errors.push(d))
        .ok();
    let start = rules.and_then(|rules| match find_tag(record, "Setup") {
        None => Some(Position::start(&rules)),
        Some(tag) => match Position::from_setup(&tag.value, &rules) {
            Ok(p) => Some(p),
            Err(e) => {
                errors.push(Diagnostic::new(
                    tag.value_span,
                    format!("Setup tag: {e}"),
                    "not a set-up for these rules",
                ));
                None
            }
        },
    });
    let mut run = Run {
        rules,
        start,
        moves: Vec::new(),
        end: None,
        errors,
    };
    let (Some(rules), Some(start)) = (rules, start) else {
        return run;
    };
    let engine = Engine::new(rules).with_max_laps(opts.max_laps);
    let mut replayer = Replayer {
        engine,
        trace: opts.trace,
        keep_plies,
        errors: std::mem::take(&mut run.errors),
    };
    let (moves, last) = replayer.line(&record.moves, &start, 1, 1, false);
    run.moves = moves;
    if let Some(last) = last {
        match engine.status(&last) {
            Ok(Status::Over(end)) => run.end = Some(end),
            Ok(Status::Ongoing) => {}
            Err(e) => replayer.errors.push(Diagnostic::new(
                record.result.span,
                format!("cannot tell whether the game is over: a move is {e}"),
                "undecided",
            )),
        }
        replayer.check_result(record, run.end.as_ref());
    }
    if let Some(tag) = find_tag(record, "PlyCount") {
        let plies = record.moves.len();
        if !is_decimal(&tag.value, plies as u64) {
            replayer.error(
                tag.value_span,
                format!(
                    "PlyCount tag: the main line has {plies} plies, not `{}`",
                    tag.value
                ),
                "wrong ply count",
            );
        }
    }
    run.errors = replayer.errors;
    if opts.deny_warnings {
        for d in &mut run.errors {
            d.severity = Severity::Error;
        }
    }
    run
}

struct Replayer {
    engine: Engine,
    trace: bool,
    /// Build the [`Ply`] of every move; checking alone keeps none.
    keep_plies: bool,
    errors: Vec<Diagnostic>,
}

impl Replayer {
    fn error(&mut self, span: Span, message: String, label: &str) {
        self.errors.push(Diagnostic::new(span, message, label));
    }

    /// Replays a line from `pos`. Returns its plies (none unless
    /// `keep_plies`) and, when every move was played, the position after the
    /// last.
    fn line(
        &mut self,
        moves: &[Move],
        start: &Position,
        first_ply: u32,
        first_number: u32,
        in_variation: bool,
    ) -> (Vec<Ply>, Option<Position>) {
        let first_side = start.to_move();
        let mut pos = Some(*start);
        let mut plies = Vec::with_capacity(if self.keep_plies { moves.len() } else { 0 });
        for (k, m) in moves.iter().enumerate() {
            let side = if k % 2 == 0 {
                first_side
            } else {
                first_side.opponent()
            };
            let ply = first_ply + k as u32;
            let number = move_number(k, first_number, first_side);
            let mut variations = Vec::new();
            let mut outcome = None;
            let mut after = None;
            if let Some(before) = &pos {
                for v in &m.variations {
                    let (var, _) = self.line(&v.moves, before, ply, number, true);
                    if self.keep_plies {
                        variations.push(var);
                    }
                }
                after = self.play(m, before, ply, number, side, in_variation, &mut outcome);
            }
            pos = after;
            if !self.keep_plies {
                continue;
            }
            plies.push(Ply {
                ply,
                number,
                side,
                letter: m.pit,
                outcome,
                variations,
            });
        }
        (plies, pos)
    }

    /// Checks and plays one move; reports what is wrong with it. Returns the
    /// position after the move, if it was played, and puts its outcome in
    /// `outcome` when plies are kept (checking alone needs only the capture,
    /// and is spared building and moving a `MoveOutcome`).
    #[allow(clippy::too_many_arguments)]
    fn play(
        &mut self,
        m: &Move,
        before: &Position,
        ply: u32,
        number: u32,
        side: Side,
        in_variation: bool,
        outcome: &mut Option<MoveOutcome>,
    ) -> Option<Position> {
        let pits = before.pits();
        // Only a move with a problem needs its name spelled out.
        let whose = || {
            format!(
                "ply {ply}{}, {}'s {}",
                if in_variation { " (variation)" } else { "" },
                side.title(),
                m.pit
            )
        };
        if let Some(n) = m.number {
            let north = side == Side::North;
            if n.number != number || n.ellipsis != north {
                let expected = format!("{number}{}", if north { "..." } else { "." });
                let found = format!("{}{}", n.number, if n.ellipsis { "..." } else { "." });
                self.error(
                    n.span,
                    format!(
                        "{}: wrong move number: expected `{expected}`, found `{found}`",
                        whose()
                    ),
                    "wrong move number",
                );
            }
        }
        let letter_side = if m.pit.is_ascii_lowercase() {
            Side::South
        } else {
            Side::North
        };
        if letter_side != side {
            self.error(
                m.span,
                format!(
                    "{}: it is {}'s turn, but `{}` is a pit of {} (lowercase letters are South's, uppercase North's)",
                    whose(),
                    side.title(),
                    m.pit,
                    letter_side.title()
                ),
                "wrong side",
            );
            return None;
        }
        let Some(pit) = Pit::from_letter(m.pit, pits) else {
            let last = Pit::new(side, pits - 1, pits).letter(pits);
            let first = Pit::new(side, 0, pits).letter(pits);
            self.error(
                m.span,
                format!(
                    "{}: no such pit on a board of {pits} pits a row ({first}–{last})",
                    whose()
                ),
                "no such pit",
            );
            return None;
        };
        let played = if self.keep_plies {
            self.engine.play_outcome(before, pit, self.trace).map(|o| {
                let played = (o.position, o.capture);
                *outcome = Some(o);
                played
            })
        } else {
            self.engine.play_capture(before, pit)
        };
        let (after, capture) = match played {
            Ok(p) => p,
            Err(e) => {
                let message = match self.engine.status(before) {
                    Ok(Status::Over(end)) => {
                        format!("{}: the game is already over ({})", whose(), end.reason)
                    }
                    _ => format!("{}: {e}", whose()),
                };
                let label = match e {
                    Illegal::Undecided { .. } => "undecided",
                    _ => "illegal move",
                };
                self.error(m.span, message, label);
                return None;
            }
        };
        if let Some(claim) = m.claim {
            let actual = capture.map_or(0, |c| u32::from(c.seeds()));
            if claim != actual {
                let what = match capture {
                    None => "captures nothing".to_string(),
                    Some(c) => format!("captures {} from {}", c.seeds(), c.pit.letter(pits)),
                };
                self.error(
                    m.span,
                    format!("{}: claims {claim} seeds, but the move {what}", whose()),
                    "wrong claim",
                );
            }
        }
        Some(after)
    }

    /// The termination token and the `Result` and `Score` tags against the game.
    fn check_result(&mut self, record: &Record, end: Option<&GameEnd>) {
        let token = record.result.outcome;
        if let Some(tag) = find_tag(record, "Result") {
            match Outcome::parse(&tag.value) {
                None => self.error(
                    tag.value_span,
                    format!(
                        "Result tag: expected 1-0, 0-1, 1/2-1/2 or *; found `{}`",
                        tag.value
                    ),
                    "not a result",
                ),
                Some(o) if o != token => self.error(
                    tag.value_span,
                    format!("the Result tag says {o} but the game-termination token says {token}"),
                    "disagrees with the termination token",
                ),
                Some(_) => {}
            }
        }
        let Some(end) = end else {
            return;
        };
        let actual = match end.winner {
            Some(Side::South) => Outcome::SouthWins,
            Some(Side::North) => Outcome::NorthWins,
            None => Outcome::Draw,
        };
        if token != Outcome::Unknown && token != actual {
            self.error(
                record.result.span,
                format!(
                    "the record says {token}, but the game ended {actual} ({}; final score {}-{})",
                    end.reason, end.score[0], end.score[1]
                ),
                "wrong result",
            );
        }
        if let Some(tag) = find_tag(record, "Score") {
            let [south, north] = end.score;
            let matches = tag.value.split_once('-').is_some_and(|(s, n)| {
                is_decimal(s, u64::from(south)) && is_decimal(n, u64::from(north))
            });
            if !matches {
                let expected = format!("{south}-{north}");
                self.error(
                    tag.value_span,
                    format!(
                        "Score tag: the game ended {expected} ({}), not {}",
                        end.reason, tag.value
                    ),
                    "wrong score",
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::GameReader;

    #[test]
    fn is_decimal_is_to_string_equality() {
        for n in [0u64, 1, 9, 10, 25, 99, 100, 65535, u64::MAX] {
            for text in [
                n.to_string(),
                format!("0{n}"),
                format!("+{n}"),
                format!("{n} "),
            ] {
                assert_eq!(is_decimal(&text, n), text == n.to_string(), "{text:?}");
            }
        }
        assert!(!is_decimal("", 0));
        assert!(!is_decimal("24", 25));
    }

    /// `check` is `replay` without the plies: the same diagnostics for every
    /// game of every fixture, valid or not.
    #[test]
    fn check_reports_what_replay_reports() {
        let mut dirs = vec![std::path::PathBuf::from("fixtures")];
        let (mut games, mut invalid) = (0, 0);
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "ayo") {
                    continue;
                }
                let bytes = std::fs::read(&path).unwrap();
                for g in GameReader::new(&bytes[..]) {
                    let Ok(record) = g.unwrap().parse() else {
                        continue;
                    };
                    for trace in [false, true] {
                        let opts = Options {
                            trace,
                            ..Options::default()
                        };
                        let errors = replay(record.clone(), &opts).errors;
                        assert_eq!(check(&record, &opts), errors, "{}", path.display());
                        invalid += usize::from(trace && !errors.is_empty());
                    }
                    games += 1;
                }
            }
        }
        assert!(
            games > 20 && invalid > 10,
            "{games} games, {invalid} invalid"
        );
    }
}
