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

use super::bounds::{
    beyond_the_block_bound, block_board, proved_lower_bound, row_bound_proof, unsat_at_most, wall_lower_bound,
};
use super::count::count_boards;
use super::options::{LeastWallsOptions, WallSearch};
use super::report::{FoundBoard, LeastWallsReport, Stopped, Witness};
use super::run::{BoundReply, Run};
use crate::board::{Board, Placement};
use crate::check::check_placement;
use crate::encode::WallModel;
use crate::engine::search::{Answer, stopped_call_took};
use crate::engine::{ValueOptions, WallCall, certify_least_walls, value_to_the_end};
use crate::io::plural;
use crate::run::deadline::{Deadline, Kept, Why};
use crate::run::{cpu_since, process_cpu_seconds};
use crate::solve::{Backend, Certificate, ProofDir, proof_checker};
use anyhow::ensure;
use rustsat::types::Lit;
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
    Ok(with_certified(
        search(rows, cols, queens, opts, None)?,
        &opts.backend,
    ))
}

/// [`least_walls`] for a caller that must stop at once at a signal or at the time limit (the
/// command line). Where the solver can be stopped only between calls (varisat), the search
/// runs on a thread of its own, and a stop during one of the minimisation's calls is answered
/// with what the search knew when the call began, the call itself left to end with the
/// process. The limit is read on the search's thread's clock both between calls and, from the
/// waiting thread, inside one ([`Deadline::outrun_with`]). A minimum once proved is owed its
/// certificate and count, as in [`least_walls`].
pub(super) fn least_walls_answering_signals(
    rows: usize,
    cols: usize,
    queens: usize,
    opts: &LeastWallsOptions,
) -> anyhow::Result<LeastWallsReport> {
    let b = &opts.backend;
    if !b.outrun_in_a_call() {
        return least_walls(rows, cols, queens, opts);
    }
    let kept = Kept::default();
    let (o, k) = (opts.clone(), kept.clone());
    let work = move || {
        Ok(with_certified(
            search(rows, cols, queens, &o, Some(&k))?,
            &o.backend,
        ))
    };
    let give_up = |waiting: &Deadline| {
        let (stopped, call_seconds) = kept.take()?;
        Some(Ok(with_certified(stopped.report(waiting.why(), call_seconds), b)))
    };
    Deadline::thread(opts.time_limit).outrun_with(work, give_up)?
}

/// `r` with `certified` set: false where it rests on an external solver's UNSAT that nothing
/// checked ([`crate::engine::certified`]).
fn with_certified(mut r: LeastWallsReport, b: &Backend) -> LeastWallsReport {
    let minimum = r.stopped.is_none() && r.least_walls.is_some_and(|w| w > 0) && !r.row_bound;
    let checked = r.certificate.as_ref().is_some_and(|c| c.certified);
    let lower = r.stopped.is_some() && r.calls.iter().any(|c| c.answer.is_solver_unsat());
    let counted = r.count.as_ref().is_some_and(|c| c.complete);
    r.certified =
        crate::engine::certified(b, minimum, checked) && crate::engine::certified(b, lower || counted, false);
    r
}

/// A search's report as if stopped in the minimisation's current call (`known`: the bounds in
/// words): kept before each call where the waiting thread of [`least_walls_answering_signals`]
/// can take it, and no longer once the minimum is proved.
struct StoppedNow {
    report: LeastWallsReport,
    known: String,
    began: Began,
}

impl StoppedNow {
    /// The report of a search stopped now for `why`, its current call `call_seconds` old.
    fn report(mut self, why: Why, call_seconds: f64) -> LeastWallsReport {
        let r = &mut self.report;
        stopped_call_took(&mut r.calls, call_seconds);
        let why = why.to_string();
        r.proof = stopped_proof(&why, &self.known);
        if let Some(s) = r.stopped.as_mut() {
            s.why = why;
        }
        (r.seconds, r.cpu_seconds) = (self.began.seconds(), self.began.cpu_seconds());
        (r.minimise_seconds, r.minimise_cpu_seconds) = (r.seconds, r.cpu_seconds);
        self.report
    }
}

