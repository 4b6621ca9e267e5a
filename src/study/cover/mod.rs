//! Packing and covering the n×n board with n-queens solutions.
//!
//! All solutions are enumerated with the base model (each re-checked by the independent
//! checker); then one variable per solution selects it. Packing: the most pairwise-disjoint
//! solutions, found by asking "at least k selected?" upwards until UNSAT. Covering: the fewest
//! solutions whose union is the board, found by asking "at most k?" downwards from a first
//! cover until UNSAT. Each optimum rests on a SAT answer (the selection re-checked here) and an
//! UNSAT answer one beyond, which can be certified by a checked proof. [`cubes`] splits both
//! questions of one size into cubes for many workers.

pub mod cubes;
mod search;
mod start;

use crate::board::{Board, Placement};
use crate::encode::{Amo, BaseOptions, Goal, SelectionModel};
use crate::engine::BoardSession;
use crate::engine::search::{Answer, BoundCall, Finder, Halt, Refutation, Reply, Unsat, logged};
use crate::run::deadline::{Deadline, Why};
use crate::run::interrupt::stop_requested;
use crate::run::{Reporter, cpu_since, process_cpu_seconds, thread_cpu_seconds};
use crate::solve::{
    AnySolver, Backend, Certificate, ProofAnswer, SolveIncremental, SolverResult, UnsatQuestion,
    solve_with_proof,
};
use rustsat::instances::Cnf;
use rustsat::types::{Clause, Lit};
use search::{CoverSearch, search_cover};
use serde::{Deserialize, Serialize};
use start::{squares, start_selection};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Instant;

/// Candidate tests the exact cover search may make before the solver takes over. Measured:
/// on 10×10 it finds an 11-cover after 63,368 nodes (0.44 s of CPU) and exhausts "at most
/// 10" after 1,470 nodes (0.01 s); on 12×12 it finds a partition after 5,400,150 nodes and
/// 1.16 billion tests (48 s).
const SEARCH_TESTS: u64 = 2_000_000_000;

/// Proofs larger than this are checked and then deleted rather than kept in `results/`.
const KEEP_PROOF_BYTES: u64 = 16 << 20;
/// CNF files larger than this are checked and then deleted with their proof (a proof without
/// its CNF proves nothing to a reader; 12×12's "at most 11" is 140 MB, rewritten by rerunning
/// the size in about a minute).
const KEEP_CNF_BYTES: u64 = 64 << 20;

/// Every n-queens solution of the empty n×n board, each checked, in the order found.
pub fn nqueens_solutions(n: usize, backend: &Backend) -> anyhow::Result<Vec<Placement>> {
    let board = Board::square(n)?;
    let mut session = BoardSession::new(&board, BaseOptions::default(), backend);
    let Some(assumps) = session.exactly(n) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    // A stop signal ends the enumeration too, a call under way among it (on backends that can):
    // the list is the first stage of a cover, and there is nothing to report without it.
    session.solver.set_stop(stop_requested);
    loop {
        crate::run::interrupt::check_stop()?;
        let Some(p) = session.solve_with(&assumps)? else {
            break;
        };
        let clause = session.model.blocking_clause_fixed_count(&p);
        session.add_clause(clause)?;
        out.push(p);
    }
    out.sort();
    // The enumeration ends with an UNSAT answer (an external solver's word, perhaps): the
    // branch and bound's count must agree, so the list is complete whoever answered.
    let stop = crate::run::interrupt::stop_requested;
    let (count, _) = crate::run::interrupt::unless_stopped(crate::check::bnb_count(&board, n, stop))?;
    anyhow::ensure!(
        out.len() as u64 == count,
        "cross-check failed on {n}x{n}: the solver's enumeration found {} n-queens solutions, the \
         branch and bound counts {count}",
        out.len()
    );
    Ok(out)
}

/// The at-most-one encoding packing uses unless told otherwise: a square lies in hundreds of
/// solutions, where pairwise clauses would run to millions.
pub const DEFAULT_AMO: Amo = Amo::Ladder;

