//! Game records made with the rules engine: games between players (random,
//! or the engine of [`crate::search`]) for `ayo generate` and engine matches
//! ([`Match::play`]). Like replay, this is a place where records meet the
//! rules; it only builds syntax trees, which the writer prints. (Random
//! records with comments and variations, which only tests and benchmarks
//! use, are in the unpublished crate `ayo-testkit`.)
//!
//! The games are reproducible: the same engine, start, seed and options give
//! the same record. Every generated record replays as valid. [`Match::play`]
//! has an example.

use crate::notation::{Comment, Move, Outcome, Record, Span, Tag, Termination};
use crate::rules::{Engine, GameEnd, Illegal, Pit, Position, SplitMix64, Status};
use crate::search::{Limits, Search, SearchError};

mod series;

pub use series::{Series, SettingError};

fn comment(text: &str) -> Comment {
    Comment {
        text: text.to_string(),
        span: Span::default(),
    }
}

fn tag(name: &str, value: String) -> Tag {
    Tag {
        name: name.to_string().into(),
        value,
        span: Span::default(),
        value_span: Span::default(),
    }
}

/// Who makes the moves of one side in [`Match::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A uniformly random legal move (`random`).
    Random,
    /// The engine's best move within these limits (`engine:DEPTH`,
    /// `engine:nodes=N`).
    Engine(Limits),
}

impl std::str::FromStr for Player {
    type Err = SettingError;

    /// `random`, `engine:6`, `engine:nodes=20000`.
    fn from_str(s: &str) -> Result<Player, SettingError> {
        let err = || SettingError::Player(s.to_string());
        if s == "random" {
            return Ok(Player::Random);
        }
        let spec = s.strip_prefix("engine:").ok_or_else(err)?;
        let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit()) && !t.is_empty();
        if let Some(n) = spec.strip_prefix("nodes=") {
            let n: u64 = digits(n)
                .then(|| n.parse().ok())
                .flatten()
                .filter(|&n| n > 0)
                .ok_or_else(err)?;
            return Ok(Player::Engine(Limits::nodes(n)));
        }
        let d: u32 = digits(spec)
            .then(|| spec.parse().ok())
            .flatten()
            .filter(|d| (1..=Limits::MAX_DEPTH).contains(d))
            .ok_or_else(err)?;
        Ok(Player::Engine(Limits::depth(d)))
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Engine(Limits { nodes: Some(n), .. }) => write!(f, "engine:nodes={n}"),
            Player::Engine(l) => write!(f, "engine:{}", l.depth.unwrap_or(Limits::MAX_DEPTH)),
        }
    }
}

/// The options of [`Match::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    /// South's player, then North's.
    pub players: [Player; 2],
    /// This many plies at the start are random whoever plays, so that engine
    /// games differ from one another.
    pub opening: usize,
    /// A game still going after this many plies stops, with `*` and a comment.
    pub max_plies: usize,
    /// Write the `Setup` tag (a game from a set-up rather than the start).
    pub setup: bool,
}

/// A uniformly random legal move and the position after it, or `None` when
/// there is none. Tries the non-empty pits in random order and keeps the first
/// legal one, as [`Engine::random_game`](crate::rules::Engine::random_game) does: the same as choosing uniformly among
/// the legal moves, without sowing them all. `pos` must not be won by
/// majority already (the caller stops the game there first).
#[allow(
    clippy::result_large_err,
    reason = "SearchError holds the whole position so that its message can name it; it is returned once, when a search stops"
)]
fn random_move(
    engine: &Engine,
    pos: &Position,
    rng: &mut SplitMix64,
) -> Result<Option<(Pit, Position)>, SearchError> {
    let mut candidates = [Pit::from_ring(0); Position::MAX_BOARD / 2];
    let mut n = 0;
    for p in pos.pits_of(pos.to_move()) {
        if pos.seeds(p) > 0 {
            candidates[n] = p;
            n += 1;
        }
    }
    // As `random_game` does: the candidates are the mover's non-empty pits
    // and the caller checked the majority, so each try sows a copy directly
    // (`play` would repeat those checks and the feeding test every try).
    let must_feed = engine.must_feed(pos);
    while n > 0 {
        let i = rng.below(n);
        let pit = candidates[i];
        n -= 1;
        candidates[i] = candidates[n];
        let mut next = *pos;
        match engine.sow_in_place(&mut next, pit, must_feed) {
            Ok(_) => return Ok(Some((pit, next))),
            Err(Illegal::Undecided { laps }) => {
                return Err(SearchError::Undecided {
                    position: *pos,
                    pit,
                    laps,
                });
            }
            Err(_) => {}
        }
    }
    Ok(None)
}

/// How the game ended at `pos`, which is over.
fn game_end(engine: &Engine, pos: &Position) -> Option<GameEnd> {
    match engine.status(pos) {
        Ok(Status::Over(end)) => Some(end),
        _ => None,
    }
}

/// See [`Match::MAX_PLIES`].
pub(crate) const MAX_PLIES: usize = 1_000;

impl Match {
    /// The ply limit of `ayo generate`: a game that reaches it stops with `*`.
    pub const MAX_PLIES: usize = MAX_PLIES;
}

