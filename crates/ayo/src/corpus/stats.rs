//! Figures over a corpus: games, validity, results by side and by ruleset,
//! plies, laps per move, capture sizes, how games ended, and how each first
//! move scored, and [`Stats::read`], which reads and replays a corpus for
//! them across cores; `ayo stats` prints the figures.
//!
//! The figures are data: `ayo::output::stats` renders them as JSON (`ayo
//! stats --format json`, its schema
//! [`Document::Stats`](crate::output::json::Document::Stats)), tables or CSV
//! ([`Stats::render`]). This module knows nothing of the outputs.
//!
//! [`Stats`] is an accumulator of sums, maxima and sparse histograms, so its
//! memory does not grow with the number of games (only with the number of
//! distinct rulesets, histogram buckets and first moves), and two of them
//! [merge](Stats::merge) into what one would hold after adding both corpora:
//! every figure is an integer sum, a count or a maximum, so the order in
//! which games are added or accumulators merged changes nothing. Workers can
//! each fill one (it is `Send`) and merge them at the end.
//!
//! ```
//! use ayo::corpus::stats::Stats;
//! use ayo::notation::Record;
//! use ayo::replay::{Game, Options};
//!
//! let game = |text: &str| Game::replay(Record::parse(text).unwrap(), &Options::default());
//! let mut a = Stats::default();
//! a.add(&game("1. cx7 Fx2 2. d *\n"));
//! let mut b = Stats::default();
//! b.add(&game("1. bx7 *\n"));
//! b.add_unparsed();
//! a.merge(b);
//! assert_eq!(a.invalid(), 1);
//! // The figures as `ayo stats --format json` gives them.
//! let s: serde_json::Value = serde_json::from_str(&a.render(None).unwrap()).unwrap();
//! let n = |v: &serde_json::Value| v.as_f64();
//! let counts = (&s["game_count"], &s["valid_count"], &s["unparsed_count"]);
//! assert_eq!((n(counts.0), n(counts.1), n(counts.2)), (Some(3.0), Some(2.0), Some(1.0)));
//! let plies = &s["plies_per_game"];
//! assert_eq!((n(&plies["mean"]), n(&plies["max"])), (Some(2.0), Some(3.0)));
//! // Five laps each for c and b, two for F; d ends at once.
//! let laps = &s["laps_per_move"];
//! assert_eq!((n(&laps["count"]), n(&laps["mean"])), (Some(4.0), Some(3.25)));
//! // Two captures of 7 (c and b) and one of 2 (F).
//! let histogram = s["seeds_per_capture"]["histogram"].as_array().unwrap();
//! let sevens = histogram.iter().find(|b| b["min"] == 7);
//! assert_eq!(sevens.map(|b| &b["count"]), Some(&serde_json::json!(2)));
//! ```

use std::collections::{BTreeMap, HashMap};

use crate::notation::Outcome;
use serde::Serialize;

use crate::replay::Game;
use crate::rules::{EndReason, Position, Ruleset};

pub(crate) mod json;
mod read;

pub(crate) use json::{
    BucketJson, EndedJson, FirstMoveJson, HistogramJson, ResultsJson, RulesetJson,
};

/// How a [`Histogram`] puts values into buckets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Buckets {
    /// One bucket a value.
    #[default]
    Exact,
    /// Buckets of this many values: 0–9, 10–19, … for 10.
    Linear(u64),
    /// 0, 1, 2–3, 4–7, 8–15, …: for values spread over orders of magnitude.
    PowersOfTwo,
}

impl Buckets {
    /// The first value of the bucket `value` falls in.
    pub fn start(self, value: u64) -> u64 {
        match self {
            Buckets::Exact => value,
            Buckets::Linear(width) => value - value % width.max(1),
            Buckets::PowersOfTwo if value == 0 => 0,
            Buckets::PowersOfTwo => 1 << value.ilog2(),
        }
    }

    /// The last value of the bucket that starts at `start`.
    pub fn end(self, start: u64) -> u64 {
        match self {
            Buckets::Exact => start,
            Buckets::Linear(width) => start.saturating_add(width.max(1) - 1),
            Buckets::PowersOfTwo if start == 0 => 0,
            Buckets::PowersOfTwo => start.checked_mul(2).map_or(u64::MAX, |e| e - 1),
        }
    }
}

