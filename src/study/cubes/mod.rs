//! One question split into cubes, as a chunked run: a chunk per cube, each answered by the
//! solver its worker keeps across its cubes ([`with_kept`]), read back and checked like user
//! input, and the whole assembled only when the cubes, counted, cover the question. What
//! differs between questions (a value, the largest armies) is a [`CubeQuestion`], and the
//! cubes its spec makes a [`CubePlan`]; what every question shares is here too: the split on
//! rows and the plan of a spec cut on rows ([`rows`]), and the count that the cubes cover the
//! question ([`cover`]).

pub mod cover;
mod plan;
pub mod rows;

pub use plan::CubePlan;

use crate::io::{check_seal, sealed_json, write_atomic};
use crate::run::{Reporter, Shard, thread_cpu_seconds, thread_cpu_since};
use crate::study::chunk_store::{ChunkRun, ChunkStore, bad_chunk, chunk_files};
use crate::study::chunked_run::{
    ChunkHeader, ChunkId, ChunkedRun, Chunks, RunKind, Tally, WholeRun, drive, merge, read_chunk,
};
use crate::study::kept_solver::{new_run, release, with_kept};
use anyhow::Context;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A question split into cubes: its plan, how a cube is answered, how an answer read back is
/// checked, and what the answers make.
pub trait CubeQuestion: Sync + Sized {
    /// Its spec and the cubes the spec plans.
    type Plan: CubePlan;
    /// A cube's answer, as stored (its fields stand in the chunk between the cube and its
    /// verdict).
    type Answer: Serialize + DeserializeOwned + Send;
    /// A worker's solver, kept across its cubes.
    type Solver: 'static;
    type Report;

    fn plan(&self) -> &Self::Plan;
    /// The question of a merge, which computes no cube: `spec` as the shards' folders hold it
    /// (an error where it is not a run queensat makes).
    fn merging(spec: SpecOf<Self>) -> anyhow::Result<Self>;
    /// A new worker's solver (an error in a merge, which computes nothing).
    fn solver(&self) -> anyhow::Result<Self::Solver>;
    /// Answers `cube` in `solver`, with how its refutation stands;
    /// [`crate::run::interrupt::Interrupted`] when a stop signal ended it (the cube is not
    /// written).
    fn answer(
        &self,
        solver: &mut Self::Solver,
        cube: &CubeOf<Self>,
    ) -> anyhow::Result<Answered<Self::Answer>>;
    /// Checks an answer read back for `cube` (the plan's); the refutation it states is the
    /// seal's to vouch for.
    fn check(&self, cube: &CubeOf<Self>, answer: &Self::Answer) -> Result<(), String>;
    /// The whole report from every cube's chunk, in plan order, each checked and the cover too,
    /// and what their verdicts and times add up to.
    fn report(
        &self,
        chunks: &[CubeChunk<CubeOf<Self>, Self::Answer>],
        totals: CubeTotals,
    ) -> anyhow::Result<Self::Report>;
    /// Whether this run's solver is one whose UNSAT queensat believes: a run that resumes
    /// with one asks again the cubes read back that rest on an external solver's word.
    fn believes_unsat(&self) -> bool {
        false
    }
}

/// The spec of a question `Q`'s run.
pub type SpecOf<Q> = <<Q as CubeQuestion>::Plan as CubePlan>::Spec;
/// A cube of a question `Q`.
pub type CubeOf<Q> = <<Q as CubeQuestion>::Plan as CubePlan>::Cube;

/// How a question is cut into cubes, the same for every question split: the rows (for a
/// cover, the squares) whose choices make the cubes, at most how many cubes where they allow,
/// and whether each cube's refutation is certified by a checked proof of its own.
#[derive(Clone, Copy, Debug)]
pub struct CubeCut {
    pub split: usize,
    pub cubes: usize,
    pub certify: bool,
}

/// How a cube's refutation stands, as every cube's chunk stores it (flattened: its fields
/// stand after the answer's).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct CubeVerdict {
    /// The refuting call, in words.
    pub proof: String,
    /// Whether the refutation rests on a solver queensat runs, a checked proof or counting.
    pub certified: bool,
    /// Whether the checker rejected the certificate's proof (`--certify`).
    pub rejected: bool,
}

