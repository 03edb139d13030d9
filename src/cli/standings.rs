//! `ayo standings`: a tournament table from the results of the games.

use std::collections::HashMap;
use std::io::Write;

use ayo::corpus::key::{Heads, Key, record_players};
use ayo::corpus::standings::{
    Row, Standings, Tiebreak, name_variants, parse_score, parse_tiebreaks,
};
use ayo::diagnostics::Diagnostic;
use ayo::notation::{RawGame, Record, Tag};
use ayo::output::json::schema_of;
use ayo::output::standings::{
    CrossJson, Layout, StandingJson, TiebreaksJson, cross_lines, legend, standings_grid,
};
use ayo::output::table::{Grid, Style, text_width};
use ayo::replay::{Game, Options, replay_main_line};
use ayo::rules::Ruleset;

use super::{Ctx, Fatal, GameArg, LapsArg, TableArgs, each_game, write_schema};

/// Rank the players by their results: a tournament table.
///
/// Each game counted gives its winner 1 point and its loser 0, a draw ½ to
/// each. Who won is the game's verdict, as `ayo json`'s `result.winner` says
/// it: the board for a game that ended on it, else the termination token (a
/// resignation, an agreement, an adjudication). Players are the South and
/// North tags, compared exactly (trimmed). Seeds won and lost are the final
/// score of a game that ended on the board, else its Score tag, else the
/// stores after its last move. Players level on points are ordered by the
/// tie-breaks of --tiebreak, and share a rank (`3=`) when level on all of
/// them; the table names the tie-break that placed each player. Not
/// counted, and listed with the reason: games that nothing decides (`*` on
/// an unfinished board, an illegal move), games whose token or Result tag
/// contradicts the board, games that do not parse, games without a
/// player's name, and copies of a game already counted (the same moves and
/// players, as `ayo duplicates` finds them; a warning says how many). Names
/// that differ only in case or spacing are listed in a note. In CSV and
/// JSON those lists go to standard error, so that standard output holds
/// only the table.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo standings tournament.ayo
  ayo standings --by Event --cross season/*.ayo
  ayo standings --tiebreak sb,h2h,wins,seeds tournament.ayo
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
    /// Add a crosstable: a column per player, by place, with the points
    /// scored against them (`1`, `½`, `0`, one a game); too narrow a
    /// terminal lists each player's games on a line instead. A table, CSV or
    /// Markdown crosstable has a row and a column for each player, so one of
    /// more than --max-players players is refused; `--format json` lists
    /// only the pairings played, for any number of players.
    #[arg(long)]
    cross: bool,
    /// The most players a table, CSV or Markdown crosstable may have.
    #[arg(long, value_name = "N", default_value_t = 60)]
    max_players: usize,
    /// The tie-breaks for players level on points, in order, joined by
    /// commas: h2h (head-to-head: the points scored between them, when all
    /// of them have met), sb (Sonneborn-Berger), wins (games won), seeds
    /// (seed difference).
    #[arg(long, value_name = "LIST", default_value = "h2h,sb,wins,seeds",
          value_parser = order)]
    tiebreak: Order,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    /// Replay games under this ruleset instead of their Rules tag (default:
    /// the tag, else russ).
    #[arg(long, value_name = "RULESET")]
    rules: Option<Ruleset>,
    #[command(flatten)]
    laps: LapsArg,
    #[command(flatten)]
    table: TableArgs,
}

/// `--tiebreak`: the tie-breaks in order.
#[derive(Clone, Debug)]
struct Order(Vec<Tiebreak>);

fn order(s: &str) -> Result<Order, String> {
    parse_tiebreaks(s).map(Order)
}

/// A game not counted, with why.
struct Apart {
    file: String,
    game: usize,
    south: String,
    north: String,
    why: String,
}

impl Apart {
    fn text(&self) -> String {
        format!(
            "{} game {}: {} v {}: {}",
            self.file, self.game, self.south, self.north, self.why
        )
    }
}

/// The heading of the list of games not counted.
const NOT_COUNTED: &str = "Not counted";

/// One table: its games' tag value under `--by`, its standings and its
/// games not counted.
struct Table {
    value: Option<String>,
    standings: Standings,
    apart: Vec<Apart>,
}

/// The tables being read, one for each value of the `--by` tag, and the
/// games counted so far by their identity (as `ayo duplicates` keys them).
#[derive(Default)]
struct Tables {
    tables: Vec<Table>,
    index: HashMap<Option<String>, usize>,
    seen: HashMap<(Key, u64), (String, usize)>,
    heads: Heads,
    copies: usize,
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

    /// The first game with the same moves, ruleset, start and players, if
    /// this one repeats it; else `None`, and this game is the first.
    fn copy_of(&mut self, game: &Game, file: &str, number: usize) -> Option<(String, usize)> {
        let (rules, start) = (game.rules?, game.start?);
        let key = self.heads.key(&game.record, &rules, &start);
        let id = (key, record_players(&game.record));
        match self.seen.get(&id) {
            Some(first) => Some(first.clone()),
            None => {
                self.seen.insert(id, (file.to_string(), number));
                None
            }
        }
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
        let number = raw.index + 1;
        let record = match g.record {
            Ok(record) => record,
            Err(e) => {
                ctx.syntax_error(file, raw, &e);
                // Listed apart, with its players when its tags can be read.
                let tags = raw.tags().unwrap_or_default();
                let name = |side| tag_value(&tags, side).filter(|n| !n.is_empty());
                tables.of(by(&tags)).apart.push(Apart {
                    file: file.to_string(),
                    game: number,
                    south: name("South").unwrap_or_else(|| "?".into()),
                    north: name("North").unwrap_or_else(|| "?".into()),
                    why: format!(
                        "could not be read: line {}, column {}: {}",
                        e.span.line, e.span.column, e.message
                    ),
                });
                return Ok(());
            }
        };
        let players = players(ctx, file, raw, &record);
        let value = by(&record.tags);
        let game = replay_main_line(record, &opts);
        let apart = |south: &str, north: &str, why: String| Apart {
            file: file.to_string(),
            game: number,
            south: south.to_string(),
            north: north.to_string(),
            why,
        };
        let (south, north) = match players {
            Ok(names) => names,
            Err((south, north, why)) => {
                tables.of(value).apart.push(apart(&south, &north, why));
                return Ok(());
            }
        };
        if let Some((first, n)) = tables.copy_of(&game, file, number) {
            tables.copies += 1;
            let why = format!("a copy of {first} game {n} (the same moves and players)");
            tables.of(value).apart.push(apart(&south, &north, why));
            return Ok(());
        }
        let verdict = game.verdict();
        let table = tables.of(value);
        match verdict.not_counted {
            Some(why) => table.apart.push(apart(&south, &north, why)),
            None => {
                let seeds = seeds(ctx, file, raw, &game);
                table.standings.add(&south, &north, verdict.outcome, seeds);
            }
        }
        Ok(())
    })?;
    if tables.copies > 0 {
        let n = tables.copies;
        ctx.note(&format!(
            "warning: {n} {} of {} already read (the same moves and players) and not counted; `ayo duplicates` lists them",
            if n == 1 { "game is a copy" } else { "games are copies" },
            if n == 1 { "a game" } else { "games" },
        ));
    }
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
                .flat_map(|a| [a.south.as_str(), a.north.as_str()])
                .filter(|n| *n != "?"),
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
    let order = &args.tiebreak.0;
    let json = |t: &Table| -> Vec<StandingJson> {
        let rows = t.standings.ranked_by(order);
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
            let layout = Layout {
                cross: args.cross,
                short: false,
                droppable: 0,
            };
            let mut all: Option<Grid> = None;
            for t in &tables {
                let grid = standings_grid(&json(t), layout, columns, true);
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
            let text = Text {
                style,
                by: args.by.as_deref(),
                cross: args.cross,
                order,
            };
            let mut blocks: Vec<String> = Vec::new();
            for t in &tables {
                blocks.push(text.table(t, &json(t)));
            }
            if let Some(note) = &note {
                blocks.push(text.paragraph(&format!("Note: {note}")));
            }
            out.write_all(blocks.join("\n").as_bytes())?;
        }
    }
    if args.table.format == super::TableFormat::Json || args.table.format == super::TableFormat::Csv
    {
        // Standard output holds only the table: the lists go to standard
        // error.
        let heading = NOT_COUNTED.to_lowercase();
        for a in tables.iter().flat_map(|t| &t.apart) {
            ctx.note(&format!("note: {heading}: {}", a.text()));
        }
        if let Some(note) = &note {
            ctx.note(&format!("note: {note}"));
        }
    }
    Ok(())
}

/// How the text formats (a terminal table, Markdown) write a table and the
/// words around it.
struct Text<'a> {
    style: Style,
    by: Option<&'a str>,
    cross: bool,
    order: &'a [Tiebreak],
}

impl Text<'_> {
    /// The width a terminal table fits; `None` for Markdown.
    fn width(&self) -> Option<usize> {
        match self.style {
            Style::Table { width, .. } => Some(usize::from(width)),
            _ => None,
        }
    }

    /// A paragraph, wrapped to the width in a terminal.
    fn paragraph(&self, text: &str) -> String {
        self.indented(text, "", "")
    }

    /// `text` wrapped to the width, its first line after `first`, the
    /// others after `rest` (a list item's hanging indent).
    fn indented(&self, text: &str, first: &str, rest: &str) -> String {
        let Some(width) = self.width() else {
            return format!("{first}{text}\n");
        };
        let room = width.saturating_sub(text_width(rest)).max(1);
        let mut out = String::new();
        for (k, line) in wrap_verbatim(text, room).into_iter().enumerate() {
            out += if k == 0 { first } else { rest };
            out += &line;
            out += "\n";
        }
        out
    }

    /// One table with its heading (`--by`), its legend, its crosstable as
    /// lines when its columns do not fit, and its games not counted.
    fn table(&self, t: &Table, rows: &[StandingJson]) -> String {
        let markdown = self.style == Style::Markdown;
        let mut blocks: Vec<String> = Vec::new();
        let mut head = String::new();
        if let Some(tag) = self.by {
            let value = t.value.clone().unwrap_or_else(|| format!("(no {tag} tag)"));
            head = if markdown {
                format!("### {value}\n\n")
            } else {
                self.paragraph(&format!("{tag}: {value}"))
            };
        }
        if !rows.is_empty() {
            let (grid, layout, as_lines) = self.fitted(rows);
            let mut block = grid;
            if let Some(words) = legend(rows, layout, self.order) {
                // A Markdown table goes on to the next line unless a blank
                // line ends it.
                if markdown {
                    block.push('\n');
                }
                block += &self.paragraph(&words);
            }
            blocks.push(block);
            if as_lines {
                let mut list =
                    self.paragraph("Crosstable (vN: the points against the player of row N):");
                for line in cross_lines(rows) {
                    list += &self.indented(&line, "  ", "      ");
                }
                blocks.push(list);
            }
        }
        if !t.apart.is_empty() {
            let mut list = format!("{NOT_COUNTED}:\n");
            if markdown {
                list.push('\n');
            }
            for a in &t.apart {
                list += &if markdown {
                    format!("- {}\n", a.text())
                } else {
                    self.indented(&a.text(), "  ", "    ")
                };
            }
            blocks.push(list);
        }
        head + &blocks.join("\n")
    }

    /// The grid, written to fit: full headers if they fit, else short ones
    /// (whose optional columns may go); with `--cross`, the crosstable's
    /// columns if they fit, else the table without them and `true`, for the
    /// crosstable to be written as lines.
    fn fitted(&self, rows: &[StandingJson]) -> (String, Layout, bool) {
        let render = |layout: Layout| standings_grid(rows, layout, 0, false).render(self.style);
        let fits = |text: &str| {
            self.width()
                .is_none_or(|w| text.lines().all(|l| text_width(l) <= w))
        };
        // Full headers; else short ones, leaving out the fewest columns that
        // keep each row on one line, else the fewest that fit; the
        // crosstable's columns first when asked for.
        let full = |cross| Layout {
            cross,
            short: false,
            droppable: 0,
        };
        let short = |cross| {
            (0..=5)
                .map(|droppable| Layout {
                    cross,
                    short: true,
                    droppable,
                })
                .collect::<Vec<_>>()
        };
        let mut families = Vec::new();
        if self.cross {
            families.extend([vec![full(true)], short(true)]);
        }
        families.extend([vec![full(false)], short(false)]);
        // Lines of cells (the header's included), against one a row.
        let one_line_rows = |text: &str| {
            text.lines().filter(|l| l.starts_with(['│', '|'])).count() == rows.len() + 1
        };
        for family in &families {
            let fitting: Vec<(String, Layout)> = family
                .iter()
                .map(|&layout| (render(layout), layout))
                .filter(|(text, _)| fits(text))
                .collect();
            let best = match fitting.iter().position(|(text, _)| one_line_rows(text)) {
                Some(k) => fitting.into_iter().nth(k),
                None => fitting.into_iter().next(),
            };
            if let Some((text, layout)) = best {
                return (text, layout, self.cross && !layout.cross);
            }
        }
        // Nothing fits (a word wider than the width): the most compact.
        let layout = Layout {
            cross: false,
            short: true,
            droppable: 5,
        };
        (render(layout), layout, self.cross)
    }
}

/// Splits `text` into lines of at most `width` columns at single spaces,
/// keeping every other space as written (a name with two spaces in a row is
/// what the note on names is about). A word wider than `width` is broken
/// where it must be.
fn wrap_verbatim(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut rest = text;
    while text_width(rest) > width {
        // The last space at which the line fits, else the most characters
        // that do (at least one).
        let mut used = 0;
        let mut space = None;
        let mut cut = 0;
        for (i, c) in rest.char_indices() {
            let w = text_width(c.encode_utf8(&mut [0; 4]));
            if used + w > width {
                if c == ' ' {
                    space = Some(i);
                }
                break;
            }
            if c == ' ' && i > 0 {
                space = Some(i);
            }
            used += w;
            cut = i + c.len_utf8();
        }
        match space {
            Some(i) => {
                lines.push(rest[..i].to_string());
                rest = &rest[i + 1..];
            }
            None => {
                let cut = cut.max(rest.chars().next().map_or(1, char::len_utf8));
                lines.push(rest[..cut].to_string());
                rest = &rest[cut..];
            }
        }
    }
    lines.push(rest.to_string());
    lines
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
        tiebreak: r.tiebreak.map(|t| t.key().to_string()),
        tiebreaks: TiebreaksJson {
            head_to_head: r.head_to_head(),
            sonneborn_berger: r.sonneborn_berger(),
            win_count: r.wins,
            seed_difference: r.seed_difference(),
        },
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

/// The game's two players (South's first), trimmed; when a tag is missing
/// or empty, after a warning, the names as listed (`?` for a missing one)
/// and why the game is not counted.
fn players(
    ctx: &mut Ctx,
    file: &str,
    raw: &RawGame,
    record: &Record,
) -> Result<(String, String), (String, String, String)> {
    let name = |tag: &str| {
        record
            .tag(tag)
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(String::from)
    };
    match (name("South"), name("North")) {
        (Some(s), Some(n)) => Ok((s, n)),
        (s, n) => {
            let side = if s.is_none() { "South" } else { "North" };
            let d = Diagnostic::warning(
                record.result.span,
                format!(
                    "no {side} player (its tag is missing or empty): this result is not counted"
                ),
                "not counted",
            );
            ctx.diagnose(file, raw, &d);
            Err((
                s.unwrap_or_else(|| "?".into()),
                n.unwrap_or_else(|| "?".into()),
                format!("no {side} player"),
            ))
        }
    }
}

/// Seeds of a counted game, South's first: the final score of a game that
/// ended on the board, else its Score tag, else the stores after the last
/// move.
fn seeds(ctx: &mut Ctx, file: &str, raw: &RawGame, game: &Game) -> [u32; 2] {
    if let Some(end) = game.end {
        return end.score;
    }
    if let Some(tag) = game.record.tags.iter().find(|t| t.name == "Score") {
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
    // A counted game was replayed to its last move: it has a position.
    game.final_position()
        .map_or([0, 0], |p| p.stores().map(u32::from))
}
