//! A puzzle run: the levels `k = 0, 1, …` in order, each level's chunks computed, read back or
//! left to other shards, and their classes counted into the level's figures, its puzzles
//! listed. Invariant: a level starts only when every level below is whole, so the puzzles
//! found before a stop or the limit are puzzles.

use super::chunk::PuzzleChunk;
use super::definition::definition;
use super::known::{Known, Learnt};
use super::level::Level;
use super::puzzle::{LevelStats, Puzzle, PuzzleReport};
use super::spec::PuzzleOptions;
use super::verdict::Verdict;
use crate::board::{Board, CellSet, WallClasses};
use crate::io::{noun, plural};
use crate::run::Shard;
use crate::run::interrupt::{Interrupted, interrupted, stop_requested};
use crate::study::chunk_store::ChunkStore;
use crate::study::chunked_run::{ChunkId, ChunkedRun, RunKind, fetch};
use crate::with_cell_width;
use std::time::Instant;

/// How a run ended.
#[derive(Debug)]
pub enum PuzzleRun {
    /// Every chunk was there: the whole answer.
    Report(Box<PuzzleReport>),
    /// A shard: its chunks are finished; `queensat merge` assembles the shards.
    ShardFinished { computed: usize, resumed: usize },
    /// A stop signal ended the run: the puzzles found before it (levels incomplete), and how
    /// many chunks it finished (kept in the output directory, if any).
    Stopped(Box<PuzzleReport>, usize),
}

impl PuzzleRun {
    /// The whole answer, `None` for a shard.
    pub fn into_report(self) -> Option<PuzzleReport> {
        match self {
            PuzzleRun::Report(r) => Some(*r),
            PuzzleRun::ShardFinished { .. } | PuzzleRun::Stopped(..) => None,
        }
    }
}

/// Finds the interesting puzzles of a board size; the run is a shard when `opts.shard` says so.
pub fn find_puzzles(opts: &PuzzleOptions) -> anyhow::Result<PuzzleRun> {
    Board::new(opts.rows, opts.cols)?;
    anyhow::ensure!(opts.chunk_size > 0, "--chunk must be at least 1");
    anyhow::ensure!(
        opts.shard == Shard::ALL || (opts.limit.is_none() && opts.dir.is_some()),
        "a shard needs an output directory and no --limit (a limit depends on the order of the whole run)"
    );
    let store = match &opts.dir {
        Some(dir) => Some(RunKind::Puzzles.open(dir, &opts.spec())?),
        None => None,
    };
    with_cell_width!(opts.rows * opts.cols, W => find_puzzles_in::<W>(opts, store.as_ref(), true))
}

/// The run on cell sets of width `W`: the chunks in `store` are read back (and re-checked),
/// the others computed when `compute` (a merge computes none).
pub(super) fn find_puzzles_in<const W: usize>(
    opts: &PuzzleOptions,
    store: Option<&ChunkStore>,
    compute: bool,
) -> anyhow::Result<PuzzleRun> {
    let start = Instant::now();
    let sets = WallClasses::<W>::new(opts.rows, opts.cols)?;
    let (kmin, kmax) = (opts.walls.min(), opts.walls.max());
    anyhow::ensure!(
        kmin <= kmax && kmax <= sets.n_cells(),
        "wall counts {kmin}..{kmax} do not fit a board of {} cells",
        sets.n_cells()
    );
    let mut findings = Findings {
        opts,
        store,
        compute,
        start,
        levels: Vec::new(),
        puzzles: Vec::new(),
        computed: 0,
        resumed: 0,
        left_to_others: 0,
        interrupted: None,
    };
    let mut known = Known::<W>::new();
    let mut level: Vec<CellSet<W>> = vec![CellSet::EMPTY];
    for k in 0..=kmax {
        if k > 0 {
            level = sets.extend(&level);
        }
        let Some(learnt) = findings.level(&sets, k, kmax, &level, &known)? else {
            break;
        };
        known.extend(learnt);
    }
    Ok(findings.into_run(kmin, kmax))
}

