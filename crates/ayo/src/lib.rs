//! `ayo`: game records of Ayoayo, the Yoruba relay-sowing mancala, and its
//! relatives (Endodoi, and every reading of the rules the sources disagree on).
//!
//! # Layers
//!
//! The crates and modules, each knowing only those above it in this list
//! (the first four are crates of their own, re-exported here):
//!
//! - [`rules`] (`ayo-rules`): the pure engine. Rulesets, positions and set-up
//!   strings, relay sowing with exact endless-relay detection, game end,
//!   perft. No I/O.
//! - [`notation`] (`ayo-notation`): the `.ayo` format (grammar.md). A nom
//!   parser with spans, the canonical writer, and a reader that takes one
//!   game at a time from any stream. Syntax only: it does not know the rules.
//! - [`search`] and [`tables`] (`ayo-engine`, on the rules): iterative-deepening
//!   negamax, and exact endgame tables built level by level and probed from
//!   memory-mapped files; the search sees tables only through its
//!   [`Probe`](search::Probe) trait.
//! - [`files`] (`ayo-files`): safe writes (a temporary file renamed over the
//!   old) and file names.
//! - [`replay`] and [`diagnostics`]: where records meet the rules. A
//!   [`notation::Record`] becomes a [`replay::Game`]: every move verified and
//!   played, every problem a [`diagnostics::Diagnostic`] at the token at fault.
//! - [`generate`]: games the engine plays (random or searching players), for
//!   `ayo generate` and engine matches.
//! - [`import`]: the reader side of JSON: games as `ayo json` prints them,
//!   back to records.
//! - [`corpus`]: many records at once, returning data: choosing games, keys
//!   of main lines to find the same game twice, standings, and figures
//!   ([`corpus::stats`]). Its results are plain data types with serde; it
//!   never renders.
//! - [`output`]: what the commands print, read from `Game`s and from the
//!   corpus' results, never re-deriving rules: JSON (and its schema), tables
//!   (Markdown, CSV, and terminal tables fitted to a width), SVG boards, the
//!   HTML viewer, comparisons.
//!
//! The command line `ayo` is a separate crate (`ayo-cli`) on this one: it
//! parses arguments, calls these functions, and maps outcomes to exit codes.
//!
//! # The public API by purpose
//!
//! Each item has one path. The items of the crates re-exported above are
//! listed in their own crate docs.
//!
//! - Check records: [`replay::Game::replay`] (a [`replay::Game`] of
//!   [`replay::Ply`]s, set with [`replay::Options`]; a move not played says
//!   why, a [`replay::Refusal`]), [`replay::Game::check`]
//!   (only the diagnostics), [`replay::Game::replay_main_line`] (the main
//!   line's plies), [`replay::QuickCheck`] (a fast validity test for a stream
//!   of games), [`replay::Filled::of`] (claims and tags filled in, each a
//!   [`replay::Change`] to a [`replay::Filling`]); who won ([`replay::Verdict`],
//!   [`replay::DecidedBy`]); every problem a [`diagnostics::Diagnostic`] of a
//!   [`diagnostics::Severity`]. [`canonical::Formatted::of`] writes a record
//!   in canonical form ([`canonical::Fill`]), [`canonical::FmtOptions::run`]
//!   does what `ayo fmt` does.
//! - Analyse: [`analysis::Best::of`] (the best move, with the tables'
//!   [`analysis::Outcomes`]), [`analysis::Analyser`] (every move of many
//!   games judged: a [`analysis::MoveVerdict`] with its [`analysis::Label`]
//!   and [`analysis::Outcome`], under [`analysis::Thresholds`]),
//!   [`analysis::TableCache`]; every error an [`analysis::AnalysisError`].
//! - Play: [`generate::Match::play`] between two [`generate::Player`]s,
//!   seeded by [`generate::Match::seed`] and cut at
//!   [`generate::Match::MAX_PLIES`]; a [`generate::Series`] of games with
//!   tags set ([`generate::Series::tag`]); a player or tag that cannot be
//!   read is a [`generate::SettingError`].
//! - Read JSON back: [`import::import_files`] (`ayo import`); one value at a
//!   time, cut by [`import::JsonGames`] into [`import::JsonValue`]s, each
//!   read by [`import::Imported::read`] into an [`import::Imported`], or an
//!   [`import::ImportError`].
//! - Many records at once ([`corpus`]): reading inputs
//!   ([`corpus::input::Input::names`], [`corpus::input::Input`],
//!   [`corpus::input::Games`], [`corpus::input::Event`],
//!   [`corpus::input::InputError`]); an ordered parallel map
//!   ([`corpus::input::Games::ordered`], reporting through a
//!   [`corpus::parallel::Reporter`],
//!   [`corpus::parallel::PoolError`]); checking a corpus
//!   ([`corpus::validate::Settings::check`], each game
//!   [`corpus::validate::Checked`]); choosing games
//!   ([`corpus::select::Selection`] of [`corpus::select::Criteria`], built
//!   by its methods, with a [`corpus::select::Range`] or a
//!   [`corpus::select::CriterionError`]; [`corpus::select::Selection::run`]
//!   into an [`corpus::select::Output`], maybe a [`corpus::select::Split`]
//!   with its [`corpus::select::SplitError`]); keys of main lines and
//!   duplicates ([`corpus::duplicates::Scan::read`] with
//!   [`corpus::duplicates::Options`] on a [`corpus::duplicates::Parallel`]
//!   runner, then a [`corpus::duplicates::Report`] of
//!   [`corpus::duplicates::Group`]s of a [`corpus::duplicates::Kind`], or
//!   the games [`corpus::duplicates::Kept`]; a
//!   [`corpus::duplicates::Error`]); standings
//!   ([`corpus::standings::Tally::read`] into a
//!   [`corpus::standings::Report`] of [`corpus::standings::Table`]s, each
//!   its [`corpus::standings::Standings`] ranked in [`corpus::standings::Row`]s
//!   by [`corpus::standings::Tiebreak`]s ([`corpus::standings::TiebreakError`])
//!   and the games kept [`corpus::standings::Apart`], each for a
//!   [`corpus::standings::NotCounted`] reason); figures
//!   ([`corpus::stats::Stats::read`], printed by
//!   [`corpus::stats::Stats::render`]).
//! - Print ([`output`]): JSON of a game ([`output::json::JsonWriter`]: its
//!   [`write_game`](output::json::JsonWriter::write_game), at an
//!   [`output::json::Detail`], and
//!   [`write_games`](output::json::JsonWriter::write_games) for a whole
//!   input; [`output::json::GameJson::of`] builds the value), the JSON
//!   Schema of every command's JSON ([`output::json::Document`], with the
//!   `schema` feature); a checked game and a diagnostic serialize as
//!   `ayo validate` writes them; tables in a [`output::table::Style`]
//!   ([`output::table::AnnotatedMove::of_game`], laps shown as
//!   [`output::table::Laps`] says); boards ([`output::board::BoardView`],
//!   as text or SVG; [`output::board::BoardOptions::draw`] does what
//!   `ayo board` does, its [`output::board::Pictures`] written into a folder
//!   or an [`output::FolderError`]); legal moves
//!   ([`output::moves::Moves::legal`], each a [`output::moves::LegalMove`]);
//!   rulings compared ([`output::compare::Compared::of_game`] under each
//!   [`output::compare::Choice`], a [`output::compare::Row`] each); the
//!   HTML viewer ([`output::html::ViewerGame::page`], a
//!   [`output::html::Site`] of pages); analyses
//!   ([`output::analyze::AnalyzeOptions::run`]); endgame tables built and
//!   listed ([`output::tables::build_tables`], [`output::tables::info_text`]);
//!   and the text and JSON of every command's results:
//!   [`corpus::stats::Stats::render`], [`output::standings::View`] (a
//!   crosstable too large is [`output::standings::CrosstableTooLarge`]),
//!   [`corpus::duplicates::Report::write`], [`output::analyze::GameAnalysis`],
//!   [`analysis::Best::render`], [`output::moves::Moves::json`],
//!   [`output::standings::View::json`],
//!   [`output::tables::ProbeJson::render`] and their kin.

