//! Questions written as files for other solvers: DIMACS (yes/no), WCNF (MaxSAT), OPB and
//! CPLEX LP (optimisation), each with a self-describing header.

use super::lp::bound::{add_implied_clauses, lp_bound};
use super::wall_bound::least_walls_header;
use crate::board::Board;
use crate::encode::{Attack, BaseOptions, CountMode, LeastWallsQuestion, ValueQuestion};
use crate::io::{
    ExportHeader, LeastWallsIlp, WcnfFormat, dimacs_map, least_walls_lp_map, least_walls_opb_map, lp_map,
    opb_map, plural, write_dimacs, write_least_walls_lp, write_least_walls_opb, write_lp, write_opb,
    write_wcnf,
};
use anyhow::bail;

crate::choices! {
/// The file format of an exported question.
pub enum ExportFormat {
    /// A yes/no CNF question (value: "at least K queens?"; least walls: "at most W walls?").
    #[default]
    Dimacs = "dimacs",
    /// MaxSAT: hard clauses, soft units (value: a queen per cell; least walls: no wall per cell).
    Wcnf = "wcnf",
    /// Pseudo-Boolean optimisation (OPB, as in the PB competitions).
    Opb = "opb",
    /// The seed's ILP (base model or least-walls model) in CPLEX LP format.
    Lp = "lp",
}
}

/// A question's file text, and the size of its CNF where it is one (DIMACS, WCNF).
#[derive(Clone, Debug)]
pub struct Encoded {
    pub text: String,
    pub variables: Option<u32>,
    /// Clauses, soft ones included.
    pub clauses: Option<usize>,
}

impl Encoded {
    fn cnf(text: String, variables: u32, clauses: usize) -> Encoded {
        Encoded {
            text,
            variables: Some(variables),
            clauses: Some(clauses),
        }
    }

    fn other(text: String) -> Encoded {
        Encoded {
            text,
            variables: None,
            clauses: None,
        }
    }
}

/// A board's value question as a file.
#[derive(Clone, Debug, Default)]
pub struct ValueExport {
    pub format: ExportFormat,
    /// At least this many queens: the question of a DIMACS file, a constraint elsewhere.
    pub at_least: Option<usize>,
    pub base: BaseOptions,
    pub wcnf: WcnfFormat,
    /// Add the clauses that "at least K" implies under the checked segment-LP dual certificate
    /// (DIMACS and WCNF with `at_least` only); a header line says so.
    pub lp_cuts: bool,
}

/// A least-walls question as a file.
#[derive(Clone, Debug)]
pub struct LeastWallsExport {
    pub format: ExportFormat,
    /// At least (DIMACS, WCNF) or exactly (OPB, LP, the seed's QUEEN_COUNT) this many queens.
    pub queens: usize,
    /// At most this many walls: the question of a DIMACS file (required there), a
    /// constraint in the optimisation formats.
    pub max_walls: Option<usize>,
    /// Non-attack clauses of the CNF formats (DIMACS, WCNF).
    pub attack: Attack,
    pub wcnf: WcnfFormat,
}

