//! One board's value split into cubes, for many workers: cube-and-conquer on the queens of
//! chosen rows.
//!
//! Every row segment holds at most one queen, so the choice, for each segment of the split
//! rows, of its queen's cell or of none, puts every placement in exactly one cube. A cube is
//! answered as a board of its own: the split rows' cells and every cell that the cube's queens
//! see (their segments, cut at walls) become holes, and the cube's value is its queens plus
//! that board's value, found and proved by the value engine ([`value_certified`]: its UNSAT,
//! or with `certify` a checked proof). The board's value is the largest cube value; it is
//! proved when every cube's is, and when the cubes are seen to cover every choice
//! ([`check_cover`], a count that does not trust the plan that made them).
//!
//! The cubes are the items of the one chunked run ([`crate::study::chunked_run`]), a chunk
//! per cube: a run resumes, `--shard I/N` answers the cubes `g` with `g mod N = I - 1`, and
//! `queensat merge` assembles the shards.

use crate::board::{Board, Cell, Coord, Family, Placement};
use crate::check::check_placement;
use crate::engine::{ValueOptions, value_certified};
use crate::run::interrupt::Interrupted;
use crate::run::{Reporter, Shard, thread_cpu_seconds};
use crate::study::chunk_store::ChunkRun;
use crate::study::chunked_run::{
    ChunkHeader, ChunkId, ChunkedRun, Chunks, RunKind, Tally, WholeRun, drive, merge,
};
use anyhow::ensure;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What a cube run answers (kept in its folder: a resumed run or a shard must ask the same).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CubeSpec {
    pub board: Board,
    /// The rows whose segments' queens make the cubes.
    pub rows: Vec<usize>,
    /// Whether each cube's optimum is certified by a checked proof.
    pub certify: bool,
}

impl CubeSpec {
    /// The spec that splits `board` on `split` rows, the middle one first, then alternately
    /// below and above it.
    pub fn new(board: &Board, split: usize, certify: bool) -> anyhow::Result<CubeSpec> {
        let n = board.rows();
        ensure!(
            (1..=n).contains(&split),
            "--split-rows {split}: the board has {n} rows"
        );
        let mid = n / 2;
        let rows = (0..n)
            .map(|i| {
                if i % 2 == 0 {
                    mid + i / 2
                } else {
                    mid - i.div_ceil(2)
                }
            })
            .filter(|&r| r < n)
            .take(split)
            .collect();
        Ok(CubeSpec {
            board: board.clone(),
            rows,
            certify,
        })
    }

    /// The free cells of each segment of the split rows, segment by segment.
    fn segments(&self) -> Vec<Vec<Coord>> {
        let b = &self.board;
        b.segments_of(Family::Row)
            .iter()
            .filter(|s| self.rows.contains(&s.cells[0].0))
            .map(|s| s.free_cells(b).collect::<Vec<_>>())
            .filter(|cells| !cells.is_empty())
            .collect()
    }

    /// Every cube: for each segment of the split rows its queen's cell or none, in order.
    fn cubes(&self) -> Vec<Vec<Coord>> {
        self.segments().iter().fold(vec![Vec::new()], |cubes, seg| {
            cubes
                .iter()
                .flat_map(|c| {
                    std::iter::once(c.clone()).chain(seg.iter().map(move |&q| {
                        let mut with = c.clone();
                        with.push(q);
                        with
                    }))
                })
                .collect()
        })
    }

    /// The board of cube `queens`: the split rows and every segment through its queens become
    /// holes. `None` when two of its queens see each other (an empty cube).
    fn cube_board(&self, queens: &[Coord]) -> Option<Board> {
        let mut b = self.board.clone();
        for r in &self.rows {
            for c in 0..b.cols() {
                if b.cell((*r, c)) == Cell::Free {
                    b.set((*r, c), Cell::Hole);
                }
            }
        }
        let through = |s: &crate::board::Segment| queens.iter().filter(|q| s.cells.contains(q)).count();
        for s in self.board.segments() {
            match through(&s) {
                0 => {}
                1 => s.free_cells(&self.board).for_each(|p| b.set(p, Cell::Hole)),
                _ => return None,
            }
        }
        Some(b)
    }
}

