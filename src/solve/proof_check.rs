//! Checking proofs of unsatisfiability (a DIMACS CNF and a DRAT or LRAT proof of it).
//!
//! By default queensat's built-in checker ([`crate::check::check_proof`]) runs in-process; it
//! shares no code with any solver or encoder, so nothing needs to be installed. An outside
//! checker (`rate`, `drat-trim`, `cake_lpr`, ...) is chosen with `QUEENSAT_DRAT_CHECKER=PATH`
//! (a path, or a program name on `PATH`; `builtin` or empty: the built-in one); it runs as
//! `PATH CNF PROOF` in its own process group. Either way the check is bounded by
//! `QUEENSAT_DRAT_TIMEOUT` seconds (default one hour), and a proof counts only when the
//! built-in checker verified it, or the outside one printed `s VERIFIED` (cake_lpr:
//! `s VERIFIED UNSAT`) and exited 0.

pub use crate::check::ProofFormat;
use crate::run::interrupt::Interrupted;
use anyhow::{Context, bail};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The outcome of one check. (Stored in certificates of results/ JSON: the field names stay.)
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct ProofCheck {
    /// "queensat built-in DRAT checker (forward)", "queensat built-in LRAT checker", or the
    /// outside checker's path.
    pub checker: String,
    pub verified: bool,
    /// `s VERIFIED`, or `s NOT VERIFIED` (the built-in checker adds why, naming the step), or
    /// an outside checker's own status line.
    pub status: String,
    pub seconds: f64,
}

/// Which checker runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofChecker {
    BuiltIn,
    Outside(PathBuf),
}

/// The checker `QUEENSAT_DRAT_CHECKER` asks for; an error when it names no program (so that
/// commands can fail before the work that would need it).
pub fn proof_checker() -> anyhow::Result<ProofChecker> {
    let setting = std::env::var_os("QUEENSAT_DRAT_CHECKER").unwrap_or_default();
    if setting.is_empty() || setting == "builtin" {
        return Ok(ProofChecker::BuiltIn);
    }
    let named = PathBuf::from(&setting);
    let found = if named.components().count() > 1 {
        named.is_file().then(|| named.clone())
    } else {
        std::env::var_os("PATH")
            .into_iter()
            .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
            .map(|d| d.join(&named))
            .find(|p| p.is_file())
    };
    match found {
        Some(p) => Ok(ProofChecker::Outside(p)),
        None => bail!(
            "QUEENSAT_DRAT_CHECKER={}: no such program (unset it for the built-in checker)",
            named.display()
        ),
    }
}

/// The time limit of a check: `QUEENSAT_DRAT_TIMEOUT` seconds, default one hour.
fn time_limit() -> anyhow::Result<Duration> {
    match std::env::var("QUEENSAT_DRAT_TIMEOUT") {
        Ok(t) => {
            super::external::parse_seconds(&t).map_err(|e| anyhow::anyhow!("QUEENSAT_DRAT_TIMEOUT: {e}"))
        }
        Err(_) => Ok(Duration::from_secs(3600)),
    }
}

/// Checks the proof file `proof` of `format` against the DIMACS file `cnf` with the checker in
/// force. A proof the checker rejects is `verified: false`; an error means no verdict. The
/// built-in checker runs to its verdict (see [`check_proof_until`]).
pub fn check_proof(cnf: &Path, proof: &Path, format: ProofFormat) -> anyhow::Result<ProofCheck> {
    check_proof_until(cnf, proof, format, crate::check::never).map(|(check, _)| check)
}

