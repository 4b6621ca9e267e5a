//! Certified optimality: the final UNSAT question of a value search as a standalone CNF, a
//! DRAT proof of it from varisat, and the verdict of an independent DRAT checker.
//!
//! Invariant: `certified` is true only when the checker accepted the proof for exactly the
//! CNF file written here. The CNF counts cells (not segments), so "at least k queens" is a
//! real totaliser bound whenever k does not exceed the free cells, rather than a counting
//! argument that no solver sees.

use crate::board::Board;
use crate::encode::{Amo, Attack, BaseOptions, CountMode, LeastWallsQuestion, ValueQuestion};
use crate::io::{ExportHeader, dimacs_map, write_atomic, write_dimacs};
use crate::solve::{DratCheck, Solve, SolverResult, VarisatSolver, check_drat};
use anyhow::{Context, bail};
use rustsat::instances::Cnf;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// A checked proof that a question (a value bound, or a least-walls bound) is UNSAT.
#[derive(Clone, Debug, Serialize)]
pub struct Certificate {
    /// The refuted question in words, e.g. "at least 12 queens".
    pub question: String,
    /// The queens asked for.
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
    let what = format!("at least {k} queens");
    let proved = prove_and_check(&header, q.n_vars(), &q.cnf, &what, dir, name)?;
    Ok(Certificate {
        question: what,
        at_least: k,
        n_vars: q.n_vars(),
        n_clauses: q.cnf.len(),
        proof_bytes: proved.proof_bytes,
        certified: proved.check.verified,
        check: proved.check,
        cnf: proved.cnf,
        proof: proved.proof,
    })
}

/// A CNF written to disk, refuted by varisat with a DRAT proof, and the checker's verdict.
struct Proved {
    cnf: PathBuf,
    proof: PathBuf,
    proof_bytes: u64,
    check: DratCheck,
}

/// Writes `DIR/NAME.cnf`, has varisat refute it into `DIR/NAME.drat`, and runs the DRAT
/// checker on the two files. An error if the formula is satisfiable.
fn prove_and_check(
    header: &str,
    n_vars: u32,
    cnf: &Cnf,
    what: &str,
    dir: &Path,
    name: &str,
) -> anyhow::Result<Proved> {
    let cnf_path = dir.join(format!("{name}.cnf"));
    let proof_path = dir.join(format!("{name}.drat"));
    write_atomic(&cnf_path, write_dimacs(header, n_vars, cnf.iter()).as_bytes())?;
    let file = std::fs::File::create(&proof_path)
        .with_context(|| format!("cannot create {}", proof_path.display()))?;
    let mut solver = VarisatSolver::with_drat_proof(std::io::BufWriter::new(file));
    for cl in cnf.iter() {
        solver.add_clause_ref(cl)?;
    }
    let answer = solver.solve()?;
    solver.close_proof()?;
    drop(solver);
    if answer != SolverResult::Unsat {
        bail!("the certificate question '{what}' is {answer:?}, not UNSAT");
    }
    let check = check_drat(&cnf_path, &proof_path)?;
    Ok(Proved {
        proof_bytes: std::fs::metadata(&proof_path).map(|m| m.len()).unwrap_or(0),
        cnf: cnf_path,
        proof: proof_path,
        check,
    })
}

/// The self-describing `c` header of a least-walls question.
pub fn least_walls_header(
    rows: usize,
    cols: usize,
    q: usize,
    w: usize,
    attack: Attack,
    question: &LeastWallsQuestion,
) -> anyhow::Result<String> {
    Ok(ExportHeader {
        question: format!(
            "does some {rows}x{cols} board with at most {w} walls hold at least {q} non-attacking queens? \
             SAT: yes, the wall and queen variables give the board and a placement; UNSAT: {q} queens need more than {w} walls"
        ),
        board: Board::new(rows, cols)?,
        encoding: format!(
            "least-walls model: a wall and a queen variable per cell, no queen on a wall, {} non-attack \
             (a wall strictly between two queens on a line lifts their conflict); totalisers over the \
             queens (at least {q}) and the walls (at most {w}), bounds as unit clauses",
            attack.name()
        ),
        map: dimacs_map(&question.model.vars),
    }
    .render("c"))
}

/// The certificate of a least-walls minimum `max_walls + 1`: writes and refutes "at most
/// `max_walls` walls and at least `queens` queens" on a `rows × cols` board, checked by the
/// DRAT checker.
pub fn certify_least_walls(
    rows: usize,
    cols: usize,
    queens: usize,
    max_walls: usize,
    attack: Attack,
    dir: &Path,
    name: &str,
) -> anyhow::Result<Certificate> {
    let q = LeastWallsQuestion::new(rows, cols, queens, max_walls, attack)?;
    let header = least_walls_header(rows, cols, queens, max_walls, attack, &q)?;
    let what = format!("at least {queens} queens with at most {max_walls} walls");
    let proved = prove_and_check(&header, q.n_vars(), &q.cnf, &what, dir, name)?;
    Ok(Certificate {
        question: what,
        at_least: queens,
        n_vars: q.n_vars(),
        n_clauses: q.cnf.len(),
        proof_bytes: proved.proof_bytes,
        certified: proved.check.verified,
        check: proved.check,
        cnf: proved.cnf,
        proof: proved.proof,
    })
}
