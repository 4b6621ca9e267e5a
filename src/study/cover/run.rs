//! One packing or covering search under way: the selection model in one solver, asked bound
//! after bound (or, for covers, the exact search first), with the log of every step. Every
//! selection found is re-checked by counting squares before it is kept; a search stopped by
//! the time limit or a signal reports the best selection and the bound proved so far.

use super::options::CoverOptions;
use super::refute::{Asked, refute_selection};
use super::report::Optimum;
use super::search::{CoverSearch, search_cover};
use super::selection::{fits, goal_name, selection_solver};
use super::start::squares;
use crate::board::Placement;
use crate::encode::{Goal, SelectionModel};
use crate::engine::search::{
    Answer, BoundCall, Finder, Halt, Refutation, Reply, Unsat, logged, stopped_call_took,
};
use crate::run::cpu::cpu_rounded;
use crate::run::deadline::{Deadline, Kept, Why};
use crate::run::{Reporter, thread_cpu_seconds, thread_cpu_since};
use crate::solve::{AnySolver, Backend, Certificate, SolveIncremental, SolverResult};
use rustsat::types::Lit;
use std::path::Path;
use std::time::Instant;

/// Candidate tests the exact cover search may make before the solver takes over. Measured:
/// on 10×10 it finds an 11-cover after 63,368 nodes (0.44 s of CPU) and exhausts "at most
/// 10" after 1,470 nodes (0.01 s); on 12×12 it finds a partition after 5,400,150 nodes and
/// 1.16 billion tests (48 s).
pub(super) const SEARCH_TESTS: u64 = 2_000_000_000;

/// Proofs larger than this are checked and then deleted rather than kept in `results/`.
const KEEP_PROOF_BYTES: u64 = 16 << 20;
/// CNF files larger than this are checked and then deleted with their proof (a proof without
/// its CNF proves nothing to a reader; 12×12's "at most 11" is 140 MB, rewritten by rerunning
/// the size in about a minute).
const KEEP_CNF_BYTES: u64 = 64 << 20;

/// The exact search ([`search_cover`]) for a cover of at most `k` solutions, as a step of
/// the log: `<= k`, what it found, its time.
pub(super) fn exact_search(
    n: usize,
    sols: &[Placement],
    k: usize,
    stop: &dyn Fn() -> bool,
    progress: &Reporter,
) -> (BoundCall, Option<Vec<usize>>) {
    let t = Instant::now();
    let cpu = thread_cpu_seconds();
    let (answer, sel) = match search_cover(n, &squares(n, sols), k, SEARCH_TESTS, stop) {
        CoverSearch::Found { selection, nodes } => {
            (Answer::Sat(Finder::ExactSearch { nodes }), Some(selection))
        }
        CoverSearch::Exhausted { nodes } => (Answer::Unsat(Unsat::ExactSearch { nodes }), None),
        CoverSearch::Stopped { nodes } => (Answer::Stopped(Halt::ExactSearch { nodes }), None),
    };
    let cpu_seconds = thread_cpu_since(cpu);
    progress.note(|| format!("queensat cover: {n}x{n} <= {k}: {answer} ({cpu_seconds:.2} s CPU)"));
    let call = BoundCall {
        question: format!("<= {k}"),
        answer,
        found: sel.as_ref().map(Vec::len),
        seconds: t.elapsed().as_secs_f64(),
        cpu_seconds,
    };
    (call, sel)
}

/// A search under way: its solver, its log, and when to stop.
pub(super) struct Run<'a> {
    pub n: usize,
    pub sols: &'a [Placement],
    pub goal: Goal,
    pub model: SelectionModel,
    pub solver: AnySolver,
    pub calls: Vec<BoundCall>,
    pub symmetry_breaking: bool,
    pub progress: &'a Reporter,
    /// Whether the time limit has passed or Ctrl-C was pressed.
    pub stop: Box<dyn Fn() -> bool>,
    /// Where, for a solver that cannot be stopped inside a call, what the search would report
    /// if stopped in each call is kept before the call ([`StoppedNow`]).
    pub kept: Option<Kept<StoppedNow>>,
    backend: Backend,
    /// When the search began.
    began: Instant,
}