/// A least-walls question on a `rows × cols` board. DIMACS: "some board with at most `w`
/// walls holds at least `q` queens?" (SAT iff the least walls for `q` is at most `w`). WCNF,
/// OPB, LP: the fewest walls for `q` queens (the optimum cost or objective is the least
/// walls), the LP and OPB being the seed's least-walls model.
pub fn encode_least_walls(rows: usize, cols: usize, a: &LeastWallsExport) -> anyhow::Result<Encoded> {
    let (q, attack) = (a.queens, a.attack);
    let bound = a
        .max_walls
        .map(|w| format!(", at most {}", plural(w, "wall", "walls")))
        .unwrap_or_default();
    match a.format {
        ExportFormat::Dimacs => {
            let Some(w) = a.max_walls else {
                bail!("a DIMACS file asks a yes/no question: give --max-walls W (or choose --to wcnf|opb|lp)")
            };
            let question = LeastWallsQuestion::new(rows, cols, q, w, attack, false)?;
            let text = write_dimacs(
                &least_walls_header(rows, cols, q, w, attack, false, &question)?,
                question.n_vars(),
                question.cnf.iter(),
            );
            Ok(Encoded::cnf(text, question.n_vars(), question.cnf.len()))
        }
        ExportFormat::Wcnf => {
            let question = LeastWallsQuestion::bounded(rows, cols, q, a.max_walls, attack, false)?;
            let header = ExportHeader {
                question: format!(
                    "MaxSAT: the fewest walls on a {rows}x{cols} board that let {q} non-attacking queens fit \
                     (hard: no queen on a wall, no two queens see each other, at least {q} queens{bound}; \
                     soft: no wall on each cell, weight 1; optimum cost = the least walls)"
                ),
                board: Board::new(rows, cols)?,
                encoding: format!(
                    "least-walls model: a wall and a queen variable per cell, {} non-attack, totalisers as unit clauses",
                    attack.name()
                ),
                map: dimacs_map(&question.model.vars),
            }
            .render("c");
            let soft: Vec<_> = question.model.wall_lits().iter().map(|&l| !l).collect();
            let text = write_wcnf(&header, question.n_vars(), question.cnf.iter(), &soft, a.wcnf);
            Ok(Encoded::cnf(
                text,
                question.n_vars(),
                question.cnf.len() + soft.len(),
            ))
        }
        ExportFormat::Opb | ExportFormat::Lp => {
            let opb = a.format == ExportFormat::Opb;
            let header = ExportHeader {
                question: format!(
                    "{}: the fewest walls on a {rows}x{cols} board that let {q} non-attacking queens fit{bound} (optimum = the least walls)",
                    if opb { "pseudo-Boolean" } else { "ILP" }
                ),
                board: Board::new(rows, cols)?,
                encoding: "the seed's least-walls model: a 0/1 queen and wall variable per cell, exactly q queens, \
                    no queen on a wall, for every pair of cells on a line the queens from one to the other at most \
                    one more than the walls strictly between"
                    .into(),
                map: if opb {
                    least_walls_opb_map(rows, cols)
                } else {
                    least_walls_lp_map(rows, cols)
                },
            };
            let ilp = LeastWallsIlp {
                rows,
                cols,
                queens: q,
                max_walls: a.max_walls,
            };
            Ok(Encoded::other(if opb {
                write_least_walls_opb(&ilp, &header.render("*"))?
            } else {
                write_least_walls_lp(&ilp, &header.render("\\"))?
            }))
        }
    }
}

/// The file text of a value question in the chosen format.
pub fn encode_value(board: &Board, a: &ValueExport) -> anyhow::Result<Encoded> {
    let k = a.at_least;
    let (opb, lp, wcnf) = (
        a.format == ExportFormat::Opb,
        a.format == ExportFormat::Lp,
        a.format == ExportFormat::Wcnf,
    );
    if a.lp_cuts && (opb || lp || k.is_none()) {
        bail!("--lp-cuts adds clauses implied by \"at least K queens\": give --at-least K, in DIMACS or WCNF")
    }
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
        return Ok(Encoded::other(if opb {
            write_opb(board, &header, k)
        } else {
            write_lp(board, &header, k)
        }));
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
    let mut q = ValueQuestion::new(board, opts, k);
    let implied = if a.lp_cuts {
        Some(add_implied_clauses(&mut q, &lp_bound(board)?).1)
    } else {
        None
    };
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
        "base model: one variable per free cell, at most one queen per row/column/diagonal segment ({} at-most-one){bound}{}",
        a.base.amo.name(),
        implied.map(|n| format!("; {n}")).unwrap_or_default()
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
        let text = write_wcnf(&header, q.n_vars(), q.cnf.iter(), &soft, a.wcnf);
        Encoded::cnf(text, q.n_vars(), q.cnf.len() + soft.len())
    } else {
        Encoded::cnf(
            write_dimacs(&header, q.n_vars(), q.cnf.iter()),
            q.n_vars(),
            q.cnf.len(),
        )
    })
}
