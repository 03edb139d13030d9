//! `--laps`, which `annotate` and `moves` share.

use ayo::output::table::Laps;

/// `--laps`: how much of each relay a table shows (`annotate`, `moves`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LapsShown {
    /// Each lap's origin and seeds: `c4 A5 F5 e6 E6`.
    Compact,
    /// Each lap with every pit sown: `c4:defA A5:BCDEF ...`.
    Full,
}

impl LapsShown {
    /// How much of each relay a table shows.
    pub fn laps(self) -> Laps {
        match self {
            LapsShown::Compact => Laps::Compact,
            LapsShown::Full => Laps::Full,
        }
    }
}
