//! Peaceable queen armies: the largest `m` such that two armies of `m` queens fit on a board
//! with no queen sharing a segment with a queen of the other colour, and the optimal positions
//! up to the board's symmetries combined with swapping the colours.
//!
//! The largest `m` comes from one incremental solver asked "both armies ≥ k?" for growing `k`;
//! the answer rests on a SAT answer at `m` (the position re-checked by
//! [`check_armies`]) and an UNSAT answer at `m + 1`. Enumeration fixes both armies to exactly
//! `m` and, after each position, blocks every image of it, so each class is found once.

pub mod cubes;

use crate::board::{Armies, Board, Placement};
use crate::check::check_armies;
use crate::encode::{ArmyEncoding, ArmyModel};
use crate::engine::search::{Answer, ArmyCall, Session, logged, stopped_call_took};
use crate::io::{noun, plural};
use crate::run::deadline::{Deadline, Kept, Why};
use crate::run::interrupt::Interrupted;
use crate::solve::{Backend, Certificate, Solve as _, UnsatQuestion};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A board's armies model loaded into one incremental solver.
pub type ArmySession = Session<ArmyModel>;

/// A fresh armies session: `board` encoded with `encoding` into a solver of `backend`.
pub fn army_session(board: &Board, encoding: ArmyEncoding, backend: &Backend) -> ArmySession {
    let mut solver = backend.make();
    let model = ArmyModel::encode(board, encoding, &mut solver);
    Session {
        board: board.clone(),
        model,
        solver,
    }
}

/// The optimal positions up to symmetry, as far as enumeration got.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArmyClasses {
    /// Canonical representative (least image) of each class, sorted.
    pub classes: Vec<Armies>,
    /// Ordered positions (white, black) in all classes together: the sum of the orbit sizes.
    pub positions: u64,
    /// False if the time limit stopped enumeration before the final UNSAT.
    pub complete: bool,
    pub seconds: f64,
    /// The classes under the board's isometries alone (without the colour swap): a class
    /// counts twice unless an isometry maps its positions to their colour swaps.
    #[serde(default)]
    pub isometry_classes: u64,
    /// The solver that enumerated, when it is not the one that proved `m` (a count added to a
    /// cached proof).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver: Option<String>,
    /// False when the enumeration is complete by an external solver's final UNSAT answer that
    /// nothing checked ([`crate::engine::certified`]).
    #[serde(default = "proved_by_default")]
    pub certified: bool,
}

impl ArmyClasses {
    /// The classes under isometries alone, from the representatives.
    pub(crate) fn count_isometry_classes(&self, board: &Board) -> u64 {
        self.classes
            .iter()
            .map(|a| if a.swap_is_isometric(board) { 1 } else { 2 })
            .sum()
    }
}

/// The answer for one board.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArmyReport {
    pub board: Board,
    pub m: usize,
    /// One optimal position with both armies of exactly `m` queens (checked).
    pub example: Armies,
    pub calls: Vec<ArmyCall>,
    pub proof: String,
    /// False when a time limit or Ctrl-C stopped the search: `m` is then only the largest
    /// checked position found, a lower bound.
    #[serde(default = "proved_by_default")]
    pub proved: bool,
    pub encoding: String,
    pub solver: String,
    #[serde(default)]
    pub symmetry_breaking: bool,
    /// Variables and clauses of the model before any counter is encoded.
    pub model_vars: usize,
    pub model_clauses: usize,
    pub seconds: f64,
    pub classes: Option<ArmyClasses>,
    /// False when `m`'s proof is an external solver's UNSAT answer that nothing checked
    /// ([`crate::engine::certified`]); a checked `certificate` makes it true.
    #[serde(default = "proved_by_default")]
    pub certified: bool,
    /// The checked DRAT refutation of two armies of `m + 1` (`--certify`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Certificate>,
}

/// Reports written before the time limit existed were all proved (and before external
/// solvers were labelled, all by built-in solvers).
fn proved_by_default() -> bool {
    true
}

