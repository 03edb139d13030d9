//! The worked examples of RULES.md ("Worked examples"), one test per rule key
//! (RULES.md, "Rule keys"), and the engine's invariants under proptest.

use super::*;
use proptest::prelude::*;

fn engine(rules: &str) -> Engine {
    Engine::new(rules.parse().unwrap())
}

fn pit(c: char, pos: &Position) -> Pit {
    Pit::from_letter(c, pos.pits()).unwrap()
}

fn setup(s: &str) -> Position {
    s.parse().unwrap()
}

/// `letter: trace => capture` for every move of the side to move.
fn traces(e: &Engine, pos: &Position) -> String {
    let mut out = String::new();
    for p in pos.pits_of(pos.to_move()) {
        let letter = p.letter(pos.pits());
        match e.play_traced(pos, p) {
            Ok(o) => {
                let cap = o.capture.map_or("no capture".to_string(), |c| {
                    format!(
                        "captures {} from {}{}",
                        c.seeds(),
                        c.pit.letter(pos.pits()),
                        if c.capturing_seed {
                            " (with the capturing seed)"
                        } else {
                            ""
                        }
                    )
                });
                out += &format!(
                    "{letter}: {} | ends in {} | {cap} | stores {:?}\n",
                    o.trace(),
                    o.ended_in.letter(pos.pits()),
                    o.stores()
                );
            }
            Err(err) => out += &format!("{letter}: illegal: {err}\n"),
        }
    }
    out
}