/// Checks that `cubes` cover every choice of the split rows' queens, each once: each cube puts
/// at most one queen in each segment of those rows and nowhere else, no two cubes are alike,
/// and there are as many as there are choices (the product over the segments of their free
/// cells plus one), so by counting they are all of them.
pub fn check_cover(spec: &CubeSpec, cubes: &[&[Coord]]) -> Result<(), String> {
    let segments = spec.segments();
    let mut seen = std::collections::HashSet::new();
    for (g, cube) in cubes.iter().enumerate() {
        for seg in &segments {
            if cube.iter().filter(|q| seg.contains(q)).count() > 1 {
                return Err(format!("cube {g} puts two queens in one row segment"));
            }
        }
        if let Some(q) = cube.iter().find(|q| !segments.iter().any(|s| s.contains(q))) {
            return Err(format!(
                "cube {g} has a queen at {},{} outside the split rows' free cells",
                q.0, q.1
            ));
        }
        let mut sorted = cube.to_vec();
        sorted.sort_unstable();
        if !seen.insert(sorted) {
            return Err(format!("cube {g} is another cube again"));
        }
    }
    let choices = segments
        .iter()
        .try_fold(1usize, |n, s| n.checked_mul(s.len() + 1))
        .ok_or("too many cubes to count")?;
    if cubes.len() != choices {
        return Err(format!(
            "{} cubes where the split rows allow {choices} choices",
            cubes.len()
        ));
    }
    Ok(())
}

/// One cube's answer, as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CubeChunk {
    pub chunk: usize,
    /// The cube: the queens of the split rows.
    pub queens: Vec<Coord>,
    /// The most queens in the cube (`None`: the cube's own queens see each other).
    pub value: Option<usize>,
    /// A placement of `value` queens in the cube, on the whole board.
    pub placement: Placement,
    /// How the cube's optimum was shown, in words.
    pub proof: String,
    /// Whether the optimum rests on a solver queensat runs or a checked proof.
    pub certified: bool,
    /// Whether the checker rejected the certificate's proof (`--certify`).
    pub refuted: bool,
    pub cpu_seconds: f64,
}

/// The cubes of one spec and how each is answered.
pub struct CubeRun {
    spec: CubeSpec,
    cubes: Vec<Vec<Coord>>,
    plan: Vec<ChunkId>,
    opts: ValueOptions,
}

impl CubeRun {
    pub fn new(spec: CubeSpec, opts: ValueOptions) -> CubeRun {
        let cubes = spec.cubes();
        let plan = (0..cubes.len())
            .map(|j| ChunkId {
                walls: 0,
                chunk: j,
                first: j,
                len: 1,
            })
            .collect();
        CubeRun {
            spec,
            cubes,
            plan,
            opts,
        }
    }
}

impl ChunkedRun for CubeRun {
    type Chunk = CubeChunk;
    const ITEMS: &'static str = "cubes";

    fn title(&self) -> String {
        format!("value in {} cubes", self.cubes.len())
    }

    fn plan(&self) -> &[ChunkId] {
        &self.plan
    }

    fn compute(&self, id: &ChunkId, tick: &(dyn Fn(u64) + Sync)) -> anyhow::Result<CubeChunk> {
        let cpu = thread_cpu_seconds();
        let queens = self.cubes[id.chunk].clone();
        let mut chunk = CubeChunk {
            chunk: id.chunk,
            queens: queens.clone(),
            value: None,
            placement: Placement::default(),
            proof: "the cube's queens see each other".into(),
            certified: true,
            refuted: false,
            cpu_seconds: 0.0,
        };
        if let Some(board) = self.spec.cube_board(&queens) {
            let certify = self.spec.certify.then_some(None);
            let v = value_certified(&board, &self.opts, None, certify, &Reporter::silent())?;
            // A stop signal ends the search unproved: the cube is not written.
            ensure!(v.value.proved, Interrupted);
            let mut all = queens;
            all.extend_from_slice(v.value.placement.queens());
            chunk.placement = Placement::new(all);
            chunk.value = Some(chunk.placement.len());
            chunk.proof = v.value.proof.clone();
            chunk.certified = v.value.certified;
            chunk.refuted = v.refuted();
        }
        chunk.cpu_seconds = thread_cpu_seconds() - cpu;
        tick(1);
        Ok(chunk)
    }

    fn header(c: &CubeChunk) -> ChunkHeader {
        ChunkHeader {
            walls: None,
            chunk: c.chunk,
            first: c.chunk,
            len: 1,
        }
    }