/// A count, sum, maximum and bucketed counts of some values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Histogram {
    /// How values are bucketed.
    pub kind: Buckets,
    /// Values added.
    pub count: u64,
    /// Their sum (saturating: real corpora stay far below `u64::MAX`).
    pub sum: u64,
    /// The largest (0 when none).
    pub max: u64,
    /// Values in each non-empty bucket, by the bucket's first value.
    pub buckets: BTreeMap<u64, u64>,
}

impl Histogram {
    /// An empty histogram with these buckets.
    pub fn new(kind: Buckets) -> Histogram {
        Histogram {
            kind,
            ..Histogram::default()
        }
    }

    /// Adds one value.
    pub fn add(&mut self, value: u64) {
        self.count += 1;
        self.sum = self.sum.saturating_add(value);
        self.max = self.max.max(value);
        *self.buckets.entry(self.kind.start(value)).or_default() += 1;
    }

    /// Adds every value of `other` (bucketed the same way).
    pub fn merge(&mut self, other: Histogram) {
        self.count += other.count;
        self.sum = self.sum.saturating_add(other.sum);
        self.max = self.max.max(other.max);
        for (start, n) in other.buckets {
            *self.buckets.entry(start).or_default() += n;
        }
    }

    /// The mean, `None` when empty.
    pub fn mean(&self) -> Option<f64> {
        (self.count > 0).then(|| self.sum as f64 / self.count as f64)
    }
}

/// Games by their [`Verdict`](crate::replay::Verdict): who won, by the
/// board for a game that ended on it, else by the token.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Results {
    /// South won (`1-0`).
    pub south: u64,
    /// North won (`0-1`).
    pub north: u64,
    /// Drawn (`1/2-1/2`).
    pub draw: u64,
    /// Not decided (`*`): unfinished with `*`, or an invalid record.
    pub unfinished: u64,
}

impl Results {
    fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::SouthWins => self.south += 1,
            Outcome::NorthWins => self.north += 1,
            Outcome::Draw => self.draw += 1,
            Outcome::Unknown => self.unfinished += 1,
        }
    }

    fn merge(&mut self, other: Results) {
        self.south += other.south;
        self.north += other.north;
        self.draw += other.draw;
        self.unfinished += other.unfinished;
    }

    /// Every game counted.
    pub fn total(&self) -> u64 {
        self.south + self.north + self.draw + self.unfinished
    }
}

/// How the main lines of valid games end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Endings {
    /// A store holds more than half of the seeds.
    pub majority: u64,
    /// The player to move has no legal move.
    pub no_legal_move: u64,
    /// The main line stops before the game is over.
    pub unfinished: u64,
}

impl Endings {
    fn merge(&mut self, other: Endings) {
        self.majority += other.majority;
        self.no_legal_move += other.no_legal_move;
        self.unfinished += other.unfinished;
    }
}

/// A first move's record for the side that played it, by the game's
/// verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MoveScore {
    /// Games the mover won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the mover lost.
    pub losses: u64,
    /// Games with `*`: not in the score.
    pub unfinished: u64,
}

impl MoveScore {
    fn merge(&mut self, other: MoveScore) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.unfinished += other.unfinished;
    }

    /// Every game that opened with the move.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses + self.unfinished
    }

    /// Points a decided game for the mover (1 a win, ½ a draw), from 0 to 1;
    /// `None` when no game with the move has a result.
    pub fn score(&self) -> Option<f64> {
        let decided = self.wins + self.draws + self.losses;
        (decided > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / decided as f64)
    }
}