/// An optimum of packing or covering.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Optimum {
    pub goal: Goal,
    /// `None` when no selection works at all (a square lies in no solution, for covering).
    pub value: Option<usize>,
    /// Indices into the solution list of an optimal selection.
    pub selection: Vec<usize>,
    pub calls: Vec<BoundCall>,
    pub proof: String,
    pub certificate: Option<Certificate>,
    pub seconds: f64,
    /// False when the search stopped at the time limit: `value` is then the best selection
    /// found, and `bound` the best bound on the other side (proved as `proof` says).
    #[serde(default = "yes")]
    pub optimal: bool,
    /// For a search that stopped: covering, the least size not ruled out; packing, the largest.
    #[serde(default)]
    pub bound: Option<usize>,
    /// False when the optimum (or a stopped search's bound) rests on an external solver's
    /// UNSAT answer that nothing checked ([`crate::engine::certified`]); a checked
    /// `certificate` makes it true.
    #[serde(default = "yes")]
    pub certified: bool,
}

impl Optimum {
    /// The optimum's consistency with its own log and certificate, for a report read back:
    /// an optimal value is the one its last step refuted beyond, and a certificate refutes
    /// that very bound.
    fn recheck(&self, n: usize) -> Result<(), String> {
        let name = goal_name(self.goal);
        let last = self.calls.last().ok_or(format!("the {name} search has no log"))?;
        let refuted = |bound: String| -> Result<(), String> {
            let by = matches!(
                last.answer,
                Answer::Unsat(Unsat::Solver) | Answer::Refuted(Refutation::Counter)
            );
            if last.question != bound || !by {
                return Err(format!(
                    "the {name} optimum {} is not what its last step refuted ({} {})",
                    self.value.map_or("none".into(), |v| v.to_string()),
                    last.question,
                    last.answer
                ));
            }
            match &self.certificate {
                Some(c)
                    if !c
                        .refuted
                        .starts_with(&bound.replace(">=", "at least").replace("<=", "at most")) =>
                {
                    Err(format!(
                        "the {name} certificate refutes {}, not the bound {bound}",
                        c.refuted
                    ))
                }
                _ => Ok(()),
            }
        };
        match (self.goal, self.value, self.optimal) {
            (Goal::Pack, Some(v), true) if v > n => Err(format!("{v} disjoint solutions on {n}x{n}")),
            (Goal::Cover, Some(v), _) if v < n => Err(format!("{v} solutions cover {n}x{n}")),
            (Goal::Pack, Some(v), true) => refuted(format!(">= {}", v + 1)),
            (Goal::Cover, Some(v), true) => refuted(format!("<= {}", v - 1)),
            _ => Ok(()),
        }
    }
}

fn yes() -> bool {
    true
}

/// Packing and covering for one n.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CoverReport {
    pub n: usize,
    pub solutions: Vec<Placement>,
    pub enumerate_seconds: f64,
    pub pack: Optimum,
    pub cover: Optimum,
    pub solver: String,
    #[serde(default)]
    pub symmetry_breaking: bool,
    /// CPU seconds of the whole size: enumeration, searches, certificates and their checks.
    #[serde(default)]
    pub cpu_seconds: f64,
}

