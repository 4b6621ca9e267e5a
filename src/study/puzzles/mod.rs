//! Interesting puzzles (the seed article's Objective 3): boards of `k` walls whose optimum is
//! unique, minimal in their walls, one per symmetry class.
//!
//! # Definition
//! A board `W` of `k` walls with value `v` is an *interesting puzzle* when
//! 1. **unique**: exactly one placement of `v` queens exists on `W` (proved: the query "exactly
//!    `v` queens, other than the one found" is UNSAT);
//! 2. **minimal**: no board formed by a proper subset `S ⊊ W` of its walls (the empty set
//!    included) is itself a board of value `v` with a unique optimum. The article's edge case,
//!    an extra wall that forces uniqueness, is thereby kept: if `S` has value `v` but several
//!    optima and `W = S + wall` has value `v` and one optimum, `W` is the puzzle. Boards that
//!    also meet the stricter reading "no proper subset has value `v` at all" are flagged
//!    `strictly_minimal`. Value is not monotone in the walls (a wall removes a cell but also
//!    blocks lines), so *every* proper subset is checked, not only those of `k − 1` walls;
//! 3. **one per symmetry class**: classes of the board's symmetry group (8 on a square, 4 on a
//!    rectangle), represented by [`Board::canonical`] (the least published 64-bit number).
//!
//! # Symmetric wall sets
//! If a symmetry `g ≠ id` maps the walls onto themselves, it maps every optimum onto an
//! optimum. So a board whose stabiliser is larger than `{id}` can have a unique optimum only if
//! that optimum is itself invariant under the stabiliser; an optimum that is not invariant
//! comes with its distinct images, and the board fails condition 1 (this is the article's
//! "note on symmetry": such boards are excluded because they are not unique, not because they
//! are symmetric). Such boards are refuted without a solver call: the image is the witness.
//!
//! # How no board is solved twice
//! Levels `k = 0, 1, …` are processed in order. Each class's value is found once
//! ([`crate::engine::value`]) and kept under its class key, with the optimum found and a
//! flag "this board, or a subset with the same value, has a unique optimum". A board's subsets
//! are looked up by key. A second optimum is often known without a solver: an image of the
//! optimum under the stabiliser, or a subset's optimum (same value) that avoids the new walls,
//! which stays legal when walls are added. Both are re-checked by the independent checker.

mod compare;
mod puzzle;

pub use compare::{Comparison, EntryCheck, compare_published};
pub use puzzle::{LevelStats, Puzzle, PuzzleReport, ValueCounts};

use crate::board::{Board, CellSet, Coord, Placement, WallClasses};
use crate::check::{bnb_count, bnb_count_at_most, bnb_value, check_placement};
use crate::encode::{Amo, BaseOptions, CountMode};
use crate::engine::{Search, ValueOptions, second_optimum, upper_bound};
use crate::io::to_bits64;
use crate::run::interrupt::Interrupted;
use crate::run::interrupt::{check_stop, cut_short, stop_requested, unless_stopped};
use crate::run::{Reporter, Shard};
use crate::study::chunk_store::ChunkStore;
use crate::study::chunked_run::{ChunkHeader, ChunkId, ChunkedRun, RunKind, fetch};
use crate::study::counts::Counts;
use crate::study::sweep::{Engine, Evaluator, compare_with_bnb, refuted_by_tree, second_optimum_by_tree};
use crate::with_cell_width;
use anyhow::Context;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

/// The definition, as printed in the output files, with the way the class representative is
/// chosen filled in.
macro_rules! definition_with {
    ($representative:literal) => {
        concat!(
            "A k-wall board with value v is an interesting puzzle when \
(1) exactly one placement of v queens exists (proved by a counting search tree that the \
checker replays, or with --engine reuse by an UNSAT second-solution query), \
(2) no board formed by a proper subset of its walls (the empty set included) has value v with \
a unique optimum (so an extra wall that forces uniqueness makes the larger board the puzzle; \
strictly_minimal marks boards where no proper subset has value v at all), and \
(3) it is kept once per symmetry class (walls shown as the class representative ",
            $representative,
            "). A wall set invariant under a symmetry can only qualify if its \
unique optimum is invariant too."
        )
    };
}

