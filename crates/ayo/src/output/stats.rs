//! What `ayo stats` prints: the figures of a [`Stats`] as JSON, as tables
//! (one a section) or as long CSV (`statistic,rules,bucket,value`):
//! [`Stats::render`].

use crate::corpus::stats::{
    BucketJson, EndedJson, FirstMoveJson, HistogramJson, ResultsJson, Stats, StatsJson,
};

use super::table::{Fit, Grid, Style, text_width, wrap_lines};

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

/// See [`StatsJson::text`].
pub(crate) fn stats_text(s: &StatsJson, style: Style) -> String {
    let bars = match style {
        Style::Table { ascii, width } => Some((ascii, usize::from(width))),
        Style::Markdown | Style::Csv => None,
    };
    let mut out = String::new();
    section(&mut out, style, counts_line(s), None);
    let results = results_grid(s);
    section(
        &mut out,
        style,
        "Results by ruleset".to_string(),
        Some(results),
    );
    let summary = |h: &HistogramJson| match h.mean {
        Some(mean) => format!("mean {mean}, max {}", h.max),
        None => "none".to_string(),
    };
    let plies = histogram_grid("plies", "games", &s.plies_per_game, bars);
    let heading = format!("Plies: {}", summary(&s.plies_per_game));
    section(&mut out, style, heading, Some(plies));
    let laps = histogram_grid("laps", "moves", &s.laps_per_move, bars);
    let heading = format!("Laps per move: {}", summary(&s.laps_per_move));
    section(&mut out, style, heading, Some(laps));
    let seeds = histogram_grid("seeds", "moves", &s.seeds_per_capture, bars);
    section(&mut out, style, captures_line(s), Some(seeds));
    let endings = endings_grid(&s.endings);
    section(
        &mut out,
        style,
        "How the valid games end".to_string(),
        Some(endings),
    );
    section(
        &mut out,
        style,
        "First moves (valid games from the start; score for the side that played it)".to_string(),
        Some(first_moves_grid(s)),
    );
    out
}

impl Stats {
    /// The figures as `ayo stats` prints them in `style`: a heading and a
    /// table a section (a terminal table or Markdown), long CSV, one number
    /// a row (`statistic` is the JSON path, `results.south`,
    /// `plies_per_game.histogram`; `rules` the ruleset for the figures by
    /// ruleset; `bucket` the histogram bucket, `10-19`, or the first move),
    /// or (`None`) one JSON line
    /// ([`Document::Stats`](crate::output::json::Document::Stats)): means
    /// to two decimals, scores to three, lists sorted.
    ///
    /// ```
    /// use ayo::corpus::stats::Stats;
    ///
    /// let json = Stats::default().render(None).unwrap();
    /// assert!(json.starts_with("{\"game_count\":0,"));
    /// ```
    pub fn render(&self, style: Option<Style>) -> serde_json::Result<String> {
        let json = self.to_json();
        Ok(match style {
            None => serde_json::to_string(&json)? + "\n",
            Some(Style::Csv) => json.csv(),
            Some(style) => json.text(style),
        })
    }
}

impl StatsJson {
    /// The figures as text: a heading and a table a section, in `style` (a
    /// terminal table or Markdown; CSV has [`StatsJson::csv`]).
    pub(crate) fn text(&self, style: Style) -> String {
        stats_text(self, style)
    }
}

/// Adds a section to `out`: a blank line after the one before, the heading
/// (a Markdown heading when a table follows), and the table when it has rows.
fn section(out: &mut String, style: Style, heading: String, grid: Option<Grid>) {
    let markdown = !matches!(style, Style::Table { .. });
    if !out.is_empty() {
        out.push('\n');
    }
    if markdown && grid.is_some() {
        *out += &format!("### {heading}\n\n");
    } else if let Style::Table { width, .. } = style {
        *out += &wrap_lines(&heading, width);
    } else {
        *out += &format!("{heading}\n");
    }
    if let Some(grid) = grid
        && !grid.rows.is_empty()
    {
        *out += &grid.render(style);
    }
}

