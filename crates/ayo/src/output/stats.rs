//! What `ayo stats` prints: one [`StatsJson`] object, and the same figures
//! as tables (one a section) or as long CSV (`statistic,rules,bucket,value`).

use schemars::JsonSchema;
use serde::Serialize;

use super::table::{Fit, Grid, Style, text_width, wrap_lines};

/// The figures of a corpus, as `ayo stats --format json` prints them.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct StatsJson {
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

/// Games by who won, as `ayo json`'s `result.winner` says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ResultsJson {
    /// Won by South.
    pub south: u64,
    /// Won by North.
    pub north: u64,
    /// Drawn.
    pub draw: u64,
    /// Decided by nothing (the tables' `undecided`): `*` or no token on an
    /// unfinished board, or an invalid record.
    pub unfinished: u64,
}

impl ResultsJson {
    fn total(&self) -> u64 {
        self.south + self.north + self.draw + self.unfinished
    }
}

/// One ruleset's games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct RulesetJson {
    /// The canonical ruleset; `null` for games whose Rules tag could not be
    /// read.
    pub rules: Option<String>,
    /// Games that parse under it.
    pub game_count: u64,
    /// Their results.
    pub results: ResultsJson,
}

/// A distribution.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct HistogramJson {
    /// Values counted.
    pub count: u64,
    /// Their mean, to two decimals; `null` when none.
    pub mean: Option<f64>,
    /// The largest (0 when none).
    pub max: u64,
    /// The non-empty buckets, in order.
    pub histogram: Vec<BucketJson>,
}

/// A histogram bucket: values from `min` to `max`, both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct BucketJson {
    /// The smallest value of the bucket.
    pub min: u64,
    /// The largest value of the bucket.
    pub max: u64,
    /// How many values fell in it.
    pub count: u64,
}

/// Valid games by how their main line ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct EndedJson {
    /// A store holds more than half of the seeds.
    pub majority: u64,
    /// The player to move has no legal move.
    #[serde(rename = "no-legal-move")]
    pub no_legal_move: u64,
    /// The main line stops before the game is over.
    pub unfinished: u64,
}

/// How one first move scored for the side that played it, by who won.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct FirstMoveJson {
    /// The canonical ruleset.
    pub rules: String,
    /// The pit played.
    pub pit: char,
    /// Games that opened with it.
    pub game_count: u64,
    /// Won by the side that played it.
    pub win_count: u64,
    /// Drawn.
    pub draw_count: u64,
    /// Lost by the side that played it.
    pub loss_count: u64,
    /// That nothing decides (`undecided`): not in `points_rate`.
    pub unfinished_count: u64,
    /// Points a decided game for the side that played it (1 a win, 0.5 a
    /// draw), from 0 to 1, to three decimals; `null` when none is decided.
    pub points_rate: Option<f64>,
}

/// `x` rounded to `places` decimals, as printed.
pub fn round(x: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (x * scale).round() / scale
}

fn optional(x: Option<f64>) -> String {
    x.map_or_else(String::new, |x| x.to_string())
}

fn range(b: &BucketJson) -> String {
    if b.min == b.max {
        b.min.to_string()
    } else {
        format!("{}–{}", b.min, b.max)
    }
}

fn results_row(name: String, games: u64, r: &ResultsJson) -> Vec<String> {
    vec![
        name,
        games.to_string(),
        r.south.to_string(),
        r.north.to_string(),
        r.draw.to_string(),
        r.unfinished.to_string(),
    ]
}

/// A share of a whole as a percentage with one decimal.
fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        String::new()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// The longest bar of a histogram, in columns, when the table is wide enough.
const BAR: usize = 30;

/// The shortest longest bar: under it, the bars are left out.
const SHORT_BAR: usize = 5;