fn search(
    rows: usize,
    cols: usize,
    queens: usize,
    opts: &LeastWallsOptions,
    kept: Option<&Kept<StoppedNow>>,
) -> anyhow::Result<LeastWallsReport> {
    ensure!(
        rows * cols <= MAX_CELLS,
        "a {rows}x{cols} board is beyond what least-walls is meant for (at most {MAX_CELLS} cells)"
    );
    let began = Began::now();
    let mut report = asked(rows, cols, queens, opts);
    if let Some(why) = beyond_the_block_bound(rows, cols, queens) {
        report.impossible = Some(why);
        report.proof = "impossible by the 2x2 block bound".into();
        report.seconds = began.seconds();
        report.cpu_seconds = began.cpu_seconds();
        return Ok(report);
    }
    can_be_asked(opts)?;
    let deadline = Deadline::thread(opts.time_limit);
    let mut run = open_run(rows, cols, queens, opts, &deadline)?;
    let base = run
        .model
        .at_least_queens(queens, &mut run.solver)
        .expect("q is within the 2x2 block bound, which the counter's inputs reach");
    let lb = wall_lower_bound(rows, cols, queens);
    let start_board = match opts.start_runs > 0 {
        true => run.start(lb, &mut report)?,
        false => None,
    };
    let mut minimise = Minimise {
        run: &mut run,
        base: &base,
        lb,
        calls: Vec::new(),
        kept,
        asked: &report,
        began: &began,
    };
    let (best, proof) = match opts.search {
        WallSearch::Down => minimise.down(start_board)?,
        WallSearch::Up => minimise.up(start_board)?,
    };
    let calls = minimise.calls;
    if let Some(kept) = kept {
        kept.clear();
    }
    let Some(proof) = proof else {
        report_stopped(&mut run, &mut report, best, calls, &deadline, &began);
        return Ok(report);
    };
    let (board, placement) = best.expect("a proved minimum has its board");
    run.stop_on_ctrl_c_only();
    let w = board.n_walls();
    report_minimum(&mut report, board, placement, &proof, calls, opts)?;
    report.minimise_seconds = began.seconds();
    report.minimise_cpu_seconds = began.cpu_seconds();
    if opts.certify && w > 0 && !report.row_bound {
        let cpu = Began::now();
        report.certificate = Some(certify_minimum(&mut run, w)?);
        report.certify_cpu_seconds = cpu.cpu_seconds();
    }
    if let Some((_, p)) = run.refuted.take() {
        p.discard(); // a proof the certificate did not need
    }
    if opts.count {
        report.count = Some(count_boards(&mut run, &base, w)?);
    }
    report.stats = Some(run.figures(&report.calls));
    report.seconds = began.seconds();
    report.cpu_seconds = began.cpu_seconds();
    Ok(report)
}

/// When a search began, by the wall clock and by the process's CPU time.
#[derive(Clone)]
struct Began {
    wall: Instant,
    cpu: f64,
}

impl Began {
    fn now() -> Began {
        Began {
            wall: Instant::now(),
            cpu: process_cpu_seconds(),
        }
    }

    fn seconds(&self) -> f64 {
        self.wall.elapsed().as_secs_f64()
    }

    fn cpu_seconds(&self) -> f64 {
        cpu_since(self.cpu)
    }
}

/// The report of the question asked, before any answer: the board, the queens and the options.
fn asked(rows: usize, cols: usize, queens: usize, opts: &LeastWallsOptions) -> LeastWallsReport {
    LeastWallsReport {
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
    }
}

/// Refuses options that cannot go together, and a certificate without its checker, before
/// any search.
fn can_be_asked(opts: &LeastWallsOptions) -> anyhow::Result<()> {
    ensure!(
        !opts.fresh_bounds || !(opts.model.lex_leader || opts.model.necessary_walls),
        "--fresh-bounds asks the certificate's CNF, which has neither the lex-leader nor the \
         necessary-walls rule: drop --lex-leader on / --necessary-walls true, or --fresh-bounds"
    );
    if opts.certify {
        // An outside checker that is not there fails before the search, not after it.
        proof_checker()?;
    }
    Ok(())
}

