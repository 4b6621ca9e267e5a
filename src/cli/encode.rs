//! `queensat encode`: write a question as DIMACS, WCNF, OPB or CPLEX LP.

use super::{BaseArgs, BoardArgs, OutputArgs};
use crate::analysis::least_walls_header;
use crate::board::Board;
use crate::encode::{Attack, BaseOptions, CountMode, LeastWallsQuestion, ValueQuestion};
use crate::io::{ExportHeader, dimacs_map, lp_map, opb_map, write_dimacs, write_lp, write_opb, write_wcnf};
use anyhow::bail;
use clap::{Args, Subcommand};

#[derive(Args, Debug)]
pub struct EncodeArgs {
    #[command(subcommand)]
    what: EncodeWhat,
}

#[derive(Subcommand, Debug)]
enum EncodeWhat {
    /// A board's value question: "at least K queens?" (DIMACS), or "most queens" (WCNF/OPB/LP).
    Value(EncodeValueArgs),
    /// A least-walls question: "some board with at most W walls holds at least Q queens?"
    LeastWalls(EncodeLeastWallsArgs),
}

#[derive(Args, Debug)]
pub struct EncodeLeastWallsArgs {
    #[command(flatten)]
    pub shape: super::ShapeArgs,
    /// At least this many queens.
    #[arg(long, value_name = "Q")]
    pub queens: usize,
    /// At most this many walls.
    #[arg(long, value_name = "W")]
    pub max_walls: usize,
    /// Non-attack formulation of the wall model.
    #[arg(long, value_enum, default_value_t = Attack::default())]
    pub attack: Attack,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct EncodeValueArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Ask for at least K queens (required for DIMACS; a constraint in OPB/LP, hard units in WCNF).
    #[arg(long, value_name = "K")]
    pub at_least: Option<usize>,
    /// MaxSAT (2022 WCNF): hard non-attack clauses, one soft unit per queen.
    #[arg(long, conflicts_with_all = ["opb", "lp"])]
    pub wcnf: bool,
    /// Pseudo-Boolean (OPB): one `≤ 1` per segment, minimise minus the queens.
    #[arg(long, conflicts_with = "lp")]
    pub opb: bool,
    /// The seed's ILP in CPLEX LP format.
    #[arg(long)]
    pub lp: bool,
    #[command(flatten)]
    pub base: BaseArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

pub fn run(a: EncodeArgs) -> anyhow::Result<i32> {
    match a.what {
        EncodeWhat::Value(v) => {
            let (board, _) = v.board.load()?;
            let text = encode_value(&board, &v)?;
            v.output.emit(&text)?;
            Ok(0)
        }
        EncodeWhat::LeastWalls(a) => {
            let (rows, cols) = a.shape.shape()?;
            let text = encode_least_walls(rows, cols, a.queens, a.max_walls, a.attack)?;
            a.output.emit(&text)?;
            Ok(0)
        }
    }
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
pub fn encode_value(board: &Board, a: &EncodeValueArgs) -> anyhow::Result<String> {
    let k = a.at_least;
    let ilp = |what: &str| match k {
        Some(k) => format!(
            "{what}: at least {k} non-attacking queens on this board? (feasible iff the value is at least {k})"
        ),
        None => format!("{what}: the most non-attacking queens on this board (optimum = the value)"),
    };
    if a.opb || a.lp {
        let (marker, map) = if a.opb {
            ("*", opb_map(board))
        } else {
            ("\\", lp_map(board))
        };
        let header = ExportHeader {
            question: ilp(if a.opb { "pseudo-Boolean" } else { "ILP" }),
            board: board.clone(),
            encoding: "the seed's base model: a 0/1 variable per free cell, at most one queen per row, column and diagonal segment (segments end at walls)".into(),
            map,
        }
        .render(marker);
        return Ok(if a.opb {
            write_opb(board, &header, k)
        } else {
            write_lp(board, &header, k)
        });
    }
    if !a.wcnf && k.is_none() {
        bail!("a DIMACS file asks a yes/no question: give --at-least K (or choose --wcnf, --opb, --lp)");
    }
    // Without a bound no counter is encoded, so counting segments would only add variables.
    let count = if k.is_none() {
        CountMode::Cells
    } else {
        a.base.counter
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
    let question = if a.wcnf {
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
    Ok(if a.wcnf {
        let soft: Vec<_> = q.model.queen_lits().map(|(_, l)| l).collect();
        write_wcnf(&header, q.cnf.iter(), &soft)
    } else {
        write_dimacs(&header, q.n_vars(), q.cnf.iter())
    })
}