/// [`check_proof`], the built-in checker asking `stop` as it goes (a stop signal's test, for a
/// run that answers a stop at once): once it says so, no verdict but [`Interrupted`], as an
/// outside checker is killed at a stop signal. With the check, the SHA-256 of the CNF it read:
/// the bytes the built-in checker read, digested as it read them (so the verdict is about
/// exactly them, whatever changes the file meanwhile), or the file's after an outside one ran.
pub fn check_proof_until(
    cnf: &Path,
    proof: &Path,
    format: ProofFormat,
    stop: fn() -> bool,
) -> anyhow::Result<(ProofCheck, String)> {
    let limit = time_limit()?;
    match proof_checker()? {
        ProofChecker::BuiltIn => check_built_in(cnf, proof, format, limit, stop),
        ProofChecker::Outside(checker) => {
            let check = check_outside(&checker, cnf, proof, limit)?;
            let (_, digest) =
                crate::io::sha256_file(cnf).with_context(|| format!("cannot read {}", cnf.display()))?;
            Ok((check, digest))
        }
    }
}

fn check_built_in(
    cnf: &Path,
    proof: &Path,
    format: ProofFormat,
    limit: Duration,
    stop: fn() -> bool,
) -> anyhow::Result<(ProofCheck, String)> {
    let start = Instant::now();
    let open = |p: &Path| std::fs::File::open(p).with_context(|| format!("cannot open {}", p.display()));
    let mut read = crate::io::DigestingReader::new(open(cnf)?);
    let verdict = crate::check::check_proof(&mut read, open(proof)?, format, Some(start + limit), stop)
        .map_err(|e| {
            use crate::check::ProofError;
            match e {
                ProofError::Stopped => Interrupted.into(),
                ProofError::Cnf { .. } | ProofError::CnfRead(_) => anyhow::anyhow!("{}: {e}", cnf.display()),
                ProofError::ProofRead(_) => anyhow::anyhow!("{}: {e}", proof.display()),
                ProofError::TimeLimit => anyhow::anyhow!(
                    "the built-in {} checker: no verdict on {} within {} s (QUEENSAT_DRAT_TIMEOUT)",
                    format.name(),
                    proof.display(),
                    limit.as_secs_f64()
                ),
            }
        })?;
    let digest = read
        .finish()
        .with_context(|| format!("cannot read {}", cnf.display()))?;
    let check = ProofCheck {
        checker: match format {
            ProofFormat::Drat => "queensat built-in DRAT checker (forward)".into(),
            ProofFormat::Lrat => "queensat built-in LRAT checker".into(),
        },
        verified: verdict.verified,
        status: if verdict.verified {
            "s VERIFIED".into()
        } else {
            format!("s NOT VERIFIED ({})", verdict.detail)
        },
        seconds: start.elapsed().as_secs_f64(),
    };
    Ok((check, digest))
}

