//! One board's value split into cubes, for many workers: cube-and-conquer on the queens of
//! chosen rows.
//!
//! The whole board's start is found once ([`CubeStart`]: the heuristics' best placement of
//! `L` queens, checked, and the bounds). Each segment of the split rows is cut into ranges of
//! at most `width` free cells; a cube chooses, for each segment, no queen or a queen in one of
//! its ranges. Every row segment holds at most one queen, so every placement lies in exactly
//! one cube. Each cube is asked of the whole board's formula with its clauses added
//! ([`value_in_cube`]): "`L + 1` queens?", refuted by its UNSAT (or, with `certify`, a checked
//! proof), or answered by a placement, and then the cube's most is found. The value is the
//! largest of `L` and the cubes' most; it is proved when every cube's refutation is, and when
//! the cubes are seen to cover every choice (a count that does not trust the plan that made
//! them).
//!
//! The cubes are the items of the one chunked run ([`crate::study::chunked_run`]), a chunk
//! per cube: a run resumes, `--shard I/N` answers the cubes `g` with `g mod N = I - 1`, and
//! `queensat merge` assembles the shards. The start's placement is part of the run's spec, so
//! shards whose starts differ are never merged.

use crate::board::{Board, Coord, Placement};
use crate::check::check_placement;
use crate::engine::{Cube, CubeSolver, CubeStart, ValueOptions, value_in_cube};
use crate::run::interrupt::Interrupted;
use crate::run::{Reporter, Shard, thread_cpu_seconds, thread_cpu_since};
use crate::study::chunk_store::ChunkRun;
use crate::study::chunked_run::RunKind;
use crate::study::cubes::cover::Choice;
pub use crate::study::cubes::rows::CubeAsk;
use crate::study::cubes::rows::{RowPlan, check_split, cut_rows, row_segments};
use crate::study::cubes::{
    Answered, CubeChunk, CubeQuestion, CubeTotals, CubeVerdict, answer_cubes, best_beyond, kept_or_found,
    merge_cubes,
};
use anyhow::ensure;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The most cubes when `--cubes` is not given: many more than two workers, so that their loads
/// even out, and few enough that each worker's solver learns across several. On the 24×24
/// board `SLOW_24X24_WALLS` (a middle row of 6 and 17 free cells) this makes 40 cubes, which
/// took 1.05 times one run's CPU with one thread, where 15 cubes (`--cubes 16`) took 1.12 times
/// (`make bench-cubes`, results/bench/cubes/README.md).
pub const DEFAULT_CUBES: usize = 64;

/// What a cube run answers (kept in its folder: a resumed run or a shard must ask the same).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CubeSpec {
    pub board: Board,
    /// The rows whose segments' queens make the cubes.
    pub rows: Vec<usize>,
    /// The most free cells of a range: each segment of the split rows is cut, in order, into
    /// runs of `width` free cells (the last shorter).
    pub width: usize,
    /// The start's placement on the whole board: every cube refutes one queen more, or holds
    /// more and finds its most.
    pub start: Placement,
    /// Whether each cube's refutation is certified by a checked proof.
    pub certify: bool,
}

impl CubeSpec {
    /// The spec that splits `ask.board` on rows into at most `ask.cut.cubes` cubes where the
    /// rows allow (the narrowest ranges that do; whole segments when even those make more),
    /// every cube asked from `start`.
    pub fn new(ask: &CubeAsk, start: &CubeStart) -> anyhow::Result<CubeSpec> {
        CubeSpec::from_placement(ask, start.best().clone())
    }

    /// [`CubeSpec::new`] from the start's placement `start` alone.
    pub fn from_placement(ask: &CubeAsk, start: Placement) -> anyhow::Result<CubeSpec> {
        // Each segment: no queen, or a queen in one of its ranges.
        let (rows, width) = cut_rows(&ask.board, &ask.cut, CubeSpec::choices)?;
        let certify = ask.cut.certify;
        Ok(CubeSpec {
            board: ask.board.clone(),
            rows,
            width,
            start,
            certify,
        })
    }
}

/// A cube leaves each segment of the split rows empty or allows exactly one of its sets of
/// cells there (and says nothing elsewhere), the sets each segment is given are disjoint and
/// cover its free cells, no two cubes choose alike, and there are as many as the choices (the
/// product over the segments of their sets plus one), so by counting they are all of them.
impl RowPlan for CubeSpec {
    type Cube = Cube;
    /// The set of cells of the segment's queen, if any.
    type Choice = Option<Vec<Coord>>;
    const KIND: RunKind = RunKind::Cubes;

