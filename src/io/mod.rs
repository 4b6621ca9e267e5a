//! Files in and out: whole-or-nothing writes, and (later) DIMACS/WCNF/OPB formats.

mod atomic;
mod published;

pub use atomic::write_atomic;
pub use published::{CellSet, ClaimRow, PublishedFile, PublishedFormat, parse_published};
