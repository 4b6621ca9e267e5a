//! Running a sweep in chunks: resumable, shardable, mergeable.
//!
//! The classes of each wall count are listed in ascending order of their least-image mask and
//! cut into chunks of a fixed size. A chunk is the unit of work and of solver reuse: one
//! solver evaluates the classes of a chunk in order, so a chunk's rows depend only on the
//! chunk (not on threads, shards or earlier runs). Each finished chunk is written whole to
//! `OUT/chunks/` by rename; a re-run skips chunks already there, and shard `i/n` takes chunk
//! numbers `j ≡ i-1 (mod n)` (round robin over all wall counts, so shards get similar work).
//! Assembly (after an unsharded run, or by `queensat merge`) reads the chunks back in order,
//! so sharded and unsharded runs give byte-identical databases.

use super::evaluate::{Engine, Evaluator, Start, compare_with_bnb, count_optimal_by_tree};
use super::packed::{ChunkRows, PackedRows};
use super::summary::{CrossCheck, RunRecord, Summariser, WallsSummary, markdown};
use crate::board::{Board, Cell, CellSet, Placement, WallClasses};
use crate::check::check_placement;
use crate::check::{bnb_count, bnb_value};
use crate::io::{
    ClassRow, PUBLISHED_CSV_HEADER, Series, new_dir_or_nothing, push_decimal, push_published_csv_row,
    render_distribution_svg, write_atomic, write_atomic_with,
};
use crate::run::interrupt::{cut_short, stop_requested, unless_stopped};
use crate::run::{Provenance, Reporter, Shard, process_cpu_seconds, thread_cpu_seconds};
use crate::solve::Backend;
use crate::study::chunk_store::ChunkRun;
use crate::study::chunked_run::{
    self, ChunkHeader, ChunkId, ChunkedRun, Chunks, RunKind, Tally, WholeRun, drive,
};
use crate::with_cell_width;
use anyhow::{Context, bail};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What a sweep computes. Stored as `OUT/sweep.json`; a re-run must ask for the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepSpec {
    pub rows: usize,
    pub cols: usize,
    pub walls: Vec<usize>,
    pub chunk_size: usize,
    pub engine: Engine,
    /// Where the reuse engine's search starts (a spec from before the choice: greedy).
    #[serde(default = "Start::legacy")]
    pub start: Start,
    pub solver: String,
    /// Whether each row counts its optimal placements.
    #[serde(default)]
    pub count_optimal: bool,
}

impl SweepSpec {
    /// Where a run writes when no `--output` is given: a directory in the current one named
    /// after the sweep, `sweep-RxC-Kw` (`K` as `3`, `0-4` or `2,5`) with every field of the
    /// spec that differs from the default appended, and `.shard-I-of-N` for a shard. So a
    /// default never lands in the committed `results/`, and two different sweeps never share
    /// one (a directory is tied to its spec), while the same command resumes its own run.
    pub fn default_dir(&self, shard: Option<Shard>) -> PathBuf {
        let mut name = format!(
            "sweep-{}x{}-{}w",
            self.rows,
            self.cols,
            crate::study::Counts::new(self.walls.clone()).describe("-")
        );
        if self.count_optimal {
            name.push_str("-count-optimal");
        }
        if self.engine != Engine::default() {
            name.push_str(&format!("-{}", self.engine.name()));
        }
        if self.start != Start::default() {
            name.push_str(&format!("-start-{}", self.start.long_name()));
        }
        if self.solver != DEFAULT_SOLVER {
            let solver: String = self
                .solver
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            name.push_str(&format!("-{solver}"));
        }
        if self.chunk_size != DEFAULT_CHUNK {
            name.push_str(&format!("-chunk-{}", self.chunk_size));
        }
        if let Some(s) = shard {
            name.push_str(&format!(".shard-{}-of-{}", s.index, s.count));
        }
        PathBuf::from(name)
    }
}

