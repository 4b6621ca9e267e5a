//! Running a sweep in chunks: resumable, shardable, mergeable.
//!
//! The classes of each wall count are listed in ascending order of their least-image mask and
//! cut into chunks of a fixed size (`plan`). A chunk is the unit of work and of solver reuse:
//! one solver evaluates the classes of a chunk in order (`compute`), so a chunk's rows depend
//! only on the chunk (not on threads, shards or earlier runs). Each finished chunk is written
//! whole to `OUT/chunks/` by rename; a re-run skips chunks already there (re-checking their
//! rows: `check`), and shard `i/n` takes chunk numbers `j ≡ i-1 (mod n)` (round robin over all
//! wall counts, so shards get similar work). Assembly (`assemble`: after an unsharded run, or
//! by `queensat merge`) reads the chunks back in order, so sharded and unsharded runs give
//! byte-identical databases.

use super::assemble::{Output, assemble};
use super::check::check_row;
use super::chunk::ChunkDoc;
use super::compute::{compute_chunk, cross_check_by_sat};
use super::evaluate::Engine;
use super::plan::Plan;
use super::spec::{CheckedSweep, SweepSpec};
use super::summary::{RunRecord, WallsSummary};
use crate::board::Board;
use crate::io::new_dir_or_nothing;
use crate::run::{Reporter, Shard, cpu_since, parallel, process_cpu_seconds};
use crate::solve::Backend;
use crate::study::chunk_store::ChunkRun;
use crate::study::chunked_run::{
    self, ChunkHeader, ChunkId, ChunkedRun, Chunks, RunKind, Tally, WholeRun, drive,
};
use crate::with_cell_width;
use anyhow::Context;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How a sweep runs (none of this changes its results).
pub struct RunOptions {
    pub shard: Option<Shard>,
    pub cross_check: bool,
    pub progress: Reporter,
    pub command: String,
}

/// How a sweep run ended: the summary of each wall count and the run's record, when whole.
pub type SweepRun = ChunkRun<(Vec<WallsSummary>, RunRecord)>;

/// Runs (or resumes) a sweep into `out`; assembles the database unless sharded or stopped,
/// and then returns the summary of each wall count.
pub fn run_sweep(sweep: &CheckedSweep, opts: &RunOptions, out: &Path) -> anyhow::Result<SweepRun> {
    let spec = &sweep.spec;
    with_cell_width!(spec.rows * spec.cols, W => run_sweep_in::<W>(sweep, opts, out))
}

fn run_sweep_in<const W: usize>(
    sweep: &CheckedSweep,
    opts: &RunOptions,
    out: &Path,
) -> anyhow::Result<SweepRun> {
    let started = Instant::now();
    let spec = &sweep.spec;
    let run = Sweep {
        spec,
        plan: Plan::<W>::new(spec)?,
        backend: sweep.backend.clone(),
        // A SAT engine's values on an external solver rest on its unchecked UNSAT answers: the
        // branch and bound checks them as they are found (a wrong answer stops the run, where
        // it was printed labelled and then refused on reading as a damaged chunk).
        cross_check: opts.cross_check || (spec.engine != Engine::Tree && !sweep.backend.checks_its_unsat()),
        output: Output {
            out,
            command: &opts.command,
            started,
            cross_on_reading: Default::default(),
        },
    };
    let store = RunKind::Sweep.open(out, spec)?;
    let shard = opts.shard.unwrap_or(Shard::ALL);
    let bar = &opts.progress;
    let (outcome, tally) = drive(&run, &store, shard, bar)?;
    match &outcome {
        // A shard's run says it finished on stdout (`shard_finished_line`), in one place.
        ChunkRun::ShardFinished => {}
        ChunkRun::Whole(_) => {
            let classes: usize = run.plan.classes.iter().map(|(_, l)| l.len()).sum();
            bar.note(|| {
                format!(
                    "queensat: {classes} classes of {}x{} boards in {:.1} s ({} of {} chunks resumed); see {}",
                    spec.rows,
                    spec.cols,
                    started.elapsed().as_secs_f64(),
                    tally.resumed,
                    tally.chunks,
                    out.join("summary.md").display()
                )
            });
        }
        ChunkRun::Stopped(_) => {}
    }
    Ok(outcome)
}

/// One sweep as a chunked run, with what assembling it writes.
struct Sweep<'a, const W: usize> {
    spec: &'a SweepSpec,
    plan: Plan<W>,
    backend: Backend,
    cross_check: bool,
    output: Output<'a>,
}

