//! `queensat puzzles`: interesting puzzles, their counts, the comparison with the published
//! list, and a page to play them.

use super::args::{Format, ValueSearchArgs};
use super::progress::ProgressArgs;
use super::shape_args::ShapeArgs;
use clap::Args;
use queensat::board::Board;
use queensat::engine::{Provenance, Shard};
use queensat::io::{PublishedFormat, parse_published_as, puzzle_page, write_all_atomic};
use queensat::study::Counts;
use queensat::study::puzzles::{
    PuzzleOptions, PuzzleReport, PuzzleRun, compare_published, find_puzzles, merge_puzzles,
};
use queensat::study::report::command_json;
use queensat::study::report::{comparison_text, page_data, puzzle_files, puzzle_summary};
use queensat::study::sweep::Engine;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Numbers of walls to report: `K`, `A..B` (inclusive) or `a,b`.
    #[arg(long, default_value = "2..4", value_name = "K")]
    pub walls: Counts,
    /// Report only puzzles of at least this value; boards whose upper bound is lower are
    /// not solved.
    #[arg(long, default_value_t = 0)]
    pub min_value: usize,
    /// Stop after this many puzzles.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Write puzzles.json, puzzles.csv and summary.md (and the comparison) into DIR, and keep
    /// the finished chunks there: a re-run into DIR resumes.
    #[arg(short = 'o', long, alias = "out", value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Compute only shard I of N of the last wall count (every shard computes the levels
    /// below); needs --output; assemble the shards with `queensat merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Classes per chunk: the unit of work, of resuming and of sharding.
    #[arg(long, default_value_t = 4096, value_parser = super::args::at_least_one)]
    pub chunk: usize,
    /// Write a self-contained page to play the puzzles.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Compare with a published list `[[walls, value], ...]` (64-bit layout).
    #[arg(long, value_name = "FILE")]
    pub compare: Option<PathBuf>,
    /// How each class's value and a puzzle's uniqueness are proved: `tree`, the branch and
    /// bound's search trees replayed by the checker (no solver); `reuse`, SAT (one solver per
    /// worker for the values, an UNSAT second-solution query per candidate)
    #[arg(long, default_value = "tree", value_parser = puzzle_engine())]
    pub engine: Engine,
    #[command(flatten)]
    pub value: ValueSearchArgs,
    #[command(flatten)]
    pub progress: ProgressArgs,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

/// The engines a puzzle run can use: a new solver per board would not keep the uniqueness
/// query's solver, so `rebuild` is not among them.
fn puzzle_engine() -> impl clap::builder::TypedValueParser<Value = Engine> {
    use clap::builder::TypedValueParser as _;
    use queensat::choice::Choice as _;
    clap::builder::PossibleValuesParser::new(["tree", "reuse"])
        .map(|s: String| Engine::from_choice_name(&s).expect("a listed engine"))
}

pub fn run(a: PuzzlesArgs) -> anyhow::Result<i32> {
    let (rows, cols) = a.shape.shape()?;
    Board::new(rows, cols)?;
    // Read the published list first: a bad file should fail before a long run.
    let published = match &a.compare {
        Some(path) => {
            let text = super::input::read_text(path, "")?;
            Some(parse_published_as(
                &path.display().to_string(),
                &text,
                PublishedFormat::PuzzleList,
            )?)
        }
        None => None,
    };
    let value = a.value.options();
    let opts = PuzzleOptions {
        rows,
        cols,
        walls: a.walls.clone(),
        min_value: a.min_value,
        limit: a.limit.map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
        engine: a.engine,
        value: value.clone(),
        progress: a.progress.reporter(),
        chunk_size: a.chunk,
        dir: a.output.clone(),
        shard: a.shard.unwrap_or(Shard::ALL),
    };
    let report = match find_puzzles(&opts)? {
        PuzzleRun::Report(r) => *r,
        PuzzleRun::ShardFinished { computed, resumed } => {
            let shard = opts.shard;
            eprintln!(
                "queensat: puzzles shard {}/{} finished: {computed} chunks computed, {resumed} resumed; \
                 run `queensat merge` on the shard directories",
                shard.index, shard.count
            );
            return Ok(0);
        }
        PuzzleRun::Stopped(r) => return stopped(*r, a.format, a.output.as_deref()),
    };
    let title = format!("queensat puzzles: {rows}x{cols}, {} walls", a.walls.describe("-"));
    let options = Emit {
        dir: a.output.as_deref(),
        html: a.html.as_deref(),
        title: &title,
        format: a.format,
    };
    emit(
        report,
        published.as_deref(),
        a.compare.as_deref(),
        &value,
        &options,
    )
}

