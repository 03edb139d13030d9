//! Tournament standings: each counted game's result added to its players'
//! lines, then ranked by points (1 a win, ½ a draw) and, among players level
//! on points, by tie-breaks in a chosen order ([`Tiebreak`]; FIDE's
//! handbook is the model): head-to-head, Sonneborn-Berger, games won, seed
//! difference by default. [`Tally`] reads games into tables (one a value of
//! a tag, with the games not counted and why); no I/O: the caller hands it
//! the games, and `output::standings` renders its [`Report`].
//!
//! Players are told apart by their names exactly as written (trimmed), as in
//! a results sheet: `name_variants` finds the names that differ only in
//! case or spacing, for a note, without merging them.
//!
//! ```
//! use ayo::corpus::standings::{Standings, Tiebreak};
//! use ayo::notation::Outcome;
//!
//! let mut table = Standings::default();
//! table.add("Ade", "Bola", Outcome::SouthWins, [26, 20]);
//! table.add("Bola", "Chidi", Outcome::SouthWins, [25, 23]);
//! table.add("Chidi", "Ade", Outcome::SouthWins, [25, 21]);
//! // One point each, one each against the others, and the same
//! // Sonneborn-Berger and wins: the seed difference puts Bola (45 for, 49
//! // against) third; Ade (47, 45) and Chidi (48, 46) are level on every
//! // tie-break, and share first place.
//! let rows = table.ranked();
//! let ranks: Vec<(u32, &str)> = rows.iter().map(|r| (r.rank, r.player.as_str())).collect();
//! assert_eq!(ranks, [(1, "Ade"), (1, "Chidi"), (3, "Bola")]);
//! assert_eq!((rows[0].points_halves, rows[0].seed_difference()), (2, 2));
//! assert_eq!((rows[0].shared, rows[0].tiebreak), (true, None));
//! assert_eq!(rows[2].tiebreak, Some(Tiebreak::SeedDifference));
//! ```

use std::collections::{BTreeMap, HashMap};

use crate::notation::Outcome;

mod tally;

pub use tally::{Apart, Report, Table, Tally};

/// One player's totals in a table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Line {
    wins: u32,
    draws: u32,
    losses: u32,
    seeds_for: u64,
    seeds_against: u64,
    /// What this player scored against each opponent, in halves of a point
    /// (0, 1 or 2), one entry a game in the order added.
    against: BTreeMap<String, Vec<u8>>,
}

/// A standings table being built: add finished games, then rank.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standings {
    players: HashMap<String, Line>,
}

/// A tie-break: one way to order players level on points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// The points scored in the games between the players level on points,
    /// when each of them has met each other (else it is passed over).
    HeadToHead,
    /// Sonneborn-Berger: the points of each opponent beaten, and half those
    /// of each opponent drawn with (a game at a time), all at the end of
    /// the table.
    SonnebornBerger,
    /// Games won.
    Wins,
    /// Seeds for minus seeds against.
    SeedDifference,
}

impl Tiebreak {
    /// The order used unless another is asked for: FIDE's (head-to-head
    /// first), then the seeds, which a mancala game scores.
    pub const DEFAULT: [Tiebreak; 4] = [
        Tiebreak::HeadToHead,
        Tiebreak::SonnebornBerger,
        Tiebreak::Wins,
        Tiebreak::SeedDifference,
    ];