impl<const W: usize> ChunkedRun for Sweep<'_, W> {
    type Chunk = ChunkDoc;
    const ITEMS: &'static str = "rows";

    fn title(&self) -> String {
        format!("sweep {}x{}: classes", self.spec.rows, self.spec.cols)
    }

    fn plan(&self) -> &[ChunkId] {
        &self.plan.chunks
    }

    fn steps(&self, id: &ChunkId) -> u64 {
        id.len as u64
    }

    fn compute(&self, id: &ChunkId, tick: &(dyn Fn(u64) + Sync)) -> anyhow::Result<ChunkDoc> {
        compute_chunk(&self.plan, self.spec, &self.backend, id, self.cross_check, tick)
    }

    fn chunk_json(doc: &ChunkDoc) -> anyhow::Result<String> {
        Ok(doc.json())
    }

    fn header(doc: &ChunkDoc) -> ChunkHeader {
        ChunkHeader {
            walls: Some(doc.walls),
            chunk: doc.chunk,
            first: doc.first_class,
            len: doc.rows.len(),
        }
    }

    fn check(&self, id: &ChunkId, doc: &ChunkDoc, fresh: bool) -> Result<(), String> {
        // A chunk this process computed holds the rows `compute_chunk` made, each placement
        // checked and each value proved as it was found.
        if fresh {
            return Ok(());
        }
        let cpu = process_cpu_seconds();
        // On every thread: a stored row's value costs a branch and bound.
        let bad = parallel(|| {
            (doc.rows.rows().par_iter().zip(self.plan.masks(id)).enumerate()).find_map_first(|(i, (r, m))| {
                check_row(&self.plan, self.spec, r, m).err().map(|why| (i, why))
            })
        })
        .map_err(|e| e.to_string())?;
        if let Some((i, why)) = bad {
            return Err(format!("row {}: {why}", i + 1));
        }
        // --cross-check on a chunk its run did not cross-check: the check above compared each
        // row's value (and count) with the branch and bound's, a SAT engine's cross-check;
        // the tree engine's is SAT, asked here.
        if self.cross_check && doc.bnb_seconds.is_none() {
            let (bnb, sat) = match self.spec.engine {
                Engine::Tree => {
                    let shape = Board::new(self.spec.rows, self.spec.cols).map_err(|e| e.to_string())?;
                    let rows = doc.rows.rows();
                    let masks = self.plan.masks(id);
                    let (sat, _) = cross_check_by_sat(&self.plan, &self.backend, &shape, masks, &rows)
                        .map_err(|e| crate::run::one_line(&e))?;
                    (doc.tree_seconds.unwrap_or(0.0), sat)
                }
                _ => (cpu_since(cpu), doc.sat_seconds),
            };
            if let Ok(mut c) = self.output.cross_on_reading.lock() {
                *c = (c.0 + doc.rows.len() as u64, c.1 + bnb, c.2 + sat);
            }
        }
        Ok(())
    }
}

impl<const W: usize> WholeRun for Sweep<'_, W> {
    type Report = (Vec<WallsSummary>, RunRecord);

    fn assemble(&self, chunks: &mut Chunks<ChunkDoc>, tally: &Tally) -> anyhow::Result<Self::Report> {
        assemble(self.spec, &self.plan, &self.output, chunks, tally)
    }
}

/// Merges shard directories of one sweep into `out`; returns the sweep's spec (read from the
/// shards and checked), and the summary of each wall count with the run's record.
pub fn merge(
    dirs: &[PathBuf],
    out: &Path,
    command: &str,
) -> anyhow::Result<(SweepSpec, Vec<WallsSummary>, RunRecord)> {
    let started = Instant::now();
    let sweep = (RunKind::Sweep.common_spec::<SweepSpec>(dirs)?.checked())
        .with_context(|| dirs[0].join(RunKind::Sweep.spec_file()).display().to_string())?;
    let spec = &sweep.spec;
    let (sums, record) = with_cell_width!(spec.rows * spec.cols, W => {
        let run = Sweep {
            spec,
            plan: Plan::<W>::new(spec)?,
            backend: sweep.backend.clone(),
            cross_check: false,
            output: Output {
                out,
                command,
                started,
                cross_on_reading: Default::default(),
            },
        };
        new_dir_or_nothing(out, || {
            let store = RunKind::Sweep.open(out, spec)?.reading_from(dirs);
            chunked_run::merge(&run, &store)
        })
    })?;
    Ok((sweep.spec, sums, record))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::sweep::spec::tests::spec;

    #[test]
    fn a_checked_sweep_runs_whole_and_its_summaries_cover_every_board() {
        let dir = tempfile::tempdir().unwrap();
        let opts = RunOptions {
            shard: None,
            cross_check: false,
            progress: Reporter::silent(),
            command: "test".into(),
        };
        let (sums, _) = run_sweep(&spec().checked().unwrap(), &opts, dir.path())
            .unwrap()
            .whole()
            .unwrap();
        let boards: Vec<u64> = sums.iter().map(|w| w.boards).collect();
        assert_eq!(boards, [9, 36]);
    }
}
