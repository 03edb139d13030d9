//! The integration tests of `ayo-notation`: one binary, one module a subject.

mod cutter;
mod reference;
