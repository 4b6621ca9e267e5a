//! microlp in slices of its time budget, so that an LP solve looks at the caller's stop test
//! (a time limit, Ctrl-C) while it runs: microlp itself only knows a duration.

use microlp::{Problem, Solution, SolveOptions, SolveOutcome};
use std::time::Duration;

/// How long the LP runs between two looks at the caller's stop test (wall clock: microlp's
/// budget is a duration, resumed slice by slice; see [`solve_in_slices`]).
pub const LP_SLICE: Duration = Duration::from_millis(100);

/// Solves `lp` to its optimum in slices of microlp's time budget, looking at `stop` between
/// them; `None` once `stop` says so. microlp looks at its deadline before each phase's first
/// step, so a slice shorter than a resume's set-up would make no progress: a slice without a
/// simplex step doubles the next.
pub fn solve_in_slices(
    lp: &Problem,
    stop: &dyn Fn() -> bool,
    slice: Duration,
) -> anyhow::Result<Option<Solution>> {
    let mut opts = SolveOptions::default();
    opts.time_limit = Some(slice);
    finish_in_slices(
        lp.solve_with(opts).map_err(|e| lp_failed("the LP", e))?,
        stop,
        slice,
    )
}

/// Resumes `outcome` (whose time limit was `slice`) to its optimum as [`solve_in_slices`]
/// does; an edit of a solution (a cut, a fixed variable) keeps that limit.
pub fn finish_in_slices(
    mut outcome: SolveOutcome,
    stop: &dyn Fn() -> bool,
    slice: Duration,
) -> anyhow::Result<Option<Solution>> {
    let mut budget = slice;
    let mut steps = outcome.stats().lp_iterations;
    while !outcome.is_optimal() {
        if stop() {
            return Ok(None);
        }
        let mut resume = outcome.last_resume_options();
        resume.time_limit = Some(budget);
        outcome = outcome.resume_with(resume).map_err(|e| lp_failed("the LP", e))?;
        let now = outcome.stats().lp_iterations;
        if now == steps {
            budget *= 2;
        }
        steps = now;
    }
    match outcome {
        SolveOutcome::Solution(s) => Ok(Some(s)),
        SolveOutcome::Interrupted(_) => unreachable!("an optimal outcome holds a solution"),
    }
}

/// microlp's error `e`, saying which LP (`what`) failed.
pub fn lp_failed(what: &str, e: microlp::Error) -> anyhow::Error {
    anyhow::anyhow!("{what}: {e}")
}