    /// The short name, as `--tiebreak` takes it and a table shows it:
    /// `h2h`, `sb`, `wins`, `seeds`.
    pub fn short(self) -> &'static str {
        match self {
            Tiebreak::HeadToHead => "h2h",
            Tiebreak::SonnebornBerger => "sb",
            Tiebreak::Wins => "wins",
            Tiebreak::SeedDifference => "seeds",
        }
    }

    /// The JSON name: `head_to_head`, `sonneborn_berger`, `win_count`,
    /// `seed_difference`.
    pub fn key(self) -> &'static str {
        match self {
            Tiebreak::HeadToHead => "head_to_head",
            Tiebreak::SonnebornBerger => "sonneborn_berger",
            Tiebreak::Wins => "win_count",
            Tiebreak::SeedDifference => "seed_difference",
        }
    }

    /// In words, for a legend.
    pub fn title(self) -> &'static str {
        match self {
            Tiebreak::HeadToHead => "head-to-head",
            Tiebreak::SonnebornBerger => "Sonneborn-Berger",
            Tiebreak::Wins => "games won",
            Tiebreak::SeedDifference => "seed difference",
        }
    }
}

impl std::str::FromStr for Tiebreak {
    type Err = TiebreakError;

    /// A short name (`h2h`), a JSON name (`head_to_head`) or either with
    /// hyphens (`head-to-head`), in any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let name = s.trim().to_lowercase().replace('-', "_");
        Tiebreak::DEFAULT
            .into_iter()
            .find(|t| name == t.short() || name == t.key())
            .ok_or_else(|| TiebreakError::Unknown(s.trim().to_string()))
    }
}

/// Why a list of tie-breaks was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TiebreakError {
    /// A name that is no tie-break's (as written, trimmed).
    #[error("expected a tie-break: h2h, sb, wins or seeds; found `{0}`")]
    Unknown(String),
    /// A tie-break named twice.
    #[error("`{}` is listed twice", .0.short())]
    Twice(Tiebreak),
}

impl Tiebreak {
    /// A list of tie-breaks, as `--tiebreak` takes it: names joined by
    /// commas (`sb,h2h,wins,seeds`), each at most once.
    ///
    /// ```
    /// use ayo::corpus::standings::{Tiebreak, TiebreakError};
    ///
    /// assert_eq!(Tiebreak::parse_list("seeds, SB").unwrap(), [Tiebreak::SeedDifference, Tiebreak::SonnebornBerger]);
    /// assert_eq!(Tiebreak::parse_list("sb,sb"), Err(TiebreakError::Twice(Tiebreak::SonnebornBerger)));
    /// ```
    pub fn parse_list(s: &str) -> Result<Vec<Tiebreak>, TiebreakError> {
        parse_tiebreaks(s)
    }
}

/// See [`Tiebreak::parse_list`].
pub(crate) fn parse_tiebreaks(s: &str) -> Result<Vec<Tiebreak>, TiebreakError> {
    let mut list: Vec<Tiebreak> = Vec::new();
    for name in s.split(',') {
        let t: Tiebreak = name.parse()?;
        if list.contains(&t) {
            return Err(TiebreakError::Twice(t));
        }
        list.push(t);
    }
    Ok(list)
}

/// One player's row of a ranked table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// From 1. Players level on points and on every tie-break share a rank
    /// (1, 2, 2, 4).
    pub rank: u32,
    /// Whether another player has the same rank.
    pub shared: bool,
    /// The tie-break that decided this player's place among the players
    /// level with them on points: the one that set them apart from the
    /// last of the others. `None` for a player level with nobody, and for
    /// players who share a rank.
    pub tiebreak: Option<Tiebreak>,
    /// Head-to-head: the half points scored against the others of the
    /// group of players it was applied to (those level on points, or what
    /// the tie-breaks before it left level). `None` when it was not
    /// applied: a player level with nobody, or a group whose players have
    /// not all met.
    pub head_to_head_halves: Option<u32>,
    /// Sonneborn-Berger, in quarter points (exact).
    pub sonneborn_berger_quarters: u64,
    /// The name as written (trimmed).
    pub player: String,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Points in halves: a win is 2, a draw 1 (exact, unlike a float).
    pub points_halves: u32,
    /// Seeds this player's games ended with on this player's side.
    pub seeds_for: u64,
    /// Seeds this player's opponents ended with.
    pub seeds_against: u64,
    /// The opponents met, in rank order, each as its row's index in the
    /// table with the half points this player scored against them, one a
    /// game. Only opponents met: a table of many players who each met a few
    /// costs what its games do, not the square of its players.
    pub cross: Vec<(usize, Vec<u8>)>,
}

