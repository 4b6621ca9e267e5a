//! The start of a value search, before any solver call: the greedy placement, the
//! combinatorial and the checked LP bounds, the local or tabu search, and the packing LP of the
//! cut rounds. Every placement here passes the independent checker before it counts.

use super::options::ValueOptions;
use crate::board::{Board, Coord, Placement};
use crate::check::check_placement;
use crate::engine::bounds::{UpperBound, greedy_placement, upper_bound};
use crate::engine::lp::bound::{LpBound, lp_bound_if, tighten};
use crate::engine::lp::dive::PackingLp;
use crate::engine::primal::{VALUE_RUNS, value_start};
use crate::engine::tabu::climb;
use crate::run::deadline::Deadline;
use crate::run::progress::Reporter;
use std::time::Instant;

/// Boards with at least this many free cells also start from the local search's placement:
/// below, the SAT calls it would save take milliseconds.
pub(super) const LOCAL_SEARCH_MIN_FREE_CELLS: usize = 150;

/// From this many free cells on, where the LP bound is computed, the tabu search leads the
/// primal side: [`climb`] from the greedy placement towards the checked LP bound, and no local
/// search. Against climbs from the local search's placement (one run, 0.1–0.4 s), on 15
/// lattices of 27×27 to 40×40 (one run each, process CPU s): 31.64 → 30.46 s in all, 40×40
/// step-4 lattice 0.44 → 0.14 s, and the 32×32 step-4 lattice, whose climbs then end a queen
/// short, 0.72 → 1.34 s (docs/bench.md, "A tabu search one queen further"). Below it the
/// climbs cost more than they gain, since there the start falls short because the bound is
/// above the value, and solver calls are cheap: on the 12×12 to 24×24 boards of `make
/// bench-large` (one run each, process CPU s, four local-search runs, then the climbs) 16×16
/// step-4 lattice 0.05 → 0.48 s, 20×20 step 5 0.17 → 0.88 s, 24×24 step 5 2.00 → 2.81 s, 72.1
/// → 75.6 s in all. The 28×28 lattices have 735 and 748 free cells.
pub(super) const TABU_MIN_FREE_CELLS: usize = 700;

/// Where a value search starts.
#[derive(Clone)]
pub(super) struct Start {
    pub greedy: Placement,
    /// The local search's placement, where it ran.
    pub local: Option<Placement>,
    /// The tabu search's, where it ran.
    pub tabu: Option<Placement>,
    /// The best of them: the answer of a search stopped before any call beat it.
    pub best: Placement,
    /// The best upper bound known: the combinatorial one, or the checked LP bound below it.
    pub ub: UpperBound,
    pub lp: Option<LpBound>,
    /// The packing LP after the cut rounds, while a call is left to find a placement the start
    /// lacks (its point is a guess, and the dives start from it).
    pub packing: Option<PackingLp>,
}

/// The cells the checked certificate forces empty in every placement of `t` queens: the local
/// search and the dives leave them out at first.
pub(super) fn barred(lp: &Option<LpBound>, t: usize) -> Vec<Coord> {
    lp.as_ref().map(|l| l.checked.forced(t).empty).unwrap_or_default()
}

/// The start of the value search on `board`, the heuristics stopped by `deadline`.
pub(super) fn start(
    board: &Board,
    opts: &ValueOptions,
    deadline: Deadline,
    progress: &Reporter,
) -> anyhow::Result<Start> {
    let over = deadline.stop_test();
    let greedy = greedy_placement(board);
    let ub = upper_bound(board);
    let mut lp = lp_bound_if(board, opts.lp, &over)?;
    if let Some(l) = &lp {
        note_lp(progress, l);
    }
    let tabu_leads = board.free_cells().len() >= TABU_MIN_FREE_CELLS && lp.is_some();
    // What the primal heuristics aim at: the best upper bound known.
    let aim = lp.as_ref().map_or(ub.bound, |l| l.checked.bound().min(ub.bound));
    // Where the tabu search leads, its climbs start from the greedy placement: from there they
    // reached the same counts on 4 of the 5 lattices of the bench set, without the local
    // search's 0.1–0.4 s (TABU_MIN_FREE_CELLS).
    let local = (!tabu_leads && board.free_cells().len() >= LOCAL_SEARCH_MIN_FREE_CELLS)
        .then(|| local_search(board, &greedy, aim, &barred(&lp, aim), &over, progress));
    // The greedy placement is the answer of a search stopped before anything beat it.
    check_start(board, &greedy, "the greedy placement")?;
    let mut best = greedy.clone();
    if let Some(p) = &local {
        check_start(board, p, "the local search's placement")?;
        if p.len() > best.len() {
            best = p.clone();
        }
    }
    // Where the tabu search leads, it climbs from the start towards the checked LP bound, a
    // queen at a time: on the wall lattices the local search stopped a queen or two short, and
    // the climbs reach most of their values (40×40 step-5 lattice 9.9 → 0.2 s).
    let tabu = (tabu_leads && best.len() < aim).then(|| tabu_climb(board, &best, aim, &over, progress));
    if let Some(p) = &tabu {
        check_start(board, p, "the tabu search's placement")?;
        best = p.clone();
    }
    let packing = cut_rounds(board, &best, &mut lp, &over, progress)?;
    Ok(Start {
        greedy,
        local,
        tabu,
        best,
        ub: with_lp_bound(ub, &lp),
        lp,
        packing,
    })
}

