//! Any DIMACS solver binary behind rustsat's solver traits.
//!
//! Each call writes the clauses plus the assumptions as unit clauses to a fresh DIMACS file,
//! runs the command on it, and reads the answer: SAT competition output (`s`/`v` lines) on
//! stdout, or, for MiniSat, the result file it writes. A model is trusted only after it
//! satisfies every clause and assumption; a missing or malformed answer, a crash, or a time
//! limit is an error, never an answer.

use crate::io::{SolverAnswer, check_model, parse_competition_output, parse_minisat_result, write_dimacs};
use anyhow::{Context, bail};
use rustsat::solvers::{Solve, SolveIncremental, SolveStats, SolverResult, SolverStats};
use rustsat::types::{Cl, Clause, Lit, TernaryVal, Var};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A solver run as a process.
pub struct ExternalSolver {
    /// Program and its arguments; the CNF file is appended.
    command: Vec<String>,
    timeout: Option<Duration>,
    clauses: Vec<Clause>,
    max_var: Option<Var>,
    model: Option<Vec<bool>>,
    core: Option<Vec<Lit>>,
    n_sat: usize,
    n_unsat: usize,
    solve_time: Duration,
    /// A DRAT proof file appended after the CNF (`cadical F P`, `kissat F P`), when certifying.
    proof: Option<PathBuf>,
}

/// Removes a temporary file when dropped.
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn temp_path(ext: &str) -> TempFile {
    static N: AtomicU64 = AtomicU64::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    TempFile(std::env::temp_dir().join(format!("queensat-{}-{n}.{ext}", std::process::id())))
}

impl ExternalSolver {
    /// A solver run as `command FILE.cnf` (words split on whitespace). The time limit comes
    /// from `QUEENSAT_SOLVER_TIMEOUT` (seconds) when set.
    pub fn new(command: &str) -> ExternalSolver {
        let timeout = std::env::var("QUEENSAT_SOLVER_TIMEOUT")
            .ok()
            .and_then(|s| s.parse::<f64>().ok())
            .map(Duration::from_secs_f64);
        ExternalSolver {
            command: command.split_whitespace().map(String::from).collect(),
            timeout,
            clauses: Vec::new(),
            max_var: None,
            model: None,
            core: None,
            n_sat: 0,
            n_unsat: 0,
            solve_time: Duration::ZERO,
            proof: None,
        }
    }

    /// Appends `proof` to the command line after the CNF, where solvers of the SAT competition
    /// (CaDiCaL, kissat) write a DRAT proof of an UNSAT answer.
    pub fn with_proof(mut self, proof: &Path) -> Self {
        self.proof = Some(proof.to_path_buf());
        self
    }

    /// Sets the wall-clock limit of each call.
    pub fn with_timeout(mut self, limit: Option<Duration>) -> Self {
        self.timeout = limit;
        self
    }

    pub fn command(&self) -> String {
        self.command.join(" ")
    }

    fn is_minisat(&self) -> bool {
        self.command
            .first()
            .and_then(|p| Path::new(p).file_name())
            .is_some_and(|n| n.to_string_lossy().starts_with("minisat"))
    }

    fn note_var(&mut self, v: Var) {
        if self.max_var.is_none_or(|m| v > m) {
            self.max_var = Some(v);
        }
    }

