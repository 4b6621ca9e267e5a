//! Packing and covering one size: the solutions enumerated, the partition searched once (a
//! partition of the board into n solutions is the best packing and the best cover at once),
//! then each optimum found from a first selection, bound after bound, until the answer one
//! beyond is no (UNSAT), which a checked proof can certify.

use super::options::CoverOptions;
use super::report::{CoverReport, Optimum};
use super::run::{Run, StoppedNow, exact_search};
use super::selection::{coverage, goal_name};
use super::solutions::{nqueens_solutions, seed_line};
use super::start::start_selection;
use crate::board::Placement;
use crate::encode::Goal;
use crate::engine::search::{Answer, BoundCall, Finder, Refutation};
use crate::run::deadline::{Deadline, Kept};
use crate::run::interrupt::stop_requested;
use crate::run::{cpu_since, process_cpu_seconds, thread_cpu_seconds, thread_cpu_since};
use crate::solve::Certificate;
use std::sync::Arc;
use std::time::Instant;

/// Enumerates the n-queens solutions, then packs and covers.
pub fn pack_and_cover(n: usize, opts: &CoverOptions) -> anyhow::Result<CoverReport> {
    // A size to compute with certificates needs the checker: an outside one that is not there
    // is known before any file is written.
    if opts.certificates.is_some() {
        crate::solve::proof_checker()?;
    }
    let t = Instant::now();
    let cpu = process_cpu_seconds();
    let solutions = nqueens_solutions(n, &opts.backend, Deadline::thread(opts.time_limit))?;
    let enumerate_seconds = t.elapsed().as_secs_f64();
    if let Some(dir) = &opts.certificates {
        let text: String = solutions.iter().map(|p| seed_line(p) + "\n").collect();
        crate::io::write_atomic(&dir.join(format!("solutions-{n}.txt")), text.as_bytes())?;
    }
    // A partition of the board into n solutions is the best packing and the best cover.
    let deadline = Deadline::thread(opts.time_limit).stop_test();
    let (mut call, sel) = exact_search(n, &solutions, n, &deadline, &opts.progress);
    call.question = format!("= {n} (partition)");
    let partition = (call, sel);
    let solutions = Arc::new(solutions);
    let pack = optimise_answering_signals(n, &solutions, Goal::Pack, opts, &partition)?;
    let cover = optimise_answering_signals(n, &solutions, Goal::Cover, opts, &partition)?;
    Ok(CoverReport {
        n,
        // A search given up on may still hold the list.
        solutions: Arc::unwrap_or_clone(solutions),
        enumerate_seconds,
        pack,
        cover,
        solver: opts.backend.name().into(),
        symmetry_breaking: opts.symmetry_breaking,
        cpu_seconds: cpu_since(cpu),
    })
}

/// [`optimise`], stopped at once by a signal or the time limit. Where the solver can be stopped
/// only between calls (varisat), the search runs on a thread of its own, and a stop during a
/// call is answered with what the search knew when the call began, the call itself left to
/// end with the process. The limit is read on the search's thread's clock both between calls
/// and, from the waiting thread, inside one ([`Deadline::outrun_with`]).
fn optimise_answering_signals(
    n: usize,
    sols: &Arc<Vec<Placement>>,
    goal: Goal,
    opts: &CoverOptions,
    partition: &(BoundCall, Option<Vec<usize>>),
) -> anyhow::Result<Optimum> {
    if !opts.backend.outrun_in_a_call() {
        return optimise(n, sols, goal, opts, partition, None);
    }
    let kept = Kept::default();
    let (s, o, p, k) = (sols.clone(), opts.clone(), partition.clone(), kept.clone());
    let work = move || optimise(n, &s, goal, &o, &p, Some(k));
    let give_up = |waiting: &Deadline| {
        let (stopped, call_seconds) = kept.take()?;
        Some(Ok(stopped.optimum(waiting.why(), call_seconds, waiting.spent())))
    };
    Deadline::thread(opts.time_limit).outrun_with(work, give_up)?
}

