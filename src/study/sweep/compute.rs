//! The work of one chunk: its classes evaluated in order by one evaluator (one solver, for
//! the SAT engines), each placement checked and each value proved as it is found, and, when
//! asked, every value compared with a second method. Invariant: a chunk's rows depend only on
//! the chunk, never on threads, shards or earlier runs; only its seconds vary.

use super::chunk::ChunkDoc;
use super::evaluate::{Engine, Evaluator, Start, compare_with_bnb, count_optimal_by_tree};
use super::packed::{ChunkRows, PackedRows};
use super::plan::Plan;
use super::spec::SweepSpec;
use crate::board::{Board, Cell, CellSet, Placement};
use crate::check::bnb_value;
use crate::io::ClassRow;
use crate::run::interrupt::{check_stop, stop_requested, unless_stopped};
use crate::run::{thread_cpu_seconds, thread_cpu_since};
use crate::solve::Backend;
use crate::study::chunked_run::ChunkId;

/// Evaluates one chunk with one solver (or, for the tree engine, none unless cross-checking).
pub(super) fn compute_chunk<const W: usize>(
    plan: &Plan<W>,
    spec: &SweepSpec,
    backend: &Backend,
    id: &ChunkId,
    cross_check: bool,
    tick: &(dyn Fn(u64) + Sync),
) -> anyhow::Result<ChunkDoc> {
    let masks = plan.masks(id);
    let shape = Board::new(spec.rows, spec.cols)?;
    // The branch and bound's optima start the searches (and are compared with the proved
    // values below, as the cross-check's are); timed apart from the SAT work.
    let seeded = spec.engine == Engine::Reuse && spec.start == Start::Bnb;
    let bnb_start = thread_cpu_seconds();
    let starts = if seeded {
        bnb_starts(plan, masks)?
    } else {
        vec![None; masks.len()]
    };
    let seeded_bnb = seeded.then(|| thread_cpu_since(bnb_start));
    let start = thread_cpu_seconds();
    let e = evaluate_classes(plan, spec, backend, &shape, masks, starts, tick)?;
    let evaluated = thread_cpu_since(start) - e.count_seconds;
    let calls = e.calls;
    // (SAT seconds, solver calls, branch-and-bound seconds, tree seconds).
    let (sat_seconds, sat_calls, bnb_seconds, tree_seconds) = if spec.engine == Engine::Tree {
        if cross_check {
            let (sat_seconds, sat_calls) =
                cross_check_by_sat(plan, backend, &shape, masks, &e.rows.unpack())?;
            (sat_seconds, calls + sat_calls, Some(evaluated), Some(evaluated))
        } else {
            (0.0, calls, None, Some(evaluated))
        }
    } else if seeded_bnb.is_some() {
        (evaluated + e.count_seconds, calls, seeded_bnb, None)
    } else if cross_check {
        let bnb_seconds = cross_check_by_bnb(plan, masks, &e.rows)?;
        (evaluated + e.count_seconds, calls, Some(bnb_seconds), None)
    } else {
        (evaluated + e.count_seconds, calls, None, None)
    };
    Ok(ChunkDoc {
        walls: id.walls,
        chunk: id.chunk,
        first_class: id.first,
        rows: ChunkRows::Packed(e.rows),
        sat_seconds,
        sat_calls,
        bnb_seconds,
        tree_seconds,
    })
}

/// The branch and bound's value and optimum of each class, where the reuse engine's searches
/// start. A stop signal ends a long search inside a board: the chunk is not written.
fn bnb_starts<const W: usize>(
    plan: &Plan<W>,
    masks: &[CellSet<W>],
) -> anyhow::Result<Vec<Option<(usize, Placement)>>> {
    let start = |m| unless_stopped(bnb_value(&plan.ws.board(m), stop_requested)).map(Some);
    masks.iter().map(start).collect()
}

/// A chunk's classes as evaluated: their rows, and what the evaluation cost.
struct Evaluation {
    rows: PackedRows,
    /// Solver calls, the counts' included.
    calls: u64,
    /// SAT seconds spent counting (the reuse engine's enumeration; the tree counts by its own
    /// search, part of its seconds).
    count_seconds: f64,
}

