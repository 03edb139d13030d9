//! The figures of a whole corpus, read across cores: [`Stats::read`].

use super::Stats;
use crate::corpus::input::{Games, InputError};
use crate::corpus::parallel::Reporter;
use crate::notation::{RawGame, SyntaxError};
use crate::replay::{Game, Options};

impl Stats {
    /// The figures of every game of `games`, each replayed with `options`
    /// on `jobs` threads and counted alone, the counts merged in input
    /// order (they are sums: the figures do not depend on `jobs`). Replay
    /// traced (see [`Stats::add`]) for laps to be counted.
    ///
    /// A game that does not parse is counted as such; one over the size
    /// limit is also handed to `too_large` (every reader reports those).
    /// What could not be read goes to the reporter as a note.
    ///
    /// ```
    /// use ayo::corpus::input::{Games, InputError};
    /// use ayo::corpus::parallel::Reporter;
    /// use ayo::corpus::stats::Stats;
    /// use ayo::replay::Options;
    ///
    /// struct Notes(Vec<InputError>);
    /// impl Reporter for Notes {
    ///     type Note = InputError;
    ///     type Error = Box<dyn std::error::Error + Send + Sync>;
    ///     fn note(&mut self, note: InputError) {
    ///         self.0.push(note);
    ///     }
    /// }
    ///
    /// let dir = tempfile::tempdir().unwrap();
    /// let path = dir.path().join("club.ayo");
    /// std::fs::write(&path, "1. cx7 Fx2 2. d *\n\n1. ! *\n").unwrap();
    /// let games = Games::new(vec![path.display().to_string()]);
    /// let mut notes = Notes(Vec::new());
    /// let stats = Stats::read(games, &Options::default(), 2, &mut notes, |_, _, _, _| {}).unwrap();
    /// let s: serde_json::Value = serde_json::from_str(&stats.render(None).unwrap()).unwrap();
    /// let counts = (&s["game_count"], &s["valid_count"], &s["unparsed_count"]);
    /// assert_eq!((counts.0.as_u64(), counts.1.as_u64(), counts.2.as_u64()), (Some(2), Some(1), Some(1)));
    /// assert_eq!(s["laps_per_move"]["count"], 3);
    /// ```
    pub fn read<R: Reporter>(
        games: Games,
        options: &Options,
        jobs: usize,
        reporter: &mut R,
        mut too_large: impl FnMut(&mut R, &str, &RawGame, &SyntaxError),
    ) -> Result<Stats, R::Error>
    where
        R::Note: From<InputError>,
    {
        let mut stats = Stats::default();
        let work = |_: &str, raw: &RawGame| -> Result<Result<Stats, SyntaxError>, R::Error> {
            Ok(raw.parse().map(|record| {
                let mut one = Stats::default();
                one.add(&Game::replay(record, options));
                one
            }))
        };
        let sink = |reporter: &mut R, file: &str, raw: &RawGame, one| {
            match one {
                Ok(one) => stats.merge(one),
                Err(e) => {
                    if raw.too_large.is_some() {
                        too_large(reporter, file, raw, &e);
                    }
                    stats.add_unparsed();
                }
            }
            Ok(())
        };
        games.ordered(jobs, reporter, work, sink)?;
        Ok(stats)
    }
}

#[cfg(test)]
mod tests {
    use std::error::Error;

    use super::*;

    struct Notes;

    impl Reporter for Notes {
        type Note = InputError;
        type Error = Box<dyn Error + Send + Sync>;

        fn note(&mut self, _: InputError) {}
    }

    /// One job and several give the same figures; a game over the size
    /// limit is reported and counted as one that does not parse.
    #[test]
    fn the_same_on_any_number_of_jobs() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.ayo");
        let mut text = String::new();
        for k in 0..50 {
            text.push_str(match k % 5 {
                0 => "1. ! *\n\n",
                1 => "1. c A 2. d *\n\n",
                2 => "1. cx7 Fx2 2. d *\n\n",
                3 => "[Comment \"a long tag to pass the limit\"]\n\n1. b *\n\n",
                _ => "1. e 1-0\n\n",
            });
        }
        std::fs::write(&path, text).unwrap();
        let options = Options::default();
        let run = |jobs| {
            let games = Games::new(vec![path.display().to_string()]).max_game_bytes(40);
            let mut large = 0;
            let stats = Stats::read(games, &options, jobs, &mut Notes, |_, _, _, _| large += 1);
            (stats.unwrap(), large)
        };
        let (one, large) = run(1);
        assert_eq!(large, 10);
        assert_eq!(one.to_json().unparsed_count, 20);
        assert_eq!(run(4), (one, large));
    }
}