/// The query's incremental solver with the wall model, stopped by `deadline`.
fn open_run<'a>(
    rows: usize,
    cols: usize,
    queens: usize,
    opts: &'a LeastWallsOptions,
    deadline: &Deadline,
) -> anyhow::Result<Run<'a>> {
    let mut solver = opts.backend.make();
    let model = WallModel::encode(rows, cols, opts.model, &mut solver)?;
    solver.set_deadline(*deadline);
    let proofs = match opts.fresh_bounds && opts.certify {
        true => Some(ProofDir::new(opts.certify_dir.as_deref())?),
        false => None,
    };
    Ok(Run {
        model,
        solver,
        opts,
        deadline: *deadline,
        proofs,
        refuted: None,
        hint: None,
        queens,
        rows,
        cols,
    })
}

/// A checked board with its placement.
type Found = (Board, Placement);

/// The best board a search found and, unless it stopped, the proof of its minimum.
type Searched = (Option<Found>, Option<String>);

/// The error of a search whose solver found no board with at most `bound` walls (`None`: any
/// number) where the 2×2 block bound's board has them: the solver's UNSAT answer is false (an
/// external solver's error, named; a built-in one's, queensat's internal error).
fn no_board(run: &Run, bound: Option<usize>) -> anyhow::Error {
    let (rows, cols, queens) = (run.rows, run.cols, run.queens);
    let found = match block_board(rows, cols, queens) {
        Ok(Some(found)) => found,
        Ok(None) => {
            return anyhow::anyhow!("internal error: {queens} queens asked beyond the 2x2 block bound");
        }
        Err(e) => return e,
    };
    if let Err(v) = check_placement(&found.board, &found.placement) {
        return anyhow::anyhow!("internal error: the 2x2 block bound's board fails the checker: {v}");
    }
    let walls = bound.map_or("any walls".to_string(), |k| {
        format!("at most {}", plural(k, "wall", "walls"))
    });
    crate::engine::contradicted_unsat(
        &run.opts.backend,
        &format!("a {rows}x{cols} board with at least {queens} queens ({walls})"),
        &format!(
            "the 2x2 block bound's board holds {queens} queens with {} walls (checked: queens on \
             cells with two even coordinates, walls on every other cell)",
            found.board.n_walls()
        ),
    )
}

/// The minimisation under way: the query, its "at least q queens" assumptions, the row
/// bound, and the calls made so far; where what it would report if stopped is `kept`, the
/// report `asked` before any call and when the search `began`.
struct Minimise<'r, 'a> {
    run: &'r mut Run<'a>,
    base: &'r [Lit],
    lb: usize,
    calls: Vec<WallCall>,
    kept: Option<&'r Kept<StoppedNow>>,
    asked: &'r LeastWallsReport,
    began: &'r Began,
}

impl Minimise<'_, '_> {
    /// One call with the wall bound `bound`, the best board so far being `best`; first, where
    /// it is asked for, what the search would report if stopped in the call is kept.
    fn call(&mut self, best: Option<&Found>, bound: Option<usize>) -> anyhow::Result<BoundReply> {
        if let Some(kept) = self.kept {
            let mut calls = self.calls.clone();
            calls.push(WallCall::instant(bound, Answer::STOPPED));
            let mut report = self.asked.clone();
            let known = fill_stopped(self.run, &mut report, best.cloned(), calls, self.began);
            let began = self.began.clone();
            kept.keep(StoppedNow { report, known, began });
        }
        self.run.call(self.base, bound, &mut self.calls)
    }

