//! The one chunked, resumable run: plan, compute, check, assemble.
//!
//! A study over many items (sweep classes, puzzle classes, N+k tasks, a value's cubes) implements
//! [`ChunkedRun`]: its plan of chunks, how one chunk is computed, how a chunk read back is
//! validated, and how the chunks, in plan order, make its report. [`drive`] does the rest once
//! for every kind: the shard's share of the plan (`--shard I/N`, round robin by plan position),
//! resuming (chunks already in the [`ChunkStore`] are not computed again), computing the rest
//! on every thread, stop signals (a chunk cut short is not written, the finished ones are
//! kept), progress, and the assembly, in which every chunk this process did not compute (resumed,
//! or a shard's) is read back through its seal, and every chunk passes [`read_chunk`]'s one
//! header check before the run's own check; the chunks it computed are kept in memory for the
//! assembly instead of being parsed back from their files. [`merge`] assembles the shard
//! directories of a run without computing anything; [`RunKind::of_dirs`] tells which kind of
//! run a directory holds.

use super::chunk_store::{ChunkRun, ChunkStore, bad_chunk, common_spec};
use crate::run::interrupt::{Interrupted, check_stop, refused_unless_stopped, stop_requested};
use crate::run::{Reporter, Shard};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The kinds of chunked runs, each with the file that keeps its spec in its directory and the
/// name its messages and its chunks' seals use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunKind {
    Sweep,
    Puzzles,
    Nk,
    Cubes,
    ArmyCubes,
    WallCubes,
    CoverCubes,
}

impl RunKind {
    const ALL: [RunKind; 7] = [
        RunKind::Sweep,
        RunKind::Puzzles,
        RunKind::Nk,
        RunKind::Cubes,
        RunKind::ArmyCubes,
        RunKind::WallCubes,
        RunKind::CoverCubes,
    ];

    /// The file in a run's directory that holds its spec.
    pub fn spec_file(self) -> &'static str {
        match self {
            RunKind::Sweep => "sweep.json",
            RunKind::Puzzles => "puzzles-run.json",
            RunKind::Nk => "nk.json",
            RunKind::Cubes => "cubes.json",
            RunKind::ArmyCubes => "army-cubes.json",
            RunKind::WallCubes => "wall-cubes.json",
            RunKind::CoverCubes => "cover-cubes.json",
        }
    }

    /// What the run is called in messages; part of every chunk's seal, so it never changes.
    pub fn what(self) -> &'static str {
        match self {
            RunKind::Sweep => "sweep",
            RunKind::Puzzles => "puzzle run",
            RunKind::Nk => "N+k count",
            RunKind::Cubes => "value in cubes",
            RunKind::ArmyCubes => "armies in cubes",
            RunKind::WallCubes => "least walls in cubes",
            RunKind::CoverCubes => "cover in cubes",
        }
    }

    /// Opens `dir` for the run `spec` of this kind (see [`ChunkStore::open`]); a folder that
    /// holds a run of another kind is refused, since its chunks would pass for this run's.
    pub fn open<S>(self, dir: &Path, spec: &S) -> anyhow::Result<ChunkStore>
    where
        S: Serialize + DeserializeOwned + PartialEq,
    {
        let other = RunKind::ALL.into_iter().filter(|&k| k != self);
        if let Some(k) = other.into_iter().find(|k| dir.join(k.spec_file()).is_file()) {
            anyhow::bail!(
                "{} holds another kind of run, {} ({}), not {}: give this run a folder of its own",
                dir.display(),
                k.what(),
                k.spec_file(),
                self.what()
            );
        }
        ChunkStore::open_noting(dir, self.spec_file(), self.what(), self.spec_note(), spec)
    }

    /// The chunks of the finished run `spec` of this kind in `dir`, only to be read (see
    /// [`ChunkStore::reading`]).
    pub fn reading<S: Serialize>(self, dir: &Path, spec: &S) -> anyhow::Result<ChunkStore> {
        ChunkStore::reading(dir, self.what(), spec)
    }

    /// What the reader of a spec that differs should know of fields no flag names.
    fn spec_note(self) -> &'static str {
        match self {
            RunKind::Cubes | RunKind::ArmyCubes | RunKind::WallCubes => {
                " (a cube run's rows come from --split-rows, its width from --cubes)"
            }
            RunKind::CoverCubes => {
                " (a cube run's squares come from --split-squares, its width from --cubes)"
            }
            RunKind::Sweep | RunKind::Puzzles | RunKind::Nk => "",
        }
    }

    /// The spec every one of `dirs` (shards of one run of this kind) holds.
    pub fn common_spec<S: DeserializeOwned + PartialEq>(self, dirs: &[PathBuf]) -> anyhow::Result<S> {
        common_spec(dirs, self.spec_file(), self.what())
    }

    /// The kind of run that every one of `dirs` holds, read from the spec file each keeps; an
    /// error names a directory that holds none, or two that hold different kinds.
    pub fn of_dirs(dirs: &[PathBuf]) -> anyhow::Result<RunKind> {
        let of = |d: &PathBuf| {
            RunKind::ALL
                .into_iter()
                .find(|k| d.join(k.spec_file()).is_file())
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "{} holds no run: none of {} is there{}",
                        d.display(),
                        RunKind::ALL.map(RunKind::spec_file).join(", "),
                        runs_inside(d)
                    )
                })
        };
        let Some(first) = dirs.first() else {
            anyhow::bail!("merge needs at least one shard directory");
        };
        let kind = of(first)?;
        for d in &dirs[1..] {
            let other = of(d)?;
            if other != kind {
                anyhow::bail!(
                    "{} ({}) and {} ({}) are not shards of one run: a merge takes the shards of one run",
                    first.display(),
                    kind.what(),
                    d.display(),
                    other.what()
                );
            }
        }
        Ok(kind)
    }
}

