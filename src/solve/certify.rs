//! Certified UNSAT answers, the one proof path: every UNSAT claim queensat certifies (a value
//! bound, a least-walls bound, a packing or covering bound) is written as a standalone DIMACS
//! CNF, refuted by a fresh solver of the backend that answered (varisat or CaDiCaL in-process,
//! or the external solver with a proof file argument) writing a DRAT proof, and the proof is
//! checked against the CNF file by the proof checker ([`check_proof`]: queensat's built-in one,
//! or an outside one). A backend that
//! writes no proof (batsat) has the question re-solved by varisat, and the certificate says so.
//!
//! Invariant: [`Certificate::certified`] is true only when the checker verified exactly the CNF
//! file and the proof file the certificate names (so a certified answer rests neither on the
//! solver's search nor on the encoder).

#[cfg(feature = "cadical")]
use super::backend::AnySolver;
use super::backend::Backend;
use super::external::ExternalSolver;
use super::proof_check::{ProofCheck, ProofFormat, check_proof, check_proof_until};
use super::varisat::VarisatSolver;
use crate::io::{write_atomic, write_dimacs};
use crate::run::deadline::Deadline;
use crate::run::interrupt::Interrupted;
use anyhow::{Context, bail};
use rustsat::instances::Cnf;
use rustsat::solvers::{Solve, SolveStats, SolverResult};
use rustsat::types::{Assignment, Lit};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A question expected to be UNSAT, as a standalone CNF.
pub struct UnsatQuestion<'a> {
    /// What the CNF asks, in words: "at least 12 queens".
    pub refuted: String,
    /// What its refutation proves, in words: "12 queens do not fit".
    pub proves: String,
    /// The `c` comment lines that make the CNF file self-describing (each ends in `\n`).
    pub header: String,
    pub n_vars: u32,
    pub cnf: &'a Cnf,
    /// Clauses of `cnf` that are not the question's encoding but implied by it under a
    /// certificate checked elsewhere (how many, from what, in words); the certificate's record
    /// carries the line, since the refutation rests on that check as well.
    pub implied: Option<String>,
}

/// A checked (or rejected) refutation: what was refuted, the CNF, the proof, the checker and
/// its verdict, and the times.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Certificate {
    /// The refuted question in words, e.g. "at least 12 queens".
    pub refuted: String,
    /// What the refutation proves, e.g. "12 queens do not fit".
    pub proves: String,
    pub cnf: PathBuf,
    pub n_vars: u32,
    pub n_clauses: usize,
    pub proof: PathBuf,
    /// The proof's format and who wrote it.
    pub proof_format: String,
    pub proof_bytes: u64,
    /// False when the proof was deleted after checking (too big to keep, or written to a
    /// temporary directory).
    pub proof_kept: bool,
    /// False when the CNF was deleted after checking because of its size (absent in JSON:
    /// kept, or gone with its temporary directory, as `proof_kept` says).
    #[serde(default = "kept", skip_serializing_if = "is_kept")]
    pub cnf_kept: bool,
    pub solve_seconds: f64,
    pub check: ProofCheck,
    pub certified: bool,
    /// Clauses of the CNF implied under a separately checked certificate (see
    /// [`UnsatQuestion::implied`]); the refutation rests on that check too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implied: Option<String>,
    /// The SHA-256 of the CNF file and of the proof file the checker verified, so that a record
    /// read back can tell whether its files are still those ([`Certificate::files_unchanged`]);
    /// absent in records written before them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sha256: Option<Box<FileDigests>>,
}

/// The SHA-256 of a certificate's two files, 64 lowercase hex digits each.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FileDigests {
    pub cnf: String,
    pub proof: String,
}

fn kept() -> bool {
    true
}

fn is_kept(k: &bool) -> bool {
    *k
}

