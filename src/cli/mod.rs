//! The command line: clap definitions, one module per subcommand, and the
//! mapping of outcomes to exit codes. Commands only read arguments, call the
//! library, and write what it returns.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

mod perft;

/// Validate, annotate, convert and compare Ayoayo game records.
#[derive(Debug, Parser)]
#[command(name = "ayo", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Perft(perft::Args),
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

/// How a command ended, before it becomes an exit code.
#[derive(Debug)]
pub enum Failure {
    /// Some record was invalid (exit 1).
    Invalid,
    /// Bad usage, unreadable input, or a result the engine cannot decide (exit 2).
    Fatal(String),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Fatal(e.to_string())
    }
}

/// Runs the command line and returns the exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = match cli.command {
        Command::Perft(args) => perft::run(args, &mut out),
    };
    let flushed = out.flush();
    match result.and_then(|()| flushed.map_err(Failure::from)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Invalid) => ExitCode::from(1),
        // A closed pipe (`ayo json | head`) is the reader's choice, not an error.
        Err(Failure::Fatal(msg)) if msg.contains("Broken pipe") => ExitCode::SUCCESS,
        Err(Failure::Fatal(msg)) => {
            eprintln!("ayo: error: {msg}");
            ExitCode::from(2)
        }
    }
}
