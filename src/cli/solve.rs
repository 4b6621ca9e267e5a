//! `queensat solve FILE.cnf`: answer a DIMACS file with any backend, external solvers
//! included, or check a solver's answer (`--check OUTPUT`); decode and check the placement
//! when the file has a queensat header. Exit 10 SAT, 20 UNSAT (the SAT competition's codes),
//! 0 when the answer is unknown (time limit, or a solver that says UNKNOWN), 2 on errors.

use super::Format;
use crate::board::render_grid;
use crate::engine::{CnfAnswer, CnfStatus, check_solver_output, solve_cnf};
use crate::solve::Backend;
use anyhow::Context;
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A DIMACS CNF file (`-` for stdin).
    pub file: PathBuf,
    /// Run this DIMACS solver binary (e.g. cadical, minisat, picosat, cryptominisat5).
    #[arg(long, value_name = "CMD", conflicts_with = "solver")]
    pub external: Option<String>,
    /// Built-in backend, or `external:CMD`.
    #[arg(long, default_value = "varisat")]
    pub solver: Backend,
    /// Wall-clock limit for an external solver, in seconds; past it the answer is unknown
    /// (`s UNKNOWN`, exit 0).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Solve nothing: check this solver output (`s`/`v` lines, or MiniSat's result file)
    /// against the CNF, and against the board when the CNF is one queensat wrote.
    #[arg(long, value_name = "OUTPUT", conflicts_with_all = ["external", "time_limit"])]
    pub check: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

fn read(path: &Path) -> anyhow::Result<String> {
    if path.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("reading stdin")
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
    }
}

pub fn run(a: SolveArgs) -> anyhow::Result<i32> {
    let text = read(&a.file)?;
    let name = a.file.display().to_string();
    let answer = match &a.check {
        Some(out) => check_solver_output(&text, &name, &read(out)?, &out.display().to_string())?,
        None => {
            let backend = match &a.external {
                Some(cmd) => Backend::External(cmd.clone()),
                None => a.solver.clone(),
            };
            solve_cnf(&text, &name, &backend, a.time_limit)?
        }
    };
    match a.format {
        super::Format::Json => println!("{}", serde_json::to_string(&answer)?),
        super::Format::Text => print!("{}", text_of(&answer)),
    }
    Ok(answer.status.exit_code())
}

fn text_of(a: &CnfAnswer) -> String {
    let who = if a.solver == "check" {
        "checked solver output".to_string()
    } else {
        format!("solver {}, {:.3} s", a.solver, a.seconds)
    };
    match a.status {
        CnfStatus::Unsat => format!("s UNSATISFIABLE\nc {who}\n"),
        CnfStatus::Unknown => format!("s UNKNOWN\nc {who}: {}\n", a.note.as_deref().unwrap_or("")),
        CnfStatus::Sat => {
            let mut s = format!(
                "s SATISFIABLE\nc {who}; model satisfies all {} clauses\n",
                a.clauses
            );
            match (&a.board, &a.placement) {
                (Some(b), Some(p)) => {
                    s.push_str(&render_grid(b, Some(p)));
                    s.push_str(&format!("c {} queens, placement checked\n", p.len()));
                }
                _ => {
                    let lits: Vec<String> = a.model.iter().flatten().map(i64::to_string).collect();
                    s.push_str(&format!("v {} 0\n", lits.join(" ")));
                }
            }
            s
        }
    }
}