impl Row {
    /// Games played: wins, draws and losses.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: 1 a win, ½ a draw.
    pub fn points(&self) -> f64 {
        f64::from(self.points_halves) / 2.0
    }

    /// Sonneborn-Berger: see [`Tiebreak::SonnebornBerger`].
    pub fn sonneborn_berger(&self) -> f64 {
        self.sonneborn_berger_quarters as f64 / 4.0
    }

    /// Head-to-head points, when applied: see [`Row::head_to_head_halves`].
    pub fn head_to_head(&self) -> Option<f64> {
        self.head_to_head_halves.map(|h| f64::from(h) / 2.0)
    }

    /// Seeds for minus seeds against: a tie-break.
    pub fn seed_difference(&self) -> i64 {
        // Seeds of real games are far below i64::MAX; saturate rather than
        // wrap on a hostile Score tag.
        i64::try_from(self.seeds_for)
            .unwrap_or(i64::MAX)
            .saturating_sub(i64::try_from(self.seeds_against).unwrap_or(i64::MAX))
    }
}

impl Standings {
    /// Adds a game between `south` and `north` that ended `outcome` with
    /// `seeds` (South's first). Returns `false`, and counts nothing, for an
    /// unfinished game (`*`).
    pub fn add(&mut self, south: &str, north: &str, outcome: Outcome, seeds: [u32; 2]) -> bool {
        // Half points of South and North.
        let (s, n) = match outcome {
            Outcome::SouthWins => (2, 0),
            Outcome::NorthWins => (0, 2),
            Outcome::Draw => (1, 1),
            Outcome::Unknown => return false,
        };
        self.side(south, north, s, seeds[0], seeds[1]);
        self.side(north, south, n, seeds[1], seeds[0]);
        true
    }

    fn side(&mut self, player: &str, opponent: &str, halves: u8, own: u32, other: u32) {
        let line = self.players.entry(player.to_string()).or_default();
        match halves {
            2 => line.wins += 1,
            1 => line.draws += 1,
            _ => line.losses += 1,
        }
        line.seeds_for = line.seeds_for.saturating_add(u64::from(own));
        line.seeds_against = line.seeds_against.saturating_add(u64::from(other));
        line.against
            .entry(opponent.to_string())
            .or_default()
            .push(halves);
    }