impl ArmyReport {
    /// Whether the report rests on an external solver's UNSAT that nothing checked: `m`'s
    /// proof, or a complete count of the classes.
    pub fn rests_on_unchecked_unsat(&self) -> bool {
        !self.certified || self.classes.as_ref().is_some_and(|c| c.complete && !c.certified)
    }

    /// Re-checks a report read back from a file, apart from the engine that wrote it: the
    /// example and every class representative are legal positions of two armies of `m` queens
    /// each (the independent checker), and the classes are listed once each.
    pub fn recheck(&self) -> Result<(), String> {
        let sized = |a: &Armies| a.white.len() == self.m && a.black.len() == self.m;
        check_armies(&self.board, &self.example).map_err(|v| format!("the example is illegal: {v}"))?;
        if !sized(&self.example) {
            return Err(format!(
                "the example does not hold two armies of {} queens",
                self.m
            ));
        }
        // A proved m ends with the call that refuted m + 1.
        let last = self.calls.last();
        if self.proved && !last.is_some_and(|c| c.question == self.m + 1 && c.answer.refutes()) {
            return Err(format!("m = {} is not what its last solver call refuted", self.m));
        }
        if self.proved
            && let Some(evidence) = greedy_beyond(&self.board, self.m).map_err(|e| e.to_string())?
        {
            return Err(format!("m = {} is false: {evidence}", self.m));
        }
        if let Some(c) = &self.certificate
            && !c.refuted.contains(&format!("two armies of {}", self.m + 1))
        {
            return Err(format!(
                "its certificate does not refute two armies of {}",
                self.m + 1
            ));
        }
        if let Some(c) = &self.classes {
            for a in &c.classes {
                check_armies(&self.board, a)
                    .map_err(|v| format!("a class representative is illegal: {v}"))?;
                if !sized(a) {
                    return Err(format!(
                        "a class representative does not hold two armies of {} queens",
                        self.m
                    ));
                }
            }
            if c.classes.windows(2).any(|w| w[0] == w[1]) {
                return Err("a class is listed twice".into());
            }
            if (c.positions as usize) < c.classes.len() {
                return Err("fewer positions than classes".into());
            }
            if c.isometry_classes != 0 && c.isometry_classes != c.count_isometry_classes(&self.board) {
                return Err("the count of classes under isometries does not match the classes".into());
            }
        }
        Ok(())
    }
}

/// Options of an armies query.
#[derive(Clone, Debug, Default)]
pub struct ArmyOptions {
    pub encoding: ArmyEncoding,
    pub backend: Backend,
    /// Enumerate the optimal positions up to symmetry.
    pub unique: bool,
    /// Stop enumeration after this much CPU time (or at Ctrl-C), also inside a call on backends
    /// that can stop there.
    pub count_limit: Option<Duration>,
    /// Stop the search for `m` after this much CPU time (or at Ctrl-C) and report the best
    /// position found, not proved.
    pub time_limit: Option<Duration>,
    /// Add lex-leader constraints for the board's symmetries and the colour swap (sound: each
    /// class keeps its least member, so m and the class count are unchanged).
    pub symmetry_breaking: bool,
    /// Certify each proved `m` ([`certify_armies`]), keeping the files in this directory
    /// (`Some(None)`: a temporary one).
    pub certify: Option<Option<std::path::PathBuf>>,
}

/// Keeps the first `m` queens of each army: a sub-army of a legal position is legal.
pub(crate) fn trim(a: &Armies, m: usize) -> Armies {
    let take = |p: &Placement| p.queens()[..m].iter().copied().collect::<Placement>();
    Armies::new(take(&a.white), take(&a.black))
}

/// A session on `board` with the options' encoding, backend and symmetry breaking, and the
/// clauses of its model.
pub(crate) fn open_session(board: &Board, opts: &ArmyOptions) -> (ArmySession, usize) {
    let mut session = army_session(board, opts.encoding, &opts.backend);
    let mut model_clauses = session.model.n_clauses;
    if opts.symmetry_breaking {
        model_clauses += session.model.break_symmetries(board, &mut session.solver);
    }
    (session, model_clauses)
}