impl CubeVerdict {
    /// The refutation `proof` of a call to `backend` (`by_solver`: a solver's UNSAT, else
    /// counting or a bound), before any certificate.
    pub fn of_call(proof: String, backend: &crate::solve::Backend, by_solver: bool) -> CubeVerdict {
        CubeVerdict {
            proof,
            certified: crate::engine::certified(backend, by_solver, false),
            rejected: false,
        }
    }

    /// What the certificate `c` of the cube's refutation says: a checked proof certifies it,
    /// a rejected one is counted.
    pub fn certify_with(&mut self, c: &crate::solve::Certificate) {
        self.certified |= c.certified;
        self.rejected = !c.certified;
    }
}

/// A cube's answer and how its refutation stands: what a [`CubeQuestion`] gives for a cube.
pub type Answered<A> = (A, CubeVerdict);

/// What every cube report closes on: how the cubes' refutations stand together and what the
/// cubes cost (flattened: its fields stand last in the report).
#[derive(Clone, Debug, Serialize)]
pub struct CubeTotals {
    /// Every cube's refutation shown by a solver queensat runs, a checked proof or counting.
    pub certified: bool,
    /// Cubes whose certificate's proof the checker rejected.
    pub rejected: usize,
    /// Each cube's CPU seconds, in plan order.
    pub cube_seconds: Vec<f64>,
    pub chunks_resumed: usize,
}

impl CubeTotals {
    /// The totals of `chunks`, every cube of a run, of which `tally` says how many resumed.
    fn of<C, A>(chunks: &[CubeChunk<C, A>], tally: &Tally) -> CubeTotals {
        let rejected = chunks.iter().filter(|c| c.verdict.rejected).count();
        CubeTotals {
            certified: rejected == 0 && chunks.iter().all(|c| c.verdict.certified),
            rejected,
            cube_seconds: chunks.iter().map(|c| c.cpu_seconds).collect(),
            chunks_resumed: tally.resumed,
        }
    }
}

/// Of `chunks`, the one whose answer beats the start by the least `key` (`None`: it does not
/// beat the start), the first in plan order among equals; and how many beat the start.
pub fn best_beyond<'a, C: 'a, A: 'a, K: Ord>(
    chunks: impl IntoIterator<Item = &'a CubeChunk<C, A>>,
    key: impl Fn(&A) -> Option<K>,
) -> (Option<&'a CubeChunk<C, A>>, usize) {
    let beyond: Vec<(K, &CubeChunk<C, A>)> = (chunks.into_iter())
        .filter_map(|c| Some((key(&c.answer)?, c)))
        .collect();
    let n = beyond.len();
    let best = beyond
        .into_iter()
        .min_by(|(a, x), (b, y)| a.cmp(b).then(x.chunk.cmp(&y.chunk)));
    (best.map(|(_, c)| c), n)
}

/// One cube's chunk, as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CubeChunk<C, A> {
    pub chunk: usize,
    pub cube: C,
    #[serde(flatten)]
    pub answer: A,
    #[serde(flatten)]
    pub verdict: CubeVerdict,
    pub cpu_seconds: f64,
}

/// The cubes of one question and how each is answered.
struct CubeRun<Q: CubeQuestion> {
    question: Q,
    cubes: Vec<CubeOf<Q>>,
    plan: Vec<ChunkId>,
    /// Which run this is, for the solver each worker thread keeps.
    id: u64,
}

impl<Q: CubeQuestion> CubeRun<Q> {
    fn new(question: Q) -> CubeRun<Q> {
        let cubes = question.plan().cubes();
        let plan = (0..cubes.len())
            .map(|j| ChunkId {
                walls: 0,
                chunk: j,
                first: j,
                len: 1,
            })
            .collect();
        CubeRun {
            question,
            cubes,
            plan,
            id: new_run(),
        }
    }
}

impl<Q: CubeQuestion> ChunkedRun for CubeRun<Q> {
    type Chunk = CubeChunk<CubeOf<Q>, Q::Answer>;
    const ITEMS: &'static str = "cubes";

    fn title(&self) -> String {
        // What is split: the run's name without its cubes ("value in cubes").
        let what = Q::Plan::KIND.what().trim_end_matches(" in cubes");
        format!("{what} in {} cubes", self.cubes.len())
    }