/// The run folders right inside `dir`, as a merge would take them: an `nk -o DIR` keeps each
/// count in `DIR/NxN-Kw-METHOD`, and its shard line names that folder, not `DIR`.
fn runs_inside(dir: &Path) -> String {
    let mut runs: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| RunKind::ALL.iter().any(|k| p.join(k.spec_file()).is_file()))
        .map(|p| p.display().to_string())
        .collect();
    runs.sort();
    match runs.is_empty() {
        true => String::new(),
        false => format!(
            " (the run folders in it, which a merge takes: {})",
            runs.join(", ")
        ),
    }
}

/// Where a chunk stands in its run: chunk `chunk` of the items of `walls` walls (for N+k, of
/// the count's `k`), holding items `first..first + len`. `(walls, chunk)` names its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkId {
    pub walls: usize,
    pub chunk: usize,
    pub first: usize,
    pub len: usize,
}

/// What a chunk read back says it is; `walls` is `None` for a kind whose chunks do not state it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkHeader {
    pub walls: Option<usize>,
    pub chunk: usize,
    pub first: usize,
    pub len: usize,
}

/// How a run's chunks were come by: the chunks of the plan, those of this shard, those that
/// were already there, and those this run computed.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub chunks: usize,
    pub mine: usize,
    pub resumed: usize,
    pub fresh: Vec<ChunkId>,
}

/// A chunk read back, its header and the run's check passed.
pub struct ReadChunk<C> {
    pub id: ChunkId,
    pub chunk: C,
    pub path: PathBuf,
}

/// The chunks of a run as its assembly takes them: in plan order, each read back and checked.
pub type Chunks<'a, C> = dyn Iterator<Item = anyhow::Result<ReadChunk<C>>> + 'a;

/// A study cut into chunks whose results depend only on the chunk.
pub trait ChunkedRun: Sync {
    /// A finished chunk, as stored.
    type Chunk: Serialize + DeserializeOwned + Send;
    /// What a chunk holds one of per item, in messages ("rows", "classes").
    const ITEMS: &'static str;
    /// The progress bar's title.
    fn title(&self) -> String;
    /// Every chunk of the run, in assembly order; a shard takes the positions `g` with
    /// `g mod N = I - 1`.
    fn plan(&self) -> &[ChunkId];
    /// Progress steps of a chunk ([`ChunkedRun::compute`] reports as many).
    fn steps(&self, _id: &ChunkId) -> u64 {
        1
    }
    /// Computes one chunk, reporting its steps to `tick`; a stop signal ends it with
    /// [`crate::run::interrupt::Interrupted`].
    fn compute(&self, id: &ChunkId, tick: &(dyn Fn(u64) + Sync)) -> anyhow::Result<Self::Chunk>;
    /// What a chunk says it is.
    fn header(chunk: &Self::Chunk) -> ChunkHeader;
    /// The chunk as compact JSON, as serde writes it (a run with large chunks writes them its
    /// own way, to the same bytes).
    fn chunk_json(chunk: &Self::Chunk) -> anyhow::Result<String> {
        Ok(serde_json::to_string(chunk)?)
    }
    /// Validates a chunk read back, its header already checked: like user input, unless this
    /// process computed it (`fresh`: then it is the chunk `compute` returned, kept in memory).
    /// The error says what is wrong, the caller names the file.
    fn check(&self, id: &ChunkId, chunk: &Self::Chunk, fresh: bool) -> Result<(), String>;
}