/// The optimal classes of a report whose `m` is already proved (read back from a cache and
/// re-checked): a fresh session enumerates them, so a count can follow a proof made earlier.
pub fn add_optimal_classes(report: &mut ArmyReport, opts: &ArmyOptions) -> anyhow::Result<()> {
    let (mut session, _) = open_session(&report.board, opts);
    let mut classes = optimal_classes(&mut session, report.m, opts.count_limit, &opts.backend)?;
    let solver = session.solver.signature();
    if solver != report.solver {
        classes.solver = Some(solver.into());
    }
    report.classes = Some(classes);
    Ok(())
}

/// The evidence that a claimed `m` on `board` is false: two armies of more than `m` queens that
/// the greedy construction finds, checked by the independent checker (`None` when it finds no
/// more than `m`). Solver-free, so it holds an external solver's UNSAT answers to account.
pub(crate) fn greedy_beyond(board: &Board, m: usize) -> anyhow::Result<Option<String>> {
    let found = crate::engine::greedy_armies(board);
    if found.size() <= m {
        return Ok(None);
    }
    if let Err(v) = check_armies(board, &found) {
        anyhow::bail!("internal error: the greedy armies fail the checker: {v}");
    }
    Ok(Some(format!(
        "a checked position of two armies of {} exists (a greedy construction)",
        found.size()
    )))
}

/// "1 queen per army exceeds the free squares": a count refuted by counting squares.
pub(super) fn queens_per_army_exceed(k: usize) -> String {
    let verb = noun(k, "exceeds", "exceed");
    format!(
        "{} per army {verb} the free squares",
        plural(k, "queen", "queens")
    )
}

/// The largest `m` and an optimal position, then (if asked) the optimal classes.
pub fn largest_armies(board: &Board, opts: &ArmyOptions) -> anyhow::Result<ArmyReport> {
    armies_until(board, opts, None)
}

/// [`largest_armies`] for a caller that must stop at once at a signal or at the time limit (the
/// command line's boards). Where the solver can be stopped only between calls (varisat), the
/// search runs on a thread of its own, and a stop during a call is answered with what the
/// search knew when the call began, the call itself left to end with the process: during the
/// search for m a signal or the limit, during the enumeration of the classes a signal (the
/// limit is the search's alone). The limit is read on the search's thread's clock both between
/// calls and, from the waiting thread, inside one ([`Deadline::outrun_with`]).
pub(crate) fn largest_armies_answering_signals(
    board: &Board,
    opts: &ArmyOptions,
) -> anyhow::Result<ArmyReport> {
    if !opts.backend.outrun_in_a_call() {
        return largest_armies(board, opts);
    }
    let kept = Kept::default();
    let (bd, o, k) = (board.clone(), opts.clone(), kept.clone());
    let work = move || armies_until(&bd, &o, Some(&k));
    let give_up = |waiting: &Deadline| {
        let why = waiting.why();
        let (stopped, call_seconds) =
            kept.take_if(|s: &StoppedNow| why == Why::Signal || s.stops_at_the_limit())?;
        Some(stopped.report(why, waiting.spent(), call_seconds))
    };
    Deadline::thread(opts.time_limit).outrun_with(work, give_up)?
}

/// What an armies report holds beside its search: the board, the options, the model's size and
/// when the search began.
#[derive(Clone)]
struct Asked {
    board: Board,
    encoding: ArmyEncoding,
    backend: Backend,
    symmetry_breaking: bool,
    solver: &'static str,
    model_vars: usize,
    model_clauses: usize,
    start: Instant,
}