impl<'a> Run<'a> {
    /// A search for `goal` over `sols` on the n×n board that `began` then, its model able to
    /// bound the number selected up to `bound`, its solver (and the exact search) stopped by
    /// `deadline`; what it would report if stopped in a call kept in `kept`, where given.
    pub fn new(
        n: usize,
        sols: &'a [Placement],
        goal: Goal,
        opts: &'a CoverOptions,
        bound: usize,
        deadline: Deadline,
        (kept, began): (Option<Kept<StoppedNow>>, Instant),
    ) -> anyhow::Result<Run<'a>> {
        let (model, mut solver) = selection_solver(
            n,
            sols,
            goal,
            opts.amo,
            bound,
            opts.symmetry_breaking,
            &opts.backend,
        )?;
        // Always: the stop test is Ctrl-C as well as the time limit.
        solver.set_deadline(deadline);
        Ok(Run {
            n,
            sols,
            goal,
            model,
            solver,
            calls: Vec::new(),
            symmetry_breaking: opts.symmetry_breaking,
            progress: &opts.progress,
            stop: Box::new(deadline.stop_test()),
            kept,
            backend: opts.backend.clone(),
            began,
        })
    }

    /// Re-checks a selection by counting squares: disjoint (packing) or covering.
    pub fn check(&self, sel: &[usize]) -> anyhow::Result<()> {
        let ok = fits(self.n, self.sols, self.goal, sel);
        anyhow::ensure!(ok, "internal error: a selection fails the {:?} check", self.goal);
        Ok(())
    }

    /// Looks for a cover of at most `k` solutions by the exact search, without a solver; the
    /// cover found, re-checked. Its "none" is noted as evidence, not used as a proof.
    pub fn search(&mut self, k: usize) -> anyhow::Result<Option<Vec<usize>>> {
        let (call, sel) = exact_search(self.n, self.sols, k, &self.stop, self.progress);
        if let Some(sel) = &sel {
            self.check(sel)?;
        }
        self.calls.push(call);
        Ok(sel)
    }

    /// Solves under a bound, the best selection so far being `best`; on SAT, the selection
    /// after re-checking it. First, where it is asked for, what the search would report if
    /// stopped in the call is kept.
    pub fn ask(
        &mut self,
        bound: String,
        assumps: Option<Vec<Lit>>,
        best: &Option<Vec<usize>>,
    ) -> anyhow::Result<Option<Vec<usize>>> {
        if let Some(kept) = &self.kept {
            let mut calls = self.calls.clone();
            calls.push(BoundCall::instant(bound.clone(), Answer::STOPPED));
            kept.keep(StoppedNow {
                goal: self.goal,
                n: self.n,
                best: best.clone(),
                calls,
                began: self.began,
                cpu: thread_cpu_seconds(),
                backend: self.backend.clone(),
            });
        }
        let mut calls = std::mem::take(&mut self.calls);
        let reply = logged(&mut calls, bound.clone(), Vec::len, || {
            // The time limit may pass before the call: not every backend can stop inside one.
            if (self.stop)() {
                return Ok(Reply::no(Answer::STOPPED));
            }
            let Some(assumps) = assumps else {
                return Ok(Reply::no(Answer::Refuted(Refutation::Counter)));
            };
            let cpu = thread_cpu_seconds();
            let found = match self.solver.solve_assumps(&assumps)? {
                SolverResult::Sat => Some(self.model.decode(|l| self.solver.is_true(l))),
                SolverResult::Unsat => None,
                SolverResult::Interrupted => return Ok(Reply::no(Answer::STOPPED)),
            };
            if let Some(sel) = &found {
                self.check(sel)?;
            }
            let answer = Answer::of_solver(found.is_some());
            self.progress.note(|| {
                format!(
                    "queensat cover: {}x{} {} {bound}: {answer} ({:.2} s CPU)",
                    self.n,
                    self.n,
                    goal_name(self.goal),
                    thread_cpu_since(cpu)
                )
            });
            Ok(Reply { answer, found })
        });
        self.calls = calls;
        Ok(reply?.found)
    }

    /// The optimum of a search stopped at the time limit: the best selection found and the bound
    /// that counting gives on the other side. For covering, k solutions hold k·n squares, so a
    /// cover needs n of them, and n only as a partition of the board: "at most n" is asked
    /// (of the search's solver, or certified by a fresh one with `--certificates`) and its
    /// UNSAT raises the bound to n + 1; not after a stop signal (the user wants the answer
    /// now, not one more question), nor of a solver that cannot be stopped inside that call.
    pub fn stopped(
        mut self,
        best: Option<Vec<usize>>,
        opts: &CoverOptions,
        start: Instant,
        deadline: &Deadline,
    ) -> anyhow::Result<Optimum> {
        let n = self.n;
        let interrupted = deadline.why() == Why::Signal;
        let at = best.as_ref().map_or(0, |b| b.len());
        let ask = self.goal == Goal::Cover && n + 1 < at && !interrupted && self.kept.is_none();
        let (refuted, certificate) = match ask {
            true => self.no_partition(opts)?,
            false => (false, None),
        };
        let last = self.calls.last().expect("a stopped call");
        let proof = stopped_proof(self.goal, n, &last.question, interrupted, refuted);
        // A bound of n + 1 rests on the "no partition" UNSAT answer, checked when certified.
        let certified = crate::engine::certified(
            &opts.backend,
            refuted,
            certificate.as_ref().is_some_and(|c: &Certificate| c.certified),
        );
        let bound = if refuted { n + 1 } else { n };
        Ok(self.into_optimum(best, proof, certificate, certified, Some(bound), start))
    }

    /// The optimum of a search whose final UNSAT answer's certificate a stop signal cut short
    /// (its solve or its check): the certificate is the proof asked for, so the optimum is not
    /// proved, and is reported as a stopped search is, open with the bound counting gives (a
    /// rerun certifies it).
    pub fn certificate_stopped(self, best: Option<Vec<usize>>, start: Instant) -> Optimum {
        let last = self.calls.last().map_or("", |c| &c.question);
        let at = format!("the certificate of {last}");
        let proof = stopped_proof(self.goal, self.n, &at, true, false);
        let bound = Some(self.n);
        // Certified: it rests on no UNSAT answer now.
        self.into_optimum(best, proof, None, true, bound, start)
    }

    /// The search's end as reported: `best` and the log, with the `proof` in words and the
    /// `certificate`; `bound` is the bound proved on the other side when the search stopped
    /// (the value then not optimal), `None` for an optimum.
    pub fn into_optimum(
        self,
        best: Option<Vec<usize>>,
        proof: String,
        certificate: Option<Certificate>,
        certified: bool,
        bound: Option<usize>,
        start: Instant,
    ) -> Optimum {
        optimum(
            self.goal,
            best,
            self.calls,
            proof,
            (certificate, certified),
            bound,
            start,
        )
    }

    /// Whether "at most n" selected (a partition of the board) is refuted, with its certificate:
    /// by a fresh solver with a checked proof under `--certificates`, else asked of the
    /// search's own solver.
    fn no_partition(&mut self, opts: &CoverOptions) -> anyhow::Result<(bool, Option<Certificate>)> {
        let n = self.n;
        match &opts.certificates {
            Some(dir) => {
                // A question of its own, so a deadline of its own: on 12x12 this one can take
                // longer than the search it follows.
                let certificate = self.certify(n, &opts.backend, dir, Deadline::thread(opts.time_limit))?;
                Ok((certificate.is_some(), certificate))
            }
            None => {
                // The search's own solver: the same formula (its bounds are assumptions), and
                // encoding it again took longer than the limit on 12x12 (5 s).
                let assumps = self.model.at_most(n);
                self.solver.set_deadline(Deadline::thread(opts.time_limit));
                Ok((self.solver.solve_assumps(&assumps)? == SolverResult::Unsat, None))
            }
        }
    }

    /// The final UNSAT question as a stand-alone CNF, refuted through the one proof path
    /// ([`refute_selection`]); an error unless the checker accepts its proof. With `stop`,
    /// `None` when it said so first or the question turned out satisfiable (its files are then
    /// removed).
    pub fn certify(
        &self,
        k: usize,
        backend: &Backend,
        dir: &Path,
        deadline: Deadline,
    ) -> anyhow::Result<Option<Certificate>> {
        let asked = Asked {
            n: self.n,
            sols: self.sols,
            goal: self.goal,
            symmetry_breaking: self.symmetry_breaking,
        };
        let Some(mut cert) = refute_selection(&asked, k, backend, dir, deadline, |_| Vec::new())? else {
            return Ok(None);
        };
        anyhow::ensure!(
            cert.certified,
            "the proof checker rejected the proof ({}) that {}: {}",
            cert.proof.display(),
            cert.proves,
            cert.check.status
        );
        let cnf_bytes = std::fs::metadata(&cert.cnf).map_or(0, |m| m.len());
        if cnf_bytes > KEEP_CNF_BYTES {
            std::fs::remove_file(&cert.cnf)?;
            cert.cnf_kept = false;
        }
        if cert.proof_bytes > KEEP_PROOF_BYTES || !cert.cnf_kept {
            std::fs::remove_file(&cert.proof)?;
            cert.proof_kept = false;
        }
        Ok(Some(cert))
    }
}