/// See [`Match::seed`].
pub(crate) fn game_seed(seed: u64, round: usize) -> u64 {
    SplitMix64::new(seed ^ (round as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

impl Match {
    /// The seed of game `round` of a run seeded with `seed`: each game has its own
    /// stream, so that game 7 is the same whether or not games 1 to 6 are made.
    pub fn seed(seed: u64, round: usize) -> u64 {
        game_seed(seed, round)
    }
}

impl Match {
    /// A whole game between two players, as a record: tags `Event`, `Round`
    /// (`round`), `South` and `North` (the player strings), `Rules`, `Setup` when
    /// asked, `Result`, `Score` when finished, `PlyCount`; a capture claim on every
    /// capturing move. A game that reaches `max_plies` stops with `*` and a
    /// comment saying so. The same engine, start, options and `rng` give the
    /// same record; every record replays as valid.
    ///
    /// `Err` when a relay is undecided at the engine's lap limit.
    ///
    /// ```
    /// use ayo::generate::{Match, Player};
    /// use ayo::notation::Record;
    /// use ayo::rules::{Engine, Ruleset, SplitMix64};
    /// use ayo::search::Search;
    ///
    /// let engine = Engine::new(Ruleset::RUSS);
    /// let players = ["engine:2".parse()?, Player::Random];
    /// let m = Match { players, opening: 0, max_plies: Match::MAX_PLIES, setup: false };
    /// let mut search = Search::with_table_bits(engine, 12);
    /// let record = m.play(&mut search, &engine.start(), &mut SplitMix64::new(1), 1)?;
    /// assert_eq!(record.tag("South"), Some("engine:2"));
    /// assert!(record.to_text().contains("[Round \"1\"]"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[allow(
        clippy::result_large_err,
        reason = "SearchError holds the whole position so that its message can name it; it is returned once, when a search stops"
    )]
    pub fn play(
        &self,
        search: &mut Search<'_>,
        start: &Position,
        rng: &mut SplitMix64,
        round: usize,
    ) -> Result<Record, SearchError> {
        let options = self;
        let engine = *search.engine();
        let pits = start.pits();
        // The positions so far, for the engine's repetitions; random players
        // need none.
        let engines = options
            .players
            .iter()
            .any(|p| matches!(p, Player::Engine(_)));
        let mut line = vec![*start];
        // Room for a typical game at once (random games on the standard board
        // average 25 plies, at most 66 in 2,000 of them): growing the vector by
        // doubling copied the moves several times a game.
        let mut moves: Vec<Move> = Vec::with_capacity(64);
        let mut pos = *start;
        let end = loop {
            if engine.majority(&pos).is_some() {
                break game_end(&engine, &pos);
            }
            if moves.len() >= options.max_plies {
                break None;
            }
            let player = match options.players[pos.to_move().index()] {
                _ if moves.len() < options.opening => Player::Random,
                player => player,
            };
            let Some((pit, next)) = next_move(search, player, &line, &pos, rng)? else {
                break game_end(&engine, &pos);
            };
            let side = pos.to_move().index();
            let captured = u32::from(next.stores()[side] - pos.stores()[side]);
            let mut m = Move::new(pit.letter(pits));
            m.claim = (captured > 0).then_some(captured);
            moves.push(m);
            pos = next;
            if engines {
                line.push(pos);
            }
        };
        let plies = moves.len();
        if end.is_none()
            && let Some(last) = moves.last_mut()
        {
            last.after_mut().push(comment(&format!(
                "stopped after {plies} plies, the game unfinished"
            )));
        }
        let tags = game_tags(&engine, start, options, round, end, plies);
        Ok(record(tags, moves, result_token(end.map(|g| g.winner))))
    }
}

/// The move `player` makes at `pos` (the last of `line`, the positions so
/// far), and the position after it; `None` when there is none.
#[allow(
    clippy::result_large_err,
    reason = "SearchError holds the whole position so that its message can name it; it is returned once, when a search stops"
)]
fn next_move(
    search: &mut Search<'_>,
    player: Player,
    line: &[Position],
    pos: &Position,
    rng: &mut SplitMix64,
) -> Result<Option<(Pit, Position)>, SearchError> {
    let engine = *search.engine();
    Ok(match player {
        Player::Random => random_move(&engine, pos, rng)?,
        Player::Engine(limits) => {
            let history = &line[..line.len() - 1];
            let answer = search.run_line(history, pos, &limits)?;
            match answer.best {
                // The search played it: it is legal.
                Some(pit) => engine.play(pos, pit).ok().map(|next| (pit, next)),
                None => None,
            }
        }
    })
}

/// The tags of a game [`Match::play`] made, in the order they are written.
fn game_tags(
    engine: &Engine,
    start: &Position,
    options: &Match,
    round: usize,
    end: Option<GameEnd>,
    plies: usize,
) -> Vec<Tag> {
    let token = result_token(end.map(|g| g.winner));
    let mut tags = vec![
        tag("Event", "ayo generate".to_string()),
        tag("Round", round.to_string()),
        tag("South", options.players[0].to_string()),
        tag("North", options.players[1].to_string()),
        tag("Rules", engine.rules().to_string()),
    ];
    if options.setup {
        tags.push(tag("Setup", start.to_string()));
    }
    tags.push(tag("Result", token.as_str().to_string()));
    if let Some(g) = end {
        tags.push(tag("Score", format!("{}-{}", g.score[0], g.score[1])));
    }
    tags.push(tag("PlyCount", plies.to_string()));
    tags
}

/// The termination token of a game: `None` while unfinished, else its winner
/// (`Some(None)` for a draw).
fn result_token(winner: Option<Option<crate::rules::Side>>) -> Outcome {
    match winner {
        None => Outcome::Unknown,
        Some(Some(crate::rules::Side::South)) => Outcome::SouthWins,
        Some(Some(crate::rules::Side::North)) => Outcome::NorthWins,
        Some(None) => Outcome::Draw,
    }
}

/// A generated record: no spans (it was never text) and no game comment.
fn record(tags: Vec<Tag>, moves: Vec<Move>, outcome: Outcome) -> Record {
    Record {
        tags,
        comments: Vec::new(),
        moves,
        result: Termination {
            outcome,
            span: Span::default(),
        },
        span: Span::default(),
    }
}
