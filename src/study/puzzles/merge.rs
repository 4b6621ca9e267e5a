//! A merge of a puzzle run's shards: the run again with the shards' chunks read back (and
//! re-checked) and none computed, so its answer is the one an unsharded run gives.

use super::puzzle::PuzzleReport;
use super::run::{PuzzleRun, find_puzzles_in};
use super::spec::PuzzleSpec;
use crate::board::Board;
use crate::run::Reporter;
use crate::study::chunked_run::RunKind;
use crate::with_cell_width;
use anyhow::Context;
use std::path::{Path, PathBuf};

/// Assembles the shard directories of one puzzle run (each finished) into the whole answer;
/// `dir` keeps the spec so the result can be resumed or merged again.
pub fn merge_puzzles(dirs: &[PathBuf], dir: &Path, progress: Reporter) -> anyhow::Result<PuzzleReport> {
    let spec: PuzzleSpec = RunKind::Puzzles.common_spec(dirs)?;
    let opts = spec.options(dir, progress)?;
    // The spec is read back: what the command line refuses is refused here too.
    let spec_file = || dirs[0].join(RunKind::Puzzles.spec_file()).display().to_string();
    Board::new(opts.rows, opts.cols).with_context(spec_file)?;
    anyhow::ensure!(
        opts.chunk_size > 0 && opts.limit != Some(0),
        "{}: a puzzle run of chunks of {} classes, limit {}, is not one queensat makes",
        spec_file(),
        opts.chunk_size,
        opts.limit.map_or("none".into(), |l| l.to_string())
    );
    crate::io::new_dir_or_nothing(dir, || {
        let store = RunKind::Puzzles.open(dir, &spec)?.reading_from(dirs);
        match with_cell_width!(opts.rows * opts.cols, W => find_puzzles_in::<W>(&opts, Some(&store), false))?
        {
            PuzzleRun::Report(r) => Ok(*r),
            PuzzleRun::ShardFinished { .. } => {
                unreachable!("a merge computes nothing, so it misses nothing silently")
            }
            PuzzleRun::Stopped(..) => Err(crate::run::interrupt::Interrupted.into()),
        }
    })
}
