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

use crate::engine::ValueOptions;
use serde::Serialize;

/// How a verification was run, as its report states it.
#[derive(Clone, Debug, Serialize)]
pub struct RunInfo {
    /// The command line that made the report.
    pub command: String,
    pub solver: String,
    pub amo: &'static str,
    pub count: &'static str,
    /// Threads that checked rows in parallel.
    pub threads: usize,
    pub host: String,
    pub seconds: f64,
}

impl RunInfo {
    /// The run of `command` on `host` with `opts`; `seconds` is set when the work is done.
    pub fn new(command: String, host: String, opts: &ValueOptions) -> RunInfo {
        RunInfo {
            command,
            solver: opts.backend.to_string(),
            amo: opts.base.amo.name(),
            count: opts.base.count.name(),
            threads: rayon::current_num_threads(),
            host,
            seconds: 0.0,
        }
    }
}
