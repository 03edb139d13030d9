//! `ayo generate`: games between random players and the engine.

use std::io::Write;

use ayo::generate::{Player, Series, SettingError};
use ayo::rules::{Engine, Ruleset};

use super::{Fatal, LapsArg};

/// Play games and write their records.
///
/// Each player is `random` (a uniformly random legal move), `engine:DEPTH`
/// (the engine's best move searched DEPTH plies deep) or `engine:nodes=N`.
/// Records carry the tags Event, Round (the game's number), South and North
/// (the player strings), Rules, Setup (with --setup), Result, Score and
/// PlyCount, and a claim on every capture. The same seed and options give the
/// same games; each game has its own stream of the seed, so game 7 is the same
/// whatever --games says. A game that reaches 1,000 plies stops with `*` and
/// a comment saying so.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo generate --games 100 --seed 7 > random.ayo
  ayo generate --games 10 --south engine:6 --north random | ayo validate
  ayo generate --games 200 --south engine:6 --north engine:2 --opening 4
  ayo generate --games 5 --rules 'endodoi pits=8' --north engine:nodes=20000
  ayo generate --games 20 --tag Event='Club night' --tag Site=Lagos --tag South=Ade")]
pub struct Args {
    /// Games to play.
    #[arg(long, value_name = "N", default_value_t = 1)]
    games: usize,
    /// Seed of the random moves.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Ruleset string: a preset (russ, ayoayo, endodoi) and key=value overrides.
    #[arg(long, default_value = "russ", value_name = "RULESET")]
    rules: Ruleset,
    /// Start every game from this set-up string instead of the start position.
    #[arg(long, value_name = "SETUP")]
    setup: Option<String>,
    /// South's player: random, engine:DEPTH or engine:nodes=N.
    #[arg(long, value_name = "PLAYER", default_value = "random")]
    south: Player,
    /// North's player: random, engine:DEPTH or engine:nodes=N.
    #[arg(long, value_name = "PLAYER", default_value = "random")]
    north: Player,
    /// Play the first N plies of every game at random, whoever the players
    /// are, so that engine games differ.
    #[arg(long, value_name = "N", default_value_t = 0)]
    opening: usize,
    /// Swap the players every other game (South's player is North in game 2).
    #[arg(long)]
    alternate: bool,
    /// Set tag NAME to VALUE in every game (repeatable): Event, Site, Date,
    /// the players' names or any other, replacing the value generate would
    /// write. Rules, Setup, Result, Score and PlyCount come from the game
    /// (see --rules and --setup) and cannot be set.
    #[arg(long = "tag", value_name = "NAME=VALUE", value_parser = tag_setting)]
    tags: Vec<String>,
    #[command(flatten)]
    laps: LapsArg,
}

/// `--tag NAME=VALUE`, as [`Series::tag`] reads it (clap reports its error).
fn tag_setting(s: &str) -> Result<String, SettingError> {
    let mut scratch = Series::new(Engine::new(Ruleset::RUSS), Player::Random, Player::Random);
    scratch.tag(s).map(|()| s.to_string())
}

pub fn run(args: Args, out: &mut impl Write) -> Result<(), Fatal> {
    let engine = Engine::new(args.rules).with_max_laps(args.laps.max_laps);
    let setup = (args.setup.as_deref())
        .map(|s| super::args::setup(s, &args.rules))
        .transpose()?;
    let mut series = Series::new(engine, args.south, args.north);
    series.setup = setup;
    series.opening = args.opening;
    series.alternate = args.alternate;
    series.seed = args.seed;
    for t in &args.tags {
        series.tag(t).map_err(|e| Fatal::Error(e.to_string()))?;
    }
    for (k, record) in series.games(args.games).enumerate() {
        let record = record.map_err(|e| Fatal::Error(format!("{e}; raise --max-laps")))?;
        if k > 0 {
            out.write_all(b"\n")?;
        }
        out.write_all(record.to_text().as_bytes())?;
    }
    Ok(())
}