/// What a run has found so far, and where its chunks come from.
struct Findings<'a> {
    opts: &'a PuzzleOptions,
    store: Option<&'a ChunkStore>,
    /// Whether chunks that `store` lacks are computed (a merge computes none).
    compute: bool,
    start: Instant,
    /// The figures of the reported levels run so far.
    levels: Vec<LevelStats>,
    puzzles: Vec<Puzzle>,
    /// Chunks computed now and read back; chunks of the last level left to other shards.
    computed: usize,
    resumed: usize,
    left_to_others: usize,
    /// Why a stop signal ended the run.
    interrupted: Option<String>,
}

impl Findings<'_> {
    /// Runs level `k` (its `classes`, in enumeration order): the chunks this run takes, each
    /// class counted. Gives what the level's classes tell their supersets, or `None` when the
    /// run ends at this level (a stop signal, or the limit reached).
    fn level<const W: usize>(
        &mut self,
        sets: &WallClasses<W>,
        k: usize,
        kmax: usize,
        classes: &[CellSet<W>],
        known: &Known<W>,
    ) -> anyhow::Result<Option<Learnt<W>>> {
        let mut stats = LevelStats {
            walls: k,
            complete: true,
            ..LevelStats::default()
        };
        let mut last_report = Instant::now();
        let run = Level::new(sets, k, classes, known, self.opts);
        // What this level's classes tell their supersets: kept apart while the level's chunks
        // read `known` (a class's proper subsets are all on the levels below). The last
        // level's are not needed.
        let mut learnt = Vec::new();
        for id in run.plan() {
            if self.left_to_other_shards(id, k == kmax) {
                self.left_to_others += 1;
                continue;
            }
            let Some(doc) = self.take_chunk(&run, id)? else {
                // The chunks finished are kept; the puzzles found so far are puzzles (every
                // level below is whole), so they are reported as such.
                stats.complete = false;
                self.close_level(stats);
                return Ok(None);
            };
            stats.seconds += doc.seconds;
            let keep = (k < kmax).then_some(&mut learnt);
            let full = self.count_chunk(sets, run.part(id), doc, &mut stats, keep);
            if last_report.elapsed().as_secs_f64() > 2.0 {
                last_report = Instant::now();
                self.note_progress(k, id, classes.len());
            }
            if full {
                stats.complete = stats.classes == classes.len();
                self.close_level(stats);
                return Ok(None);
            }
        }
        self.opts.progress.note(|| {
            format!(
                "puzzles: {}: {}, {} at this level, {:.1} s",
                plural(k, "wall", "walls"),
                plural(stats.classes, "class", "classes"),
                plural(
                    stats.by_value.values().map(|c| c.puzzles).sum::<usize>(),
                    "puzzle",
                    "puzzles"
                ),
                stats.seconds
            )
        });
        self.close_level(stats);
        Ok(Some(learnt))
    }

    /// Whether chunk `id` is another shard's: a chunk of the last level that this shard does
    /// not keep and that the store does not already hold.
    fn left_to_other_shards(&self, id: &ChunkId, last_level: bool) -> bool {
        self.compute
            && last_level
            && !self.opts.shard.keeps(id.chunk)
            && self.store.is_none_or(|s| !s.has(id.walls, id.chunk))
    }

    /// Chunk `id`, read back or computed (and tallied as such); `None` when a stop signal cut
    /// the run short, which is then marked interrupted.
    fn take_chunk<const W: usize>(
        &mut self,
        run: &Level<W>,
        id: &ChunkId,
    ) -> anyhow::Result<Option<PuzzleChunk>> {
        match fetch(run, self.store, id, self.compute) {
            Ok((doc, fresh)) => {
                if fresh {
                    self.computed += 1;
                } else {
                    self.resumed += 1;
                }
                Ok(Some(doc))
            }
            Err(e) if stop_requested() && e.is::<Interrupted>() => {
                self.interrupted = Some(interrupted());
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// Counts a chunk's classes (`part`, as stored in `doc`) into the level's figures, keeping
    /// what they tell their supersets in `learnt` when given; `true` when the limit is reached.
    fn count_chunk<const W: usize>(
        &mut self,
        sets: &WallClasses<W>,
        part: &[CellSet<W>],
        doc: PuzzleChunk,
        stats: &mut LevelStats,
        mut learnt: Option<&mut Learnt<W>>,
    ) -> bool {
        for (&m, c) in part.iter().zip(doc.classes) {
            let o = c.into_outcome(sets);
            if let Some(learnt) = learnt.as_mut() {
                learnt.push((m, o.info));
            }
            stats.classes += 1;
            let Some(v) = o.info.value else {
                stats.below_min_value += 1;
                continue;
            };
            self.count_verdict(stats, v, sets.orbit_size(&m), o.verdict);
            if self.opts.limit.is_some_and(|limit| self.puzzles.len() >= limit) {
                return true;
            }
        }
        false
    }

    /// Counts a class of value `v` and `boards` boards by its verdict; a puzzle is listed when
    /// its level is one reported.
    fn count_verdict(&mut self, stats: &mut LevelStats, v: u8, boards: usize, verdict: Verdict) {
        let counts = stats.by_value.entry(v as usize).or_default();
        counts.classes += 1;
        counts.boards += boards;
        match verdict {
            Verdict::BelowMin => {}
            Verdict::ContainsPuzzle => counts.contain_a_puzzle += 1,
            Verdict::NotUnique { cheaply } => {
                counts.not_unique += 1;
                if cheaply {
                    stats.refuted_without_solver += 1;
                } else {
                    stats.uniqueness_queries += 1;
                }
            }
            Verdict::Unique(p) => {
                stats.uniqueness_queries += 1;
                if self.opts.walls.contains(&stats.walls) {
                    counts.puzzles += 1;
                    self.puzzles.push(*p);
                }
            }
        }
    }

    /// How far level `k` (of `classes` classes) got, up to chunk `id`.
    fn note_progress(&self, k: usize, id: &ChunkId, classes: usize) {
        self.opts.progress.note(|| {
            format!(
                "puzzles: {}: {}/{} {}, {} so far, {:.0} s",
                plural(k, "wall", "walls"),
                ((id.chunk + 1) * self.opts.chunk_size).min(classes),
                classes,
                noun(classes, "class", "classes"),
                plural(self.puzzles.len(), "puzzle", "puzzles"),
                self.start.elapsed().as_secs_f64()
            )
        });
    }

    /// Keeps the figures of a level that ended (whole or not) when the level is one reported.
    fn close_level(&mut self, stats: LevelStats) {
        if self.opts.walls.contains(&stats.walls) {
            self.levels.push(stats);
        }
    }

    /// How the run ended: a shard's chunks finished, or the report (whole or stopped).
    fn into_run(self, kmin: usize, kmax: usize) -> PuzzleRun {
        let opts = self.opts;
        if self.left_to_others > 0 && self.interrupted.is_none() {
            return PuzzleRun::ShardFinished {
                computed: self.computed,
                resumed: self.resumed,
            };
        }
        let report = Box::new(PuzzleReport {
            definition: definition(opts.rows, opts.cols),
            rows: opts.rows,
            cols: opts.cols,
            walls_min: kmin,
            walls_max: kmax,
            min_value: opts.min_value,
            limit: opts.limit,
            engine: opts.engine,
            solver: opts.value.backend.name().to_string(),
            amo: opts.value.base.amo.name(),
            count: opts.value.base.count.name(),
            levels: self.levels,
            puzzles: self.puzzles,
            seconds: self.start.elapsed().as_secs_f64(),
            interrupted: self.interrupted,
        });
        match report.interrupted {
            Some(_) => PuzzleRun::Stopped(report, self.computed + self.resumed),
            None => PuzzleRun::Report(report),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Coord;
    use crate::check::{brute_count, brute_value, check_placement};
    use crate::engine::ValueOptions;
    use crate::run::Reporter;
    use crate::study::counts::Counts;
    use crate::study::sweep::Engine;
    use itertools::Itertools;
    use std::collections::{BTreeSet, HashMap};
    use std::ops::RangeInclusive;

    fn opts(rows: usize, cols: usize, walls: RangeInclusive<usize>, min_value: usize) -> PuzzleOptions {
        PuzzleOptions {
            rows,
            cols,
            walls: Counts::range(*walls.start(), *walls.end()),
            min_value,
            limit: None,
            engine: Engine::Tree,
            value: ValueOptions::default(),
            progress: Reporter::silent(),
            chunk_size: 4096,
            dir: None,
            shard: Shard::ALL,
        }
    }

    /// The definition by brute force over every wall set (not classes), sharing nothing with
    /// the engine but the board type: the canonical boards of the interesting wall sets.
    fn brute_puzzles(rows: usize, cols: usize, kmax: usize, min_value: usize) -> BTreeSet<Board> {
        let cells: Vec<Coord> = Board::new(rows, cols).unwrap().coords().collect();
        // Wall set (sorted) → (value, unique optimum).
        let mut facts: HashMap<Vec<Coord>, (usize, bool)> = HashMap::new();
        let mut out = BTreeSet::new();
        for k in 0..=kmax {
            for walls in cells.iter().copied().combinations(k) {
                let b = Board::with_walls(rows, cols, &walls).unwrap();
                let v = brute_value(&b);
                let unique = brute_count(&b, v) == 1;
                let sub_puzzle = (0..k).any(|j| {
                    walls
                        .iter()
                        .copied()
                        .combinations(j)
                        .any(|s| facts[&s] == (v, true))
                });
                if unique && !sub_puzzle && v >= min_value {
                    out.insert(b.canonical().0);
                }
                facts.insert(walls, (v, unique));
            }
        }
        out
    }

    fn engine_puzzles(o: &PuzzleOptions) -> BTreeSet<Board> {
        let r = find_puzzles(o).unwrap().into_report().unwrap();
        let set: BTreeSet<Board> = r.puzzles.iter().map(|p| p.board()).collect();
        assert_eq!(set.len(), r.puzzles.len(), "a class reported twice");
        for p in &r.puzzles {
            let b = p.board();
            assert_eq!(b.canonical().0, b, "not the class representative");
            assert!(check_placement(&b, &p.solution).is_ok());
            assert_eq!(brute_count(&b, p.value), 1);
            assert_eq!(p.near_solutions, brute_count(&b, p.value - 1));
            assert_eq!(p.orbit, b.orbit_size());
        }
        set
    }

    #[test]
    fn matches_brute_force_on_small_boards() {
        for (rows, cols, kmax) in [(4, 4, 4), (5, 5, 3), (4, 5, 3), (3, 6, 3)] {
            let want = brute_puzzles(rows, cols, kmax, 0);
            for engine in [Engine::Tree, Engine::Reuse] {
                let o = PuzzleOptions {
                    engine,
                    ..opts(rows, cols, 0..=kmax, 0)
                };
                assert_eq!(
                    engine_puzzles(&o),
                    want,
                    "{rows}x{cols} up to {kmax} walls, {engine:?}"
                );
            }
        }
    }

    #[test]
    fn min_value_and_range_select_without_changing_answers() {
        let all = brute_puzzles(5, 5, 3, 0);
        let want: BTreeSet<Board> = all
            .into_iter()
            .filter(|b| b.n_walls() >= 2 && brute_value(b) >= 6)
            .collect();
        assert!(!want.is_empty());
        assert_eq!(engine_puzzles(&opts(5, 5, 2..=3, 6)), want);
        let sat = PuzzleOptions {
            engine: Engine::Reuse,
            ..opts(5, 5, 2..=3, 6)
        };
        assert_eq!(engine_puzzles(&sat), want);
    }

    #[test]
    fn limit_cuts_the_list() {
        let mut o = opts(5, 5, 2..=3, 0);
        o.limit = Some(3);
        let r = find_puzzles(&o).unwrap().into_report().unwrap();
        assert_eq!(r.puzzles.len(), 3);
        assert!(r.levels.iter().any(|l| !l.complete));
        let counted: usize = r
            .levels
            .iter()
            .flat_map(|l| l.by_value.values())
            .map(|c| c.puzzles)
            .sum();
        assert_eq!(counted, 3);
    }

    #[test]
    fn too_large_or_bad_ranges_are_errors() {
        assert!(find_puzzles(&opts(65, 8, 1..=1, 0)).is_err());
        assert!(find_puzzles(&opts(2, 2, 0..=5, 0)).is_err());
    }
}