impl Asked {
    /// The report of a search whose best position is `best` after `calls`: proved, or
    /// `stopped` for a reason after some CPU seconds; no classes yet.
    fn report(
        &self,
        best: &Armies,
        calls: Vec<ArmyCall>,
        stopped: Option<(Why, f64)>,
    ) -> anyhow::Result<ArmyReport> {
        let m = best.size();
        let example = trim(best, m);
        if let Err(v) = check_armies(&self.board, &example) {
            anyhow::bail!("internal error: trimmed armies fail the checker: {v}");
        }
        let last = calls.last().expect("at least one call");
        let proof = if let Some((why, spent)) = stopped {
            // A stop signal names itself; the time limit is the plain "stopped".
            let how = match why {
                Why::Signal => format!("stopped, {why},"),
                Why::TimeLimit(_) => "stopped".to_string(),
            };
            format!(
                "NOT proved: {how} after {} of CPU while asking for two armies of {}; the upper bound is open",
                crate::run::cpu::seconds_text(spent),
                m + 1
            )
        } else if last.answer.is_solver_unsat() {
            format!(
                "UNSAT for two armies of {} ({})",
                m + 1,
                plural(calls.len(), "solver call", "solver calls")
            )
        } else {
            queens_per_army_exceed(m + 1)
        };
        let proved_by_unsat = stopped.is_none() && last.answer.is_solver_unsat();
        Ok(ArmyReport {
            board: self.board.clone(),
            m,
            example,
            calls,
            proof,
            proved: stopped.is_none(),
            encoding: self.encoding.name().into(),
            solver: self.solver.into(),
            symmetry_breaking: self.symmetry_breaking,
            model_vars: self.model_vars,
            model_clauses: self.model_clauses,
            seconds: self.start.elapsed().as_secs_f64(),
            classes: None,
            certified: crate::engine::certified(&self.backend, proved_by_unsat, false),
            certificate: None,
        })
    }
}

/// A search's report as if stopped in its current call: kept before each call where the
/// waiting thread of [`largest_armies_answering_signals`] can take it, and no longer once the
/// last call answered.
enum StoppedNow {
    /// In the search for m: what the report is made of, the best position so far and the log,
    /// the call under way last (stopped).
    Searching {
        asked: Box<Asked>,
        best: Armies,
        calls: Vec<ArmyCall>,
    },
    /// In the enumeration, m proved: the report, and the classes found so far (the first
    /// `found` of the list the enumeration shares, which only grows), with their ordered
    /// positions and the enumeration's seconds.
    Enumerating {
        report: Arc<ArmyReport>,
        classes: Arc<Mutex<Vec<Armies>>>,
        found: usize,
        positions: u64,
        seconds: f64,
    },
}

impl StoppedNow {
    /// Whether the time limit stops this step (it stops the search for m, not the enumeration).
    fn stops_at_the_limit(&self) -> bool {
        matches!(self, StoppedNow::Searching { .. })
    }

    /// The report of a search stopped now for `why` after `spent` CPU seconds, its current
    /// call `call_seconds` old.
    fn report(self, why: Why, spent: f64, call_seconds: f64) -> anyhow::Result<ArmyReport> {
        match self {
            StoppedNow::Searching {
                asked,
                best,
                mut calls,
            } => {
                stopped_call_took(&mut calls, call_seconds);
                asked.report(&best, calls, Some((why, spent)))
            }
            StoppedNow::Enumerating {
                report,
                classes,
                found,
                positions,
                seconds,
            } => {
                let mut r = Arc::unwrap_or_clone(report);
                let found = classes.lock().map_or(Vec::new(), |c| c[..found].to_vec());
                let stopped = Enumerated {
                    classes: found,
                    positions,
                    complete: false,
                    seconds: seconds + call_seconds,
                };
                // Incomplete, so resting on no UNSAT answer, whichever the backend.
                r.classes = Some(stopped.classes(&r.board, &Backend::default())?);
                Ok(r)
            }
        }
    }
}

