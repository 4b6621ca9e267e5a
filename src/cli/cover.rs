//! `queensat cover`: packing and covering the n×n board with n-queens solutions.

use super::args::{OutputArgs, ReportArgs, SolverArgs, SymmetryArgs};
use super::choice::choice;
use super::cubes::{CubeArgs, CubeDirArgs, run_cubes};
use super::run_args::{ShardArgs, TimeLimitArgs};
use clap::Args;
use queensat::encode::Amo;
use queensat::run::Reporter;
use queensat::study::cover_cubes::{CoverCubeAsk, cover_in_cubes};
use queensat::study::report::{cover_exit_code, cover_output, cover_sizes};
use queensat::study::{Counts, CoverOptions, DEFAULT_COVER_AMO};
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(
    mut_arg("cube_dir", |a| a.conflicts_with("certificates")),
    mut_arg("shard", |a| a.requires("cube_dir"))
)]
pub struct CoverArgs {
    /// Side of the board, or several (`A..B`, `a,b`) for a table.
    #[arg(long, value_name = "N")]
    pub size: Counts,
    /// Keep the solution lists, CNFs, checked proofs and reports in this directory.
    ///
    /// Write the solution lists, the CNF and the checked proof of each final UNSAT answer, and
    /// one JSON report per size (read back to resume) into this directory. A report read back
    /// is used only when its certificate files are those the checker verified (else the size
    /// is computed again) and it fits the run: not one proved with lex-leader constraints for
    /// --no-symmetry-breaking, and an open one (stopped by --time-limit) only for a run with
    /// no larger a limit.
    #[arg(long, value_name = "DIR", value_parser = queensat::io::output_folder_path)]
    pub certificates: Option<PathBuf>,
    /// With --certificates: compute nothing, report what is missing.
    ///
    /// With --certificates: compute nothing, report sizes without a usable report (and why);
    /// an error when a kept report's certificate files changed.
    #[arg(long, requires = "certificates")]
    pub cached_only: bool,
    #[command(flatten)]
    pub output: OutputArgs,
    /// At-most-one encoding of "one solution per square" when packing.
    #[arg(long, value_parser = choice::<Amo>(), default_value_t = DEFAULT_COVER_AMO)]
    pub amo: Amo,
    #[command(flatten)]
    pub time_limit: TimeLimitArgs,
    #[command(flatten)]
    pub symmetry: SymmetryArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Certify each optimum by a checked proof.
    ///
    /// Certify each optimum as --certificates does, with the files in a temporary directory
    /// (removed afterwards) when --certificates names none; with --certificates, the proofs
    /// of reports read back are checked again (a size whose proof was too big to keep is
    /// computed again); with --cube-dir, each cube's refutation by a checked proof of its own
    /// CNF (no files kept).
    #[arg(long)]
    pub certify: bool,
    #[command(flatten)]
    pub cube_dir: CubeDirArgs,
    /// With --cube-dir: the squares whose first solution makes the cubes.
    ///
    /// With --cube-dir: the squares whose first selected solution makes the cubes (the middle
    /// square, then alternately left and right of it on the middle row, then the rows below
    /// and above it).
    #[arg(long, value_name = "K", default_value_t = 1, requires = "cube_dir")]
    pub split_squares: usize,
    #[command(flatten)]
    pub cubes: CubeArgs,
    #[command(flatten)]
    pub shard: ShardArgs,
    #[command(flatten)]
    pub report: ReportArgs,
}

pub fn run(a: CoverArgs) -> anyhow::Result<i32> {
    let opts = CoverOptions {
        backend: a.solver.backend_within(a.time_limit.time_limit),
        amo: a.amo,
        certificates: a.certificates.clone(),
        symmetry_breaking: a.symmetry.breaking(),
        progress: a.report.progress.reporter(),
        time_limit: a.time_limit.time_limit,
    };
    if let Some(dir) = &a.cube_dir.cube_dir {
        let ask = CoverCubeAsk::new(&a.size, a.cubes.cut(a.split_squares, a.certify))?;
        let opts = CoverOptions {
            backend: a.solver.for_cubes(),
            ..opts
        };
        let run = |shard, progress: &Reporter| cover_in_cubes(&ask, &opts, dir, shard, progress);
        return run_cubes(&a.cubes, &a.shard, &a.report, "cover", dir, run);
    }
    let (reports, missing) = cover_sizes(a.size.as_slice(), opts, a.certify, a.cached_only)?;
    let unchecked = reports.iter().any(|r| r.rests_on_unchecked_unsat());
    a.report.proof.check(!unchecked)?;
    let one_size = a.size.single().is_some();
    a.output
        .emit(&cover_output(&reports, &missing, one_size, a.report.json())?)?;
    // A stop signal after the last search still skipped the sizes not begun: an interrupt.
    Ok(cover_exit_code(
        &reports,
        &missing,
        a.size.as_slice().len(),
        a.certificates.as_deref(),
    ))
}
