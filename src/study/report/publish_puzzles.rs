//! A puzzle run from its options to its written answer: the search (or the merge of its
//! shards), the puzzles put in output order and re-checked, the comparison with a published
//! list, and the folder's files and the page, all written or none.

use super::puzzles::{comparison_text, page_data, puzzle_files, puzzle_summary};
use crate::engine::ValueOptions;
use crate::io::command_json;
use crate::io::{ClaimRow, PublishedFormat, parse_published_as, plural, puzzle_page, write_all_atomic};
use crate::run::interrupt::{finished_exit_code, stopped_exit_code};
use crate::run::stdout::write_stdout;
use crate::run::{Provenance, Reporter, Shard};
use crate::study::chunk_store::{shard_finished_line, stopped_line};
use crate::study::counts::Counts;
use crate::study::puzzles::{
    Comparison, PuzzleOptions, PuzzleReport, PuzzleRun, compare_published, find_puzzles, merge_puzzles,
};
use std::path::{Path, PathBuf};

/// What a finished run writes besides what it prints.
#[derive(Clone, Debug, Default)]
pub struct PuzzleOutputs {
    /// The page to play the puzzles.
    pub html: Option<PathBuf>,
    /// A published list `[[walls, value], ...]` read before the run (a bad file fails before
    /// a long run), and the file it came from.
    pub compare: Option<(PathBuf, Vec<ClaimRow>)>,
}

impl PuzzleOutputs {
    /// The outputs asked for, the published list `compare` read (and checked) now.
    pub fn new(html: Option<PathBuf>, compare: Option<PathBuf>) -> anyhow::Result<PuzzleOutputs> {
        let compare = match compare {
            Some(path) => {
                let text = crate::io::read_input(&path, "")?;
                let name = path.display().to_string();
                let list = parse_published_as(&name, &text, PublishedFormat::PuzzleList)?;
                Some((path, list))
            }
            None => None,
        };
        Ok(PuzzleOutputs { html, compare })
    }
}

/// A finished run's answer: the puzzles in output order, the comparison if one was asked,
/// and the provenance its files carry.
#[derive(Debug)]
pub struct Published {
    pub report: PuzzleReport,
    pub comparison: Option<Comparison>,
    pub compare_path: Option<PathBuf>,
    pub provenance: Provenance,
    /// Whether the puzzles' files went to a folder (the text then leaves the list out).
    pub to_dir: bool,
}

/// What a finished run prints: the summary (with the list of puzzles when no folder holds
/// them), then the comparison's summary when there is one.
pub fn published_text(p: &Published) -> String {
    let mut s = puzzle_summary(&p.report, &p.provenance, !p.to_dir);
    if let Some(c) = &p.comparison {
        s.push_str(&comparison_text(
            c,
            p.compare_path.as_deref(),
            &p.provenance,
            false,
        ));
    }
    s
}

/// How a puzzle run ended.
#[derive(Debug)]
pub enum PuzzlesOutcome {
    /// The whole answer, written.
    Published(Box<Published>),
    /// A shard finished its chunks; `queensat merge` assembles the shards.
    ShardFinished {
        shard: Shard,
        computed: usize,
        resumed: usize,
    },
    /// A stop signal ended the run: the puzzles found before it, in output order and written
    /// nowhere (they are not the whole answer), and how many chunks it finished (they wait in
    /// `opts.dir`).
    Stopped(Box<PuzzleReport>, usize),
}

/// Prints how a puzzle run into `dir` ended (text or JSON) and gives its exit code: 1 when
/// the compared list has a refuted entry (as `verify` and `sweep-compare`); a shard says that
/// `merge` joins the shards; a stopped run prints the puzzles found before the stop (never
/// written as if they were the whole answer) and says on stderr where its chunks wait.
pub fn print_puzzles(outcome: &PuzzlesOutcome, dir: Option<&Path>, json: bool) -> anyhow::Result<i32> {
    let line = |text: String| write_stdout(format!("{text}\n").as_bytes());
    match outcome {
        PuzzlesOutcome::Published(p) => {
            match json {
                true => line(command_json("puzzles", &p.report)?)?,
                false => write_stdout(published_text(p).as_bytes())?,
            }
            if p.comparison.as_ref().is_some_and(|c| c.refuted() > 0) {
                return Ok(1);
            }
            // A stop signal that came while the files were written, the last step.
            Ok(finished_exit_code("the writing of the puzzles' files"))
        }
        // A shard's folder is its --output (a shard needs one).
        PuzzlesOutcome::ShardFinished { shard, .. } => {
            let said = shard_finished_line("puzzles", *shard, dir.unwrap_or(Path::new("")));
            match json {
                true => eprintln!("{said}"),
                false => line(said)?,
            }
            Ok(0)
        }
        PuzzlesOutcome::Stopped(report, finished) => {
            match json {
                true => line(command_json("puzzles", report)?)?,
                false => write_stdout(puzzle_summary(report, &Provenance::now(), true).as_bytes())?,
            }
            if let Some(dir) = dir {
                eprintln!("{}", chunks_kept_note(*finished, dir));
            }
            Ok(stopped_exit_code(true))
        }
    }
}

