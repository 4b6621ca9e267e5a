//! Verifying the published study's files: every row's claim re-checked on its own board
//! ([`verify_claim`]), the verdicts tallied per file ([`verify_file`]), the author's printed
//! summaries re-counted from the engine's own values ([`verify_summary`]), and the reports
//! ([`render`]).

mod claim;
mod file;
pub mod render;
mod summary;

pub use claim::{BoardClaim, RefutedKind, Verdict, verify_claim};
pub use file::{
    BoardSide, ClaimKind, FileOptions, FileReport, RowResult, board_side, side_in_path, verify_file,
};
pub use summary::{CheckedLine, SummaryOptions, SummaryReport, is_summary, verify_summary};

use crate::engine::{Provenance, ValueOptions};
use serde::Serialize;

/// How a verification was run, as its report states it.
#[derive(Clone, Debug, Serialize)]
pub struct RunInfo {
    /// The command that made the report, when and where.
    #[serde(flatten)]
    pub provenance: Provenance,
    pub solver: String,
    pub amo: &'static str,
    pub count: &'static str,
    /// Threads that checked rows in parallel.
    pub threads: usize,
    /// CPU seconds of the whole verification (all threads).
    pub seconds: f64,
}

impl RunInfo {
    /// This invocation, with `opts`; `seconds` is set when the work is done.
    pub fn new(opts: &ValueOptions) -> RunInfo {
        RunInfo {
            provenance: Provenance::now(),
            solver: opts.backend.to_string(),
            amo: opts.base.amo.name(),
            count: opts.base.count.name(),
            threads: rayon::current_num_threads(),
            seconds: 0.0,
        }
    }
}
