//! Certified optimality: the final UNSAT question of a value search as a standalone CNF, a
//! DRAT proof of it from varisat, and the verdict of an independent DRAT checker.
//!
//! Invariant: `certified` is true only when the checker accepted the proof for exactly the
//! CNF file written here. The CNF counts cells (not segments), so "at least k queens" is a
//! real totaliser bound whenever k does not exceed the free cells, rather than a counting
//! argument that no solver sees.

use crate::board::Board;
use crate::encode::{Amo, BaseOptions, CountMode, ValueQuestion};
use crate::io::{ExportHeader, dimacs_map, write_atomic, write_dimacs};
use crate::solve::{DratCheck, Solve, SolverResult, VarisatSolver, check_drat};
use anyhow::{Context, bail};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// A checked proof that `at_least` queens do not fit.
#[derive(Clone, Debug, Serialize)]
pub struct Certificate {
    pub at_least: usize,
    pub cnf: PathBuf,
    pub proof: PathBuf,
    pub n_vars: u32,
    pub n_clauses: usize,
    pub proof_bytes: u64,
    pub check: DratCheck,
    pub certified: bool,
}

/// Writes `DIR/NAME.cnf` ("at least k queens?"), proves it UNSAT with varisat into
/// `DIR/NAME.drat`, and runs the DRAT checker. An error if the question is satisfiable.
pub fn certify_unsat(
    board: &Board,
    amo: Amo,
    k: usize,
    dir: &Path,
    name: &str,
) -> anyhow::Result<Certificate> {
    let opts = BaseOptions {
        amo,
        count: CountMode::Cells,
    };
    let q = ValueQuestion::new(board, opts, Some(k));
    let header = ExportHeader {
        question: format!("at least {k} non-attacking queens on this board? (expected UNSAT: certified optimality)"),
        board: board.clone(),
        encoding: format!(
            "base model ({} at-most-one); at least {k} queens by a totaliser over the cells, bound as unit clauses",
            amo.name()
        ),
        map: dimacs_map(&q.model.vars),
    }
    .render("c");
    let cnf_path = dir.join(format!("{name}.cnf"));
    let proof_path = dir.join(format!("{name}.drat"));
    write_atomic(
        &cnf_path,
        write_dimacs(&header, q.n_vars(), q.cnf.iter()).as_bytes(),
    )?;
    let file = std::fs::File::create(&proof_path)
        .with_context(|| format!("cannot create {}", proof_path.display()))?;
    let mut solver = VarisatSolver::with_drat_proof(std::io::BufWriter::new(file));
    for cl in q.cnf.iter() {
        solver.add_clause_ref(cl)?;
    }
    let answer = solver.solve()?;
    solver.close_proof()?;
    drop(solver);
    if answer != SolverResult::Unsat {
        bail!("the certificate question 'at least {k} queens' is {answer:?}, not UNSAT");
    }
    let check = check_drat(&cnf_path, &proof_path)?;
    Ok(Certificate {
        at_least: k,
        n_vars: q.n_vars(),
        n_clauses: q.cnf.len(),
        proof_bytes: std::fs::metadata(&proof_path).map(|m| m.len()).unwrap_or(0),
        certified: check.verified,
        check,
        cnf: cnf_path,
        proof: proof_path,
    })
}