    /// The cube is the plan's, and its placement lies in it and is legal on the whole board
    /// (the independent checker), of the size stated; its optimality is the seal's to vouch
    /// for (proving it again is the run's work).
    fn check(&self, id: &ChunkId, c: &CubeChunk, _fresh: bool) -> Result<(), String> {
        let want = &self.cubes[id.chunk];
        if &c.queens != want {
            return Err(format!("it holds cube {:?}, not {want:?}", c.queens));
        }
        let split: Vec<Coord> = (c.placement.queens().iter())
            .copied()
            .filter(|q| self.spec.rows.contains(&q.0))
            .collect();
        let mut cube = want.clone();
        cube.sort_unstable();
        match c.value {
            None if self.spec.cube_board(want).is_some() => {
                Err("it says its cube is empty, which it is not".into())
            }
            None => Ok(()),
            Some(_) if split != cube => Err("its placement lies outside its cube".into()),
            Some(v) if v != c.placement.len() => Err(format!("value {v} with {} queens", c.placement.len())),
            Some(_) => {
                check_placement(&self.spec.board, &c.placement).map_err(|v| format!("its placement: {v}"))
            }
        }
    }
}

/// A board's value from its cubes.
#[derive(Clone, Debug, Serialize)]
pub struct CubesReport {
    pub board: Board,
    pub rows: Vec<usize>,
    pub cubes: usize,
    /// Whether each cube's optimum was certified by a checked proof (`--certify`).
    pub certify: bool,
    /// The largest cube value.
    pub value: usize,
    /// An optimal placement: the first cube's of that value, in plan order.
    pub placement: Placement,
    /// Every cube's optimum shown by a solver queensat runs or a checked proof.
    pub certified: bool,
    /// Cubes whose certificate's proof the checker rejected.
    pub refuted: usize,
    /// Each cube's CPU seconds, in plan order.
    pub cube_seconds: Vec<f64>,
    pub chunks_resumed: usize,
}

impl CubesReport {
    /// The time the cubes would take on `workers` workers, each taking the longest cube left
    /// (the cubes' measured CPU seconds; no start-up or queue time).
    pub fn makespan(&self, workers: usize) -> f64 {
        let mut times = self.cube_seconds.clone();
        times.sort_by(|a, b| b.total_cmp(a));
        let mut load = vec![0.0f64; workers.max(1)];
        for t in times {
            let least = (0..load.len())
                .min_by(|&a, &b| load[a].total_cmp(&load[b]))
                .unwrap();
            load[least] += t;
        }
        load.into_iter().fold(0.0, f64::max)
    }
}

impl WholeRun for CubeRun {
    type Report = CubesReport;

    fn assemble(&self, chunks: &mut Chunks<CubeChunk>, tally: &Tally) -> anyhow::Result<CubesReport> {
        let mut all = Vec::with_capacity(self.plan.len());
        for c in chunks {
            all.push(c?.chunk);
        }
        let cubes: Vec<&[Coord]> = all.iter().map(|c| c.queens.as_slice()).collect();
        check_cover(&self.spec, &cubes)
            .map_err(|why| anyhow::anyhow!("the cubes do not cover the board: {why}"))?;
        let best = all
            .iter()
            .filter(|c| c.value.is_some())
            .max_by_key(|c| (c.value, std::cmp::Reverse(c.chunk)))
            .ok_or_else(|| anyhow::anyhow!("no cube holds a placement"))?;
        Ok(CubesReport {
            board: self.spec.board.clone(),
            rows: self.spec.rows.clone(),
            cubes: all.len(),
            certify: self.spec.certify,
            value: best.placement.len(),
            placement: best.placement.clone(),
            certified: all.iter().all(|c| c.certified && !c.refuted),
            refuted: all.iter().filter(|c| c.refuted).count(),
            cube_seconds: all.iter().map(|c| c.cpu_seconds).collect(),
            chunks_resumed: tally.resumed,
        })
    }
}

/// Answers (or resumes) the cubes of `spec` into `dir`, this shard's share of them; the whole
/// report when this run holds every cube.
pub fn value_in_cubes(
    spec: &CubeSpec,
    opts: &ValueOptions,
    dir: &Path,
    shard: Shard,
    progress: &Reporter,
) -> anyhow::Result<ChunkRun<CubesReport>> {
    let run = CubeRun::new(spec.clone(), opts.clone());
    let store = RunKind::Cubes.open(dir, spec)?;
    Ok(drive(&run, &store, shard, progress)?.0)
}