    fn plan(&self) -> &[ChunkId] {
        &self.plan
    }

    fn compute(&self, id: &ChunkId, tick: &(dyn Fn(u64) + Sync)) -> anyhow::Result<Self::Chunk> {
        let cpu = thread_cpu_seconds();
        let cube = self.cubes[id.chunk].clone();
        let q = &self.question;
        let (answer, verdict) = with_kept(self.id, || q.solver(), |s: &mut Q::Solver| q.answer(s, &cube))?;
        tick(1);
        Ok(CubeChunk {
            chunk: id.chunk,
            cube,
            answer,
            verdict,
            cpu_seconds: thread_cpu_since(cpu),
        })
    }

    fn header(c: &Self::Chunk) -> ChunkHeader {
        ChunkHeader {
            walls: None,
            chunk: c.chunk,
            first: c.chunk,
            len: 1,
        }
    }

    fn check(&self, id: &ChunkId, c: &Self::Chunk, _fresh: bool) -> Result<(), String> {
        let want = &self.cubes[id.chunk];
        if &c.cube != want {
            return Err("it holds another cube than the plan's".into());
        }
        self.question.check(want, &c.answer)
    }
}

impl<Q: CubeQuestion> WholeRun for CubeRun<Q> {
    type Report = Q::Report;

    fn assemble(&self, chunks: &mut Chunks<Self::Chunk>, tally: &Tally) -> anyhow::Result<Q::Report> {
        let mut all = Vec::with_capacity(self.plan.len());
        for c in chunks {
            all.push(c?.chunk);
        }
        let cubes: Vec<&CubeOf<Q>> = all.iter().map(|c| &c.cube).collect();
        (self.question.plan().check_cover(&cubes))
            .map_err(|why| anyhow::anyhow!("the cubes do not cover the board: {why}"))?;
        self.question.report(&all, CubeTotals::of(&all, tally))
    }
}

/// The file of a cube run's folder that keeps its spec, start included, sealed: a resumed run
/// (or another shard in the same folder) takes its start from there instead of finding it
/// again, which on a hard board may take longer than the time between two stops.
pub const START_FILE: &str = "start.json";

/// What the seal of a kept start binds: the kind of run (the spec is its content).
fn start_binding(kind: RunKind) -> String {
    format!("start of the {}", kind.what())
}

/// Whether a cube run of `kind` keeps its start in [`START_FILE`].
fn keeps_start(kind: RunKind) -> bool {
    matches!(
        kind,
        RunKind::Cubes | RunKind::ArmyCubes | RunKind::WallCubes | RunKind::CoverCubes
    )
}

/// The spec of a cube run of `kind` into `dir`, and whether its start was found now: the one
/// the folder keeps ([`START_FILE`]), read back like a chunk (its seal, then `check` on its
/// start), when this run asks what it asked (`spec_with` makes of its start the spec kept);
/// otherwise `spec_with` the start `find` finds. `start_of` takes a spec's start.
pub fn kept_or_found<S, T>(
    kind: RunKind,
    dir: &Path,
    (spec_with, start_of): (impl Fn(T) -> anyhow::Result<S>, impl Fn(S) -> T),
    check: impl Fn(&T) -> Result<(), String>,
    find: impl FnOnce() -> anyhow::Result<T>,
) -> anyhow::Result<(S, bool)>
where
    S: DeserializeOwned + PartialEq + Clone,
    T: Clone,
{
    let path = dir.join(START_FILE);
    // A folder that keeps none (new, or of an older queensat) finds it.
    if let Ok(bytes) = std::fs::read(&path) {
        let text = String::from_utf8(bytes).map_err(|_| bad_chunk(&path, "not UTF-8 text"))?;
        check_seal(&text, &start_binding(kind)).map_err(|e| bad_chunk(&path, e))?;
        let kept: S = serde_json::from_str(&text)
            .map_err(|e| bad_chunk(&path, format!("not the start of a {} ({e})", kind.what())))?;
        let start = start_of(kept.clone());
        // Kept for another question: the folder's spec refuses this run when it opens.
        if spec_with(start.clone())? == kept {
            check(&start).map_err(|why| bad_chunk(&path, format!("its start: {why}")))?;
            return Ok((kept, false));
        }
    }
    Ok((spec_with(find()?)?, true))
}