impl Certificate {
    /// The certificate in words: two lines, the second `certified: ...` or `NOT certified: ...`.
    pub fn text(&self) -> String {
        format!(
            "certificate: CNF '{}' ({} variables, {} clauses), {} ({} bytes), checked by {}: {} ({:.3} s)\n{}",
            self.refuted,
            self.n_vars,
            self.n_clauses,
            self.proof_format,
            self.proof_bytes,
            self.check.checker,
            self.check.status,
            self.check.seconds,
            if self.certified {
                match &self.implied {
                    Some(why) => format!("certified: {} (the CNF includes {why})", self.proves),
                    None => format!("certified: {}", self.proves),
                }
            } else {
                "NOT certified: the checker rejected the proof".to_string()
            }
        )
    }

    /// The proof's file name (without directory).
    pub fn proof_name(&self) -> String {
        self.proof
            .file_name()
            .map_or(String::new(), |f| f.to_string_lossy().into_owned())
    }

    /// The CNF's file name (without directory).
    pub fn cnf_name(&self) -> String {
        self.cnf
            .file_name()
            .map_or(String::new(), |f| f.to_string_lossy().into_owned())
    }

    /// Whether the kept CNF in `dir` is the text `question` (its question's CNF, built again).
    pub fn cnf_is(&self, dir: &Path, question: &str) -> bool {
        crate::io::sha256_file(&in_dir(dir, &self.cnf)).is_ok_and(|(len, sha)| {
            len == question.len() as u64 && sha == crate::io::sha256_hex(question.as_bytes())
        })
    }