/// The packing or covering optimum, starting from the partition (n solutions that partition
/// the board: optimal for both) when the exact search found one, else from
/// [`start_selection`]. The packing's log carries the partition search. With `kept`, what the
/// search would report if stopped in each solver call is kept there first.
fn optimise(
    n: usize,
    sols: &[Placement],
    goal: Goal,
    opts: &CoverOptions,
    partition: &(BoundCall, Option<Vec<usize>>),
    kept: Option<Kept<StoppedNow>>,
) -> anyhow::Result<Optimum> {
    let start = Instant::now();
    let cpu = thread_cpu_seconds();
    // The time limit stops the local search, the exact search and the solver alike.
    let deadline = Deadline::thread(opts.time_limit);
    let stop = deadline.stop_test();
    let partition_sel = partition.1.as_deref();
    let first = match partition_sel {
        Some(p) => Some(p.to_vec()),
        None => start_selection(n, sols, goal, &stop),
    };
    let (start_seconds, start_cpu) = (start.elapsed().as_secs_f64(), thread_cpu_since(cpu));
    note_start(opts, n, goal, partition_sel.is_some(), &first, start_cpu);
    let bound = first.as_ref().map_or(0, |s| s.len());
    let mut run = Run::new(n, sols, goal, opts, bound, deadline, (kept, start))?;
    if goal == Goal::Pack {
        run.calls.push(partition.0.clone());
    }
    let finder = match partition_sel {
        Some(_) => Finder::Partition,
        None => Finder::Start,
    };
    let mut best = log_first(&mut run, first, finder, start_seconds, start_cpu)?;
    let last_unsat = match goal {
        Goal::Pack => pack_upwards(&mut run, &mut best)?,
        Goal::Cover => cover_downwards(&mut run, &mut best)?,
    };
    // No call is left to stop in: from here the search owes its own report.
    if let Some(kept) = &run.kept {
        kept.clear();
    }
    if run.calls.last().is_some_and(|c| c.answer == Answer::STOPPED) {
        return run.stopped(best, opts, start, &deadline);
    }
    let proof = proof_text(&run, &best, last_unsat);
    let certificate = certify_optimum(&run, opts, last_unsat)?;
    if certificate.is_none() && last_unsat.is_some() && opts.certificates.is_some() {
        return Ok(run.certificate_stopped(best, start));
    }
    let certified = crate::engine::certified(
        &opts.backend,
        last_unsat.is_some(),
        certificate.as_ref().is_some_and(|c| c.certified),
    );
    Ok(run.into_optimum(best, proof, certificate, certified, None, start))
}

/// Notes where the search starts: the partition, or the greedy (and, for covering, local)
/// search's selection.
fn note_start(
    opts: &CoverOptions,
    n: usize,
    goal: Goal,
    from_partition: bool,
    first: &Option<Vec<usize>>,
    start_cpu: f64,
) {
    opts.progress.note(|| {
        format!(
            "queensat cover: {n}x{n} {} start ({}): {} ({start_cpu:.2} s CPU)",
            goal_name(goal),
            match (from_partition, goal) {
                (true, _) => "the partition",
                (false, Goal::Cover) => "greedy, local search",
                (false, Goal::Pack) => "greedy",
            },
            first.as_ref().map_or("none".into(), |s| s.len().to_string())
        )
    });
}

/// Logs the first selection (re-checked) as the search's first step, found by `finder` in
/// `seconds` (`cpu_seconds` of CPU); with none, covering is refuted by the squares no solution
/// holds. The best selection so far.
fn log_first(
    run: &mut Run,
    first: Option<Vec<usize>>,
    finder: Finder,
    seconds: f64,
    cpu_seconds: f64,
) -> anyhow::Result<Option<Vec<usize>>> {
    let (n, sols, goal) = (run.n, run.sols, run.goal);
    match (goal, first) {
        (_, Some(sel)) => {
            run.check(&sel)?;
            run.calls.push(BoundCall {
                question: format!("{} {}", if goal == Goal::Pack { ">=" } else { "<=" }, sel.len()),
                answer: Answer::Sat(finder),
                found: Some(sel.len()),
                seconds,
                cpu_seconds,
            });
            Ok(Some(sel))
        }
        (Goal::Cover, None) => {
            let uncovered = coverage(n, sols, &(0..sols.len()).collect::<Vec<_>>())
                .iter()
                .filter(|&&c| c == 0)
                .count();
            run.calls.push(BoundCall::instant(
                "any".into(),
                Answer::Refuted(Refutation::Uncovered(uncovered)),
            ));
            Ok(None)
        }
        (Goal::Pack, None) => unreachable!("a packing always exists"),
    }
}