/// [`largest_armies`], keeping in `kept`, where given, what it would report if stopped in each
/// call before the call.
fn armies_until(
    board: &Board,
    opts: &ArmyOptions,
    kept: Option<&Kept<StoppedNow>>,
) -> anyhow::Result<ArmyReport> {
    let start = Instant::now();
    let (mut session, model_clauses) = open_session(board, opts);
    let asked = Asked {
        board: board.clone(),
        encoding: opts.encoding,
        backend: opts.backend.clone(),
        symmetry_breaking: opts.symmetry_breaking,
        solver: session.solver.signature(),
        model_vars: session.model.vars.len(),
        model_clauses,
        start,
    };
    let mut best = Armies::default();
    let mut calls = Vec::new();
    // CaDiCaL stops inside a call; every backend is also stopped between calls.
    let deadline = Deadline::thread(opts.time_limit);
    session.solver.set_deadline(deadline);
    // Up from nothing: one army more on each side after each "yes", to the first "no".
    let stopped = loop {
        let k = best.size() + 1;
        if let Some(kept) = kept {
            let mut calls = calls.clone();
            calls.push(ArmyCall::instant(k, Answer::STOPPED));
            let (asked, best) = (Box::new(asked.clone()), best.clone());
            kept.keep(StoppedNow::Searching { asked, best, calls });
        }
        let reply = logged(&mut calls, k, Armies::size, || {
            session.ask(k, &[], || deadline.passed())
        })?;
        match reply.found {
            Some(a) => best = a,
            None => break reply.answer.is_stopped(),
        }
    };
    if let Some(kept) = kept {
        kept.clear();
    }
    let stopped = stopped.then(|| (deadline.why(), deadline.spent()));
    let mut report = asked.report(&best, calls, stopped)?;
    let m = report.m;
    if report.proved
        && let Some(evidence) = greedy_beyond(board, m)?
    {
        let question = format!("two armies of {}", m + 1);
        return Err(crate::engine::contradicted_unsat(
            &opts.backend,
            &question,
            &evidence,
        ));
    }
    if opts.unique && m > 0 && stopped.is_none() {
        let classes = match kept {
            None => optimal_classes(&mut session, m, opts.count_limit, &opts.backend)?,
            Some(kept) => {
                // The classes found so far, copied as they come, each once.
                let (shared, proved) = (Arc::new(Mutex::new(Vec::new())), Arc::new(report.clone()));
                let mut before = |so_far: &Enumerated| {
                    if let Ok(mut copied) = shared.lock() {
                        let new = &so_far.classes[copied.len()..];
                        copied.extend_from_slice(new);
                    }
                    kept.keep(StoppedNow::Enumerating {
                        report: proved.clone(),
                        classes: shared.clone(),
                        found: so_far.classes.len(),
                        positions: so_far.positions,
                        seconds: so_far.seconds,
                    });
                };
                let classes = enumerate(
                    &mut session,
                    m,
                    opts.count_limit,
                    &opts.backend,
                    Some(&mut before),
                );
                kept.clear();
                classes?
            }
        };
        report.classes = Some(classes);
    }
    Ok(report)
}

/// An enumeration's classes as found (in the order found) and their ordered positions; whether
/// it was `complete`, and its seconds.
struct Enumerated {
    classes: Vec<Armies>,
    positions: u64,
    complete: bool,
    seconds: f64,
}

impl Enumerated {
    /// The classes as reported, on `board`, the list made complete by `backend`'s UNSAT; each
    /// representative checked by the independent checker, as it is printed.
    fn classes(self, board: &Board, backend: &Backend) -> anyhow::Result<ArmyClasses> {
        let mut classes = self.classes;
        for a in &classes {
            if let Err(v) = check_armies(board, a) {
                anyhow::bail!("internal error: an enumerated class fails the checker: {v}");
            }
        }
        classes.sort();
        let mut found = ArmyClasses {
            classes,
            positions: self.positions,
            complete: self.complete,
            seconds: self.seconds,
            isometry_classes: 0,
            solver: None,
            certified: crate::engine::certified(backend, self.complete, false),
        };
        found.isometry_classes = found.count_isometry_classes(board);
        Ok(found)
    }
}