    /// For each segment, no queen or a queen in one of its ranges.
    fn choose(c: &Cube, seg: &[Coord], ranges: &[&[Coord]]) -> Vec<Cube> {
        let none = Cube {
            empty: [c.empty.as_slice(), seg].concat(),
            queen_in: c.queen_in.clone(),
        };
        let some = ranges.iter().map(|range| {
            let mut with = c.clone();
            with.empty.extend(seg.iter().filter(|p| !range.contains(p)));
            with.queen_in.push(range.to_vec());
            with
        });
        std::iter::once(none).chain(some).collect()
    }

    /// No queen, or a queen in one of the ranges.
    fn choices(ranges: usize) -> Option<usize> {
        ranges.checked_add(1)
    }

    /// The free cells of each segment of the split rows.
    fn segments(&self) -> (Vec<Vec<Coord>>, usize) {
        (row_segments(&self.board, &self.rows), self.width)
    }

    fn layers(c: &Cube) -> Vec<&Cube> {
        vec![c]
    }

    fn choice(cube: &Cube, seg: &[Coord]) -> Choice<Option<Vec<Coord>>> {
        match cube.on(seg) {
            (empty, sets) if sets.is_empty() && empty == seg => Ok((None, sets)),
            (empty, sets) if sets.len() == 1 => {
                let mut cells: Vec<Coord> = empty.iter().chain(&sets[0]).copied().collect();
                cells.sort_unstable();
                match cells == seg && empty.len() + sets[0].len() == seg.len() {
                    true => Ok((Some(sets[0].clone()), sets)),
                    false => Err("allows other cells in a segment than its queen's set".into()),
                }
            }
            _ => Err("leaves a segment neither empty nor to one set of cells".into()),
        }
    }
}

/// One cube's answer, as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CubeAnswer {
    /// The most queens in the cube, where more than the start's; `None`: the start's count
    /// plus one refuted in it.
    pub most: Option<usize>,
    /// A placement of `most` queens in the cube (checked on the whole board); empty for `None`.
    pub placement: Placement,
}

/// A board's value as a question split into cubes.
struct ValueCubes {
    spec: CubeSpec,
    opts: ValueOptions,
    /// The whole board's start, where this process computes cubes (`None` for a merge): found
    /// by this run, or, in a run that resumed from the start its folder keeps, found again
    /// from the spec's placement when the first cube needs it (its bounds, not its
    /// heuristics), so that a run whose cubes are all finished finds nothing.
    start: Option<Mutex<Option<Arc<CubeStart>>>>,
}

impl CubeQuestion for ValueCubes {
    type Plan = CubeSpec;
    type Answer = CubeAnswer;
    type Solver = CubeSolver;
    type Report = CubesReport;

    fn believes_unsat(&self) -> bool {
        crate::engine::certified(&self.opts.backend, true, false)
    }

    fn solver(&self) -> anyhow::Result<CubeSolver> {
        CubeSolver::new(&self.spec.board, &self.opts, &*self.start()?)
    }

    fn merging(spec: CubeSpec) -> anyhow::Result<ValueCubes> {
        check_split(&spec.board, &spec.rows, spec.width)?;
        Ok(ValueCubes {
            spec,
            opts: ValueOptions::default(),
            start: None,
        })
    }

    fn answer(&self, solver: &mut CubeSolver, cube: &Cube) -> anyhow::Result<Answered<CubeAnswer>> {
        let (board, certify) = (&self.spec.board, self.spec.certify);
        let v = value_in_cube(board, &self.opts, &*self.start()?, cube, certify, solver)?;
        // A stop signal ends the search unproved: the cube is not written.
        ensure!(v.proved, Interrupted);
        let answer = CubeAnswer {
            most: v.beyond.as_ref().map(Placement::len),
            placement: v.beyond.unwrap_or_default(),
        };
        let verdict = CubeVerdict {
            proof: v.proof,
            certified: v.certified,
            rejected: v.rejected,
        };
        Ok((answer, verdict))
    }

    /// The placement beats the start, lies in the cube and is legal on the whole board (the
    /// independent checker), of the size stated.
    fn check(&self, cube: &Cube, c: &CubeAnswer) -> Result<(), String> {
        match c.most {
            None if c.placement.is_empty() => Ok(()),
            None => Err("it holds a placement but no count".into()),
            Some(v) if v != c.placement.len() => Err(format!("most {v} with {} queens", c.placement.len())),
            Some(v) if v <= self.spec.start.len() => Err(format!(
                "most {v}, not more than the start's {}",
                self.spec.start.len()
            )),
            Some(_) if !cube.holds(&c.placement) => Err("its placement lies outside its cube".into()),
            Some(_) => {
                check_placement(&self.spec.board, &c.placement).map_err(|v| format!("its placement: {v}"))
            }
        }
    }