    /// Down: from a first board, one wall fewer each call until UNSAT, the row bound or no
    /// wall.
    fn down(&mut self, start_board: Option<Found>) -> anyhow::Result<Searched> {
        let mut best = match start_board {
            Some(b) => b,
            None => match self.call(None, None)? {
                BoundReply::Found(b, p) => (b, p),
                BoundReply::Refuted => return Err(no_board(self.run, None)),
                BoundReply::Stopped => return Ok((None, None)),
            },
        };
        loop {
            let w = best.0.n_walls();
            if let Some(proof) = self.proved_without_a_call(w)? {
                return Ok((Some(best), Some(proof)));
            }
            match self.call(Some(&best), Some(w - 1))? {
                BoundReply::Found(b, p) => {
                    ensure!(b.n_walls() < w, "internal error: the wall bound was not kept");
                    best = (b, p);
                }
                BoundReply::Refuted => {
                    return Ok((Some(best), Some(unsat_at_most(w - 1))));
                }
                BoundReply::Stopped => return Ok((Some(best), None)),
            }
        }
    }

    /// Up: from the row bound, one wall more each call until SAT (or the annealing's board
    /// fits), at the latest at the walls of the 2×2 block bound's board.
    fn up(&mut self, start_board: Option<Found>) -> anyhow::Result<Searched> {
        let mut k = self.lb;
        let (rows, cols, queens) = (self.run.rows, self.run.cols, self.run.queens);
        let block_walls = block_board(rows, cols, queens)?.map_or(rows * cols, |f| f.board.n_walls());
        let found = loop {
            if let Some(b) = start_board.as_ref().filter(|b| b.0.n_walls() <= k) {
                break Some(b.clone());
            }
            if k > block_walls {
                return Err(no_board(self.run, Some(k - 1)));
            }
            match self.call(start_board.as_ref(), Some(k))? {
                BoundReply::Found(b, p) => {
                    ensure!(b.n_walls() <= k, "internal error: the wall bound was not kept");
                    break Some((b, p));
                }
                BoundReply::Refuted => k += 1,
                BoundReply::Stopped => break None,
            }
        };
        // Stopped: the annealing's board, if any, is still an upper bound.
        let Some(best) = found else {
            return Ok((start_board, None));
        };
        let w = best.0.n_walls();
        let proof = self.proved_without_a_call(w)?;
        Ok((Some(best), Some(proof.unwrap_or_else(|| unsat_at_most(w - 1)))))
    }

    /// The proof of the minimum `w` that needs no UNSAT call: no wall at all, or as many as
    /// the row bound.
    fn proved_without_a_call(&self, w: usize) -> anyhow::Result<Option<String>> {
        if w == 0 {
            return Ok(Some("no wall is needed".to_string()));
        }
        let lb = self.lb;
        ensure!(
            w >= lb,
            "internal error: {w} walls, fewer than the row bound {lb}"
        );
        Ok((w == lb).then(|| row_bound_proof(self.run.rows, self.run.cols, self.run.queens)))
    }
}

/// Who found the board of `w` walls: a solver call, or else the annealing.
fn found_by(calls: &[WallCall], w: usize) -> &'static str {
    match calls.iter().any(|c| c.found == Some(w)) {
        true => "SAT",
        false => "the annealing's board",
    }
}

/// A stopped search's report: the bounds that hold, and no minimum.
fn report_stopped(
    run: &mut Run,
    report: &mut LeastWallsReport,
    best: Option<Found>,
    calls: Vec<WallCall>,
    deadline: &Deadline,
    began: &Began,
) {
    let known = fill_stopped(run, report, best, calls, began);
    let why = deadline.why().to_string();
    report.proof = stopped_proof(&why, &known);
    if let Some(s) = report.stopped.as_mut() {
        s.why = why;
    }
    run.note(format_args!("{}", report.proof));
    // Not checked, so not kept: the lower bound rests on the solver's word (or the row bound).
    if let Some((_, p)) = run.refuted.take() {
        p.discard();
    }
}

/// A stopped search's proof in words: none, for `why`, and the bounds `known`.
fn stopped_proof(why: &str, known: &str) -> String {
    format!("NOT proved: {why}; {known}")
}

