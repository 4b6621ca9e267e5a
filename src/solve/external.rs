//! Any DIMACS solver binary behind rustsat's solver traits.
//!
//! Each call writes the clauses plus the assumptions as unit clauses to a fresh DIMACS file,
//! runs the command on it, and reads the answer: SAT competition output (`s`/`v` lines) on
//! stdout, or, for MiniSat, the result file it writes. A model is trusted only after it
//! satisfies every clause and assumption; a missing or malformed answer, a crash, or
//! `QUEENSAT_SOLVER_TIMEOUT` is an error, never an answer. Under a search's deadline
//! ([`ExternalSolver::set_deadline`]) a call gets what is left of the limit as wall-clock
//! seconds: killed then, or at a stop signal, it is stopped (unknown, never UNSAT).

use super::adapter::{Answers, solver_traits};
use crate::io::{SolverAnswer, check_model, parse_competition_output, parse_minisat_result, write_dimacs};
use crate::run::cpu::{lend_to_this_thread, thread_cpu_seconds};
use crate::run::deadline::Deadline;
use crate::run::interrupt::{Interrupted, stop_requested};
use anyhow::{Context, bail};
use rustsat::solvers::SolverResult;
use rustsat::types::{Cl, Clause, Lit};
use std::os::unix::process::{CommandExt as _, ExitStatusExt as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest time limit accepted: about 115 days.
const MAX_SECONDS: f64 = 1e7;

/// A time limit in seconds, parsed strictly: a finite positive number of at most 10^7 seconds
/// (`nan`, `inf`, negative, zero and huge values are errors).
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let x: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if !x.is_finite() || x <= 0.0 || x > MAX_SECONDS {
        return Err(format!(
            "{text:?} is not a time limit (a positive number of seconds up to {MAX_SECONDS:e})"
        ));
    }
    Ok(Duration::from_secs_f64(x))
}

/// What an UNSAT answer of an external solver rests on, in the words every output uses.
pub const UNCHECKED_UNSAT: &str = "unchecked (external solver's word)";

/// Bytes of solver output read at most: beyond this the solver is stopped, an error.
fn output_cap(n_vars: u32) -> u64 {
    (64 << 20) + 16 * u64::from(n_vars)
}

/// A solver run as a process.
pub struct ExternalSolver {
    /// Program and its arguments; the CNF file is appended.
    command: Vec<String>,
    /// The limit of each call, or why `QUEENSAT_SOLVER_TIMEOUT` was refused (reported by the
    /// first call).
    timeout: Result<Option<Duration>, String>,
    clauses: Vec<Clause>,
    answers: Answers,
    /// A DRAT proof file appended after the CNF (`cadical F P`, `kissat F P`), when certifying.
    proof: Option<PathBuf>,
    /// The search's deadline, whose remaining limit bounds each call by the wall clock.
    deadline: Option<Deadline>,
}

/// The error of [`run_bounded`] for a program killed at its time limit.
#[derive(Debug)]
pub struct KilledAtLimit {
    what: String,
    limit: Duration,
}

impl std::fmt::Display for KilledAtLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let seconds = self.limit.as_secs_f64();
        write!(f, "{}: no answer within {seconds:.1} s (killed)", self.what)
    }
}

impl std::error::Error for KilledAtLimit {}

/// A finished process: its exit status, what it printed (at most the cap) and its wall time.
pub struct Finished {
    pub status: std::process::ExitStatus,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
}

/// The first `cap` bytes of a file, as text; nothing from what is not a file of its own (a
/// pipe a solver left as its result file would block the read for ever).
fn read_capped(p: &Path, cap: u64) -> String {
    use std::io::Read as _;
    let mut buf = Vec::new();
    let is_file = std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_file());
    if let Some(f) = is_file.then(|| std::fs::File::open(p).ok()).flatten() {
        let _ = f.take(cap).read_to_end(&mut buf);
    }
    String::from_utf8_lossy(&buf).into_owned()
}