#[test]
fn six_opening_moves() {
    let e = engine("russ");
    insta::assert_snapshot!(traces(&e, &e.start()), @r"
    a: a(4):bcde e(5):fABCD D(5):EFabc c(6):defABC C(6):DEFabc | ends in c | captures 2 from D (with the capturing seed) | stores [2, 0]
    b: b(4):cdef f(5):ABCDE E(5):Fabcd d(6):efABCD D(6):EFabcd | ends in d | captures 7 from C (with the capturing seed) | stores [7, 0]
    c: c(4):defA A(5):BCDEF F(5):abcde e(6):fABCDE E(6):Fabcde | ends in e | captures 7 from B (with the capturing seed) | stores [7, 0]
    d: d(4):efAB B(5):CDEFa a(5):bcdef f(6):ABCDEF F(6):abcdef | ends in f | captures 7 from A (with the capturing seed) | stores [7, 0]
    e: e(4):fABC C(5):DEFab b(5):cdefA A(6):BCDEFa a(6):bcdefA | ends in A | no capture | stores [0, 0]
    f: f(4):ABCD D(5):EFabc c(5):defAB B(6):CDEFab b(6):cdefAB | ends in B | no capture | stores [0, 0]
    ");
}

#[test]
fn endless_example() {
    let e = engine("russ");
    let pos = setup("2,5,2,0,3,2/1,0,1,3,2,0 16-11 S");
    let out = traces(&e, &pos);
    assert!(out.contains("c: illegal: endless relay"), "{out}");
    assert!(out.contains("d: illegal: empty pit"), "{out}");
    for legal in ['a', 'b', 'e', 'f'] {
        assert!(e.play(&pos, pit(legal, &pos)).is_ok(), "{legal}");
    }
    insta::assert_snapshot!(out);
}

#[test]
fn feeding_example() {
    let e = engine("russ");
    let pos = setup("1,0,0,0,1,4/0,0,0,0,0,0 18-24 S");
    assert_eq!(
        e.play(&pos, pit('a', &pos)),
        Err(Illegal::FailsFeeding {
            opponent: Side::North
        })
    );
    assert!(e.play(&pos, pit('e', &pos)).is_ok());
    assert!(e.play(&pos, pit('f', &pos)).is_ok());
    // Without compulsory feeding the starving move is fine.
    let free = engine("russ feeding=none");
    assert!(free.play(&pos, pit('a', &pos)).is_ok());
}

#[test]
fn perft_from_the_start_matches_rules_md() {
    let e = engine("russ");
    assert_eq!(e.perft(&e.start(), 4).unwrap(), vec![6, 28, 132, 624]);
}

/// An illegal move leaves no half-sown state behind. `play` takes the position
/// by reference, so what can go wrong is in the paths that sow in place on a
/// copy and must drop it: `verdicts` (every pit from one position) and
/// `random_game` (tries in random order, restoring after an illegal one).
#[test]
fn illegal_move_leaves_the_position_untouched() {
    let e = engine("russ");
    let text = "2,5,2,0,3,2/1,0,1,3,2,0 16-11 S";
    let pos = setup(text);
    // c is endless: its relay, had it been left half-sown, would change every
    // verdict after it.
    let verdicts: Vec<_> = e.verdicts(&pos).collect();
    assert!(matches!(verdicts[2].1, Err(Illegal::Endless { .. })));
    assert_eq!(verdicts[3].1, Err(Illegal::EmptyPit));
    for (p, verdict) in &verdicts {
        assert_eq!(*verdict, e.play(&setup(text), *p), "{}", p.letter(6));
    }
    assert_eq!(
        e.play(&pos, pit('A', &pos)),
        Err(Illegal::NotOwnPit { side: Side::South })
    );
    assert_eq!(pos.to_string(), text);
    // South's legal moves are a, b, e and f: a random game's first move is
    // one of them and leads where `play` leads, whatever illegal tries (c is
    // endless) came before it.
    for seed in 0..64 {
        let mut first = None;
        e.random_game(&pos, &mut SplitMix64::new(seed), 1, |p, after| {
            first = Some((p, *after));
        })
        .unwrap();
        let (p, after) = first.expect("a legal move exists");
        assert_eq!(Ok(after), e.play(&setup(text), p), "seed {seed}");
    }
}

#[test]
fn skip_origin_rulings() {
    // South's a holds exactly one circle (12 seeds) on an otherwise empty row.
    let pos = setup("12,0,0,0,0,0/0,0,0,0,0,1 0-0 S");
    let a = pit('a', &pos);
    // lap: a 12-seed lap skips a, so its 12th seed lands in b, which already got
    // one, and the relay goes on.
    let lap = engine("russ").play_traced(&pos, a).unwrap();
    assert_eq!(lap.laps[0].skipped, Some(a));
    assert_eq!(lap.laps[0].sown.last().unwrap().letter(6), 'b');
    // beyond-lap: exactly 12 does not skip; the last seed falls back in a, empty.
    let beyond = engine("russ skip-origin=beyond-lap")
        .play_traced(&pos, a)
        .unwrap();
    assert_eq!(beyond.laps.len(), 1);
    assert_eq!(beyond.laps[0].skipped, None);
    assert_eq!(beyond.ended_in, a);
    // never: the same for 12; with 13 it differs from beyond-lap.
    let pos13 = setup("13,0,0,0,0,0/0,0,0,0,0,1 0-0 S");
    let never = engine("russ skip-origin=never")
        .play_traced(&pos13, a)
        .unwrap();
    let beyond13 = engine("russ skip-origin=beyond-lap")
        .play_traced(&pos13, a)
        .unwrap();
    assert_eq!(never.laps[0].skipped, None);
    assert_eq!(beyond13.laps[0].skipped, Some(a));
    assert_ne!(never.laps[0].sown, beyond13.laps[0].sown);
}

#[test]
fn capture_seed_ruling() {
    let pos = Position::start(&Ruleset::RUSS);
    let b = pit('b', &pos);
    let captured = engine("russ").play_traced(&pos, b).unwrap();
    let stays = engine("russ capture-seed=stays")
        .play_traced(&pos, b)
        .unwrap();
    assert_eq!(captured.capture.unwrap().seeds(), 7);
    assert_eq!(stays.capture.unwrap().seeds(), 6);
    assert_eq!(stays.position.seeds(pit('d', &pos)), 1);
    assert_eq!(captured.position.seeds(pit('d', &pos)), 0);
}

#[test]
fn leftovers_ruling() {
    // South cannot move (every move fails feeding); seeds lie on South's row.
    let pos = setup("1,0,0,0,0,0/0,0,0,0,0,0 20-27 S");
    let e = engine("russ end=exhaustion");
    match e.status(&pos).unwrap() {
        Status::Over(end) => {
            assert_eq!(end.reason, EndReason::EveryMoveIllegal(Side::South));
            assert_eq!(end.score, [20, 28]);
        }
        Status::Ongoing => panic!("not over"),
    }
    match engine("russ end=exhaustion leftovers=owner")
        .status(&pos)
        .unwrap()
    {
        Status::Over(end) => assert_eq!(end.score, [21, 27]),
        Status::Ongoing => panic!("not over"),
    }
}

#[test]
fn end_ruling() {
    // South holds 25 of 48: over under majority, not under exhaustion.
    let pos = setup("4,4,4,4,3,0/0,0,0,0,2,2 25-0 N");
    let russ = engine("russ");
    match russ.status(&pos).unwrap() {
        Status::Over(end) => {
            assert_eq!(end.reason, EndReason::Majority(Side::South));
            assert_eq!(end.score, [25, 0]);
        }
        Status::Ongoing => panic!("majority should end the game"),
    }
    assert_eq!(russ.play(&pos, pit('E', &pos)), Err(Illegal::GameOver));
    let exhaustion = engine("russ end=exhaustion");
    assert_eq!(exhaustion.status(&pos).unwrap(), Status::Ongoing);
    assert!(exhaustion.play(&pos, pit('E', &pos)).is_ok());
}

#[test]
fn board_size_rulings() {
    let e = engine("endodoi pits=12 seeds=3");
    let start = e.start();
    assert_eq!(start.board().len(), 24);
    assert_eq!(start.total_seeds(), 72);
    assert_eq!(e.perft(&start, 1).unwrap(), vec![12]);
}

#[test]
fn undecided_at_the_lap_limit() {
    let e = engine("russ").with_max_laps(3);
    let start = e.start();
    // Every opening move takes five laps.
    assert_eq!(
        e.play(&start, pit('a', &start)),
        Err(Illegal::Undecided { laps: 3 })
    );
    assert_eq!(
        e.perft(&start, 1),
        Err(PerftError::Undecided(Illegal::Undecided { laps: 3 }))
    );
}

#[test]
fn endodoi_period_from_rules_md() {
    // After g A b E in Endodoi 2 × 8: South's f is endless with period 5,589,754.
    let e = engine("endodoi pits=8");
    let mut pos = e.start();
    for m in ['g', 'A', 'b', 'E'] {
        pos = e.play(&pos, pit(m, &pos)).unwrap();
    }
    assert_eq!(pos.row(Side::South), &[5, 0, 3, 0, 8, 7, 0, 4]);
    assert_eq!(pos.row(Side::North), &[5, 0, 5, 2, 1, 2, 5, 2]);
    assert_eq!(
        e.play(&pos, pit('f', &pos)),
        Err(Illegal::Endless { period: 5_589_754 })
    );
}

fn any_ruleset() -> impl Strategy<Value = Ruleset> {
    (
        2u8..=8,
        prop_oneof![
            Just(SkipOrigin::Lap),
            Just(SkipOrigin::BeyondLap),
            Just(SkipOrigin::Never)
        ],
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(pits, skip, stays, nofeed, owner, exh)| {
            Ruleset::RUSS
                .with_pits(pits)
                .unwrap()
                .with_skip_origin(skip)
                .with_capture_seed(if stays {
                    CaptureSeed::Stays
                } else {
                    CaptureSeed::Captured
                })
                .with_feeding(if nofeed {
                    Feeding::None
                } else {
                    Feeding::Compulsory
                })
                .with_leftovers(if owner {
                    Leftovers::Owner
                } else {
                    Leftovers::Opponent
                })
                .with_end(if exh { End::Exhaustion } else { End::Majority })
        })
}

fn ruleset_and_position() -> impl Strategy<Value = (Ruleset, Position)> {
    any_ruleset().prop_flat_map(|rules| {
        let n = usize::from(rules.pits());
        (
            Just(rules),
            proptest::collection::vec(0u16..=6, 2 * n),
            0u16..30,
            0u16..30,
            any::<bool>(),
        )
            .prop_map(move |(rules, board, s, nn, north)| {
                let side = if north { Side::North } else { Side::South };
                let pos = Position::from_rows(&board[..n], &board[n..], [s, nn], side).unwrap();
                (rules, pos)
            })
    })
}

proptest! {
    #[test]
    fn moves_conserve_seeds_and_capture_only_in_the_movers_row(
        (rules, pos) in ruleset_and_position()
    ) {
        let e = Engine::new(rules).with_max_laps(5_000);
        for p in pos.pits_of(pos.to_move()) {
            match e.play_traced(&pos, p) {
                Ok(o) => {
                    prop_assert_eq!(o.position.total_seeds(), pos.total_seeds());
                    prop_assert_eq!(o.position.to_move(), pos.to_move().opponent());
                    if let Some(c) = o.capture {
                        prop_assert_eq!(o.ended_in.side(rules.pits()), pos.to_move());
                        prop_assert_eq!(c.pit.side(rules.pits()), pos.to_move().opponent());
                        let gained = o.stores()[pos.to_move().index()] - pos.stores()[pos.to_move().index()];
                        prop_assert_eq!(gained, c.seeds());
                    } else {
                        prop_assert_eq!(o.stores(), pos.stores());
                    }
                    // The traced and the fast path agree.
                    prop_assert_eq!(e.play(&pos, p).unwrap(), o.position);
                    let sown: usize = o.laps.iter().map(|l| l.sown.len()).sum();
                    let lifted: usize = o.laps.iter().map(|l| usize::from(l.seeds)).sum();
                    prop_assert_eq!(sown, lifted);
                }
                Err(Illegal::EmptyPit) => prop_assert_eq!(pos.seeds(p), 0),
                Err(_) => prop_assert!(pos.seeds(p) > 0 || e.majority(&pos).is_some()),
            }
        }
    }

    #[test]
    fn setup_strings_round_trip((_rules, pos) in ruleset_and_position()) {
        let text = pos.to_string();
        prop_assert_eq!(text.parse::<Position>().unwrap(), pos);
    }

    #[test]
    fn ruleset_strings_round_trip(rules in any_ruleset(), seeds in 1u8..=100) {
        let rules = rules.with_seeds(seeds).unwrap();
        prop_assert_eq!(rules.to_string().parse::<Ruleset>().unwrap(), rules);
    }

    /// Whatever the numbers, the setters give a ruleset exactly when the
    /// parser would, and that ruleset prints as a string the parser takes back.
    #[test]
    fn setters_yield_only_rulesets_the_parser_accepts(
        rules in any_ruleset(), pits in any::<u8>(), seeds in any::<u8>()
    ) {
        let set = rules.with_pits(pits).and_then(|r| r.with_seeds(seeds));
        // What a ruleset string's `pits=` and `seeds=` overrides make of them.
        let mut parsed = rules;
        let parsed = parsed
            .set("pits", &pits.to_string())
            .and_then(|()| parsed.set("seeds", &seeds.to_string()))
            .map(|()| parsed);
        prop_assert_eq!(&set, &parsed, "pits={} seeds={}", pits, seeds);
        if let Ok(r) = set {
            prop_assert_eq!(r.to_string().parse::<Ruleset>().unwrap(), r);
            // The engine starts from it without trouble.
            let start = Engine::new(r).start();
            prop_assert_eq!(start.to_string().parse::<Position>().unwrap(), start);
        }
    }

    /// Any rows `Position::from_rows` accepts print as a set-up string the
    /// parser takes back; it refuses what the parser refuses.
    #[test]
    fn positions_from_rows_are_positions_the_parser_accepts(
        (south, north) in (1usize..=28).prop_flat_map(|n| (
            proptest::collection::vec(0u16..=700, n),
            proptest::collection::vec(0u16..=700, n..=n + 1),
        )),
        stores in (0u16..=2000, 0u16..=2000),
        north_to_move in any::<bool>(),
    ) {
        let side = if north_to_move { Side::North } else { Side::South };
        let built = Position::from_rows(&south, &north, [stores.0, stores.1], side);
        let join = |row: &[u16]| row.iter().map(u16::to_string).collect::<Vec<_>>().join(",");
        let text = format!(
            "{}/{} {}-{} {}",
            join(&south), join(&north), stores.0, stores.1, if north_to_move { "N" } else { "S" }
        );
        let parsed = text.parse::<Position>();
        prop_assert_eq!(built.is_ok(), parsed.is_ok(), "{}", text);
        prop_assert_eq!(built.as_ref().ok(), parsed.as_ref().ok());
        if let Ok(pos) = built {
            prop_assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
        }
    }

    /// `Pit::new` names a pit only on a real board, and that pit's letter names
    /// it back.
    #[test]
    fn pits_are_on_the_board(index in any::<u8>(), pits in any::<u8>(), north in any::<bool>()) {
        let side = if north { Side::North } else { Side::South };
        match Pit::new(side, index, pits) {
            Some(p) => {
                prop_assert!(index < pits && pits <= Ruleset::MAX_PITS);
                prop_assert_eq!(Pit::from_letter(p.letter(pits), pits), Some(p));
                prop_assert_eq!(p.side(pits), side);
            }
            None => prop_assert!(index >= pits || pits > Ruleset::MAX_PITS),
        }
    }
}

#[test]
fn random_games_end_and_conserve_seeds() {
    for rules in ["russ", "russ end=exhaustion", "endodoi pits=12 seeds=3"] {
        let e = engine(rules);
        let mut rng = SplitMix64::new(7);
        for _ in 0..50 {
            let mut plies = 0;
            let end = e
                .random_game(&e.start(), &mut rng, 10_000, |_, p| {
                    plies += 1;
                    assert_eq!(p.total_seeds(), e.rules().total_seeds());
                })
                .unwrap();
            assert!(plies > 0);
            assert!(
                matches!(e.status(&end).unwrap(), Status::Over(_)),
                "{rules}: {end}"
            );
        }
    }
}
