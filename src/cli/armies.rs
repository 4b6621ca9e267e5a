//! `queensat armies`: peaceable queen armies on one board or a table of board sizes.

use super::args::{CertifyArgs, CubeArgs, OutputArgs, ReportArgs, SolverArgs, SymmetryArgs};
use super::board_args::BoardArgs;
use super::choice::choice;
use super::value::run_cubes;
use anyhow::bail;
use clap::Args;
use queensat::encode::ArmyEncoding;
use queensat::run::interrupt::stopped_exit_code;
use queensat::run::{Reporter, Shard};
use queensat::solve::Backend;
use queensat::study::ArmyOptions;
use queensat::study::army_cubes::{ArmyCubeAsk, armies_in_cubes};
use queensat::study::report::{
    ArmiesOutcome, ArmyTableOptions, army_output, army_table_run, largest_armies_cached,
};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct ArmiesArgs {
    /// The board; with --table, `--size A..B` or `--rows A..B --cols C..D` give many sizes.
    #[command(flatten)]
    pub board: BoardArgs,
    /// Also list every optimal position up to symmetry and colour swap.
    #[arg(long)]
    pub unique: bool,
    /// One row per board size (m, classes, proof, times), as a Markdown table.
    #[arg(long)]
    pub table: bool,
    /// In a table, also count the optimal positions (and confirm none of m + 1) by the
    /// independent brute-force search of `check::brute_positions` (exponential; small boards).
    #[arg(long)]
    pub brute: bool,
    /// In a table, find m only (no enumeration of the optimal classes).
    #[arg(long)]
    pub no_count: bool,
    /// Stop an enumeration after this many CPU seconds; the count is then reported as a lower
    /// bound.
    #[arg(long, value_name = "SECONDS", value_parser = queensat::solve::parse_seconds)]
    pub count_seconds: Option<Duration>,
    /// Stop the search for m after this many CPU seconds (or at a stop signal) and report the
    /// largest checked position found, labelled NOT proved (exit 3; 130, 143, 129 after
    /// Ctrl-C, SIGTERM, SIGHUP); a
    /// stopped board is not written to --cache. CaDiCaL stops inside a call, so it answers
    /// when no --solver is named; the other solvers stop between calls.
    #[arg(long, value_name = "SECS", value_parser = queensat::solve::parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Directory of finished boards (one JSON file per size): read to resume, written as each
    /// board finishes.
    #[arg(long, value_name = "DIR")]
    pub cache: Option<PathBuf>,
    /// With --table and --cache: compute nothing, report sizes missing from the cache.
    #[arg(long, requires = "cache")]
    pub cached_only: bool,
    /// Do only the sizes `I, I+N, I+2N, ...` of the list (1-based), to split a table over runs;
    /// with --cube-dir, only the cubes g with g mod N = I-1 (`queensat merge` assembles them).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Split the question into cubes (for each segment of the middle row: no queen, or one
    /// colour's queens in a set of its ranges of cells), answer each into DIR (resumable), and
    /// give m from them: proved when every cube's refutation is and the cubes are counted to
    /// cover every choice (docs/cluster.md). CaDiCaL answers when no --solver is named.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["table", "unique", "time_limit", "cache", "output"])]
    pub cube_dir: Option<PathBuf>,
    #[command(flatten)]
    pub split: CubeArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    #[arg(long, value_parser = choice::<ArmyEncoding>(), default_value_t = ArmyEncoding::default())]
    pub encoding: ArmyEncoding,
    #[command(flatten)]
    pub symmetry: SymmetryArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
    #[command(flatten)]
    pub certify: CertifyArgs,
    #[command(flatten)]
    pub report: ReportArgs,
}

pub fn run(a: ArmiesArgs) -> anyhow::Result<i32> {
    let opts = ArmyOptions {
        encoding: a.encoding,
        backend: a.solver.backend_within(a.time_limit),
        unique: a.unique || (a.table && !a.no_count),
        count_limit: a.count_seconds,
        time_limit: a.time_limit,
        symmetry_breaking: a.symmetry.breaking(),
        certify: a.certify.target(),
    };
    if a.shard.is_some() && !a.table && a.cube_dir.is_none() {
        bail!("--shard splits a --table or a --cube-dir run, not one board's search");
    }
    if let Some(dir) = &a.cube_dir {
        // A cube run is for a hard question: the solver that stops inside a call.
        let opts = ArmyOptions {
            backend: a.solver.solver.clone().unwrap_or_else(Backend::for_time_limit),
            ..opts
        };
        let ask = ArmyCubeAsk {
            board: a.board.load()?.board,
            split_rows: a.split.split_rows,
            cubes: a.split.cubes,
            certify: a.certify.for_cubes()?,
        };
        let run = |shard, progress: &Reporter| armies_in_cubes(&ask, &opts, dir, shard, progress);
        return run_cubes(a.split.threads, a.shard, &a.report, "armies", run);
    }
    let (text, outcome) = if a.table {
        if a.board.has_cells() {
            bail!("--table takes board sizes only (no grid file, walls or holes)");
        }
        let t = ArmyTableOptions {
            armies: opts,
            cache: a.cache.as_deref(),
            cached_only: a.cached_only,
            brute: a.brute,
            shard: a.shard,
        };
        army_table_run(&a.board.shape.shapes()?, &t, &a.report.progress.reporter())?
    } else {
        let board = a.board.load()?.board;
        let cached = largest_armies_cached(&board, &opts, a.cache.as_deref(), false)?;
        let report = cached.expect("computing is allowed");
        (
            army_output(&report, a.report.json())?,
            ArmiesOutcome::of([&report]),
        )
    };
    a.report.proof.check(!outcome.unchecked)?;
    a.output.emit(&text)?;
    // 1 when a checker rejected a certificate, as for `value --certify`.
    Ok(if outcome.refuted {
        1
    } else {
        stopped_exit_code(outcome.stopped)
    })
}
