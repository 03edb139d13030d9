//! `ayo board`: draw positions.

use std::io::Write;

use ayo::output::board::{BoardView, PositionJson, board_grid, game_views, render, setup_view};
use ayo::output::json::schema_of;
use ayo::output::table::{Grid, Style, rules_label, title, wrap_lines};
use ayo::replay::replay;
use ayo::rules::{Engine, Position, Ruleset};

use super::{Ctx, Fatal, GameArg, ReplayArgs, TableArgs, csv_rows, each_record, write_schema};

/// Draw the board: a game's final position, the one after a given ply, or
/// every one; or a set-up.
///
/// Seen from South: North's row on top (F … A from left to right) with North's
/// store at the left end, South's row below (a … f) with South's store at the
/// right end. The pit just played is shown as [n], the pit captured from as (n).
/// Each game starts with its title line, which names the ruleset used. CSV has
/// one line a position (its set-up string, stores and marks).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo board fixtures/opening-lecture.ayo
  ayo board game.ayo --ply 12
  ayo board game.ayo --all --ascii | less
  ayo board --setup '2,5,2,0,3,2/1,0,1,3,2,0 16-11 S'
  ayo board --schema")]
pub struct Args {
    /// Record files; standard input when none or `-` (and no --setup).
    files: Vec<String>,
    #[command(flatten)]
    game: GameArg,
    /// The position after this ply (0: the start). Default: the final position.
    #[arg(long, value_name = "N", conflicts_with = "all")]
    ply: Option<u32>,
    /// Every position of the main line.
    #[arg(long)]
    all: bool,
    /// Draw this set-up string instead of reading records.
    #[arg(long, value_name = "SETUP", conflicts_with_all = ["files", "game", "ply", "all"])]
    setup: Option<String>,
    #[command(flatten)]
    replay: ReplayArgs,
    #[command(flatten)]
    table: TableArgs,
}

/// The CSV columns of a position, after `file` and `game`.
const CSV_HEADER: [&str; 9] = [
    "rules",
    "ply",
    "setup",
    "south_store",
    "north_store",
    "to_move",
    "played",
    "captured",
    "caption",
];

/// Writes the chosen views of one game (or of a set-up, with no place).
fn write_views(
    out: &mut impl Write,
    views: &[&BoardView],
    args: &Args,
    rules: &Ruleset,
    place: Option<(&str, usize)>,
    first: &mut bool,
) -> Result<(), Fatal> {
    match args.table.style() {
        None => {
            for v in views {
                serde_json::to_writer(&mut *out, &PositionJson::new(v, rules.to_string(), place))?;
                out.write_all(b"\n")?;
            }
        }
        Some(Style::Csv) => {
            let rows = views
                .iter()
                .map(|v| {
                    let j = PositionJson::new(v, rules.to_string(), place);
                    let letter = |c: Option<char>| c.map_or(String::new(), String::from);
                    vec![
                        j.rules,
                        j.ply.to_string(),
                        j.setup,
                        j.stores[0].to_string(),
                        j.stores[1].to_string(),
                        v.position.to_move().name().to_string(),
                        letter(j.played),
                        letter(j.captured),
                        j.caption,
                    ]
                })
                .collect();
            let grid = Grid::new(CSV_HEADER.map(str::to_string).to_vec(), rows);
            let (file, number) = place.unwrap_or(("", 0));
            out.write_all(csv_rows(grid, file, number, *first).as_bytes())?;
        }
        Some(Style::Markdown) => {
            for v in views {
                let grid = board_grid(v, ["North", "South"]);
                write!(out, "{}\n\n{}\n", v.caption, grid.render(Style::Markdown))?;
            }
        }
        Some(Style::Table { ascii, width }) => {
            for v in views {
                writeln!(out, "{}", render(v, ascii, width))?;
            }
        }
    }
    *first = false;
    Ok(())
}

/// The line over a game's boards: where it is from, who played, the ruleset.
fn heading(args: &Args, text: String) -> String {
    match args.table.style() {
        Some(Style::Table { width, .. }) => wrap_lines(&text, width) + "\n",
        Some(Style::Markdown) => format!("### {text}\n\n"),
        _ => String::new(),
    }
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &schema_of::<PositionJson>());
    }
    let opts = args.replay.options(false);
    let mut first = true;
    if let Some(setup) = &args.setup {
        let rules = opts.rules.unwrap_or(Ruleset::RUSS);
        let pos = Position::from_setup(setup, &rules)
            .map_err(|e| Fatal::Error(format!("--setup: {e}")))?;
        let engine = Engine::new(rules).with_max_laps(opts.max_laps);
        let view = setup_view(&pos, &engine);
        out.write_all(heading(&args, format!("Set-up {setup}, rules: {rules}")).as_bytes())?;
        return write_views(out, &[&view], &args, &rules, None, &mut first);
    }
    each_record(
        &args.files,
        ctx,
        args.game.game,
        |ctx, file, raw, record, number| {
            let game = replay(record, &opts);
            ctx.report_game(file, raw, &game);
            let views = game_views(&game);
            let chosen: Vec<&BoardView> = match (args.all, args.ply) {
                (true, _) => views.iter().collect(),
                (false, Some(k)) => match views.iter().find(|v| v.ply == k) {
                    Some(v) => vec![v],
                    None => {
                        let last = views.last().map_or(0, |v| v.ply);
                        ctx.usage_error(&format!(
                            "--ply {k}: {file}: game {number} has {last} plies{}",
                            if last < game.record.moves.len() as u32 {
                                " that could be played"
                            } else {
                                ""
                            }
                        ));
                        Vec::new()
                    }
                },
                (false, None) => views.last().into_iter().collect(),
            };
            // A game that could not start (an unreadable Rules or Setup tag)
            // has no position to draw: its diagnostics said why.
            let Some(rules) = game.rules.filter(|_| !chosen.is_empty()) else {
                return Ok(());
            };
            let label = rules_label(&game.record, Some(&rules), opts.rules.is_some());
            let text = format!("{file}: {}", title(&game.record, label.as_deref(), number));
            out.write_all(heading(&args, text).as_bytes())?;
            write_views(
                out,
                &chosen,
                &args,
                &rules,
                Some((file, number)),
                &mut first,
            )
        },
    )
}
