//! [`Backend`] names a solver; [`AnySolver`] holds one, chosen at run time.

use super::external::ExternalSolver;
use super::varisat::VarisatSolver;
use crate::run::deadline::Deadline;
use rustsat::solvers::{Solve, SolveIncremental, SolveStats, SolverResult};
use rustsat::types::{Cl, Clause, Lit, TernaryVal, Var};
use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// A solver choice.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    #[default]
    Varisat,
    #[cfg(feature = "batsat")]
    Batsat,
    #[cfg(feature = "cadical")]
    Cadical,
    /// A DIMACS solver run as a process: the command line (`external:CMD` on the command line).
    External(String),
}

impl Backend {
    /// Every backend compiled into this binary.
    pub fn available() -> Vec<Backend> {
        vec![
            Backend::Varisat,
            #[cfg(feature = "batsat")]
            Backend::Batsat,
            #[cfg(feature = "cadical")]
            Backend::Cadical,
        ]
    }

    pub fn name(&self) -> &'static str {
        match self {
            Backend::Varisat => "varisat",
            #[cfg(feature = "batsat")]
            Backend::Batsat => "batsat",
            #[cfg(feature = "cadical")]
            Backend::Cadical => "cadical",
            Backend::External(_) => "external",
        }
    }

    /// Whether a search can be stopped inside a call of this backend under the deadline of
    /// [`AnySolver::set_deadline`]: CaDiCaL polls it during the search, and an external solver
    /// is killed when the rest of the limit has passed on the wall clock, or at a stop signal.
    /// The others (varisat) are stopped only between calls.
    pub fn stops_inside_a_call(&self) -> bool {
        match self {
            #[cfg(feature = "cadical")]
            Backend::Cadical => true,
            Backend::External(_) => true,
            _ => false,
        }
    }

    /// Whether a search that must stop at once inside a call runs this backend's calls on a
    /// thread of its own and gives up on a call when a stop comes
    /// ([`Deadline::outrun_with`](crate::run::deadline::Deadline::outrun_with)): an in-process
    /// solver that cannot be stopped inside a call (varisat).
    pub fn outrun_in_a_call(&self) -> bool {
        !self.stops_inside_a_call()
    }

    /// Whether a solve call of this backend can be limited to a number of conflicts
    /// ([`AnySolver::limit_conflicts`]): a slice of a search that is the same on every machine
    /// and in every run, where a slice of CPU time is not.
    pub fn limits_conflicts(&self) -> bool {
        match self {
            #[cfg(feature = "cadical")]
            Backend::Cadical => true,
            _ => false,
        }
    }

    /// The backend of a search under a time limit when none is named: the first built-in one
    /// that stops inside a call (CaDiCaL), so that the limit holds; else the default.
    pub fn for_time_limit() -> Backend {
        Backend::available()
            .into_iter()
            .find(Backend::stops_inside_a_call)
            .unwrap_or_default()
    }

    /// The backend of a search under `time_limit` given the one `named`, if any: the one named,
    /// else, with a limit, [`for_time_limit`](Self::for_time_limit), else the default.
    pub fn within(named: Option<&Backend>, time_limit: Option<std::time::Duration>) -> Backend {
        match (named, time_limit) {
            (Some(b), _) => b.clone(),
            (None, Some(_)) => Backend::for_time_limit(),
            (None, None) => Backend::default(),
        }
    }

    /// An error for a backend known not to write a proof that `--certify` can check, before any
    /// work is done (an external picosat, whose proof format no checker here reads).
    pub fn check_writes_proof(&self) -> anyhow::Result<()> {
        match self {
            Backend::External(cmd) => super::external::check_writes_drat(cmd),
            _ => Ok(()),
        }
    }

    /// Whether [`make_configured`](Self::make_configured) applies a preset (CaDiCaL only).
    pub fn has_presets(&self) -> bool {
        #[cfg(feature = "cadical")]
        if *self == Backend::Cadical {
            return true;
        }
        false
    }

    /// A fresh solver of this kind, CaDiCaL with its option preset `config` (the other
    /// backends have none and ignore it).
    pub fn make_configured(&self, config: CadicalConfig) -> anyhow::Result<AnySolver> {
        Ok(match self.make() {
            #[cfg(feature = "cadical")]
            AnySolver::Cadical(mut s) => {
                if config != CadicalConfig::Default {
                    // A fresh solver is in CaDiCaL's configuring state, which takes a preset.
                    s.configure(config.name())?;
                }
                AnySolver::Cadical(s)
            }
            solver => {
                let _ = config;
                solver
            }
        })
    }

    /// A fresh solver of this kind.
    pub fn make(&self) -> AnySolver {
        match self {
            Backend::Varisat => AnySolver::Varisat(Box::default()),
            #[cfg(feature = "batsat")]
            Backend::Batsat => AnySolver::Batsat(Box::default()),
            #[cfg(feature = "cadical")]
            Backend::Cadical => AnySolver::Cadical(Box::default()),
            Backend::External(cmd) => AnySolver::External(Box::new(ExternalSolver::new(cmd))),
        }
    }
}

