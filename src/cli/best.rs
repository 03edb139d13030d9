//! `ayo best`: the engine's move in a position.

use std::io::Write;

use ayo::analysis::Best;
use ayo::notation::Numbering;
use ayo::output::analyze::BestJson;
use ayo::replay::{self, replay};
use ayo::rules::{Engine, Position, Ruleset, Side};

use super::position::{Place, each_position};
use super::search::{LimitArgs, TablesArg};
use super::{Ctx, Fatal, Format, GameArg, LapsArg, WidthArg, write_schema};

/// Find the best move in a position: a set-up, or a position of a record.
///
/// Prints the best move and its value, in seeds from the side to move's point
/// of view (`+4`; `+4 exact` when every line was searched to its end), the
/// principal variation in record notation, every legal move's value, and what
/// stopped the search. A finished game has no move: its result is printed
/// instead (exit 0). A relay undecided at the lap limit stops the search
/// (exit 2).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo best --setup '1,1,1,0,0,0/0,1,0,0,0,0 23-21 S'
  ayo best --setup '4,4,4,4,4,4/4,4,4,4,4,4 0-0 S' --depth 12 --format json
  ayo best game.ayo --ply 20 --time 2s
  ayo best --rules 'endodoi pits=8' --nodes 1000000 --setup '4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 0-0 S'")]
pub struct Args {
    /// A record file: the position after --ply of each of its games (default:
    /// the end). Standard input when none or `-` (and no --setup).
    #[arg(conflicts_with = "setup")]
    file: Option<String>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    /// The position after this ply (0: the start). Default: the end.
    #[arg(long, value_name = "K", conflicts_with = "setup")]
    ply: Option<u32>,
    /// Search this set-up string instead of reading a record.
    #[arg(long, value_name = "SETUP")]
    setup: Option<String>,
    /// Ruleset string (default: the record's Rules tag, else russ).
    #[arg(long, value_name = "RULESET")]
    rules: Option<Ruleset>,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    tables: TablesArg,
    #[command(flatten)]
    laps: LapsArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    width: WidthArg,
    /// Print the JSON Schema of `--format json` and exit.
    #[arg(long)]
    schema: bool,
}

/// Writes one answer: its text (after its place, for a position of a
/// record) or one JSON line.
fn write_answer(
    out: &mut impl Write,
    args: &Args,
    best: &Best,
    pos: &Position,
    numbering: Numbering,
    place: Option<Place<'_>>,
) -> Result<(), Fatal> {
    match args.format {
        Format::Text => {
            let mut text = String::new();
            if let Some(p) = &place {
                text = format!("{}: game {}, after ply {}\n", p.file, p.game, p.ply);
            }
            text += &best.text(pos.pits(), numbering);
            out.write_all(args.width.wrap(&text).as_bytes())?;
        }
        Format::Json => {
            let mut json = BestJson::new(
                &best.answer,
                best.outcomes.as_ref(),
                pos.pits(),
                pos.to_string(),
            );
            if let Some(p) = place {
                json.file = Some(p.file.to_string());
                json.game = Some(p.game);
                json.ply = Some(p.ply);
            }
            serde_json::to_writer(&mut *out, &json)?;
            out.write_all(b"\n")?;
        }
    }
    Ok(())
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.schema {
        return write_schema(out, &ayo::output::json::schema_of::<BestJson>());
    }
    let limits = args.limits.limits();
    let mut tables = args.tables.cache();
    if let Some(setup) = &args.setup {
        let rules = args.rules.unwrap_or(Ruleset::RUSS);
        let pos = super::args::setup(setup, &rules)?;
        let engine = Engine::new(rules).with_max_laps(args.laps.max_laps);
        let best = Best::of(engine, &mut tables, &[], &pos, &limits)?;
        let numbering = Numbering::new(1, pos.to_move() == Side::North);
        return write_answer(out, &args, &best, &pos, numbering, None);
    }
    let files: Vec<String> = args.file.iter().cloned().collect();
    let opts = replay::Options {
        rules: args.rules,
        max_laps: args.laps.max_laps,
        trace: false,
        deny_warnings: false,
    };
    each_position(
        &files,
        ctx,
        args.game.game,
        args.ply,
        (replay, &opts),
        |_, at| {
            let engine = Engine::new(at.rules).with_max_laps(args.laps.max_laps);
            let best = Best::of(engine, &mut tables, at.before, at.pos, &limits)?;
            write_answer(out, &args, &best, at.pos, at.numbering, Some(at.place))
        },
    )
}