/// The definition on boards of at most 8 × 8, where the published 64-bit layout applies.
pub const DEFINITION: &str = definition_with!("with the least published 64-bit number");

/// The definition on larger boards: the representative is the image whose row-major list of
/// cells is least, a free cell before a wall (`Board::canonical`; the same rule:
/// on 8 × 8 it is the least published number).
pub const DEFINITION_ANY_SIZE: &str = definition_with!(
    "whose row-major list of cells is least, a free cell before a wall: its walls as late as they go"
);

/// The definition as printed for a board shape.
pub fn definition(rows: usize, cols: usize) -> &'static str {
    if rows <= 8 && cols <= 8 {
        DEFINITION
    } else {
        DEFINITION_ANY_SIZE
    }
}

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
    fn spec(&self) -> PuzzleSpec {
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

/// Classes per chunk of a puzzle run unless told otherwise.
pub const DEFAULT_CHUNK: usize = 4096;

/// The engines a puzzle run can use, the default first: a new solver per board (`rebuild`)
/// would not keep the uniqueness query's solver.
pub const ENGINES: [Engine; 2] = [Engine::Tree, Engine::Reuse];

fn reuse_engine() -> Engine {
    Engine::Reuse
}

/// What is kept of a class for its supersets.
#[derive(Clone, Copy, Debug)]
struct ClassInfo<const W: usize> {
    /// The value, or `None` when below `min_value` (not solved, or solved and too small).
    value: Option<u8>,
    /// The optimum found, as a set of cells on the class key's frame.
    optimum: CellSet<W>,
    /// This board or a subset of it with the same value has a unique optimum.
    holds_unique: bool,
}

/// What processing one class gave.
struct Outcome<const W: usize> {
    info: ClassInfo<W>,
    verdict: Verdict,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Verdict {
    BelowMin,
    ContainsPuzzle,
    NotUnique { cheaply: bool },
    Unique(Box<Puzzle>),
}

/// One class as a chunk keeps it: its key, what its supersets need, and its verdict.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct ClassDoc {
    /// The walls of the class key (its greatest image).
    key: Vec<Coord>,
    value: Option<u8>,
    /// The optimum found, on the key's frame (empty below `min_value`).
    optimum: Vec<Coord>,
    holds_unique: bool,
    verdict: Verdict,
}

/// One finished chunk of a level, as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct PuzzleChunk {
    walls: usize,
    chunk: usize,
    first_class: usize,
    /// Wall seconds of the chunk's work.
    seconds: f64,
    classes: Vec<ClassDoc>,
}

/// How a run ended.
#[derive(Debug)]
pub enum PuzzleRun {
    /// Every chunk was there: the whole answer.
    Report(Box<PuzzleReport>),
    /// A shard: its chunks are finished; `queensat merge` assembles the shards.
    ShardFinished { computed: usize, resumed: usize },
    /// A stop signal ended the run: the puzzles found before it (levels incomplete), and the
    /// finished chunks kept in the output directory, if any.
    Stopped(Box<PuzzleReport>),
}

