//! `ayo serve`: the analysis board and the folder's games in the browser.

use std::net::SocketAddr;
use std::path::PathBuf;

use ayo::rules::Ruleset;
use ayo_serve::{Config, run as serve};

use super::{Ctx, Fatal};

/// Serve an analysis board and the games of a folder in the browser.
///
/// Opens a local web app on the library: the archive of DIR's `.ayo` files
/// (filter by player, event and date; each game in the viewer `ayo html`
/// writes), an analysis board where moves are played by clicking a pit or
/// typing its letter, the engine's best move at increasing depth, the
/// endgame tables' exact value, and a form to record a game and save it. The
/// page talks to a JSON API (docs/SERVE.md). It listens on loopback unless
/// told otherwise, saves nothing without --writable, and Ctrl-C stops it once
/// the requests under way (a save among them) are done.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo serve club/
  ayo serve club/ --writable --tables tables/
  ayo serve --addr 127.0.0.1:9000 --rules 'endodoi pits=8'")]
pub struct Args {
    /// The folder whose `.ayo` files are served (default: the current one).
    #[arg(value_name = "DIR", default_value = ".")]
    dir: PathBuf,
    /// The address to listen on. Another than loopback is allowed, with a
    /// warning: anyone who can reach it can use the engine.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The endgame tables' folder, for exact values.
    #[arg(long, value_name = "DIR")]
    tables: Option<PathBuf>,
    /// The ruleset of positions given without one (default: russ).
    #[arg(long, value_name = "RULESET")]
    rules: Option<Ruleset>,
    /// Allow saving games into DIR (off by default).
    #[arg(long)]
    writable: bool,
}

pub fn run(args: Args, ctx: &mut Ctx) -> Result<(), Fatal> {
    if !args.addr.ip().is_loopback() {
        ctx.note(&format!(
            "warning: listening on {}, not loopback: anyone who can reach it can use this server",
            args.addr
        ));
    }
    let mut config = Config::new(args.dir);
    config.addr = args.addr;
    config.tables = args.tables;
    config.rules = args.rules.unwrap_or(Ruleset::RUSS);
    config.writable = args.writable;
    serve(config).map_err(|e| Fatal::Error(e.to_string()))
}