impl CoverReport {
    /// Re-checks a report read back from a file, apart from the engine that wrote it: every
    /// solution is a distinct legal n-queens placement (the independent checker), the packing
    /// is pairwise disjoint and the cover covers every square, each of the size it claims.
    pub fn recheck(&self) -> Result<(), String> {
        let n = self.n;
        let board = Board::square(n).map_err(|e| e.to_string())?;
        let mut seen = std::collections::HashSet::new();
        for p in &self.solutions {
            crate::check::check_placement(&board, p).map_err(|v| format!("a solution is illegal: {v}"))?;
            if p.len() != n || !seen.insert(p.queens().to_vec()) {
                return Err("a solution has fewer than n queens or is listed twice".into());
            }
        }
        // How many chosen solutions hold each square.
        let load = |o: &Optimum| -> Result<Vec<usize>, String> {
            let mut count = vec![0usize; n * n];
            for &i in &o.selection {
                let p = self.solutions.get(i).ok_or("a selection names no solution")?;
                for &(r, c) in p.queens() {
                    count[r * n + c] += 1;
                }
            }
            if o.value.is_some_and(|v| v != o.selection.len()) {
                return Err("a selection's size differs from its value".into());
            }
            Ok(count)
        };
        if load(&self.pack)?.iter().any(|&k| k > 1) {
            return Err("the packing is not pairwise disjoint".into());
        }
        if self.cover.value.is_some() && load(&self.cover)?.contains(&0) {
            return Err("the cover leaves a square uncovered".into());
        }
        // The list is every solution: the branch and bound counts them apart (cheap: 14,200
        // on 12x12), and a list with no repeats and the right length is then the whole list.
        let stop = crate::run::interrupt::stop_requested;
        let (count, _) =
            crate::check::bnb_count(&board, n, stop).ok_or_else(crate::run::interrupt::cut_short)?;
        if self.solutions.len() as u64 != count {
            return Err(format!(
                "{} solutions listed, but the branch and bound counts {count}",
                self.solutions.len()
            ));
        }
        if self.cover.value.is_none()
            && !coverage(n, &self.solutions, &(0..self.solutions.len()).collect::<Vec<_>>()).contains(&0)
        {
            return Err("no cover, though every square lies in a solution".into());
        }
        self.pack.recheck(n)?;
        self.cover.recheck(n)?;
        // A partition (n solutions) is the best packing and the best cover at once.
        let partition = |o: &Optimum| o.value == Some(n);
        let bounded = |o: &Optimum, want: usize| o.value == Some(want) || o.bound == Some(want);
        if (partition(&self.cover) && !bounded(&self.pack, n))
            || (partition(&self.pack) && self.cover.optimal && !partition(&self.cover))
        {
            return Err(format!(
                "packing {} and covering {} on {n}x{n}: a partition is both",
                self.pack.value.map_or("none".into(), |v| v.to_string()),
                self.cover.value.map_or("none".into(), |v| v.to_string())
            ));
        }
        Ok(())
    }

    /// Whether the report rests on an external solver's UNSAT that nothing checked.
    pub fn rests_on_unchecked_unsat(&self) -> bool {
        !(self.pack.certified && self.cover.certified)
    }
}

/// Options of a packing/covering run.
#[derive(Clone, Debug, Default)]
pub struct CoverOptions {
    pub backend: Backend,
    /// At-most-one encoding of "one solution per square" when packing.
    pub amo: Amo,
    /// Where to write the CNF and checked proof of each final UNSAT answer.
    pub certificates: Option<PathBuf>,
    /// Add lex-leader constraints for the board's symmetries acting on the solution list.
    pub symmetry_breaking: bool,
    /// Where each solver call is noted.
    pub progress: Reporter,
    /// CPU seconds each search (packing, covering) may take; past it the search stops with
    /// the best selection found and the bound proved so far.
    pub time_limit: Option<std::time::Duration>,
}

/// Re-checks a selection by counting, per square, how many selected solutions hold it.
fn coverage(n: usize, sols: &[Placement], sel: &[usize]) -> Vec<usize> {
    let mut count = vec![0; n * n];
    for &i in sel {
        for &(r, c) in sols[i].queens() {
            count[r * n + c] += 1;
        }
    }
    count
}

/// The exact search ([`search_cover`]) for a cover of at most `k` solutions, as a step of
/// the log: `<= k`, what it found, its time.
fn exact_search(
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
    let cpu_seconds = thread_cpu_seconds() - cpu;
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

struct Run<'a> {
    n: usize,
    sols: &'a [Placement],
    goal: Goal,
    model: SelectionModel,
    solver: AnySolver,
    calls: Vec<BoundCall>,
    symmetry_breaking: bool,
    progress: &'a Reporter,
    /// Whether the time limit has passed or Ctrl-C was pressed.
    stop: Box<dyn Fn() -> bool>,
}

