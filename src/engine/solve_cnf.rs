//! One DIMACS file answered (`queensat solve`) or a solver's answer to it checked
//! (`queensat solve --check`): the model is checked against every clause and, when the file
//! has a queensat header, decoded to a board and a placement that the independent checker
//! re-checks.

use crate::board::{Board, Cell, Placement};
use crate::check::check_placement;
use crate::io::{
    DimacsCnf, SolverAnswer, check_model, parse_competition_output, parse_dimacs, parse_minisat_result,
    read_header,
};
use crate::run::deadline::{Deadline, Why};
use crate::run::interrupt::interrupted;
use crate::solve::{AnySolver, Backend, ExternalSolver, Solve, SolverResult};
use anyhow::{Context, bail};
use serde::Serialize;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The answer to one CNF file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CnfStatus {
    Sat,
    Unsat,
    /// No answer within the time limit, or the solver said UNKNOWN.
    Unknown,
}

impl CnfStatus {
    /// The SAT competition's exit code: 10 SAT, 20 UNSAT, 0 unknown.
    pub fn exit_code(self) -> i32 {
        match self {
            CnfStatus::Sat => 10,
            CnfStatus::Unsat => 20,
            CnfStatus::Unknown => 0,
        }
    }
}

/// What `solve` found, with what was checked.
#[derive(Clone, Debug, Serialize)]
pub struct CnfAnswer {
    pub status: CnfStatus,
    /// The backend, or `check` for a solver output read from a file.
    pub solver: String,
    pub seconds: f64,
    pub variables: u32,
    pub clauses: usize,
    /// Every clause satisfied by `model` (always true for a SAT answer that is returned).
    pub model_checked: bool,
    /// For UNSAT: whether the answer comes from a solver queensat runs itself (true) or rests
    /// on an external solver's word, or a solver output file, that nothing checked (false).
    pub certified: bool,
    /// The model as DIMACS literals (SAT only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<Vec<i64>>,
    /// The board named by the file's queensat header, walls chosen by the model included.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Board>,
    /// The decoded placement, checked by the independent checker.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placement: Option<Placement>,
    /// Why the answer is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Answers the DIMACS `text` (named `name` in messages) with `backend` within `time_limit` of
/// the process's CPU time, the one clock of every `--time-limit`, after which the answer is
/// [`CnfStatus::Unknown`], as it is once a stop signal came. CaDiCaL stops inside its call; a
/// solver that cannot be stopped inside a call (varisat) answers on a thread of its own while
/// this one waits for its answer or the stop ([`Deadline::outrun`]), and a stopped call is
/// left to end with the process. An external solver's CPU is not the process's to read while
/// it runs, so it is killed after `time_limit` of wall-clock time, or on a stop signal.
pub fn solve_cnf(
    text: &str,
    name: &str,
    backend: &Backend,
    time_limit: Option<Duration>,
) -> anyhow::Result<CnfAnswer> {
    let cnf = Arc::new(parse_dimacs(text).with_context(|| name.to_string())?);
    let deadline = Deadline::process(time_limit);
    let start = Instant::now();
    let answer = match backend {
        b if !b.outrun_in_a_call() => call(&cnf, backend, deadline, time_limit),
        _ => {
            let (cnf, backend) = (cnf.clone(), backend.clone());
            let work = move || call(&cnf, &backend, deadline, time_limit);
            // Given up on: the call's answer is unknown, as a call stopped inside is.
            deadline.outrun(work)?.unwrap_or(Ok(SolverAnswer::Unknown))
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let answer = match answer {
        // Only a stop ends a call unanswered: a stop signal, or the time limit.
        Ok(SolverAnswer::Unknown) => {
            let why = match deadline.why() {
                Why::Signal => format!("stopped: {}", interrupted()),
                Why::TimeLimit(_) => {
                    let limit = time_limit.map_or(seconds, |t| t.as_secs_f64());
                    format!("stopped at the time limit ({limit} CPU s)")
                }
            };
            return Ok(unknown(&cnf, backend.to_string(), seconds, why));
        }
        Ok(answer) => answer,
        // A time limit that ran out is an unknown answer, not an error.
        Err(e) if time_limit.is_some_and(|t| seconds >= t.as_secs_f64()) => {
            return Ok(unknown(&cnf, backend.to_string(), seconds, format!("{e:#}")));
        }
        Err(e) if format!("{e:#}").contains("UNKNOWN") => {
            return Ok(unknown(&cnf, backend.to_string(), seconds, format!("{e:#}")));
        }
        Err(e) => return Err(e),
    };
    let mut out = judge(text, name, &cnf, answer, backend.to_string(), seconds)?;
    out.certified = super::unchecked::certified(backend, out.status == CnfStatus::Unsat, false);
    Ok(out)
}

/// One call of a fresh `backend` solver on `cnf`, stopped by `deadline` where the solver
/// polls it: the model of a SAT answer, or [`SolverAnswer::Unknown`] for a call the deadline
/// stopped.
fn call(
    cnf: &DimacsCnf,
    backend: &Backend,
    deadline: Deadline,
    time_limit: Option<Duration>,
) -> anyhow::Result<SolverAnswer> {
    // A stop signal ends the call too: CaDiCaL inside it, an external solver killed.
    let mut solver = match backend {
        Backend::External(cmd) => {
            AnySolver::External(Box::new(ExternalSolver::new(cmd).with_timeout(time_limit)))
        }
        b => {
            let mut s = b.make();
            s.set_stop(deadline.stop_test());
            s
        }
    };
    for cl in &cnf.clauses {
        solver.add_clause_ref(cl)?;
    }
    Ok(match solver.solve()? {
        SolverResult::Sat => SolverAnswer::Sat(
            (0..cnf.n_vars)
                .map(|v| solver.is_true(rustsat::types::Lit::positive(v)))
                .collect(),
        ),
        SolverResult::Unsat => SolverAnswer::Unsat,
        SolverResult::Interrupted => SolverAnswer::Unknown,
    })
}

/// Checks a solver's output (`s`/`v` lines of the SAT competition, or MiniSat's result file)
/// against the DIMACS `text`: every clause, and the board when the file names one.
pub fn check_solver_output(
    text: &str,
    name: &str,
    output: &str,
    output_name: &str,
) -> anyhow::Result<CnfAnswer> {
    let cnf = parse_dimacs(text).with_context(|| name.to_string())?;
    let first = output
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('c'));
    let answer = if matches!(first, Some("SAT" | "UNSAT" | "INDET")) {
        parse_minisat_result(output, cnf.n_vars)
    } else {
        parse_competition_output(output, cnf.n_vars)
    }
    .with_context(|| output_name.to_string())?;
    if let SolverAnswer::Unknown = answer {
        return Ok(unknown(
            &cnf,
            "check".into(),
            0.0,
            format!("{output_name} says UNKNOWN"),
        ));
    }
    judge(text, name, &cnf, answer, "check".into(), 0.0)
}

fn unknown(cnf: &DimacsCnf, solver: String, seconds: f64, note: String) -> CnfAnswer {
    CnfAnswer {
        status: CnfStatus::Unknown,
        solver,
        seconds,
        variables: cnf.n_vars,
        clauses: cnf.clauses.len(),
        model_checked: false,
        certified: false,
        model: None,
        board: None,
        placement: None,
        note: Some(note),
    }
}

/// Checks a SAT model against the clauses and the board of the header.
fn judge(
    text: &str,
    name: &str,
    cnf: &DimacsCnf,
    answer: SolverAnswer,
    solver: String,
    seconds: f64,
) -> anyhow::Result<CnfAnswer> {
    let mut out = unknown(cnf, solver, seconds, String::new());
    out.note = None;
    let model = match answer {
        SolverAnswer::Unsat => {
            out.status = CnfStatus::Unsat;
            // What the clauses mean is the header's word: say so rather than seem to check it.
            if read_header(text).ok().flatten().is_some() {
                out.note = Some(
                    "the header's question is taken as stated: nothing checks that the clauses encode it"
                        .into(),
                );
            }
            return Ok(out);
        }
        SolverAnswer::Unknown => unreachable!("handled by the callers"),
        SolverAnswer::Sat(m) => m,
    };
    if let Err(i) = check_model(&cnf.clauses, &model) {
        bail!(
            "solver {}: the model falsifies clause {} of {name}",
            out.solver,
            i + 1
        );
    }
    out.status = CnfStatus::Sat;
    out.model_checked = true;
    out.certified = true;
    out.model = Some(
        model
            .iter()
            .enumerate()
            .map(|(i, &b)| if b { i as i64 + 1 } else { -(i as i64 + 1) })
            .collect(),
    );
    if let Some(mut h) = read_header(text).with_context(|| name.to_string())? {
        // The header is held against the clauses: its map must name every cell's variables
        // within the formula, and the model must give what its question asks.
        h.check_map(cnf.n_vars).with_context(|| name.to_string())?;
        let claims = h.claims();
        let is_true = |v: u32| model.get((v as usize).wrapping_sub(1)).copied().unwrap_or(false);
        // A least-walls question: the model chooses the walls too.
        for &(_, p) in h.walls.iter().filter(|&&(v, _)| is_true(v)) {
            h.board.place(p, Cell::Wall)?;
        }
        let placement: Placement = h
            .queens
            .iter()
            .filter(|&&(v, _)| is_true(v))
            .map(|&(_, p)| p)
            .collect();
        check_placement(&h.board, &placement)
            .map_err(|v| anyhow::anyhow!("{name}: the decoded placement fails the checker: {v}"))?;
        let mismatch =
            |what: String| anyhow::anyhow!("{name}: {what}: the header does not describe these clauses");
        if let Some(k) = claims.at_least_queens.filter(|&k| placement.len() < k) {
            return Err(mismatch(format!(
                "its question asks for at least {k} queens, the model places {}",
                placement.len()
            )));
        }
        if let Some(w) = claims.at_most_walls.filter(|&w| h.board.n_walls() > w) {
            return Err(mismatch(format!(
                "its question allows at most {w} walls, the model places {}",
                h.board.n_walls()
            )));
        }
        if h.question.is_some() && claims == crate::io::QuestionClaims::default() {
            out.note = Some(
                "the header's question states no count this check reads: only the placement is checked"
                    .into(),
            );
        }
        out.board = Some(h.board);
        out.placement = Some(placement);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CNF: &str = "p cnf 2 2\n1 2 0\n-1 0\n";

    #[test]
    fn answers_and_exit_codes() {
        let a = solve_cnf(CNF, "t", &Backend::Varisat, None).unwrap();
        assert_eq!((a.status, a.status.exit_code()), (CnfStatus::Sat, 10));
        assert_eq!(a.model, Some(vec![-1, 2]));
        let a = solve_cnf("p cnf 1 2\n1 0\n-1 0\n", "t", &Backend::Varisat, None).unwrap();
        assert_eq!((a.status, a.status.exit_code()), (CnfStatus::Unsat, 20));
    }

    #[test]
    fn checks_a_solvers_output() {
        let a = check_solver_output(CNF, "t", "s SATISFIABLE\nv -1 2 0\n", "o").unwrap();
        assert_eq!(a.status, CnfStatus::Sat);
        assert!(a.model_checked);
        let a = check_solver_output(CNF, "t", "SAT\n-1 2 0\n", "o").unwrap();
        assert_eq!(a.status, CnfStatus::Sat);
        let e = check_solver_output(CNF, "t", "s SATISFIABLE\nv 1 -2 0\n", "o").unwrap_err();
        assert!(format!("{e:#}").contains("falsifies clause"), "{e:#}");
        let a = check_solver_output(CNF, "t", "s UNKNOWN\n", "o").unwrap();
        assert_eq!(a.status, CnfStatus::Unknown);
    }
}