    /// Whether no game was added.
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    /// The players' names, in no particular order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.players.keys().map(String::as_str)
    }

    /// The table ranked with the default tie-breaks
    /// ([`Tiebreak::DEFAULT`]).
    pub fn ranked(&self) -> Vec<Row> {
        self.ranked_by(&Tiebreak::DEFAULT)
    }

    /// The table: most points first; among players level on points, the
    /// tie-breaks in `order`, each applied to the players the ones before
    /// it left level; players level on every one share a rank, in name
    /// order (bytes).
    pub fn ranked_by(&self, order: &[Tiebreak]) -> Vec<Row> {
        let mut rows = self.rows();
        rows.sort_by(|a, b| {
            b.points_halves
                .cmp(&a.points_halves)
                .then_with(|| a.player.cmp(&b.player))
        });
        let leaf = self.order_level(&mut rows, order);
        share_ranks(&mut rows, &leaf);
        self.fill_cross(&mut rows);
        rows
    }

    /// Each player's row, in no order, with points and Sonneborn-Berger;
    /// not yet ranked.
    fn rows(&self) -> Vec<Row> {
        let points: HashMap<&str, u32> = self
            .players
            .iter()
            .map(|(name, l)| (name.as_str(), 2 * l.wins + l.draws))
            .collect();
        self.players
            .iter()
            .map(|(name, l)| Row {
                rank: 0,
                shared: false,
                tiebreak: None,
                head_to_head_halves: None,
                sonneborn_berger_quarters: l
                    .against
                    .iter()
                    .map(|(o, games)| {
                        let theirs = u64::from(points.get(o.as_str()).copied().unwrap_or(0));
                        games.iter().map(|&h| u64::from(h) * theirs).sum::<u64>()
                    })
                    .sum(),
                player: name.clone(),
                wins: l.wins,
                draws: l.draws,
                losses: l.losses,
                points_halves: 2 * l.wins + l.draws,
                seeds_for: l.seeds_for,
                seeds_against: l.seeds_against,
                cross: Vec::new(),
            })
            .collect()
    }

    /// Orders each run of `rows` (sorted by points, then name) level on
    /// points by the tie-breaks of `order`. Returns, for each row in its
    /// new place, the number of the group left level on all of them.
    fn order_level(&self, rows: &mut [Row], order: &[Tiebreak]) -> Vec<usize> {
        let mut leaf = vec![0usize; rows.len()];
        let mut leaves = 0;
        let mut start = 0;
        while start < rows.len() {
            let end = start
                + rows[start..]
                    .iter()
                    .take_while(|r| r.points_halves == rows[start].points_halves)
                    .count();
            let group: Vec<usize> = (start..end).collect();
            let ordered = self.break_ties(rows, group, order, &mut |members| {
                leaves += 1;
                for &m in members {
                    leaf[m] = leaves;
                }
            });
            // Put the run in its new order (indices within `start..end`).
            let run: Vec<(Row, usize)> = ordered
                .iter()
                .map(|&i| (rows[i].clone(), leaf[i]))
                .collect();
            for (k, (row, l)) in run.into_iter().enumerate() {
                rows[start + k] = row;
                leaf[start + k] = l;
            }
            start = end;
        }
        leaf
    }

    /// Sets each row's crosstable: its opponents by place, in rank order.
    fn fill_cross(&self, rows: &mut [Row]) {
        let place: HashMap<String, usize> = rows
            .iter()
            .enumerate()
            .map(|(i, r)| (r.player.clone(), i))
            .collect();
        for row in rows {
            let Some(line) = self.players.get(&row.player) else {
                continue;
            };
            row.cross = line
                .against
                .iter()
                .filter_map(|(o, games)| Some((*place.get(o)?, games.clone())))
                .collect();
            row.cross.sort_by_key(|(i, _)| *i);
        }
    }

    /// Orders `group` (indices of `rows`, level so far, in name order) by
    /// the tie-breaks of `order`, setting each row's `tiebreak` and
    /// head-to-head; `level` is called with each group left level on all of
    /// them (a single player included). Returns the group in its order.
    fn break_ties(
        &self,
        rows: &mut [Row],
        group: Vec<usize>,
        order: &[Tiebreak],
        level: &mut dyn FnMut(&[usize]),
    ) -> Vec<usize> {
        let Some((&first, rest)) = order.split_first() else {
            level(&group);
            return group;
        };
        if group.len() == 1 {
            level(&group);
            return group;
        }
        let value = |rows: &[Row], i: usize| -> Option<i128> {
            let r = &rows[i];
            Some(match first {
                Tiebreak::HeadToHead => i128::from(r.head_to_head_halves?),
                Tiebreak::SonnebornBerger => i128::from(r.sonneborn_berger_quarters),
                Tiebreak::Wins => i128::from(r.wins),
                Tiebreak::SeedDifference => i128::from(r.seed_difference()),
            })
        };
        if first == Tiebreak::HeadToHead {
            let names: Vec<&str> = group.iter().map(|&i| rows[i].player.as_str()).collect();
            let met_all = names.iter().all(|a| {
                let against = &self.players[*a].against;
                names.iter().all(|b| a == b || against.contains_key(*b))
            });
            if !met_all {
                return self.break_ties(rows, group, rest, level);
            }
            let h2h: Vec<u32> = names
                .iter()
                .map(|a| {
                    let against = &self.players[*a].against;
                    names
                        .iter()
                        .filter(|b| *b != a)
                        .filter_map(|b| against.get(*b))
                        .flatten()
                        .map(|&h| u32::from(h))
                        .sum()
                })
                .collect();
            for (&i, h) in group.iter().zip(h2h) {
                rows[i].head_to_head_halves = Some(h);
            }
        }
        let mut sorted = group;
        // Stable: players level stay in name order.
        sorted.sort_by_key(|&i| std::cmp::Reverse(value(rows, i)));
        let runs: Vec<Vec<usize>> = sorted
            .chunk_by(|&a, &b| value(rows, a) == value(rows, b))
            .map(<[usize]>::to_vec)
            .collect();
        if runs.len() == 1 {
            return self.break_ties(rows, sorted, rest, level);
        }
        let mut out = Vec::with_capacity(sorted.len());
        for run in runs {
            if run.len() == 1 {
                rows[run[0]].tiebreak = Some(first);
            }
            out.extend(self.break_ties(rows, run, rest, level));
        }
        out
    }
}

