//! The adapter that lets CaDiCaL serve behind rustsat's solver traits.
//!
//! CaDiCaL comes from the `cadical-sys` crate, which compiles its vendored C++ sources with
//! the system C++ compiler and binds them through `cxx`: no bindgen, so no libclang at build
//! time. Variables map one to one (rustsat index `i` is CaDiCaL's variable `i + 1`). After a
//! SAT answer the model is cached as a bit per variable, as the varisat adapter does, so
//! `lit_val` is a lookup and never meets CaDiCaL in another state.

use super::adapter::{Answers, solver_traits};
use anyhow::{Context, bail};
use cadical_sys::{CaDiCal, Status, Terminator};
use rustsat::solvers::SolverResult;
use rustsat::types::{Cl, Lit};
use std::path::Path;
use std::sync::OnceLock;
use std::time::Instant;

/// CaDiCaL behind rustsat's `Solve` and `SolveIncremental`.
pub struct CadicalSolver {
    inner: CaDiCal,
    answers: Answers,
    /// Whether a proof file is open (closed, and so flushed, by [`close_proof`](Self::close_proof)).
    proof_open: bool,
}

impl Default for CadicalSolver {
    fn default() -> Self {
        CadicalSolver {
            inner: CaDiCal::new(),
            answers: Answers::new("cadical"),
            proof_open: false,
        }
    }
}

/// The `stop` test of [`CadicalSolver::set_stop`], polled by CaDiCaL during a search.
struct StopTest<F>(F);

impl<F: FnMut() -> bool> Terminator for StopTest<F> {
    fn terminated(&mut self) -> bool {
        (self.0)()
    }
}

/// CaDiCaL's literal for rustsat's.
fn to_cadical(l: Lit) -> i32 {
    // rustsat's variable indices stay below 2^31 - 1, so the sum cannot overflow.
    let v = l.vidx32() as i32 + 1;
    if l.is_pos() { v } else { -v }
}

impl CadicalSolver {
    /// Applies CaDiCaL's option preset `name` (`sat`, `unsat`, `plain`). Only a fresh solver,
    /// before any clause, takes one.
    pub fn configure(&mut self, name: &str) -> anyhow::Result<()> {
        if self.answers.n_vars() > 0 || !CaDiCal::is_valid_configuration(name) {
            bail!("cadical: cannot apply the preset {name:?} here");
        }
        self.inner.configure(name);
        Ok(())
    }

    /// A fresh solver that writes a binary proof of its UNSAT answer to `path`: LRAT (every
    /// lemma with the clauses that imply it) when `lrat`, else DRAT. Bounded variable addition
    /// (`factor`) is kept off: it adds extension variables whose definitions a plain checker
    /// does not take.
    pub fn with_proof(path: &Path, lrat: bool) -> anyhow::Result<Self> {
        let mut s = CadicalSolver::default();
        s.inner.set("factor", 0);
        s.inner.set("lrat", i32::from(lrat));
        s.inner.set("binary", 1);
        let name = path.to_str().context("the proof path is not UTF-8")?;
        if !s.inner.trace_proof2(name) {
            bail!("cadical: cannot write the proof to {}", path.display());
        }
        s.proof_open = true;
        Ok(s)
    }

    /// Reads the DIMACS file `cnf` as the whole formula. Why not clause by clause: CaDiCaL numbers
    /// the clauses it reads from a file 1, 2, ... in file order, as LRAT checkers number the
    /// CNF's clauses, and its lemmas after them; clauses added one by one share one counter
    /// with the lemmas it derives while they come in (a clause shortened by a unit), so a
    /// proof's ids would not name the file's clauses.
    pub fn read_dimacs(&mut self, cnf: &Path) -> anyhow::Result<()> {
        let name = cnf.to_str().context("the CNF path is not UTF-8")?;
        let mut vars = 0;
        self.inner
            .read_dimacs2(name, &mut vars, 1)
            .map_err(|e| anyhow::anyhow!("cadical cannot read {}: {e}", cnf.display()))?;
        self.answers.read_formula(vars.max(0) as usize);
        Ok(())
    }

    /// Flushes and closes the proof, if one is being written.
    pub fn close_proof(&mut self) {
        if std::mem::take(&mut self.proof_open) {
            self.inner.close_proof_trace(false);
        }
    }

    /// Suggests `lit` as its variable's first decision value.
    pub fn phase(&mut self, lit: Lit) {
        self.inner.phase(to_cadical(lit));
    }

    /// Has the next solve call stop after `conflicts` conflicts (CaDiCaL's limit is an `int`).
    pub fn limit_conflicts(&mut self, conflicts: u32) {
        self.inner
            .limit("conflicts", conflicts.min(i32::MAX as u32) as i32);
    }

    /// Has later solve calls stop as soon as `stop` says so (CaDiCaL polls it while searching).
    pub fn set_stop(&mut self, stop: impl FnMut() -> bool + 'static) {
        self.inner.connect_terminator(StopTest(stop));
    }

    fn run(&mut self, assumps: &[Lit]) -> anyhow::Result<SolverResult> {
        self.answers.start(assumps);
        for &l in assumps {
            self.inner.assume(to_cadical(l));
        }
        let start = Instant::now();
        let status = self.inner.solve();
        self.answers.spent(start.elapsed());
        Ok(match status {
            Status::SATISFIABLE => {
                let n = self.answers.n_vars();
                let bits = (1..=n as i32).map(|v| self.inner.val(v) > 0).collect();
                self.answers.sat(bits)
            }
            Status::UNSATISFIABLE => {
                let failed: Vec<Lit> = assumps
                    .iter()
                    .copied()
                    .filter(|&l| self.inner.failed(to_cadical(l)))
                    .collect();
                self.answers.unsat(failed)
            }
            Status::UNKNOWN => SolverResult::Interrupted,
        })
    }
}

impl Drop for CadicalSolver {
    fn drop(&mut self) {
        self.close_proof();
    }
}

/// What [`solver_traits!`] needs beside `answers` and `run`.
impl CadicalSolver {
    fn signature_text(&self) -> &'static str {
        static SIGNATURE: OnceLock<String> = OnceLock::new();
        SIGNATURE.get_or_init(CaDiCal::signature)
    }

    fn feed(&mut self, clause: &Cl) {
        for &l in clause.iter() {
            self.inner.add(to_cadical(l));
        }
        self.inner.add(0);
    }
}

solver_traits!(CadicalSolver);

#[cfg(test)]
mod tests {
    use super::*;
    use rustsat::solvers::Solve as _;

    #[test]
    fn sat_unsat_and_assumptions() {
        super::super::adapter::answers_sat_unsat_and_cores(&mut CadicalSolver::default());
    }

    /// The signature names CaDiCaL and its version, which the proofs' records quote.
    #[test]
    fn the_signature_names_the_version() {
        let s = CadicalSolver::default();
        assert!(s.signature().starts_with("cadical-3."), "{}", s.signature());
    }
}
