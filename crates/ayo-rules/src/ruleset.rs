//! Rulesets: the rule keys of RULES.md ("Rule keys"), their presets, and the ruleset string
//! (`endodoi pits=12 seeds=3`).

use std::fmt;
use std::str::FromStr;

/// The smallest number of pits in a row.
pub(crate) const MIN_PITS: u8 = 2;
/// The largest number of pits in a row: one letter of the alphabet each.
pub(crate) const MAX_PITS: u8 = 26;
/// The smallest `seeds` (seeds in each pit at the start).
pub(crate) const MIN_SEEDS: u8 = 1;
/// The largest `seeds`.
pub(crate) const MAX_SEEDS: u8 = 100;

/// When a lap skips the pit it was lifted from (`skip-origin`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SkipOrigin {
    /// A lap of at least a full circle (2 × pits seeds) skips its origin (Russ).
    Lap,
    /// Only a lap of more than a full circle skips its origin (Italian Wikipedia).
    BeyondLap,
    /// No lap ever skips its origin (Endodoi).
    Never,
}

/// Whether the seed that makes a capture goes to the store with the captured seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureSeed {
    /// The capturing seed goes to the store too (Russ).
    Captured,
    /// The capturing seed stays in its pit.
    Stays,
}

/// Whether a move must leave seeds in an opponent's row that was empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Feeding {
    /// A move that leaves an empty opponent row empty is illegal (Russ).
    Compulsory,
    /// No feeding obligation (Endodoi).
    None,
}

/// Who gets the seeds left on the board when a player cannot move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leftovers {
    /// All go to the opponent of the player who cannot move (Russ).
    Opponent,
    /// Each row's seeds go to the owner of that row.
    Owner,
}

/// When the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// As soon as a store holds more than half of all seeds (Russ).
    Majority,
    /// Only when the player to move has no legal move.
    Exhaustion,
}

/// One value for every rule key of RULES.md ("Rule keys").
///
/// The fields are private so that every `Ruleset` is one its own string parses
/// back to: `pits` stays within [`Ruleset::MIN_PITS`]..=[`Ruleset::MAX_PITS`] and `seeds` within
/// [`Ruleset::MIN_SEEDS`]..=[`Ruleset::MAX_SEEDS`]. Build one from a preset or a string and change
/// it with the `with_*` setters; the numeric ones check their range.
///
/// ```
/// use ayo_rules::{Ruleset, SkipOrigin};
///
/// let r = Ruleset::RUSS.with_pits(8)?.with_skip_origin(SkipOrigin::Never);
/// assert_eq!(r.to_string(), "russ pits=8 skip-origin=never");
/// assert!(Ruleset::RUSS.with_pits(30).is_err());
/// # Ok::<(), ayo_rules::RulesetError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    pits: u8,
    seeds: u8,
    skip_origin: SkipOrigin,
    capture_seed: CaptureSeed,
    feeding: Feeding,
    leftovers: Leftovers,
    end: End,
}

/// A named starting point of a ruleset string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Preset {
    /// Russ 1984: every key at its default. Also spelled `ayoayo`.
    Russ,
    /// `skip-origin=never feeding=none`.
    Endodoi,
}

impl Preset {
    /// Every preset, in the order the canonical string prefers them.
    pub const ALL: [Preset; 2] = [Preset::Russ, Preset::Endodoi];

    /// The preset's canonical name.
    #[inline]
    pub fn name(self) -> &'static str {
        match self {
            Preset::Russ => "russ",
            Preset::Endodoi => "endodoi",
        }
    }

    /// The ruleset this preset stands for.
    pub fn ruleset(self) -> Ruleset {
        match self {
            Preset::Russ => Ruleset::RUSS,
            Preset::Endodoi => Ruleset {
                skip_origin: SkipOrigin::Never,
                feeding: Feeding::None,
                ..Ruleset::RUSS
            },
        }
    }
}

