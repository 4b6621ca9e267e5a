//! Questions written as files for other solvers: DIMACS (yes/no), WCNF (MaxSAT), OPB and
//! CPLEX LP (optimisation), each with a self-describing header.

use crate::board::Board;
use crate::encode::{Attack, BaseOptions, CountMode, LeastWallsQuestion, ValueQuestion};
use crate::engine::least_walls_header;
use crate::io::{ExportHeader, dimacs_map, lp_map, opb_map, write_dimacs, write_lp, write_opb, write_wcnf};
use anyhow::bail;

/// The file format of a value question.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ExportFormat {
    /// "At least K queens?" (needs K).
    #[default]
    Dimacs,
    /// MaxSAT: hard non-attack clauses, one soft unit per queen.
    Wcnf,
    /// Pseudo-Boolean: one `≤ 1` per segment, minimise minus the queens.
    Opb,
    /// The seed's ILP in CPLEX LP format.
    Lp,
}

/// A board's value question as a file.
#[derive(Clone, Debug, Default)]
pub struct ValueExport {
    pub format: ExportFormat,
    /// At least this many queens: the question of a DIMACS file, a constraint elsewhere.
    pub at_least: Option<usize>,
    pub base: BaseOptions,
}

/// DIMACS text of "some `rows × cols` board with at most `w` walls holds at least `q` queens?"
/// (SAT iff the least walls for `q` is at most `w`).
pub fn encode_least_walls(
    rows: usize,
    cols: usize,
    q: usize,
    w: usize,
    attack: Attack,
) -> anyhow::Result<String> {
    let question = LeastWallsQuestion::new(rows, cols, q, w, attack)?;
    Ok(write_dimacs(
        &least_walls_header(rows, cols, q, w, attack, &question)?,
        question.n_vars(),
        question.cnf.iter(),
    ))
}

/// The file text of a value question in the chosen format.
pub fn encode_value(board: &Board, a: &ValueExport) -> anyhow::Result<String> {
    let k = a.at_least;
    let (opb, lp, wcnf) = (
        a.format == ExportFormat::Opb,
        a.format == ExportFormat::Lp,
        a.format == ExportFormat::Wcnf,
    );
    let ilp = |what: &str| match k {
        Some(k) => format!(
            "{what}: at least {k} non-attacking queens on this board? (feasible iff the value is at least {k})"
        ),
        None => format!("{what}: the most non-attacking queens on this board (optimum = the value)"),
    };
    if opb || lp {
        let (marker, map) = if opb {
            ("*", opb_map(board))
        } else {
            ("\\", lp_map(board))
        };
        let header = ExportHeader {
            question: ilp(if opb { "pseudo-Boolean" } else { "ILP" }),
            board: board.clone(),
            encoding: "the seed's base model: a 0/1 variable per free cell, at most one queen per row, column and diagonal segment (segments end at walls)".into(),
            map,
        }
        .render(marker);
        return Ok(if opb {
            write_opb(board, &header, k)
        } else {
            write_lp(board, &header, k)
        });
    }
    if !wcnf && k.is_none() {
        bail!("a DIMACS file asks a yes/no question: give --at-least K (or choose --wcnf, --opb, --lp)")
    }
    // Without a bound no counter is encoded, so counting segments would only add variables.
    let count = if k.is_none() {
        CountMode::Cells
    } else {
        a.base.count
    };
    let opts = BaseOptions {
        amo: a.base.amo,
        count,
    };
    let q = ValueQuestion::new(board, opts, k);
    let bound = match k {
        Some(k) if q.cnf.iter().any(|c| c.is_empty()) => format!(
            "; at least {k} queens is the empty clause: the {} counter has fewer inputs",
            count.name()
        ),
        Some(k) => format!(
            "; at least {k} queens by a totaliser over {}, bound as unit clauses",
            count.name()
        ),
        None => String::new(),
    };
    let encoding = format!(
        "base model: one variable per free cell, at most one queen per row/column/diagonal segment ({} at-most-one){bound}",
        a.base.amo.name()
    );
    let question = if wcnf {
        let hard = if k.is_some() {
            "hard: no two queens attack, and the bound"
        } else {
            "hard: no two queens attack"
        };
        format!(
            "MaxSAT: the most non-attacking queens ({hard}; soft: a queen on each free cell, weight 1; optimum cost = free cells - value)"
        )
    } else {
        format!(
            "at least {} non-attacking queens on this board? SAT: yes, the queen variables give a placement; UNSAT: the value is below that",
            k.expect("checked above")
        )
    };
    let header = ExportHeader {
        question,
        board: board.clone(),
        encoding,
        map: dimacs_map(&q.model.vars),
    }
    .render("c");
    Ok(if wcnf {
        let soft: Vec<_> = q.model.queen_lits().map(|(_, l)| l).collect();
        write_wcnf(&header, q.cnf.iter(), &soft)
    } else {
        write_dimacs(&header, q.n_vars(), q.cnf.iter())
    })
}