impl PuzzleRun {
    /// The whole answer, `None` for a shard.
    pub fn into_report(self) -> Option<PuzzleReport> {
        match self {
            PuzzleRun::Report(r) => Some(*r),
            PuzzleRun::ShardFinished { .. } | PuzzleRun::Stopped(_) => None,
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

/// Assembles the shard directories of one puzzle run (each finished) into the whole answer;
/// `dir` keeps the spec so the result can be resumed or merged again.
pub fn merge_puzzles(
    dirs: &[PathBuf],
    dir: &std::path::Path,
    progress: Reporter,
) -> anyhow::Result<PuzzleReport> {
    let spec: PuzzleSpec = RunKind::Puzzles.common_spec(dirs)?;
    let value = ValueOptions {
        base: BaseOptions {
            amo: spec.amo,
            count: spec.count,
        },
        search: spec.search,
        backend: spec.solver.parse().map_err(|e: String| anyhow::anyhow!(e))?,
        ..ValueOptions::default()
    };
    let opts = PuzzleOptions {
        rows: spec.rows,
        cols: spec.cols,
        walls: spec.walls.clone(),
        min_value: spec.min_value,
        limit: spec.limit,
        engine: spec.engine,
        value,
        progress,
        chunk_size: spec.chunk_size,
        dir: Some(dir.to_path_buf()),
        shard: Shard::ALL,
    };
    debug_assert_eq!(opts.spec(), spec);
    // The spec is read back: what the command line refuses is refused here too.
    let spec_file = || dirs[0].join(RunKind::Puzzles.spec_file()).display().to_string();
    Board::new(opts.rows, opts.cols).with_context(spec_file)?;
    anyhow::ensure!(
        opts.chunk_size > 0 && opts.limit != Some(0),
        "{}: a puzzle run of chunks of {} classes, limit {}, is not one queensat makes",
        spec_file(),
        opts.chunk_size,
        opts.limit.map_or("none".into(), |l| l.to_string())
    );
    crate::io::new_dir_or_nothing(dir, || {
        let store = RunKind::Puzzles.open(dir, &spec)?.reading_from(dirs);
        match with_cell_width!(opts.rows * opts.cols, W => find_puzzles_in::<W>(&opts, Some(&store), false))?
        {
            PuzzleRun::Report(r) => Ok(*r),
            PuzzleRun::ShardFinished { .. } => {
                unreachable!("a merge computes nothing, so it misses nothing silently")
            }
            PuzzleRun::Stopped(_) => Err(crate::run::interrupt::Interrupted.into()),
        }
    })
}

/// Re-checks a class read back from a chunk, as the run would have found it: its optimum
/// legal (the independent checker) and as large as its value, the value the branch and
/// bound's (below the run's minimum exactly when it has none), and the verdict the one the
/// class's subsets (`known`, themselves re-checked) and the branch and bound's count of its
/// optima give; a puzzle's board the class's canonical one, its solution legal and of the
/// puzzle's value, its orbit, stabiliser, minimality and near solutions counted again.
fn check_class<const W: usize>(
    sets: &WallClasses<W>,
    m: &CellSet<W>,
    c: &ClassDoc,
    known: &HashMap<CellSet<W>, ClassInfo<W>>,
    opts: &PuzzleOptions,
) -> Result<(), String> {
    let board = sets.board(m);
    let optimum: Placement = c.optimum.iter().copied().collect();
    let Some(v) = c.value else {
        if !optimum.is_empty() {
            return Err("an optimum without a value".into());
        }
        if c.holds_unique || !matches!(c.verdict, Verdict::BelowMin) {
            return Err("no value, but a verdict other than below the minimum".into());
        }
        // Below the minimum: the branch and bound's value must be.
        let (bnb, _) = bnb_value(&board, stop_requested).ok_or_else(cut_short)?;
        if bnb >= opts.min_value {
            return Err(format!(
                "no value, but the branch and bound finds {bnb} (the run's minimum is {})",
                opts.min_value
            ));
        }
        return Ok(());
    };
    check_placement(&board, &optimum).map_err(|e| format!("the optimum fails the checker: {e}"))?;
    if usize::from(v) != optimum.len() {
        return Err(format!("value {v} but an optimum of {} queens", optimum.len()));
    }
    // An edited value with an optimum to match passes the checks above.
    let (bnb, _) = bnb_value(&board, stop_requested).ok_or_else(cut_short)?;
    if bnb != usize::from(v) {
        return Err(format!("value {v} but the branch and bound finds {bnb}"));
    }
    if usize::from(v) < opts.min_value {
        return Err(format!(
            "value {v}, below the run's minimum {}, kept as a value",
            opts.min_value
        ));
    }
    let facts = cheap_facts(sets, *m, v, sets.set_of(optimum.queens()), known);
    let (unique, cheaply) = if facts.contains_puzzle {
        (None, false)
    } else if facts.second.is_some() {
        (Some(false), true)
    } else {
        // Cheap to count again, and an edited verdict would otherwise pass.
        let counted = bnb_count_at_most(&board, usize::from(v), 1, stop_requested).ok_or_else(cut_short)?;
        let one = matches!(counted, Ok((1, _)));
        (Some(one), false)
    };
    let agrees = match (&c.verdict, unique) {
        (Verdict::ContainsPuzzle, None) => c.holds_unique,
        (Verdict::NotUnique { cheaply: stated }, Some(false)) => *stated == cheaply && !c.holds_unique,
        (Verdict::Unique(_), Some(true)) => c.holds_unique,
        _ => false,
    };
    if !agrees {
        let truth = match unique {
            None => "it contains a puzzle: a proper subset with the same value holds a unique optimum",
            Some(false) if cheaply => "not unique: a second optimum is known without a search",
            Some(false) => "not unique: the branch and bound counts a second optimum",
            Some(true) => "unique: the branch and bound counts one optimum and no subset holds a puzzle",
        };
        return Err(format!("the verdict does not hold: {truth}"));
    }
    if let Verdict::Unique(p) = &c.verdict {
        check_puzzle(p, &board, m, sets, opts, facts.strictly_minimal)?;
    }
    Ok(())
}

/// Re-checks a puzzle read back (its class's uniqueness already confirmed): every field is the
/// one the run derives from the class's board `board` (key `m`).
fn check_puzzle<const W: usize>(
    p: &Puzzle,
    board: &Board,
    m: &CellSet<W>,
    sets: &WallClasses<W>,
    opts: &PuzzleOptions,
    strictly_minimal: bool,
) -> Result<(), String> {
    if (p.rows, p.cols) != (opts.rows, opts.cols) {
        return Err(format!(
            "a {}x{} puzzle in a {}x{} run",
            p.rows, p.cols, opts.rows, opts.cols
        ));
    }
    let (canon, _) = board.canonical();
    let pb = Board::with_walls(p.rows, p.cols, &p.walls).map_err(|e| format!("puzzle walls: {e}"))?;
    if pb != canon {
        return Err("the puzzle's board is not its class's canonical board".into());
    }
    let bits = (p.rows <= 8 && p.cols <= 8)
        .then(|| to_bits64(&p.walls).ok())
        .flatten();
    if p.bits != bits {
        return Err("the puzzle's 64-bit number is not that of its walls".into());
    }
    check_placement(&pb, &p.solution).map_err(|e| format!("the puzzle's solution fails the checker: {e}"))?;
    if p.value != p.solution.len() || bnb_value(&pb, stop_requested).ok_or_else(cut_short)?.0 != p.value {
        return Err(format!(
            "puzzle value {} but a solution of {} queens",
            p.value,
            p.solution.len()
        ));
    }
    let orbit = sets.orbit_size(m);
    if p.orbit != orbit || p.orbit * p.stabiliser != sets.group().len() {
        return Err(format!(
            "orbit {} and stabiliser {}, but the class has {orbit} boards under {} symmetries",
            p.orbit,
            p.stabiliser,
            sets.group().len()
        ));
    }
    if p.strictly_minimal != strictly_minimal {
        return Err(format!(
            "strictly_minimal {}, but {}",
            p.strictly_minimal,
            if strictly_minimal {
                "no proper subset has the same value"
            } else {
                "a proper subset has the same value"
            }
        ));
    }
    let near = if p.value > 0 {
        bnb_count(&pb, p.value - 1, stop_requested)
            .ok_or_else(cut_short)?
            .0
    } else {
        0
    };
    if p.near_solutions != near {
        return Err(format!(
            "{} near solutions, but the branch and bound counts {near}",
            p.near_solutions
        ));
    }
    Ok(())
}

/// One level of a puzzle run (the classes of `k` walls) as a chunked run: its chunks depend
/// on every level below (`known`), not on each other.
struct Level<'a, const W: usize> {
    sets: &'a WallClasses<W>,
    /// The level's classes, in enumeration order.
    classes: &'a [CellSet<W>],
    known: &'a HashMap<CellSet<W>, ClassInfo<W>>,
    opts: &'a PuzzleOptions,
    plan: Vec<ChunkId>,
}

impl<'a, const W: usize> Level<'a, W> {
    fn new(
        sets: &'a WallClasses<W>,
        k: usize,
        classes: &'a [CellSet<W>],
        known: &'a HashMap<CellSet<W>, ClassInfo<W>>,
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

    fn part(&self, id: &ChunkId) -> &'a [CellSet<W>] {
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
        let outcomes: Vec<Outcome<W>> = part
            .par_iter()
            .map_init(
                || Evaluator::new(&shape, opts.engine, &opts.value.backend),
                |ev, &m| {
                    check_stop()?;
                    process(sets, m, self.known, opts, ev)
                },
            )
            .collect::<anyhow::Result<_>>()?;
        let classes = part
            .iter()
            .zip(outcomes)
            .map(|(m, o)| ClassDoc {
                key: sets.cells(m),
                value: o.info.value,
                optimum: sets.cells(&o.info.optimum),
                holds_unique: o.info.holds_unique,
                verdict: o.verdict,
            })
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
        let bad = doc
            .classes
            .par_iter()
            .zip(part)
            .enumerate()
            .find_map_first(|(i, (c, m))| {
                check_class(self.sets, m, c, self.known, self.opts)
                    .err()
                    .map(|why| (i, why))
            });
        match bad {
            Some((i, why)) => Err(format!("class {}: {why}", i + 1)),
            None => Ok(()),
        }
    }
}

fn find_puzzles_in<const W: usize>(
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
    let mut known: HashMap<CellSet<W>, ClassInfo<W>> = HashMap::new();
    let mut level: Vec<CellSet<W>> = vec![CellSet::EMPTY];
    let mut levels = Vec::new();
    let mut puzzles: Vec<Puzzle> = Vec::new();
    // Chunks computed now and read back; chunks of the last level left to other shards.
    let mut tally = (0, 0);
    let mut left_to_others = 0;
    let mut interrupted = None;
    'levels: for k in 0..=kmax {
        if k > 0 {
            level = sets.extend(&level);
        }
        let mut stats = LevelStats {
            walls: k,
            complete: true,
            ..LevelStats::default()
        };
        let mut last_report = Instant::now();
        let run = Level::new(&sets, k, &level, &known, opts);
        // What this level's classes tell their supersets: kept apart while the level's chunks
        // read `known` (a class's proper subsets are all on the levels below).
        let mut learnt = Vec::new();
        let chunk = opts.chunk_size;
        for id in run.plan() {
            let last_level = k == kmax;
            if compute
                && last_level
                && !opts.shard.keeps(id.chunk)
                && store.is_none_or(|s| !s.has(k, id.chunk))
            {
                left_to_others += 1;
                continue;
            }
            let (ci, part) = (id.chunk, run.part(id));
            let doc = match fetch(&run, store, id, compute) {
                Ok((doc, fresh)) => {
                    if fresh {
                        tally.0 += 1;
                    } else {
                        tally.1 += 1;
                    }
                    doc
                }
                // The chunks finished are kept; the puzzles found so far are puzzles (every
                // level below is whole), so they are reported as such.
                Err(e) if stop_requested() && e.is::<Interrupted>() => {
                    interrupted = Some(crate::run::interrupt::interrupted());
                    stats.complete = false;
                    if opts.walls.contains(&k) {
                        levels.push(stats);
                    }
                    break 'levels;
                }
                Err(e) => return Err(e),
            };
            stats.seconds += doc.seconds;
            let mut full = false;
            for (&m, c) in part.iter().zip(doc.classes) {
                let o = Outcome {
                    info: ClassInfo {
                        value: c.value,
                        optimum: sets.set_of(&c.optimum),
                        holds_unique: c.holds_unique,
                    },
                    verdict: c.verdict,
                };
                if k < kmax {
                    learnt.push((m, o.info));
                }
                stats.classes += 1;
                let Some(v) = o.info.value else {
                    stats.below_min_value += 1;
                    continue;
                };
                let counts = stats.by_value.entry(v as usize).or_default();
                counts.classes += 1;
                counts.boards += sets.orbit_size(&m);
                match o.verdict {
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
                        if opts.walls.contains(&k) {
                            counts.puzzles += 1;
                            puzzles.push(*p);
                        }
                    }
                }
                if opts.limit.is_some_and(|limit| puzzles.len() >= limit) {
                    full = true;
                    break;
                }
            }
            if last_report.elapsed().as_secs_f64() > 2.0 {
                last_report = Instant::now();
                opts.progress.note(|| {
                    format!(
                        "puzzles: {} walls: {}/{} classes, {} puzzles so far, {:.0} s",
                        k,
                        ((ci + 1) * chunk).min(level.len()),
                        level.len(),
                        puzzles.len(),
                        start.elapsed().as_secs_f64()
                    )
                });
            }
            if full {
                stats.complete = stats.classes == level.len();
                if opts.walls.contains(&k) {
                    levels.push(stats);
                }
                break 'levels;
            }
        }
        known.extend(learnt);
        opts.progress.note(|| {
            format!(
                "puzzles: {} walls: {} classes, {} puzzles at this level, {:.1} s",
                k,
                stats.classes,
                stats.by_value.values().map(|c| c.puzzles).sum::<usize>(),
                stats.seconds
            )
        });
        if opts.walls.contains(&k) {
            levels.push(stats);
        }
    }
    if left_to_others > 0 && interrupted.is_none() {
        return Ok(PuzzleRun::ShardFinished {
            computed: tally.0,
            resumed: tally.1,
        });
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
        levels,
        puzzles,
        seconds: start.elapsed().as_secs_f64(),
        interrupted,
    });
    Ok(match report.interrupted {
        Some(_) => PuzzleRun::Stopped(report),
        None => PuzzleRun::Report(report),
    })
}

