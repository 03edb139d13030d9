//! One move played and described as `ayo moves` describes each legal move,
//! without listing the others: what `POST /api/play` answers.
//!
//! The move is checked and sown by the rules' own [`Engine::play_traced`],
//! the path [`Moves::legal`](ayo::output::moves::Moves::legal) takes for
//! each of its moves; this module only writes what it found in the fields of
//! a [`LegalMove`]. A test holds the two to the same answer for every pit of
//! thousands of positions.

use ayo::notation::Numbering;
use ayo::output::json::{CaptureJson, LapJson, ResultJson, SideJson};
use ayo::output::moves::LegalMove;
use ayo::replay::DecidedBy;
use ayo::rules::{Engine, GameEnd, Illegal, Pit, Position, Side, Status};

/// `pit` played from `pos`, numbered `numbering`, as
/// [`Moves::legal`](ayo::output::moves::Moves::legal) lists it; or why the
/// rules refuse it; with the position after it.
pub fn played(
    engine: &Engine,
    pos: &Position,
    pit: Pit,
    numbering: Numbering,
) -> Result<(LegalMove, Position), Illegal> {
    let o = engine.play_traced(pos, pit)?;
    let pits = pos.pits();
    let capture = o.capture.map(|c| CaptureJson {
        pit: c.pit.letter(pits),
        seeds: c.seeds(),
        capturing_seed: c.capturing_seed,
    });
    let letter = pit.letter(pits);
    let notation = match &capture {
        Some(c) => format!("{letter}x{}", c.seeds),
        None => letter.to_string(),
    };
    let laps = o
        .laps
        .iter()
        .map(|l| LapJson {
            from: l.from.letter(pits),
            seeds: l.seeds,
            sown: l.sown.iter().map(|p| p.letter(pits)).collect(),
            skipped: l.skipped.map(|p| p.letter(pits)),
        })
        .collect();
    // As `Moves::legal`: when the side to move next has a relay undecided
    // at the lap limit, nobody can say whether the game is over.
    let end = match engine.status(&o.position) {
        Ok(Status::Over(end)) => Some(end),
        _ => None,
    };
    let legal = LegalMove {
        number: numbering.number,
        side: side_json(o.side),
        pit: letter,
        notation,
        seeds: o.seeds(),
        laps,
        capture,
        stores: o.stores(),
        result: end.as_ref().map(end_json),
        end,
    };
    Ok((legal, o.position))
}

/// A side in the API's JSON.
pub fn side_json(side: Side) -> SideJson {
    match side {
        Side::South => SideJson::South,
        Side::North => SideJson::North,
    }
}

/// The result of a game that ended on the board, as `ayo moves` gives it.
fn end_json(end: &GameEnd) -> ResultJson {
    let token = match end.winner {
        Some(Side::South) => "1-0",
        Some(Side::North) => "0-1",
        None => "1/2-1/2",
    };
    ResultJson {
        token: token.to_string(),
        score: Some(end.score),
        winner: Some(end.winner.map_or("draw", Side::name).to_string()),
        ended_by: Some(end.reason.key().to_string()),
        decided_by: Some(DecidedBy::Board.key().to_string()),
        not_counted: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ayo::output::moves::Moves;
    use ayo::rules::{Ruleset, SplitMix64, random_game};

    /// Every pit of every position of `games` random games under `rules`:
    /// [`played`] answers what [`Moves::legal`] lists, and refuses what it
    /// leaves out with the rules' own reason.
    fn agrees(rules: Ruleset, games: u64) -> usize {
        let engine = Engine::new(rules);
        let mut checked = 0;
        for seed in 0..games {
            let mut positions = vec![engine.start()];
            let mut rng = SplitMix64::new(seed);
            random_game(&engine, &engine.start(), &mut rng, 400, |_, p| {
                positions.push(*p)
            })
            .unwrap();
            for pos in positions {
                let numbering = Numbering::new(1, pos.to_move() == Side::North);
                let Ok(all) = Moves::legal(&engine, &pos, numbering) else {
                    continue;
                };
                for pit in pos.pits_of(pos.to_move()) {
                    let listed = all.moves.iter().find(|m| m.pit == pit.letter(pos.pits()));
                    match (played(&engine, &pos, pit, numbering), listed) {
                        (Ok((one, after)), Some(listed)) => {
                            assert_eq!(&one, listed, "{pos}");
                            assert_eq!(Ok(after), engine.play(&pos, pit), "{pos}");
                        }
                        (Err(e), None) => {
                            assert_eq!(Err(e), engine.play(&pos, pit), "{pos}")
                        }
                        (one, listed) => panic!("{pos} {pit:?}: {one:?} but {listed:?}"),
                    }
                    checked += 1;
                }
            }
        }
        checked
    }

    #[test]
    fn one_move_is_what_the_list_of_legal_moves_says_of_it() {
        assert!(agrees(Ruleset::RUSS, 200) > 20_000);
        for rules in [
            "endodoi",
            "russ pits=8",
            "russ seeds=3 skip-origin=never capture-seed=stays end=exhaustion",
        ] {
            assert!(agrees(rules.parse().unwrap(), 10) > 1000, "{rules}");
        }
    }

    #[test]
    fn a_move_that_ends_the_game_carries_its_result() {
        let engine = Engine::new(Ruleset::RUSS);
        // South holds 24 of 48 seeds; b's capture takes it past half.
        let pos = Position::from_setup("0,4,0,0,0,0/1,1,1,1,1,15 24-0 S", &Ruleset::RUSS).unwrap();
        let b = Pit::from_letter('b', 6).unwrap();
        let (m, _) = played(&engine, &pos, b, Numbering::new(1, false)).unwrap();
        let listed = Moves::legal(&engine, &pos, Numbering::new(1, false)).unwrap();
        assert_eq!(Some(&m), listed.moves.iter().find(|l| l.pit == 'b'));
        let result = m.result.expect("the game is over");
        assert_eq!(
            (result.token.as_str(), result.winner.as_deref()),
            ("1-0", Some("south"))
        );
    }
}