/// A sweep checked whole, once ([`SweepSpec::checked`]), from the command line's flags or a
/// run folder's `sweep.json`: the board exists, the walls fit on it, the solver is one
/// queensat runs, a chunk holds a class, and the engine can count when counting is asked.
#[derive(Clone, Debug)]
pub struct CheckedSweep {
    spec: SweepSpec,
    backend: Backend,
}

impl CheckedSweep {
    pub fn spec(&self) -> &SweepSpec {
        &self.spec
    }
}

impl SweepSpec {
    /// The spec, checked; each refusal names the flag that asked for it.
    pub fn checked(self) -> anyhow::Result<CheckedSweep> {
        let (rows, cols) = (self.rows, self.cols);
        Board::new(rows, cols)?;
        // The command line gives wall counts ascending, each once; a spec read back must too.
        if self.walls.is_empty() || !self.walls.windows(2).all(|w| w[0] < w[1]) {
            bail!(
                "--walls: {:?} is not a list of wall counts, ascending, each once",
                self.walls
            );
        }
        let most = self.walls.iter().copied().max().unwrap_or(0);
        if most > rows * cols {
            bail!("--walls: {most} walls do not fit a {rows}x{cols} board");
        }
        let backend: Backend = self
            .solver
            .parse()
            .map_err(|e: String| anyhow::anyhow!("--solver: {e}"))?;
        if self.count_optimal && self.engine == Engine::Rebuild {
            bail!("--count-optimal needs --engine tree or reuse");
        }
        if self.chunk_size == 0 {
            bail!("--chunk must be at least 1");
        }
        Ok(CheckedSweep { spec: self, backend })
    }
}

/// The solver a sweep uses unless told otherwise.
pub const DEFAULT_SOLVER: &str = "varisat";

/// Classes per chunk unless told otherwise.
pub const DEFAULT_CHUNK: usize = 1000;

/// How a sweep runs (none of this changes its results).
pub struct RunOptions {
    pub shard: Option<Shard>,
    pub cross_check: bool,
    pub progress: Reporter,
    pub command: String,
}

/// One finished chunk, as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct ChunkDoc {
    walls: usize,
    chunk: usize,
    first_class: usize,
    rows: ChunkRows,
    /// Thread CPU seconds of the SAT work: the evaluation, or the tree engine's cross-check.
    sat_seconds: f64,
    sat_calls: u64,
    /// Thread CPU seconds of the branch and bound, when the chunk was cross-checked (for the
    /// tree engine, the tree seconds again: there the branch and bound is the evaluation).
    bnb_seconds: Option<f64>,
    /// Thread CPU seconds of the tree engine: branch and bound, search trees, their replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tree_seconds: Option<f64>,
}

impl ChunkDoc {
    /// The chunk as compact JSON, byte for byte what its `Serialize` writes (a test holds the
    /// two equal), its rows as [`ClassRow::write_json`] writes them.
    fn json(&self) -> String {
        let mut s = Vec::with_capacity(128 * self.rows.len() + 256);
        s.extend_from_slice(b"{\"walls\":");
        push_decimal(&mut s, self.walls as u64);
        s.extend_from_slice(b",\"chunk\":");
        push_decimal(&mut s, self.chunk as u64);
        s.extend_from_slice(b",\"first_class\":");
        push_decimal(&mut s, self.first_class as u64);
        s.extend_from_slice(b",\"rows\":[");
        let mut first = true;
        self.rows.packed().for_each(|r| {
            if !std::mem::take(&mut first) {
                s.push(b',');
            }
            r.write_json(&mut s);
        });
        // The seconds as serde writes floats.
        let float = |s: &mut Vec<u8>, x: &Option<f64>| {
            serde_json::to_writer(s, x).expect("a number or null always serialises")
        };
        s.extend_from_slice(b"],\"sat_seconds\":");
        float(&mut s, &Some(self.sat_seconds));
        s.extend_from_slice(b",\"sat_calls\":");
        push_decimal(&mut s, self.sat_calls);
        s.extend_from_slice(b",\"bnb_seconds\":");
        float(&mut s, &self.bnb_seconds);
        if self.tree_seconds.is_some() {
            s.extend_from_slice(b",\"tree_seconds\":");
            float(&mut s, &self.tree_seconds);
        }
        s.push(b'}');
        String::from_utf8(s).expect("JSON is UTF-8")
    }
}