/// A search's end as reported: the best selection `best` and the log `calls`, with the `proof`
/// in words and the certificate (and whether the report is `certified`); `bound` is the bound
/// proved on the other side when the search stopped (the value then not optimal), `None` for
/// an optimum.
fn optimum(
    goal: Goal,
    best: Option<Vec<usize>>,
    calls: Vec<BoundCall>,
    proof: String,
    (certificate, certified): (Option<Certificate>, bool),
    bound: Option<usize>,
    start: Instant,
) -> Optimum {
    Optimum {
        goal,
        value: best.as_ref().map(|b| b.len()),
        selection: best.unwrap_or_default(),
        calls,
        proof,
        certificate,
        seconds: start.elapsed().as_secs_f64(),
        optimal: bound.is_none(),
        bound,
        certified,
    }
}

/// Why a search for `goal` on the n×n board stopped at `question` (by a stop signal when
/// `interrupted`, else by the time limit) leaves the bound it does on the other side: counting
/// squares, or for covering the "no partition" UNSAT answer when that question was `refuted`.
fn stopped_proof(goal: Goal, n: usize, question: &str, interrupted: bool, refuted: bool) -> String {
    let why = match interrupted {
        true => Why::Signal.to_string(),
        false => "time limit".to_string(),
    };
    let bound = match (goal, refuted) {
        (Goal::Pack, _) => format!(
            "{} pairwise-disjoint solutions would need more than n² squares",
            n + 1
        ),
        (Goal::Cover, true) => format!("UNSAT with at most {n} selected (no partition)"),
        (Goal::Cover, false) => format!("fewer than {n} solutions hold fewer than n² squares"),
    };
    format!("search stopped at {question} ({why}); {bound}")
}

