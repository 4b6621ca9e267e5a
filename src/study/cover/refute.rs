//! The one refutation of a packing or covering bound, for the whole question or one cube of
//! it: a stand-alone CNF, refuted by a fresh solver writing a proof the proof checker verifies.

use super::selection::goal_name;
use crate::board::{Board, Placement};
use crate::encode::{Amo, Goal, SelectionModel};
use crate::io::write_dimacs;
use crate::run::deadline::Deadline;
use crate::run::interrupt::{Interrupted, stop_requested};
use crate::solve::{Backend, Certificate, ProofAnswer, UnsatQuestion, solve_with_proof};
use rustsat::instances::Cnf;
use rustsat::types::Clause;
use std::path::Path;

/// One packing or covering question: the n×n board's solutions `sols`, the goal, and whether
/// lex-leader constraints break the board's symmetries.
pub(super) struct Asked<'a> {
    pub n: usize,
    pub sols: &'a [Placement],
    pub goal: Goal,
    pub symmetry_breaking: bool,
}

/// The one refutation of a packing or covering bound: `q` with "at least `k`" (packing) or
/// "at most `k`" (covering) as unit clauses and the clauses `extra` gives over the model (a
/// cube's; none for the whole question) as a stand-alone CNF in `dir`, refuted by a fresh
/// solver of `backend` writing a DRAT or LRAT proof that the proof checker verifies. The
/// certificate says whether the checker accepted it; `None` when `stop` said so first, a stop
/// signal ended the check, or the question turned out satisfiable (its CNF is then removed).
pub(super) fn refute_selection(
    q: &Asked,
    k: usize,
    backend: &Backend,
    dir: &Path,
    deadline: Deadline,
    extra: impl FnOnce(&SelectionModel) -> Vec<Clause>,
) -> anyhow::Result<Option<Certificate>> {
    let Encoded {
        cnf,
        n_vars,
        name,
        what,
        proves,
        header,
    } = encode_question(q, k, extra)?;
    let question = UnsatQuestion {
        refuted: format!("{what} {}-queens solutions", q.n),
        proves,
        header,
        n_vars,
        cnf: &cnf,
        implied: None,
    };
    match solve_with_proof(&question, backend, dir, &name, deadline, &[])? {
        ProofAnswer::Unsat(pending) => match pending.check(stop_requested) {
            Ok(c) => Ok(Some(c)),
            // A stop cut the check short: no certificate, as when it cuts the solve short (the
            // check removed both files; a rerun writes them again).
            Err(e) if e.is::<Interrupted>() && stop_requested() => Ok(None),
            Err(e) => Err(e),
        },
        ProofAnswer::Sat(_) => {
            let _ = std::fs::remove_file(dir.join(format!("{name}.cnf")));
            Ok(None)
        }
        ProofAnswer::Interrupted => Ok(None),
    }
}

/// The CNF file [`refute_selection`] writes for the whole question of bound `k` (no cube), as
/// text: what a kept certificate's CNF must be, built again from the question, since a proof
/// checked against any other formula proves nothing of it.
pub(super) fn question_cnf_text(q: &Asked, k: usize) -> anyhow::Result<String> {
    let e = encode_question(q, k, |_| Vec::new())?;
    Ok(write_dimacs(&e.header, e.n_vars, e.cnf.iter()))
}

/// A bound's question encoded: the CNF, its file stem, what it asks and what its refutation
/// proves, and the comment lines that open its file.
struct Encoded {
    cnf: Cnf,
    n_vars: u32,
    name: String,
    what: String,
    proves: String,
    header: String,
}

fn encode_question(
    q: &Asked,
    k: usize,
    extra: impl FnOnce(&SelectionModel) -> Vec<Clause>,
) -> anyhow::Result<Encoded> {
    let n = q.n;
    let board = Board::square(n)?;
    let mut cnf = Cnf::new();
    let mut model = SelectionModel::encode(&board, q.sols, q.goal, Amo::Pairwise, k, &mut cnf);
    if q.symmetry_breaking {
        model.break_symmetries(&board, q.sols, &mut cnf);
    }
    let (units, what, proves) = match q.goal {
        Goal::Pack => (
            model
                .at_least(k)
                .ok_or_else(|| anyhow::anyhow!("at least {k} of {n} rows is no question"))?,
            format!("at least {k} pairwise-disjoint"),
            format!("at most {} pairwise-disjoint solutions", k - 1),
        ),
        Goal::Cover => (
            model.at_most(k),
            format!("at most {k} covering"),
            format!("no {k} solutions cover the board"),
        ),
    };
    for l in units {
        cnf.add_unit(l);
    }
    let extra = extra(&model);
    let cube = extra.len();
    for clause in extra {
        cnf.add_clause(clause);
    }
    let name = format!(
        "{}-{n}-{}{k}",
        goal_name(q.goal),
        if q.goal == Goal::Pack { "ge" } else { "le" }
    );
    let comments = cnf_comments(q, &what, cube);
    Ok(Encoded {
        n_vars: model.vars.len() as u32,
        cnf,
        name,
        what,
        proves,
        header: comments.iter().map(|c| format!("c {c}\n")).collect(),
    })
}

/// What the CNF file says of itself, a comment line each: the question `what`, what its
/// variables mean, and, for a cube's CNF, how many clauses of the cube end it.
fn cnf_comments(q: &Asked, what: &str, cube: usize) -> Vec<String> {
    let n = q.n;
    let mut comments = vec![
        format!("queensat cover: {what} {n}-queens solutions on the {n}x{n} board (UNSAT)"),
        format!(
            "variable i (1..={}) selects solution i of solutions-{n}.txt (line i)",
            q.sols.len(),
        ),
        format!(
            "higher variables: {}per-square, per-row and per-column unary counts (totalisers){}",
            if q.symmetry_breaking {
                "lex-leader symmetry breaking over the board's 8 symmetries, "
            } else {
                ""
            },
            if q.goal == Goal::Cover {
                ", per-diagonal sums bounded like the count"
            } else {
                ""
            }
        ),
    ];
    if cube > 0 {
        comments.push(format!("in one cube of the question: its {cube} clauses last"));
    }
    comments
}