    fn run(&mut self, assumps: &[Lit]) -> anyhow::Result<SolverResult> {
        self.model = None;
        self.core = None;
        for &l in assumps {
            self.note_var(l.var());
        }
        let Some(program) = self.command.first() else {
            bail!("external solver: empty command");
        };
        let n_vars = self.max_var.map_or(0, |v| v.idx() as u32 + 1);
        let units: Vec<Clause> = assumps.iter().map(|&l| [l].into_iter().collect()).collect();
        let all: Vec<&Clause> = self.clauses.iter().chain(&units).collect();
        let cnf = temp_path("cnf");
        let text = write_dimacs(
            "c written by queensat for an external solver\n",
            n_vars,
            all.iter().copied(),
        );
        std::fs::write(&cnf.0, text).with_context(|| format!("cannot write {}", cnf.0.display()))?;
        let out = temp_path("out");
        let err = temp_path("err");
        let result = temp_path("result");
        let mut cmd = Command::new(program);
        cmd.args(&self.command[1..]).arg(&cnf.0);
        if self.is_minisat() {
            cmd.arg(&result.0);
        } else if let Some(p) = &self.proof {
            cmd.arg(p);
        }
        cmd.stdin(Stdio::null())
            .stdout(std::fs::File::create(&out.0)?)
            .stderr(std::fs::File::create(&err.0)?);
        let name = self.command();
        let start = Instant::now();
        let mut child = cmd
            .spawn()
            .with_context(|| format!("external solver {name:?}: cannot start"))?;
        let status = loop {
            if let Some(s) = child.try_wait()? {
                break s;
            }
            if self.timeout.is_some_and(|t| start.elapsed() > t) {
                let _ = child.kill();
                let _ = child.wait();
                bail!(
                    "external solver {name:?}: no answer within {:.1} s (killed)",
                    self.timeout.unwrap_or_default().as_secs_f64()
                );
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        self.solve_time += start.elapsed();
        let stdout = std::fs::read_to_string(&out.0).unwrap_or_default();
        let answer = if self.is_minisat() {
            let text = std::fs::read_to_string(&result.0).unwrap_or_default();
            parse_minisat_result(&text, n_vars)
        } else {
            parse_competition_output(&stdout, n_vars)
        };
        let answer = answer.map_err(|e| {
            let stderr = std::fs::read_to_string(&err.0).unwrap_or_default();
            let last = stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
            anyhow::anyhow!(
                "external solver {name:?} ({status}): {e}{}",
                if last.is_empty() {
                    String::new()
                } else {
                    format!("; stderr: {last}")
                }
            )
        })?;
        // The competition exit codes, where given, must agree with the printed answer.
        match (status.code(), &answer) {
            (Some(20), SolverAnswer::Sat(_)) | (Some(10), SolverAnswer::Unsat) => {
                bail!("external solver {name:?}: exit code {status} contradicts its answer")
            }
            _ => {}
        }
        match answer {
            SolverAnswer::Sat(model) => {
                if let Err(i) = check_model(&self.clauses, &model) {
                    bail!(
                        "external solver {name:?}: its model falsifies clause {} of the formula",
                        i + 1
                    );
                }
                if let Some(l) = assumps.iter().find(|l| model[l.vidx()] != l.is_pos()) {
                    bail!(
                        "external solver {name:?}: its model falsifies assumption {}",
                        l.to_ipasir()
                    );
                }
                self.model = Some(model);
                self.n_sat += 1;
                Ok(SolverResult::Sat)
            }
            SolverAnswer::Unsat => {
                self.core = Some(assumps.iter().map(|&l| !l).collect());
                self.n_unsat += 1;
                Ok(SolverResult::Unsat)
            }
            SolverAnswer::Unknown => bail!("external solver {name:?}: answered UNKNOWN"),
        }
    }
}

impl Solve for ExternalSolver {
    fn signature(&self) -> &'static str {
        "external DIMACS solver"
    }
    fn solve(&mut self) -> anyhow::Result<SolverResult> {
        self.run(&[])
    }
    fn lit_val(&self, lit: Lit) -> anyhow::Result<TernaryVal> {
        let model = self
            .model
            .as_ref()
            .context("external solver: no model (last answer was not SAT)")?;
        let v = model.get(lit.vidx()).copied().unwrap_or(false);
        Ok(if v == lit.is_pos() {
            TernaryVal::True
        } else {
            TernaryVal::False
        })
    }
    fn add_clause_ref<C: AsRef<Cl> + ?Sized>(&mut self, clause: &C) -> anyhow::Result<()> {
        let cl: Clause = clause.as_ref().iter().copied().collect();
        for &l in cl.iter() {
            self.note_var(l.var());
        }
        self.clauses.push(cl);
        self.model = None;
        Ok(())
    }
}

impl SolveIncremental for ExternalSolver {
    fn solve_assumps(&mut self, assumps: &[Lit]) -> anyhow::Result<SolverResult> {
        self.run(assumps)
    }
    /// Every assumption (negated, rustsat's convention): the process reports no smaller core.
    fn core(&mut self) -> anyhow::Result<Vec<Lit>> {
        self.core
            .clone()
            .context("external solver: no core (last answer was not UNSAT)")
    }
}

impl SolveStats for ExternalSolver {
    fn stats(&self) -> SolverStats {
        SolverStats {
            n_sat: self.n_sat,
            n_unsat: self.n_unsat,
            n_terminated: 0,
            n_clauses: self.clauses.len(),
            max_var: self.max_var,
            avg_clause_len: 0.0,
            cpu_solve_time: self.solve_time,
        }
    }
    fn n_clauses(&self) -> usize {
        self.clauses.len()
    }
    fn max_var(&self) -> Option<Var> {
        self.max_var
    }
}

impl Extend<Clause> for ExternalSolver {
    fn extend<T: IntoIterator<Item = Clause>>(&mut self, iter: T) {
        for cl in iter {
            self.add_clause_ref(&cl).expect("never refuses a clause");
        }
    }
}

impl<'a, C: AsRef<Cl> + ?Sized> Extend<&'a C> for ExternalSolver {
    fn extend<T: IntoIterator<Item = &'a C>>(&mut self, iter: T) {
        for cl in iter {
            self.add_clause_ref(cl).expect("never refuses a clause");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustsat::lit;

    /// A fake solver: a shell script that prints `output` and exits with `code`.
    fn fake(dir: &Path, name: &str, output: &str, code: i32) -> ExternalSolver {
        let path = dir.join(name);
        std::fs::write(&path, format!("#!/bin/sh\nprintf '{output}'\nexit {code}\n")).unwrap();
        ExternalSolver::new(&format!("sh {}", path.display()))
    }

    #[test]
    fn wrong_or_garbage_answers_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        let cases = [
            ("garbage", "garbage\\n", 0, "no `s` status line"),
            ("liar", "s SATISFIABLE\\nv -1 0\\n", 10, "falsifies clause 1"),
            ("mixed", "s UNSATISFIABLE\\n", 10, "contradicts"),
            ("crash", "", 139, "no `s` status line"),
        ];
        for (name, out, code, want) in cases {
            let mut s = fake(dir.path(), name, out, code);
            s.add_unit(lit![0]).unwrap();
            let e = s.solve().unwrap_err().to_string();
            assert!(e.contains(want), "{name}: {e}");
        }
        let mut s = fake(dir.path(), "honest", "s SATISFIABLE\\nv 1 0\\n", 10);
        s.add_unit(lit![0]).unwrap();
        assert_eq!(s.solve().unwrap(), SolverResult::Sat);
        assert_eq!(s.lit_val(lit![0]).unwrap(), TernaryVal::True);
        let slow = dir.path().join("slow");
        std::fs::write(&slow, "#!/bin/sh\nsleep 5\n").unwrap();
        let mut s = ExternalSolver::new(&format!("sh {}", slow.display()))
            .with_timeout(Some(Duration::from_millis(100)));
        assert!(s.solve().unwrap_err().to_string().contains("killed"));
        let mut s = ExternalSolver::new("/nonexistent/solver");
        assert!(s.solve().unwrap_err().to_string().contains("cannot start"));
    }
}
