//! One solution of the n-queens problem for huge n: min-conflicts local search or the
//! explicit construction, each answer re-checked by [`crate::check::check_columns`].
//!
//! A solution is a column list: `col[r]` is the 0-based column of the queen in row `r`.

mod constructive;
mod free_columns;
mod lines;
mod memory;
mod minconflicts;
mod prefetch;
pub(crate) mod rng;
mod small;

pub use constructive::{constructive, constructive_column};
pub use memory::{estimate_bytes, peak_memory_bytes};
pub use minconflicts::{MinConflictsStats, min_conflicts, min_conflicts_with_progress};
pub use small::first_solution;

use crate::board::{Board, MAX_SIDE, Placement};
use crate::check::{check_columns, check_placement};
use crate::run::progress::Reporter;
use crate::run::provenance::{cpu_since, process_cpu_seconds};
use serde::Serialize;
use std::time::Instant;

crate::choices! {
/// How to find the solution.
pub enum Method {
    /// Greedy start and min-conflicts repair (seeded, random restarts).
    #[default]
    MinConflicts = "minconflicts",
    /// The explicit O(n) construction (n mod 6 case analysis).
    Constructive = "constructive",
}
}

/// The answer for one n.
#[derive(Clone, Debug, Serialize)]
pub struct NQueensAnswer {
    pub n: usize,
    /// `minconflicts`, `constructive`, or `exhaustive` (n < 4, whatever was asked).
    pub method: &'static str,
    /// The solution, or `None` when exhaustive search shows there is none.
    #[serde(skip)]
    pub solution: Option<Vec<u32>>,
    pub solved: bool,
    /// Min-conflicts statistics.
    pub stats: Option<MinConflictsStats>,
    pub solve_seconds: f64,
    /// CPU time of the solve (wall time counts other jobs on a shared machine too).
    pub solve_cpu_seconds: Option<f64>,
    /// What re-checked the solution, and how long it took.
    pub checked_by: String,
    pub check_seconds: f64,
    pub check_cpu_seconds: Option<f64>,
}

/// Finds one solution for side `n ≥ 1` and re-checks it with the O(n) checker (and with
/// [`check_placement`] where the board fits [`Board`]). `progress` hears about the phases.
pub fn solve_nqueens(
    n: usize,
    method: Method,
    seed: u64,
    progress: &Reporter,
) -> anyhow::Result<NQueensAnswer> {
    anyhow::ensure!(n >= 1, "n must be at least 1 (got {n})");
    let (t, cpu) = (Instant::now(), process_cpu_seconds());
    let (solution, method_name, stats) = if n < 4 {
        (first_solution(n).0, "exhaustive", None)
    } else {
        match method {
            Method::MinConflicts => {
                let (col, stats) = min_conflicts_with_progress(n, seed, progress)?;
                (Some(col), "minconflicts", Some(stats))
            }
            Method::Constructive => (Some(constructive(n)?), "constructive", None),
        }
    };
    let solve_seconds = t.elapsed().as_secs_f64();
    let solve_cpu_seconds = Some(cpu_since(cpu));
    let (t, cpu) = (Instant::now(), process_cpu_seconds());
    let mut checked_by = String::from("none (no solution)");
    if let Some(col) = &solution {
        progress.note(|| "checking the solution".into());
        check_columns(col)
            .map_err(|v| anyhow::anyhow!("internal error: the {method_name} answer fails the check: {v}"))?;
        checked_by = "check_columns".into();
        if n <= MAX_SIDE {
            let board = Board::square(n)?;
            let p = Placement::new(col.iter().enumerate().map(|(r, &c)| (r, c as usize)).collect());
            check_placement(&board, &p).map_err(|v| {
                anyhow::anyhow!("internal error: the {method_name} answer fails check_placement: {v}")
            })?;
            checked_by.push_str(" + check_placement");
        }
    }
    Ok(NQueensAnswer {
        n,
        method: method_name,
        solved: solution.is_some(),
        solution,
        stats,
        solve_seconds,
        solve_cpu_seconds,
        checked_by,
        check_seconds: t.elapsed().as_secs_f64(),
        check_cpu_seconds: Some(cpu_since(cpu)),
    })
}
