//! Output formats. They read replayed [`Game`](crate::replay::Game)s and never
//! re-derive rules.

pub mod analyze;
pub mod board;
pub mod compare;
pub mod duplicates;
pub mod html;
pub mod json;
pub mod moves;
pub mod standings;
pub mod stats;
pub mod svg;
pub mod table;
pub mod tables;

/// `"s"` after a count other than one: `format!("{n} game{}", plural(n))`.
/// Every text output counts with it, so that no line says "1 moves".
pub(crate) fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}