/// A histogram as a grid: bucket, count, share, and in a terminal table
/// (`bars`: ASCII or not, and the table's width) a bar, whose longest is
/// what the width leaves the bars, at most [`BAR`] columns.
fn histogram_grid(title: &str, unit: &str, h: &HistogramJson, bars: Option<(bool, usize)>) -> Grid {
    let header = vec![title.to_string(), unit.to_string(), "share".to_string()];
    let top = h.histogram.iter().map(|b| b.count).max().unwrap_or(0);
    let mut grid = Grid::new(
        header,
        h.histogram
            .iter()
            .map(|b| vec![range(b), b.count.to_string(), percent(b.count, h.count)])
            .collect(),
    );
    let Some((ascii, width)) = bars else {
        return grid;
    };
    // The three columns, their borders, and the bar's own.
    let others: usize = (0..3)
        .map(|c| {
            grid.rows
                .iter()
                .map(|r| &r[c])
                .chain([&grid.header[c]])
                .map(|s| text_width(s))
                .max()
                .unwrap_or(0)
                + 3
        })
        .sum::<usize>()
        + 4;
    let longest = width.saturating_sub(others).min(BAR);
    if longest < SHORT_BAR {
        return grid;
    }
    grid.header.push(String::new());
    for (row, b) in grid.rows.iter_mut().zip(&h.histogram) {
        // Any non-empty bucket gets at least one column.
        let n = (b.count * longest as u64).div_ceil(top.max(1)) as usize;
        row.push(if ascii { "#" } else { "█" }.repeat(n));
    }
    grid
}

/// The figures as text: a heading and a table a section, in `style` (a
/// terminal table or Markdown; CSV has [`stats_csv`]).
pub fn stats_text(s: &StatsJson, style: Style) -> String {
    let (markdown, bars) = match style {
        Style::Table { ascii, width } => (false, Some((ascii, usize::from(width)))),
        Style::Markdown | Style::Csv => (true, None),
    };
    let mut out = String::new();
    let mut section = |heading: String, grid: Option<Grid>| {
        if !out.is_empty() {
            out.push('\n');
        }
        if markdown && grid.is_some() {
            out += &format!("### {heading}\n\n");
        } else if let Style::Table { width, .. } = style {
            out += &wrap_lines(&heading, width);
        } else {
            out += &format!("{heading}\n");
        }
        if let Some(grid) = grid
            && !grid.rows.is_empty()
        {
            out += &grid.render(style);
        }
    };
    let unparsed = if s.unparsed_count > 0 {
        let verb = if s.unparsed_count == 1 { "does" } else { "do" };
        format!(" ({} {verb} not parse)", s.unparsed_count)
    } else {
        String::new()
    };
    section(
        format!(
            "{} game{}: {} valid, {} invalid{unparsed}",
            s.game_count,
            super::plural(s.game_count),
            s.valid_count,
            s.invalid_count
        ),
        None,
    );
    let mut results = Grid::new(
        [
            "rules",
            "games",
            "South won",
            "North won",
            "drawn",
            "undecided",
        ]
        .map(String::from)
        .to_vec(),
        vec![results_row(
            "all".to_string(),
            s.results.total(),
            &s.results,
        )],
    );
    for r in &s.rulesets {
        results.rows.push(results_row(
            r.rules
                .clone()
                .unwrap_or_else(|| "(unreadable Rules tag)".to_string()),
            r.game_count,
            &r.results,
        ));
    }
    // Long ruleset strings wrap at spaces in a narrow terminal.
    results.fit = vec![Fit::Wrap];
    section("Results by ruleset".to_string(), Some(results));
    let summary = |h: &HistogramJson| match h.mean {
        Some(mean) => format!("mean {mean}, max {}", h.max),
        None => "none".to_string(),
    };
    section(
        format!("Plies: {}", summary(&s.plies_per_game)),
        Some(histogram_grid("plies", "games", &s.plies_per_game, bars)),
    );
    section(
        format!("Laps per move: {}", summary(&s.laps_per_move)),
        Some(histogram_grid("laps", "moves", &s.laps_per_move, bars)),
    );
    section(
        match s.seeds_per_capture.mean {
            Some(mean) => format!(
                "Captures: {} of {} move{} ({}), mean {mean} seeds, max {}",
                s.seeds_per_capture.count,
                s.laps_per_move.count,
                super::plural(s.laps_per_move.count),
                percent(s.seeds_per_capture.count, s.laps_per_move.count),
                s.seeds_per_capture.max
            ),
            None => format!(
                "Captures: none in {} move{}",
                s.laps_per_move.count,
                super::plural(s.laps_per_move.count)
            ),
        },
        Some(histogram_grid("seeds", "moves", &s.seeds_per_capture, bars)),
    );
    let e = &s.endings;
    let ended = e.majority + e.no_legal_move + e.unfinished;
    section(
        "How the valid games end".to_string(),
        Some(Grid::new(
            ["ended by", "games", "share"].map(String::from).to_vec(),
            vec![
                vec![
                    "majority".to_string(),
                    e.majority.to_string(),
                    percent(e.majority, ended),
                ],
                vec![
                    "no legal move".to_string(),
                    e.no_legal_move.to_string(),
                    percent(e.no_legal_move, ended),
                ],
                vec![
                    "unfinished".to_string(),
                    e.unfinished.to_string(),
                    percent(e.unfinished, ended),
                ],
            ],
        )),
    );
    let mut firsts = Grid::new(
        [
            "rules",
            "move",
            "games",
            "won",
            "drawn",
            "lost",
            "undecided",
            "score",
        ]
        .map(String::from)
        .to_vec(),
        s.first_moves
            .iter()
            .map(|f| {
                vec![
                    f.rules.clone(),
                    f.pit.to_string(),
                    f.game_count.to_string(),
                    f.win_count.to_string(),
                    f.draw_count.to_string(),
                    f.loss_count.to_string(),
                    f.unfinished_count.to_string(),
                    f.points_rate
                        .map_or_else(String::new, |x| format!("{:.1}%", 100.0 * x)),
                ]
            })
            .collect(),
    );
    firsts.fit = vec![Fit::Wrap];
    section(
        "First moves (valid games from the start; score for the side that played it)".to_string(),
        Some(firsts),
    );
    out
}

