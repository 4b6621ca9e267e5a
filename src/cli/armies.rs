//! `queensat armies`: peaceable queen armies on one board or a table of board sizes.

use super::args::{CertifyArgs, OutputArgs, ReportArgs, SolverArgs, SymmetryArgs};
use super::board_args::BoardArgs;
use super::choice::choice;
use super::cubes::{CubeDirArgs, RowCubeArgs, run_cubes};
use super::run_args::{ShardArgs, TimeLimitArgs};
use anyhow::bail;
use clap::Args;
use queensat::encode::ArmyEncoding;
use queensat::run::Reporter;
use queensat::run::interrupt::{stop_requested, stopped_exit_code};
use queensat::study::ArmyOptions;
use queensat::study::report::{ArmyTableOptions, army_board_run, army_table_run};
use queensat::study::{ArmyCubeAsk, armies_in_cubes};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args, Debug)]
#[command(mut_arg("cube_dir", |a| a.conflicts_with_all(["table", "unique", "cache"])))]
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
    /// In a table, also count the optimal positions by brute force.
    ///
    /// In a table, also count the optimal positions (and confirm none of m + 1) by the
    /// independent brute-force search of `check::brute_positions` (exponential; small boards).
    #[arg(long, requires = "table")]
    pub brute: bool,
    /// In a table, find m only (no enumeration of the optimal classes).
    #[arg(long, requires = "table")]
    pub no_count: bool,
    /// Stop an enumeration after this many CPU seconds; the count is then reported as a lower
    /// bound.
    #[arg(long, value_name = "SECONDS", value_parser = queensat::solve::parse_seconds)]
    pub count_seconds: Option<Duration>,
    #[command(flatten)]
    pub time_limit: TimeLimitArgs,
    /// Directory of finished boards: read to resume, written as each finishes.
    ///
    /// Directory of finished boards (one JSON file per size): read to resume, written as each
    /// board finishes (a board stopped by --time-limit or a signal is not). One folder holds
    /// one model's proofs: a board cached with another --encoding or symmetry breaking is
    /// refused (one error line naming the setting), never overwritten.
    #[arg(long, value_name = "DIR", value_parser = queensat::io::output_folder_path)]
    pub cache: Option<PathBuf>,
    /// With --table and --cache: compute nothing, report sizes missing from the cache.
    #[arg(long, requires = "cache", requires = "table")]
    pub cached_only: bool,
    #[command(flatten)]
    pub shard: ShardArgs,
    #[command(flatten)]
    pub cube_dir: CubeDirArgs,
    #[command(flatten)]
    pub split: RowCubeArgs,
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
    let time_limit = a.time_limit.time_limit;
    let opts = ArmyOptions {
        encoding: a.encoding,
        backend: a.solver.backend_within(time_limit),
        unique: a.unique || (a.table && !a.no_count),
        count_limit: a.count_seconds,
        time_limit,
        symmetry_breaking: a.symmetry.breaking(),
        certify: a.certify.target(),
    };
    if a.shard.shard.is_some() && !a.table && a.cube_dir.cube_dir.is_none() {
        bail!("--shard splits a --table or a --cube-dir run, not one board's search");
    }
    if let Some(dir) = &a.cube_dir.cube_dir {
        let opts = ArmyOptions {
            backend: a.solver.for_cubes(),
            ..opts
        };
        let ask = ArmyCubeAsk {
            board: a.board.load()?.board,
            cut: a.split.cut(&a.certify)?,
        };
        let run = |shard, progress: &Reporter| armies_in_cubes(&ask, &opts, dir, shard, progress);
        return run_cubes(&a.split.cubes, &a.shard, &a.report, "armies", dir, run);
    }
    let (text, outcome) = if a.table {
        if a.board.has_cells() {
            bail!("--table takes board sizes only (no grid file, walls or holes)");
        }
        if a.report.json() {
            bail!("--format json: --table makes a Markdown table (one board's report is JSON)");
        }
        let t = ArmyTableOptions {
            armies: opts,
            cache: a.cache.as_deref(),
            cached_only: a.cached_only,
            brute: a.brute,
            shard: a.shard.shard,
        };
        army_table_run(&a.board.shape.shapes()?, &t, &a.report.progress.reporter())?
    } else {
        let board = a.board.load()?.board;
        army_board_run(&board, &opts, a.cache.as_deref(), a.report.json())?
    };
    a.report.proof.check(!outcome.unchecked)?;
    a.output.emit(&text)?;
    // 1 when a checker rejected a certificate, as for `value --certify`; a stop signal that
    // cut an enumeration short (its count "at least") still gives the signal's code.
    Ok(if outcome.refuted {
        1
    } else {
        stopped_exit_code(outcome.stopped || stop_requested())
    })
}
