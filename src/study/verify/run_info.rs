//! How a verification was run, for the provenance of its reports.

use crate::engine::ValueOptions;
use crate::run::Provenance;
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
