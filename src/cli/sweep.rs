//! `queensat sweep`, `queensat merge` and `queensat sweep-compare`.

use super::args::{OutputArgs, ProofArgs};
use super::choice::choice;
use super::progress::ProgressArgs;
use super::shape_args::ShapeArgs;
use anyhow::bail;
use clap::Args;
use queensat::run::{Shard, command_line};
use queensat::study::Counts;
use queensat::study::chunk_store::ChunkRun;
use queensat::study::chunked_run::RunKind;
use queensat::study::sweep::{
    DEFAULT_CHUNK, DEFAULT_SOLVER, Engine, RunOptions, RunRecord, Start, SweepSpec, WallsSummary,
    compare_dirs, merge, render_comparison, run_sweep,
};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct SweepArgs {
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Wall counts: `3`, an inclusive range `0..4`, or a list `2,5`.
    #[arg(long, value_name = "K")]
    pub walls: Counts,
    /// Output directory (default: `sweep-RxC-Kw` in the current directory, with the options
    /// that change the rows appended). Re-running into it resumes.
    #[arg(short = 'o', long, alias = "out", value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Compute only shard I of N (chunks j with j mod N = I-1); merge with `queensat merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Classes per chunk: the unit of work, of resuming and of solver reuse.
    #[arg(long, default_value_t = DEFAULT_CHUNK, value_parser = super::args::at_least_one)]
    pub chunk: usize,
    /// How each class's value is found and proved.
    #[arg(long, value_parser = choice::<Engine>(), default_value_t = Engine::default())]
    pub engine: Engine,
    /// Where each SAT search starts (`--engine reuse`): the branch and bound's optimum (then
    /// every class is also cross-checked) or a greedy placement. Either way the value rests on
    /// an UNSAT answer.
    #[arg(long, value_parser = choice::<Start>(), default_value_t = Start::default())]
    pub start: Start,
    /// SAT solver (of the SAT engines, and of the tree engine's cross-check).
    #[arg(long, default_value = DEFAULT_SOLVER)]
    pub solver: String,
    /// Also count each class's optimal placements (the tree engine: its counting trees,
    /// replayed by the checker; a SAT engine: enumeration, slow on big sweeps).
    #[arg(long)]
    pub count_optimal: bool,
    /// Prove every class's value a second way and compare: by the branch and bound for the SAT
    /// engines, by SAT (one UNSAT answer per class) for the tree engine.
    #[arg(long)]
    pub cross_check: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub proof: ProofArgs,
    #[command(flatten)]
    pub progress: ProgressArgs,
}

pub fn run(a: SweepArgs) -> anyhow::Result<i32> {
    let (rows, cols) = a.shape.shape()?;
    queensat::board::Board::new(rows, cols)?;
    if a.walls.max() > rows * cols {
        bail!(
            "--walls: {} walls do not fit a {rows}x{cols} board",
            a.walls.max()
        );
    }
    a.solver
        .parse::<queensat::solve::Backend>()
        .map_err(|e| anyhow::anyhow!("--solver: {e}"))?;
    let spec = SweepSpec {
        rows,
        cols,
        walls: a.walls.as_slice().to_vec(),
        chunk_size: a.chunk,
        engine: a.engine,
        start: a.start,
        solver: a.solver,
        count_optimal: a.count_optimal,
    };
    if spec.count_optimal && spec.engine == Engine::Rebuild {
        bail!("--count-optimal needs --engine tree or reuse");
    }
    let out = a.output.unwrap_or_else(|| spec.default_dir(a.shard));
    let opts = RunOptions {
        shard: a.shard,
        cross_check: a.cross_check,
        progress: a.progress.reporter(),
        command: command_line(),
    };
    // A shard's run prints nothing: `merge` prints the whole.
    match super::threads::with_threads(a.threads, || run_sweep(&spec, &opts, &out))? {
        ChunkRun::Whole((sums, record)) => {
            a.proof.check(record.unchecked_by_external(&sums).is_none())?;
            print_run(&sums, &record)?;
        }
        ChunkRun::ShardFinished => {}
        ChunkRun::Stopped(s) => {
            outln!("{s}")?;
            return Ok(queensat::engine::interrupt::stopped_exit_code(true));
        }
    }
    Ok(0)
}

/// The summaries of a finished (or merged) sweep, and what of it rests on an external
/// solver's word.
fn print_run(sums: &[WallsSummary], record: &RunRecord) -> anyhow::Result<()> {
    print_summaries(sums)?;
    if let Some(what) = record.unchecked_by_external(sums) {
        outln!(
            "proof: {} for the {what} (--cross-check checks the values)",
            queensat::solve::UNCHECKED_UNSAT
        )?;
    }
    Ok(())
}

/// One line per wall count: classes, boards, the value distribution per board, the maximum.
fn print_summaries(sums: &[WallsSummary]) -> anyhow::Result<()> {
    for w in sums {
        let values: Vec<String> = w
            .values
            .iter()
            .map(|v| format!("{}:{}", v.value, v.boards))
            .collect();
        let mut line = format!(
            "{} walls: {} classes, {} boards, boards by value {}, max value {}",
            w.walls,
            w.classes,
            w.boards,
            values.join(" "),
            w.max_value
        );
        if let Some(n) = w.max_value_placements {
            line.push_str(&format!(
                ", {n} placements of {} queens over all boards",
                w.max_value
            ));
        }
        outln!("{line}")?;
    }
    Ok(())
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Shard output directories of one sweep, puzzle run or N+k count (each directory says
    /// which).
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Where to write the merged database and summaries.
    #[arg(short = 'o', long, alias = "out", value_name = "DIR")]
    pub output: PathBuf,
    #[command(flatten)]
    pub proof: ProofArgs,
    #[command(flatten)]
    pub progress: super::progress::ProgressArgs,
}

pub fn run_merge(a: MergeArgs) -> anyhow::Result<i32> {
    // The shards say what they are: each kind of run keeps its spec in its own file.
    match RunKind::of_dirs(&a.dirs)? {
        RunKind::Puzzles => super::puzzles::run_merge(&a.dirs, &a.output, a.progress.reporter()),
        RunKind::Nk => super::nk::run_merge(&a.dirs, &a.output),
        RunKind::Sweep => {
            let (sums, record) = merge(&a.dirs, &a.output, &command_line())?;
            a.proof.check(record.unchecked_by_external(&sums).is_none())?;
            print_run(&sums, &record)?;
            Ok(0)
        }
    }
}

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Directory of an 8x8 sweep (with 8x8-Kw.jsonl files).
    pub sweep: PathBuf,
    /// Directory of the published files (K-W_boards.csv, KW_summary.txt).
    pub published: PathBuf,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Compares every wall count that both directories hold; exit 1 on any disagreement.
pub fn run_compare(a: CompareArgs) -> anyhow::Result<i32> {
    let items = compare_dirs(&a.sweep, &a.published)?;
    a.output
        .emit(&render_comparison(&a.sweep, &a.published, &items))?;
    let disagree = items
        .iter()
        .any(|c| !c.value_disagreements.is_empty() || !c.placement_problems.is_empty());
    Ok(i32::from(disagree))
}