/// The classes of every wall count of the spec, and their chunks.
struct Plan<const W: usize> {
    ws: WallClasses<W>,
    /// `(k, classes of k)`.
    classes: Vec<(usize, Vec<CellSet<W>>)>,
    /// Every chunk, wall count by wall count (a shard takes them round robin over all).
    chunks: Vec<ChunkId>,
}

impl<const W: usize> Plan<W> {
    /// The classes of chunk `id`.
    fn masks(&self, id: &ChunkId) -> &[CellSet<W>] {
        let (_, list) = self
            .classes
            .iter()
            .find(|(k, _)| *k == id.walls)
            .expect("a chunk of the plan has its wall count's classes");
        &list[id.first..id.first + id.len]
    }
}

fn plan<const W: usize>(spec: &SweepSpec) -> anyhow::Result<Plan<W>> {
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

/// Evaluates one chunk with one solver (or, for the tree engine, none unless cross-checking).
fn compute_chunk<const W: usize>(
    plan: &Plan<W>,
    spec: &SweepSpec,
    backend: &Backend,
    id: &ChunkId,
    cross_check: bool,
    tick: &(dyn Fn(u64) + Sync),
) -> anyhow::Result<ChunkDoc> {
    let masks = plan.masks(id);
    let shape = Board::new(spec.rows, spec.cols)?;
    // The branch and bound's optima start the searches (and are compared with the proved
    // values below, as the cross-check's are); timed apart from the SAT work.
    let seeded = spec.engine == Engine::Reuse && spec.start == Start::Bnb;
    let bnb_start = thread_cpu_seconds();
    // A stop signal ends a long search inside a board: the chunk is not written.
    let mut starts: Vec<Option<(usize, Placement)>> = if seeded {
        let start = |m| unless_stopped(bnb_value(&plan.ws.board(m), stop_requested)).map(Some);
        masks.iter().map(start).collect::<anyhow::Result<_>>()?
    } else {
        vec![None; masks.len()]
    };
    let seeded_bnb = seeded.then(|| thread_cpu_seconds() - bnb_start);
    let start = thread_cpu_seconds();
    let mut ev = Evaluator::new(&shape, spec.engine, backend);
    // SAT seconds spent counting (the reuse engine's enumeration; the tree counts by its own
    // search, part of its seconds).
    let mut count_seconds = 0.0;
    let mut rows = PackedRows::with_capacity(masks.len());
    let mut calls = 0;
    // One board, its walls those of each class in turn: none is allocated per class.
    let mut b = shape.clone();
    // The class's cells in reading order, as `b.walls()` lists them.
    let cells = |m: &CellSet<W>| m.iter().map(|i| (i / spec.cols, i % spec.cols));
    for (m, seed) in masks.iter().zip(&mut starts) {
        crate::run::interrupt::check_stop()?;
        for w in cells(m) {
            b.set(w, Cell::Wall);
        }
        let seed = seed.take();
        let bnb = seed.as_ref().map(|s| s.0);
        let e = ev.evaluate(&b, seed.map(|s| s.1))?;
        calls += e.sat_calls as u64;
        if let Some(v) = bnb {
            compare_with_bnb(&b, e.value, v)?;
        }
        let optimal = match (spec.count_optimal, spec.engine) {
            (false, _) => None,
            (true, Engine::Tree) => Some(count_optimal_by_tree(&b, e.value)?),
            (true, _) => {
                let t = thread_cpu_seconds();
                let (n, c) = ev.count_optimal(&b, e.value)?;
                count_seconds += thread_cpu_seconds() - t;
                calls += c as u64;
                Some(n)
            }
        };
        for w in cells(m) {
            b.set(w, Cell::Free);
        }
        rows.push(
            cells(m),
            e.value,
            e.placement.queens(),
            plan.ws.orbit_size(m),
            optimal,
        );
        tick(1);
    }
    let evaluated = thread_cpu_seconds() - start - count_seconds;
    // (SAT seconds, solver calls, branch-and-bound seconds, tree seconds).
    let (sat_seconds, sat_calls, bnb_seconds, tree_seconds) = if spec.engine == Engine::Tree {
        if cross_check {
            // The second method is SAT: one UNSAT call per class, from the tree's placement,
            // and the count by enumeration.
            let t = thread_cpu_seconds();
            let mut sat = Evaluator::new(&shape, Engine::Reuse, backend);
            let mut sat_calls = 0;
            for (m, r) in masks.iter().zip(&rows.unpack()) {
                crate::run::interrupt::check_stop()?;
                let b = &plan.ws.board(m);
                let e = sat.evaluate(b, Some(r.queens.clone()))?;
                sat_calls += e.sat_calls as u64;
                compare_with_bnb(b, e.value, r.value)?;
                if let Some(tree_count) = r.optimal {
                    let (n, c) = sat.count_optimal(b, r.value)?;
                    sat_calls += c as u64;
                    anyhow::ensure!(
                        n == tree_count,
                        "cross-check failed on {b:?}: SAT enumeration counts {n} placements of {} queens, the counting tree {tree_count}",
                        r.value
                    );
                }
            }
            let sat_seconds = thread_cpu_seconds() - t;
            (sat_seconds, calls + sat_calls, Some(evaluated), Some(evaluated))
        } else {
            (0.0, calls, None, Some(evaluated))
        }
    } else if seeded_bnb.is_some() {
        (evaluated + count_seconds, calls, seeded_bnb, None)
    } else if cross_check {
        let t = thread_cpu_seconds();
        for (m, r) in masks.iter().zip(&rows.unpack()) {
            let b = &plan.ws.board(m);
            compare_with_bnb(b, r.value, unless_stopped(bnb_value(b, stop_requested))?.0)?;
        }
        (
            evaluated + count_seconds,
            calls,
            Some(thread_cpu_seconds() - t),
            None,
        )
    } else {
        (evaluated + count_seconds, calls, None, None)
    };
    Ok(ChunkDoc {
        walls: id.walls,
        chunk: id.chunk,
        first_class: id.first,
        rows: ChunkRows::Packed(rows),
        sat_seconds,
        sat_calls,
        bnb_seconds,
        tree_seconds,
    })
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
        plan: plan::<W>(spec)?,
        backend: sweep.backend.clone(),
        cross_check: opts.cross_check,
        out,
        command: &opts.command,
        started,
    };
    let store = RunKind::Sweep.open(out, spec)?;
    let shard = opts.shard.unwrap_or(Shard::ALL);
    let bar = &opts.progress;
    let (outcome, tally) = drive(&run, &store, shard, bar)?;
    match &outcome {
        ChunkRun::ShardFinished => bar.note(|| format!(
            "queensat: shard {}/{} finished: {} chunks ({} resumed) in {}; run `queensat merge` on the shard directories",
            shard.index,
            shard.count,
            tally.mine,
            tally.resumed,
            out.display()
        )),
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
    /// Where the database, summaries and chart go.
    out: &'a Path,
    command: &'a str,
    started: Instant,
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
        // On every thread: a stored row's value costs a branch and bound.
        let bad = doc
            .rows
            .rows()
            .par_iter()
            .zip(self.plan.masks(id))
            .enumerate()
            .find_map_first(|(i, (r, m))| check_row(&self.plan, self.spec, r, m).err().map(|why| (i, why)));
        match bad {
            Some((i, why)) => Err(format!("row {}: {why}", i + 1)),
            None => Ok(()),
        }
    }
}