/// The rule keys, in canonical order.
pub(crate) const KEYS: [&str; 7] = [
    "pits",
    "seeds",
    "skip-origin",
    "capture-seed",
    "feeding",
    "leftovers",
    "end",
];

const PRESET_NAMES: &str = "russ, ayoayo, endodoi";
/// The presets' names, for suggestions.
const PRESETS: [&str; 3] = ["russ", "ayoayo", "endodoi"];

/// ` (did you mean `pits`?)` when `word` is a slip for one of `known` (as a
/// misspelt tag name is), else nothing.
fn did_you_mean(word: &str, known: &[&str]) -> String {
    ayo_spelling::close_to(word, known)
        .map(|k| format!(" (did you mean `{k}`?)"))
        .unwrap_or_default()
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset::RUSS
    }
}

impl Ruleset {
    /// The fewest pits in a row.
    pub const MIN_PITS: u8 = MIN_PITS;
    /// The most pits in a row: one letter of the alphabet each.
    pub const MAX_PITS: u8 = MAX_PITS;
    /// The fewest seeds in each pit at the start.
    pub const MIN_SEEDS: u8 = MIN_SEEDS;
    /// The most seeds in each pit at the start.
    pub const MAX_SEEDS: u8 = MAX_SEEDS;
    /// The rule keys of a ruleset string, in canonical order.
    pub const KEYS: [&str; 7] = KEYS;

    /// Russ 1984, the default.
    pub const RUSS: Ruleset = Ruleset {
        pits: 6,
        seeds: 4,
        skip_origin: SkipOrigin::Lap,
        capture_seed: CaptureSeed::Captured,
        feeding: Feeding::Compulsory,
        leftovers: Leftovers::Opponent,
        end: End::Majority,
    };

    /// Pits in each row, [`Ruleset::MIN_PITS`] to [`Ruleset::MAX_PITS`].
    #[inline]
    pub fn pits(&self) -> u8 {
        self.pits
    }

    /// Seeds in each pit at the start, [`Ruleset::MIN_SEEDS`] to [`Ruleset::MAX_SEEDS`].
    #[inline]
    pub fn seeds(&self) -> u8 {
        self.seeds
    }

    /// `skip-origin`.
    #[inline]
    pub fn skip_origin(&self) -> SkipOrigin {
        self.skip_origin
    }

    /// `capture-seed`.
    #[inline]
    pub fn capture_seed(&self) -> CaptureSeed {
        self.capture_seed
    }

    /// `feeding`.
    #[inline]
    pub fn feeding(&self) -> Feeding {
        self.feeding
    }

    /// `leftovers`.
    #[inline]
    pub fn leftovers(&self) -> Leftovers {
        self.leftovers
    }

    /// `end`.
    #[inline]
    pub fn end(&self) -> End {
        self.end
    }

    /// The same ruleset with `pits` pits a row; `Err` outside
    /// [`Ruleset::MIN_PITS`]..=[`Ruleset::MAX_PITS`].
    #[inline]
    pub fn with_pits(self, pits: u8) -> Result<Ruleset, RulesetError> {
        in_range("pits", pits, MIN_PITS, MAX_PITS)?;
        Ok(Ruleset { pits, ..self })
    }

    /// The same ruleset with `seeds` seeds a pit at the start; `Err` outside
    /// [`Ruleset::MIN_SEEDS`]..=[`Ruleset::MAX_SEEDS`].
    #[inline]
    pub fn with_seeds(self, seeds: u8) -> Result<Ruleset, RulesetError> {
        in_range("seeds", seeds, MIN_SEEDS, MAX_SEEDS)?;
        Ok(Ruleset { seeds, ..self })
    }

    /// The same ruleset with another `skip-origin` ruling.
    #[inline]
    pub fn with_skip_origin(self, skip_origin: SkipOrigin) -> Ruleset {
        Ruleset {
            skip_origin,
            ..self
        }
    }

    /// The same ruleset with another `capture-seed` ruling.
    #[inline]
    pub fn with_capture_seed(self, capture_seed: CaptureSeed) -> Ruleset {
        Ruleset {
            capture_seed,
            ..self
        }
    }