    fn report(&self, all: &[CubeChunk<Cube, CubeAnswer>], totals: CubeTotals) -> anyhow::Result<CubesReport> {
        // The start's placement is read back from the spec like any chunk's.
        check_placement(&self.spec.board, &self.spec.start)
            .map_err(|v| anyhow::anyhow!("the start's placement: {v}"))?;
        let (best, beyond_start) = best_beyond(all, |a| a.most.map(std::cmp::Reverse));
        let placement = best.map_or(&self.spec.start, |c| &c.answer.placement).clone();
        Ok(CubesReport {
            board: self.spec.board.clone(),
            rows: self.spec.rows.clone(),
            width: self.spec.width,
            cubes: all.len(),
            certify: self.spec.certify,
            start: self.spec.start.len(),
            start_seconds: None,
            beyond_start,
            value: placement.len(),
            placement,
            totals,
        })
    }

    fn plan(&self) -> &CubeSpec {
        &self.spec
    }
}

impl ValueCubes {
    /// The start the cubes are asked from, found again from the spec's placement the first
    /// time a resumed run needs it (one thread finds it, the others wait for it).
    fn start(&self) -> anyhow::Result<Arc<CubeStart>> {
        let cell = (self.start.as_ref())
            .ok_or_else(|| anyhow::anyhow!("internal error: a merge computed a cube"))?;
        let mut cell = cell.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(start) = cell.as_ref() {
            return Ok(start.clone());
        }
        let start = CubeStart::resumed(&self.spec.board, &self.opts, self.spec.start.clone())?;
        ensure!(
            start.best() == &self.spec.start,
            "internal error: the kept start's placement was not kept"
        );
        Ok(cell.insert(Arc::new(start)).clone())
    }
}

/// A board's value from its cubes.
#[derive(Clone, Debug, Serialize)]
pub struct CubesReport {
    pub board: Board,
    pub rows: Vec<usize>,
    /// The most free cells of a range of a split row's segment.
    pub width: usize,
    pub cubes: usize,
    /// Whether each cube's refutation was certified by a checked proof (`--certify`).
    pub certify: bool,
    /// Queens of the start's placement.
    pub start: usize,
    /// CPU seconds of the whole board's start, where this process found it (not on merge).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_seconds: Option<f64>,
    /// Cubes that hold more queens than the start.
    pub beyond_start: usize,
    /// The largest of the start's count and the cubes' most.
    pub value: usize,
    /// An optimal placement: the first cube's of that value, in plan order, or the start's.
    pub placement: Placement,
    #[serde(flatten)]
    pub totals: CubeTotals,
}

/// Finds the whole board's start, then answers (or resumes) the cubes of `ask` into `dir`,
/// this shard's share of them; the whole report when this run holds every cube.
pub fn value_in_cubes(
    ask: &CubeAsk,
    opts: &ValueOptions,
    dir: &Path,
    shard: Shard,
    progress: &Reporter,
) -> anyhow::Result<ChunkRun<CubesReport>> {
    let board = &ask.board;
    let cpu = thread_cpu_seconds();
    // A resumed run takes the start's placement its folder keeps, checked; the rest of the
    // start only when a cube is left to answer.
    let mut found = None;
    let (spec, fresh) = kept_or_found(
        RunKind::Cubes,
        dir,
        (|p| CubeSpec::from_placement(ask, p), |s: CubeSpec| s.start),
        |p| check_placement(board, p).map_err(|v| v.to_string()),
        || {
            let start = CubeStart::new(board, opts, progress)?;
            let best = start.best().clone();
            found = Some(Arc::new(start));
            Ok(best)
        },
    )?;
    let start_seconds = fresh.then(|| thread_cpu_since(cpu));
    let question = ValueCubes {
        spec,
        opts: opts.clone(),
        start: Some(Mutex::new(found)),
    };
    let mut ran = answer_cubes(question, dir, shard, progress)?;
    if let ChunkRun::Whole(r) = &mut ran {
        r.start_seconds = start_seconds;
    }
    Ok(ran)
}