impl FromStr for Backend {
    type Err = String;
    fn from_str(s: &str) -> Result<Backend, String> {
        if let Some(cmd) = s.strip_prefix("external:") {
            if cmd.trim().is_empty() {
                return Err("external: needs a command, e.g. external:cadical".into());
            }
            return Ok(Backend::External(cmd.to_string()));
        }
        Backend::available()
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = Backend::available().iter().map(|b| b.name()).collect();
                format!(
                    "unknown solver {s:?} (this build has: {}, external:CMD)",
                    names.join(", ")
                )
            })
    }
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Backend::External(cmd) => write!(f, "external:{cmd}"),
            _ => f.write_str(self.name()),
        }
    }
}

crate::choices! {
/// CaDiCaL's option presets (its `--sat`, `--unsat`, `--plain`): `sat` runs in stable mode
/// only, which suits searches whose hard call is usually the one that finds a placement.
pub enum CadicalConfig {
    /// CaDiCaL's defaults.
    #[default]
    Default = "default",
    /// Options for satisfiable formulas (stable mode only).
    Sat = "sat",
    /// Options for unsatisfiable formulas (no stable mode, no local search).
    Unsat = "unsat",
    /// No preprocessing or inprocessing.
    Plain = "plain",
}
}

/// One solver of any backend, dispatching rustsat's traits to it.
pub enum AnySolver {
    Varisat(Box<VarisatSolver>),
    #[cfg(feature = "batsat")]
    Batsat(Box<rustsat_batsat::BasicSolver>),
    #[cfg(feature = "cadical")]
    Cadical(Box<super::cadical::CadicalSolver>),
    External(Box<ExternalSolver>),
}

macro_rules! dispatch {
    ($self:expr, $s:ident => $body:expr) => {
        match $self {
            AnySolver::Varisat($s) => $body,
            #[cfg(feature = "batsat")]
            AnySolver::Batsat($s) => $body,
            #[cfg(feature = "cadical")]
            AnySolver::Cadical($s) => $body,
            AnySolver::External($s) => $body,
        }
    };
}

impl AnySolver {
    /// Whether `lit` is true in the last model (false if the solver cannot say).
    pub fn is_true(&self, lit: Lit) -> bool {
        matches!(self.lit_val(lit), Ok(TernaryVal::True))
    }

    /// Suggests the first decision value of each literal's variable (a known good assignment,
    /// such as a heuristic placement). Only a hint: answers do not depend on it. Whether this
    /// backend takes phases (CaDiCaL does; varisat, batsat and external solvers do not).
    pub fn suggest_phases(&mut self, lits: &[Lit]) -> anyhow::Result<bool> {
        match self {
            #[cfg(feature = "cadical")]
            AnySolver::Cadical(s) => {
                for &l in lits {
                    s.phase(l);
                }
                Ok(true)
            }
            _ => {
                let _ = lits;
                Ok(false)
            }
        }
    }

    /// Has the next solve call (only that one) stop with [`SolverResult::Interrupted`] after
    /// `conflicts` conflicts (CaDiCaL's own limit, at most `i32::MAX`), on the backends that
    /// count them ([`Backend::limits_conflicts`]). Whether this backend took the limit.
    pub fn limit_conflicts(&mut self, conflicts: u32) -> anyhow::Result<bool> {
        match self {
            #[cfg(feature = "cadical")]
            AnySolver::Cadical(s) => {
                s.limit_conflicts(conflicts);
                Ok(true)
            }
            _ => {
                let _ = conflicts;
                Ok(false)
            }
        }
    }