    /// The same ruleset with another `feeding` ruling.
    #[inline]
    pub fn with_feeding(self, feeding: Feeding) -> Ruleset {
        Ruleset { feeding, ..self }
    }

    /// The same ruleset with another `leftovers` ruling.
    #[inline]
    pub fn with_leftovers(self, leftovers: Leftovers) -> Ruleset {
        Ruleset { leftovers, ..self }
    }

    /// The same ruleset with another `end` ruling.
    #[inline]
    pub fn with_end(self, end: End) -> Ruleset {
        Ruleset { end, ..self }
    }

    /// The value of a key as it is written in a ruleset string.
    pub fn value(&self, key: &str) -> Option<String> {
        Some(match key {
            "pits" => self.pits.to_string(),
            "seeds" => self.seeds.to_string(),
            "skip-origin" => match self.skip_origin {
                SkipOrigin::Lap => "lap",
                SkipOrigin::BeyondLap => "beyond-lap",
                SkipOrigin::Never => "never",
            }
            .into(),
            "capture-seed" => match self.capture_seed {
                CaptureSeed::Captured => "captured",
                CaptureSeed::Stays => "stays",
            }
            .into(),
            "feeding" => match self.feeding {
                Feeding::Compulsory => "compulsory",
                Feeding::None => "none",
            }
            .into(),
            "leftovers" => match self.leftovers {
                Leftovers::Opponent => "opponent",
                Leftovers::Owner => "owner",
            }
            .into(),
            "end" => match self.end {
                End::Majority => "majority",
                End::Exhaustion => "exhaustion",
            }
            .into(),
            _ => return None,
        })
    }

    /// Sets one key from its text, as an override in a ruleset string does.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesetError> {
        let bad = |allowed: &'static str| RulesetError::UnknownValue {
            key: key.to_string(),
            value: value.to_string(),
            allowed,
        };
        match key {
            "pits" => self.pits = number(key, value, MIN_PITS, MAX_PITS)?,
            "seeds" => self.seeds = number(key, value, MIN_SEEDS, MAX_SEEDS)?,
            "skip-origin" => {
                self.skip_origin = match value {
                    "lap" => SkipOrigin::Lap,
                    "beyond-lap" => SkipOrigin::BeyondLap,
                    "never" => SkipOrigin::Never,
                    _ => return Err(bad("lap, beyond-lap, never")),
                }
            }
            "capture-seed" => {
                self.capture_seed = match value {
                    "captured" => CaptureSeed::Captured,
                    "stays" => CaptureSeed::Stays,
                    _ => return Err(bad("captured, stays")),
                }
            }
            "feeding" => {
                self.feeding = match value {
                    "compulsory" => Feeding::Compulsory,
                    "none" => Feeding::None,
                    _ => return Err(bad("compulsory, none")),
                }
            }
            "leftovers" => {
                self.leftovers = match value {
                    "opponent" => Leftovers::Opponent,
                    "owner" => Leftovers::Owner,
                    _ => return Err(bad("opponent, owner")),
                }
            }
            "end" => {
                self.end = match value {
                    "majority" => End::Majority,
                    "exhaustion" => End::Exhaustion,
                    _ => return Err(bad("majority, exhaustion")),
                }
            }
            _ => return Err(RulesetError::UnknownKey(key.to_string())),
        }
        Ok(())
    }

    /// The keys on which this ruleset differs from `base`, in canonical order.
    fn overrides_from(&self, base: &Ruleset) -> Vec<(&'static str, String)> {
        KEYS.iter()
            .filter_map(|&k| {
                let v = self.value(k)?;
                (base.value(k).as_deref() != Some(v.as_str())).then_some((k, v))
            })
            .collect()
    }

    /// Seeds on the board at the start.
    #[inline]
    pub fn total_seeds(&self) -> u32 {
        2 * u32::from(self.pits) * u32::from(self.seeds)
    }
}