/// A chunked run whose chunks, all of them, make its report: what [`drive`] and [`merge`] run.
/// (A puzzle run is not one: its levels depend on the levels below, and its limit stops it in
/// enumeration order, so it takes its levels' chunks one by one with [`fetch`].)
pub trait WholeRun: ChunkedRun {
    /// What the whole run gives.
    type Report;
    /// The report, from every chunk of the plan in order, each read back and checked.
    fn assemble(&self, chunks: &mut Chunks<Self::Chunk>, tally: &Tally) -> anyhow::Result<Self::Report>;
}

/// Reads chunk `id` of `run` from `store`: sealed for its place and its run, its header the
/// one its place asks for, and the run's check passed.
pub fn read_chunk<R: ChunkedRun>(
    run: &R,
    store: &ChunkStore,
    id: &ChunkId,
    fresh: bool,
) -> anyhow::Result<ReadChunk<R::Chunk>> {
    let (chunk, path): (R::Chunk, _) = store.read(id.walls, id.chunk)?;
    check_chunk(run, id, chunk, path, fresh)
}

/// Checks chunk `id` of `run`, which `path` holds: its header the one its place asks for, and
/// the run's check passed.
fn check_chunk<R: ChunkedRun>(
    run: &R,
    id: &ChunkId,
    chunk: R::Chunk,
    path: PathBuf,
    fresh: bool,
) -> anyhow::Result<ReadChunk<R::Chunk>> {
    let h = R::header(&chunk);
    let same_place = h.walls.is_none_or(|w| w == id.walls) && (h.chunk, h.first) == (id.chunk, id.first);
    if same_place && h.len != id.len {
        return Err(bad_chunk(
            &path,
            format!("{} {} for the {} of its place", h.len, R::ITEMS, id.len),
        ));
    }
    if !same_place {
        let walls = h.walls.map_or(String::new(), |w| format!(" of {w} walls"));
        return Err(bad_chunk(
            &path,
            format!(
                "it holds chunk {}{walls}, items {}..+{}, where chunk {} of {} walls, items {}..+{} of \
                 this run belongs",
                h.chunk, h.first, h.len, id.chunk, id.walls, id.first, id.len
            ),
        ));
    }
    run.check(id, &chunk, fresh)
        .map_err(|why| refused_unless_stopped(why, |why| bad_chunk(&path, why)))?;
    Ok(ReadChunk { id: *id, chunk, path })
}

/// Chunk `id` of `run`, taken in order by a run that cannot compute ahead: read back from
/// `store` when it is there (or when `compute` is false: a merge), otherwise computed and,
/// when there is a store, written. `fresh` is whether this call computed it.
pub fn fetch<R: ChunkedRun>(
    run: &R,
    store: Option<&ChunkStore>,
    id: &ChunkId,
    compute: bool,
) -> anyhow::Result<(R::Chunk, bool)> {
    // A stop signal stops a run that only reads its chunks back (a resumed run, a merge) as
    // it stops one that computes them.
    check_stop()?;
    if let Some(store) = store.filter(|s| !compute || s.has(id.walls, id.chunk)) {
        return Ok((read_chunk(run, store, id, false)?.chunk, false));
    }
    let chunk = run.compute(id, &|_| {})?;
    if let Some(store) = store {
        store.write_json(id.walls, id.chunk, R::chunk_json(&chunk)?)?;
    }
    Ok((chunk, true))
}

/// Assembles `run` from the chunks in `store`. A chunk in `kept` (computed by this process, and
/// written) is taken from memory, not parsed back from its file: its header and the run's
/// `fresh` check still apply; every other is read back and validated like user input. A stop
/// signal ends it between two chunks with [`Interrupted`], and after the last when one came
/// while the report was written: the files it writes are each whole (written by rename), and
/// a rerun assembles them again.
fn assemble<R: WholeRun>(
    run: &R,
    store: &ChunkStore,
    tally: &Tally,
    kept: &mut HashMap<(usize, usize), R::Chunk>,
) -> anyhow::Result<R::Report> {
    let mut chunks = run.plan().iter().map(|id| {
        check_stop()?;
        match kept.remove(&(id.walls, id.chunk)) {
            Some(chunk) => {
                let path = store.path_of(id.walls, id.chunk);
                check_chunk(run, id, chunk, path, true)
            }
            None => read_chunk(run, store, id, false),
        }
    });
    let report = run.assemble(&mut chunks, tally)?;
    check_stop()?;
    Ok(report)
}

