//! `ayo filter`: choose games, and print them as they were written.

use std::io::{self, Write};
use std::path::PathBuf;

use ayo::corpus::select::{Criteria, CriterionError, Output, Range, Selection, Split, SplitError};
use ayo::files::write::Existing;
use ayo::notation::Outcome;
use ayo::rules::{Ruleset, Side};

use super::signals;
use super::{Ctx, Fatal, GAMES_FROM_1, GameArg, JobsArg, ReplayArgs, with_games};

/// Print the games that meet every criterion given, byte for byte.
///
/// Each criterion given must hold; a flag given twice means either value.
/// Tag criteria (--tag, --player, --ruleset, --date-from, --date-to) read only
/// the tag section, so games they refuse are not parsed. The others need the
/// moves: a game that does not parse meets none of them but --invalid.
/// Selected games are printed as written (comments, spacing, line endings),
/// separated by one blank line. Exit 0 when some game was selected, 1 when
/// none was, 2 on errors, as grep does.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo filter club.ayo --tag Round=2
  ayo filter games/*.ayo --player 'Sade Akintola' --winner north
  ayo filter games/*.ayo --tag 'Event~(?i)mokola' --date-from 2025.05 --count
  ayo filter games/*.ayo --ruleset russ --valid --plies 40.. --fmt
  ayo filter games/*.ayo --moves 'c A d' --invert
  ayo filter games/*.ayo --position '4,4,4,4,4,4/4,4,4,4,4,4 0-0 S'
  ayo filter club.ayo --games 2..4
  ayo filter games/*.ayo --split-by Round --out rounds/")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    /// NAME=VALUE: the tag has exactly this value; NAME~REGEX: the regular
    /// expression matches its value (anywhere; anchor with ^...$).
    #[arg(long, value_name = "NAME=VALUE", value_parser = criterion(Criteria::tag))]
    tag: Vec<String>,
    /// The player on either side (the South or North tag).
    #[arg(long, value_name = "NAME")]
    player: Vec<String>,
    /// The game-termination token: 1-0, 0-1, 1/2-1/2 or *.
    #[arg(long, value_name = "RESULT", value_parser = parse_outcome)]
    result: Vec<Outcome>,
    /// Who won: the board for a game that ended on it, else the
    /// termination token (a resignation, an agreement); `*`, and a record
    /// with an illegal move, decide nothing. The same verdict as `ayo json`'s
    /// `result.winner`.
    #[arg(long, value_name = "SIDE", value_parser = ["south", "north", "draw"])]
    winner: Vec<String>,
    /// The record's own ruleset (its Rules tag, else russ), compared as a
    /// ruleset: `ayoayo` is `russ`. Not changed by --rules.
    #[arg(long, value_name = "RULESET")]
    ruleset: Vec<Ruleset>,
    /// Dated on or after: YYYY, YYYY.MM or YYYY.MM.DD. Dates with `??`
    /// compare by their known part.
    #[arg(long, value_name = "DATE", value_parser = criterion(Criteria::date_from))]
    date_from: Option<String>,
    /// Dated on or before (see --date-from).
    #[arg(long, value_name = "DATE", value_parser = criterion(Criteria::date_to))]
    date_to: Option<String>,
    /// Parses, and replays without an error.
    #[arg(long)]
    valid: bool,
    /// Does not parse, or replays with an error.
    #[arg(long)]
    invalid: bool,
    /// The main line does not reach the end of the game.
    #[arg(long)]
    unfinished: bool,
    /// The main line's plies: MIN..MAX (both included), MIN.., ..MAX or N.
    #[arg(long, value_name = "MIN..MAX")]
    plies: Vec<Range>,
    /// The main line passes through this board with this side to move (the
    /// stores are not compared), the start included.
    #[arg(long, value_name = "SETUP", value_parser = criterion(Criteria::position))]
    position: Vec<String>,
    /// The main line opens with these moves, e.g. "c F a".
    #[arg(long, value_name = "MOVES", value_parser = criterion(Criteria::moves))]
    moves: Vec<String>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    /// Only games N to M of each file (from 1, both included; N.. to the
    /// end). A range that runs past the end of a file selects the games there,
    /// without an error (--game N is an error for a file without game N).
    #[arg(long, value_name = "N..M", conflicts_with = "game", value_parser = game_range)]
    games: Option<Range>,
    #[command(flatten)]
    replay: ReplayArgs,
    #[command(flatten)]
    jobs: JobsArg,
    /// Select the games that do not meet the criteria (within --game/--games).
    #[arg(long)]
    invert: bool,
    /// Print the selected games in canonical form (as `ayo fmt`) instead.
    #[arg(long)]
    fmt: bool,
    /// Print only the number of selected games.
    #[arg(long, conflicts_with = "fmt")]
    count: bool,
    /// Write the selected games into one file per value of this tag, in
    /// --out; games without it go to `untagged.ayo`. Prints each file written
    /// and its number of games.
    #[arg(long, value_name = "TAG", requires = "out", conflicts_with_all = ["count", "fmt"])]
    split_by: Option<String>,
    /// The directory for --split-by, made when missing. Files are written
    /// only once every game is read; a name already there (a file or a
    /// link) is an error and nothing is written, unless --force.
    #[arg(long, value_name = "DIR", requires = "split_by")]
    out: Option<PathBuf>,
    /// With --split-by: replace files already in --out (a link is replaced,
    /// never the file it points to).
    /// A read-only file is replaced too, as `mv` would. Files are written as
    /// hidden temporary files first: SIGINT and SIGTERM remove them (exit
    /// 130, 143), and the next run into the folder removes any a killed run
    /// left.
    #[arg(long, requires = "split_by")]
    force: bool,
}

/// A criterion read as text: its value as given, once `add` has read it
/// (clap reports the error the criterion gives).
fn criterion(
    add: fn(Criteria, &str) -> Result<Criteria, CriterionError>,
) -> impl Fn(&str) -> Result<String, CriterionError> + Clone + Send + Sync + 'static {
    move |s| add(Criteria::default(), s).map(|_| s.to_string())
}

fn parse_outcome(s: &str) -> Result<Outcome, String> {
    Outcome::parse(s).ok_or_else(|| format!("expected 1-0, 0-1, 1/2-1/2 or *, found `{s}`"))
}

impl Args {
    /// The criteria given; clap has read each already.
    fn criteria(&self) -> Result<Criteria, CriterionError> {
        let mut c = Criteria::default();
        for t in &self.tag {
            c = c.tag(t)?;
        }
        for p in &self.player {
            c = c.player(p.as_str());
        }
        for &r in &self.ruleset {
            c = c.ruleset(r);
        }
        if let Some(d) = &self.date_from {
            c = c.date_from(d)?;
        }
        if let Some(d) = &self.date_to {
            c = c.date_to(d)?;
        }
        for &r in &self.result {
            c = c.result(r);
        }
        for w in &self.winner {
            c = c.winner(match w.as_str() {
                "south" => Some(Side::South),
                "north" => Some(Side::North),
                _ => None,
            });
        }
        if self.valid {
            c = c.valid();
        }
        if self.invalid {
            c = c.invalid();
        }
        if self.unfinished {
            c = c.unfinished();
        }
        for &r in &self.plies {
            c = c.plies(r);
        }
        for p in &self.position {
            c = c.position(p)?;
        }
        for m in &self.moves {
            c = c.moves(m)?;
        }
        Ok(c)
    }
}

/// `--games N..M`: a range of game numbers, which count from 1 as `--game`'s.
fn game_range(s: &str) -> Result<Range, String> {
    let range: Range = s.parse().map_err(|e: CriterionError| e.to_string())?;
    if range.min == Some(0) || range.max == Some(0) {
        return Err(format!("{GAMES_FROM_1}, found `{s}`"));
    }
    Ok(range)
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let selection = Selection::new(
        args.criteria().map_err(|e| Fatal::Error(e.to_string()))?,
        args.replay.options(false),
    )
    .inverted(args.invert);
    let mut split = match (&args.split_by, &args.out) {
        (Some(tag), Some(dir)) => Some(Split::new(tag.clone(), signals::out_folder(dir, ctx)?)),
        _ => None,
    };
    let output = match &mut split {
        Some(split) => Output::Split(split),
        None if args.count => Output::Count,
        None if args.fmt => Output::Canonical(out),
        None => Output::Original(out),
    };
    // `--game N` names one game, and a file without it is an error, as in
    // every command; a `--games` range selects what is there.
    let selected = with_games(&args.files, ctx, args.game.game, |games, ctx| {
        let games = games.within(args.games);
        selection.run(games, args.jobs.get(), ctx, output, Ctx::syntax_error)
    })?;
    if ctx.refused {
        // `--game N` past the end of an input: a usage error. No count, and
        // no --split-by files (their temporary files are removed).
        return Ok(());
    }
    if args.count {
        writeln!(out, "{selected}")?;
    }
    if let Some(split) = split {
        let files = split
            .finish(Existing::replacing(args.force))
            .map_err(|e| Fatal::Error(e.to_string()))?;
        for (path, n) in files {
            writeln!(out, "{}\t{n}", path.display())?;
        }
    }
    // Like grep: 1 when nothing was selected. A syntax error is not a verdict
    // here (--invalid selects such games), so it does not count.
    ctx.invalid = selected == 0;
    Ok(())
}

impl From<SplitError> for Fatal {
    fn from(e: SplitError) -> Self {
        match e {
            // As the output's own writes: the reader went away.
            SplitError::Print { source, .. } if source.kind() == io::ErrorKind::BrokenPipe => {
                Fatal::BrokenPipe
            }
            e => Fatal::Error(e.to_string()),
        }
    }
}