/// The figures of a corpus so far. See the [module](self) documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Games read, whether or not they parse.
    pub(crate) games: u64,
    /// Games that parse and replay without an error.
    pub(crate) valid: u64,
    /// Games that do not parse (also counted invalid).
    pub(crate) unparsed: u64,
    /// Every game that parses, by its verdict.
    pub(crate) results: Results,
    /// The same by the ruleset the game was replayed under (`None`: its
    /// `Rules` tag could not be read).
    pub(crate) rulesets: HashMap<Option<Ruleset>, Results>,
    /// Main-line plies of every game that parses, in buckets of 10.
    pub(crate) plies: Histogram,
    /// Laps of each main-line move of valid games, in powers of two.
    pub(crate) laps: Histogram,
    /// Seeds each capturing main-line move of a valid game sent to the store
    /// (one bucket a size); moves that capture nothing are not in it.
    pub(crate) captures: Histogram,
    /// Main-line moves of valid games: what captures are out of.
    pub(crate) moves: u64,
    /// How valid games end.
    pub(crate) endings: Endings,
    /// Valid games from the ruleset's start position, by ruleset and first
    /// move's letter.
    pub(crate) first_moves: HashMap<(Ruleset, char), MoveScore>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            games: 0,
            valid: 0,
            unparsed: 0,
            results: Results::default(),
            rulesets: HashMap::new(),
            plies: Histogram::new(Buckets::Linear(10)),
            laps: Histogram::new(Buckets::PowersOfTwo),
            captures: Histogram::new(Buckets::Exact),
            moves: 0,
            endings: Endings::default(),
            first_moves: HashMap::new(),
        }
    }
}

impl Stats {
    /// Games that do not parse or replay with an error.
    pub fn invalid(&self) -> u64 {
        self.games - self.valid
    }

    /// Counts a game that does not parse.
    pub fn add_unparsed(&mut self) {
        self.games += 1;
        self.unparsed += 1;
    }

    /// Adds a replayed game. Laps are counted from each move's traced laps:
    /// replay with [`Options::trace`](crate::replay::Options::trace) set, or
    /// every move counts none.
    pub fn add(&mut self, game: &Game) {
        self.games += 1;
        let outcome = game.verdict().outcome;
        self.results.add(outcome);
        self.rulesets.entry(game.rules).or_default().add(outcome);
        self.plies.add(game.record.moves.len() as u64);
        if !game.is_valid() {
            return;
        }
        self.valid += 1;
        for ply in &game.moves {
            let Some(o) = &ply.outcome else { continue };
            self.moves += 1;
            self.laps.add(o.laps.len() as u64);
            if let Some(c) = o.capture {
                self.captures.add(u64::from(c.seeds()));
            }
        }
        match game.end.map(|e| e.reason) {
            Some(EndReason::Majority(_)) => self.endings.majority += 1,
            Some(EndReason::EmptyRow(_) | EndReason::EveryMoveIllegal(_)) => {
                self.endings.no_legal_move += 1
            }
            None => self.endings.unfinished += 1,
        }
        if let (Some(rules), Some(start), Some(first)) =
            (game.rules, game.start, game.moves.first())
            && start == Position::start(&rules)
        {
            let score = self.first_moves.entry((rules, first.letter)).or_default();
            // The mover is the side to move at the start: South.
            match outcome {
                Outcome::SouthWins => score.wins += 1,
                Outcome::NorthWins => score.losses += 1,
                Outcome::Draw => score.draws += 1,
                Outcome::Unknown => score.unfinished += 1,
            }
        }
    }

    /// Adds everything `other` counted: the result is the same whichever
    /// accumulator holds which games, and in whichever order they merge.
    pub fn merge(&mut self, other: Stats) {
        self.games += other.games;
        self.valid += other.valid;
        self.unparsed += other.unparsed;
        self.results.merge(other.results);
        for (rules, r) in other.rulesets {
            self.rulesets.entry(rules).or_default().merge(r);
        }
        self.plies.merge(other.plies);
        self.laps.merge(other.laps);
        self.captures.merge(other.captures);
        self.moves += other.moves;
        self.endings.merge(other.endings);
        for (key, s) in other.first_moves {
            self.first_moves.entry(key).or_default().merge(s);
        }
    }

