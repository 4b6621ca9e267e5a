//! What every adapter that puts a solver behind rustsat's traits keeps: the last answer (a
//! model as a bit per variable, or a core) and the counts `SolveStats` reports. The adapters
//! (`cadical`, `varisat`, `external`) only talk to their solver; [`solver_traits!`] gives them the trait
//! impls that read this state.

use rustsat::solvers::{SolverResult, SolverStats};
use rustsat::types::{Cl, Lit, TernaryVal, Var};
use std::time::Duration;

/// An adapter's answer and counts. Invariant: at most one of `model` and `core` is set, and
/// only after the answer it belongs to (SAT, UNSAT); a new clause or call clears both.
#[derive(Debug, Default)]
pub(crate) struct Answers {
    /// Which solver, in error messages.
    who: &'static str,
    /// The last SAT answer, a bit per variable up to `max_var`.
    model: Option<Vec<bool>>,
    /// The last UNSAT answer's core, in rustsat's convention (negated failed assumptions).
    core: Option<Vec<Lit>>,
    max_var: Option<Var>,
    n_clauses: usize,
    n_sat: usize,
    n_unsat: usize,
    solve_time: Duration,
}

impl Answers {
    pub fn new(who: &'static str) -> Answers {
        Answers {
            who,
            ..Answers::default()
        }
    }

    /// Variables `0..n_vars` appear in a clause or an assumption so far.
    pub fn n_vars(&self) -> usize {
        self.max_var.map_or(0, |v| v.idx() + 1)
    }

    fn note_var(&mut self, v: Var) {
        if self.max_var.is_none_or(|m| v > m) {
            self.max_var = Some(v);
        }
    }

    /// A clause was added: the formula changed, so the last answer no longer holds.
    pub fn added(&mut self, clause: &Cl) {
        for l in clause.iter() {
            self.note_var(l.var());
        }
        self.n_clauses += 1;
        self.model = None;
    }

    /// The solver read a formula over variables `0..n_vars` by itself (not clause by clause).
    pub fn read_formula(&mut self, n_vars: usize) {
        if let Some(last) = n_vars.checked_sub(1) {
            self.note_var(Var::new(last as u32));
        }
        self.model = None;
    }

    /// A call under `assumps` begins.
    pub fn start(&mut self, assumps: &[Lit]) {
        for l in assumps {
            self.note_var(l.var());
        }
        self.model = None;
        self.core = None;
    }

    /// The solver worked `took` on the current call.
    pub fn spent(&mut self, took: Duration) {
        self.solve_time += took;
    }

    /// The call answered SAT with `model` (a bit per variable).
    pub fn sat(&mut self, model: Vec<bool>) -> SolverResult {
        self.model = Some(model);
        self.n_sat += 1;
        SolverResult::Sat
    }

    /// The call answered UNSAT; `failed` are the assumptions it needed (the core, unnegated).
    pub fn unsat(&mut self, failed: impl IntoIterator<Item = Lit>) -> SolverResult {
        self.core = Some(failed.into_iter().map(|l| !l).collect());
        self.n_unsat += 1;
        SolverResult::Unsat
    }

    /// `lit` in the last model; a variable in no clause is unconstrained and reads false.
    pub fn lit_val(&self, lit: Lit) -> anyhow::Result<TernaryVal> {
        let model = self
            .model
            .as_ref()
            .ok_or_else(|| anyhow::anyhow!("{}: no model (last answer was not SAT)", self.who))?;
        let v = model.get(lit.vidx()).copied().unwrap_or(false);
        Ok(if v == lit.is_pos() {
            TernaryVal::True
        } else {
            TernaryVal::False
        })
    }

    /// The last UNSAT answer's core.
    pub fn core(&self) -> anyhow::Result<Vec<Lit>> {
        self.core
            .clone()
            .ok_or_else(|| anyhow::anyhow!("{}: no core (last answer was not UNSAT)", self.who))
    }

    pub fn stats(&self) -> SolverStats {
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
}

/// rustsat's `Solve`, `SolveIncremental`, `SolveStats` and `Extend` (clauses in bulk) for an
/// adapter whose [`Answers`] is the field `answers` and which has the inherent methods
/// `signature_text(&self) -> &'static str` (its name and version), `run(&mut self, &[Lit])`
/// (one call under assumptions) and `feed(&mut self, &Cl)` (hand one clause to the solver,
/// which never refuses it). The adapter writes only what talks to its solver; every answer
/// the traits read comes from `answers`.
macro_rules! solver_traits {
    ($t:ty) => {
        impl rustsat::solvers::Solve for $t {
            fn signature(&self) -> &'static str {
                self.signature_text()
            }
            fn solve(&mut self) -> anyhow::Result<rustsat::solvers::SolverResult> {
                self.run(&[])
            }
            fn lit_val(&self, lit: rustsat::types::Lit) -> anyhow::Result<rustsat::types::TernaryVal> {
                self.answers.lit_val(lit)
            }
            fn add_clause_ref<C>(&mut self, clause: &C) -> anyhow::Result<()>
            where
                C: AsRef<rustsat::types::Cl> + ?Sized,
            {
                self.feed(clause.as_ref());
                self.answers.added(clause.as_ref());
                Ok(())
            }
        }

        impl rustsat::solvers::SolveIncremental for $t {
            fn solve_assumps(
                &mut self,
                assumps: &[rustsat::types::Lit],
            ) -> anyhow::Result<rustsat::solvers::SolverResult> {
                self.run(assumps)
            }
            fn core(&mut self) -> anyhow::Result<Vec<rustsat::types::Lit>> {
                self.answers.core()
            }
        }

        impl rustsat::solvers::SolveStats for $t {
            fn stats(&self) -> rustsat::solvers::SolverStats {
                self.answers.stats()
            }
            fn n_clauses(&self) -> usize {
                self.answers.stats().n_clauses
            }
            fn max_var(&self) -> Option<rustsat::types::Var> {
                self.answers.stats().max_var
            }
        }

        impl Extend<rustsat::types::Clause> for $t {
            fn extend<T: IntoIterator<Item = rustsat::types::Clause>>(&mut self, iter: T) {
                for cl in iter {
                    rustsat::solvers::Solve::add_clause_ref(self, &cl).expect("never refuses a clause");
                }
            }
        }

        impl<'a, C: AsRef<rustsat::types::Cl> + ?Sized> Extend<&'a C> for $t {
            fn extend<T: IntoIterator<Item = &'a C>>(&mut self, iter: T) {
                for cl in iter {
                    rustsat::solvers::Solve::add_clause_ref(self, cl).expect("never refuses a clause");
                }
            }
        }
    };
}
pub(crate) use solver_traits;

/// The answers every adapter must give on a two-clause formula: SAT with its model, UNSAT
/// under an assumption with that assumption as the core, and SAT again once it is dropped.
#[cfg(test)]
pub(crate) fn answers_sat_unsat_and_cores(s: &mut impl rustsat::solvers::SolveIncremental) {
    use rustsat::lit;
    s.add_binary(lit![0], lit![1]).unwrap();
    s.add_binary(!lit![0], lit![1]).unwrap();
    assert_eq!(s.solve().unwrap(), SolverResult::Sat);
    assert_eq!(s.lit_val(lit![1]).unwrap(), TernaryVal::True);
    assert_eq!(s.solve_assumps(&[!lit![1]]).unwrap(), SolverResult::Unsat);
    assert_eq!(s.core().unwrap(), vec![lit![1]]);
    assert_eq!(s.solve().unwrap(), SolverResult::Sat);
}