fn in_range(key: &str, n: u8, min: u8, max: u8) -> Result<(), RulesetError> {
    if (min..=max).contains(&n) {
        Ok(())
    } else {
        Err(RulesetError::OutOfRange {
            key: key.to_string(),
            value: n.to_string(),
            min,
            max,
        })
    }
}

fn number(key: &str, value: &str, min: u8, max: u8) -> Result<u8, RulesetError> {
    let out_of_range = || RulesetError::OutOfRange {
        key: key.to_string(),
        value: value.to_string(),
        min,
        max,
    };
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(out_of_range());
    }
    match value.parse::<u8>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(out_of_range()),
    }
}

/// Why a ruleset string was refused. Each variant names the offending word.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError {
    /// Nothing but white space.
    #[error("empty ruleset: expected a preset ({PRESET_NAMES}) and optional key=value overrides")]
    Empty,
    /// The first word is not a preset.
    #[error("unknown preset `{0}`{hint}: expected one of {PRESET_NAMES}", hint = did_you_mean(.0, &PRESETS))]
    UnknownPreset(String),
    /// An override without `=`.
    #[error("`{0}` is not a key=value override (keys: {keys})", keys = KEYS.join(", "))]
    NotAnOverride(String),
    /// An override naming no rule key.
    #[error("unknown rule key `{0}`{hint}: expected one of {keys}", hint = did_you_mean(.0, &KEYS), keys = KEYS.join(", "))]
    UnknownKey(String),
    /// A value the key does not take.
    #[error("unknown value `{value}` for `{key}`: expected one of {allowed}")]
    UnknownValue {
        /// The key.
        key: String,
        /// The refused value.
        value: String,
        /// The values the key takes.
        allowed: &'static str,
    },
    /// A number outside the key's range.
    #[error("`{key}={value}` is out of range: expected a whole number from {min} to {max}")]
    OutOfRange {
        /// The key.
        key: String,
        /// The refused value.
        value: String,
        /// Smallest allowed.
        min: u8,
        /// Largest allowed.
        max: u8,
    },
    /// A key set twice.
    #[error("rule key `{0}` is given twice")]
    DuplicateKey(String),
}

impl FromStr for Ruleset {
    type Err = RulesetError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // Only ASCII white space separates words: a ruleset string is ASCII,
        // and an ideographic space (U+3000) inside one is a typo to report,
        // not a separator to accept.
        let mut words = s.split_ascii_whitespace();
        let preset = words.next().ok_or(RulesetError::Empty)?;
        let mut rules = match preset {
            "russ" | "ayoayo" => Preset::Russ.ruleset(),
            "endodoi" => Preset::Endodoi.ruleset(),
            _ => return Err(RulesetError::UnknownPreset(preset.to_string())),
        };
        let mut seen: Vec<&str> = Vec::new();
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| RulesetError::NotAnOverride(word.to_string()))?;
            rules.set(key, value)?;
            if seen.contains(&key) {
                return Err(RulesetError::DuplicateKey(key.to_string()));
            }
            seen.push(key);
        }
        Ok(rules)
    }
}

