//! Output formats. They read replayed [`Game`](crate::replay::Game)s and never
//! re-derive rules.

pub mod analyze;
pub mod board;
pub mod compare;
pub mod html;
pub mod import;
pub mod json;
pub mod moves;
pub mod standings;
pub mod stats;
pub mod svg;
pub mod table;