/// Whether `sel` (indices into `sols`) is disjoint (packing) or covers the n×n board
/// (covering), by counting, per square, the selected solutions that hold it.
fn fits(n: usize, sols: &[Placement], goal: Goal, sel: &[usize]) -> bool {
    let cov = coverage(n, sols, sel);
    match goal {
        Goal::Pack => cov.iter().all(|&c| c <= 1),
        Goal::Cover => cov.iter().all(|&c| c >= 1),
    }
}

/// The model of `goal` over `sols` on the n×n board in a new solver of `backend`, able to
/// bound the number selected up to `bound` (see [`SelectionModel::encode`]), with lex-leader
/// symmetry breaking when asked.
fn selection_solver(
    n: usize,
    sols: &[Placement],
    goal: Goal,
    amo: Amo,
    bound: usize,
    symmetry_breaking: bool,
    backend: &Backend,
) -> anyhow::Result<(SelectionModel, AnySolver)> {
    let board = Board::square(n)?;
    let mut solver = backend.make();
    let mut model = SelectionModel::encode(&board, sols, goal, amo, bound, &mut solver);
    if symmetry_breaking {
        model.break_symmetries(&board, sols, &mut solver);
    }
    Ok((model, solver))
}

impl Run<'_> {
    /// Re-checks a selection by counting squares: disjoint (packing) or covering.
    fn check(&self, sel: &[usize]) -> anyhow::Result<()> {
        let ok = fits(self.n, self.sols, self.goal, sel);
        anyhow::ensure!(ok, "internal error: a selection fails the {:?} check", self.goal);
        Ok(())
    }

    /// Looks for a cover of at most `k` solutions by the exact search, without a solver; the
    /// cover found, re-checked. Its "none" is noted as evidence, not used as a proof.
    fn search(&mut self, k: usize) -> anyhow::Result<Option<Vec<usize>>> {
        let (call, sel) = exact_search(self.n, self.sols, k, &self.stop, self.progress);
        if let Some(sel) = &sel {
            self.check(sel)?;
        }
        self.calls.push(call);
        Ok(sel)
    }

    /// Solves under a bound; on SAT, the selection after re-checking it.
    fn ask(&mut self, bound: String, assumps: Option<Vec<Lit>>) -> anyhow::Result<Option<Vec<usize>>> {
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
                    thread_cpu_seconds() - cpu
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
    /// UNSAT raises the bound to n + 1.
    fn stopped(
        mut self,
        best: Option<Vec<usize>>,
        opts: &CoverOptions,
        start: Instant,
        deadline: &Deadline,
    ) -> anyhow::Result<Optimum> {
        let n = self.n;
        let last = self.calls.last().expect("a stopped call").clone();
        let interrupted = deadline.why() == Why::Signal;
        let why = match interrupted {
            true => Why::Signal.to_string(),
            false => "time limit".to_string(),
        };
        let mut certificate = None;
        let (bound, proof) = match self.goal {
            Goal::Pack => (
                n,
                format!(
                    "search stopped at {} ({why}); {} pairwise-disjoint solutions would need more than n² squares",
                    last.question,
                    n + 1
                ),
            ),
            Goal::Cover => {
                let at = best.as_ref().map_or(0, |b| b.len());
                // After Ctrl-C the user wants the answer now, not one more question.
                let partition = n + 1 < at && !interrupted;
                let refuted = partition
                    && match &opts.certificates {
                        Some(dir) => {
                            // A question of its own, so a deadline of its own: on 12x12 this
                            // one can take longer than the search it follows.
                            let stop: Rc<dyn Fn() -> bool> =
                                Rc::new(Deadline::thread(opts.time_limit).stop_test());
                            certificate = self.certify(n, &opts.backend, dir, stop)?;
                            certificate.is_some()
                        }
                        None => {
                            // The search's own solver: the same formula (its bounds are
                            // assumptions), and encoding it again took longer than the limit
                            // on 12x12 (5 s).
                            let assumps = self.model.at_most(n);
                            self.solver
                                .set_stop(Deadline::thread(opts.time_limit).stop_test());
                            self.solver.solve_assumps(&assumps)? == SolverResult::Unsat
                        }
                    };
                if refuted {
                    (
                        n + 1,
                        format!(
                            "search stopped at {} ({why}); UNSAT with at most {n} selected (no partition)",
                            last.question
                        ),
                    )
                } else {
                    (
                        n,
                        format!(
                            "search stopped at {} ({why}); fewer than {n} solutions hold fewer than n² squares",
                            last.question
                        ),
                    )
                }
            }
        };
        // A bound of n + 1 rests on the "no partition" UNSAT answer, checked when certified.
        let certified = crate::engine::certified(
            &opts.backend,
            bound == n + 1 && self.goal == Goal::Cover,
            certificate.as_ref().is_some_and(|c: &Certificate| c.certified),
        );
        Ok(Optimum {
            goal: self.goal,
            value: best.as_ref().map(|b| b.len()),
            selection: best.unwrap_or_default(),
            calls: self.calls,
            proof,
            certificate,
            seconds: start.elapsed().as_secs_f64(),
            optimal: false,
            bound: Some(bound),
            certified,
        })
    }

    /// The final UNSAT question as a stand-alone CNF, refuted through the one proof path
    /// ([`refute_selection`]); an error unless the checker accepts its proof. With `stop`,
    /// `None` when it said so first or the question turned out satisfiable (its files are then
    /// removed).
    fn certify(
        &self,
        k: usize,
        backend: &Backend,
        dir: &Path,
        stop: Rc<dyn Fn() -> bool>,
    ) -> anyhow::Result<Option<Certificate>> {
        let asked = Asked {
            n: self.n,
            sols: self.sols,
            goal: self.goal,
            symmetry_breaking: self.symmetry_breaking,
        };
        let Some(mut cert) = refute_selection(&asked, k, backend, dir, stop, |_| Vec::new())? else {
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

/// One packing or covering question: the n×n board's solutions `sols`, the goal, and whether
/// lex-leader constraints break the board's symmetries.
struct Asked<'a> {
    n: usize,
    sols: &'a [Placement],
    goal: Goal,
    symmetry_breaking: bool,
}

/// The one refutation of a packing or covering bound: `q` with "at least `k`" (packing) or
/// "at most `k`" (covering) as unit clauses and the clauses `extra` gives over the model (a
/// cube's; none for the whole question) as a stand-alone CNF in `dir`, refuted by a fresh
/// solver of `backend` writing a DRAT or LRAT proof that the proof checker verifies. The
/// certificate says whether the checker accepted it; `None` when `stop` said so first or the
/// question turned out satisfiable (its CNF is then removed).
fn refute_selection(
    q: &Asked,
    k: usize,
    backend: &Backend,
    dir: &Path,
    stop: Rc<dyn Fn() -> bool>,
    extra: impl FnOnce(&SelectionModel) -> Vec<Clause>,
) -> anyhow::Result<Option<Certificate>> {
    let n = q.n;
    let board = Board::square(n)?;
    let mut cnf = Cnf::new();
    let mut model = SelectionModel::encode(&board, q.sols, q.goal, Amo::Pairwise, k, &mut cnf);
    if q.symmetry_breaking {
        model.break_symmetries(&board, q.sols, &mut cnf);
    }
    let (units, what, proves) = match q.goal {
        Goal::Pack => (
            model.at_least(k).expect("bound within the rows"),
            format!("at least {k} pairwise-disjoint"),
            format!("at most {} pairwise-disjoint solutions", k - 1),
        ),
        Goal::Cover => (
            model.at_most(k),
            format!("at most {k} covering"),
            format!("no {k} solutions cover the board"),
        ),
    };
    for l in units {
        cnf.add_unit(l);
    }
    let extra = extra(&model);
    let cube = extra.len();
    for clause in extra {
        cnf.add_clause(clause);
    }
    let name = format!(
        "{}-{n}-{}{k}",
        goal_name(q.goal),
        if q.goal == Goal::Pack { "ge" } else { "le" }
    );
    let mut comments = vec![
        format!("queensat cover: {what} {n}-queens solutions on the {n}x{n} board (UNSAT)"),
        format!(
            "variable i (1..={}) selects solution i of solutions-{n}.txt (line i)",
            q.sols.len(),
        ),
        format!(
            "higher variables: {}per-square, per-row and per-column unary counts (totalisers){}",
            if q.symmetry_breaking {
                "lex-leader symmetry breaking over the board's 8 symmetries, "
            } else {
                ""
            },
            if q.goal == Goal::Cover {
                ", per-diagonal sums bounded like the count"
            } else {
                ""
            }
        ),
    ];
    if cube > 0 {
        comments.push(format!("in one cube of the question: its {cube} clauses last"));
    }
    let question = UnsatQuestion {
        refuted: format!("{what} {n}-queens solutions"),
        proves,
        header: comments.iter().map(|c| format!("c {c}\n")).collect(),
        n_vars: model.vars.len() as u32,
        cnf: &cnf,
        implied: None,
    };
    match solve_with_proof(&question, backend, dir, &name, Some(stop), &[])? {
        ProofAnswer::Unsat(pending) => Ok(Some(pending.check()?)),
        ProofAnswer::Sat(_) => {
            let _ = std::fs::remove_file(dir.join(format!("{name}.cnf")));
            Ok(None)
        }
        ProofAnswer::Interrupted => Ok(None),
    }
}

fn goal_name(g: Goal) -> &'static str {
    match g {
        Goal::Pack => "pack",
        Goal::Cover => "cover",
    }
}

/// The packing or covering optimum, starting from the partition (n solutions that partition
/// the board: optimal for both) when the exact search found one, else from
/// [`start_selection`]. The packing's log carries the partition search.
fn optimise(
    n: usize,
    sols: &[Placement],
    goal: Goal,
    opts: &CoverOptions,
    partition: &(BoundCall, Option<Vec<usize>>),
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
    let (start_seconds, start_cpu) = (start.elapsed().as_secs_f64(), thread_cpu_seconds() - cpu);
    opts.progress.note(|| {
        format!(
            "queensat cover: {n}x{n} {} start ({}): {} ({start_cpu:.2} s CPU)",
            goal_name(goal),
            match (partition_sel, goal) {
                (Some(_), _) => "the partition",
                (None, Goal::Cover) => "greedy, local search",
                (None, Goal::Pack) => "greedy",
            },
            first.as_ref().map_or("none".into(), |s| s.len().to_string())
        )
    });
    let bound = first.as_ref().map_or(0, |s| s.len());
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
    solver.set_stop(stop);
    let mut run = Run {
        n,
        sols,
        goal,
        model,
        solver,
        calls: Vec::new(),
        symmetry_breaking: opts.symmetry_breaking,
        progress: &opts.progress,
        stop: Box::new(stop),
    };
    let mut best: Option<Vec<usize>> = None;
    let mut last_unsat = None;
    if goal == Goal::Pack {
        run.calls.push(partition.0.clone());
    }
    match (goal, first) {
        (_, Some(sel)) => {
            run.check(&sel)?;
            run.calls.push(BoundCall {
                question: format!("{} {}", if goal == Goal::Pack { ">=" } else { "<=" }, sel.len()),
                answer: Answer::Sat(match partition_sel {
                    Some(_) => Finder::Partition,
                    None => Finder::Start,
                }),
                found: Some(sel.len()),
                seconds: start_seconds,
                cpu_seconds: start_cpu,
            });
            best = Some(sel);
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
        }
        (Goal::Pack, None) => unreachable!("a packing always exists"),
    }
    match goal {
        Goal::Pack => loop {
            let k = best.as_ref().map_or(0, |b| b.len()) + 1;
            let a = if k > sols.len() {
                None
            } else {
                run.model.at_least(k)
            };
            match run.ask(format!(">= {k}"), a)? {
                Some(sel) => best = Some(sel),
                None => {
                    last_unsat = (run.calls.last().unwrap().answer.is_solver_unsat()).then_some(k);
                    break;
                }
            }
        },
        Goal::Cover => {
            // k = n was the partition search; fewer than n solutions cannot cover a row, a
            // bound left to the solver.
            while let Some(k) = best
                .as_ref()
                .map(|b| b.len())
                .filter(|&l| l > n + 1)
                .map(|l| l - 1)
            {
                match run.search(k)? {
                    Some(sel) => best = Some(sel),
                    None => break,
                }
            }
            while let Some(k) = best.as_ref().map(|b| b.len()).filter(|&l| l > 0).map(|l| l - 1) {
                let a = run.model.at_most(k);
                match run.ask(format!("<= {k}"), Some(a))? {
                    Some(sel) => best = Some(sel),
                    None => {
                        last_unsat = Some(k);
                        break;
                    }
                }
            }
        }
    }
    if run.calls.last().is_some_and(|c| c.answer == Answer::STOPPED) {
        return run.stopped(best, opts, start, &deadline);
    }
    let solver_calls = run.calls.iter().filter(|c| c.answer.is_solver_answer()).count();
    let proof = match (goal, &best, last_unsat) {
        (Goal::Cover, None, _) => "no cover: some squares lie in no solution".to_string(),
        (_, _, Some(k)) => format!(
            "UNSAT with {} {k} selected ({solver_calls} solver call{})",
            if goal == Goal::Pack { "at least" } else { "at most" },
            if solver_calls == 1 { "" } else { "s" },
        ),
        (_, Some(b), None) if b.len() == sols.len() => {
            format!("{} selected exhaust the {} solutions", b.len() + 1, sols.len())
        }
        (_, Some(b), None) => format!(
            "{} disjoint solutions would need {} > {} squares",
            b.len() + 1,
            (b.len() + 1) * n,
            n * n
        ),
        (Goal::Pack, None, None) => "no solutions".to_string(),
    };
    let certificate = match (&opts.certificates, last_unsat) {
        (Some(dir), Some(k)) => {
            // A stop signal ends the certificate too (on 12x12 it takes minutes): the search's
            // own UNSAT stands, without its certificate.
            let cert = run.certify(k, &opts.backend, dir, Rc::new(stop_requested))?;
            anyhow::ensure!(
                cert.is_some() || stop_requested(),
                "the certificate's question ({k}) is satisfiable, although the search refuted it"
            );
            cert
        }
        _ => None,
    };
    let certified = crate::engine::certified(
        &opts.backend,
        last_unsat.is_some(),
        certificate.as_ref().is_some_and(|c| c.certified),
    );
    Ok(Optimum {
        goal,
        value: best.as_ref().map(|b| b.len()),
        selection: best.unwrap_or_default(),
        calls: run.calls,
        proof,
        certificate,
        seconds: start.elapsed().as_secs_f64(),
        optimal: true,
        bound: None,
        certified,
    })
}

/// Enumerates the n-queens solutions, then packs and covers.
pub fn pack_and_cover(n: usize, opts: &CoverOptions) -> anyhow::Result<CoverReport> {
    // A size to compute with certificates needs the checker: an outside one that is not there
    // is known before any file is written.
    if opts.certificates.is_some() {
        crate::solve::proof_checker()?;
    }
    let t = Instant::now();
    let cpu = process_cpu_seconds();
    let solutions = nqueens_solutions(n, &opts.backend)?;
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
    let pack = optimise(n, &solutions, Goal::Pack, opts, &partition)?;
    let cover = optimise(n, &solutions, Goal::Cover, opts, &partition)?;
    Ok(CoverReport {
        n,
        solutions,
        enumerate_seconds,
        pack,
        cover,
        solver: opts.backend.name().into(),
        symmetry_breaking: opts.symmetry_breaking,
        cpu_seconds: cpu_since(cpu),
    })
}

/// A solution in the seed's format: the column of the queen in each row, 0-based.
pub fn seed_line(p: &Placement) -> String {
    p.queens()
        .iter()
        .map(|&(_, c)| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::brute_count;

    #[test]
    fn solution_counts_match_brute_force() {
        for n in 1..=7 {
            let sols = nqueens_solutions(n, &Backend::default()).unwrap();
            assert_eq!(
                sols.len() as u64,
                brute_count(&Board::square(n).unwrap(), n),
                "n = {n}"
            );
        }
    }

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