/// Assembles the shard folders of one cube run (`queensat merge`), computing nothing.
pub fn merge_value_cubes(dirs: &[PathBuf], out: &Path) -> anyhow::Result<CubesReport> {
    merge_cubes::<ValueCubes>(dirs, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::cubes::CubePlan;
    use crate::study::cubes::rows::{ask, assert_counted_cover, board, makespan};
    use crate::study::cubes::{assert_certified, merge_after_edit, run_whole};

    fn spec(b: &Board, split: usize, cubes: usize) -> CubeSpec {
        let start = CubeStart::new(b, &ValueOptions::default(), &Reporter::silent()).unwrap();
        CubeSpec::new(&ask(b, split, cubes), &start).unwrap()
    }

    #[test]
    fn the_cubes_cover_every_choice_and_a_missing_or_doubled_cube_is_seen() {
        let b = board(6, "3,2");
        let spec = spec(&b, 2, 1000);
        assert_eq!((spec.rows.clone(), spec.width), (vec![3, 2], 1));
        // Row 3: segments of 2 and 3 free cells; row 2: one of 6: 3 * 4 * 7 choices.
        let off = |c: &mut Cube| c.empty.push((0, 0));
        assert_eq!(assert_counted_cover(&spec, off).len(), 84);
        // Ranges: at most 12 cubes makes ranges of 3 cells: 2 * 2 * 3 choices.
        let ranged = super::tests::spec(&b, 2, 12);
        let cubes = assert_counted_cover(&ranged, off);
        assert_eq!((ranged.width, cubes.len()), (3, 12));
        let all: Vec<&Cube> = cubes.iter().collect();
        // A range cut short leaves a cell of its segment in no cube.
        let mut short = cubes[1].clone();
        short.queen_in[0].pop();
        let mut cut = all.clone();
        cut[1] = &short;
        assert!(ranged.check_cover(&cut).is_err());
    }

    #[test]
    fn the_value_from_cubes_is_the_boards() {
        let opts = ValueOptions::default();
        let mut beyond = 0;
        for (n, walls, split, cubes) in [
            (8, "", 1, 100),
            (8, "1,4 3,1 4,3", 2, 100),
            (8, "1,4 3,1 4,3", 2, 16),
            (7, "3,3", 1, 4),
            (5, "2,0 2,1 2,2 2,3 2,4", 1, 16),
        ] {
            let b = board(n, walls);
            let want = crate::engine::value(&b, &opts).unwrap().value;
            let ask = ask(&b, split, cubes);
            let r = run_whole(|dir, shard, progress| value_in_cubes(&ask, &opts, dir, shard, progress));
            assert_eq!((r.value, r.totals.certified), (want, true), "{n} {walls:?}");
            assert!(r.cubes <= cubes, "{n} {walls:?}: {} cubes", r.cubes);
            assert_eq!(check_placement(&b, &r.placement), Ok(()));
            assert!(
                makespan(&r.totals.cube_seconds, 1) >= makespan(&r.totals.cube_seconds, 2)
                    && makespan(&r.totals.cube_seconds, 2) >= makespan(&r.totals.cube_seconds, 1000)
            );
            beyond += r.beyond_start;
        }
        // Some cube found more queens than the start (the greedy placement, on boards this
        // small), so the climb inside a cube ran too.
        assert!(beyond > 0);
    }

    #[test]
    fn certified_cubes_carry_checked_proofs() {
        let b = board(8, "1,4 3,1 4,3");
        let opts = ValueOptions::default();
        let mut ask = ask(&b, 1, 8);
        ask.cut.certify = true;
        let r = run_whole(|dir, shard, progress| value_in_cubes(&ask, &opts, dir, shard, progress));
        assert_certified(r.certify, &r.totals);
        assert_eq!(r.value, 11);
    }

    #[test]
    fn shards_merge_to_the_whole_and_an_edited_cube_is_refused() {
        let b = board(8, "1,4 3,1 4,3");
        let opts = ValueOptions::default();
        let d = tempfile::tempdir().unwrap();
        let shards = crate::study::cubes::run_in_shards(d.path(), 3, |s, shard| {
            value_in_cubes(&ask(&b, 2, 100), &opts, s, shard, &Reporter::silent())
        });
        let m = merge_value_cubes(&shards, &d.path().join("m")).unwrap();
        assert_eq!(m.value, crate::engine::value(&b, &opts).unwrap().value);
        // A cube that claims a queen more than its placement holds is refused, its seal made
        // anew for the edit.
        let name = (0..)
            .map(|j| format!("0w-{:06}", 3 * j))
            .find(|name| {
                let chunk = std::fs::read(shards[0].join("chunks").join(format!("{name}.json"))).unwrap();
                serde_json::from_slice::<serde_json::Value>(&chunk).unwrap()["most"].is_u64()
            })
            .unwrap();
        let e = merge_after_edit::<ValueCubes>(&shards, &name, |doc| {
            doc["most"] = (doc["most"].as_u64().unwrap() + 1).into();
        });
        assert!(e.contains("queens"), "{e}");
    }
}
