//! Least walls for q queens: the fewest walls that let q non-attacking queens fit on an
//! `r × c` board, a witness board, the proof, and optionally every board with that many walls.
//!
//! One incremental solver holds the [`WallModel`], "at least q queens" and an incremental
//! "at most w walls". The search either tightens w from a first board down until UNSAT
//! ([`WallSearch::Down`]) or raises it from a counting lower bound until SAT
//! ([`WallSearch::Up`]); the first board may come from the annealing of
//! `start` instead (checked like a solver's answer, it only moves where the search
//! starts); either way the minimum rests on an UNSAT answer at minimum − 1, or on
//! the row bound [`wall_lower_bound`] when the minimum equals it (none is needed when no wall
//! is); with `certify` that UNSAT answer is backed by a DRAT proof an external checker accepted.
//! With the slack cuts, each wall bound is assumed together with its [`WallModel::slack_bounds`];
//! with `fresh_bounds`, each bound goes to a fresh solver instead (`engine::ask_wall_bound`).
//! The count of the least boards is `count`. A search stopped by its time limit or Ctrl-C reports no minimum but the bounds it had
//! ([`Stopped`]): the fewest walls of a checked board, and the row bound or a refuted bound.

use super::bounds::{most_queens_any_board, proved_lower_bound, row_bound_proof, wall_lower_bound};
use super::count::count_boards;
use super::options::{LeastWallsOptions, WallSearch};
use super::report::{FoundBoard, LeastWallsReport, Stopped, Witness};
use super::run::{BoundReply, Run};
use crate::board::{Board, Placement};
use crate::encode::WallModel;
use crate::engine::{ValueOptions, certify_least_walls, value_to_the_end};
use crate::run::deadline::Deadline;
use crate::run::{cpu_since, process_cpu_seconds};
use crate::solve::{Certificate, ProofDir, proof_checker};
use anyhow::ensure;
use std::rc::Rc;
use std::time::Instant;

/// The largest board least-walls takes, in cells (20×20; the results go to 12×12).
pub const MAX_CELLS: usize = 400;

/// Finds the least number of walls for `queens` queens on a `rows × cols` board; the report
/// says whether it rests on an external solver's UNSAT that nothing checked
/// ([`crate::engine::certified`]): the minimum's refutation (unless certified), a stopped
/// search's lower bound, or a complete count.
pub fn least_walls(
    rows: usize,
    cols: usize,
    queens: usize,
    opts: &LeastWallsOptions,
) -> anyhow::Result<LeastWallsReport> {
    let mut r = search(rows, cols, queens, opts)?;
    let b = &opts.backend;
    let minimum = r.stopped.is_none() && r.least_walls.is_some_and(|w| w > 0) && !r.row_bound;
    let checked = r.certificate.as_ref().is_some_and(|c| c.certified);
    let lower = r.stopped.is_some() && r.calls.iter().any(|c| c.answer.is_solver_unsat());
    let counted = r.count.as_ref().is_some_and(|c| c.complete);
    r.certified =
        crate::engine::certified(b, minimum, checked) && crate::engine::certified(b, lower || counted, false);
    Ok(r)
}