/// Packing: "at least one more?" until no; the bound the solver refuted, if it was the
/// solver (a bound past the list's length is refuted by counting).
fn pack_upwards(run: &mut Run, best: &mut Option<Vec<usize>>) -> anyhow::Result<Option<usize>> {
    loop {
        let k = best.as_ref().map_or(0, |b| b.len()) + 1;
        let a = if k > run.sols.len() {
            None
        } else {
            run.model.at_least(k)
        };
        match run.ask(format!(">= {k}"), a, best)? {
            Some(sel) => *best = Some(sel),
            None => {
                return Ok((run.calls.last().unwrap().answer.is_solver_unsat()).then_some(k));
            }
        }
    }
}

/// Covering: the exact search down to n + 1, then "at most one fewer?" of the solver until
/// no; the bound the solver refuted.
fn cover_downwards(run: &mut Run, best: &mut Option<Vec<usize>>) -> anyhow::Result<Option<usize>> {
    let n = run.n;
    // k = n was the partition search; fewer than n solutions cannot cover a row, a bound
    // left to the solver.
    while let Some(k) = best
        .as_ref()
        .map(|b| b.len())
        .filter(|&l| l > n + 1)
        .map(|l| l - 1)
    {
        match run.search(k)? {
            Some(sel) => *best = Some(sel),
            None => break,
        }
    }
    while let Some(k) = best.as_ref().map(|b| b.len()).filter(|&l| l > 0).map(|l| l - 1) {
        let a = run.model.at_most(k);
        match run.ask(format!("<= {k}"), Some(a), best)? {
            Some(sel) => *best = Some(sel),
            None => return Ok(Some(k)),
        }
    }
    Ok(None)
}

/// Why the optimum is one: the UNSAT answer one beyond, or counting.
fn proof_text(run: &Run, best: &Option<Vec<usize>>, last_unsat: Option<usize>) -> String {
    let (n, goal, n_sols) = (run.n, run.goal, run.sols.len());
    let solver_calls = run.calls.iter().filter(|c| c.answer.is_solver_answer()).count();
    match (goal, best, last_unsat) {
        (Goal::Cover, None, _) => "no cover: some squares lie in no solution".to_string(),
        (_, _, Some(k)) => format!(
            "UNSAT with {} {k} selected ({})",
            if goal == Goal::Pack { "at least" } else { "at most" },
            crate::io::plural(solver_calls, "solver call", "solver calls"),
        ),
        (_, Some(b), None) if b.len() == n_sols => {
            format!("{} selected exhaust the {} solutions", b.len() + 1, n_sols)
        }
        (_, Some(b), None) => format!(
            "{} disjoint solutions would need {} > {} squares",
            b.len() + 1,
            (b.len() + 1) * n,
            n * n
        ),
        (Goal::Pack, None, None) => "no solutions".to_string(),
    }
}

/// The certificate of the final UNSAT answer (`last_unsat`), when certificates are asked.
fn certify_optimum(
    run: &Run,
    opts: &CoverOptions,
    last_unsat: Option<usize>,
) -> anyhow::Result<Option<Certificate>> {
    match (&opts.certificates, last_unsat) {
        (Some(dir), Some(k)) => {
            // A stop signal ends the certificate too (on 12x12 it takes minutes), its solve or
            // its check: `None`, and the optimum is not proved.
            let cert = run.certify(k, &opts.backend, dir, Deadline::thread(None))?;
            anyhow::ensure!(
                cert.is_some() || stop_requested(),
                "the certificate's question ({k}) is satisfiable, although the search refuted it"
            );
            Ok(cert)
        }
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_boards_pack_and_cover() {
        for symmetry_breaking in [false, true] {
            small_boards_with(CoverOptions {
                symmetry_breaking,
                ..Default::default()
            });
        }
    }

    fn small_boards_with(opts: CoverOptions) {
        // 4x4: the two solutions are disjoint; together they miss 8 squares.
        let r = pack_and_cover(4, &opts).unwrap();
        assert_eq!(r.pack.value, Some(2));
        assert_eq!(r.cover.value, None);
        // 5x5: the ten solutions include a partition of the board into five.
        let r = pack_and_cover(5, &opts).unwrap();
        assert_eq!((r.pack.value, r.cover.value), (Some(5), Some(5)));
    }
}
