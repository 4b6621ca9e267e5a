//! The adapter that lets varisat serve behind rustsat's solver traits.
//!
//! rustsat has no varisat backend. Variables map one to one (rustsat index `i` is varisat
//! index `i`). After a SAT answer the model is cached as a bit per variable, so `lit_val` is
//! a lookup.

use super::adapter::{Answers, solver_traits};
use rustsat::solvers::SolverResult;
use rustsat::types::{Cl, Lit};
use std::time::Instant;
use varisat::ExtendFormula as _;

/// varisat behind rustsat's `Solve` and `SolveIncremental`.
pub struct VarisatSolver {
    inner: varisat::Solver<'static>,
    answers: Answers,
    clause_buf: Vec<varisat::Lit>,
    /// Whether the last call set assumptions.
    assumed: bool,
}

impl Default for VarisatSolver {
    fn default() -> Self {
        VarisatSolver {
            inner: varisat::Solver::new(),
            answers: Answers::new("varisat"),
            clause_buf: Vec::new(),
            assumed: false,
        }
    }
}

impl VarisatSolver {
    /// A solver that writes a DRAT proof of every UNSAT answer to `target`. Must be made before
    /// any clause is added (varisat's rule).
    pub fn with_drat_proof(target: impl std::io::Write + 'static) -> Self {
        let mut s = VarisatSolver::default();
        s.inner.write_proof(target, varisat::ProofFormat::Drat);
        s
    }

    /// Flushes and closes the proof, if one is being written.
    pub fn close_proof(&mut self) -> anyhow::Result<()> {
        self.inner
            .close_proof()
            .map_err(|e| anyhow::anyhow!("varisat: {e}"))
    }
}

fn to_varisat(l: Lit) -> varisat::Lit {
    varisat::Lit::from_index(l.vidx(), l.is_pos())
}

fn from_varisat(l: varisat::Lit) -> Lit {
    Lit::new(l.index() as u32, l.is_negative())
}

impl VarisatSolver {
    fn run(&mut self, assumps: &[Lit]) -> anyhow::Result<SolverResult> {
        self.answers.start(assumps);
        let lits: Vec<varisat::Lit> = assumps.iter().map(|&l| to_varisat(l)).collect();
        // varisat refuses any `assume` call (even an empty one) while writing a DRAT proof, so
        // assumptions are only touched when there are some to set or to clear.
        if !lits.is_empty() || self.assumed {
            self.inner.assume(&lits);
            self.assumed = !lits.is_empty();
        }
        let start = Instant::now();
        let outcome = self.inner.solve();
        self.answers.spent(start.elapsed());
        match outcome {
            Ok(true) => {
                let n = self.answers.n_vars();
                let mut bits = vec![false; n];
                for l in self.inner.model().unwrap_or_default() {
                    if l.index() < n {
                        bits[l.index()] = l.is_positive();
                    }
                }
                Ok(self.answers.sat(bits))
            }
            Ok(false) => {
                let failed = self.inner.failed_core().unwrap_or(&[]);
                Ok(self.answers.unsat(failed.iter().map(|&l| from_varisat(l))))
            }
            Err(varisat::solver::SolverError::Interrupted) => Ok(SolverResult::Interrupted),
            Err(e) => Err(anyhow::anyhow!("varisat: {e}")),
        }
    }
}

/// What [`solver_traits!`] needs beside `answers` and `run`.
impl VarisatSolver {
    fn signature_text(&self) -> &'static str {
        "varisat 0.2.2"
    }

    fn feed(&mut self, clause: &Cl) {
        let mut buf = std::mem::take(&mut self.clause_buf);
        buf.clear();
        buf.extend(clause.iter().map(|&l| to_varisat(l)));
        self.inner.add_clause(&buf);
        self.clause_buf = buf;
    }
}

solver_traits!(VarisatSolver);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sat_unsat_and_assumptions() {
        super::super::adapter::answers_sat_unsat_and_cores(&mut VarisatSolver::default());
    }
}