/// What a class's subsets and symmetries show without a search, given its value and the
/// optimum found (`opt_mask`): whether a proper subset of the same value holds a unique
/// optimum (the class then contains a puzzle), whether no proper subset has the value at all,
/// and a second optimum when one is known (a subset's optimum that avoids the new walls, which
/// stays legal when walls are added, or an image of the optimum under the stabiliser). The one
/// derivation for a class computed and for a class read back from a chunk.
struct CheapFacts<const W: usize> {
    contains_puzzle: bool,
    strictly_minimal: bool,
    second: Option<CellSet<W>>,
}

fn cheap_facts<const W: usize>(
    sets: &WallClasses<W>,
    m: CellSet<W>,
    value: u8,
    opt_mask: CellSet<W>,
    known: &HashMap<CellSet<W>, ClassInfo<W>>,
) -> CheapFacts<W> {
    let mut facts = CheapFacts {
        contains_puzzle: false,
        strictly_minimal: true,
        second: None,
    };
    // Minimality: every proper subset, looked up by class key.
    for sub in m.proper_subsets() {
        let (key, g) = sets.greatest_image(&sub);
        let s = known.get(&key).expect("every smaller class was processed before");
        if s.value != Some(value) {
            continue;
        }
        facts.strictly_minimal = false;
        if s.holds_unique {
            facts.contains_puzzle = true;
            return facts;
        }
        // The subset's optimum, moved back onto `sub` (hence onto this board's frame).
        let p = sets.preimage(&s.optimum, g);
        if facts.second.is_none() && !p.intersects(&m) && p != opt_mask {
            facts.second = Some(p);
        }
    }
    // Second optimum by symmetry: an image of the optimum under the stabiliser.
    for g in 0..sets.group().len() {
        if sets.image(&m, g) == m && sets.image(&opt_mask, g) != opt_mask {
            facts.second = Some(sets.image(&opt_mask, g));
            break;
        }
    }
    facts
}

