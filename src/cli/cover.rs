//! `queensat cover`: packing and covering the n×n board with n-queens solutions.

use super::args::{OutputArgs, ReportArgs, SolverArgs, SymmetryArgs};
use super::choice::choice;
use clap::Args;
use queensat::encode::Amo;
use queensat::run::interrupt::{stop_requested, stopped_exit_code};
use queensat::study::report::{cover_output, cover_sizes};
use queensat::study::{Counts, CoverOptions, DEFAULT_COVER_AMO};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CoverArgs {
    /// Side of the board, or several (`A..B`, `a,b`) for a table.
    #[arg(long, value_name = "N")]
    pub size: Counts,
    /// Write the solution lists, the CNF and the checked proof of each final UNSAT answer, and
    /// one JSON report per size (read back to resume) into this directory.
    #[arg(long, value_name = "DIR")]
    pub certificates: Option<PathBuf>,
    /// With --certificates: compute nothing, report sizes without a finished report.
    #[arg(long, requires = "certificates")]
    pub cached_only: bool,
    #[command(flatten)]
    pub output: OutputArgs,
    /// At-most-one encoding of "one solution per square" when packing.
    #[arg(long, value_parser = choice::<Amo>(), default_value_t = DEFAULT_COVER_AMO)]
    pub amo: Amo,
    /// Stop each search (partition, packing, covering, and a stopped cover's "no partition"
    /// question) after this many CPU seconds and report the best selection found with the
    /// bound proved so far, labelled open, exit 3. CaDiCaL stops inside a call, so it answers
    /// when no --solver is named; the other solvers stop between calls. Not limited: listing
    /// the solutions, and building a search's model once its start is found (on 12x12 the
    /// covering model takes about 7 s after the start has used the limit). A stop signal (Ctrl-C,
    /// SIGTERM, SIGHUP) stops the same way (exit 130, 143, 129) and keeps no report of the
    /// size it cut short.
    #[arg(long, value_name = "SECS", value_parser = queensat::solve::parse_seconds)]
    pub time_limit: Option<std::time::Duration>,
    #[command(flatten)]
    pub symmetry: SymmetryArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Certify each optimum as --certificates does, with the files in a temporary directory
    /// (removed afterwards) when --certificates names none.
    #[arg(long)]
    pub certify: bool,
    #[command(flatten)]
    pub report: ReportArgs,
}

pub fn run(a: CoverArgs) -> anyhow::Result<i32> {
    let opts = CoverOptions {
        backend: a.solver.backend_within(a.time_limit),
        amo: a.amo,
        certificates: a.certificates.clone(),
        symmetry_breaking: a.symmetry.breaking(),
        progress: a.report.progress.reporter(),
        time_limit: a.time_limit,
    };
    let (reports, missing) = cover_sizes(a.size.as_slice(), opts, a.certify, a.cached_only)?;
    let unchecked = reports.iter().any(|r| r.rests_on_unchecked_unsat());
    a.report.proof.check(!unchecked)?;
    let one_size = a.size.single().is_some();
    a.output
        .emit(&cover_output(&reports, &missing, one_size, a.report.json())?)?;
    // A stop signal after the last search still skipped the sizes not begun: an interrupt.
    let open = reports.iter().any(|r| !(r.pack.optimal && r.cover.optimal));
    Ok(stopped_exit_code(open || stop_requested()))
}
