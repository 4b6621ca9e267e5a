//! Certified optimality: the final UNSAT question of a value search or of a least-walls
//! minimum as a standalone CNF, for the one proof path ([`certify_unsat`]: a DRAT proof from
//! the backend that answered and the verdict of an independent DRAT checker).
//!
//! The value CNF counts cells (not segments), so "at least k queens" is a real totaliser bound
//! whenever k does not exceed the free cells, rather than a counting argument that no solver
//! sees.

use super::cube::Cube;
use super::lp::bound::{LpBound, add_implied_clauses};
use super::wall_bound::WallBoundQuestion;
use crate::board::Board;
use crate::encode::{Amo, BaseOptions, CountMode, ValueQuestion, WallOptions};
use crate::io::{ExportHeader, dimacs_map, write_atomic};
use crate::solve::{Backend, Certificate, UnsatQuestion, certify_unsat};
use anyhow::Context;
use std::path::Path;

/// The certificate of a board's value: "at least `value + 1` queens" refuted through
/// [`certify_unsat`] as `value-at-least-K` in `dir` (see there for `None`). With `lp` (the
/// bound the value search checked) the CNF also holds the clauses that "at least K"
/// implies under that segment-LP dual certificate; the certificate record says how many
/// and why, and with `dir` the LP certificate is kept beside the proof as
/// `value-at-least-K.lp-dual.json`. With `cube`, the question is of the placements in it
/// (its clauses in the CNF).
pub fn certify_value(
    board: &Board,
    amo: Amo,
    value: usize,
    backend: &Backend,
    dir: Option<&Path>,
    lp: Option<&LpBound>,
    cube: Option<&Cube>,
) -> anyhow::Result<Certificate> {
    let k = value + 1;
    let name = format!("value-at-least-{k}");
    let opts = BaseOptions {
        amo,
        count: CountMode::Cells,
    };
    let mut q = ValueQuestion::new(board, opts, Some(k));
    if let Some(cube) = cube {
        for clause in cube.clauses(&q.model) {
            q.cnf.add_clause(clause);
        }
    }
    let implied = match lp {
        Some(lp) => {
            let (_, note) = add_implied_clauses(&mut q, lp);
            if let Some(d) = dir {
                std::fs::create_dir_all(d).with_context(|| format!("cannot create {}", d.display()))?;
                let file = d.join(format!("{name}.lp-dual.json"));
                let record = serde_json::json!({
                    "what": "dual certificate of the segment LP: weights (over scale) on segments \
                             (the maximal wall-free run of `family` through `through`), cliques \
                             (`cells`: squares that see each other pairwise) and cells, \
                             covering every free cell at least `scale` times",
                    "board": board,
                    "bound": lp.checked.bound(),
                    "certificate": lp.certificate,
                });
                write_atomic(&file, format!("{record}\n").as_bytes())?;
                Some(format!("{note}; certificate {}", file.display()))
            } else {
                Some(note)
            }
        }
        None => None,
    };
    let header = ExportHeader {
        question: format!("at least {k} non-attacking queens on this board? (expected UNSAT: certified optimality)"),
        board: board.clone(),
        encoding: format!(
            "base model ({} at-most-one); at least {k} queens by a totaliser over the cells, bound as unit clauses{}{}",
            amo.name(),
            implied.as_ref().map(|n| format!("; {n}")).unwrap_or_default(),
            cube.map(|c| format!(
                "; inside a cube: {} cells empty, a queen in each of {} sets of cells",
                c.empty.len(),
                c.queen_in.len()
            ))
            .unwrap_or_default()
        ),
        map: dimacs_map(&q.model.vars),
    }
    .render("c");
    let question = UnsatQuestion {
        refuted: format!("at least {k} queens"),
        proves: format!("{k} queens do not fit"),
        header,
        n_vars: q.n_vars(),
        cnf: &q.cnf,
        implied,
    };
    certify_unsat(&question, backend, dir, &name)
}

/// The certificate of a least-walls minimum `w` (> 0): the [`WallBoundQuestion`] "at most
/// `w - 1` walls and at least `queens` queens" refuted through [`certify_unsat`] in `dir` (see
/// there for `None`).
pub fn certify_least_walls(
    rows: usize,
    cols: usize,
    queens: usize,
    least_walls: usize,
    model: WallOptions,
    backend: &Backend,
    dir: Option<&Path>,
) -> anyhow::Result<Certificate> {
    anyhow::ensure!(least_walls > 0, "a minimum of 0 walls needs no refutation");
    let q = WallBoundQuestion::new(rows, cols, queens, least_walls - 1, model)?;
    certify_unsat(&q.unsat(), backend, dir, &q.name())
}