/// Runs (or resumes) `run` into `store`: this shard's chunks not yet there are computed on
/// every thread, then, unless a stop signal came or the run is one shard of several, every
/// chunk is read back and the report assembled. Also how the chunks were come by.
pub fn drive<R: WholeRun>(
    run: &R,
    store: &ChunkStore,
    shard: Shard,
    bar: &Reporter,
) -> anyhow::Result<(ChunkRun<R::Report>, Tally)> {
    let plan = run.plan();
    let mine: Vec<&ChunkId> = plan
        .iter()
        .enumerate()
        .filter(|&(g, _)| shard.keeps(g))
        .map(|(_, id)| id)
        .collect();
    let (done, todo): (Vec<&ChunkId>, Vec<&ChunkId>) =
        mine.iter().partition(|id| store.has(id.walls, id.chunk));
    bar.start(&run.title(), mine.iter().map(|id| run.steps(id)).sum());
    bar.advance(done.iter().map(|id| run.steps(id)).sum());
    let tick = |n: u64| bar.advance(n);
    // A run that assembles keeps the chunks it computes: its assembly need not parse them back.
    let keep = shard.count == 1;
    let kept = Mutex::new(HashMap::new());
    let stopped = store.compute(&todo, (done.len(), mine.len()), |id| {
        let chunk = run.compute(id, &tick)?;
        store.write_json(id.walls, id.chunk, R::chunk_json(&chunk)?)?;
        if keep {
            kept.lock()
                .expect("no thread panics holding the kept chunks")
                .insert((id.walls, id.chunk), chunk);
        }
        Ok(())
    });
    bar.finish();
    let tally = Tally {
        chunks: plan.len(),
        mine: mine.len(),
        resumed: done.len(),
        fresh: todo.into_iter().copied().collect(),
    };
    let outcome = match stopped? {
        Some(stopped) => ChunkRun::Stopped::<R::Report>(stopped),
        None if shard.count > 1 => ChunkRun::ShardFinished,
        None => {
            let mut kept = kept
                .into_inner()
                .expect("no thread panics holding the kept chunks");
            match assemble(run, store, &tally, &mut kept) {
                Ok(report) => ChunkRun::Whole(report),
                // Every chunk is finished and kept; the assembly (the check of the chunks read
                // back, the writing of the report) was cut short: a rerun assembles again.
                Err(e) if stop_requested() && e.is::<Interrupted>() => {
                    ChunkRun::Stopped(store.stopped(mine.len(), mine.len()))
                }
                Err(e) => return Err(e),
            }
        }
    };
    Ok((outcome, tally))
}