/// Every position with two armies of exactly `m`, one per class of the board's stabiliser
/// combined with the colour swap. Each found position has all its images blocked. `backend`
/// is the session's, whose final UNSAT answer makes the list complete.
pub fn optimal_classes(
    session: &mut ArmySession,
    m: usize,
    limit: Option<Duration>,
    backend: &Backend,
) -> anyhow::Result<ArmyClasses> {
    enumerate(session, m, limit, backend, None)
}

/// [`optimal_classes`], showing `before`, where given, the classes found before each call.
fn enumerate(
    session: &mut ArmySession,
    m: usize,
    limit: Option<Duration>,
    backend: &Backend,
    mut before: Option<&mut dyn FnMut(&Enumerated)>,
) -> anyhow::Result<ArmyClasses> {
    let start = Instant::now();
    let mut found = Enumerated {
        classes: Vec::new(),
        positions: 0,
        complete: true,
        seconds: 0.0,
    };
    let Some(assumps) = session.model.exactly(m, &mut session.solver) else {
        anyhow::bail!("armies of {m} cannot fit on the board");
    };
    // The limit (and Ctrl-C) also stops a call under way (on backends that can), so that a
    // long final UNSAT call still leaves the classes found as a lower bound.
    let deadline = Deadline::thread(limit);
    session.solver.set_deadline(deadline);
    loop {
        if let Some(before) = before.as_mut() {
            found.seconds = start.elapsed().as_secs_f64();
            before(&found);
        }
        let a = match session.solve_with(&assumps) {
            Ok(Some(a)) => a,
            Ok(None) => break,
            Err(e) if e.is::<Interrupted>() => {
                found.complete = false;
                break;
            }
            Err(e) => return Err(e),
        };
        let images = a.images(&session.board);
        found.positions += images.len() as u64;
        for img in &images {
            let clause = session.model.blocking_clause(img);
            session.solver.add_clause(clause)?;
        }
        found
            .classes
            .push(images.into_iter().next().expect("a position is its own image"));
        if deadline.passed() {
            found.complete = false;
            break;
        }
    }
    found.seconds = start.elapsed().as_secs_f64();
    found.classes(&session.board, backend)
}

/// The checked refutation of two armies of `m + 1` on a report's board (its proof of `m`),
/// through the one proof path ([`crate::solve::certify_unsat`]): the model with the report's
/// encoding and symmetry breaking (sound: every class keeps its least member) and "both armies
/// at least `m + 1`" as unit clauses, refuted by `opts.backend` writing a DRAT proof that the
/// checker verifies. A checked certificate makes the report certified.
pub fn certify_armies(
    report: &mut ArmyReport,
    opts: &ArmyOptions,
    dir: Option<&std::path::Path>,
) -> anyhow::Result<()> {
    if let Some(cert) = refute_armies(&report.board, opts, report.m + 1, |_| Vec::new(), dir)? {
        report.certified |= cert.certified;
        report.certificate = Some(cert);
    }
    Ok(())
}

