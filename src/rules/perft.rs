//! Move-path counting, the regression data of the engine.

use super::engine::Engine;
use super::outcome::Illegal;
use super::position::Position;

/// Counts the move paths of exactly 1, 2, … `depth` plies from `pos`.
/// `counts[k]` is the number of paths of `k + 1` plies. A finished game has no
/// moves.
///
/// `Err` when some relay is undecided at the lap limit: a count that skipped it
/// would be wrong.
pub fn perft(engine: &Engine, pos: &Position, depth: usize) -> Result<Vec<u64>, Illegal> {
    let mut counts = vec![0u64; depth];
    if depth > 0 {
        walk(engine, pos, &mut counts, 0)?;
    }
    Ok(counts)
}

fn walk(engine: &Engine, pos: &Position, counts: &mut [u64], ply: usize) -> Result<(), Illegal> {
    if engine.majority(pos).is_some() {
        return Ok(());
    }
    // What `Engine::verdicts` does, but sowing each move straight into the
    // child position rather than returning it through a `Result`.
    let must_feed = engine.must_feed(pos);
    for pit in pos.pits_of(pos.to_move()) {
        if pos.seeds(pit) == 0 {
            continue;
        }
        let mut next = *pos;
        match engine.sow_in_place(&mut next, pit, must_feed) {
            Ok(_) => {
                counts[ply] += 1;
                if ply + 1 < counts.len() {
                    walk(engine, &next, counts, ply + 1)?;
                }
            }
            Err(e @ Illegal::Undecided { .. }) => return Err(e),
            Err(_) => {}
        }
    }
    Ok(())
}
