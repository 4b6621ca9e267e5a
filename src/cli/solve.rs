//! `queensat solve FILE.cnf`: answer a DIMACS file with any backend, external solvers
//! included, or check a solver's answer (`--check OUTPUT`); decode and check the placement
//! when the file has a queensat header. Exit 10 SAT, 20 UNSAT (the SAT competition's codes),
//! 0 when the answer is unknown (time limit, or a solver that says UNKNOWN), 2 on errors.

use super::args::{ExternalArgs, FormatArgs, ProofArgs, SolverArgs};
use super::run_args::TimeLimitArgs;
use clap::Args;
use queensat::engine::{CnfStatus, check_solver_output, solve_cnf};
use queensat::solve::Backend;
use queensat::study::report::solve_output;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A DIMACS CNF file (`-` for stdin).
    pub file: PathBuf,
    #[command(flatten)]
    pub external: ExternalArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
    #[command(flatten)]
    pub time_limit: TimeLimitArgs,
    #[command(flatten)]
    pub proof: ProofArgs,
    /// Solve nothing: check this solver output against the CNF.
    ///
    /// Solve nothing: check this solver output (`s`/`v` lines, or MiniSat's result file)
    /// against the CNF, and against the board when the CNF is one queensat wrote.
    #[arg(long, value_name = "OUTPUT", conflicts_with_all = ["external", "time_limit"])]
    pub check: Option<PathBuf>,
    #[command(flatten)]
    pub format: FormatArgs,
}

fn read(path: &Path) -> anyhow::Result<String> {
    queensat::io::read_input(path, "")
}

pub fn run(a: SolveArgs) -> anyhow::Result<i32> {
    let check = a.check.as_deref().map(|out| ("--check OUTPUT", out));
    queensat::io::stdin_at_most_once([("FILE", a.file.as_path())].into_iter().chain(check))?;
    let text = read(&a.file)?;
    let name = a.file.display().to_string();
    let answer = match &a.check {
        Some(out) => check_solver_output(&text, &name, &read(out)?, &out.display().to_string())?,
        None => {
            let limit = a.time_limit.time_limit;
            // Without the note of the searches: `solve` stops any call at the limit.
            let named = a.solver.solver.as_ref();
            let backend = (a.external.backend()).unwrap_or_else(|| Backend::within(named, limit));
            solve_cnf(&text, &name, &backend, limit)?
        }
    };
    if answer.status == CnfStatus::Unsat {
        a.proof.check(answer.certified)?;
    }
    out!("{}", solve_output(&answer, a.format.json())?)?;
    // A stop signal leaves the answer unknown; the exit status says which signal.
    if answer.status == CnfStatus::Unknown && queensat::run::interrupt::stop_requested() {
        return Ok(queensat::run::interrupt::stopped_exit_code(true));
    }
    Ok(answer.status.exit_code())
}
