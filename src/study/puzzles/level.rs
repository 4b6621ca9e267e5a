//! One level of a puzzle run (the classes of `k` walls) as a chunked run: the unit of work,
//! of resuming and of sharding. Invariant: a level's chunks depend on every level below
//! (`known`), never on each other, so they run in any order and on any machine.

use super::check::check_class;
use super::chunk::{ClassDoc, PuzzleChunk};
use super::known::Known;
use super::spec::PuzzleOptions;
use super::verdict::{Outcome, process};
use crate::board::{Board, CellSet, WallClasses};
use crate::run::interrupt::check_stop;
use crate::run::parallel;
use crate::study::chunked_run::{ChunkHeader, ChunkId, ChunkedRun};
use crate::study::sweep::Evaluator;
use rayon::prelude::*;
use std::time::Instant;

/// One level of a puzzle run (the classes of `k` walls) as a chunked run.
pub(super) struct Level<'a, const W: usize> {
    sets: &'a WallClasses<W>,
    /// The level's classes, in enumeration order.
    classes: &'a [CellSet<W>],
    known: &'a Known<W>,
    opts: &'a PuzzleOptions,
    plan: Vec<ChunkId>,
}

impl<'a, const W: usize> Level<'a, W> {
    pub fn new(
        sets: &'a WallClasses<W>,
        k: usize,
        classes: &'a [CellSet<W>],
        known: &'a Known<W>,
        opts: &'a PuzzleOptions,
    ) -> Level<'a, W> {
        let chunk = opts.chunk_size;
        let plan = (0..classes.len().div_ceil(chunk))
            .map(|j| ChunkId {
                walls: k,
                chunk: j,
                first: j * chunk,
                len: (classes.len() - j * chunk).min(chunk),
            })
            .collect();
        Level {
            sets,
            classes,
            known,
            opts,
            plan,
        }
    }

    /// The level's classes that chunk `id` holds.
    pub fn part(&self, id: &ChunkId) -> &'a [CellSet<W>] {
        &self.classes[id.first..id.first + id.len]
    }
}

impl<const W: usize> ChunkedRun for Level<'_, W> {
    type Chunk = PuzzleChunk;
    const ITEMS: &'static str = "classes";

    fn title(&self) -> String {
        format!("puzzles: {} walls", self.plan.first().map_or(0, |id| id.walls))
    }

    fn plan(&self) -> &[ChunkId] {
        &self.plan
    }

    fn compute(&self, id: &ChunkId, _tick: &(dyn Fn(u64) + Sync)) -> anyhow::Result<PuzzleChunk> {
        let (sets, opts) = (self.sets, self.opts);
        let t = Instant::now();
        // One evaluator per worker: for SAT, one solver (walls as assumptions), as in a sweep.
        let shape = Board::new(opts.rows, opts.cols)?;
        let part = self.part(id);
        let outcomes: Vec<Outcome<W>> = parallel(|| {
            part.par_iter()
                .map_init(
                    || Evaluator::new(&shape, opts.engine, &opts.value.backend),
                    |ev, &m| {
                        check_stop()?;
                        process(sets, m, self.known, opts, ev)
                    },
                )
                .collect::<anyhow::Result<_>>()
        })??;
        let classes = part
            .iter()
            .zip(outcomes)
            .map(|(m, o)| ClassDoc::new(sets, m, o))
            .collect();
        Ok(PuzzleChunk {
            walls: id.walls,
            chunk: id.chunk,
            first_class: id.first,
            seconds: t.elapsed().as_secs_f64(),
            classes,
        })
    }

    fn header(doc: &PuzzleChunk) -> ChunkHeader {
        ChunkHeader {
            walls: Some(doc.walls),
            chunk: doc.chunk,
            first: doc.first_class,
            len: doc.classes.len(),
        }
    }

    /// Each class the one of the level's list at its place, and as the run would have found it.
    fn check(&self, id: &ChunkId, doc: &PuzzleChunk, _fresh: bool) -> Result<(), String> {
        let part = self.part(id);
        if let Some(i) = doc
            .classes
            .iter()
            .zip(part)
            .position(|(c, m)| c.key != self.sets.cells(m))
        {
            return Err(format!("class {}: not the class of this run at its place", i + 1));
        }
        // On every thread: each class's value and count cost a branch and bound.
        let bad = parallel(|| {
            (doc.classes.par_iter().zip(part).enumerate()).find_map_first(|(i, (c, m))| {
                check_class(self.sets, m, c, self.known, self.opts)
                    .err()
                    .map(|why| (i, why))
            })
        })
        .map_err(|e| e.to_string())?;
        match bad {
            Some((i, why)) => Err(format!("class {}: {why}", i + 1)),
            None => Ok(()),
        }
    }
}