/// The note (on stderr) of a stopped run that kept its `finished` chunks in `dir`, in the
/// words of every chunked run.
pub fn chunks_kept_note(finished: usize, dir: &Path) -> String {
    let how_far = format!(
        "{} finished, kept in {}",
        plural(finished, "chunk", "chunks"),
        dir.display()
    );
    stopped_line("puzzles", &how_far)
}

/// The title of a run's page.
fn title(rows: usize, cols: usize, walls: &Counts) -> String {
    format!("queensat puzzles: {rows}x{cols}, {} walls", walls.describe("-"))
}

/// Finds the puzzles `opts` asks for and writes them (`opts.dir`, `out.html`).
pub fn run_puzzles(opts: &PuzzleOptions, out: &PuzzleOutputs) -> anyhow::Result<PuzzlesOutcome> {
    Ok(match find_puzzles(opts)? {
        PuzzleRun::Report(r) => {
            let title = title(opts.rows, opts.cols, &opts.walls);
            let published = publish(*r, opts.dir.as_deref(), out, &opts.value, &title)?;
            PuzzlesOutcome::Published(Box::new(published))
        }
        PuzzleRun::ShardFinished { computed, resumed } => PuzzlesOutcome::ShardFinished {
            shard: opts.shard,
            computed,
            resumed,
        },
        PuzzleRun::Stopped(r, finished) => PuzzlesOutcome::Stopped(Box::new(r.for_output()?), finished),
    })
}

/// Merges the shard directories of one puzzle run into `out` and writes the files of an
/// unsharded run with `--output OUT`.
pub fn merge_and_publish(dirs: &[PathBuf], out: &Path, progress: Reporter) -> anyhow::Result<Published> {
    let report = merge_puzzles(dirs, out, progress)?;
    let walls = Counts::range(report.walls_min, report.walls_max);
    let title = title(report.rows, report.cols, &walls);
    let none = PuzzleOutputs::default();
    publish(report, Some(out), &none, &ValueOptions::default(), &title)
}

/// Puts the puzzles in output order (re-checked), compares them with the published list if
/// given, and writes the folder's files and the page: all, or none.
fn publish(
    report: PuzzleReport,
    dir: Option<&Path>,
    out: &PuzzleOutputs,
    value: &ValueOptions,
    title: &str,
) -> anyhow::Result<Published> {
    let report = report.for_output()?;
    let comparison = match &out.compare {
        Some((_, list)) => Some(compare_published(list, &report, value)?),
        None => None,
    };
    let compare_path = out.compare.as_ref().map(|(p, _)| p.clone());
    let provenance = Provenance::now();
    let mut files = match dir {
        Some(dir) => puzzle_files(
            dir,
            &report,
            comparison.as_ref(),
            compare_path.as_deref(),
            &provenance,
        )?,
        None => Vec::new(),
    };
    if let Some(file) = &out.html {
        let data = serde_json::to_string(&page_data(&report.puzzles))?;
        // The engine by the name its report gives it, as the page read back from one gets it.
        let method = report.engine.name();
        files.push((file.clone(), puzzle_page(title, method, &data).into_bytes()));
    }
    write_all_atomic(&files)?;
    // A comparison an earlier run left is not of these results: without --compare, gone.
    if let (Some(dir), None) = (dir, &comparison) {
        for ext in ["md", "json", "csv"] {
            let stale = dir.join(format!("comparison.{ext}"));
            match std::fs::remove_file(&stale) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    anyhow::bail!("cannot remove the earlier run's {}: {e}", stale.display())
                }
                _ => {}
            }
        }
    }
    Ok(Published {
        report,
        comparison,
        compare_path,
        provenance,
        to_dir: dir.is_some(),
    })
}
