//! The classes of every wall count of a sweep, cut into chunks of the spec's size. Invariant:
//! the classes are listed in ascending order of their least-image mask, so a chunk's classes,
//! and hence its rows, depend only on the spec and the chunk's place.

use super::spec::SweepSpec;
use crate::board::{CellSet, WallClasses};
use crate::study::chunked_run::ChunkId;

/// The classes of every wall count of the spec, and their chunks.
pub(super) struct Plan<const W: usize> {
    pub ws: WallClasses<W>,
    /// `(k, classes of k)`.
    pub classes: Vec<(usize, Vec<CellSet<W>>)>,
    /// Every chunk, wall count by wall count (a shard takes them round robin over all).
    pub chunks: Vec<ChunkId>,
}

impl<const W: usize> Plan<W> {
    /// The plan of a sweep: its classes listed, and cut into chunks.
    pub fn new(spec: &SweepSpec) -> anyhow::Result<Plan<W>> {
        let ws = WallClasses::<W>::new(spec.rows, spec.cols)?;
        let mut classes = Vec::new();
        let mut chunks = Vec::new();
        for &k in &spec.walls {
            let list = ws.classes_within_limit(k)?;
            for j in 0..list.len().div_ceil(spec.chunk_size) {
                let first = j * spec.chunk_size;
                chunks.push(ChunkId {
                    walls: k,
                    chunk: j,
                    first,
                    len: (list.len() - first).min(spec.chunk_size),
                });
            }
            classes.push((k, list));
        }
        Ok(Plan { ws, classes, chunks })
    }

    /// The classes of chunk `id`.
    pub fn masks(&self, id: &ChunkId) -> &[CellSet<W>] {
        let (_, list) = self
            .classes
            .iter()
            .find(|(k, _)| *k == id.walls)
            .expect("a chunk of the plan has its wall count's classes");
        &list[id.first..id.first + id.len]
    }
}
