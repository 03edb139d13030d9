//! `ayo moves`: the legal moves of a position and what each would do.

use std::io::Write;

use ayo::notation::Numbering;
use ayo::output::json::schema_of;
use ayo::output::moves::{Moves, MovesJson};
use ayo::output::table::Style;
use ayo::replay::{self, replay_main_line};
use ayo::rules::{Engine, Position, Ruleset, Side};

use super::laps::LapsShown;
use super::position::{Place, each_position};
use super::search::undecided;
use super::{Ctx, Fatal, GameArg, LapsArg, TableArgs, write_schema};

/// List the legal moves of a position, each with what it would do.
///
/// A set-up (--setup), or the position of a record after --ply (default: the
/// end) of each of its games. One row a legal move, in pit order: the move as
/// a record writes it (the capture claimed: `bx7`), the seeds lifted, the
/// relay (each lap's origin and seeds, or with --laps full every pit sown, as
/// `annotate` writes them), the capture, the stores after it, and the result
/// when the move ends the game. A finished game has no move: how it ended is
/// printed instead (exit 0). A relay undecided at the lap limit is an error
/// (exit 2).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo moves --setup '4,4,4,4,4,4/4,4,4,4,4,4 0-0 S'
  ayo moves game.ayo --ply 12 --laps full
  ayo moves --rules 'endodoi pits=8' --setup '4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 0-0 S'
  ayo moves game.ayo --ply 3 --format json | jq '.moves[] | select(.capture)'
  ayo moves --schema")]
pub struct Args {
    /// A record file: the position after --ply of each of its games (default:
    /// the end). Standard input when none or `-` (and no --setup).
    #[arg(conflicts_with = "setup")]
    file: Option<String>,
    #[command(flatten)]
    game: GameArg,
    /// The position after this ply (0: the start). Default: the end.
    #[arg(long, value_name = "K", conflicts_with = "setup")]
    ply: Option<u32>,
    /// List the moves of this set-up string instead of reading a record.
    #[arg(long, value_name = "SETUP")]
    setup: Option<String>,
    /// Ruleset string (default: the record's Rules tag, else russ).
    #[arg(long, value_name = "RULESET")]
    rules: Option<Ruleset>,
    /// How much of each relay to show.
    #[arg(long, value_enum, default_value_t = LapsShown::Compact)]
    laps: LapsShown,
    #[command(flatten)]
    max_laps: LapsArg,
    #[command(flatten)]
    table: TableArgs,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
}

/// Writes the moves of one position: its heading, how the game stands, and
/// the table; or one JSON line.
fn write_moves(
    out: &mut impl Write,
    args: &Args,
    engine: &Engine,
    pos: &Position,
    numbering: Numbering,
    place: Option<Place<'_>>,
    first: &mut bool,
) -> Result<(), Fatal> {
    let moves = Moves::legal(engine, pos, numbering).map_err(|e| undecided(&e))?;
    let rules = *engine.rules();
    let style = args.table.style();
    let heading = match &place {
        Some(p) => format!(
            "{}: game {}, after ply {}, rules: {rules}",
            p.file, p.game, p.ply
        ),
        None => format!("Set-up {pos}, rules: {rules}"),
    };
    match style {
        None => {
            let mut json: MovesJson = moves.json(pos, rules.to_string());
            if let Some(p) = place {
                json.file = Some(p.file.to_string());
                json.game = Some(p.game);
                json.ply = Some(p.ply);
            }
            serde_json::to_writer(&mut *out, &json)?;
            out.write_all(b"\n")?;
        }
        Some(Style::Csv) => {
            let grid = moves.grid(args.laps.laps(), true);
            let (file, game) = place.map_or(("", 0), |p| (p.file, p.game));
            out.write_all(grid.csv_rows(file, game, *first).as_bytes())?;
        }
        Some(style) => {
            if !*first {
                out.write_all(b"\n")?;
            }
            let summary = style.line(&moves.summary(pos));
            write!(out, "{}\n{summary}", style.heading(&heading))?;
            if !moves.moves.is_empty() {
                let grid = moves.grid(args.laps.laps(), false);
                write!(out, "\n{}", grid.render(style))?;
            }
        }
    }
    *first = false;
    Ok(())
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &schema_of::<MovesJson>());
    }
    let max_laps = args.max_laps.max_laps;
    let mut first = true;
    if let Some(setup) = &args.setup {
        let rules = args.rules.unwrap_or(Ruleset::RUSS);
        let pos = Position::from_setup(setup, &rules)
            .map_err(|e| Fatal::Error(format!("--setup: {e}")))?;
        let engine = Engine::new(rules).with_max_laps(max_laps);
        let numbering = Numbering::new(1, pos.to_move() == Side::North);
        return write_moves(out, &args, &engine, &pos, numbering, None, &mut first);
    }
    let files: Vec<String> = args.file.iter().cloned().collect();
    let opts = replay::Options {
        rules: args.rules,
        max_laps,
        trace: false,
        deny_warnings: false,
    };
    each_position(
        &files,
        ctx,
        args.game.game,
        args.ply,
        (replay_main_line, &opts),
        |_, at| {
            let engine = Engine::new(at.rules).with_max_laps(max_laps);
            write_moves(
                out,
                &args,
                &engine,
                at.pos,
                at.numbering,
                Some(at.place),
                &mut first,
            )
        },
    )
}
