//! What a puzzle run is asked for (`PuzzleOptions`) and the part of it that its results
//! depend on (`PuzzleSpec`), which is stored with the chunks: two runs' chunks mix only when
//! their specs agree, and a merge rebuilds the options from the spec alone.

use crate::encode::{Amo, BaseOptions, CountMode};
use crate::engine::{Search, ValueOptions};
use crate::run::{Reporter, Shard};
use crate::study::counts::Counts;
use crate::study::sweep::Engine;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// What to look for.
#[derive(Clone, Debug)]
pub struct PuzzleOptions {
    pub rows: usize,
    pub cols: usize,
    /// Numbers of walls whose puzzles are reported (smaller levels are still computed).
    pub walls: Counts,
    /// Report only puzzles of at least this value (boards whose upper bound is lower are not
    /// solved at all).
    pub min_value: usize,
    /// Stop after this many puzzles (in enumeration order); the level where the limit is
    /// reached is then marked incomplete unless it was finished, and later levels are skipped.
    pub limit: Option<usize>,
    /// How values and uniqueness are proved: search trees replayed by the checker (`Tree`), or
    /// SAT (`Reuse`: one solver per worker for values, an UNSAT second-solution query each).
    pub engine: Engine,
    pub value: ValueOptions,
    /// Hears how far each level got.
    pub progress: Reporter,
    /// Classes per chunk: the unit of work, of resuming and of sharding.
    pub chunk_size: usize,
    /// Where finished chunks are kept (`DIR/chunks/`, with the run's spec in
    /// `DIR/puzzles-run.json`): a re-run resumes from them. `None`: nothing is kept.
    pub dir: Option<PathBuf>,
    /// Which chunks of the last level this run computes (every lower level is computed by
    /// every shard: the levels below cost a fraction of the last, and each shard needs them).
    pub shard: Shard,
}

impl PuzzleOptions {
    /// What the results depend on, as stored with the chunks.
    pub(super) fn spec(&self) -> PuzzleSpec {
        PuzzleSpec {
            rows: self.rows,
            cols: self.cols,
            walls: self.walls.clone(),
            min_value: self.min_value,
            limit: self.limit,
            chunk_size: self.chunk_size,
            solver: self.value.backend.name().to_string(),
            amo: self.value.base.amo,
            count: self.value.base.count,
            search: self.value.search,
            engine: self.engine,
        }
    }
}

/// What a puzzle run computes: the chunks of two runs mix only when these agree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleSpec {
    pub rows: usize,
    pub cols: usize,
    pub walls: Counts,
    pub min_value: usize,
    pub limit: Option<usize>,
    pub chunk_size: usize,
    pub solver: String,
    pub amo: Amo,
    pub count: CountMode,
    pub search: Search,
    /// Absent from runs made before trees proved puzzles: those were SAT's.
    #[serde(default = "reuse_engine")]
    pub engine: Engine,
}

impl PuzzleSpec {
    /// The options of a run that writes into `dir` with this spec, unsharded: the inverse of
    /// [`PuzzleOptions::spec`] (the rest of the value options at their defaults). Refused when
    /// the solver is not one queensat knows.
    pub(super) fn options(&self, dir: &std::path::Path, progress: Reporter) -> anyhow::Result<PuzzleOptions> {
        let value = ValueOptions {
            base: BaseOptions {
                amo: self.amo,
                count: self.count,
            },
            search: self.search,
            backend: self.solver.parse().map_err(|e: String| anyhow::anyhow!(e))?,
            ..ValueOptions::default()
        };
        let opts = PuzzleOptions {
            rows: self.rows,
            cols: self.cols,
            walls: self.walls.clone(),
            min_value: self.min_value,
            limit: self.limit,
            engine: self.engine,
            value,
            progress,
            chunk_size: self.chunk_size,
            dir: Some(dir.to_path_buf()),
            shard: Shard::ALL,
        };
        debug_assert_eq!(&opts.spec(), self);
        Ok(opts)
    }
}

/// Classes per chunk of a puzzle run unless told otherwise.
pub const DEFAULT_CHUNK: usize = 4096;

/// The engines a puzzle run can use, the default first: a new solver per board (`rebuild`)
/// would not keep the uniqueness query's solver.
pub const ENGINES: [Engine; 2] = [Engine::Tree, Engine::Reuse];

fn reuse_engine() -> Engine {
    Engine::Reuse
}