/// Assembles `run` from the shard directories `store` reads, computing nothing: a chunk that
/// no shard finished is an error naming it, a stop signal [`Interrupted`].
pub fn merge<R: WholeRun>(run: &R, store: &ChunkStore) -> anyhow::Result<R::Report> {
    let chunks = run.plan().len();
    let tally = Tally {
        chunks,
        mine: chunks,
        resumed: chunks,
        fresh: Vec::new(),
    };
    assemble(run, store, &tally, &mut HashMap::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sums of `0..n` in chunks of 3: the smallest run.
    struct Sums {
        plan: Vec<ChunkId>,
    }

    #[derive(Serialize, serde::Deserialize)]
    struct Part {
        chunk: usize,
        first: usize,
        len: usize,
        sum: usize,
    }

    impl Sums {
        fn new(n: usize) -> Sums {
            let plan = (0..n.div_ceil(3))
                .map(|j| ChunkId {
                    walls: 0,
                    chunk: j,
                    first: 3 * j,
                    len: (n - 3 * j).min(3),
                })
                .collect();
            Sums { plan }
        }
    }

    impl ChunkedRun for Sums {
        type Chunk = Part;
        const ITEMS: &'static str = "numbers";
        fn title(&self) -> String {
            "sums".into()
        }
        fn plan(&self) -> &[ChunkId] {
            &self.plan
        }
        fn compute(&self, id: &ChunkId, tick: &(dyn Fn(u64) + Sync)) -> anyhow::Result<Part> {
            tick(1);
            Ok(Part {
                chunk: id.chunk,
                first: id.first,
                len: id.len,
                sum: (id.first..id.first + id.len).sum(),
            })
        }
        fn header(c: &Part) -> ChunkHeader {
            ChunkHeader {
                walls: None,
                chunk: c.chunk,
                first: c.first,
                len: c.len,
            }
        }
        fn check(&self, id: &ChunkId, c: &Part, _fresh: bool) -> Result<(), String> {
            let want: usize = (id.first..id.first + id.len).sum();
            (c.sum == want)
                .then_some(())
                .ok_or(format!("sum {} not {want}", c.sum))
        }
    }

    impl WholeRun for Sums {
        type Report = usize;
        fn assemble(&self, chunks: &mut Chunks<Part>, _tally: &Tally) -> anyhow::Result<usize> {
            chunks.map(|c| c.map(|c| c.chunk.sum)).sum()
        }
    }

    #[test]
    fn shards_resume_and_merge_to_the_whole() {
        let run = Sums::new(10);
        let (a, b, m) = (
            tempfile::tempdir().unwrap(),
            tempfile::tempdir().unwrap(),
            tempfile::tempdir().unwrap(),
        );
        let bar = Reporter::silent();
        for (i, d) in [(1, &a), (2, &b)] {
            let store = RunKind::Nk.open(d.path(), &7).unwrap();
            let (r, t) = drive(&run, &store, Shard { index: i, count: 2 }, &bar).unwrap();
            assert!(matches!(r, ChunkRun::ShardFinished));
            assert_eq!((t.mine, t.fresh.len()), (2, 2));
        }
        let dirs = [a.path().to_path_buf(), b.path().to_path_buf()];
        assert_eq!(RunKind::of_dirs(&dirs).unwrap(), RunKind::Nk);
        let store = RunKind::Nk.open(m.path(), &7).unwrap().reading_from(&dirs);
        assert_eq!(merge(&run, &store).unwrap(), 45);
        // Resuming from the shards computes nothing.
        let (r, t) = drive(&run, &store, Shard::ALL, &bar).unwrap();
        assert_eq!((r.whole(), t.resumed, t.fresh.len()), (Some(45), 4, 0));
        // A chunk whose header names another place is refused, whatever its seal.
        let o = tempfile::tempdir().unwrap();
        let other = RunKind::Nk.open(o.path(), &7).unwrap();
        other
            .write(0, 1, &run.compute(&run.plan[0], &|_| {}).unwrap())
            .unwrap();
        let e = read_chunk(&run, &other, &run.plan[1], false)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("it holds chunk 0, items 0..+3, where chunk 1"), "{e}");
    }

    #[test]
    fn fetch_takes_what_is_there_and_computes_the_rest() {
        let run = Sums::new(7);
        let d = tempfile::tempdir().unwrap();
        let store = RunKind::Puzzles.open(d.path(), &0).unwrap();
        let (c, fresh) = fetch(&run, Some(&store), &run.plan[1], true).unwrap();
        assert_eq!((c.sum, fresh), (12, true));
        let (c, fresh) = fetch(&run, Some(&store), &run.plan[1], true).unwrap();
        assert_eq!((c.sum, fresh), (12, false));
        // A merge computes nothing: a missing chunk is an error.
        assert!(fetch(&run, Some(&store), &run.plan[0], false).is_err());
        assert!(fetch(&run, None, &run.plan[0], true).unwrap().1);
    }

    #[test]
    fn the_kind_is_read_from_the_folder() {
        let (s, n) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        drop(RunKind::Sweep.open(s.path(), &1).unwrap());
        drop(RunKind::Nk.open(n.path(), &1).unwrap());
        let e = RunKind::of_dirs(&[s.path().into(), n.path().into()]).unwrap_err();
        assert!(
            e.to_string().contains("a merge takes the shards of one run"),
            "{e}"
        );
        let empty = tempfile::tempdir().unwrap();
        let e = RunKind::of_dirs(&[empty.path().into()]).unwrap_err();
        assert!(e.to_string().contains("holds no run"), "{e}");
        // An `nk -o` folder: the error names the count's folder inside, which a merge takes.
        let count = empty.path().join("9x9-2w-rows-sides");
        drop(RunKind::Nk.open(&count, &1).unwrap());
        let e = RunKind::of_dirs(&[empty.path().into()]).unwrap_err();
        assert!(
            e.to_string().ends_with(&format!(
                "(the run folders in it, which a merge takes: {})",
                count.display()
            )),
            "{e}"
        );
        // A folder of one kind is not opened for another: its chunks would pass for the other's.
        let e = RunKind::Cubes.open(n.path(), &1).unwrap_err();
        assert!(
            e.to_string()
                .contains("holds another kind of run, N+k count (nk.json), not value in cubes"),
            "{e}"
        );
    }
}
