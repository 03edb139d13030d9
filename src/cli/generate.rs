//! `ayo generate`: games between random players and the engine.

use std::io::Write;

use ayo::generate::{MAX_PLIES, Match, Player, game_seed, play_game};
use ayo::notation::is_tag_name;
use ayo::notation::write_record;
use ayo::rules::{Engine, Position, Ruleset, SplitMix64};
use ayo::search::Search;

use super::search::undecided;
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
    tags: Vec<(String, String)>,
    #[command(flatten)]
    laps: LapsArg,
}

pub fn run(args: Args, out: &mut impl Write) -> Result<(), Fatal> {
    let engine = Engine::new(args.rules).with_max_laps(args.laps.max_laps);
    let start = match &args.setup {
        Some(s) => Position::from_setup(s, &args.rules)
            .map_err(|e| Fatal::Error(format!("--setup: {e}")))?,
        None => engine.start(),
    };
    let engines = [args.south, args.north]
        .iter()
        .any(|p| matches!(p, Player::Engine(_)));
    // A small table when no engine plays: only engines use it.
    let mut search = Search::with_table_bits(engine, if engines { 20 } else { 4 });
    for round in 1..=args.games {
        let swap = args.alternate && round % 2 == 0;
        let players = if swap {
            [args.north, args.south]
        } else {
            [args.south, args.north]
        };
        let m = Match {
            players,
            opening: args.opening,
            max_plies: MAX_PLIES,
            setup: args.setup.is_some(),
        };
        let mut rng = SplitMix64::new(game_seed(args.seed, round));
        let mut record =
            play_game(&mut search, &start, &m, &mut rng, round).map_err(|e| undecided(&e))?;
        for (name, value) in &args.tags {
            record.set_tag(name, value);
        }
        if round > 1 {
            out.write_all(b"\n")?;
        }
        out.write_all(write_record(&record).as_bytes())?;
    }
    Ok(())
}

/// The tags a generated game's moves decide: setting one by hand would make
/// the record contradict itself.
const FROM_THE_GAME: [&str; 5] = ["Rules", "Setup", "Result", "Score", "PlyCount"];

/// `--tag NAME=VALUE`: a tag name (as grammar.md has it) and a value on one
/// line.
fn tag_setting(s: &str) -> Result<(String, String), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("expected NAME=VALUE, found `{s}`"))?;
    if !is_tag_name(name) {
        return Err(format!(
            "`{name}` is not a tag name (a letter, then letters, digits or `_`)"
        ));
    }
    if FROM_THE_GAME.contains(&name) {
        return Err(format!(
            "`{name}` is written from the game itself and cannot be set (use --rules and --setup \
             to choose the rules and the start)"
        ));
    }
    if value.contains(['\n', '\r']) {
        return Err(format!(
            "the value of `{name}` holds a line break, which a tag value cannot"
        ));
    }
    Ok((name.to_string(), value.to_string()))
}
