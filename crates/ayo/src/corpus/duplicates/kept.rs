//! `drop`: every game printed as written, but those that repeat an earlier
//! one (and, if asked, the records cut short).

use std::collections::{HashMap, HashSet};
use std::io::Write;

use super::{Error, Runner, Scan};
use crate::corpus::key::{Group, Kind};
use crate::corpus::select::Printer;

/// What [`Scan::write_kept`] left out, with the groups (numbered from 1, as
/// in the [`Report`](super::Report) of the same inputs) they came from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kept {
    /// The games keyed.
    pub games: usize,
    /// The games left out, repeats and records cut short together.
    pub dropped: usize,
    /// The games left out as repeats of an earlier game.
    pub repeats: usize,
    /// The groups of those repeats, in order, each once.
    pub repeat_groups: Vec<usize>,
    /// The records cut short left out.
    pub cut: usize,
    /// The groups of those records, in order, each once.
    pub cut_groups: Vec<usize>,
}

impl Scan {
    /// Writes every game, as written, except those that repeat an earlier
    /// game (the same main line and players; the first of each duplicate
    /// group is kept) and, with `drop_prefixes`, the records cut short that a
    /// longer game of the same players continues (found by a second pass).
    /// Games are set off by blank lines, each as written. A game that could
    /// not be read the first time is not written.
    pub fn write_kept<R: Runner>(
        self,
        runner: &mut R,
        drop_prefixes: bool,
        out: &mut impl Write,
    ) -> Result<Kept, R::Error> {
        let groups = if drop_prefixes {
            self.groups(runner, false)?.0
        } else {
            self.index.groups(self.options.moves_only)
        };
        let (kept, dropped) = self.leave_out(&groups, drop_prefixes);
        self.print_kept(&dropped, out)?;
        Ok(kept)
    }

    /// The games to leave out, by (input, number), and what they are.
    fn leave_out(&self, groups: &[Group], drop_prefixes: bool) -> (Kept, HashSet<(u32, u32)>) {
        let index = &self.index;
        // Each game's group in the report: the one that holds it with the
        // game it repeats (its duplicate group, or with `moves_only` its main
        // line's).
        let mut group_of: HashMap<usize, usize> = HashMap::new();
        for (n, g) in groups.iter().enumerate() {
            let holds = match g.kind {
                Kind::Duplicate => true,
                Kind::SameMoves => self.options.moves_only,
                Kind::Prefix => false,
            };
            if holds {
                for &id in &g.games {
                    group_of.insert(id, n + 1);
                }
            }
        }
        let repeats: Vec<usize> = index.repeats().into_iter().map(|(id, _)| id).collect();
        let repeat_groups = repeats
            .iter()
            .filter_map(|id| group_of.get(id).copied())
            .collect();
        let repeated: HashSet<usize> = repeats.iter().copied().collect();
        let mut cut: Vec<usize> = Vec::new();
        let mut cut_groups: Vec<usize> = Vec::new();
        if drop_prefixes {
            for (n, g) in groups.iter().enumerate() {
                if g.kind != Kind::Prefix {
                    continue;
                }
                let (short, long) = g.games.split_at(g.short);
                for &s in short.iter().filter(|s| !repeated.contains(s)) {
                    if long.iter().any(|&l| index.same_players(s, l)) {
                        cut.push(s);
                        cut_groups.push(n + 1);
                    }
                }
            }
        }
        let dropped: HashSet<(u32, u32)> = repeats
            .iter()
            .chain(&cut)
            .map(|&id| (self.places[id].input, self.places[id].game))
            .collect();
        let kept = Kept {
            games: index.len(),
            dropped: dropped.len(),
            repeats: repeats.len(),
            repeat_groups: sorted(repeat_groups),
            cut: cut.len(),
            cut_groups: sorted(cut_groups),
        };
        (kept, dropped)
    }

    /// Reads every input again and writes its games but those `dropped`.
    fn print_kept(&self, dropped: &HashSet<(u32, u32)>, out: &mut impl Write) -> Result<(), Error> {
        let mut printer = Printer::default();
        for k in 0..self.names.len() {
            // An input that could not be opened was reported by the first
            // pass.
            if !self.opened[k] {
                continue;
            }
            for raw in self.reopen(k)? {
                // A read error ends the input, as it ended the first pass,
                // which reported it.
                let Ok(raw) = raw else { break };
                // A game over the size limit was reported, and its text not
                // kept.
                if raw.too_large.is_some() || dropped.contains(&(k as u32, raw.index as u32 + 1)) {
                    continue;
                }
                printer.original(out, &raw).map_err(Error::Write)?;
            }
        }
        Ok(())
    }
}

/// Group numbers in order, each once.
fn sorted(mut groups: Vec<usize>) -> Vec<usize> {
    groups.sort_unstable();
    groups.dedup();
    groups
}
