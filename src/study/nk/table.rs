//! A table of N+k counts: every side `n` and wall count `k` asked for, each counted by every
//! method asked for, one run directory per count under one root.

use super::{NkMethod, NkOptions, NkReport, NkSpec, check_request, count_nk};
use crate::study::Counts;
use crate::study::chunk_store::{ChunkRun, StoppedRun};
use anyhow::bail;
use std::path::{Path, PathBuf};

/// What a table of counts asks for, checked by [`count_table`] before the first count.
#[derive(Clone, Debug, serde::Serialize)]
pub struct NkTableSpec {
    pub sizes: Counts,
    pub walls: Counts,
    /// Each count is made by every one of these, and the counts compared.
    pub methods: Vec<NkMethod>,
    /// `rows`: the mirror reduction, and on which half of row 0.
    pub mirror: bool,
    pub mirror_right: bool,
    pub depth: usize,
    pub chunk: usize,
    /// Where each count's directory `NxN-Kw-METHOD` goes.
    #[serde(rename = "output")]
    pub root: PathBuf,
    /// Whether the classes with placements are wanted (a per-class method must be asked).
    pub classes: bool,
}

impl NkTableSpec {
    /// Refuses what no count could answer: classes from the row counter alone, a side out of
    /// range, walls that fit no board of the table.
    fn check(&self) -> anyhow::Result<()> {
        if self.classes && !self.methods.iter().any(|&m| m != NkMethod::Rows) {
            bail!("--classes needs --method classes or sat (the row counter knows no classes)");
        }
        check_request(&self.sizes, &self.walls)
    }
}

/// What happened to one count, told as it happens.
pub enum NkEvent<'a> {
    /// A shard of the count finished its chunks in `dir`.
    ShardFinished { spec: &'a NkSpec, dir: &'a Path },
    /// A stop signal ended the count; the counts after it are not begun.
    Stopped {
        spec: &'a NkSpec,
        stopped: &'a StoppedRun,
    },
    /// The whole count.
    Whole(&'a NkReport),
}

/// How a table run ended: each `(n, k)` counted whole with its counts (one per method), the
/// counts whose shard finished (with their directories), and the count a stop signal ended
/// (the counts after it not begun).
#[derive(Debug, Default)]
pub struct NkTableRun {
    pub groups: Vec<Vec<NkReport>>,
    pub shards: Vec<(NkSpec, PathBuf)>,
    pub stopped: Option<(NkSpec, StoppedRun)>,
}

/// Counts every cell of the table in order (sizes, then walls, then methods), telling `each`
/// what happened to each count as it happens.
pub fn count_table(
    table: &NkTableSpec,
    opts: &NkOptions,
    mut each: impl FnMut(NkEvent) -> anyhow::Result<()>,
) -> anyhow::Result<NkTableRun> {
    table.check()?;
    let mut run = NkTableRun::default();
    for n in table.sizes.iter() {
        for k in table.walls.iter() {
            let mut group = Vec::new();
            for &method in &table.methods {
                let spec = NkSpec {
                    n,
                    k,
                    method,
                    mirror: table.mirror,
                    mirror_right: table.mirror_right,
                    depth: table.depth,
                    chunk: table.chunk,
                };
                let dir = table.root.join(spec.dir_name());
                match count_nk(&spec, opts, &dir)? {
                    ChunkRun::ShardFinished => {
                        each(NkEvent::ShardFinished {
                            spec: &spec,
                            dir: &dir,
                        })?;
                        run.shards.push((spec, dir));
                    }
                    ChunkRun::Stopped(stopped) => {
                        each(NkEvent::Stopped {
                            spec: &spec,
                            stopped: &stopped,
                        })?;
                        if !group.is_empty() {
                            run.groups.push(group);
                        }
                        run.stopped = Some((spec, stopped));
                        return Ok(run);
                    }
                    ChunkRun::Whole(r) => {
                        each(NkEvent::Whole(&r))?;
                        group.push(r);
                    }
                }
            }
            if !group.is_empty() {
                run.groups.push(group);
            }
        }
    }
    Ok(run)
}