fn search(
    rows: usize,
    cols: usize,
    queens: usize,
    opts: &LeastWallsOptions,
) -> anyhow::Result<LeastWallsReport> {
    ensure!(
        rows * cols <= MAX_CELLS,
        "a {rows}x{cols} board is beyond what least-walls is meant for (at most {MAX_CELLS} cells)"
    );
    let start = Instant::now();
    let cpu_start = process_cpu_seconds();
    let mut report = LeastWallsReport {
        rows,
        cols,
        queens,
        impossible: None,
        least_walls: None,
        witness: None,
        proof: String::new(),
        stopped: None,
        start: None,
        calls: Vec::new(),
        count: None,
        solver: opts.backend.name().to_string(),
        attack: opts.model.attack.name().to_string(),
        queen_count: opts.model.count.name().to_string(),
        lex_leader: opts.model.lex_leader,
        necessary_walls: opts.model.necessary_walls,
        slack_cuts: opts.model.slack_cuts,
        fresh_bounds: opts.fresh_bounds,
        search: opts.search,
        stats: None,
        row_bound: false,
        certificate: None,
        certify_cpu_seconds: 0.0,
        certified: true,
        minimise_seconds: 0.0,
        seconds: 0.0,
        minimise_cpu_seconds: 0.0,
        cpu_seconds: 0.0,
    };
    let most = most_queens_any_board(rows, cols);
    if queens > most {
        report.impossible = Some(format!(
            "no {rows}x{cols} board admits {queens} queens: its {most} 2x2 blocks hold at most \
             one queen each (the cells of a block are adjacent, and no wall fits between)"
        ));
        report.proof = "impossible by the 2x2 block bound".into();
        report.seconds = start.elapsed().as_secs_f64();
        report.cpu_seconds = cpu_since(cpu_start);
        return Ok(report);
    }
    ensure!(
        !opts.fresh_bounds || !(opts.model.lex_leader || opts.model.necessary_walls),
        "--fresh-bounds asks the certificate's CNF, which has neither the lex-leader nor the \
         necessary-walls rule: drop --lex-leader on / --necessary-walls true, or --fresh-bounds"
    );
    if opts.certify {
        // An outside checker that is not there fails before the search, not after it.
        proof_checker()?;
    }
    let mut solver = opts.backend.make();
    let model = WallModel::encode(rows, cols, opts.model, &mut solver)?;
    let deadline = Deadline::thread(opts.time_limit);
    solver.set_stop(deadline.stop_test());
    let proofs = if opts.fresh_bounds && opts.certify {
        Some(ProofDir::new(opts.certify_dir.as_deref())?)
    } else {
        None
    };
    let mut run = Run {
        model,
        solver,
        opts,
        stop: Rc::new(deadline.stop_test()),
        proofs,
        refuted: None,
        hint: None,
        queens,
        rows,
        cols,
    };
    let base = run
        .model
        .at_least_queens(queens, &mut run.solver)
        .expect("q is within the 2x2 block bound, which the counter's inputs reach");
    let mut calls = Vec::new();
    let lb = wall_lower_bound(rows, cols, queens);
    let start_board = if opts.start_runs > 0 {
        run.start(lb, &mut report)?
    } else {
        None
    };
    let no_board = || {
        anyhow::anyhow!(
            "internal error: no board admits {queens} queens, although the 2x2 block bound allows it"
        )
    };
    // The search ends with the best board found and, unless stopped, the proof of its minimum.
    let (best, proof): (Option<(Board, Placement)>, Option<String>) = match opts.search {
        WallSearch::Down => {
            let first = match start_board {
                Some(b) => Some(b),
                None => match run.call(&base, None, &mut calls)? {
                    BoundReply::Found(b, p) => Some((b, p)),
                    BoundReply::Refuted => return Err(no_board()),
                    BoundReply::Stopped => None,
                },
            };
            match first {
                None => (None, None),
                Some(mut best) => loop {
                    let w = best.0.n_walls();
                    if w == 0 {
                        break (Some(best), Some("no wall is needed".to_string()));
                    }
                    ensure!(
                        w >= lb,
                        "internal error: {w} walls, fewer than the row bound {lb}"
                    );
                    if w == lb {
                        break (Some(best), Some(row_bound_proof(rows, cols, queens)));
                    }
                    match run.call(&base, Some(w - 1), &mut calls)? {
                        BoundReply::Found(b, p) => {
                            ensure!(b.n_walls() < w, "internal error: the wall bound was not kept");
                            best = (b, p);
                        }
                        BoundReply::Refuted => {
                            break (Some(best), Some(format!("UNSAT with at most {} walls", w - 1)));
                        }
                        BoundReply::Stopped => break (Some(best), None),
                    }
                },
            }
        }
        WallSearch::Up => {
            let mut k = lb;
            let found = loop {
                if let Some(b) = start_board.as_ref().filter(|b| b.0.n_walls() <= k) {
                    break Some(b.clone());
                }
                if k > rows * cols {
                    return Err(no_board());
                }
                match run.call(&base, Some(k), &mut calls)? {
                    BoundReply::Found(b, p) => {
                        ensure!(b.n_walls() <= k, "internal error: the wall bound was not kept");
                        break Some((b, p));
                    }
                    BoundReply::Refuted => k += 1,
                    BoundReply::Stopped => break None,
                }
            };
            match found {
                Some(best) => {
                    let w = best.0.n_walls();
                    ensure!(
                        w >= lb,
                        "internal error: {w} walls, fewer than the row bound {lb}"
                    );
                    let proof = if w == 0 {
                        "no wall is needed".to_string()
                    } else if w == lb {
                        row_bound_proof(rows, cols, queens)
                    } else {
                        format!("UNSAT with at most {} walls", w - 1)
                    };
                    (Some(best), Some(proof))
                }
                // Stopped: the annealing's board, if any, is still an upper bound.
                None => (start_board, None),
            }
        }
    };
    let found_by = |w: usize| {
        if calls.iter().any(|c| c.found == Some(w)) {
            "SAT"
        } else {
            "the annealing's board"
        }
    };
    let Some(proof) = proof else {
        // Stopped: the bounds that hold, and no minimum.
        let (lower, lower_why) = proved_lower_bound(rows, cols, queens, &calls);
        let why = deadline.why().to_string();
        let upper = best.as_ref().map_or("no board found yet".to_string(), |(b, _)| {
            let w = b.n_walls();
            format!("at most {w} ({} with {w} walls, board checked)", found_by(w))
        });
        report.proof = format!(
            "NOT proved: {why}; at least {lower} walls ({lower_why}), {upper} ({} solver calls)",
            calls.len()
        );
        run.note(format_args!("{}", report.proof));
        // Not checked, so not kept: the lower bound rests on the solver's word (or the row bound).
        if let Some((_, p)) = run.refuted.take() {
            p.discard();
        }
        report.stopped = Some(Stopped {
            why,
            lower,
            best: best.map(|(board, placement)| FoundBoard { board, placement }),
        });
        report.calls = calls;
        report.minimise_seconds = start.elapsed().as_secs_f64();
        report.minimise_cpu_seconds = cpu_since(cpu_start);
        report.stats = Some(run.figures(&report.calls));
        report.seconds = report.minimise_seconds;
        report.cpu_seconds = report.minimise_cpu_seconds;
        return Ok(report);
    };
    let (board, placement) = best.expect("a proved minimum has its board");
    run.stop_on_ctrl_c_only();
    let w = board.n_walls();
    // The minimum is shown; the witness's value is owed even after a Ctrl-C.
    let v = value_to_the_end(
        &board,
        &ValueOptions {
            backend: opts.backend.clone(),
            ..Default::default()
        },
    )?;
    ensure!(
        v.proved,
        "internal error: the witness board's value was not proved"
    );
    let v = v.value;
    ensure!(
        v >= queens,
        "internal error: the witness board's value {v} is below {queens}"
    );
    report.proof = format!(
        "{} with {w} walls (board checked, value {v}); {proof} ({} solver calls)",
        found_by(w),
        calls.len()
    );
    report.least_walls = Some(w);
    report.row_bound = w > 0 && w == wall_lower_bound(rows, cols, queens);
    report.witness = Some(Witness {
        board,
        placement,
        value: v,
    });
    report.calls = calls;
    report.minimise_seconds = start.elapsed().as_secs_f64();
    report.minimise_cpu_seconds = cpu_since(cpu_start);
    if opts.certify && w > 0 && !report.row_bound {
        let cpu = process_cpu_seconds();
        // A fresh solve that refuted w - 1 wrote the proof already: check it, do not solve again.
        let c = match run.refuted.take() {
            Some((k, proof)) if k + 1 == w => {
                run.note(format_args!(
                    "certifying: checking the proof of the UNSAT at {k} walls"
                ));
                let kept = run.proofs.as_ref().is_some_and(|d| d.kept());
                let c = proof.check()?;
                Certificate {
                    proof_kept: kept,
                    ..c
                }
            }
            other => {
                if let Some((_, p)) = other {
                    p.discard();
                }
                run.note(format_args!(
                    "certifying: at most {} walls refuted with a proof",
                    w - 1
                ));
                certify_least_walls(
                    rows,
                    cols,
                    queens,
                    w,
                    opts.model,
                    &opts.backend,
                    opts.certify_dir.as_deref(),
                )?
            }
        };
        ensure!(
            c.certified,
            "the proof checker rejected the proof that {} walls are too few for {queens} queens",
            w - 1
        );
        report.certify_cpu_seconds = cpu_since(cpu);
        report.certificate = Some(c);
    }
    if let Some((_, p)) = run.refuted.take() {
        p.discard(); // a proof the certificate did not need
    }
    if opts.count {
        report.count = Some(count_boards(&mut run, &base, w)?);
    }
    report.stats = Some(run.figures(&report.calls));
    report.seconds = start.elapsed().as_secs_f64();
    report.cpu_seconds = cpu_since(cpu_start);
    Ok(report)
}