    /// The rulesets in the order they are printed (canonical strings in
    /// byte order, an unreadable `Rules` tag last), with their results.
    pub(crate) fn rulesets_sorted(&self) -> Vec<(Option<String>, Results)> {
        let mut v: Vec<(Option<String>, Results)> = self
            .rulesets
            .iter()
            .map(|(r, res)| (r.map(|r| r.to_string()), *res))
            .collect();
        v.sort_by(|a, b| match (&a.0, &b.0) {
            (Some(x), Some(y)) => x.cmp(y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        });
        v
    }

    /// The first moves in the order they are printed: by ruleset (canonical
    /// string), then letter.
    pub(crate) fn first_moves_sorted(&self) -> Vec<(String, char, MoveScore)> {
        let mut v: Vec<(String, char, MoveScore)> = self
            .first_moves
            .iter()
            .map(|((r, c), s)| (r.to_string(), *c, *s))
            .collect();
        v.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        v
    }

    /// The figures as `ayo stats` prints them (every format is made from
    /// this): means to two decimals, scores to three, lists sorted.
    pub(crate) fn to_json(&self) -> StatsJson {
        StatsJson {
            game_count: self.games,
            valid_count: self.valid,
            invalid_count: self.invalid(),
            unparsed_count: self.unparsed,
            results: results_json(&self.results),
            rulesets: self
                .rulesets_sorted()
                .into_iter()
                .map(|(rules, r)| RulesetJson {
                    rules,
                    game_count: r.total(),
                    results: results_json(&r),
                })
                .collect(),
            plies_per_game: histogram_json(&self.plies),
            laps_per_move: histogram_json(&self.laps),
            seeds_per_capture: histogram_json(&self.captures),
            endings: EndedJson {
                majority: self.endings.majority,
                no_legal_move: self.endings.no_legal_move,
                unfinished: self.endings.unfinished,
            },
            first_moves: self
                .first_moves_sorted()
                .into_iter()
                .map(|(rules, pit, s)| FirstMoveJson {
                    rules,
                    pit,
                    game_count: s.games(),
                    win_count: s.wins,
                    draw_count: s.draws,
                    loss_count: s.losses,
                    unfinished_count: s.unfinished,
                    points_rate: s.score().map(|x| round(x, 3)),
                })
                .collect(),
        }
    }
}

fn results_json(r: &Results) -> ResultsJson {
    ResultsJson {
        south: r.south,
        north: r.north,
        draw: r.draw,
        unfinished: r.unfinished,
    }
}

fn histogram_json(h: &Histogram) -> HistogramJson {
    HistogramJson {
        count: h.count,
        mean: h.mean().map(|m| round(m, 2)),
        max: h.max,
        histogram: h
            .buckets
            .iter()
            .map(|(&min, &count)| BucketJson {
                min,
                max: h.kind.end(min),
                count,
            })
            .collect(),
    }
}

/// The figures of a corpus, as `ayo stats --format json` prints them.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct StatsJson {
    /// Games read.
    pub game_count: u64,
    /// Games that parse and replay without an error.
    pub valid_count: u64,
    /// Games that do not parse or replay with an error.
    pub invalid_count: u64,
    /// Of the invalid games, those that do not parse.
    pub unparsed_count: u64,
    /// Games that parse, by who won (the board, else the token).
    pub results: ResultsJson,
    /// The same for each ruleset the games were replayed under.
    pub rulesets: Vec<RulesetJson>,
    /// Main-line plies of the games that parse (buckets of 10).
    pub plies_per_game: HistogramJson,
    /// Laps of each main-line move of the valid games (buckets 1, 2–3, 4–7,
    /// …); `count` is the moves.
    pub laps_per_move: HistogramJson,
    /// Seeds each capturing main-line move of a valid game took (one bucket a
    /// size); `count` is the capturing moves, out of `laps_per_move.count`
    /// moves.
    pub seeds_per_capture: HistogramJson,
    /// How the main lines of the valid games end: a count by ending.
    pub endings: EndedJson,
    /// Valid games from the ruleset's start position, by first move.
    pub first_moves: Vec<FirstMoveJson>,
}