    /// Whether the files the record says are kept are still the ones the checker verified,
    /// for a record read back from `dir` (where each is looked for under its own name, so the
    /// folder may have moved): each exists, the proof with the recorded length, and each with
    /// the recorded SHA-256; a record without digests (written before them) has its CNF's
    /// `p cnf` line held against the recorded numbers of variables and clauses instead. The
    /// error names the file and what differs.
    pub fn files_unchanged(&self, dir: &Path) -> Result<(), String> {
        if self.cnf_kept {
            let cnf = in_dir(dir, &self.cnf);
            match &self.sha256 {
                Some(d) => same_digest(&cnf, None, &d.cnf)?,
                None => cnf_header_is(&cnf, self.n_vars, self.n_clauses)?,
            }
        }
        if self.proof_kept {
            let proof = in_dir(dir, &self.proof);
            match &self.sha256 {
                Some(d) => same_digest(&proof, Some(self.proof_bytes), &d.proof)?,
                None => {
                    let len = std::fs::metadata(&proof).map_err(|e| format!("{}: {e}", proof.display()))?;
                    if len.len() != self.proof_bytes {
                        return Err(format!(
                            "{}: {} bytes, the record says {}",
                            proof.display(),
                            len.len(),
                            self.proof_bytes
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Runs the proof checker again on the kept CNF and proof in `dir` (`--certify` on a record
    /// read back): the record's check and verdict become this run's.
    pub fn check_again(&mut self, dir: &Path) -> anyhow::Result<()> {
        let format =
            ProofFormat::of_path(&self.proof).context("a proof file named neither .drat nor .lrat")?;
        let check = check_proof(&in_dir(dir, &self.cnf), &in_dir(dir, &self.proof), format)?;
        self.certified = check.verified;
        self.check = check;
        Ok(())
    }
}

/// `path`'s file name in `dir`.
fn in_dir(dir: &Path, path: &Path) -> PathBuf {
    dir.join(path.file_name().unwrap_or_default())
}

/// Whether the file at `path` has the SHA-256 `want` (and, when given, the length `len`).
fn same_digest(path: &Path, len: Option<u64>, want: &str) -> Result<(), String> {
    let (got_len, got) = crate::io::sha256_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if len.is_some_and(|l| l != got_len) || got != want {
        return Err(format!(
            "{}: not the file the checker verified ({got_len} bytes, SHA-256 {}..., the record says {}...)",
            path.display(),
            &got[..12],
            &want[..want.len().min(12)]
        ));
    }
    Ok(())
}

/// Whether the DIMACS file at `path` announces `n_vars` variables and `n_clauses` clauses.
fn cnf_header_is(path: &Path, n_vars: u32, n_clauses: usize) -> Result<(), String> {
    use std::io::BufRead as _;
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let want = format!("p cnf {n_vars} {n_clauses}");
    for line in std::io::BufReader::new(file).lines() {
        let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
        if line.starts_with('c') {
            continue;
        }
        return match line.split_whitespace().collect::<Vec<_>>().join(" ") == want {
            true => Ok(()),
            false => Err(format!(
                "{}: its header is not `{want}`, as the record says",
                path.display()
            )),
        };
    }
    Err(format!(
        "{}: no `{want}` header, as the record says",
        path.display()
    ))
}

/// Writes `DIR/NAME.cnf`, has a fresh solver of `backend` refute it into the DRAT proof
/// `DIR/NAME.lrat` or `.drat` (see [`solve_with_proof`]), and runs the proof checker on the two files. Without `dir` the files go to a temporary directory that
/// is removed afterwards (the paths in the certificate then no longer exist). An error if the
/// question is satisfiable or no checker can be run; a proof the checker rejects is a
/// certificate with `certified` false.
pub fn certify_unsat(
    q: &UnsatQuestion,
    backend: &Backend,
    dir: Option<&Path>,
    name: &str,
) -> anyhow::Result<Certificate> {
    let d = ProofDir::new(dir)?;
    let c = prove_and_check(q, backend, d.path(), name)?;
    // Checked, then removed with a temporary directory: the record must not claim it is kept.
    Ok(Certificate {
        proof_kept: d.kept(),
        cnf_kept: true,
        ..c
    })
}

/// Where CNF and proof files go: the user's directory (kept), or a temporary one removed
/// with this value.
pub struct ProofDir {
    path: PathBuf,
    temp: Option<tempfile::TempDir>,
}

impl ProofDir {
    pub fn new(dir: Option<&Path>) -> anyhow::Result<ProofDir> {
        Ok(match dir {
            Some(d) => ProofDir {
                path: d.to_path_buf(),
                temp: None,
            },
            None => {
                let t = crate::io::scratch_dir(crate::io::Scratch::Certify)?;
                ProofDir {
                    path: t.path().to_path_buf(),
                    temp: Some(t),
                }
            }
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the files outlive this value.
    pub fn kept(&self) -> bool {
        self.temp.is_none()
    }
}

/// What a fresh solver that logs a DRAT proof answered: a model, or the proof of UNSAT that
/// still awaits the checker ([`PendingProof::check`]).
pub enum ProofAnswer {
    /// The values of every variable of the question.
    Sat(Assignment),
    Unsat(PendingProof),
    /// `stop` said so first (only CaDiCaL stops inside a solve).
    Interrupted,
}

/// A refutation whose proof (DRAT or LRAT) is written but not yet checked: the CNF file, the proof
/// file, and what they refute.
pub struct PendingProof {
    refuted: String,
    proves: String,
    implied: Option<String>,
    n_vars: u32,
    n_clauses: usize,
    cnf: PathBuf,
    /// The SHA-256 of the CNF as queensat wrote it: the file is checked only while it is still
    /// that text (an external solver is told the folder, through its proof path).
    cnf_written: String,
    proof: PathBuf,
    proof_format: String,
    solve_seconds: f64,
}

impl PendingProof {
    /// Removes the CNF and the proof: a larger refuted bound has made them moot.
    pub fn discard(self) {
        let _ = std::fs::remove_file(&self.cnf);
        let _ = std::fs::remove_file(&self.proof);
    }

    /// Whether the CNF the checker read (`read`, its SHA-256) is the text queensat wrote: a
    /// proof verified against any other formula proves nothing of the question.
    fn cnf_unchanged(&self, read: &str) -> anyhow::Result<()> {
        if read != self.cnf_written {
            bail!(
                "{}: not the CNF queensat wrote for '{}' (something changed it after it was written), \
                 so the proof checked against it certifies nothing",
                self.cnf.display(),
                self.refuted
            );
        }
        Ok(())
    }

    /// Runs the proof checker on the CNF file and the proof file, the built-in one asking
    /// `stop` as it goes ([`check_proof_until`]; [`crate::check::never`] to run it to its
    /// verdict).
    pub fn check(self, stop: fn() -> bool) -> anyhow::Result<Certificate> {
        let format =
            ProofFormat::of_path(&self.proof).context("a proof file named neither .drat nor .lrat")?;
        let (check, read) = check_proof_until(&self.cnf, &self.proof, format, stop).inspect_err(|e| {
            // A check a stop cut short leaves neither file: a rerun writes both again.
            if e.is::<Interrupted>() {
                let _ = std::fs::remove_file(&self.cnf);
                let _ = std::fs::remove_file(&self.proof);
            }
        })?;
        self.cnf_unchanged(&read)?;
        let sha256 = crate::io::sha256_file(&self.proof).ok().map(|(_, proof)| {
            Box::new(FileDigests {
                cnf: self.cnf_written.clone(),
                proof,
            })
        });
        Ok(Certificate {
            sha256,
            refuted: self.refuted,
            proves: self.proves,
            n_vars: self.n_vars,
            n_clauses: self.n_clauses,
            proof_bytes: std::fs::metadata(&self.proof).map(|m| m.len()).unwrap_or(0),
            proof_format: self.proof_format,
            proof_kept: true,
            cnf_kept: true,
            solve_seconds: self.solve_seconds,
            certified: check.verified,
            check,
            implied: self.implied,
            cnf: self.cnf,
            proof: self.proof,
        })
    }
}

/// Writes `DIR/NAME.cnf` and has a fresh solver of `backend` answer it while writing a proof to
/// `DIR/NAME.lrat` or `DIR/NAME.drat` (`proof_format`; a backend that writes none, batsat, is
/// replaced by varisat, and the proof format says so). On SAT the proof is removed and the
/// model returned. `deadline` ends the solve early (CaDiCaL's inside the call, varisat's by
/// giving up on its thread; an external solver's runs to its end), and `phases` are CaDiCaL's
/// first guesses (the others ignore them). The one place where certified answers are solved.
pub fn solve_with_proof(
    q: &UnsatQuestion,
    backend: &Backend,
    dir: &Path,
    name: &str,
    deadline: Deadline,
    phases: &[Lit],
) -> anyhow::Result<ProofAnswer> {
    let cnf_path = dir.join(format!("{name}.cnf"));
    let format = proof_format(backend)?;
    let ext = format.name().to_ascii_lowercase();
    let proof_path = dir.join(format!("{name}.{ext}"));
    // The solver writes the proof under a hidden name, renamed once it is whole: a run killed
    // mid-solve leaves no proof that looks like a certificate, and the next proof begun here
    // removes what it left.
    let partial = crate::io::partial_proof_path(&proof_path);
    let text = write_dimacs(&q.header, q.n_vars, q.cnf.iter());
    let cnf_written = crate::io::sha256_hex(text.as_bytes());
    write_atomic(&cnf_path, text.as_bytes())?;
    drop(text);
    let start = Instant::now();
    let (answer, proof_format) =
        match answer_with_proof(q, backend, &cnf_path, &partial, format, deadline, phases) {
            Ok(a) => a,
            Err(e) => {
                let _ = std::fs::remove_file(&cnf_path);
                let _ = std::fs::remove_file(&partial);
                return Err(e);
            }
        };
    let solve_seconds = start.elapsed().as_secs_f64();
    let (answer, model) = answer;
    if answer != SolverResult::Unsat {
        let _ = std::fs::remove_file(&partial);
    }
    Ok(match answer {
        SolverResult::Unsat => {
            // An UNSAT answer without a proof is a solver's word: nothing to check.
            if std::fs::symlink_metadata(&partial).is_err() {
                let _ = std::fs::remove_file(&cnf_path);
                bail!(
                    "{backend} answered UNSAT to '{}' but wrote no proof, so the answer cannot be checked",
                    q.refuted
                );
            }
            // Only a file of its own is read: a pipe or a link (to /dev/zero, say) the solver
            // left there would hold the checker beyond its time limit and any stop signal.
            if !std::fs::symlink_metadata(&partial).is_ok_and(|m| m.file_type().is_file()) {
                let _ = std::fs::remove_file(&cnf_path);
                let _ = std::fs::remove_file(&partial);
                bail!(
                    "{backend} answered UNSAT to '{}' but left no proof file where it was asked \
                     (a link, a pipe or a folder instead), so the answer cannot be checked",
                    q.refuted
                );
            }
            std::fs::rename(&partial, &proof_path)
                .with_context(|| format!("cannot move the proof to {}", proof_path.display()))?;
            ProofAnswer::Unsat(PendingProof {
                refuted: q.refuted.clone(),
                proves: q.proves.clone(),
                implied: q.implied.clone(),
                n_vars: q.n_vars,
                n_clauses: q.cnf.len(),
                cnf: cnf_path,
                cnf_written,
                proof: proof_path,
                proof_format,
                solve_seconds,
            })
        }
        other => match (other, model) {
            (SolverResult::Sat, Some(m)) => ProofAnswer::Sat(m),
            (SolverResult::Sat, None) => bail!("internal error: a SAT answer without a model"),
            _ => {
                let _ = std::fs::remove_file(&cnf_path);
                ProofAnswer::Interrupted
            }
        },
    })
}

/// The answer of a fresh solver of `backend` (with the model on SAT) that writes a DRAT proof
/// to `proof`, and who wrote the proof, in words.
fn answer_with_proof(
    q: &UnsatQuestion,
    backend: &Backend,
    cnf: &Path,
    proof: &Path,
    format: ProofFormat,
    deadline: Deadline,
    phases: &[Lit],
) -> anyhow::Result<((SolverResult, Option<Assignment>), String)> {
    fn finish(
        s: &mut (impl Solve + SolveStats),
        answer: SolverResult,
    ) -> anyhow::Result<(SolverResult, Option<Assignment>)> {
        let model = match answer {
            SolverResult::Sat => Some(s.full_solution()?),
            _ => None,
        };
        Ok((answer, model))
    }
    match backend {
        #[cfg(feature = "cadical")]
        Backend::Cadical => {
            let lrat = format == ProofFormat::Lrat;
            let mut inner = super::cadical::CadicalSolver::with_proof(proof, lrat)?;
            // The formula from the CNF file itself, so the proof's clause ids are the file's.
            inner.read_dimacs(cnf)?;
            let mut solver = AnySolver::Cadical(Box::new(inner));
            solver.set_stop(deadline.stop_test());
            solver.suggest_phases(phases)?;
            let answer = solver.solve()?;
            let answer = finish(&mut solver, answer)?;
            let who = format!("{} proof by {} (in-process)", format.name(), solver.signature());
            drop(solver); // closes and flushes the proof
            Ok((answer, who))
        }
        Backend::External(cmd) => {
            let _ = (cnf, phases, format);
            let mut solver = ExternalSolver::new(cmd).with_proof(proof);
            solver.set_deadline(Some(deadline));
            for cl in q.cnf.iter() {
                solver.add_clause_ref(cl)?;
            }
            let answer = solver.solve()?;
            let answer = finish(&mut solver, answer)?;
            Ok((answer, format!("DRAT proof by the external solver `{cmd}`")))
        }
        _ => {
            let _ = (cnf, phases, format);
            let file =
                std::fs::File::create(proof).with_context(|| format!("cannot create {}", proof.display()))?;
            let clauses = q.cnf.clone();
            let solve = move || {
                let mut solver = VarisatSolver::with_drat_proof(std::io::BufWriter::new(file));
                for cl in clauses.iter() {
                    solver.add_clause_ref(cl)?;
                }
                let answer = solver.solve()?;
                let answer = finish(&mut solver, answer)?;
                solver.close_proof()?;
                anyhow::Ok(answer)
            };
            // varisat cannot be stopped inside its call, so it runs on a thread of its own that
            // the deadline (a stop signal or the time limit) gives up on; the thread ends with
            // the process, and the caller removes the unfinished proof.
            let answer = deadline
                .outrun(solve)?
                .unwrap_or(Ok((SolverResult::Interrupted, None)))?;
            let who = if *backend == Backend::Varisat {
                "DRAT proof by varisat 0.2.2".to_string()
            } else {
                format!("DRAT proof by varisat 0.2.2 (re-solved: {backend} writes no proof)")
            };
            Ok((answer, who))
        }
    }
}

/// The proof system `backend`'s refutations are written in: LRAT where CaDiCaL writes the proof
/// and the built-in checker reads it (every lemma carries its antecedents, so checking is a
/// linear replay), DRAT otherwise (varisat and external solvers write only DRAT, and the
/// outside checkers queensat runs read DRAT).
fn proof_format(backend: &Backend) -> anyhow::Result<ProofFormat> {
    backend.check_writes_proof()?;
    #[cfg(feature = "cadical")]
    if *backend == Backend::Cadical
        && super::proof_check::proof_checker()? == super::proof_check::ProofChecker::BuiltIn
    {
        return Ok(ProofFormat::Lrat);
    }
    let _ = backend;
    Ok(ProofFormat::Drat)
}

fn prove_and_check(
    q: &UnsatQuestion,
    backend: &Backend,
    dir: &Path,
    name: &str,
) -> anyhow::Result<Certificate> {
    match solve_with_proof(q, backend, dir, name, Deadline::never(), &[])? {
        ProofAnswer::Unsat(pending) => pending.check(crate::check::never),
        ProofAnswer::Interrupted => bail!("the solver was interrupted while refuting '{}'", q.refuted),
        ProofAnswer::Sat(_) => bail!(
            "the certificate question '{}' ({}) is satisfiable, not UNSAT",
            q.refuted,
            dir.join(format!("{name}.cnf")).display()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustsat::lit;

    fn pigeons(p: usize, h: usize) -> Cnf {
        let v = |i: usize, j: usize| rustsat::types::Lit::positive((i * h + j) as u32);
        let mut cnf = Cnf::new();
        for i in 0..p {
            cnf.add_clause((0..h).map(|j| v(i, j)).collect());
        }
        for j in 0..h {
            for a in 0..p {
                for b in a + 1..p {
                    cnf.add_binary(!v(a, j), !v(b, j));
                }
            }
        }
        cnf
    }

    fn question(cnf: &Cnf, n_vars: u32) -> UnsatQuestion<'_> {
        UnsatQuestion {
            refuted: "x".into(),
            proves: "y".into(),
            header: "c test\n".into(),
            n_vars,
            cnf,
            implied: None,
        }
    }

    #[test]
    fn refutes_and_checks_a_small_formula() {
        let dir = std::env::temp_dir().join(format!("queensat-certify-test-{}", std::process::id()));
        let mut sat = Cnf::new();
        sat.add_binary(lit![0], lit![1]);
        // Pigeons: 5 in 4 holes, a refutation that needs real proof steps.
        let unsat = pigeons(5, 4);
        for backend in Backend::available() {
            assert!(certify_unsat(&question(&sat, 2), &backend, Some(&dir), "g").is_err());
            let c = certify_unsat(&question(&unsat, 20), &backend, Some(&dir), "f").unwrap();
            assert!(c.certified && c.proof_bytes > 0, "{backend}: {c:?}");
            assert!(c.text().ends_with("certified: y"), "{}", c.text());
            #[cfg(feature = "cadical")]
            if backend == Backend::Cadical {
                assert!(c.proof_format.contains("cadical"), "{}", c.proof_format);
            }
            assert!(c.proof_kept && c.proof.exists());
            // A kept CNF leaves no trace in the JSON, so older reports read back as kept.
            let json = serde_json::to_value(&c).unwrap();
            assert!(json.get("cnf_kept").is_none(), "{json}");
            let back: Certificate = serde_json::from_value(json).unwrap();
            assert!(back.cnf_kept);
            let gone = Certificate {
                cnf_kept: false,
                ..c.clone()
            };
            assert_eq!(serde_json::to_value(&gone).unwrap()["cnf_kept"], false);
            // Without a directory the files are checked, then removed, and the record says so.
            let t = certify_unsat(&question(&unsat, 20), &backend, None, "t").unwrap();
            assert!(t.certified && !t.proof_kept && !t.proof.exists(), "{t:?}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