    /// Has later solve calls stop with [`SolverResult::Interrupted`] once `deadline` passed:
    /// CaDiCaL polls it inside a call; an external solver's call gets what is left of the
    /// limit as wall-clock seconds and is killed then, or at a stop signal, its seconds counted
    /// on the deadline's clock ([`ExternalSolver::set_deadline`]); the others are only stopped
    /// between calls, by whoever holds the deadline.
    pub fn set_deadline(&mut self, deadline: Deadline) {
        match self {
            AnySolver::External(s) => s.set_deadline(Some(deadline)),
            _ => self.set_stop(deadline.stop_test()),
        }
    }

    /// Has later solve calls stop with [`SolverResult::Interrupted`] as soon as `stop` says so,
    /// on the in-process backends that poll it during the search (CaDiCaL); an external solver
    /// is killed at a stop signal whatever `stop` says, and drops the deadline of
    /// [`set_deadline`](Self::set_deadline), its one time limit; the others are only stopped between calls, by
    /// whoever holds the limit.
    pub fn set_stop(&mut self, stop: impl Fn() -> bool + 'static) {
        match self {
            #[cfg(feature = "cadical")]
            AnySolver::Cadical(s) => {
                use std::time::{Duration, Instant};
                // CaDiCaL asks every tenth step of its search, and a CPU deadline reads the
                // thread's clock by a system call: `stop` is asked at most every millisecond,
                // by the cheap clock (a 2.6 s 24x24 value search: 0.12 -> 0.02 s of system time).
                const POLL: Duration = Duration::from_millis(1);
                let mut next = Instant::now();
                s.set_stop(move || {
                    let now = Instant::now();
                    if now < next {
                        return false;
                    }
                    next = now + POLL;
                    stop()
                });
            }
            AnySolver::External(s) => {
                let _ = stop;
                s.set_deadline(None);
            }
            _ => {
                let _ = stop;
            }
        }
    }
}

impl Solve for AnySolver {
    fn signature(&self) -> &'static str {
        dispatch!(self, s => s.signature())
    }
    fn solve(&mut self) -> anyhow::Result<SolverResult> {
        dispatch!(self, s => s.solve())
    }
    fn lit_val(&self, lit: Lit) -> anyhow::Result<TernaryVal> {
        dispatch!(self, s => s.lit_val(lit))
    }
    fn add_clause_ref<C: AsRef<Cl> + ?Sized>(&mut self, clause: &C) -> anyhow::Result<()> {
        dispatch!(self, s => s.add_clause_ref(clause))
    }
    fn add_clause(&mut self, clause: Clause) -> anyhow::Result<()> {
        dispatch!(self, s => s.add_clause(clause))
    }
}

impl SolveIncremental for AnySolver {
    fn solve_assumps(&mut self, assumps: &[Lit]) -> anyhow::Result<SolverResult> {
        dispatch!(self, s => s.solve_assumps(assumps))
    }
    fn core(&mut self) -> anyhow::Result<Vec<Lit>> {
        dispatch!(self, s => s.core())
    }
}

impl SolveStats for AnySolver {
    fn stats(&self) -> rustsat::solvers::SolverStats {
        dispatch!(self, s => s.stats())
    }
    fn n_clauses(&self) -> usize {
        dispatch!(self, s => s.n_clauses())
    }
    fn max_var(&self) -> Option<Var> {
        dispatch!(self, s => s.max_var())
    }
}

impl Extend<Clause> for AnySolver {
    fn extend<T: IntoIterator<Item = Clause>>(&mut self, iter: T) {
        for cl in iter {
            self.add_clause(cl).expect("solver refused a clause");
        }
    }
}

impl<'a, C: AsRef<Cl> + ?Sized> Extend<&'a C> for AnySolver {
    fn extend<T: IntoIterator<Item = &'a C>>(&mut self, iter: T) {
        for cl in iter {
            self.add_clause_ref(cl).expect("solver refused a clause");
        }
    }
}