/// Value, minimality and uniqueness of one class (its key `m`), given every smaller class.
fn process<const W: usize>(
    sets: &WallClasses<W>,
    m: CellSet<W>,
    known: &HashMap<CellSet<W>, ClassInfo<W>>,
    opts: &PuzzleOptions,
    ev: &mut Evaluator,
) -> anyhow::Result<Outcome<W>> {
    let board = sets.board(&m);
    let below = Outcome {
        info: ClassInfo {
            value: None,
            optimum: CellSet::EMPTY,
            holds_unique: false,
        },
        verdict: Verdict::BelowMin,
    };
    if upper_bound(&board).bound < opts.min_value {
        return Ok(below);
    }
    let report = if opts.engine == Engine::Tree {
        // Below the minimum: a tree that refutes it, cheaper than the value's.
        if opts.min_value > 0 && refuted_by_tree(&board, opts.min_value)? {
            return Ok(below);
        }
        // The branch and bound's value, its tree replayed as the refutation of one queen more.
        ev.evaluate(&board, None)?
    } else {
        // The value as the sweep's SAT engine proves it: the branch and bound's optimum as
        // the start, then the solver's UNSAT answer for one queen more; the two must agree.
        let (bnb, start) = unless_stopped(bnb_value(&board, stop_requested))?;
        if bnb < opts.min_value {
            // Below the minimum by the branch and bound: one UNSAT answer at the minimum
            // proves it, cheaper than the value itself.
            if let Some(p) = ev.holds(&board, opts.min_value)? {
                compare_with_bnb(&board, p.len(), bnb)?;
            }
            return Ok(below);
        }
        let report = ev.evaluate(&board, Some(start))?;
        compare_with_bnb(&board, report.value, bnb)?;
        report
    };
    let v = report.value;
    let optimum = report.placement;
    if let Err(e) = check_placement(&board, &optimum) {
        anyhow::bail!("internal error: optimum of {board:?} fails the checker: {e}");
    }
    if v < opts.min_value {
        // Supersets of the same value are below the minimum too: nothing more is needed.
        return Ok(below);
    }
    let opt_mask = sets.set_of(optimum.queens());
    let mut info = ClassInfo {
        value: Some(v as u8),
        optimum: opt_mask,
        holds_unique: false,
    };

    let cheap = cheap_facts(sets, m, v as u8, opt_mask, known);
    if cheap.contains_puzzle {
        info.holds_unique = true;
        return Ok(Outcome {
            info,
            verdict: Verdict::ContainsPuzzle,
        });
    }
    if let Some(p) = cheap.second {
        let second = Placement::new(sets.cells(&p));
        if let Err(e) = check_placement(&board, &second) {
            anyhow::bail!("internal error: second optimum of {board:?} fails the checker: {e}");
        }
        return Ok(Outcome {
            info,
            verdict: Verdict::NotUnique { cheaply: true },
        });
    }

    let t = Instant::now();
    let by_tree = second_optimum_by_tree(&board, v, &optimum)?;
    let second = match opts.engine {
        Engine::Tree => by_tree,
        _ => {
            // The solver's "unique" is an UNSAT answer, an external solver's word: the
            // branch and bound's counting tree (replayed) must say the same.
            let sat = second_optimum(&board, v, &optimum, &opts.value)?.second;
            anyhow::ensure!(
                sat.is_some() == by_tree.is_some(),
                "cross-check failed on {board:?}: SAT says the optimum of {v} queens is {}, the \
                 branch and bound's counting tree says it is {}",
                if sat.is_some() { "not unique" } else { "unique" },
                if by_tree.is_some() { "not unique" } else { "unique" }
            );
            sat
        }
    };
    let proof_seconds = t.elapsed().as_secs_f64();
    if second.is_some() {
        return Ok(Outcome {
            info,
            verdict: Verdict::NotUnique { cheaply: false },
        });
    }
    info.holds_unique = true;
    let (canon, sym) = board.canonical();
    let solution = optimum.image_on(sym, &board);
    if let Err(e) = check_placement(&canon, &solution) {
        anyhow::bail!("internal error: puzzle solution on {canon:?} fails the checker: {e}");
    }
    let walls = canon.walls();
    let near_solutions = match v {
        0 => 0,
        _ => unless_stopped(bnb_count(&canon, v - 1, stop_requested))?.0,
    };
    let puzzle = Puzzle {
        rows: opts.rows,
        cols: opts.cols,
        bits: (opts.rows <= 8 && opts.cols <= 8)
            .then(|| to_bits64(&walls).ok())
            .flatten(),
        walls,
        value: v,
        solution,
        orbit: canon.orbit_size(),
        stabiliser: canon.stabiliser().len(),
        strictly_minimal: cheap.strictly_minimal,
        near_solutions,
        proof_seconds,
    };
    Ok(Outcome {
        info,
        verdict: Verdict::Unique(Box::new(puzzle)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{brute_count, brute_value};
    use itertools::Itertools;
    use std::collections::BTreeSet;
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