/// The start of the value search on `board` from `best`, a placement an earlier start found
/// there (a cube run's, kept in its folder): the bounds and the cut rounds as [`start`] has
/// them from that placement, without the heuristics that found it, stopped by `deadline`.
pub(super) fn start_from(
    board: &Board,
    opts: &ValueOptions,
    best: Placement,
    deadline: Deadline,
    progress: &Reporter,
) -> anyhow::Result<Start> {
    let over = deadline.stop_test();
    check_start(board, &best, "the kept start's placement")?;
    let mut lp = lp_bound_if(board, opts.lp, &over)?;
    let packing = cut_rounds(board, &best, &mut lp, &over, progress)?;
    Ok(Start {
        greedy: greedy_placement(board),
        local: None,
        tabu: None,
        best,
        ub: with_lp_bound(upper_bound(board), &lp),
        lp,
        packing,
    })
}

/// Says on the progress line what the segment LP gave and the bound its certificate proves.
fn note_lp(progress: &Reporter, l: &LpBound) {
    progress.note(|| {
        format!(
            "value: segment LP {:.3}, checked bound {} ({:.2} s)",
            l.lp_value,
            l.checked.bound(),
            l.seconds
        )
    })
}

/// Fails unless the independent checker passes a placement of the start (`what` names it).
fn check_start(board: &Board, p: &Placement, what: &str) -> anyhow::Result<()> {
    check_placement(board, p).map_err(|v| anyhow::anyhow!("internal error: {what} fails the checker: {v}"))
}

/// The local search's placement from the greedy one, aimed at `aim` queens and leaving the
/// `barred` cells out at first.
fn local_search(
    board: &Board,
    greedy: &Placement,
    aim: usize,
    barred: &[Coord],
    over: &dyn Fn() -> bool,
    progress: &Reporter,
) -> Placement {
    let t = Instant::now();
    let p = value_start(board, greedy, aim, barred, VALUE_RUNS, over);
    progress.note(|| {
        format!(
            "value: local search {} queens, aimed at {} ({:.2} s)",
            p.len(),
            aim,
            t.elapsed().as_secs_f64()
        )
    });
    p
}

/// The tabu search's climbs from `best` towards `aim` queens.
fn tabu_climb(
    board: &Board,
    best: &Placement,
    aim: usize,
    over: &dyn Fn() -> bool,
    progress: &Reporter,
) -> Placement {
    let t = Instant::now();
    let p = climb(board, best, aim, over);
    progress.note(|| {
        format!(
            "value: tabu search {} queens, aimed at {aim} ({:.2} s)",
            p.len(),
            t.elapsed().as_secs_f64()
        )
    });
    p
}

/// Whether the best placement of the start falls short of the checked LP bound.
fn short_of_lp(best: &Placement, lp: &Option<LpBound>) -> bool {
    lp.as_ref().is_some_and(|l| best.len() < l.checked.bound())
}

/// The cut rounds, which may lower the LP bound in `lp`; the packing LP they leave, while a call
/// is left to find a placement the start lacks (their bound may have closed the gap).
fn cut_rounds(
    board: &Board,
    best: &Placement,
    lp: &mut Option<LpBound>,
    over: &dyn Fn() -> bool,
    progress: &Reporter,
) -> anyhow::Result<Option<PackingLp>> {
    // Cut rounds only when the start placement falls short of the fixed cliques' bound: where
    // it meets it, they cost an LP solve or two and settle nothing. Only then is the call that
    // finds the value hard, and the packing LP gives guesses and dives (below).
    let mut packing = None;
    if short_of_lp(best, lp)
        && let Some(t) = tighten(board, over)?
    {
        if let Some(l) = t.bound {
            note_lp(progress, &l);
            *lp = Some(l);
        }
        packing = Some(t.packing);
    }
    Ok(packing.filter(|_| short_of_lp(best, lp)))
}

/// The combinatorial bound `ub`, or the checked LP bound where that is lower.
fn with_lp_bound(ub: UpperBound, lp: &Option<LpBound>) -> UpperBound {
    match lp {
        Some(l) if l.checked.bound() < ub.bound => UpperBound {
            bound: l.checked.bound(),
            reason: format!("LP dual certificate (checked; LP optimum {:.3})", l.lp_value),
        },
        _ => ub,
    }
}