/// A run a stop signal ended: the puzzles found before it, printed (never written as if they
/// were the whole answer), and where the finished chunks wait for a rerun.
fn stopped(report: PuzzleReport, format: Format, dir: Option<&std::path::Path>) -> anyhow::Result<i32> {
    let report = report.for_output()?;
    match format {
        Format::Json => println!("{}", command_json("puzzles", &report)?),
        Format::Text => print!("{}", puzzle_summary(&report, &Provenance::now(), true)),
    }
    if let Some(dir) = dir {
        eprintln!(
            "queensat: the finished chunks are kept in {}; run the same command again to resume",
            dir.display()
        );
    }
    Ok(queensat::engine::interrupt::stopped_exit_code(true))
}

/// Where and how a finished run is written.
pub(super) struct Emit<'a> {
    pub dir: Option<&'a std::path::Path>,
    pub html: Option<&'a std::path::Path>,
    pub title: &'a str,
    pub format: Format,
}

/// Puts the puzzles in output order (re-checked), compares with a published list if given,
/// and writes the files, the page and the summary.
pub(super) fn emit(
    report: PuzzleReport,
    published: Option<&[queensat::io::ClaimRow]>,
    compare: Option<&std::path::Path>,
    value: &queensat::engine::ValueOptions,
    e: &Emit,
) -> anyhow::Result<i32> {
    let report = report.for_output()?;
    let comparison = match published {
        Some(list) => Some(compare_published(list, &report, value)?),
        None => None,
    };
    let prov = Provenance::now();
    // The folder's files and the page: all written, or none.
    let mut files = match e.dir {
        Some(dir) => puzzle_files(dir, &report, comparison.as_ref(), compare, &prov)?,
        None => Vec::new(),
    };
    if let Some(file) = e.html {
        let data = serde_json::to_string(&page_data(&report.puzzles))?;
        files.push((file.to_path_buf(), puzzle_page(e.title, &data).into_bytes()));
    }
    write_all_atomic(&files)?;
    match e.format {
        Format::Json => outln!("{}", command_json("puzzles", &report)?)?,
        Format::Text => {
            out!("{}", puzzle_summary(&report, &prov, e.dir.is_none()))?;
            if let Some(c) = &comparison {
                out!("{}", comparison_text(c, compare, &prov, false))?;
            }
        }
    }
    Ok(0)
}

/// `queensat merge` on the shard directories of a puzzle run: the files of an unsharded run
/// with `--output OUT`.
pub(super) fn run_merge(
    dirs: &[PathBuf],
    out: &std::path::Path,
    progress: queensat::engine::Reporter,
) -> anyhow::Result<i32> {
    let report = merge_puzzles(dirs, out, progress)?;
    let title = format!(
        "queensat puzzles: {}x{}, {} walls",
        report.rows,
        report.cols,
        Counts::range(report.walls_min, report.walls_max).describe("-")
    );
    let value = queensat::engine::ValueOptions::default();
    let options = Emit {
        dir: Some(out),
        html: None,
        title: &title,
        format: Format::Text,
    };
    emit(report, None, None, &value, &options)
}
