//! `ayo standings`: a tournament table from the results of the games.

use std::collections::HashMap;
use std::io::Write;

use ayo::corpus::standings::{Row, Standings, name_variants, parse_score};
use ayo::diagnostics::Diagnostic;
use ayo::notation::{Outcome, RawGame, Record, Tag};
use ayo::output::json::schema_of;
use ayo::output::standings::{CrossJson, StandingJson, standings_grid};
use ayo::output::table::{Grid, Style};
use ayo::replay::{Options, replay};
use ayo::rules::Ruleset;

use super::{Ctx, Fatal, GameArg, LapsArg, TableArgs, each_game, write_schema};

/// Rank the players by their results: a tournament table.
///
/// Each finished game gives its winner 1 point and its loser 0, a draw ½ to
/// each, by its result token (`1-0`, `0-1`, `1/2-1/2`); players are the South
/// and North tags, compared exactly (trimmed). Seeds won and lost come from
/// the Score tag, else from replaying the main line (its final score, or the
/// stores after the last move of a game that stopped early); the moves are not
/// checked (`ayo validate` does). Players level on points are ranked by their
/// seed difference, and share a rank when that is level too. Unfinished games
/// (`*`), and games whose moves do not parse though their tags do, are listed
/// apart and not counted; names that differ only in case or spacing are
/// listed in a note. In CSV and JSON those lists go to standard error, so
/// that standard output holds only the table.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo standings tournament.ayo
  ayo standings --by Event --cross season/*.ayo
  ayo standings --format markdown tournament.ayo > standings.md
  ayo standings --format json tournament.ayo | jq -r '[.rank, .player, .points] | @tsv'
  ayo standings --schema")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    /// One table per value of this tag (e.g. Event or Round); games without
    /// it make a table of their own.
    #[arg(long, value_name = "TAG")]
    by: Option<String>,
    /// Add a crosstable: a column per player, by rank, with the points scored
    /// against them (`1`, `½`, `0`, one a game). A table, CSV or Markdown
    /// crosstable has a row and a column for each player, so one of more than
    /// --max-players players is refused; `--format json` lists only the
    /// pairings played, for any number of players.
    #[arg(long)]
    cross: bool,
    /// The most players a table, CSV or Markdown crosstable may have.
    #[arg(long, value_name = "N", default_value_t = 60)]
    max_players: usize,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    /// Replay games without a Score tag under this ruleset instead of their
    /// Rules tag (default: the tag, else russ).
    #[arg(long, value_name = "RULESET")]
    rules: Option<Ruleset>,
    #[command(flatten)]
    laps: LapsArg,
    #[command(flatten)]
    table: TableArgs,
}

/// A game listed apart, not counted: unfinished, or unreadable.
struct Apart {
    file: String,
    game: usize,
    south: String,
    north: String,
    /// For a game that could not be parsed (its tags could): the syntax
    /// error, where it is and what it says.
    unread: Option<String>,
}

impl Apart {
    fn text(&self) -> String {
        let mut text = format!(
            "{} game {}: {} v {}",
            self.file, self.game, self.south, self.north
        );
        if let Some(why) = &self.unread {
            text += ": ";
            text += why;
        }
        text
    }
}

/// The lists of games not counted, each with its heading: the text format's
/// words, and the notes' on standard error in lower case.
const LISTS: [(&str, bool); 2] = [
    ("Unfinished, not counted", false),
    ("Could not be read, not counted", true),
];

/// One table: its games' tag value under `--by`, its standings and its
/// games not counted.
struct Table {
    value: Option<String>,
    standings: Standings,
    apart: Vec<Apart>,
}

/// The tables being read, one for each value of the `--by` tag.
#[derive(Default)]
struct Tables {
    tables: Vec<Table>,
    index: HashMap<Option<String>, usize>,
}

impl Tables {
    /// The table of the games whose `--by` tag has this value.
    fn of(&mut self, value: Option<String>) -> &mut Table {
        let k = *self.index.entry(value.clone()).or_insert_with(|| {
            self.tables.push(Table {
                value,
                standings: Standings::default(),
                apart: Vec::new(),
            });
            self.tables.len() - 1
        });
        &mut self.tables[k]
    }
}

/// The value of a tag among tag pairs, trimmed.
fn tag_value(tags: &[Tag], name: &str) -> Option<String> {
    tags.iter()
        .find(|t| t.name == name)
        .map(|t| t.value.trim().to_string())
}

/// Every game of the input in its table: counted, or listed apart.
fn read(args: &Args, ctx: &mut Ctx) -> Result<Vec<Table>, Fatal> {
    let opts = Options {
        rules: args.rules,
        max_laps: args.laps.max_laps,
        trace: false,
        deny_warnings: false,
    };
    let mut tables = Tables::default();
    let by = |tags: &[Tag]| args.by.as_deref().and_then(|tag| tag_value(tags, tag));
    each_game(&args.files, ctx, args.game.game, |ctx, g| {
        let (file, raw) = (g.file, g.raw);
        let record = match g.record {
            Ok(record) => record,
            Err(e) => {
                ctx.syntax_error(file, raw, &e);
                // Listed apart with its players when its tags can be read.
                let Some(tags) = raw.tags() else {
                    return Ok(());
                };
                let name = |side| tag_value(&tags, side).filter(|n| !n.is_empty());
                let why = format!(
                    "line {}, column {}: {}",
                    e.span.line, e.span.column, e.message
                );
                tables.of(by(&tags)).apart.push(Apart {
                    file: file.to_string(),
                    game: raw.index + 1,
                    south: name("South").unwrap_or_else(|| "?".into()),
                    north: name("North").unwrap_or_else(|| "?".into()),
                    unread: Some(why),
                });
                return Ok(());
            }
        };
        let Some((south, north)) = players(ctx, file, raw, &record) else {
            return Ok(());
        };
        let table = tables.of(by(&record.tags));
        let outcome = record.result.outcome;
        if outcome == Outcome::Unknown {
            table.apart.push(Apart {
                file: file.to_string(),
                game: raw.index + 1,
                south,
                north,
                unread: None,
            });
            return Ok(());
        }
        let seeds = seeds(ctx, file, raw, record, &opts);
        table.standings.add(&south, &north, outcome, seeds);
        Ok(())
    })?;
    Ok(tables.tables)
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &schema_of::<StandingJson>());
    }
    let tables = read(&args, ctx)?;
    let names = name_variants(tables.iter().flat_map(|t| {
        t.standings.names().chain(
            t.apart
                .iter()
                .flat_map(|a| [a.south.as_str(), a.north.as_str()]),
        )
    }));
    let note = (!names.is_empty()).then(|| {
        let groups: Vec<String> = names
            .iter()
            .map(|g| {
                g.iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .collect();
        format!(
            "names that differ only in case or spacing count as different players: {}.",
            groups.join("; ")
        )
    });
    let json = |t: &Table| -> Vec<StandingJson> {
        let rows = t.standings.ranked();
        rows.iter()
            .map(|r| {
                standing_json(
                    r,
                    &rows,
                    args.by.is_some().then(|| t.value.clone()),
                    args.cross,
                )
            })
            .collect()
    };
    if args.cross && args.table.style().is_some() {
        crosstable_fits(&tables, args.by.as_deref(), args.max_players)?;
    }
    match args.table.style() {
        None => {
            for t in &tables {
                for row in json(t) {
                    serde_json::to_writer(&mut *out, &row)?;
                    out.write_all(b"\n")?;
                }
            }
        }
        Some(Style::Csv) => {
            let columns = tables
                .iter()
                .map(|t| t.standings.names().count())
                .max()
                .unwrap_or(0);
            let mut all: Option<Grid> = None;
            for t in &tables {
                let grid = standings_grid(&json(t), args.cross, columns, true);
                match &mut all {
                    None => all = Some(grid),
                    Some(all) => all.rows.extend(grid.rows),
                }
            }
            if let Some(grid) = all {
                out.write_all(grid.render(Style::Csv).as_bytes())?;
            }
        }
        Some(style) => {
            let markdown = style == Style::Markdown;
            // A blank line between blocks (tables, lists, the note).
            let blank = |out: &mut dyn Write, written: &mut bool| -> Result<(), Fatal> {
                if std::mem::replace(written, true) {
                    out.write_all(b"\n")?;
                }
                Ok(())
            };
            let mut written = false;
            for t in &tables {
                blank(out, &mut written)?;
                if let Some(tag) = &args.by {
                    let value = t.value.clone().unwrap_or_else(|| format!("(no {tag} tag)"));
                    let heading = if markdown {
                        format!("### {value}\n\n")
                    } else {
                        format!("{tag}: {value}\n")
                    };
                    out.write_all(heading.as_bytes())?;
                }
                let rows = json(t);
                if !rows.is_empty() {
                    let grid = standings_grid(&rows, args.cross, 0, false);
                    out.write_all(grid.render(style).as_bytes())?;
                }
                let mut above = !rows.is_empty();
                for (heading, unread) in LISTS {
                    let mut list = t.apart.iter().filter(|a| a.unread.is_some() == unread);
                    let Some(first) = list.next() else {
                        continue;
                    };
                    if std::mem::replace(&mut above, true) {
                        out.write_all(b"\n")?;
                    }
                    let mut text = format!("{heading}:\n");
                    if markdown {
                        text.push('\n');
                    }
                    for a in std::iter::once(first).chain(list) {
                        let bullet = if markdown { "- " } else { "  " };
                        text += &format!("{bullet}{}\n", a.text());
                    }
                    out.write_all(text.as_bytes())?;
                }
            }
            if let Some(note) = &note {
                blank(out, &mut written)?;
                out.write_all(format!("Note: {note}\n").as_bytes())?;
            }
        }
    }
    if args.table.format == super::TableFormat::Json || args.table.format == super::TableFormat::Csv
    {
        // Standard output holds only the table: the lists go to standard
        // error.
        for (heading, unread) in LISTS {
            let heading = heading.to_lowercase();
            for a in tables.iter().flat_map(|t| &t.apart) {
                if a.unread.is_some() == unread {
                    ctx.note(&format!("note: {heading}: {}", a.text()));
                }
            }
        }
        if let Some(note) = &note {
            ctx.note(&format!("note: {note}"));
        }
    }
    Ok(())
}

/// Refuses a crosstable grid of more than `max` players: it has a row and a
/// column for each, so its size is the square of theirs (9,800 players of
/// 20,000 games made 855 MB of text and took 3 GB).
fn crosstable_fits(tables: &[Table], by: Option<&str>, max: usize) -> Result<(), Fatal> {
    for t in tables {
        let players = t.standings.names().count();
        if players <= max {
            continue;
        }
        let which = match (by, &t.value) {
            (Some(tag), Some(value)) => format!(" for {tag} `{value}`"),
            (Some(tag), None) => format!(" for the games with no {tag} tag"),
            (None, _) => String::new(),
        };
        return Err(Fatal::Error(format!(
            "--cross: the table{which} has {players} players, over --max-players {max}: \
             a crosstable has a row and a column for each player; \
             `--format json` lists only the pairings played, or raise --max-players"
        )));
    }
    Ok(())
}

/// A player's row as JSON; `event` with `--by`, the crosstable with `--cross`.
fn standing_json(
    r: &Row,
    rows: &[Row],
    event: Option<Option<String>>,
    cross: bool,
) -> StandingJson {
    StandingJson {
        event,
        rank: r.rank,
        player: r.player.clone(),
        game_count: r.games(),
        win_count: r.wins,
        draw_count: r.draws,
        loss_count: r.losses,
        points: r.points(),
        seeds_for: r.seeds_for,
        seeds_against: r.seeds_against,
        cross: cross.then(|| {
            r.cross
                .iter()
                .filter_map(|(o, games)| {
                    Some(CrossJson {
                        opponent: rows.get(*o)?.player.clone(),
                        game_points: games.iter().map(|&h| f64::from(h) / 2.0).collect(),
                    })
                })
                .collect()
        }),
    }
}

/// The game's two players (South's first), trimmed; `None` after a warning
/// when a tag is missing or empty.
fn players(ctx: &mut Ctx, file: &str, raw: &RawGame, record: &Record) -> Option<(String, String)> {
    let name = |tag: &str| {
        record
            .tag(tag)
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(String::from)
    };
    match (name("South"), name("North")) {
        (Some(s), Some(n)) => Some((s, n)),
        (s, _) => {
            let side = if s.is_none() { "South" } else { "North" };
            let d = Diagnostic::warning(
                record.result.span,
                format!(
                    "no {side} player (its tag is missing or empty): this result is not counted"
                ),
                "not counted",
            );
            ctx.diagnose(file, raw, &d);
            None
        }
    }
}

/// Seeds of a finished game, South's first: its Score tag, else the
/// replay's final score, else the stores after the last move played.
fn seeds(ctx: &mut Ctx, file: &str, raw: &RawGame, record: Record, opts: &Options) -> [u32; 2] {
    if let Some(tag) = record.tags.iter().find(|t| t.name == "Score") {
        match parse_score(&tag.value) {
            Some(score) => return score,
            None => {
                let d = Diagnostic::warning(
                    tag.value_span,
                    format!(
                        "Score tag: `{}` is not a score such as `26-22`: the seeds come from the moves",
                        tag.value
                    ),
                    "not a score",
                );
                ctx.diagnose(file, raw, &d);
            }
        }
    }
    let game = replay(record, opts);
    if let Some(end) = game.end {
        return end.score;
    }
    match game.final_position() {
        Some(p) => p.stores().map(u32::from),
        None => {
            // No rules or no start: the replay said why at the tag.
            if let Some(e) = game.errors.iter().find(|d| d.is_error()) {
                let d = Diagnostic::warning(
                    e.span,
                    format!("{}: the seeds of this game are not counted", e.message),
                    e.label.clone(),
                );
                ctx.diagnose(file, raw, &d);
            }
            [0, 0]
        }
    }
}
