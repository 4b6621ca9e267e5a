//! `queensat sweep`, `queensat merge` and `queensat sweep-compare`.

use super::args::{Format, FormatArgs, OutputArgs, ReportArgs};
use super::choice::choice;
use super::run_args::{ChunkedRunArgs, ThreadsArgs};
use super::shape_args::{ShapeArgs, WallCountsArgs};
use clap::Args;
use queensat::run::{command_line, with_threads};
use queensat::study::report::{SweepCompareJson, command_json, merge_and_print, print_sweep_run};
use queensat::study::sweep::{
    DEFAULT_CHUNK, DEFAULT_SOLVER, Engine, RunOptions, Start, SweepSpec, compare_dirs, render_comparison,
    run_sweep,
};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct SweepArgs {
    #[command(flatten)]
    pub shape: ShapeArgs,
    #[command(flatten)]
    pub walls: WallCountsArgs,
    #[command(flatten)]
    pub run: ChunkedRunArgs,
    /// How each class's value is found and proved.
    #[arg(long, value_parser = choice::<Engine>(), default_value_t = Engine::default())]
    pub engine: Engine,
    /// Where each SAT search starts (`--engine reuse`).
    ///
    /// The branch and bound's optimum (then every class is also cross-checked) or a greedy
    /// placement. Either way the value rests on an UNSAT answer.
    #[arg(long, value_parser = choice::<Start>(), default_value_t = Start::default())]
    pub start: Start,
    /// SAT solver (of the SAT engines, and of the tree engine's cross-check).
    #[arg(long, default_value = DEFAULT_SOLVER)]
    pub solver: String,
    /// Also count each class's optimal placements.
    ///
    /// Also count each class's optimal placements (the tree engine: its counting trees,
    /// replayed by the checker; a SAT engine: enumeration, slow on big sweeps).
    #[arg(long)]
    pub count_optimal: bool,
    /// Prove every class's value a second way and compare.
    ///
    /// By the branch and bound for the SAT engines, by SAT (one UNSAT answer per class) for the
    /// tree engine. Chunks read back that their run did not cross-check are cross-checked as they
    /// are read.
    #[arg(long)]
    pub cross_check: bool,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    #[command(flatten)]
    pub report: ReportArgs,
}

pub fn run(a: SweepArgs) -> anyhow::Result<i32> {
    let (rows, cols) = a.shape.shape()?;
    let sweep = SweepSpec {
        rows,
        cols,
        walls: a.walls.walls.as_slice().to_vec(),
        chunk_size: a.run.chunk_or(DEFAULT_CHUNK),
        engine: a.engine,
        start: a.start,
        solver: a.solver,
        count_optimal: a.count_optimal,
    }
    .checked()?;
    let shard = a.run.shard.shard;
    let out = a.run.output.unwrap_or_else(|| sweep.spec().default_dir(shard));
    let opts = RunOptions {
        shard,
        cross_check: a.cross_check,
        progress: a.report.progress.reporter(),
        command: command_line(),
    };
    let ran = with_threads(a.threads.threads, || run_sweep(&sweep, &opts, &out))?;
    print_sweep_run(sweep.spec(), &out, shard, &ran, a.report.printing())
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Shard output directories of one sweep, puzzle run, N+k count or cube run (each directory
    /// says which).
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Where to write the merged database and summaries.
    #[arg(short = 'o', long, alias = "out", value_name = "DIR", value_parser = queensat::io::output_folder_path)]
    pub output: PathBuf,
    #[command(flatten)]
    pub report: ReportArgs,
}

pub fn run_merge(a: MergeArgs) -> anyhow::Result<i32> {
    merge_and_print(
        &a.dirs,
        &a.output,
        a.report.progress.reporter(),
        a.report.printing(),
    )
}

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Directory of an 8x8 sweep (its 8x8-Kw.jsonl files).
    ///
    /// Directory of an 8x8 sweep (with 8x8-Kw.jsonl files, each read back like input: every
    /// line checked, every class of K walls there once, or exit 2).
    pub sweep: PathBuf,
    /// Directory of the published files (K-W_boards.csv, KW_summary.txt).
    ///
    /// A file of a wall count the sweep has no 8x8-Kw.jsonl for is named as not compared (exit
    /// 1).
    pub published: PathBuf,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

/// Compares every wall count that both directories hold; exit 1 on any disagreement or any
/// published file not compared.
pub fn run_compare(a: CompareArgs) -> anyhow::Result<i32> {
    let comparison = compare_dirs(&a.sweep, &a.published)?;
    let agree = comparison.agrees();
    a.output.emit(&match a.format.format {
        Format::Text => render_comparison(&a.sweep, &a.published, &comparison),
        Format::Json => {
            let body = SweepCompareJson {
                sweep: &a.sweep,
                published: &a.published,
                agree,
                comparisons: &comparison.items,
                not_compared: &comparison.not_compared,
            };
            format!("{}\n", command_json("sweep-compare", &body)?)
        }
    })?;
    Ok(i32::from(!agree))
}
