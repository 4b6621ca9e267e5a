//! `queensat cover`: packing and covering the n×n board with n-queens solutions.

use super::args::{OutputArgs, ReportArgs, SolverArgs, SymmetryArgs};
use super::choice::choice;
use super::value::run_cubes;
use anyhow::bail;
use clap::Args;
use queensat::encode::Amo;
use queensat::run::interrupt::{stop_requested, stopped_exit_code};
use queensat::run::{Reporter, Shard};
use queensat::solve::Backend;
use queensat::study::cover_cubes::{CoverCubeAsk, cover_in_cubes};
use queensat::study::report::{cover_output, cover_sizes};
use queensat::study::value_cubes::DEFAULT_CUBES;
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
    /// (removed afterwards) when --certificates names none; with --cube-dir, each cube's
    /// refutation by a checked proof of its own CNF (no files kept).
    #[arg(long)]
    pub certify: bool,
    /// Split both questions of one size into cubes (for each split square, the first selected
    /// solution through it, in list order, in one of its ranges of solutions, or for packing
    /// none), answer each into DIR (resumable), and give both optima from them: proved when
    /// every cube's refutation is and the cubes are counted to cover every selection
    /// (docs/cluster.md). CaDiCaL answers when no --solver is named.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["certificates", "time_limit", "output"])]
    pub cube_dir: Option<PathBuf>,
    /// With --cube-dir: the squares whose first selected solution makes the cubes (the middle
    /// square, then alternately left and right of it on the middle row, then the rows below
    /// and above it).
    #[arg(long, value_name = "K", default_value_t = 1, requires = "cube_dir")]
    pub split_squares: usize,
    /// With --cube-dir: at most this many cubes per question where the split squares allow
    /// (the narrowest ranges that keep to it).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_CUBES, requires = "cube_dir", value_parser = super::args::at_least_one)]
    pub cubes: usize,
    /// With --cube-dir: answer only the cubes g with g mod N = I-1; `queensat merge` assembles
    /// the shards' folders.
    #[arg(long, value_name = "I/N", requires = "cube_dir")]
    pub shard: Option<Shard>,
    /// With --cube-dir: worker threads, a cube each (default: all cores).
    #[arg(long, requires = "cube_dir")]
    pub threads: Option<usize>,
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
    if let Some(dir) = &a.cube_dir {
        let Some(n) = a.size.single() else {
            bail!(
                "--cube-dir splits the questions of one size, not {}",
                a.size.describe("..")
            );
        };
        // A cube run is for a hard question: the solver that stops inside a call.
        let opts = CoverOptions {
            backend: a.solver.solver.clone().unwrap_or_else(Backend::for_time_limit),
            ..opts
        };
        let ask = CoverCubeAsk {
            n,
            split_squares: a.split_squares,
            cubes: a.cubes,
            certify: a.certify,
        };
        let run = |shard, progress: &Reporter| cover_in_cubes(&ask, &opts, dir, shard, progress);
        return run_cubes(a.threads, a.shard, &a.report, "cover", run);
    }
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
