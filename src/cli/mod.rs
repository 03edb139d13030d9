//! The command line: clap definitions, one module per subcommand, and the
//! mapping of outcomes to exit codes. Commands only read arguments, call the
//! library, and write what it returns.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

mod analyze;
mod annotate;
mod args;
mod best;
mod board;
mod compare;
mod completions;
mod ctx;
mod duplicates;
mod filter;
mod fmt;
mod generate;
mod html;
mod import;
mod input;
mod json;
mod laps;
mod man;
mod moves;
mod perft;
mod position;
mod progress;
mod search;
mod serve;
mod signals;
mod standings;
mod stats;
mod tables;
mod validate;

pub use args::{
    Format, GAMES_FROM_1, GameArg, JobsArg, LapsArg, ReadArgs, ReplayArgs, TableArgs, TableFormat,
    WidthArg,
};
pub use ctx::{Ctx, Fatal, io_message, write_schema};
pub use input::{
    Rendered, each_game, each_input, each_record, games, input_names, past_the_end, render_games,
    with_games,
};

/// Validate, annotate, convert and compare Ayoayo game records.
///
/// Records are `.ayo` files (see grammar.md). Every command reads standard
/// input when given no file or `-`, writes its data to standard output and its
/// diagnostics to standard error, and exits 0 when everything is valid, 1 when
/// some record is invalid, 2 on usage or I/O errors.
#[derive(Debug, Parser)]
#[command(
    name = "ayo",
    version,
    about,
    long_about,
    after_help = "Examples:
  ayo validate games/*.ayo
  ayo annotate game.ayo --game 2
  ayo board game.ayo --ply 12
  ayo compare game.ayo --format json | jq .
  ayo json games/*.ayo | jq -r '.result.winner'
  ayo fmt --check games/*.ayo
  ayo perft 6 --rules 'endodoi pits=8'"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Validate(validate::Args),
    Annotate(annotate::Args),
    Board(board::Args),
    Html(html::Args),
    Compare(compare::Args),
    Json(json::Args),
    Import(import::Args),
    Fmt(fmt::Args),
    Filter(Box<filter::Args>),
    Duplicates(duplicates::Args),
    Standings(standings::Args),
    Stats(stats::Args),
    Perft(perft::Args),
    Best(best::Args),
    Moves(moves::Args),
    Analyze(analyze::Args),
    Generate(generate::Args),
    Completions(completions::Args),
    Man(man::Args),
    Tables(tables::Args),
    Serve(serve::Args),
}

/// Runs the command line and returns the exit code: the one place that
/// turns what happened into 0 (all valid), 1 (some record invalid) or 2
/// (usage or I/O error).
pub fn main() -> ExitCode {
    let parsed = Cli::command()
        .try_get_matches()
        .and_then(|m| Ok((Cli::from_arg_matches(&m)?, m)));
    let (cli, matches) = match parsed {
        Ok(parsed) => parsed,
        // Help and version go to standard output, usage errors to standard
        // error; a write that fails is an error like any other (clap's own
        // exit would report success after failing to print the help).
        Err(e) => {
            let printed = e.print().and_then(|()| io::stdout().flush());
            return match printed {
                Err(w) if w.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(_) => ExitCode::from(2),
                Ok(()) => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
            };
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut ctx = Ctx::new();
    // `--max-game-bytes`, of every command that reads records (`ReadArgs`).
    let read = matches
        .subcommand()
        .map(|(_, m)| m.try_get_one::<u64>("max_game_bytes"));
    if let Some(Ok(Some(&max))) = read {
        ctx.max_game_bytes = usize::try_from(max).unwrap_or(usize::MAX);
    }
    let result = match cli.command {
        Command::Validate(args) => validate::run(args, &mut ctx, &mut out),
        Command::Annotate(args) => annotate::run(args, &mut ctx, &mut out),
        Command::Board(args) => board::run(args, &mut ctx, &mut out),
        Command::Html(args) => html::run(args, &mut ctx, &mut out),
        Command::Compare(args) => compare::run(args, &mut ctx, &mut out),
        Command::Completions(args) => completions::run(args, &mut out),
        Command::Man(args) => man::run(args, &mut out),
        Command::Json(args) => json::run(args, &mut ctx, &mut out),
        Command::Import(args) => import::run(args, &mut ctx, &mut out),
        Command::Fmt(args) => fmt::run(args, &mut ctx, &mut out),
        Command::Filter(args) => filter::run(*args, &mut ctx, &mut out),
        Command::Duplicates(args) => duplicates::run(args, &mut ctx, &mut out),
        Command::Standings(args) => standings::run(args, &mut ctx, &mut out),
        Command::Stats(args) => stats::run(args, &mut ctx, &mut out),
        Command::Perft(args) => perft::run(args, &mut out),
        Command::Best(args) => best::run(args, &mut ctx, &mut out),
        Command::Moves(args) => moves::run(args, &mut ctx, &mut out),
        Command::Analyze(args) => analyze::run(args, &mut ctx, &mut out),
        Command::Generate(args) => generate::run(args, &mut out),
        Command::Tables(args) => tables::run(args, &mut ctx, &mut out),
        Command::Serve(args) => serve::run(args, &mut ctx),
    };
    let result = result
        .and_then(|()| out.flush().map_err(Fatal::from))
        .and_then(|()| ctx.check_stderr());
    ctx.finish_progress();
    match result {
        Err(Fatal::BrokenPipe) => ExitCode::SUCCESS,
        Err(Fatal::Stderr) => ExitCode::from(2),
        Err(Fatal::Error(msg)) => {
            // Said even with --quiet: a usage or I/O error is not a verdict.
            ctx.quiet = false;
            ctx.usage_error(&msg);
            ExitCode::from(2)
        }
        Ok(()) if ctx.failed => ExitCode::from(2),
        Ok(()) if ctx.invalid => ExitCode::from(1),
        Ok(()) => ExitCode::SUCCESS,
    }
}