impl fmt::Display for Ruleset {
    /// The canonical string: the preset needing the fewest overrides (the first
    /// preset on a tie), then those overrides in key order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut best = (Preset::Russ, self.overrides_from(&Ruleset::RUSS));
        for p in Preset::ALL {
            let o = self.overrides_from(&p.ruleset());
            if o.len() < best.1.len() {
                best = (p, o);
            }
        }
        let (preset, overrides) = best;
        f.write_str(preset.name())?;
        for (k, v) in overrides {
            write!(f, " {k}={v}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_overrides() {
        assert_eq!("russ".parse::<Ruleset>().unwrap(), Ruleset::RUSS);
        assert_eq!("ayoayo".parse::<Ruleset>().unwrap(), Ruleset::RUSS);
        let e: Ruleset = "endodoi pits=12 seeds=3".parse().unwrap();
        assert_eq!(e.pits, 12);
        assert_eq!(e.seeds, 3);
        assert_eq!(e.skip_origin, SkipOrigin::Never);
        assert_eq!(e.feeding, Feeding::None);
        let r: Ruleset = "russ capture-seed=stays".parse().unwrap();
        assert_eq!(r.capture_seed, CaptureSeed::Stays);
    }

    #[test]
    fn canonical_strings() {
        let cases = [
            ("ayoayo", "russ"),
            ("russ skip-origin=never feeding=none", "endodoi"),
            ("endodoi seeds=3 pits=12", "endodoi pits=12 seeds=3"),
            ("endodoi skip-origin=lap", "russ feeding=none"),
            (
                "russ end=exhaustion capture-seed=stays skip-origin=beyond-lap",
                "russ skip-origin=beyond-lap capture-seed=stays end=exhaustion",
            ),
            ("russ leftovers=owner", "russ leftovers=owner"),
        ];
        for (input, canonical) in cases {
            let r: Ruleset = input.parse().unwrap();
            assert_eq!(r.to_string(), canonical, "{input}");
            assert_eq!(canonical.parse::<Ruleset>().unwrap(), r);
        }
    }

    #[test]
    fn errors_name_the_word_and_what_is_allowed() {
        let err = |s: &str| s.parse::<Ruleset>().unwrap_err().to_string();
        insta::assert_snapshot!(err(""), @"empty ruleset: expected a preset (russ, ayoayo, endodoi) and optional key=value overrides");
        insta::assert_snapshot!(err("oware"), @"unknown preset `oware`: expected one of russ, ayoayo, endodoi");
        insta::assert_snapshot!(err("russ pits"), @"`pits` is not a key=value override (keys: pits, seeds, skip-origin, capture-seed, feeding, leftovers, end)");
        insta::assert_snapshot!(err("russ houses=6"), @"unknown rule key `houses`: expected one of pits, seeds, skip-origin, capture-seed, feeding, leftovers, end");
        insta::assert_snapshot!(err("russ feeding=optional"), @"unknown value `optional` for `feeding`: expected one of compulsory, none");
        insta::assert_snapshot!(err("russ pits=27"), @"`pits=27` is out of range: expected a whole number from 2 to 26");
        insta::assert_snapshot!(err("russ seeds=0"), @"`seeds=0` is out of range: expected a whole number from 1 to 100");
        insta::assert_snapshot!(err("russ seeds=-4"), @"`seeds=-4` is out of range: expected a whole number from 1 to 100");
        insta::assert_snapshot!(err("russ pits=8 pits=8"), @"rule key `pits` is given twice");
        // Only ASCII white space separates words: an ideographic space
        // (U+3000) does not.
        insta::assert_snapshot!(err("russ\u{3000}pits=8"), @"unknown preset `russ\u{3000}pits=8`: expected one of russ, ayoayo, endodoi");
        assert_eq!("russ\tpits=8\n".parse::<Ruleset>().map(|r| r.pits()), Ok(8));
    }

    /// A slip in a key or a preset is named as a misspelt tag is.
    #[test]
    fn slips_get_a_did_you_mean() {
        let err = |s: &str| s.parse::<Ruleset>().unwrap_err().to_string();
        insta::assert_snapshot!(err("russ pit=8"), @"unknown rule key `pit` (did you mean `pits`?): expected one of pits, seeds, skip-origin, capture-seed, feeding, leftovers, end");
        insta::assert_snapshot!(err("russ skip-orign=never"), @"unknown rule key `skip-orign` (did you mean `skip-origin`?): expected one of pits, seeds, skip-origin, capture-seed, feeding, leftovers, end");
        insta::assert_snapshot!(err("russ Seeds=3"), @"unknown rule key `Seeds` (did you mean `seeds`?): expected one of pits, seeds, skip-origin, capture-seed, feeding, leftovers, end");
        insta::assert_snapshot!(err("endodo pits=8"), @"unknown preset `endodo` (did you mean `endodoi`?): expected one of russ, ayoayo, endodoi");
    }
}
