//! Files ayo writes: what they are named and how they are written.
//!
//! Every command of ayo that writes files goes through this crate (the `ayo`
//! library re-exports it as `ayo::files`), so that the promises below hold
//! everywhere at once, the endgame tables' files included:
//!
//! - [`name`]: the one output-name function. A tag value or an input's name
//!   becomes a file name that stays inside the folder it was given, is safe on
//!   every file system (Windows-reserved names included), and never collides
//!   with another name of the same run, compared without case.
//! - [`write`](mod@write): the one safe-write code. A file is written to a temporary
//!   file beside it and renamed into place, so a link is never followed and a
//!   reader never sees half a file; a file already there is an error unless
//!   the caller forces it. A file rewritten in place ([`write::InPlace`])
//!   keeps its permissions and owner, and is left alone if it changed since
//!   it was read. Temporary files have a documented name, so that a signal
//!   handler removes them and a later run sweeps those a killed run left.
//! - [`batch`]: several files into one folder, all or none: each written to a
//!   hidden temporary file there, and every name checked before any file is
//!   put in place.
//!
//! # Public API
//!
//! - [`name`]: [`Names`](name::Names) (one run's names, no two alike), with
//!   [`Names::stem`](name::Names::stem),
//!   [`Names::input_stem`](name::Names::input_stem) and
//!   [`Names::MAX_STEM`](name::Names::MAX_STEM).
//! - [`write`](mod@write): [`write_new`](write::write_new)
//!   ([`Existing`](write::Existing) says whether a file there may be
//!   replaced); [`InPlace`](write::InPlace) rewrites files one after
//!   another ([`InPlace::read`](write::InPlace::read),
//!   [`InPlace::replace`](write::InPlace::replace)) with their
//!   [`Snapshot`](write::Snapshot), [`HardLinks`](write::HardLinks),
//!   [`Refused`](write::Refused) (found in an error by
//!   [`Refused::of`](write::Refused::of)); temporaries:
//!   [`HeldBack::remove_temporaries`](write::HeldBack::remove_temporaries)
//!   and [`sweep_stale`](write::sweep_stale).
//! - [`batch`]: [`Batch`](batch::Batch), its [`Slot`](batch::Slot)s, and
//!   [`Refused`](batch::Refused).

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod batch;
pub mod name;
pub mod write;
