//! The options shared by the commands, declared once and flattened into
//! each command's arguments.

use clap::ValueEnum;

use ayo::notation::RawGame;
use ayo::replay;
use ayo::rules::{Engine, Position, Ruleset};

use super::Fatal;

/// `--setup SETUP`, read under `rules`; a usage error says what is wrong.
pub fn setup(text: &str, rules: &Ruleset) -> Result<Position, Fatal> {
    Position::from_setup(text, rules).map_err(|e| Fatal::Error(format!("--setup: {e}")))
}

/// `--max-game-bytes N`: the option of every command that reads records.
/// Declared once, flattened into each of them.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct ReadArgs {
    /// The most bytes one game may have (default 16 MiB): a larger game is reported at its
    /// start and skipped (not held in memory), and the run goes on.
    // At most `u32::MAX` (a usage error past it): a span's offset and length
    // within a game are `u32`.
    #[arg(long, value_name = "N", default_value_t = RawGame::DEFAULT_MAX_BYTES as u64,
          display_order = 900,
          value_parser = clap::value_parser!(u64).range(1..=u64::from(u32::MAX)))]
    pub max_game_bytes: u64,
}

/// Output formats shared by the commands; each command accepts the ones it can
/// write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Plain text lines.
    Text,
    /// One JSON object a line (NDJSON).
    Json,
}

/// Formats of the commands that print tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// A table with borders, for reading.
    #[value(alias = "text")]
    Table,
    /// A Markdown table.
    Markdown,
    /// CSV with one header line.
    Csv,
    /// One JSON object a line (NDJSON).
    Json,
    /// An SVG picture. Only `ayo board` accepts it (its `--format` adds the
    /// value, see `board::formats`); the other commands' parsers never yield it.
    #[value(skip)]
    Svg,
    /// The records themselves, annotated. Only `ayo analyze` accepts it (its
    /// `--format` adds the value with [`TableFormat::and`]).
    #[value(skip)]
    Ayo,
}

impl TableFormat {
    /// The parser of a command's `--format` that takes every table format
    /// and one of the skipped ones, `extra`, named `name`.
    pub fn and(
        extra: TableFormat,
        name: &'static str,
        help: &'static str,
    ) -> impl clap::builder::TypedValueParser<Value = TableFormat> {
        use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
        let values = TableFormat::value_variants()
            .iter()
            .filter_map(ValueEnum::to_possible_value)
            .chain([PossibleValue::new(name).help(help)]);
        PossibleValuesParser::new(values)
            .map(move |s| TableFormat::from_str(&s, false).unwrap_or(extra))
    }
}

/// The options of every command that prints tables (annotate, board,
/// compare), declared once.
#[derive(Debug, Clone, clap::Args)]
pub struct TableArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = TableFormat::Table)]
    pub format: TableFormat,
    /// Fit tables to N columns (default: the terminal's width, else $COLUMNS,
    /// else 100). Cells wrap; a table whose columns still do not fit prints
    /// each row stacked, a column a line. `--format csv` and `json` keep
    /// every value whole.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(20..))]
    pub width: Option<u16>,
    /// Plain ASCII table borders.
    #[arg(long)]
    pub ascii: bool,
    /// Print the JSON Schema of `--format json` and exit.
    #[arg(long)]
    pub schema: bool,
}

impl TableArgs {
    /// The width tables fit: see `Style::width`.
    pub fn width(&self) -> u16 {
        ayo::output::table::Style::width(self.width)
    }

    /// The grid style of the format (`None` for JSON, and for SVG and
    /// records, which are not grids).
    pub fn style(&self) -> Option<ayo::output::table::Style> {
        use ayo::output::table::Style;
        match self.format {
            TableFormat::Table => Some(Style::Table {
                ascii: self.ascii,
                width: self.width(),
            }),
            TableFormat::Markdown => Some(Style::Markdown),
            TableFormat::Csv => Some(Style::Csv),
            TableFormat::Json | TableFormat::Svg | TableFormat::Ayo => None,
        }
    }
}

/// `--width N` of a command that prints lines of text, not tables.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct WidthArg {
    /// Wrap text to N columns (default: the terminal's width, else $COLUMNS,
    /// else 100).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(20..))]
    pub width: Option<u16>,
}

impl WidthArg {
    /// `text`, each of its lines wrapped to the width (see `Style::width`).
    pub fn wrap(&self, text: &str) -> String {
        use ayo::output::table::Style;
        let style = Style::Table {
            ascii: false,
            width: Style::width(self.width),
        };
        text.lines().map(|l| style.line(l)).collect()
    }
}

/// `--max-laps N`: the engine's resource bound, shared by every command that
/// plays moves.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct LapsArg {
    /// Laps a relay may run before its move is undecided (an error).
    #[arg(long, default_value_t = Engine::DEFAULT_MAX_LAPS, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_laps: u64,
}

/// `--game N`: one game of each file, counted from 1.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct GameArg {
    /// Only the N-th game of each file (from 1).
    #[arg(long, value_name = "N", value_parser = game_number)]
    pub game: Option<u64>,
}

/// Why a game number is refused: games count from 1 in `--game` and
/// `--games` alike.
pub const GAMES_FROM_1: &str = "games are numbered from 1";

/// `--game N`: a game number, 1 or more.
fn game_number(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err(format!("{GAMES_FROM_1}, found `{s}`")),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a game number (1 or more), found `{s}`")),
    }
}

/// `--jobs N`: how many threads do the work of the commands that read many
/// games. Declared once, flattened into each of them.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct JobsArg {
    /// Threads to work on (default: one a core; at most 256); the output
    /// does not depend on N.
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
}

/// A number of threads: 1 or more.
fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("expected 1 or more threads, found 0".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a number of threads, found `{s}`")),
    }
}

impl JobsArg {
    /// `--jobs`, else the cores this process may use (as ripgrep counts
    /// them), else 1.
    pub fn get(&self) -> usize {
        match self.jobs {
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        }
    }
}

/// The options of every command that replays records.
#[derive(Debug, Clone, clap::Args)]
pub struct ReplayArgs {
    /// Replay under this ruleset instead of each record's Rules tag (default:
    /// the tag, else russ).
    #[arg(long, value_name = "RULESET")]
    rules: Option<Ruleset>,
    #[command(flatten)]
    laps: LapsArg,
    /// Count warnings (a misspelt tag name, an odd date) as errors.
    #[arg(long)]
    deny_warnings: bool,
}

impl ReplayArgs {
    /// The replay options these arguments ask for; `trace` records every lap.
    pub fn options(&self, trace: bool) -> replay::Options {
        replay::Options {
            rules: self.rules,
            max_laps: self.laps.max_laps,
            trace,
            deny_warnings: self.deny_warnings,
        }
    }
}