/// A search's report as if stopped in its current call: kept before each solver call where
/// the waiting thread of the search (`optimise`) can take it, and no longer once the last call
/// answered. The bound on the other side is the one counting gives: the "no partition"
/// question is not asked of a solver that cannot be stopped inside it.
pub(super) struct StoppedNow {
    goal: Goal,
    n: usize,
    best: Option<Vec<usize>>,
    /// The log, the call under way last (stopped).
    calls: Vec<BoundCall>,
    began: Instant,
    /// The search's thread's CPU seconds when the call began.
    cpu: f64,
    backend: Backend,
}

impl StoppedNow {
    /// The search's end if stopped now for `why`, its current call `call_seconds` old and its
    /// thread's CPU seconds `spent`.
    pub fn optimum(mut self, why: Why, call_seconds: f64, spent: f64) -> Optimum {
        stopped_call_took(&mut self.calls, call_seconds);
        if let Some(last) = self.calls.last_mut() {
            last.cpu_seconds = cpu_rounded(spent - self.cpu);
        }
        let last = &self.calls.last().expect("the call stopped").question;
        let proof = stopped_proof(self.goal, self.n, last, why == Why::Signal, false);
        let certified = crate::engine::certified(&self.backend, false, false);
        let bound = Some(self.n);
        optimum(
            self.goal,
            self.best,
            self.calls,
            proof,
            (None, certified),
            bound,
            self.began,
        )
    }
}