//! # Feature flags
//!
//! - `schema` (off by default): derives `schemars::JsonSchema` for the JSON
//!   output types and adds `output::json::Document::schema` and
//!   `Document::subschema`, the JSON Schemas of `--schema`. The command line
//!   enables it.
//!   serde itself is always on: the JSON outputs are this crate's own.
//!
//! Reading, checking and printing a record:
//!
//! ```
//! use ayo::notation::Record;
//! use ayo::replay::{Game, Options};
//!
//! let record = Record::parse("[Rules \"russ\"]\n\n1. cx7 Fx2 2. d *\n").unwrap();
//! let game = Game::replay(record, &Options::default());
//! assert!(game.is_valid(), "{:?}", game.errors);
//! let c = game.moves[0].outcome.as_ref().unwrap();
//! assert_eq!(c.trace(), "c(4):defA A(5):BCDEF F(5):abcde e(6):fABCDE E(6):Fabcde");
//! assert_eq!(game.final_position().unwrap().to_string(), "0,7,3,0,1,8/3,1,7,7,1,1 7-2 N");
//!
//! // A false claim is reported where it stands.
//! let game = Game::replay(Record::parse("1. cx6 *\n").unwrap(), &Options::default());
//! assert_eq!(game.errors[0].message, "ply 1, South's c: claims 6 seeds, but the move captures 7 from B");
//! assert_eq!((game.errors[0].span.line, game.errors[0].span.column), (1, 4));
//!
//! // What a move carries besides its token is read as slices.
//! let record = Record::parse("1. c {the usual} (1. d) C *\n").unwrap();
//! assert_eq!(record.moves[0].after()[0].text, "the usual");
//! assert_eq!(record.moves[0].variations()[0].moves[0].pit, 'd');
//! assert!(record.moves[1].variations().is_empty());
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod canonical;
pub mod corpus;
pub mod diagnostics;
pub use ayo_files as files;
pub mod generate;
pub mod import;
pub use ayo_notation as notation;
pub mod output;
pub mod replay;
mod rewrite;
// The engine's two modules keep their paths (`ayo::search`, `ayo::tables`);
// their items are documented once, in `ayo-engine`, as those of the other
// crates are.
#[doc(no_inline)]
pub use ayo_engine::search;
#[doc(no_inline)]
pub use ayo_engine::tables;
pub use ayo_rules as rules;
