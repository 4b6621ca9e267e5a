//! Certified optimality: the final UNSAT question of a value search or of a least-walls
//! minimum as a standalone CNF, for the one proof path ([`certify_unsat`]: a DRAT proof from
//! the backend that answered and the verdict of an independent DRAT checker).
//!
//! The value CNF counts cells (not segments), so "at least k queens" is a real totaliser bound
//! whenever k does not exceed the free cells, rather than a counting argument that no solver
//! sees.

use crate::board::Board;
use crate::encode::{Amo, Attack, BaseOptions, CountMode, LeastWallsQuestion, ValueQuestion, WallOptions};
use crate::io::{ExportHeader, dimacs_map};
use crate::solve::{Backend, Certificate, UnsatQuestion, certify_unsat};
use std::path::Path;

/// The certificate of a board's value: "at least `value + 1` queens" refuted through
/// [`certify_unsat`] as `value-at-least-K` in `dir` (see there for `None`).
pub fn certify_value(
    board: &Board,
    amo: Amo,
    value: usize,
    backend: &Backend,
    dir: Option<&Path>,
) -> anyhow::Result<Certificate> {
    let k = value + 1;
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
    let question = UnsatQuestion {
        refuted: format!("at least {k} queens"),
        proves: format!("{k} queens do not fit"),
        header,
        n_vars: q.n_vars(),
        cnf: &q.cnf,
    };
    certify_unsat(&question, backend, dir, &format!("value-at-least-{k}"))
}

/// The self-describing `c` header of a least-walls question.
pub fn least_walls_header(
    rows: usize,
    cols: usize,
    q: usize,
    w: usize,
    attack: Attack,
    slack_cuts: bool,
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
             queens (at least {q}) and the walls (at most {w}), bounds as unit clauses{}",
            attack.name(),
            if slack_cuts {
                "; segment-slack cuts (implied: in each line family, walls on the border + adjacent walls \
                 + runs without a queen <= lines + walls - queens, a totaliser bound as unit clauses)"
            } else {
                ""
            }
        ),
        map: dimacs_map(&question.model.vars),
    }
    .render("c"))
}

/// The certificate of a least-walls minimum `w` (> 0): "at most `w - 1` walls and at least
/// `queens` queens" on a `rows × cols` board refuted through [`certify_unsat`] in `dir` (see
/// there for `None`). The CNF takes the attack and the slack cuts (implied clauses) of `model`,
/// never its lex-leader or necessary walls (they remove boards, so the refutation would rest
/// on an argument no checker sees).
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
    let w = least_walls - 1;
    let (attack, slack_cuts) = (model.attack, model.slack_cuts);
    let q = LeastWallsQuestion::new(rows, cols, queens, w, attack, slack_cuts)?;
    let question = UnsatQuestion {
        refuted: format!("at most {w} walls, at least {queens} queens"),
        proves: format!("{queens} queens need at least {least_walls} walls"),
        header: least_walls_header(rows, cols, queens, w, attack, slack_cuts, &q)?,
        n_vars: q.n_vars(),
        cnf: &q.cnf,
    };
    certify_unsat(
        &question,
        backend,
        dir,
        &format!("least-walls-{rows}x{cols}-q{queens}-at-most-{w}"),
    )
}
