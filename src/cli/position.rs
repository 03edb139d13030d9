//! What `best` and `moves` share: the position they start from, a set-up or
//! a position of a record, and the arguments that choose it.

use ayo::notation::{Numbering, Record};
use ayo::replay::{self, Game};
use ayo::rules::{Engine, Position, Ruleset, Side};

use super::{Ctx, Fatal, GameArg, each_record};

/// `FILE`, `--game`, `--ply`, `--setup`, `--rules`: the position of `best`
/// and `moves`. `--setup`'s help is each command's own (`mut_arg`).
#[derive(Debug, clap::Args)]
pub struct PositionArgs {
    /// A record file: the position after --ply of each of its games (default:
    /// the end). Standard input when none or `-` (and no --setup).
    #[arg(conflicts_with = "setup")]
    file: Option<String>,
    #[command(flatten)]
    game: GameArg,
    /// The position after this ply (0: the start). Default: the end.
    #[arg(long, value_name = "K", conflicts_with = "setup")]
    ply: Option<u32>,
    #[arg(long, value_name = "SETUP")]
    setup: Option<String>,
    /// Ruleset string (default: the record's Rules tag, else russ).
    #[arg(long, value_name = "RULESET")]
    rules: Option<Ruleset>,
}

/// Where a position of a record came from: a file, a game in it (from 1),
/// the ply it follows.
pub struct Place<'a> {
    pub file: &'a str,
    pub game: usize,
    pub ply: usize,
}

/// A position as `best` and `moves` start from it.
pub struct At<'a> {
    /// `None` for a set-up.
    pub place: Option<Place<'a>>,
    /// The rules and lap limit of the position.
    pub engine: Engine,
    /// The main line's positions before it, from the start (none for a
    /// set-up).
    pub before: &'a [Position],
    pub pos: &'a Position,
    /// The number and side of the move to come.
    pub numbering: Numbering,
}

impl PositionArgs {
    /// Calls `f` with the set-up's position, or with each chosen game's
    /// position after `--ply` of its main line (default: the end), the game
    /// replayed by `replay_with` and its diagnostics reported. A game
    /// without that ply is a usage error (exit 2) and the run goes on; a
    /// game whose ruleset or start cannot be read was reported and is
    /// passed over.
    pub fn each(
        &self,
        ctx: &mut Ctx,
        max_laps: u64,
        replay_with: fn(Record, &replay::Options) -> Game,
        mut f: impl FnMut(At<'_>) -> Result<(), Fatal>,
    ) -> Result<(), Fatal> {
        if let Some(setup) = &self.setup {
            let rules = self.rules.unwrap_or(Ruleset::RUSS);
            let pos = super::args::setup(setup, &rules)?;
            return f(At {
                place: None,
                engine: Engine::new(rules).with_max_laps(max_laps),
                before: &[],
                pos: &pos,
                numbering: Numbering::new(1, pos.to_move() == Side::North),
            });
        }
        let files: Vec<String> = self.file.iter().cloned().collect();
        let opts = replay::Options::new(self.rules, max_laps);
        each_record(
            &files,
            ctx,
            self.game.game,
            |ctx, file, raw, record, number| {
                let game = replay_with(record, &opts);
                ctx.report_game(file, raw, &game);
                let (Some(rules), Some(start)) = (game.rules, game.start) else {
                    return Ok(());
                };
                let line = game.main_line();
                let played = line.len() - 1;
                let ply = self.ply.map_or(played, |k| k as usize);
                let Some(pos) = line.get(ply) else {
                    ctx.usage_error(&format!(
                        "--ply {ply}: {file}: game {number} has {played} {} that can be played",
                        if played == 1 { "ply" } else { "plies" }
                    ));
                    return Ok(());
                };
                f(At {
                    place: Some(Place {
                        file,
                        game: number,
                        ply,
                    }),
                    engine: Engine::new(rules).with_max_laps(max_laps),
                    before: &line[..ply],
                    pos,
                    numbering: game.numbering_after(ply, &start),
                })
            },
        )
    }
}
