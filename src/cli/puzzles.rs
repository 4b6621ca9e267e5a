//! `queensat puzzles`: interesting puzzles, their counts, the comparison with the published
//! list, and a page to play them.

use super::args::{FormatArgs, ValueSearchArgs};
use super::progress::ProgressArgs;
use super::run_args::ChunkedRunArgs;
use super::shape_args::{ShapeArgs, WallCountsArgs};
use clap::Args;
use queensat::board::Board;
use queensat::study::puzzles::{DEFAULT_CHUNK, ENGINES, PuzzleOptions};
use queensat::study::report::{PuzzleOutputs, print_puzzles, run_puzzles};
use queensat::study::sweep::Engine;
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(
    mut_arg("walls", |a| a.required(false).default_value("2..4")),
    mut_arg("solver", super::args::solver_without_limit)
)]
pub struct PuzzlesArgs {
    #[command(flatten)]
    pub shape: ShapeArgs,
    #[command(flatten)]
    pub walls: WallCountsArgs,
    /// Report only puzzles of at least this value; boards whose upper bound is lower are
    /// not solved.
    #[arg(long, default_value_t = 0)]
    pub min_value: usize,
    /// Stop after this many puzzles.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    #[command(flatten)]
    pub run: ChunkedRunArgs,
    /// Write a self-contained page to play the puzzles.
    #[arg(long, value_name = "FILE", value_parser = queensat::io::output_file_path)]
    pub html: Option<PathBuf>,
    /// Compare with a published list (exit 1 when it refutes an entry).
    ///
    /// Compare with a published list `[[walls, value], ...]` (64-bit layout); exit 1 when
    /// the comparison refutes an entry (a value that differs, a repeated class, not unique,
    /// not minimal, malformed), as verify and sweep-compare do. Without it, a run with
    /// --output removes the comparison files an earlier run left in the folder.
    #[arg(long, value_name = "FILE")]
    pub compare: Option<PathBuf>,
    /// How values and uniqueness are proved: search trees or SAT.
    ///
    /// How each class's value and a puzzle's uniqueness are proved: `tree`, the branch and
    /// bound's search trees replayed by the checker (no solver); `reuse`, SAT (one solver per
    /// worker for the values, an UNSAT second-solution query per candidate)
    #[arg(long, default_value_t = ENGINES[0], value_parser = puzzle_engine())]
    pub engine: Engine,
    #[command(flatten)]
    pub value: ValueSearchArgs,
    #[command(flatten)]
    pub progress: ProgressArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

/// The engines a puzzle run can use: a new solver per board would not keep the uniqueness
/// query's solver, so `rebuild` is not among them.
fn puzzle_engine() -> impl clap::builder::TypedValueParser<Value = Engine> {
    use clap::builder::TypedValueParser as _;
    use queensat::choice::Choice as _;
    clap::builder::PossibleValuesParser::new(ENGINES.map(|e| e.name()))
        .map(|s: String| Engine::from_choice_name(&s).expect("a listed engine"))
}

pub fn run(a: PuzzlesArgs) -> anyhow::Result<i32> {
    let (rows, cols) = a.shape.shape()?;
    Board::new(rows, cols)?;
    // Read the published list first: a bad file should fail before a long run.
    let outputs = PuzzleOutputs::new(a.html, a.compare)?;
    let opts = PuzzleOptions {
        rows,
        cols,
        walls: a.walls.walls,
        min_value: a.min_value,
        limit: a.limit.map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
        engine: a.engine,
        value: a.value.options()?,
        progress: a.progress.reporter(),
        chunk_size: a.run.chunk_or(DEFAULT_CHUNK),
        shard: a.run.shard.or_all(),
        dir: a.run.output,
    };
    let outcome = run_puzzles(&opts, &outputs)?;
    print_puzzles(&outcome, opts.dir.as_deref(), a.format.json())
}
