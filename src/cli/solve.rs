//! `queensat solve FILE.cnf`: answer a DIMACS file with any backend, external solvers
//! included, or check a solver's answer (`--check OUTPUT`); decode and check the placement
//! when the file has a queensat header. Exit 10 SAT, 20 UNSAT (the SAT competition's codes),
//! 0 when the answer is unknown (time limit, or a solver that says UNKNOWN), 2 on errors.

use super::args::{Format, ProofArgs, SolverArgs};
use clap::Args;
use queensat::engine::{CnfStatus, check_solver_output, solve_cnf};
use queensat::solve::{Backend, parse_seconds};
use queensat::study::report::solve_output;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A DIMACS CNF file (`-` for stdin).
    pub file: PathBuf,
    /// Run this DIMACS solver binary (e.g. cadical, minisat, picosat, cryptominisat5).
    #[arg(long, value_name = "CMD", conflicts_with = "solver")]
    pub external: Option<String>,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// CPU seconds of queensat's process, as in every command; past them the answer is unknown
    /// (`s UNKNOWN`, exit 0). CaDiCaL stops inside its call, so it answers when no --solver is
    /// named; varisat stops only between calls, and `solve` makes one. An --external solver
    /// is killed after this many seconds of wall-clock time (its CPU is not queensat's).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    #[command(flatten)]
    pub proof: ProofArgs,
    /// Solve nothing: check this solver output (`s`/`v` lines, or MiniSat's result file)
    /// against the CNF, and against the board when the CNF is one queensat wrote.
    #[arg(long, value_name = "OUTPUT", conflicts_with_all = ["external", "time_limit"])]
    pub check: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

fn read(path: &Path) -> anyhow::Result<String> {
    queensat::io::read_input(path, "")
}

pub fn run(a: SolveArgs) -> anyhow::Result<i32> {
    let text = read(&a.file)?;
    let name = a.file.display().to_string();
    let answer = match &a.check {
        Some(out) => check_solver_output(&text, &name, &read(out)?, &out.display().to_string())?,
        None => {
            let backend = match &a.external {
                Some(cmd) => Backend::External(cmd.clone()),
                None => a.solver.backend_within(a.time_limit),
            };
            solve_cnf(&text, &name, &backend, a.time_limit)?
        }
    };
    if answer.status == CnfStatus::Unsat {
        a.proof.check(answer.certified)?;
    }
    out!("{}", solve_output(&answer, a.format == Format::Json)?)?;
    // A stop signal leaves the answer unknown; the exit status says which signal.
    if answer.status == CnfStatus::Unknown && queensat::run::interrupt::stop_requested() {
        return Ok(queensat::run::interrupt::stopped_exit_code(true));
    }
    Ok(answer.status.exit_code())
}
