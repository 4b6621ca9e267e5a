//! Certified UNSAT answers: solve a CNF with varisat writing its native proof, then check the
//! proof against the CNF file with varisat's separate proof checker.
//!
//! The checker re-derives every learned clause by unit propagation from the formula as read
//! back from the DIMACS file, so a "checked" answer does not rest on the solver's search.

use rustsat::instances::Cnf;
use std::io::{BufReader, BufWriter};
use std::path::Path;
use std::time::Instant;
use varisat::ExtendFormula as _;

fn yes() -> bool {
    true
}

/// The outcome of a certified refutation.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct UnsatCertificate {
    pub cnf_file: String,
    pub proof_file: String,
    pub proof_format: String,
    pub proof_bytes: u64,
    pub checker: String,
    /// False when the proof was deleted after checking (too big to keep).
    #[serde(default = "yes")]
    pub kept: bool,
    pub solve_seconds: f64,
    pub check_seconds: f64,
}

/// Writes `cnf` (over variables `0..n_vars`) as DIMACS to `cnf_path` with the comment lines,
/// refutes it with a fresh varisat writing a proof to `proof_path`, and checks the proof.
/// Errors if the formula is satisfiable or the proof does not check.
pub fn certify_unsat(
    cnf: &Cnf,
    n_vars: u32,
    comments: &[String],
    cnf_path: &Path,
    proof_path: &Path,
) -> anyhow::Result<UnsatCertificate> {
    let mut text = Vec::new();
    for c in comments {
        text.extend_from_slice(format!("c {c}\n").as_bytes());
    }
    cnf.write_dimacs(&mut text, n_vars)?;
    crate::io::write_atomic(cnf_path, &text)?;

    let start = Instant::now();
    let tmp = proof_path.with_extension("partial");
    {
        let file = std::fs::File::create(&tmp)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", tmp.display()))?;
        let mut solver = varisat::Solver::new();
        solver.write_proof(BufWriter::new(file), varisat::ProofFormat::Varisat);
        for cl in cnf.iter() {
            let lits: Vec<varisat::Lit> = cl
                .iter()
                .map(|l| varisat::Lit::from_index(l.vidx(), l.is_pos()))
                .collect();
            solver.add_clause(&lits);
        }
        let sat = solver.solve().map_err(|e| anyhow::anyhow!("varisat: {e}"))?;
        anyhow::ensure!(
            !sat,
            "the formula written to {} is satisfiable",
            cnf_path.display()
        );
        solver
            .close_proof()
            .map_err(|e| anyhow::anyhow!("varisat: {e}"))?;
    }
    std::fs::rename(&tmp, proof_path)?;
    let solve_seconds = start.elapsed().as_secs_f64();

    let start = Instant::now();
    let mut checker = varisat::checker::Checker::new();
    checker
        .add_dimacs_cnf(BufReader::new(std::fs::File::open(cnf_path)?))
        .map_err(|e| anyhow::anyhow!("{}: {e}", cnf_path.display()))?;
    checker
        .check_proof(BufReader::new(std::fs::File::open(proof_path)?))
        .map_err(|e| anyhow::anyhow!("proof {} does not check: {e}", proof_path.display()))?;
    Ok(UnsatCertificate {
        cnf_file: cnf_path.display().to_string(),
        proof_file: proof_path.display().to_string(),
        proof_format: "varisat native".into(),
        proof_bytes: std::fs::metadata(proof_path)?.len(),
        checker: "varisat-checker 0.2.2".into(),
        kept: true,
        solve_seconds,
        check_seconds: start.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustsat::lit;

    #[test]
    fn refutes_and_checks_a_small_formula() {
        let dir = tempfile::tempdir().unwrap();
        let mut cnf = Cnf::new();
        cnf.add_binary(lit![0], lit![1]);
        cnf.add_binary(!lit![0], lit![1]);
        cnf.add_binary(lit![0], !lit![1]);
        cnf.add_binary(!lit![0], !lit![1]);
        let c = certify_unsat(
            &cnf,
            2,
            &["test".into()],
            &dir.path().join("f.cnf"),
            &dir.path().join("f.proof"),
        )
        .unwrap();
        assert!(c.proof_bytes > 0);
        cnf.add_unit(lit![0]);
        let mut sat = Cnf::new();
        sat.add_binary(lit![0], lit![1]);
        assert!(
            certify_unsat(
                &sat,
                2,
                &[],
                &dir.path().join("g.cnf"),
                &dir.path().join("g.proof")
            )
            .is_err()
        );
    }
}