/// Fills `report` as a search stopped after `calls` with the best board `best`: the bounds
/// that hold, and no minimum; the bounds in words (the proof and the reason wait for the
/// stop's reason).
fn fill_stopped(
    run: &Run,
    report: &mut LeastWallsReport,
    best: Option<Found>,
    calls: Vec<WallCall>,
    began: &Began,
) -> String {
    let (rows, cols, queens) = (run.rows, run.cols, run.queens);
    let (lower, lower_why) = proved_lower_bound(rows, cols, queens, &calls);
    let upper = best.as_ref().map_or("no board found yet".to_string(), |(b, _)| {
        let w = b.n_walls();
        format!(
            "at most {w} ({} with {}, board checked)",
            found_by(&calls, w),
            plural(w, "wall", "walls")
        )
    });
    let known = format!(
        "at least {} ({lower_why}), {upper} ({})",
        plural(lower, "wall", "walls"),
        plural(calls.len(), "solver call", "solver calls")
    );
    report.stopped = Some(Stopped {
        why: String::new(),
        lower,
        best: best.map(|(board, placement)| FoundBoard { board, placement }),
    });
    report.calls = calls;
    report.minimise_seconds = began.seconds();
    report.minimise_cpu_seconds = began.cpu_seconds();
    report.stats = Some(run.figures(&report.calls));
    report.seconds = report.minimise_seconds;
    report.cpu_seconds = report.minimise_cpu_seconds;
    known
}

/// The proved minimum's report: its witness board, whose value is proved to the end (owed
/// even after a Ctrl-C), and how the minimum was shown.
fn report_minimum(
    report: &mut LeastWallsReport,
    board: Board,
    placement: Placement,
    proof: &str,
    calls: Vec<WallCall>,
    opts: &LeastWallsOptions,
) -> anyhow::Result<()> {
    let (rows, cols, queens) = (report.rows, report.cols, report.queens);
    let w = board.n_walls();
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
    v.holds(&placement, "the witness board's placement")?;
    let v = v.value;
    report.row_bound = w > 0 && w == wall_lower_bound(rows, cols, queens);
    report.proof = format!(
        "{} with {} (board checked, value {v}); {proof} ({})",
        found_by(&calls, w),
        plural(w, "wall", "walls"),
        calls_in_words(calls.len(), report.row_bound)
    );
    report.least_walls = Some(w);
    report.witness = Some(Witness {
        board,
        placement,
        value: v,
    });
    report.calls = calls;
    Ok(())
}

/// The search's `n` solver calls in words; a minimum shown by the row bound says that the
/// bound took none of them.
fn calls_in_words(n: usize, row_bound: bool) -> String {
    match (row_bound, n) {
        (true, 0) => "no solver call".to_string(),
        (true, n) => format!(
            "no solver call for the bound, {} in all",
            plural(n, "solver call", "solver calls")
        ),
        (false, n) => plural(n, "solver call", "solver calls"),
    }
}

/// The checked DRAT certificate that `w - 1` walls are too few: the proof a fresh solve of
/// that bound already wrote, checked, or else a new refutation with a proof.
fn certify_minimum(run: &mut Run, w: usize) -> anyhow::Result<Certificate> {
    let opts = run.opts;
    let c = match run.refuted.take() {
        Some((k, proof)) if k + 1 == w => {
            // A fresh solve that refuted w - 1 wrote the proof already: check it, do not solve again.
            run.note(format_args!(
                "certifying: checking the proof of the UNSAT at {}",
                plural(k, "wall", "walls")
            ));
            let kept = run.proofs.as_ref().is_some_and(|d| d.kept());
            let c = proof.check(crate::check::never)?;
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
                "certifying: at most {} refuted with a proof",
                plural(w - 1, "wall", "walls")
            ));
            certify_least_walls(
                run.rows,
                run.cols,
                run.queens,
                w,
                opts.model,
                &opts.backend,
                opts.certify_dir.as_deref(),
            )?
        }
    };
    ensure!(
        c.certified,
        "the proof checker rejected the proof that {} walls are too few for {} queens",
        w - 1,
        run.queens
    );
    Ok(c)
}