/// Ranks the rows in order: a row in the same group (`leaf`) as the one
/// before it shares its rank, and both are marked shared.
fn share_ranks(rows: &mut [Row], leaf: &[usize]) {
    for i in 0..rows.len() {
        let with_previous = i > 0 && leaf[i] == leaf[i - 1];
        rows[i].rank = if with_previous {
            rows[i - 1].rank
        } else {
            i as u32 + 1
        };
        if with_previous {
            rows[i].shared = true;
            rows[i - 1].shared = true;
        }
    }
}

/// A name folded for comparison: lowercase, without any white space.
fn fold(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The groups of two or more names that differ only in case or spacing, each
/// sorted, the groups in order of their first name.
pub(crate) fn name_variants<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<Vec<String>> {
    let mut by_fold: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for name in names {
        let group = by_fold.entry(fold(name)).or_default();
        if !group.iter().any(|n| n == name) {
            group.push(name.to_string());
        }
    }
    let mut groups: Vec<Vec<String>> = by_fold
        .into_values()
        .filter(|g| g.len() > 1)
        .map(|mut g| {
            g.sort();
            g
        })
        .collect();
    groups.sort();
    groups
}

/// A Score tag's value, `S-N` (South's first, as the tag is written), or
/// `None` when it is not two numbers joined by `-`.
pub(crate) fn parse_score(text: &str) -> Option<[u32; 2]> {
    let (s, n) = text.split_once('-')?;
    Some([s.trim().parse().ok()?, n.trim().parse().ok()?])
}

#[cfg(test)]
mod tests {
    #[test]
    fn name_variants_differ_in_case_or_spacing() {
        let names = ["Ade Bello", "ade  bello", "Bola", "AdeBello", "Bola"];
        assert_eq!(
            super::name_variants(names),
            vec![vec!["Ade Bello", "AdeBello", "ade  bello"]]
        );
    }

    #[test]
    fn a_score_is_two_numbers() {
        assert_eq!(super::parse_score("26-22"), Some([26, 22]));
        assert_eq!(super::parse_score(" 26 - 22 "), Some([26, 22]));
        assert_eq!(super::parse_score("26:22"), None);
    }

    use super::*;

    fn names(rows: &[Row]) -> Vec<(u32, &str)> {
        rows.iter().map(|r| (r.rank, r.player.as_str())).collect()
    }

    #[test]
    fn points_then_seed_difference_then_name() {
        let mut t = Standings::default();
        t.add("A", "B", Outcome::SouthWins, [25, 20]);
        t.add("C", "D", Outcome::SouthWins, [30, 10]);
        t.add("B", "D", Outcome::Draw, [24, 24]);
        // A and C: one point each, C +20, A +5. B and D: ½ each, B -5, D -20.
        assert_eq!(names(&t.ranked()), [(1, "C"), (2, "A"), (3, "B"), (4, "D")]);
    }

    #[test]
    fn level_players_share_a_rank() {
        let mut t = Standings::default();
        t.add("Zed", "Amy", Outcome::SouthWins, [25, 20]);
        t.add("Amy", "Zed", Outcome::SouthWins, [25, 20]);
        t.add("Bo", "Cy", Outcome::Draw, [24, 24]);
        let rows = t.ranked();
        assert_eq!(names(&rows), [(1, "Amy"), (1, "Zed"), (3, "Bo"), (3, "Cy")]);
        assert_eq!(rows[0].points(), 1.0);
        assert_eq!(rows[2].points(), 0.5);
        assert_eq!((rows[0].wins, rows[0].losses, rows[0].games()), (1, 1, 2));
        assert_eq!((rows[0].seeds_for, rows[0].seeds_against), (45, 45));
    }

    #[test]
    fn unfinished_games_count_nothing() {
        let mut t = Standings::default();
        assert!(!t.add("A", "B", Outcome::Unknown, [3, 4]));
        assert!(t.is_empty());
        assert!(t.ranked().is_empty());
    }

    #[test]
    fn crosstable_in_rank_order() {
        let mut t = Standings::default();
        t.add("A", "B", Outcome::SouthWins, [25, 20]);
        t.add("B", "A", Outcome::Draw, [24, 24]);
        t.add("A", "C", Outcome::NorthWins, [10, 30]);
        let rows = t.ranked();
        // A 1½ points, C 1, B ½.
        assert_eq!(names(&rows), [(1, "A"), (2, "C"), (3, "B")]);
        assert_eq!(rows[0].cross, [(1, vec![0]), (2, vec![2, 1])]);
        assert_eq!(rows[1].cross, [(0, vec![2])]);
        assert_eq!(rows[2].cross, [(0, vec![0, 1])]);
    }

    #[test]
    fn a_crosstable_costs_its_games_not_its_players_squared() {
        // 20,000 players, each in one game: a square table would hold
        // 4 x 10^8 cells.
        let mut t = Standings::default();
        for k in 0..10_000 {
            t.add(
                &format!("S{k}"),
                &format!("N{k}"),
                Outcome::SouthWins,
                [25, 20],
            );
        }
        let rows = t.ranked();
        assert_eq!(rows.len(), 20_000);
        assert_eq!(rows.iter().map(|r| r.cross.len()).sum::<usize>(), 20_000);
        // The winners share first place, the losers the place after them.
        assert_eq!((rows[0].rank, rows[19_999].rank), (1, 10_001));
    }

    #[test]
    fn hostile_seeds_saturate() {
        let mut t = Standings::default();
        for _ in 0..3 {
            t.add("A", "B", Outcome::SouthWins, [u32::MAX, 0]);
        }
        let rows = t.ranked();
        assert_eq!(rows[0].seeds_for, 3 * u64::from(u32::MAX));
        assert!(rows[0].seed_difference() > 0);
    }

    #[test]
    fn head_to_head_first_then_the_order_asked() {
        let mut t = Standings::default();
        // A and B both end on 2 points; B beat A, but A has the better
        // seeds and Sonneborn-Berger.
        t.add("B", "A", Outcome::SouthWins, [25, 23]);
        t.add("A", "C", Outcome::SouthWins, [30, 10]);
        t.add("A", "D", Outcome::SouthWins, [30, 10]);
        t.add("B", "E", Outcome::SouthWins, [25, 23]);
        t.add("C", "D", Outcome::SouthWins, [25, 23]);
        let rows = t.ranked();
        assert_eq!(names(&rows)[..2], [(1, "B"), (2, "A")]);
        assert_eq!(rows[0].tiebreak, Some(Tiebreak::HeadToHead));
        assert_eq!(
            (rows[0].head_to_head(), rows[1].head_to_head()),
            (Some(1.0), Some(0.0))
        );
        // Seeds first: A's +38 against B's +4.
        let rows = t.ranked_by(&[Tiebreak::SeedDifference, Tiebreak::HeadToHead]);
        assert_eq!(names(&rows)[..2], [(1, "A"), (2, "B")]);
        assert_eq!(rows[0].tiebreak, Some(Tiebreak::SeedDifference));
        // Sonneborn-Berger: A beat C (1 point) and D (0), B beat A (2) and
        // E (0): B 2, A 1.
        let rows = t.ranked_by(&[Tiebreak::SonnebornBerger]);
        assert_eq!(
            (rows[0].player.as_str(), rows[0].sonneborn_berger()),
            ("B", 2.0)
        );
        assert_eq!(rows[1].sonneborn_berger(), 1.0);
        // No tie-break at all: level on points is level.
        let rows = t.ranked_by(&[]);
        assert_eq!(names(&rows)[..2], [(1, "A"), (1, "B")]);
        assert!(rows[0].shared && rows[0].tiebreak.is_none());
    }

    #[test]
    fn head_to_head_is_passed_over_when_not_all_have_met() {
        let mut t = Standings::default();
        t.add("A", "X", Outcome::SouthWins, [25, 20]);
        t.add("B", "Y", Outcome::SouthWins, [30, 10]);
        let rows = t.ranked();
        assert_eq!(names(&rows)[..2], [(1, "B"), (2, "A")]);
        assert_eq!(rows[0].head_to_head(), None);
        assert_eq!(rows[0].tiebreak, Some(Tiebreak::SeedDifference));
    }

    #[test]
    fn tiebreak_names() {
        for t in Tiebreak::DEFAULT {
            assert_eq!(t.short().parse::<Tiebreak>(), Ok(t));
            assert_eq!(t.key().parse::<Tiebreak>(), Ok(t));
        }
        assert_eq!("Head-To-Head".parse::<Tiebreak>(), Ok(Tiebreak::HeadToHead));
        assert!(parse_tiebreaks("").is_err());
        assert!(parse_tiebreaks("sb,buchholz").is_err());
    }

    /// Every record `ayo validate` calls invalid has its errors said, so
    /// that `ayo standings` exits 1 on it as every command does: one whose
    /// illegal move leaves it undecided, and one with a wrong claim (`x9`
    /// for `x7`), which does not change who won.
    #[test]
    fn the_tally_says_why_a_record_is_invalid() {
        use crate::notation::GameReader;
        let text = "[South \"A\"]\n[North \"B\"]\n\n1. c c 0-1\n\n\
                    [South \"A\"]\n[North \"C\"]\n\n1. cx9 *\n\n\
                    [South \"A\"]\n[North \"D\"]\n\n1. c C *\n";
        let mut tally = Tally::new(None, crate::replay::Options::default());
        let mut said = Vec::new();
        for raw in GameReader::new(text.as_bytes()) {
            let raw = raw.unwrap();
            let d = tally.add("t.ayo", &raw, raw.parse());
            said.push(d.iter().filter(|d| d.is_error()).count());
        }
        assert_eq!(said, [1, 1, 0]);
        let report = tally.finish();
        let table = &report.tables[0];
        // The illegal move: not counted, and why; the other two are
        // unfinished (`*`).
        assert_eq!(table.apart.len(), 3, "{:?}", table.apart);
        assert!(table.apart[0].why.to_string().contains("invalid"));
    }

    #[test]
    fn scores() {
        assert_eq!(parse_score("0-0"), Some([0, 0]));
        assert_eq!(parse_score("24-"), None);
        assert_eq!(parse_score("-24"), None);
        assert_eq!(parse_score("1-2-3"), None);
        assert_eq!(parse_score("99999999999-1"), None);
    }
}
