//! N+k queens: the placements of n + k non-attacking queens and k walls on an n × n board
//! (OEIS A103330 for k = 1, A129551 for k = 2, A129553 for k = 3), counted three ways:
//! - `rows`: the row-by-row counter of [`crate::check::NkCounter`], walls chosen as the search
//!   goes, the 8 symmetries of the square (or the left-right mirror) cutting the work; it lists
//!   nothing and knows no classes;
//! - `classes`: every symmetry class of k-wall sets ([`WallClasses`](crate::board::WallClasses)), each representative's
//!   placements counted by the same row step with its walls fixed
//!   ([`crate::check::count_row_perfect`]), weighed by the orbit size: a second symmetry
//!   reduction, and the count per class and per board;
//! - `sat`: the same classes, each counted by SAT enumeration of exactly n + k queens
//!   ([`crate::engine::count`]), every placement checked.
//!
//! The work is cut into items (prefix tasks, or classes), the items into chunks kept in a
//! [`crate::study::chunk_store::ChunkStore`] by the one chunked run
//! ([`crate::study::chunked_run`]), so a run resumes, shards (`--shard`) and merges
//! (`queensat merge`, or `--merge-from`).

mod count;
mod count_file;
mod sat;
mod symmetric;
mod table;

pub use count::{
    CountCheck, Mirroring, NkClass, NkMethod, NkOptions, NkReport, NkSpec, PerClass, check_request, count_nk,
    merge_nk, methods_agree,
};
pub use symmetric::{FixedConfigurations, UpToSymmetry, up_to_symmetry};
pub use table::{DEFAULT_CHUNK, DEFAULT_DEPTH, DEFAULT_ROOT, NkEvent, NkTableRun, NkTableSpec, count_table};
