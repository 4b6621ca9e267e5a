//! Both starts of a size, found once and stored in the spec: the partition where the exact
//! search finds one, else packing climbed by a solver cut at a count of conflicts and covering
//! shrunk by local and exact search. Invariant: the same in every run and shard (no clock
//! decides), so every cube asks one beyond the same start.

use crate::board::Placement;
use crate::encode::Goal;
use crate::run::interrupt::{Interrupted, stop_requested};
use crate::solve::{Backend, SolveIncremental as _, SolverResult};
use crate::study::cover::options::CoverOptions;
use crate::study::cover::run::SEARCH_TESTS;
use crate::study::cover::search::{CoverSearch, search_cover};
use crate::study::cover::selection::{fits, selection_solver};
use crate::study::cover::start::{squares, start_selection};
use anyhow::ensure;

/// Conflicts each call of the packing start's climb may take: it stops at the first call that
/// does not answer yes within them. (10×10, CaDiCaL: greedy 6, the climb finds 8 = the optimum
/// in about 0.4 s of CPU.)
const START_CONFLICTS: u32 = 20_000;

/// Both starts of the n×n board, each checked: the partition into n solutions where the exact
/// search finds one (the best of both); else packing, the greedy one climbed by the first
/// built-in solver that counts conflicts, each call cut at [`START_CONFLICTS`]; covering, the
/// greedy cover shrunk by local search and then by the exact search while it finds covers. The
/// same in every run and shard; a stop signal leaves none.
pub(super) fn cover_starts(
    n: usize,
    sols: &[Placement],
    opts: &CoverOptions,
) -> anyhow::Result<(Vec<usize>, Option<Vec<usize>>)> {
    let stop = stop_requested;
    let sq = squares(n, sols);
    let exact = |k: usize| match search_cover(n, &sq, k, SEARCH_TESTS, &stop) {
        CoverSearch::Found { selection, .. } => Some(selection),
        _ => None,
    };
    let (pack, cover) = match exact(n) {
        Some(p) => (p.clone(), Some(p)),
        None => {
            let mut cover = start_selection(n, sols, Goal::Cover, &stop);
            while let Some(k) = cover.as_ref().map(Vec::len).filter(|&l| l > n + 1) {
                match exact(k - 1) {
                    Some(c) => cover = Some(c),
                    None => break,
                }
            }
            let greedy = start_selection(n, sols, Goal::Pack, &stop).unwrap_or_default();
            (pack_climb(n, sols, opts, greedy)?, cover)
        }
    };
    // A start cut short by a stop signal is not the one a rerun would find.
    ensure!(!stop_requested(), Interrupted);
    ensure!(
        fits(n, sols, Goal::Pack, &pack),
        "internal error: the start's packing overlaps"
    );
    if let Some(c) = &cover {
        ensure!(
            fits(n, sols, Goal::Cover, c),
            "internal error: the start's cover misses a square"
        );
    }
    Ok((pack, cover))
}

/// `from` climbed by a solver that counts conflicts, each call cut at [`START_CONFLICTS`]
/// (`from` itself without such a solver).
fn pack_climb(
    n: usize,
    sols: &[Placement],
    opts: &CoverOptions,
    from: Vec<usize>,
) -> anyhow::Result<Vec<usize>> {
    let Some(backend) = Backend::available().into_iter().find(Backend::limits_conflicts) else {
        return Ok(from);
    };
    let (model, mut solver) =
        selection_solver(n, sols, Goal::Pack, opts.amo, 0, opts.symmetry_breaking, &backend)?;
    solver.set_stop(stop_requested);
    let mut best = from;
    while let Some(assumps) = model.at_least(best.len() + 1) {
        solver.limit_conflicts(START_CONFLICTS)?;
        match solver.solve_assumps(&assumps)? {
            SolverResult::Sat => best = model.decode(|l| solver.is_true(l)),
            SolverResult::Unsat | SolverResult::Interrupted => break,
        }
        ensure!(
            fits(n, sols, Goal::Pack, &best),
            "internal error: a packing overlaps"
        );
    }
    Ok(best)
}
