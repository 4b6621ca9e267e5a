//! `queensat solve FILE.cnf`: answer a DIMACS file with any backend, external solvers
//! included; decode and check the placement when the file has a queensat header.

use super::SolverArgs;
use crate::board::{Placement, render_grid};
use crate::check::check_placement;
use crate::io::{check_model, parse_dimacs, read_header};
use crate::solve::{AnySolver, Backend, ExternalSolver, Solve, SolverResult};
use anyhow::{Context, bail};
use clap::Args;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A DIMACS CNF file (`-` for stdin).
    pub file: PathBuf,
    /// Run this DIMACS solver binary (e.g. cadical, minisat, picosat, cryptominisat5).
    #[arg(long, value_name = "CMD", conflicts_with = "solver")]
    pub external: Option<String>,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Wall-clock limit for an external solver, in seconds.
    #[arg(long, value_name = "SECONDS", value_parser = crate::solve::parse_seconds)]
    pub time_limit: Option<Duration>,
    #[command(flatten)]
    pub proof: super::ProofArgs,
}

pub fn run(a: SolveArgs) -> anyhow::Result<i32> {
    let text = if a.file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("reading stdin")?
    } else {
        std::fs::read_to_string(&a.file).with_context(|| format!("cannot read {}", a.file.display()))?
    };
    let name = a.file.display().to_string();
    let cnf = parse_dimacs(&text).with_context(|| name.clone())?;
    let header = read_header(&text).with_context(|| name.clone())?;
    let backend = match &a.external {
        Some(cmd) => Backend::External(cmd.clone()),
        None => a.solver.backend(),
    };
    let mut solver = match &backend {
        Backend::External(cmd) => {
            AnySolver::External(Box::new(ExternalSolver::new(cmd).with_timeout(a.time_limit)))
        }
        b => b.make(),
    };
    for cl in &cnf.clauses {
        solver.add_clause_ref(cl)?;
    }
    let start = Instant::now();
    let answer = solver.solve()?;
    let seconds = start.elapsed().as_secs_f64();
    match answer {
        SolverResult::Unsat => {
            a.proof.check(backend.checks_its_unsat())?;
            println!("s UNSATISFIABLE");
            println!("c solver {backend}, {seconds:.3} s");
            if !backend.checks_its_unsat() {
                println!("c proof: {}", crate::solve::UNCHECKED_UNSAT);
            }
        }
        SolverResult::Interrupted => bail!("solver {backend} was interrupted"),
        SolverResult::Sat => {
            let model: Vec<bool> = (0..cnf.n_vars)
                .map(|v| solver.is_true(rustsat::types::Lit::positive(v)))
                .collect();
            if let Err(i) = check_model(&cnf.clauses, &model) {
                bail!("solver {backend}: the model falsifies clause {} of {name}", i + 1);
            }
            println!("s SATISFIABLE");
            println!(
                "c solver {backend}, {seconds:.3} s; model satisfies all {} clauses",
                cnf.clauses.len()
            );
            match header {
                Some(mut h) => {
                    let is_true = |v: u32| model.get(v as usize - 1).copied().unwrap_or(false);
                    // A least-walls question: the model chooses the walls too.
                    for &(_, p) in h.walls.iter().filter(|&&(v, _)| is_true(v)) {
                        h.board.place(p, crate::board::Cell::Wall)?;
                    }
                    let placement: Placement = h
                        .queens
                        .iter()
                        .filter(|&&(v, _)| model.get(v as usize - 1).copied().unwrap_or(false))
                        .map(|&(_, p)| p)
                        .collect();
                    check_placement(&h.board, &placement)
                        .map_err(|v| anyhow::anyhow!("the decoded placement fails the checker: {v}"))?;
                    print!("{}", render_grid(&h.board, Some(&placement)));
                    println!("c {} queens, placement checked", placement.len());
                }
                None => {
                    let lits: Vec<String> = model
                        .iter()
                        .enumerate()
                        .map(|(i, &b)| {
                            if b {
                                format!("{}", i + 1)
                            } else {
                                format!("-{}", i + 1)
                            }
                        })
                        .collect();
                    println!("v {} 0", lits.join(" "));
                }
            }
        }
    }
    Ok(0)
}