impl<const W: usize> WholeRun for Sweep<'_, W> {
    type Report = (Vec<WallsSummary>, RunRecord);

    fn assemble(&self, chunks: &mut Chunks<ChunkDoc>, tally: &Tally) -> anyhow::Result<Self::Report> {
        assemble(self, chunks, tally)
    }
}

/// Re-checks a row read back from a chunk file (resumed, or from a shard) against the class it
/// should describe: the walls, a legal placement (the independent checker), the value its
/// size, the orbit the class's, and the counts present exactly when the sweep counts; its value
/// and count are also compared with the branch and bound's, so that an edited value with a
/// placement to match is caught too.
fn check_row<const W: usize>(
    plan: &Plan<W>,
    spec: &SweepSpec,
    r: &ClassRow,
    m: &CellSet<W>,
) -> Result<(), String> {
    if r.walls != plan.ws.cells(m) {
        return Err("the walls are not those of the class list of this sweep".into());
    }
    let board = plan.ws.board(m);
    check_placement(&board, &r.queens).map_err(|v| format!("the placement fails the checker: {v}"))?;
    if r.value != r.queens.len() {
        return Err(format!("value {} but {} queens", r.value, r.queens.len()));
    }
    let (bnb, _) = bnb_value(&board, stop_requested).ok_or_else(cut_short)?;
    if bnb != r.value {
        return Err(format!("value {} but the branch and bound finds {bnb}", r.value));
    }
    let orbit = plan.ws.orbit_size(m);
    if r.orbit != orbit {
        return Err(format!("orbit {} but the class has {orbit} boards", r.orbit));
    }
    if r.optimal.is_some() != spec.count_optimal {
        return Err(if spec.count_optimal {
            "no count of optimal placements, which this sweep records".into()
        } else {
            "a count of optimal placements, which this sweep does not record".into()
        });
    }
    if r.optimal == Some(0) {
        return Err("zero optimal placements, though it has one".into());
    }
    // Counting is cheap next to reading a chunk that lies: a stored count is counted again.
    if let Some(n) = r.optimal {
        let (counted, _) = bnb_count(&board, r.value, stop_requested).ok_or_else(cut_short)?;
        if counted != n {
            return Err(format!(
                "{n} optimal placements but the branch and bound counts {counted}"
            ));
        }
    }
    Ok(())
}