/// The checked refutation of two armies of `k` on `board` with the clauses `extra` gives over
/// the model (a cube's; none for the whole board): the options' encoding and symmetry
/// breaking and "both armies at least `k`" as unit clauses, refuted by `opts.backend` writing
/// a DRAT proof that the checker verifies. `None` when `k` exceeds the free squares (a
/// counting argument, nothing to refute).
pub(crate) fn refute_armies(
    board: &Board,
    opts: &ArmyOptions,
    k: usize,
    extra: impl FnOnce(&ArmyModel) -> Vec<rustsat::types::Clause>,
    dir: Option<&std::path::Path>,
) -> anyhow::Result<Option<Certificate>> {
    use rustsat::instances::Cnf;
    let mut cnf = Cnf::new();
    let mut model = ArmyModel::encode(board, opts.encoding, &mut cnf);
    if opts.symmetry_breaking {
        model.break_symmetries(board, &mut cnf);
    }
    let Some(units) = model.at_least(k, &mut cnf) else {
        return Ok(None);
    };
    for l in units {
        cnf.add_unit(l);
    }
    let extra = extra(&model);
    let within = match extra.len() {
        0 => String::new(),
        n => format!("c in one cube of the question: its {n} clauses last\n"),
    };
    for clause in extra {
        cnf.add_clause(clause);
    }
    let header = format!(
        "c queensat armies: two armies of at least {k} queens on {} (expected UNSAT)\n\
         c encoding {}{}; army sizes by totalisers, bound as unit clauses\n{within}",
        board.describe(),
        opts.encoding.name(),
        if opts.symmetry_breaking {
            ", lex-leader symmetry breaking over the board's symmetries and the colour swap"
        } else {
            ""
        }
    );
    let question = UnsatQuestion {
        refuted: format!("two armies of {k} queens"),
        proves: format!("two armies of {k} queens do not fit"),
        header,
        n_vars: model.vars.len() as u32,
        cnf: &cnf,
        implied: None,
    };
    let name = format!("armies-{}x{}-ge{k}", board.rows(), board.cols());
    Ok(Some(crate::solve::certify_unsat(
        &question,
        &opts.backend,
        dir,
        &name,
    )?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(board: &Board, encoding: ArmyEncoding) -> ArmyReport {
        let plain = ArmyOptions {
            encoding,
            unique: true,
            ..Default::default()
        };
        let broken = ArmyOptions {
            symmetry_breaking: true,
            ..plain.clone()
        };
        let a = largest_armies(board, &plain).unwrap();
        let b = largest_armies(board, &broken).unwrap();
        let count = |r: &ArmyReport| r.classes.as_ref().map(|c| (c.classes.clone(), c.positions));
        assert_eq!((a.m, count(&a)), (b.m, count(&b)), "{board:?}");
        a
    }

    #[test]
    fn seed_oracles_on_square_boards() {
        for enc in [ArmyEncoding::Segments, ArmyEncoding::Pairs] {
            let r4 = run(&Board::square(4).unwrap(), enc);
            assert_eq!((r4.m, r4.classes.unwrap().classes.len()), (2, 10));
            let r5 = run(&Board::square(5).unwrap(), enc);
            assert_eq!((r5.m, r5.classes.unwrap().classes.len()), (4, 3));
        }
    }

    #[test]
    fn isometry_classes_are_the_orbits_of_the_ordered_positions() {
        // Every ordered position (the images of the representatives), grouped by its least
        // image under the isometries alone: as many groups as the count says.
        for (rows, cols) in [(4, 4), (5, 5), (6, 6), (3, 4)] {
            let board = Board::new(rows, cols).unwrap();
            let r = run(&board, ArmyEncoding::Segments);
            let cl = r.classes.unwrap();
            let all: std::collections::BTreeSet<Armies> =
                cl.classes.iter().flat_map(|a| a.images(&board)).collect();
            assert_eq!(all.len() as u64, cl.positions, "{rows}x{cols}");
            let orbits: std::collections::BTreeSet<Armies> = all
                .iter()
                .map(|a| {
                    let sym = board.stabiliser().into_iter();
                    sym.map(|s| a.image_on(s, &board)).min().unwrap()
                })
                .collect();
            assert_eq!(orbits.len() as u64, cl.isometry_classes, "{rows}x{cols}");
        }
    }

    #[test]
    fn three_by_two_is_the_smallest_board_with_armies() {
        for rows in 1..=6usize {
            for cols in 1..=6usize {
                let m = run(&Board::new(rows, cols).unwrap(), ArmyEncoding::Segments).m;
                if rows * cols < 6 || (rows * cols == 6 && rows.min(cols) == 1) {
                    assert_eq!(m, 0, "{rows}x{cols}");
                }
            }
        }
        assert_eq!(run(&Board::new(3, 2).unwrap(), ArmyEncoding::Segments).m, 1);
        assert_eq!(run(&Board::new(2, 3).unwrap(), ArmyEncoding::Pairs).m, 1);
    }
}