/// Runs `cmd` in its own process group with output to files in `dir`: on the time limit, or
/// when it writes more than `cap` bytes, the whole group (whatever it started too) is killed
/// and the run is an error naming `what` ([`KilledAtLimit`] at the limit); on a stop signal (which its own group does not
/// receive) it is killed too, and the error is [`Interrupted`]; when it ends, whatever it left
/// running in its group is killed. The one way queensat runs a program it does not control (solvers, proof
/// checkers).
pub fn run_bounded(
    cmd: &mut Command,
    dir: &Path,
    what: &str,
    limit: Option<Duration>,
    cap: u64,
) -> anyhow::Result<Finished> {
    let out = dir.join("stdout");
    let err = dir.join("stderr");
    cmd.stdin(Stdio::null())
        .stdout(std::fs::File::create(&out)?)
        .stderr(std::fs::File::create(&err)?)
        .process_group(0);
    let start = Instant::now();
    let mut child = cmd.spawn().with_context(|| format!("{what}: cannot start"))?;
    let pid = child.id();
    let mut polls = 0u64;
    let status = loop {
        if let Some(s) = child.try_wait()? {
            break s;
        }
        if stop_requested() {
            kill_group(pid);
            let _ = child.wait();
            return Err(Interrupted.into());
        }
        if let Some(limit) = limit.filter(|&t| start.elapsed() > t) {
            kill_group(pid);
            let _ = child.wait();
            let what = what.to_string();
            return Err(KilledAtLimit { what, limit }.into());
        }
        let stop = if polls.is_multiple_of(64)
            && std::fs::metadata(&out).map_or(0, |m| m.len()) + std::fs::metadata(&err).map_or(0, |m| m.len())
                > cap
        {
            Some(format!("wrote more than {cap} bytes of output (killed)"))
        } else {
            None
        };
        if let Some(why) = stop {
            kill_group(pid);
            let _ = child.wait();
            bail!("{what}: {why}");
        }
        polls += 1;
        std::thread::sleep(Duration::from_millis(2));
    };
    kill_group(pid);
    Ok(Finished {
        status,
        stdout: read_capped(&out, cap),
        stderr: read_capped(&err, cap),
        elapsed: start.elapsed(),
    })
}

/// Kills a process group (the solver and everything it started).
fn kill_group(pid: u32) {
    // SAFETY: kill(2) with a negative pid signals the group; no memory is involved.
    unsafe {
        libc::kill(-(pid as libc::pid_t), libc::SIGKILL);
    }
}

/// Whether `command`'s program is named `name` (or a name that starts with it: `minisat_core`).
fn runs_program(command: &str, name: &str) -> bool {
    (command.split_whitespace().next())
        .and_then(|p| Path::new(p).file_name())
        .is_some_and(|n| n.to_string_lossy().starts_with(name))
}

/// Refuses a solver known not to write the DRAT proof that `--certify` asks for as the path
/// after the CNF (`cadical F P`, `kissat F P`): picosat refuses a second file, and its own
/// trace (`-R FILE`) is RUP with a `%RUPD32` header, which queensat's checkers do not read.
pub fn check_writes_drat(command: &str) -> anyhow::Result<()> {
    if runs_program(command, "picosat") {
        bail!(
            "external solver {command:?} cannot certify: picosat takes no DRAT proof file after the \
             CNF, and its RUP trace (-R FILE) is not a format queensat checks; certify with cadical, \
             kissat or varisat"
        );
    }
    Ok(())
}

impl ExternalSolver {
    /// A solver run as `command FILE.cnf` (words split on whitespace). The time limit comes
    /// from `QUEENSAT_SOLVER_TIMEOUT` (seconds) when set.
    pub fn new(command: &str) -> ExternalSolver {
        let timeout = match std::env::var("QUEENSAT_SOLVER_TIMEOUT") {
            Ok(s) => parse_seconds(&s)
                .map(Some)
                .map_err(|e| format!("QUEENSAT_SOLVER_TIMEOUT: {e}")),
            Err(std::env::VarError::NotPresent) => Ok(None),
            Err(_) => Err("QUEENSAT_SOLVER_TIMEOUT is not valid text".into()),
        };
        ExternalSolver {
            command: command.split_whitespace().map(String::from).collect(),
            timeout,
            clauses: Vec::new(),
            answers: Answers::new("external solver"),
            proof: None,
            deadline: None,
        }
    }

    /// Has later calls stop at `deadline` (`None`: at a stop signal only): each gets what is left of its limit as wall-clock
    /// seconds (at most `QUEENSAT_SOLVER_TIMEOUT`'s), and one killed then answers
    /// [`SolverResult::Interrupted`], as one stopped by a signal does. A call's wall-clock
    /// seconds count as CPU seconds of the calling thread, the clock of a search's deadline:
    /// the solver's own CPU is not queensat's to read while it runs, and a solver that sleeps
    /// must run the limit out too.
    pub fn set_deadline(&mut self, deadline: Option<Deadline>) {
        self.deadline = deadline;
    }

    /// Appends `proof` to the command line after the CNF, where solvers of the SAT competition
    /// (CaDiCaL, kissat) write a DRAT proof of an UNSAT answer.
    pub fn with_proof(mut self, proof: &Path) -> Self {
        self.proof = Some(proof.to_path_buf());
        self
    }

    /// Sets the wall-clock limit of each call.
    pub fn with_timeout(mut self, limit: Option<Duration>) -> Self {
        if limit.is_some() {
            self.timeout = Ok(limit);
        }
        self
    }

    pub fn command(&self) -> String {
        self.command.join(" ")
    }

    fn is_minisat(&self) -> bool {
        runs_program(&self.command(), "minisat")
    }