/// The first line: games, valid, invalid, and those that do not parse.
fn counts_line(s: &StatsJson) -> String {
    let unparsed = if s.unparsed_count > 0 {
        let verb = if s.unparsed_count == 1 { "does" } else { "do" };
        format!(" ({} {verb} not parse)", s.unparsed_count)
    } else {
        String::new()
    };
    format!(
        "{} game{}: {} valid, {} invalid{unparsed}",
        s.game_count,
        super::plural(s.game_count),
        s.valid_count,
        s.invalid_count
    )
}

/// Results of all games, then by ruleset.
fn results_grid(s: &StatsJson) -> Grid {
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
    results
}

/// The heading of the captures' section.
fn captures_line(s: &StatsJson) -> String {
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
    }
}

/// How the valid games end, with shares.
fn endings_grid(e: &EndedJson) -> Grid {
    let ended = e.majority + e.no_legal_move + e.unfinished;
    let row = |name: &str, n: u64| vec![name.to_string(), n.to_string(), percent(n, ended)];
    Grid::new(
        ["ended by", "games", "share"].map(String::from).to_vec(),
        vec![
            row("majority", e.majority),
            row("no legal move", e.no_legal_move),
            row("unfinished", e.unfinished),
        ],
    )
}

/// Each first move's score.
fn first_moves_grid(s: &StatsJson) -> Grid {
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
    firsts
}

/// The rows of the long CSV.
#[derive(Default)]
struct Rows(Vec<Vec<String>>);

impl Rows {
    fn put(&mut self, statistic: &str, rules: &str, bucket: String, value: String) {
        self.0.push(vec![
            statistic.to_string(),
            rules.to_string(),
            bucket,
            value,
        ]);
    }

    /// A figure of the whole corpus: no ruleset, no bucket.
    fn total(&mut self, statistic: &str, value: u64) {
        self.put(statistic, "", String::new(), value.to_string());
    }

    fn results(&mut self, rules: &str, r: &ResultsJson) {
        self.put("results.south", rules, String::new(), r.south.to_string());
        self.put("results.north", rules, String::new(), r.north.to_string());
        self.put("results.draw", rules, String::new(), r.draw.to_string());
        self.put(
            "results.unfinished",
            rules,
            String::new(),
            r.unfinished.to_string(),
        );
    }

    fn histogram(&mut self, name: &str, h: &HistogramJson) {
        self.total(&format!("{name}.count"), h.count);
        self.put(&format!("{name}.mean"), "", String::new(), optional(h.mean));
        self.total(&format!("{name}.max"), h.max);
        for b in &h.histogram {
            let bucket = if b.min == b.max {
                b.min.to_string()
            } else {
                format!("{}-{}", b.min, b.max)
            };
            self.put(
                &format!("{name}.histogram"),
                "",
                bucket,
                b.count.to_string(),
            );
        }
    }

    fn first_move(&mut self, f: &FirstMoveJson) {
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
            self.put(name, &f.rules, pit.clone(), value);
        }
    }
}

/// See [`StatsJson::csv`].
pub(crate) fn stats_csv(s: &StatsJson) -> String {
    let mut rows = Rows::default();
    rows.total("game_count", s.game_count);
    rows.total("valid_count", s.valid_count);
    rows.total("invalid_count", s.invalid_count);
    rows.total("unparsed_count", s.unparsed_count);
    rows.results("", &s.results);
    for r in &s.rulesets {
        rows.results(r.rules.as_deref().unwrap_or("?"), &r.results);
    }
    rows.histogram("plies_per_game", &s.plies_per_game);
    rows.histogram("laps_per_move", &s.laps_per_move);
    rows.histogram("seeds_per_capture", &s.seeds_per_capture);
    let e = &s.endings;
    rows.total("endings.majority", e.majority);
    rows.total("endings.no-legal-move", e.no_legal_move);
    rows.total("endings.unfinished", e.unfinished);
    for f in &s.first_moves {
        rows.first_move(f);
    }
    Grid::new(
        ["statistic", "rules", "bucket", "value"]
            .map(String::from)
            .to_vec(),
        rows.0,
    )
    .render(Style::Csv)
}

impl StatsJson {
    /// The figures as long CSV, one number a row: `statistic` is the JSON path
    /// (`results.south`, `plies_per_game.histogram`), `rules` the ruleset for the figures
    /// by ruleset, `bucket` the histogram bucket (`10-19`) or the first move.
    pub(crate) fn csv(&self) -> String {
        stats_csv(self)
    }
}
