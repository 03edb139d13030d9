//! Working on many records at once: reading the games of many inputs
//! ([`input`]), across cores with results in input order ([`parallel`]),
//! checking them all ([`validate`]), choosing games by what they say and how
//! they play ([`select`]), and finding such games across many inputs ([`duplicates`]).
//!
//! ```
//! use ayo::corpus::select::{Criteria, Selection};
//! use ayo::notation::GameReader;
//! use ayo::replay::Options;
//!
//! let text = b"[Event \"Club night\"]\n[Round \"2\"]\n\n1. cx7 *";
//! let criteria = Criteria::default().tag("Round=2").unwrap();
//! let selection = Selection::new(criteria, Options::default());
//! let raw = GameReader::new(&text[..]).next().unwrap().unwrap();
//! assert!(selection.picks(&raw));
//! ```

pub mod duplicates;
pub mod input;
pub(crate) mod key;
pub mod parallel;
pub mod select;
pub mod standings;
pub mod stats;
pub mod validate;

/// An I/O error's text without its `(os error N)`, as people say it (the
/// messages of this module's errors name the file themselves).
pub(crate) fn plain(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}
