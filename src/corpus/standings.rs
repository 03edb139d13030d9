//! Tournament standings: each finished game's result added to its players'
//! lines, then ranked by points (1 a win, ½ a draw) with the seed difference as
//! the tie-break. No I/O: `ayo standings` reads the games and prints the table.
//!
//! Players are told apart by their names exactly as written (trimmed), as in
//! a results sheet: [`name_variants`] finds the names that differ only in
//! case or spacing, for a note, without merging them.
//!
//! ```
//! use ayo::corpus::standings::Standings;
//! use ayo::notation::Outcome;
//!
//! let mut table = Standings::default();
//! table.add("Ade", "Bola", Outcome::SouthWins, [26, 20]);
//! table.add("Bola", "Chidi", Outcome::SouthWins, [25, 23]);
//! table.add("Chidi", "Ade", Outcome::SouthWins, [25, 21]);
//! // One point each: Ade (47 for, 45 against) and Chidi (48, 46) are level
//! // on the tie-break too, and share first place; Bola (45, 49) is third.
//! let rows = table.ranked();
//! let ranks: Vec<(u32, &str)> = rows.iter().map(|r| (r.rank, r.player.as_str())).collect();
//! assert_eq!(ranks, [(1, "Ade"), (1, "Chidi"), (3, "Bola")]);
//! assert_eq!((rows[0].points_halves, rows[0].seed_difference()), (2, 2));
//! ```

use std::collections::{BTreeMap, HashMap};

use crate::notation::Outcome;

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

/// One player's row of a ranked table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// From 1. Players level on points and seed difference share a rank
    /// (1, 2, 2, 4).
    pub rank: u32,
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

    /// Seeds for minus seeds against: the tie-break.
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

    /// The table: most points first, then the greater seed difference, then
    /// by name (byte order) among players who share a rank.
    pub fn ranked(&self) -> Vec<Row> {
        let mut rows: Vec<Row> = self
            .players
            .iter()
            .map(|(name, l)| Row {
                rank: 0,
                player: name.clone(),
                wins: l.wins,
                draws: l.draws,
                losses: l.losses,
                points_halves: 2 * l.wins + l.draws,
                seeds_for: l.seeds_for,
                seeds_against: l.seeds_against,
                cross: Vec::new(),
            })
            .collect();
        let level = |r: &Row| (r.points_halves, r.seed_difference());
        rows.sort_by(|a, b| {
            level(b)
                .cmp(&level(a))
                .then_with(|| a.player.cmp(&b.player))
        });
        for i in 0..rows.len() {
            rows[i].rank = if i > 0 && level(&rows[i]) == level(&rows[i - 1]) {
                rows[i - 1].rank
            } else {
                i as u32 + 1
            };
        }
        let place: HashMap<String, usize> = rows
            .iter()
            .enumerate()
            .map(|(i, r)| (r.player.clone(), i))
            .collect();
        for row in &mut rows {
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
        rows
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
///
/// ```
/// use ayo::corpus::standings::name_variants;
///
/// let names = ["Ade Bello", "ade  bello", "Bola", "AdeBello", "Bola"];
/// assert_eq!(name_variants(names), vec![vec!["Ade Bello", "AdeBello", "ade  bello"]]);
/// ```
pub fn name_variants<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<Vec<String>> {
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
///
/// ```
/// use ayo::corpus::standings::parse_score;
///
/// assert_eq!(parse_score("26-22"), Some([26, 22]));
/// assert_eq!(parse_score(" 26 - 22 "), Some([26, 22]));
/// assert_eq!(parse_score("26:22"), None);
/// ```
pub fn parse_score(text: &str) -> Option<[u32; 2]> {
    let (s, n) = text.split_once('-')?;
    Some([s.trim().parse().ok()?, n.trim().parse().ok()?])
}

#[cfg(test)]
mod tests {
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
    fn scores() {
        assert_eq!(parse_score("0-0"), Some([0, 0]));
        assert_eq!(parse_score("24-"), None);
        assert_eq!(parse_score("-24"), None);
        assert_eq!(parse_score("1-2-3"), None);
        assert_eq!(parse_score("99999999999-1"), None);
    }
}