/// Keeps `spec` (start included) sealed in `dir`'s [`START_FILE`], unless it is there already.
fn keep_start<S: Serialize>(kind: RunKind, dir: &Path, spec: &S) -> anyhow::Result<()> {
    let text = sealed_json(spec, &start_binding(kind), false)?;
    let path = dir.join(START_FILE);
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
        write_atomic(&path, text.as_bytes())?;
    }
    Ok(())
}

/// Answers (or resumes) the cubes of `question` into `dir`, this shard's share of them; the
/// whole report when this run holds every cube.
pub fn answer_cubes<Q: CubeQuestion>(
    question: Q,
    dir: &Path,
    shard: Shard,
    progress: &Reporter,
) -> anyhow::Result<ChunkRun<Q::Report>> {
    let (kind, spec) = (Q::Plan::KIND, question.plan().spec());
    let store = kind.open(dir, spec)?;
    if keeps_start(kind) {
        keep_start(kind, dir, spec)?;
    }
    let run = CubeRun::new(question);
    if run.question.believes_unsat() {
        ask_unchecked_again(&run, &store, shard, dir)?;
    }
    let ran = drive(&run, &store, shard, progress);
    // The run's solvers leave the workers' threads with it.
    release();
    Ok(ran?.0)
}

/// Removes this shard's chunks in `store` whose cube rests on an external solver's word, so
/// that the run, whose solver queensat believes, answers them again; a stderr note says how many.
fn ask_unchecked_again<Q: CubeQuestion>(
    run: &CubeRun<Q>,
    store: &ChunkStore,
    shard: Shard,
    dir: &Path,
) -> anyhow::Result<()> {
    let mut again = 0;
    for (g, id) in run.plan.iter().enumerate() {
        if shard.keeps(g) && store.has(id.walls, id.chunk) {
            let read = read_chunk(run, store, id, false)?;
            if !read.chunk.verdict.certified {
                std::fs::remove_file(&read.path)
                    .with_context(|| format!("cannot remove {}", read.path.display()))?;
                again += 1;
            }
        }
    }
    if again > 0 {
        eprintln!(
            "queensat: note: {} in {} rested on an external solver's word: asked again",
            crate::io::plural(again, "cube", "cubes"),
            dir.display()
        );
    }
    Ok(())
}

/// Assembles the shard folders `dirs` of one cube run of `Q` (`queensat merge`) into `out`,
/// computing nothing.
pub fn merge_cubes<Q: CubeQuestion>(dirs: &[PathBuf], out: &Path) -> anyhow::Result<Q::Report> {
    let kind = Q::Plan::KIND;
    let spec: SpecOf<Q> = kind.common_spec(dirs)?;
    // The spec is read back like user input: one that queensat makes, and a plan of no more
    // cubes than the shards hold chunks (an edited spec could ask for any number), counted
    // before it is made.
    let spec_file = dirs[0].join(kind.spec_file());
    let question = Q::merging(spec.clone()).with_context(|| spec_file.display().to_string())?;
    let held = chunk_files(dirs);
    let count = question.plan().cube_count();
    if count.is_none_or(|n| n > held) {
        anyhow::bail!(
            "{}: a run of {} cubes, but its shards hold {held} chunks: run the missing shards first \
             (or the spec was edited)",
            spec_file.display(),
            count.map_or("more than 2^64".into(), |n| n.to_string())
        );
    }
    let run = CubeRun::new(question);
    crate::io::new_dir_or_nothing(out, || {
        let store = kind.open(out, &spec)?.reading_from(dirs);
        merge(&run, &store)
    })
}

#[cfg(test)]
impl CubeCut {
    /// The cut on `split` rows (or squares) into at most `cubes` cubes, uncertified.
    pub(crate) fn uncertified(split: usize, cubes: usize) -> CubeCut {
        CubeCut {
            split,
            cubes,
            certify: false,
        }
    }
}

/// Asserts what a run with `--certify` reports (its `certify` and its totals): every cube's
/// refutation certified, none rejected.
#[cfg(test)]
pub(crate) fn assert_certified(certify: bool, totals: &CubeTotals) {
    assert_eq!((certify, totals.certified, totals.rejected), (true, true, 0));
}