/// The figures as long CSV, one number a row: `statistic` is the JSON path
/// (`results.south`, `plies_per_game.histogram`), `rules` the ruleset for the figures
/// by ruleset, `bucket` the histogram bucket (`10-19`) or the first move.
pub fn stats_csv(s: &StatsJson) -> String {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut put = |statistic: &str, rules: &str, bucket: String, value: String| {
        rows.push(vec![
            statistic.to_string(),
            rules.to_string(),
            bucket,
            value,
        ]);
    };
    put("game_count", "", String::new(), s.game_count.to_string());
    put("valid_count", "", String::new(), s.valid_count.to_string());
    put(
        "invalid_count",
        "",
        String::new(),
        s.invalid_count.to_string(),
    );
    put(
        "unparsed_count",
        "",
        String::new(),
        s.unparsed_count.to_string(),
    );
    let results =
        |put: &mut dyn FnMut(&str, &str, String, String), rules: &str, r: &ResultsJson| {
            put("results.south", rules, String::new(), r.south.to_string());
            put("results.north", rules, String::new(), r.north.to_string());
            put("results.draw", rules, String::new(), r.draw.to_string());
            put(
                "results.unfinished",
                rules,
                String::new(),
                r.unfinished.to_string(),
            );
        };
    results(&mut put, "", &s.results);
    for r in &s.rulesets {
        results(&mut put, r.rules.as_deref().unwrap_or("?"), &r.results);
    }
    for (name, h) in [
        ("plies_per_game", &s.plies_per_game),
        ("laps_per_move", &s.laps_per_move),
        ("seeds_per_capture", &s.seeds_per_capture),
    ] {
        put(
            &format!("{name}.count"),
            "",
            String::new(),
            h.count.to_string(),
        );
        put(&format!("{name}.mean"), "", String::new(), optional(h.mean));
        put(&format!("{name}.max"), "", String::new(), h.max.to_string());
        for b in &h.histogram {
            let bucket = if b.min == b.max {
                b.min.to_string()
            } else {
                format!("{}-{}", b.min, b.max)
            };
            put(
                &format!("{name}.histogram"),
                "",
                bucket,
                b.count.to_string(),
            );
        }
    }
    let e = &s.endings;
    put(
        "endings.majority",
        "",
        String::new(),
        e.majority.to_string(),
    );
    put(
        "endings.no-legal-move",
        "",
        String::new(),
        e.no_legal_move.to_string(),
    );
    put(
        "endings.unfinished",
        "",
        String::new(),
        e.unfinished.to_string(),
    );
    for f in &s.first_moves {
        let pit = f.pit.to_string();
        for (name, value) in [
            ("first_moves.game_count", f.game_count.to_string()),
            ("first_moves.win_count", f.win_count.to_string()),
            ("first_moves.draw_count", f.draw_count.to_string()),
            ("first_moves.loss_count", f.loss_count.to_string()),
            (
                "first_moves.unfinished_count",
                f.unfinished_count.to_string(),
            ),
            ("first_moves.points_rate", optional(f.points_rate)),
        ] {
            put(name, &f.rules, pit.clone(), value);
        }
    }
    Grid::new(
        ["statistic", "rules", "bucket", "value"]
            .map(String::from)
            .to_vec(),
        rows,
    )
    .render(Style::Csv)
}