impl Backend {
    /// Whether queensat may believe this backend's UNSAT answers: true for the solvers it runs
    /// in-process, false for an external process (its word, unless a proof is checked).
    pub fn checks_its_unsat(&self) -> bool {
        !matches!(self, Backend::External(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A time limit without a named solver goes to a backend that can honour it, where the
    /// build has one.
    #[test]
    fn the_time_limit_backend_stops_inside_a_call() {
        let b = Backend::for_time_limit();
        let any = Backend::available().iter().any(Backend::stops_inside_a_call);
        assert_eq!(b.stops_inside_a_call(), any, "{b:?}");
        assert!(!Backend::Varisat.stops_inside_a_call());
        assert!(Backend::External("cadical".into()).stops_inside_a_call());
    }

    /// An external solver's call under a deadline gets the rest of the limit by the wall clock:
    /// one that sleeps is killed then, and the call is stopped (never UNSAT), its seconds
    /// counted on the deadline's clock; one that finds the deadline passed does not start.
    #[test]
    fn an_external_call_is_killed_at_the_deadline() {
        use std::time::{Duration, Instant};
        let dir = tempfile::tempdir().unwrap();
        let sleeper = dir.path().join("sleeper");
        std::fs::write(&sleeper, "#!/bin/sh\nsleep 30\n").unwrap();
        let mut s = Backend::External(format!("sh {}", sleeper.display())).make();
        s.add_clause(Clause::from([Lit::positive(0)])).unwrap();
        let deadline = Deadline::thread(Some(Duration::from_millis(300)));
        s.set_deadline(deadline);
        let t = Instant::now();
        assert_eq!(s.solve().unwrap(), SolverResult::Interrupted);
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
        assert!(deadline.timed_out(), "{}", deadline.spent());
        let t = Instant::now();
        assert_eq!(s.solve().unwrap(), SolverResult::Interrupted);
        assert!(t.elapsed() < Duration::from_millis(100), "{:?}", t.elapsed());
    }

    /// A conflict limit holds for the next call only, on the backends that take one.
    #[test]
    fn a_conflict_limit_ends_one_call() {
        // Six pigeons in five holes: no answer without conflicts.
        let (pigeons, holes) = (6u32, 5u32);
        let x = |p: u32, h: u32| Lit::positive(p * holes + h);
        for b in Backend::available() {
            let mut s = b.make();
            for p in 0..pigeons {
                s.add_clause((0..holes).map(|h| x(p, h)).collect()).unwrap();
            }
            for h in 0..holes {
                for p in 0..pigeons {
                    for q in p + 1..pigeons {
                        s.add_clause(Clause::from([!x(p, h), !x(q, h)])).unwrap();
                    }
                }
            }
            let limited = s.limit_conflicts(1).unwrap();
            assert_eq!(limited, b.limits_conflicts(), "{b:?}");
            let first = s.solve().unwrap();
            let want = match limited {
                true => SolverResult::Interrupted,
                false => SolverResult::Unsat,
            };
            assert_eq!(first, want, "{b:?}");
            // The largest limit is taken (CaDiCaL's own is an `int`) and lets the call end.
            assert_eq!(s.limit_conflicts(u32::MAX).unwrap(), limited);
            assert_eq!(s.solve().unwrap(), SolverResult::Unsat, "{b:?}");
        }
    }

    /// Every preset gives a solver that answers, on every backend (presets only tune).
    #[test]
    fn every_preset_answers() {
        use crate::choice::Choice as _;
        for b in Backend::available() {
            for c in CadicalConfig::CHOICES.iter().map(|c| c.value) {
                let mut s = b.make_configured(c).unwrap();
                let (x, y) = (Lit::positive(0), Lit::positive(1));
                s.add_clause(Clause::from([x, y])).unwrap();
                s.add_clause(Clause::from([!x])).unwrap();
                assert_eq!(s.solve().unwrap(), SolverResult::Sat, "{b:?} {c:?}");
                assert!(s.is_true(y));
                s.add_clause(Clause::from([!y])).unwrap();
                assert_eq!(s.solve().unwrap(), SolverResult::Unsat, "{b:?} {c:?}");
            }
            assert_eq!(b.has_presets(), b.name() == "cadical");
        }
    }
}