/// Assembles the shard folders of one cube run (`queensat merge`), computing nothing.
pub fn merge_cubes(dirs: &[PathBuf], out: &Path) -> anyhow::Result<CubesReport> {
    let spec: CubeSpec = RunKind::Cubes.common_spec(dirs)?;
    let run = CubeRun::new(spec.clone(), ValueOptions::default());
    crate::io::new_dir_or_nothing(out, || {
        let store = RunKind::Cubes.open(out, &spec)?.reading_from(dirs);
        merge(&run, &store)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(n: usize, walls: &str) -> Board {
        Board::with_walls(n, n, &crate::board::parse_cell_list(walls).unwrap()).unwrap()
    }

    #[test]
    fn the_cubes_cover_every_choice_and_a_missing_or_doubled_cube_is_seen() {
        let spec = CubeSpec::new(&board(6, "3,2"), 2, false).unwrap();
        assert_eq!(spec.rows, vec![3, 2]);
        // Row 3: segments of 2 and 3 free cells; row 2: one of 6: 3 * 4 * 7 choices.
        let cubes = spec.cubes();
        assert_eq!(cubes.len(), 84);
        let all: Vec<&[Coord]> = cubes.iter().map(Vec::as_slice).collect();
        assert_eq!(check_cover(&spec, &all), Ok(()));
        assert!(check_cover(&spec, &all[1..]).unwrap_err().contains("83 cubes"));
        let mut twice = all.clone();
        twice[0] = all[1];
        assert!(check_cover(&spec, &twice).unwrap_err().contains("again"));
        let off = [(0, 0)];
        twice[0] = &off;
        assert!(check_cover(&spec, &twice).unwrap_err().contains("outside"));
    }

    #[test]
    fn the_value_from_cubes_is_the_boards() {
        let opts = ValueOptions::default();
        for (n, walls, split) in [
            (8, "", 1),
            (8, "1,4 3,1 4,3", 2),
            (7, "3,3", 1),
            (5, "2,0 2,1 2,2 2,3 2,4", 1),
        ] {
            let b = board(n, walls);
            let want = crate::engine::value(&b, &opts).unwrap().value;
            let spec = CubeSpec::new(&b, split, false).unwrap();
            let dir = tempfile::tempdir().unwrap();
            let r = value_in_cubes(&spec, &opts, dir.path(), Shard::ALL, &Reporter::silent())
                .unwrap()
                .whole()
                .unwrap();
            assert_eq!((r.value, r.certified), (want, true), "{n} {walls:?}");
            assert_eq!(check_placement(&b, &r.placement), Ok(()));
            assert!(r.makespan(1) >= r.makespan(2) && r.makespan(2) >= r.makespan(1000));
        }
    }

    #[test]
    fn shards_merge_to_the_whole_and_an_edited_cube_is_refused() {
        let b = board(7, "3,3");
        let spec = CubeSpec::new(&b, 1, false).unwrap();
        let opts = ValueOptions::default();
        let d = tempfile::tempdir().unwrap();
        let shards: Vec<PathBuf> = (1..=3).map(|i| d.path().join(format!("s{i}"))).collect();
        for (i, s) in shards.iter().enumerate() {
            let r = value_in_cubes(
                &spec,
                &opts,
                s,
                Shard {
                    index: i + 1,
                    count: 3,
                },
                &Reporter::silent(),
            );
            assert!(matches!(r.unwrap(), ChunkRun::ShardFinished));
        }
        let m = merge_cubes(&shards, &d.path().join("m")).unwrap();
        assert_eq!(m.value, crate::engine::value(&b, &opts).unwrap().value);
        // A cube that claims a queen more than its placement holds is refused, its seal
        // made anew for the edit.
        let chunk = shards[0].join("chunks").join("0w-000000.json");
        let mut doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&chunk).unwrap()).unwrap();
        doc["value"] = (doc["value"].as_u64().unwrap() + 1).into();
        doc.as_object_mut().unwrap().remove("seal");
        let spec_text = std::fs::read_to_string(shards[0].join("cubes.json")).unwrap();
        let binding = format!("chunk 0w-000000 of the value in cubes {}", spec_text.trim());
        std::fs::write(&chunk, crate::io::sealed_json(&doc, &binding, false).unwrap()).unwrap();
        let e = merge_cubes(&shards, &d.path().join("m2")).unwrap_err();
        assert!(format!("{e:#}").contains("queens"), "{e:#}");
    }
}