/// `x` rounded to `places` decimals, as printed.
fn round(x: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (x * scale).round() / scale
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Record;
    use crate::replay::{Game, Options};

    fn game(text: &str) -> Game {
        Game::replay(Record::parse(text).unwrap(), &Options::default())
    }

    const GAMES: [&str; 5] = [
        // Valid, unfinished, from the start: b captures 7.
        "1. bx7 *\n",
        // Valid: three plies, the game not over, and a result all the same
        // (a resignation).
        "1. cx7 Fx2 2. d 1-0\n",
        // Illegal: c twice.
        "1. c c *\n",
        // Another ruleset: every lap the same as russ for c.
        "[Rules \"russ leftovers=owner\"]\n\n1. cx7 0-1\n",
        // A set-up: not an opening from the start.
        "[Setup \"2,5,2,0,3,2/1,0,1,3,2,0 16-11 S\"]\n\n1. a *\n",
    ];

    #[test]
    fn figures_of_a_small_corpus() {
        let mut s = Stats::default();
        for text in GAMES {
            s.add(&game(text));
        }
        s.add_unparsed();
        assert_eq!((s.games, s.valid, s.unparsed, s.invalid()), (6, 4, 1, 2));
        assert_eq!(
            s.results,
            Results {
                south: 1,
                north: 1,
                draw: 0,
                unfinished: 3
            }
        );
        assert_eq!(s.results.total(), 5);
        assert_eq!(s.rulesets.len(), 2);
        assert_eq!(
            s.rulesets_sorted()
                .iter()
                .map(|(r, res)| (r.clone().unwrap_or_default(), res.total()))
                .collect::<Vec<_>>(),
            [
                ("russ".to_string(), 4),
                ("russ leftovers=owner".to_string(), 1)
            ]
        );
        // Plies 1, 3, 2, 1, 1 (the invalid game counts: plies are syntax).
        assert_eq!((s.plies.count, s.plies.sum, s.plies.max), (5, 8, 3));
        assert_eq!(s.plies.buckets.get(&0), Some(&5));
        // Moves of valid games: 1 + 3 + 1 + 1.
        assert_eq!(s.moves, 6);
        assert_eq!(s.laps.count, 6);
        assert_eq!(s.captures.count, 4);
        assert_eq!(s.captures.buckets.get(&7), Some(&3));
        assert_eq!(s.captures.buckets.get(&2), Some(&1));
        assert_eq!(s.endings.unfinished, 4);
        let firsts = s.first_moves_sorted();
        let b = firsts.iter().find(|(r, c, _)| r == "russ" && *c == 'b');
        assert_eq!(b.map(|f| f.2.unfinished), Some(1));
        let c = firsts.iter().find(|(r, c, _)| r == "russ" && *c == 'c');
        assert_eq!(c.map(|f| (f.2.wins, f.2.score())), Some((1, Some(1.0))));
        let owner = firsts.iter().find(|(r, _, _)| r == "russ leftovers=owner");
        assert_eq!(owner.map(|f| (f.1, f.2.losses)), Some(('c', 1)));
        // The set-up game's a is not an opening.
        assert_eq!(firsts.len(), 3);
    }

    #[test]
    fn merging_in_any_order_gives_the_same() {
        let games: Vec<Game> = GAMES.iter().map(|t| game(t)).collect();
        let mut whole = Stats::default();
        for g in &games {
            whole.add(g);
        }
        whole.add_unparsed();
        for split in 0..=games.len() {
            let mut a = Stats::default();
            let mut b = Stats::default();
            for g in &games[..split] {
                a.add(g);
            }
            for g in games[split..].iter().rev() {
                b.add(g);
            }
            b.add_unparsed();
            let mut ab = a.clone();
            ab.merge(b.clone());
            let mut ba = b;
            ba.merge(a);
            assert_eq!(ab, whole);
            assert_eq!(ba, whole);
        }
    }

    #[test]
    fn endings_are_counted() {
        let mut s = Stats::default();
        // Round 1 ends by majority, round 3 with North unable to move.
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/mokola-open-r1.ayo"
        ))
        .unwrap();
        s.add(&game(&text));
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/mokola-open-r3.ayo"
        ))
        .unwrap();
        s.add(&game(&text));
        assert_eq!(
            s.endings,
            Endings {
                majority: 1,
                no_legal_move: 1,
                unfinished: 0
            }
        );
    }

    #[test]
    fn accumulators_can_go_to_other_threads() {
        fn send<T: Send + 'static>() {}
        send::<Stats>();
    }

    #[test]
    fn buckets() {
        let p = Buckets::PowersOfTwo;
        let starts: Vec<u64> = [0, 1, 2, 3, 4, 7, 8, 1000].map(|v| p.start(v)).to_vec();
        assert_eq!(starts, [0, 1, 2, 2, 4, 4, 8, 512]);
        assert_eq!((p.end(0), p.end(1), p.end(2), p.end(512)), (0, 1, 3, 1023));
        assert_eq!(p.end(1 << 63), u64::MAX);
        let l = Buckets::Linear(10);
        assert_eq!((l.start(0), l.start(19), l.end(10)), (0, 10, 19));
        assert_eq!(l.end(u64::MAX - 5), u64::MAX);
        assert_eq!((Buckets::Exact.start(7), Buckets::Exact.end(7)), (7, 7));
    }
}