    fn run(&mut self, assumps: &[Lit]) -> anyhow::Result<SolverResult> {
        self.answers.start(assumps);
        let Some(program) = self.command.first() else {
            bail!("external solver: empty command");
        };
        let timeout = self.timeout.clone().map_err(anyhow::Error::msg)?;
        if self.deadline.is_some_and(|d| d.passed()) {
            return Ok(SolverResult::Interrupted);
        }
        // The deadline's rest, where it is shorter than the environment's limit: a kill then is
        // a stop, not an error.
        let rest = self.deadline.and_then(|d| d.remaining());
        let stops = rest.filter(|r| timeout.is_none_or(|t| *r < t));
        let n_vars = self.answers.n_vars() as u32;
        let units: Vec<Clause> = assumps.iter().map(|&l| [l].into_iter().collect()).collect();
        let all: Vec<&Clause> = self.clauses.iter().chain(&units).collect();
        // Unpredictable names in the system temp directory, removed when dropped.
        let dir = crate::io::scratch_dir(crate::io::Scratch::Solver)?;
        let cnf = dir.path().join("in.cnf");
        let result = dir.path().join("result");
        let text = write_dimacs(
            "c written by queensat for an external solver\n",
            n_vars,
            all.iter().copied(),
        );
        std::fs::write(&cnf, text).with_context(|| format!("cannot write {}", cnf.display()))?;
        let mut cmd = Command::new(program);
        cmd.args(&self.command[1..]).arg(&cnf);
        if self.is_minisat() {
            cmd.arg(&result);
        } else if let Some(p) = &self.proof {
            cmd.arg(p);
        }
        let name = self.command();
        let cap = output_cap(n_vars);
        let (began, cpu) = (Instant::now(), thread_cpu_seconds());
        let ran = run_bounded(
            &mut cmd,
            dir.path(),
            &format!("external solver {name:?}"),
            stops.or(timeout),
            cap,
        );
        // The call's wall-clock seconds, beyond what this thread spent waiting, count as its own.
        lend_to_this_thread((began.elapsed().as_secs_f64() - (thread_cpu_seconds() - cpu)).max(0.0));
        let ran = match ran {
            Err(e) if e.is::<Interrupted>() => return Ok(SolverResult::Interrupted),
            Err(e) if stops.is_some() && e.is::<KilledAtLimit>() => {
                self.answers.spent(began.elapsed());
                return Ok(SolverResult::Interrupted);
            }
            ran => ran?,
        };
        self.answers.spent(ran.elapsed);
        let status = ran.status;
        if let Some(sig) = status.signal() {
            bail!("external solver {name:?}: killed by signal {sig}; its answer is not used");
        }
        let answer = if self.is_minisat() {
            parse_minisat_result(&read_capped(&result, cap), n_vars)
        } else {
            parse_competition_output(&ran.stdout, n_vars)
        };
        let answer = answer.map_err(|e| {
            // What the solver said last about why: its stderr's last line, else its stdout's
            // (picosat prints its usage errors there, with exit status 0).
            let last = |text: &str| {
                text.lines()
                    .rev()
                    .map(str::trim)
                    .find(|l| !l.is_empty())
                    .map(String::from)
            };
            let said = match (last(&ran.stderr), last(&ran.stdout)) {
                (Some(err), _) => format!("; stderr: {err}"),
                (None, Some(out)) => format!("; its output ends: {out}"),
                (None, None) => String::new(),
            };
            anyhow::anyhow!("external solver {name:?} ({status}): {e}{said}")
        })?;
        // The exit code must agree with the printed answer: an UNSAT answer (which queensat
        // cannot check) needs the competition's 20; a SAT answer 10 or 0 (its model is checked).
        let code = status.code().unwrap_or(-1);
        let agrees = match &answer {
            SolverAnswer::Sat(_) => code == 10 || code == 0,
            SolverAnswer::Unsat => code == 20,
            SolverAnswer::Unknown => true,
        };
        if !agrees {
            bail!("external solver {name:?}: exit code {code} contradicts its answer");
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
                Ok(self.answers.sat(model))
            }
            SolverAnswer::Unsat => Ok(self.answers.unsat(assumps.iter().copied())),
            SolverAnswer::Unknown => bail!("external solver {name:?}: answered UNKNOWN"),
        }
    }
}

/// What [`solver_traits!`] needs beside `answers` and `run`. The process reports no core, so
/// an UNSAT answer's core is every assumption (negated, rustsat's convention).
impl ExternalSolver {
    fn signature_text(&self) -> &'static str {
        "external DIMACS solver"
    }

    fn feed(&mut self, clause: &Cl) {
        self.clauses.push(clause.iter().copied().collect());
    }
}

solver_traits!(ExternalSolver);

#[cfg(test)]
mod tests {
    use super::*;
    use rustsat::lit;
    use rustsat::solvers::Solve as _;
    use rustsat::types::TernaryVal;

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
            (
                "garbage",
                "garbage\\n",
                0,
                "no `s` status line; its output ends: garbage",
            ),
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
