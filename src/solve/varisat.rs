//! The adapter that lets varisat serve behind rustsat's solver traits.
//!
//! rustsat has no varisat backend. Variables map one to one (rustsat index `i` is varisat
//! index `i`). After a SAT answer the model is cached as a bit per variable, so `lit_val` is
//! a lookup.

use rustsat::solvers::{Solve, SolveIncremental, SolveStats, SolverResult, SolverStats};
use rustsat::types::{Cl, Clause, Lit, TernaryVal, Var};
use std::time::{Duration, Instant};
use varisat::ExtendFormula as _;

/// varisat behind rustsat's `Solve` and `SolveIncremental`.
pub struct VarisatSolver {
    inner: varisat::Solver<'static>,
    model: Option<Vec<bool>>,
    core: Option<Vec<Lit>>,
    max_var: Option<Var>,
    n_clauses: usize,
    n_sat: usize,
    n_unsat: usize,
    solve_time: Duration,
    clause_buf: Vec<varisat::Lit>,
    /// Whether the last call set assumptions.
    assumed: bool,
}

impl Default for VarisatSolver {
    fn default() -> Self {
        VarisatSolver {
            inner: varisat::Solver::new(),
            model: None,
            core: None,
            max_var: None,
            n_clauses: 0,
            n_sat: 0,
            n_unsat: 0,
            solve_time: Duration::ZERO,
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
    fn note_var(&mut self, v: Var) {
        if self.max_var.is_none_or(|m| v > m) {
            self.max_var = Some(v);
        }
    }

    fn run(&mut self, assumps: &[Lit]) -> anyhow::Result<SolverResult> {
        for &l in assumps {
            self.note_var(l.var());
        }
        let lits: Vec<varisat::Lit> = assumps.iter().map(|&l| to_varisat(l)).collect();
        // varisat refuses any `assume` call (even an empty one) while writing a DRAT proof, so
        // assumptions are only touched when there are some to set or to clear.
        if !lits.is_empty() || self.assumed {
            self.inner.assume(&lits);
            self.assumed = !lits.is_empty();
        }
        self.model = None;
        self.core = None;
        let start = Instant::now();
        let outcome = self.inner.solve();
        self.solve_time += start.elapsed();
        match outcome {
            Ok(true) => {
                let n = self.max_var.map_or(0, |v| v.idx() + 1);
                let mut bits = vec![false; n];
                for l in self.inner.model().unwrap_or_default() {
                    if l.index() < n {
                        bits[l.index()] = l.is_positive();
                    }
                }
                self.model = Some(bits);
                self.n_sat += 1;
                Ok(SolverResult::Sat)
            }
            Ok(false) => {
                self.core = Some(
                    self.inner
                        .failed_core()
                        .unwrap_or(&[])
                        .iter()
                        .map(|&l| from_varisat(l))
                        .collect(),
                );
                self.n_unsat += 1;
                Ok(SolverResult::Unsat)
            }
            Err(varisat::solver::SolverError::Interrupted) => Ok(SolverResult::Interrupted),
            Err(e) => Err(anyhow::anyhow!("varisat: {e}")),
        }
    }
}

impl Solve for VarisatSolver {
    fn signature(&self) -> &'static str {
        "varisat 0.2.2"
    }

    fn solve(&mut self) -> anyhow::Result<SolverResult> {
        self.run(&[])
    }

    fn lit_val(&self, lit: Lit) -> anyhow::Result<TernaryVal> {
        let model = self
            .model
            .as_ref()
            .ok_or_else(|| anyhow::anyhow!("varisat: no model (last answer was not SAT)"))?;
        // A variable in no clause is unconstrained; report it false.
        let v = model.get(lit.vidx()).copied().unwrap_or(false);
        Ok(if v == lit.is_pos() {
            TernaryVal::True
        } else {
            TernaryVal::False
        })
    }

    fn add_clause_ref<C>(&mut self, clause: &C) -> anyhow::Result<()>
    where
        C: AsRef<Cl> + ?Sized,
    {
        let mut buf = std::mem::take(&mut self.clause_buf);
        buf.clear();
        for &l in clause.as_ref().iter() {
            self.note_var(l.var());
            buf.push(to_varisat(l));
        }
        self.inner.add_clause(&buf);
        self.clause_buf = buf;
        self.n_clauses += 1;
        self.model = None;
        Ok(())
    }
}

impl SolveIncremental for VarisatSolver {
    fn solve_assumps(&mut self, assumps: &[Lit]) -> anyhow::Result<SolverResult> {
        self.run(assumps)
    }

    fn core(&mut self) -> anyhow::Result<Vec<Lit>> {
        // rustsat's convention: the core is the negation of the failed assumptions.
        self.core
            .as_ref()
            .map(|c| c.iter().map(|&l| !l).collect())
            .ok_or_else(|| anyhow::anyhow!("varisat: no core (last answer was not UNSAT)"))
    }
}

impl SolveStats for VarisatSolver {
    fn stats(&self) -> SolverStats {
        SolverStats {
            n_sat: self.n_sat,
            n_unsat: self.n_unsat,
            n_terminated: 0,
            n_clauses: self.n_clauses,
            max_var: self.max_var,
            avg_clause_len: 0.0,
            cpu_solve_time: self.solve_time,
        }
    }
    fn n_clauses(&self) -> usize {
        self.n_clauses
    }
    fn max_var(&self) -> Option<Var> {
        self.max_var
    }
}

impl Extend<Clause> for VarisatSolver {
    fn extend<T: IntoIterator<Item = Clause>>(&mut self, iter: T) {
        for cl in iter {
            self.add_clause_ref(&cl).expect("varisat never refuses a clause");
        }
    }
}

impl<'a, C: AsRef<Cl> + ?Sized> Extend<&'a C> for VarisatSolver {
    fn extend<T: IntoIterator<Item = &'a C>>(&mut self, iter: T) {
        for cl in iter {
            self.add_clause_ref(cl).expect("varisat never refuses a clause");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustsat::lit;

    #[test]
    fn sat_unsat_and_assumptions() {
        let mut s = VarisatSolver::default();
        s.add_binary(lit![0], lit![1]).unwrap();
        s.add_binary(!lit![0], lit![1]).unwrap();
        assert_eq!(s.solve().unwrap(), SolverResult::Sat);
        assert_eq!(s.lit_val(lit![1]).unwrap(), TernaryVal::True);
        assert_eq!(s.solve_assumps(&[!lit![1]]).unwrap(), SolverResult::Unsat);
        assert_eq!(s.core().unwrap(), vec![lit![1]]);
        assert_eq!(s.solve().unwrap(), SolverResult::Sat);
    }
}
