//! `ayo json`: records to JSON.

use std::io::Write;

use ayo::diagnostics::Diagnostic;
use ayo::notation::{RawGame, Tag};
use ayo::output::json::{Detail, GameJson, schema_at, unparsed_json, write_game_at};
use ayo::replay::{Game, replay_main_line};
use ayo::rules::Ruleset;

use super::parallel::DIRECT_BYTES;
use super::{Ctx, Fatal, GameArg, JobsArg, ReplayArgs, each_game_ordered};

/// Print every game as JSON, one object a line (NDJSON).
///
/// Each move carries (at the default `--detail full`) its laps, capture,
/// stores and board after it, glyphs, NAGs, comments and variations; the
/// result carries the final score, the winner and how the game ended. Games with problems are still printed, with
/// `valid: false` and their `errors` (and the diagnostics on standard error).
/// `ayo import` turns the output back into canonical records.
///
/// `--detail game` or `--detail moves` write much less (see `--schema
/// --detail LEVEL`), for pipelines that need only the results or the moves
/// played.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo json game.ayo | jq '.moves[] | select(.capture) | {ply, pit, seeds: .capture.seeds}'
  ayo json games/*.ayo | jq -s 'map(.result.winner) | group_by(.) | map({(.[0] // \"unfinished\"): length}) | add'
  ayo json --detail moves games.ayo | jq -r 'select(.result.winner) | [.moves[0].pit, .result.winner] | @tsv'
  ayo json --schema > ayo.schema.json")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    #[command(flatten)]
    replay: ReplayArgs,
    #[command(flatten)]
    jobs: JobsArg,
    /// How much of each game to write.
    #[arg(long, value_enum, value_name = "LEVEL", default_value_t = DetailArg::Full)]
    detail: DetailArg,
    /// Indent the JSON (one object is then several lines).
    #[arg(long)]
    pretty: bool,
    /// Print the JSON Schema of the output (at `--detail`) and exit.
    #[arg(long)]
    schema: bool,
}

/// `--detail`: how much of each game `ayo json` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum DetailArg {
    /// The tags, rules, start, counts (`ply_count`, `capture_count`,
    /// `variation_count`, `comment_count`), result, validity and
    /// diagnostics; no moves.
    Game,
    /// `game` and the main line's moves, each its `pit`, `claim` and
    /// `seeds_captured` only.
    Moves,
    /// Everything: each move's laps, board, stores, glyphs, comments and
    /// variations too.
    Full,
}

impl DetailArg {
    fn detail(self) -> Detail {
        match self {
            DetailArg::Game => Detail::Game,
            DetailArg::Moves => Detail::Moves,
            DetailArg::Full => Detail::Full,
        }
    }
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let write = |out: &mut dyn Write, value: &dyn erased::Json| -> Result<(), Fatal> {
        value.write(out, args.pretty)?;
        out.write_all(b"\n")?;
        Ok(())
    };
    let detail = args.detail.detail();
    if args.schema {
        return write(out, &schema_at(detail));
    }
    // No lap traces kept, and no plies for the variations: `write_game`
    // traces each move's laps, and replays each variation, as it writes it,
    // so a big game holds its main line's plies and one variation's at most.
    let opts = args.replay.options(false);
    let jobs = args.jobs.get();
    // A worker replays the game and writes its JSON into a buffer; the
    // buffers and the diagnostics go out in input order. A game's JSON can be
    // a hundred times its text: with one job, or for a game large enough to
    // be done alone in its turn (see `parallel`), the replayed game goes to
    // the sink, which streams its JSON straight out, move by move, unbuffered.
    let work = |file: &str, raw: &RawGame| -> Result<Done, Fatal> {
        let direct = jobs == 1 || raw.bytes.len() > DIRECT_BYTES;
        let game = raw
            .parse()
            .map(|record| replay_main_line(record, &opts))
            .map_err(|e| Unparsed {
                error: Diagnostic::from(e),
                tags: raw.tags(),
            });
        if direct {
            return Ok(Done::Direct(Box::new(game)));
        }
        let mut buf = Vec::new();
        let diagnostics = match game {
            Ok(game) => {
                write_game_at(
                    &mut buf,
                    &game,
                    Some(file),
                    Some(raw.index),
                    detail,
                    args.pretty,
                )?;
                buf.push(b'\n');
                game.errors
            }
            Err(u) => {
                write(&mut buf, &u.json(file, raw, opts.rules).at(detail))?;
                vec![u.error]
            }
        };
        Ok(Done::Buffered(diagnostics, buf))
    };
    let sink = |ctx: &mut Ctx, file: &str, raw: &RawGame, done: Done| {
        match done {
            Done::Buffered(diagnostics, buf) => {
                for d in &diagnostics {
                    ctx.diagnose(file, raw, d);
                }
                out.write_all(&buf)?;
            }
            Done::Direct(done) => match *done {
                Ok(game) => {
                    ctx.report_game(file, raw, &game);
                    // Streamed move by move: a big game's JSON is never held.
                    let (index, pretty) = (Some(raw.index), args.pretty);
                    write_game_at(&mut *out, &game, Some(file), index, detail, pretty)?;
                    out.write_all(b"\n")?;
                }
                Err(u) => {
                    ctx.diagnose(file, raw, &u.error);
                    write(out, &u.json(file, raw, opts.rules).at(detail))?;
                }
            },
        }
        Ok(())
    };
    each_game_ordered(&args.files, ctx, args.game.game, jobs, work, sink)
}

/// A game's JSON, written by a worker, or its replay, for the sink to write.
enum Done {
    /// The diagnostics and the JSON text.
    Buffered(Vec<Diagnostic>, Vec<u8>),
    /// The replayed game, or why it could not be parsed.
    Direct(Box<Result<Game, Unparsed>>),
}

/// A game that could not be parsed: why, and its tags when they could be read.
struct Unparsed {
    error: Diagnostic,
    tags: Option<Vec<Tag>>,
}

impl Unparsed {
    fn json(&self, file: &str, raw: &RawGame, given: Option<Ruleset>) -> GameJson {
        let tags = self.tags.as_deref();
        unparsed_json(file, raw.index, &self.error, &raw.bytes, tags, given)
    }
}

/// Writing any serializable value, compact or pretty, through one closure.
mod erased {
    use std::io::Write;

    use super::Fatal;

    pub trait Json {
        fn write(&self, out: &mut dyn Write, pretty: bool) -> Result<(), Fatal>;
    }

    impl<T: serde::Serialize> Json for T {
        fn write(&self, out: &mut dyn Write, pretty: bool) -> Result<(), Fatal> {
            let r = if pretty {
                serde_json::to_writer_pretty(out, self)
            } else {
                serde_json::to_writer(out, self)
            };
            Ok(r?)
        }
    }
}