/// Evaluates the classes `masks` in order with one evaluator, each from its start when there is
/// one (then its value is compared with the start's), counting the optimal placements when the
/// sweep counts.
fn evaluate_classes<const W: usize>(
    plan: &Plan<W>,
    spec: &SweepSpec,
    backend: &Backend,
    shape: &Board,
    masks: &[CellSet<W>],
    mut starts: Vec<Option<(usize, Placement)>>,
    tick: &(dyn Fn(u64) + Sync),
) -> anyhow::Result<Evaluation> {
    let mut ev = Evaluator::new(shape, spec.engine, backend);
    let mut count_seconds = 0.0;
    let mut rows = PackedRows::with_capacity(masks.len());
    let mut calls = 0;
    // One board, its walls those of each class in turn: none is allocated per class.
    let mut b = shape.clone();
    // The class's cells in reading order, as `b.walls()` lists them.
    let cells = |m: &CellSet<W>| m.iter().map(|i| (i / spec.cols, i % spec.cols));
    for (m, seed) in masks.iter().zip(&mut starts) {
        check_stop()?;
        for w in cells(m) {
            b.set(w, Cell::Wall);
        }
        let seed = seed.take();
        let bnb = seed.as_ref().map(|s| s.0);
        let e = ev.evaluate(&b, seed.map(|s| s.1))?;
        calls += e.sat_calls as u64;
        if let Some(v) = bnb {
            compare_with_bnb(&b, e.value, v)?;
        }
        let optimal = match (spec.count_optimal, spec.engine) {
            (false, _) => None,
            (true, Engine::Tree) => Some(count_optimal_by_tree(&b, e.value)?),
            (true, _) => {
                let t = thread_cpu_seconds();
                let (n, c) = ev.count_optimal(&b, e.value)?;
                count_seconds += thread_cpu_since(t);
                calls += c as u64;
                Some(n)
            }
        };
        for w in cells(m) {
            b.set(w, Cell::Free);
        }
        rows.push(
            cells(m),
            e.value,
            e.placement.queens(),
            plan.ws.orbit_size(m),
            optimal,
        );
        tick(1);
    }
    Ok(Evaluation {
        rows,
        calls,
        count_seconds,
    })
}

/// The tree engine's rows against SAT: one UNSAT call per class, from the tree's placement,
/// and the count by enumeration (also for the rows of a chunk read back). Gives the SAT
/// seconds and solver calls.
pub(super) fn cross_check_by_sat<const W: usize>(
    plan: &Plan<W>,
    backend: &Backend,
    shape: &Board,
    masks: &[CellSet<W>],
    rows: &[ClassRow],
) -> anyhow::Result<(f64, u64)> {
    let t = thread_cpu_seconds();
    let mut sat = Evaluator::new(shape, Engine::Reuse, backend);
    let mut sat_calls = 0;
    for (m, r) in masks.iter().zip(rows) {
        check_stop()?;
        let b = &plan.ws.board(m);
        let e = sat.evaluate(b, Some(r.queens.clone()))?;
        sat_calls += e.sat_calls as u64;
        compare_with_bnb(b, e.value, r.value)?;
        if let Some(tree_count) = r.optimal {
            let (n, c) = sat.count_optimal(b, r.value)?;
            sat_calls += c as u64;
            anyhow::ensure!(
                n == tree_count,
                "cross-check failed on {b:?}: SAT enumeration counts {n} placements of {} queens, the counting tree {tree_count}",
                r.value
            );
        }
    }
    Ok((thread_cpu_since(t), sat_calls))
}

/// A SAT engine's rows against the branch and bound's values; gives its seconds.
fn cross_check_by_bnb<const W: usize>(
    plan: &Plan<W>,
    masks: &[CellSet<W>],
    rows: &PackedRows,
) -> anyhow::Result<f64> {
    let t = thread_cpu_seconds();
    for (m, r) in masks.iter().zip(&rows.unpack()) {
        let b = &plan.ws.board(m);
        compare_with_bnb(b, r.value, unless_stopped(bnb_value(b, stop_requested))?.0)?;
    }
    Ok(thread_cpu_since(t))
}