/// The whole report of a cube run answered in one go in a fresh folder (`run` takes the
/// folder, the shard and the progress reporter).
#[cfg(test)]
pub(crate) fn run_whole<R>(run: impl FnOnce(&Path, Shard, &Reporter) -> anyhow::Result<ChunkRun<R>>) -> R {
    let dir = tempfile::tempdir().unwrap();
    run(dir.path(), Shard::ALL, &Reporter::silent())
        .unwrap()
        .whole()
        .unwrap()
}

/// Answers a cube run in `count` shard folders under `root`, each of which must finish its
/// shard (`run` takes the folder and the shard), and returns the folders, for `queensat merge`.
#[cfg(test)]
pub(crate) fn run_in_shards<R>(
    root: &Path,
    count: usize,
    run: impl Fn(&Path, Shard) -> anyhow::Result<ChunkRun<R>>,
) -> Vec<PathBuf> {
    let shards: Vec<PathBuf> = (1..=count).map(|i| root.join(format!("s{i}"))).collect();
    for (i, dir) in shards.iter().enumerate() {
        let shard = Shard { index: i + 1, count };
        assert!(matches!(run(dir, shard).unwrap(), ChunkRun::ShardFinished));
    }
    shards
}

/// The error of a merge of `shards` (a cube run of `Q`) after the first shard's chunk `name`
/// (e.g. `0w-000000`) was rewritten as `edit` leaves it and sealed anew, as someone who knows
/// how seals are made could: what the run's own checks must refuse.
#[cfg(test)]
pub(crate) fn merge_after_edit<Q: CubeQuestion>(
    shards: &[PathBuf],
    name: &str,
    edit: impl FnOnce(&mut serde_json::Value),
) -> String {
    let (dir, kind) = (&shards[0], Q::Plan::KIND);
    let chunk = dir.join("chunks").join(format!("{name}.json"));
    let mut doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&chunk).unwrap()).unwrap();
    edit(&mut doc);
    doc.as_object_mut().unwrap().remove("seal");
    let spec = std::fs::read_to_string(dir.join(kind.spec_file())).unwrap();
    let binding = format!("chunk {name} of the {} {}", kind.what(), spec.trim());
    std::fs::write(&chunk, crate::io::sealed_json(&doc, &binding, false).unwrap()).unwrap();
    match merge_cubes::<Q>(shards, &dir.with_file_name("edited")) {
        Ok(_) => panic!("a merge took the edited chunk {name}"),
        Err(e) => format!("{e:#}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk(
        chunk: usize,
        most: Option<usize>,
        certified: bool,
        rejected: bool,
    ) -> CubeChunk<(), Option<usize>> {
        CubeChunk {
            chunk,
            cube: (),
            answer: most,
            verdict: CubeVerdict {
                proof: String::new(),
                certified,
                rejected,
            },
            cpu_seconds: chunk as f64,
        }
    }

    #[test]
    fn the_best_beyond_the_start_is_the_first_of_the_best_in_plan_order() {
        let all = [
            chunk(0, None, true, false),
            chunk(1, Some(5), true, false),
            chunk(2, Some(7), true, false),
            chunk(3, Some(7), true, false),
        ];
        let (best, n) = best_beyond(&all, |a| a.map(std::cmp::Reverse));
        assert_eq!((best.map(|c| c.chunk), n), (Some(2), 3));
        let (best, n) = best_beyond(&all, |a| *a);
        assert_eq!((best.map(|c| c.chunk), n), (Some(1), 3));
        assert_eq!(best_beyond(&all[..1], |a| *a).1, 0);
    }

    #[test]
    fn totals_are_certified_only_when_every_cube_is_and_none_is_rejected() {
        let tally = Tally {
            resumed: 1,
            ..Tally::default()
        };
        let t = CubeTotals::of(
            &[chunk(0, None, true, false), chunk(1, None, true, false)],
            &tally,
        );
        assert_eq!(
            (t.certified, t.rejected, t.cube_seconds, t.chunks_resumed),
            (true, 0, vec![0.0, 1.0], 1)
        );
        let t = CubeTotals::of(
            &[chunk(0, None, true, true), chunk(1, None, false, false)],
            &tally,
        );
        assert_eq!((t.certified, t.rejected), (false, 1));
    }
}