/// Writes the database, summaries and chart of a sweep from its chunks, read back and checked
/// in plan order.
fn assemble<const W: usize>(
    run: &Sweep<'_, W>,
    chunks: &mut Chunks<ChunkDoc>,
    tally: &Tally,
) -> anyhow::Result<(Vec<WallsSummary>, RunRecord)> {
    let (spec, plan, out) = (run.spec, &run.plan, run.out);
    let mut sums: Vec<WallsSummary> = Vec::new();
    let mut sat_seconds = 0.0;
    let mut calls = 0;
    let mut cross: Option<CrossCheck> = None;
    let mut tree_seconds: Option<f64> = None;
    let shape = format!("{}x{}", spec.rows, spec.cols);
    for (k, list) in &plan.classes {
        // The rows go to the files chunk by chunk and into the summary row by row: a layer of
        // tens of millions of classes is never held in memory at once.
        let mut acc = Summariser::new(*k);
        let mut n_rows = 0;
        let mut failed: Option<anyhow::Error> = None;
        let with_csv = spec.rows <= 8 && spec.cols <= 8;
        let stem = format!("{shape}-{k}w");
        let mut fill = |jsonl: &mut dyn Write, mut csv: Option<&mut dyn Write>| -> std::io::Result<()> {
            if let Some(csv) = csv.as_mut() {
                csv.write_all(PUBLISHED_CSV_HEADER.as_bytes())?;
            }
            for _ in plan.chunks.iter().filter(|c| c.walls == *k) {
                let next = chunks
                    .next()
                    .expect("the chunks come in plan order, one for each of the plan");
                let doc = match next {
                    Ok(c) => c.chunk,
                    Err(e) => {
                        failed = Some(e);
                        return Err(std::io::Error::other("a chunk could not be assembled"));
                    }
                };
                // The chunk's rows, one at a time, into its lines of both files and the summary.
                let n = doc.rows.len();
                let (mut text, mut lines) = (Vec::with_capacity(128 * n), Vec::with_capacity(48 * n));
                let mut bad = None;
                doc.rows.packed().for_each(|r| {
                    r.write_json(&mut text);
                    text.push(b'\n');
                    if with_csv && bad.is_none() {
                        bad = push_published_csv_row(&mut lines, r).err();
                    }
                    acc.add_view(r);
                });
                if let Some(e) = bad {
                    failed = Some(e);
                    return Err(std::io::Error::other("a chunk could not be assembled"));
                }
                sat_seconds += doc.sat_seconds;
                calls += doc.sat_calls;
                if let Some(t) = doc.tree_seconds {
                    *tree_seconds.get_or_insert(0.0) += t;
                }
                if let Some(b) = doc.bnb_seconds {
                    let c = cross.get_or_insert(CrossCheck {
                        classes: 0,
                        bnb_seconds: 0.0,
                        sat_seconds: 0.0,
                    });
                    c.classes += n as u64;
                    c.bnb_seconds += b;
                    c.sat_seconds += doc.sat_seconds;
                }
                jsonl.write_all(&text)?;
                if let Some(csv) = csv.as_mut() {
                    csv.write_all(&lines)?;
                }
                n_rows += n;
            }
            Ok(())
        };
        let written = write_atomic_with(&out.join(format!("{stem}.jsonl")), |jsonl| {
            if !with_csv {
                return fill(jsonl, None);
            }
            let mut inner = Ok(());
            let csv = write_atomic_with(&out.join(format!("{stem}.csv")), |csv| {
                inner = fill(jsonl, Some(csv));
                match &inner {
                    Ok(()) => Ok(()),
                    Err(e) => Err(std::io::Error::new(e.kind(), e.to_string())),
                }
            });
            match csv {
                Ok(()) => inner,
                Err(e) => Err(std::io::Error::other(format!("{e:#}"))),
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        written?;
        if n_rows != list.len() {
            bail!("the {k}-wall sweep has {n_rows} rows for {} classes", list.len());
        }
        sums.push(acc.finish());
    }
    write_atomic(
        &out.join("summary.json"),
        format!("{}\n", serde_json::to_string_pretty(&sums)?).as_bytes(),
    )?;
    let series: Vec<Series> = sums
        .iter()
        .map(|w| Series {
            title: format!(
                "{} wall{}: {} boards, {} classes",
                w.walls,
                if w.walls == 1 { "" } else { "s" },
                w.boards,
                w.classes
            ),
            bars: w.values.iter().map(|v| (v.value, v.boards, v.classes)).collect(),
        })
        .collect();
    write_atomic(
        &out.join("values.svg"),
        render_distribution_svg(&format!("Values of {shape} boards by number of walls"), &series).as_bytes(),
    )?;
    let prov = RunRecord {
        provenance: Provenance {
            command: run.command.to_string(),
            ..Provenance::now()
        },
        // The tree engine calls a solver only to cross-check.
        solver: if spec.engine == Engine::Tree && cross.is_none() {
            "none".to_string()
        } else {
            spec.solver.clone()
        },
        engine: match spec.engine {
            Engine::Reuse => format!(
                "reuse, search starting from the {} placement",
                spec.start.long_name()
            ),
            Engine::Tree if cross.is_some() => "tree, cross-checked by SAT (reuse)".to_string(),
            Engine::Rebuild | Engine::Tree => spec.engine.name().to_string(),
        },
        encoding: {
            let counting = if spec.engine == Engine::Tree && spec.count_optimal {
                "; optimal placements counted by the same search's counting tree, replayed by \
                 check::count_by_search_tree"
            } else {
                ""
            };
            if spec.engine == Engine::Tree && cross.is_some() {
                format!(
                    "{}{counting}; cross-check: {}",
                    Engine::Tree.encoding(),
                    Engine::Reuse.encoding()
                )
            } else {
                format!("{}{counting}", spec.engine.encoding())
            }
        },
        threads: rayon::current_num_threads(),
        elapsed_seconds: run.started.elapsed().as_secs_f64(),
        cpu_seconds: process_cpu_seconds(),
        chunk_sat_seconds: sat_seconds,
        cross_check: cross,
        sat_calls: calls,
        chunk_tree_seconds: tree_seconds,
        chunks: tally.chunks,
        chunks_resumed: tally.chunks - tally.fresh.len(),
    };
    write_atomic(
        &out.join("run.json"),
        format!("{}\n", serde_json::to_string_pretty(&prov)?).as_bytes(),
    )?;
    write_atomic(&out.join("summary.md"), markdown(&shape, &sums, &prov).as_bytes())?;
    Ok((sums, prov))
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
            plan: plan::<W>(spec)?,
            backend: sweep.backend.clone(),
            cross_check: false,
            out,
            command,
            started,
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

    fn spec() -> SweepSpec {
        SweepSpec {
            rows: 3,
            cols: 3,
            walls: vec![1, 2],
            chunk_size: 4,
            engine: Engine::Tree,
            start: Start::Bnb,
            solver: DEFAULT_SOLVER.into(),
            count_optimal: true,
        }
    }

    #[test]
    fn a_spec_is_checked_once_and_each_refusal_names_its_flag() {
        assert!(spec().checked().is_ok());
        let refused = |s: SweepSpec| s.checked().unwrap_err().to_string();
        assert!(
            refused(SweepSpec {
                walls: vec![10],
                ..spec()
            })
            .starts_with("--walls: 10 walls")
        );
        for walls in [vec![], vec![2, 1], vec![1, 1]] {
            assert!(refused(SweepSpec { walls, ..spec() }).contains("ascending, each once"));
        }
        assert!(
            refused(SweepSpec {
                solver: "nope".into(),
                ..spec()
            })
            .starts_with("--solver: ")
        );
        let rebuild = SweepSpec {
            engine: Engine::Rebuild,
            ..spec()
        };
        assert!(refused(rebuild).starts_with("--count-optimal needs"));
        assert!(
            refused(SweepSpec {
                chunk_size: 0,
                ..spec()
            })
            .starts_with("--chunk")
        );
        assert!(SweepSpec { rows: 0, ..spec() }.checked().is_err());
    }

    #[test]
    fn chunks_are_written_as_serde_writes_them() {
        let row = |optimal| ClassRow {
            walls: vec![(0, 1), (2, 3)],
            value: 7,
            queens: Placement::new(vec![(1, 1), (3, 0)]),
            orbit: 4,
            optimal,
        };
        for (rows, seconds) in [
            (vec![], [0.0, 1e-7, 3.0]),
            (vec![row(None)], [0.125, 12345.678, f64::NAN]),
            (vec![row(Some(3)), row(Some(1))], [1.0 / 3.0, 0.0, 2e21]),
        ] {
            for (bnb, tree) in [
                (None, None),
                (Some(seconds[1]), None),
                (None, Some(seconds[2])),
                (Some(seconds[2]), Some(seconds[1])),
            ] {
                // Computed (packed) or read back, the same bytes.
                for rows in [
                    ChunkRows::Packed(PackedRows::of(&rows)),
                    ChunkRows::Read(rows.clone()),
                ] {
                    let doc = ChunkDoc {
                        walls: 2,
                        chunk: 13,
                        first_class: 13_000,
                        rows,
                        sat_seconds: seconds[0],
                        sat_calls: 99,
                        bnb_seconds: bnb,
                        tree_seconds: tree,
                    };
                    assert_eq!(doc.json(), serde_json::to_string(&doc).unwrap());
                }
            }
        }
    }

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
