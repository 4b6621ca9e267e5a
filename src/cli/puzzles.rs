//! `queensat puzzles`: interesting puzzles, their counts, the comparison with the published
//! list, and a page to play them.

use super::{Format, ProgressArgs, ShapeArgs, ValueSearchArgs};
use crate::analysis::puzzles::{PuzzleOptions, compare_published, find_puzzles};
use crate::analysis::report::{comparison_text, page_data, puzzle_summary, write_puzzle_files};
use crate::analysis::{Counts, Provenance};
use crate::board::Board;
use crate::check::check_placement;
use crate::io::{PublishedFormat, parse_published_as, puzzle_page, write_atomic};
use anyhow::Context;
use clap::Args;
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
    #[arg(long)]
    pub limit: Option<usize>,
    /// Write puzzles.json, puzzles.csv and summary.md (and the comparison) into DIR.
    #[arg(short = 'o', long, alias = "out", value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Write a self-contained page to play the puzzles.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Compare with a published list `[[walls, value], ...]` (64-bit layout).
    #[arg(long, value_name = "FILE")]
    pub compare: Option<PathBuf>,
    #[command(flatten)]
    pub value: ValueSearchArgs,
    #[command(flatten)]
    pub progress: ProgressArgs,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

pub fn run(a: PuzzlesArgs) -> anyhow::Result<i32> {
    let (rows, cols) = a.shape.shape()?;
    Board::new(rows, cols)?;
    // Read the published list first: a bad file should fail before a long run.
    let published = match &a.compare {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
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
        limit: a.limit,
        value: value.clone(),
        progress: a.progress.reporter(),
    };
    let mut report = find_puzzles(&opts)?;
    report
        .puzzles
        .sort_by(|x, y| (x.k(), x.value, x.bits, &x.walls).cmp(&(y.k(), y.value, y.bits, &y.walls)));
    // Every placement printed below is re-checked here, apart from the engine.
    for p in &report.puzzles {
        if let Err(e) = check_placement(&p.board(), &p.solution) {
            anyhow::bail!(
                "internal error: puzzle {:?} solution fails the checker: {e}",
                p.walls
            );
        }
    }
    let comparison = match &published {
        Some(list) => Some(compare_published(list, &report, &value)?),
        None => None,
    };
    let prov = Provenance::now();
    if let Some(dir) = &a.output {
        write_puzzle_files(dir, &report, comparison.as_ref(), a.compare.as_deref(), &prov)?;
    }
    if let Some(file) = &a.html {
        let data = serde_json::to_string(&page_data(&report.puzzles))?;
        let title = format!("queensat puzzles: {rows}x{cols}, {} walls", a.walls.describe("-"));
        write_atomic(file, puzzle_page(&title, &data).as_bytes())?;
    }
    match a.format {
        Format::Json => println!("{}", serde_json::to_string(&report)?),
        Format::Text => {
            print!("{}", puzzle_summary(&report, &prov, a.output.is_none()));
            if let Some(c) = &comparison {
                print!("{}", comparison_text(c, a.compare.as_deref(), &prov, false));
            }
        }
    }
    Ok(0)
}