fn check_outside(checker: &Path, cnf: &Path, proof: &Path, limit: Duration) -> anyhow::Result<ProofCheck> {
    let start = Instant::now();
    let dir = crate::io::scratch_dir(crate::io::Scratch::Drat)?;
    let out = super::external::run_bounded(
        Command::new(checker).arg(cnf).arg(proof),
        dir.path(),
        &format!("the proof checker {}", checker.display()),
        Some(limit),
        64 << 20,
    )?;
    let status = status_line(&out.stdout);
    if status.is_empty() {
        bail!(
            "the proof checker {} printed no status line ({})",
            checker.display(),
            out.status
        );
    }
    Ok(ProofCheck {
        // Relative to the working directory when inside it, so records name no machine paths.
        checker: std::env::current_dir()
            .ok()
            .and_then(|d| checker.strip_prefix(d).ok().map(Path::to_path_buf))
            .unwrap_or_else(|| checker.to_path_buf())
            .display()
            .to_string(),
        verified: (status == "s VERIFIED" || status == "s VERIFIED UNSAT") && out.status.success(),
        status,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The last `s ...` line of a checker's output. Checkers that redraw progress lines (drat-trim)
/// start lines with carriage returns, so a carriage return also ends a line.
fn status_line(stdout: &str) -> String {
    stdout
        .split(['\n', '\r'])
        .map(str::trim_end)
        .rev()
        .find(|l| l.starts_with("s "))
        .unwrap_or("")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::ProofFormat;

    /// CaDiCaL's own binary proofs, LRAT and DRAT, of pigeonhole formulas pass the built-in
    /// checker; against the formula with a clause replaced by a tautology (satisfiable: the
    /// pigeonhole formula is minimally unsatisfiable) they fail.
    #[cfg(feature = "cadical")]
    #[test]
    fn cadical_proofs_pass_and_fail_where_they_should() {
        use super::super::cadical::CadicalSolver;
        use rustsat::solvers::{Solve, SolverResult};
        use rustsat::types::{Clause, Lit};
        let dir = tempfile::tempdir().unwrap();
        for holes in [4, 5, 6] {
            let v = |p: usize, h: usize| Lit::positive((p * holes + h) as u32);
            let mut clauses: Vec<Clause> = (0..=holes)
                .map(|p| (0..holes).map(|h| v(p, h)).collect())
                .collect();
            for h in 0..holes {
                for a in 0..=holes {
                    for b in a + 1..=holes {
                        clauses.push([!v(a, h), !v(b, h)].into_iter().collect());
                    }
                }
            }
            let n_vars = ((holes + 1) * holes) as u32;
            let cnf = dir.path().join(format!("php{holes}.cnf"));
            std::fs::write(&cnf, crate::io::write_dimacs("", n_vars, clauses.iter())).unwrap();
            let mut weak = clauses.clone();
            weak[0] = [v(0, 0), !v(0, 0)].into_iter().collect();
            let sat = dir.path().join(format!("php{holes}-weak.cnf"));
            std::fs::write(&sat, crate::io::write_dimacs("", n_vars, weak.iter())).unwrap();
            for format in [ProofFormat::Lrat, ProofFormat::Drat] {
                let proof = dir
                    .path()
                    .join(format!("php{holes}.{}", format.name().to_lowercase()));
                let mut s = CadicalSolver::with_proof(&proof, format == ProofFormat::Lrat).unwrap();
                for c in &clauses {
                    s.add_clause_ref(c).unwrap();
                }
                assert_eq!(s.solve().unwrap(), SolverResult::Unsat);
                s.close_proof();
                let c = super::check_proof(&cnf, &proof, format).unwrap();
                assert!(
                    c.verified && c.checker.contains(format.name()),
                    "{holes} {format:?}: {c:?}"
                );
                let c = super::check_proof(&sat, &proof, format).unwrap();
                assert!(!c.verified && c.status.starts_with("s NOT VERIFIED ("), "{c:?}");
            }
        }
    }

    #[test]
    fn status_line_after_carriage_returns() {
        let out = "c parsing\n\rc 10% done\rs VERIFIED\r\nc end\n";
        assert_eq!(super::status_line(out), "s VERIFIED");
        let out = "c parsing\n\rc 10% done\n\rs VERIFIED\n";
        assert_eq!(super::status_line(out), "s VERIFIED");
        assert_eq!(super::status_line("s NOT VERIFIED\n"), "s NOT VERIFIED");
        assert_eq!(super::status_line("c nothing\n"), "");
    }

    proptest::proptest! {
        /// Any bytes a checker prints: never a panic, and a status only from a line that says
        /// `s `; the verdict needs the exact line `s VERIFIED`.
        #[test]
        fn any_output_is_read_without_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400),
                                            status in proptest::sample::select(vec!["s VERIFIED", "s NOT VERIFIED", "c s VERIFIED", ""])) {
            let mut text = String::from_utf8_lossy(&bytes).into_owned();
            text.push_str("\r\n");
            text.push_str(status);
            let line = super::status_line(&text);
            proptest::prop_assert!(line.is_empty() || line.starts_with("s "));
            if status.starts_with("s ") {
                proptest::prop_assert_eq!(line, status);
            }
        }
    }
}
