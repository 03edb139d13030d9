//! What `best` and `moves` share: the position of a record they start from.

use ayo::notation::{Numbering, Record};
use ayo::replay::{self, Game};
use ayo::rules::{Position, Ruleset};

use super::{Ctx, Fatal, each_record};

/// Where a position came from: a file, a game in it (from 1), the ply it
/// follows.
pub struct Place<'a> {
    pub file: &'a str,
    pub game: usize,
    pub ply: usize,
}

/// A position of a record, as `best` and `moves` start from it.
pub struct At<'a> {
    pub place: Place<'a>,
    pub rules: Ruleset,
    /// The main line's positions before it, from the start.
    pub before: &'a [Position],
    pub pos: &'a Position,
    /// The number and side of the move to come.
    pub numbering: Numbering,
}

/// Calls `f` with each chosen game's position after ply `ply` of its main
/// line (default: the end), the game replayed by `replay_with` and its
/// diagnostics reported. A game without that ply is a usage error (exit 2)
/// and the run goes on; a game whose ruleset or start cannot be read was
/// reported and is passed over.
pub fn each_position(
    files: &[String],
    ctx: &mut Ctx,
    game: Option<u64>,
    ply: Option<u32>,
    (replay_with, opts): (fn(Record, &replay::Options) -> Game, &replay::Options),
    mut f: impl FnMut(&mut Ctx, At<'_>) -> Result<(), Fatal>,
) -> Result<(), Fatal> {
    each_record(files, ctx, game, |ctx, file, raw, record, number| {
        let game = replay_with(record, opts);
        ctx.report_game(file, raw, &game);
        let (Some(rules), Some(start)) = (game.rules, game.start) else {
            return Ok(());
        };
        let line = game.main_line();
        let played = line.len() - 1;
        let ply = ply.map_or(played, |k| k as usize);
        let Some(pos) = line.get(ply) else {
            ctx.usage_error(&format!(
                "--ply {ply}: {file}: game {number} has {played} {} that can be played",
                if played == 1 { "ply" } else { "plies" }
            ));
            return Ok(());
        };
        let at = At {
            place: Place {
                file,
                game: number,
                ply,
            },
            rules,
            before: &line[..ply],
            pos,
            numbering: game.numbering_after(ply, &start),
        };
        f(ctx, at)
    })
}
