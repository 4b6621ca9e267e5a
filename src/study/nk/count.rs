//! N+k counts of one n and k, each a chunked run: its spec, the rows counter's or the
//! classes' items, how a chunk is counted and checked, and the report.

use super::sat::sat_count;
use super::symmetric::UpToSymmetry;
use crate::board::{Coord, WallClasses};
use crate::check::{NkCount, NkCounter, Reduction, count_row_perfect, row_segment_count};
use crate::run::interrupt::{check_stop, stop_requested, unless_stopped};
use crate::run::{Provenance, Reporter, Shard, thread_cpu_seconds, thread_cpu_since};
use crate::study::chunk_store::{ChunkRun, bad_chunk};
use crate::study::chunked_run::{
    ChunkHeader, ChunkId, ChunkedRun, Chunks, ReadChunk, RunKind, Tally, WholeRun, drive, merge,
};
use crate::study::counts::Counts;
use crate::with_cell_width;
use anyhow::ensure;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Instant;

crate::choices! {
/// How the placements are counted.
pub enum NkMethod {
    /// Row by row over every wall set at once (fastest; no per-class figures).
    #[default]
    Rows = "rows",
    /// Per symmetry class of wall sets, the row counter on each representative.
    Classes = "classes",
    /// Per symmetry class, SAT enumeration on each representative.
    Sat = "sat",
}
}

/// What a run counts (kept in its output directory: a resumed run must ask the same).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NkSpec {
    pub n: usize,
    pub k: usize,
    pub method: NkMethod,
    #[serde(flatten)]
    pub mirroring: Mirroring,
    /// `rows` by the sides' keys: the corner's placements split by a second key
    /// ([`crate::check::Corner`]), as every count by the sides' keys is since round 42. The
    /// spec files of earlier such runs lack it: their chunks hold other tasks, so they are
    /// refused rather than resumed or merged.
    #[serde(default, skip_serializing_if = "is_false")]
    pub corner: bool,
    /// `rows` by the sides' keys: the placements whose right side's queen ties the least key
    /// above 0 from the top searched apart and only when four keys tie in a turn of the square
    /// ([`crate::check::TaskWeight`]'s `right`), as since round 43. Earlier such runs lack it
    /// and are refused the same way.
    #[serde(default, skip_serializing_if = "is_false")]
    pub right_key: bool,
    /// `rows`: rows fixed in a prefix task.
    pub depth: usize,
    /// Items per chunk.
    pub chunk: usize,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The row counter's symmetry reduction as a spec file and a count's report state it: three
/// flags, the last two absent when false (the files of runs made before they existed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mirroring {
    /// `rows`: count the mirror image of a placement with it (false: every placement itself,
    /// a recount on no symmetry reduction).
    pub mirror: bool,
    /// `rows` with the mirror: search the right half of row 0 instead of the left (a recount
    /// on the other half).
    #[serde(default, skip_serializing_if = "is_false")]
    pub mirror_right: bool,
    /// `rows` with the mirror: the 8 symmetries of the square instead, by the sides' keys
    /// ([`Reduction::Sides`]).
    #[serde(default, skip_serializing_if = "is_false")]
    pub sides: bool,
}

impl Mirroring {
    /// The reduction the flags name.
    pub fn reduction(&self) -> Reduction {
        match (self.mirror, self.mirror_right, self.sides) {
            (false, ..) => Reduction::Off,
            (true, true, _) => Reduction::Right,
            (true, false, true) => Reduction::Sides,
            (true, false, false) => Reduction::Left,
        }
    }

    /// The reduction a count by `method` used, as its report states it: each flag set only
    /// where it applies (none for the per-class methods, which reduce by wall classes).
    pub(super) fn used_by(&self, method: NkMethod) -> Mirroring {
        let rows = method == NkMethod::Rows;
        let reduction = self.reduction();
        Mirroring {
            mirror: self.mirror && rows,
            mirror_right: reduction == Reduction::Right && rows,
            sides: reduction == Reduction::Sides && rows,
        }
    }
}

fn no_ties(by_ties: &[u64; 8]) -> bool {
    by_ties.iter().all(|&c| c == 0)
}

impl NkSpec {
    /// The run's directory name: `NxN-Kw-METHOD`, `-all` when the mirror is not used, `-right`
    /// when it searches the right half, `-sides` with the sides' keys.
    pub fn dir_name(&self) -> String {
        let suffix = match self.reduction() {
            Reduction::Off if self.method == NkMethod::Rows => "-all",
            Reduction::Right => "-right",
            Reduction::Sides => "-sides",
            _ => "",
        };
        format!("{0}x{0}-{1}w-{2}{suffix}", self.n, self.k, self.method.name())
    }

    /// The row counter's symmetry reduction.
    pub fn reduction(&self) -> Reduction {
        self.mirroring.reduction()
    }
}

/// How a run goes: shard, extra chunk directories, progress.
#[derive(Clone, Debug, Default)]
pub struct NkOptions {
    pub shard: Option<Shard>,
    pub merge_from: Vec<PathBuf>,
    pub progress: Reporter,
}

/// A class of wall sets with placements: its least image, how many boards it holds, and the
/// placements of n + k queens on each of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NkClass {
    pub walls: Vec<Coord>,
    pub boards: u64,
    pub per_board: u64,
}

/// One finished chunk: items `first..first + items`, their placements, the classes with
/// placements (per-class methods), and the CPU seconds they took. With the sides' keys the
/// placements are `by_ties` instead (`placements` is 0): canonical placements by how many keys
/// tie at the least, whose weights add up to whole placements only over the whole count.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct ChunkDoc {
    chunk: usize,
    first: usize,
    items: usize,
    placements: u64,
    #[serde(default, skip_serializing_if = "no_ties")]
    by_ties: [u64; 8],
    classes: Vec<NkClass>,
    cpu_seconds: f64,
}

/// What the per-class methods count beside the placements (every field `None` for `rows`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerClass {
    /// Classes of wall sets with a placement, and their boards.
    pub classes_with_placements: Option<u64>,
    pub boards_with_placements: Option<u64>,
    /// Every class of k-wall sets examined.
    pub classes_examined: Option<u64>,
}

/// The count of a whole run, or `None` for a shard (whose chunks wait for the merge).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NkReport {
    /// The board's side and its walls; the queens are `n + k`.
    pub n: usize,
    pub k: usize,
    pub queens: usize,
    pub method: NkMethod,
    /// The reduction the count used (`Mirroring::used_by`).
    #[serde(flatten)]
    pub mirroring: Mirroring,
    /// Placements of n + k queens over every board.
    pub placements: u64,
    #[serde(flatten)]
    pub per_class: PerClass,
    /// Prefix tasks or wall classes, cut into `chunks`, of which `chunks_resumed` were there
    /// before this invocation (all of them for a merge).
    pub items: usize,
    pub chunks: usize,
    pub chunks_resumed: usize,
    /// CPU seconds summed over the chunks (on whatever run made them).
    pub cpu_seconds: f64,
    /// Wall-clock seconds of this invocation.
    pub elapsed_seconds: f64,
    #[serde(flatten)]
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classes: Vec<NkClass>,
    /// Where this count was read from (`--placements-from`) instead of counted by this run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_from: Option<PathBuf>,
    /// How the file read from was vouched for (`check_count_file`).
    #[serde(skip)]
    pub read_check: Option<CountCheck>,
    /// With `--up-to-symmetry`: the configurations up to the 8 symmetries (on the first count
    /// of its n and k).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub up_to_symmetry: Option<UpToSymmetry>,
}

/// Whether N+k counting takes boards of side `n`: 1 to 32.
pub(super) fn check_side(n: usize) -> anyhow::Result<()> {
    ensure!((1..=32).contains(&n), "N+k counting takes sides 1 to 32, not {n}");
    Ok(())
}

/// Whether a request, one count or a table over sizes and walls, can be counted: every side
/// from 1 to 32, and at least one cell whose `k` walls fit on `n × n`. The table's other cells
/// hold 0 placements (no set of `k` walls exists there, and the OEIS tables give 0), so a range
/// of sizes from 1 is not refused for its small boards. Checked before the first count.
pub fn check_request(sizes: &Counts, walls: &Counts) -> anyhow::Result<()> {
    for n in sizes.iter() {
        check_side(n)?;
    }
    let (n, k) = (sizes.max(), walls.min());
    ensure!(
        k <= n * n,
        "--walls {k}: more walls than the {n}x{n} board has squares"
    );
    Ok(())
}

/// Counts (or resumes counting) into `out`: the whole count, a shard finished, or how far
/// a run a stop signal ended got.
pub fn count_nk(spec: &NkSpec, opts: &NkOptions, out: &Path) -> anyhow::Result<ChunkRun<NkReport>> {
    check_side(spec.n)?;
    ensure!(spec.chunk > 0, "--chunk must be at least 1");
    with_cell_width!(spec.n * spec.n, W => count_in::<W>(spec, opts, out))
}

/// The items of a run: prefix tasks of the row counter, or class representatives.
enum Items<const W: usize> {
    Tasks(NkCounter, Vec<crate::check::NkTask>),
    Classes(WallClasses<W>, Vec<crate::board::CellSet<W>>),
}

impl<const W: usize> Items<W> {
    fn len(&self) -> usize {
        match self {
            Items::Tasks(_, t) => t.len(),
            Items::Classes(_, c) => c.len(),
        }
    }

    /// Counts items `range` of the run.
    fn count(&self, spec: &NkSpec, range: std::ops::Range<usize>) -> anyhow::Result<(NkCount, Vec<NkClass>)> {
        let queens = spec.n + spec.k;
        match self {
            Items::Tasks(counter, tasks) => {
                let mut total = NkCount::default();
                for t in &tasks[range] {
                    check_stop()?;
                    total = total
                        .checked_add(&unless_stopped(counter.count_task_until(t, stop_requested))?)
                        .ok_or_else(|| anyhow::anyhow!("internal error: a chunk's count overflows"))?;
                }
                Ok((total, vec![]))
            }
            Items::Classes(wc, sets) => {
                let mut total = 0;
                let mut found = Vec::new();
                for set in &sets[range] {
                    check_stop()?;
                    let board = wc.board(set);
                    let per_board = match spec.method {
                        NkMethod::Sat => sat_count(&board, queens, None)?,
                        _ if row_segment_count(&board) < queens => 0,
                        _ => count_row_perfect(&board),
                    };
                    if per_board > 0 {
                        let boards = wc.orbit_size(set) as u64;
                        total += boards * per_board;
                        found.push(NkClass {
                            walls: wc.cells(set),
                            boards,
                            per_board,
                        });
                    }
                }
                let total = NkCount {
                    placements: total,
                    ..NkCount::default()
                };
                Ok((total, found))
            }
        }
    }
}

/// The classes of a chunk read back against its items (class representatives, in order):
/// each one of them, in order and once, with its orbit as its boards and some placements. The
/// per-board counts are the chunk's seal's to vouch for: counting again is the run's work.
fn check_classes<const W: usize>(
    wc: &WallClasses<W>,
    items: &[crate::board::CellSet<W>],
    classes: &[NkClass],
) -> Result<(), String> {
    let mut rest = items.iter();
    for c in classes {
        let Some(set) = rest.find(|s| wc.cells(s) == c.walls) else {
            return Err(format!(
                "the class of walls {:?} is not one of the chunk's classes (in order, once)",
                c.walls
            ));
        };
        let orbit = wc.orbit_size(set) as u64;
        if c.boards != orbit || c.per_board == 0 {
            return Err(format!(
                "the class of walls {:?} states {} boards and {} placements each; it has {orbit} \
                 boards, and a class without placements is not listed",
                c.walls, c.boards, c.per_board
            ));
        }
    }
    Ok(())
}

/// One N+k count as a chunked run: its items, cut into chunks of `spec.chunk`.
pub(super) struct NkRun<'a, const W: usize> {
    spec: &'a NkSpec,
    items: Items<W>,
    pub(super) plan: Vec<ChunkId>,
    started: Instant,
}

impl<const W: usize> ChunkedRun for NkRun<'_, W> {
    type Chunk = ChunkDoc;
    const ITEMS: &'static str = "items";

    fn plan(&self) -> &[ChunkId] {
        &self.plan
    }

    fn title(&self) -> String {
        format!("N+k n={} k={}: chunks", self.spec.n, self.spec.k)
    }

    fn compute(&self, id: &ChunkId, tick: &(dyn Fn(u64) + Sync)) -> anyhow::Result<ChunkDoc> {
        let cpu = thread_cpu_seconds();
        let (count, classes) = self.items.count(self.spec, id.first..id.first + id.len)?;
        tick(1);
        Ok(ChunkDoc {
            chunk: id.chunk,
            first: id.first,
            items: id.len,
            placements: count.placements,
            by_ties: count.by_ties,
            classes,
            cpu_seconds: thread_cpu_since(cpu),
        })
    }

    fn header(doc: &ChunkDoc) -> ChunkHeader {
        ChunkHeader {
            walls: None,
            chunk: doc.chunk,
            first: doc.first,
            len: doc.items,
        }
    }

    /// The classes are the chunk's own and add up to its count; the per-board counts are the
    /// seal's to vouch for (counting again is the run's work).
    fn check(&self, id: &ChunkId, doc: &ChunkDoc, _fresh: bool) -> Result<(), String> {
        let sides = matches!(self.items, Items::Tasks(..)) && self.spec.reduction() == Reduction::Sides;
        if sides && doc.placements != 0 {
            return Err("it states whole placements in a count by the sides' keys".into());
        }
        if !sides && !no_ties(&doc.by_ties) {
            return Err("it states placements by ties outside a count by the sides' keys".into());
        }
        if let Items::Classes(wc, sets) = &self.items {
            check_classes(wc, &sets[id.first..id.first + id.len], &doc.classes)?;
            let weighed = doc
                .classes
                .iter()
                .try_fold(0u64, |t, c| c.boards.checked_mul(c.per_board)?.checked_add(t))
                .ok_or("its classes' counts overflow")?;
            if weighed != doc.placements {
                return Err(format!(
                    "its classes hold {weighed} placements, not the {} it states",
                    doc.placements
                ));
            }
        }
        Ok(())
    }
}

impl<const W: usize> WholeRun for NkRun<'_, W> {
    type Report = NkReport;

    fn assemble(&self, chunks: &mut Chunks<ChunkDoc>, tally: &Tally) -> anyhow::Result<NkReport> {
        let spec = self.spec;
        let mut report = NkReport {
            n: spec.n,
            k: spec.k,
            queens: spec.n + spec.k,
            method: spec.method,
            mirroring: spec.mirroring.used_by(spec.method),
            placements: 0,
            per_class: PerClass::default(),
            items: self.items.len(),
            chunks: tally.chunks,
            chunks_resumed: tally.resumed,
            cpu_seconds: 0.0,
            elapsed_seconds: 0.0,
            provenance: Provenance::now(),
            classes: Vec::new(),
            read_from: None,
            read_check: None,
            up_to_symmetry: None,
        };
        let mut count = NkCount::default();
        for read in chunks {
            let ReadChunk { chunk: doc, path, .. } = read?;
            let chunk = NkCount {
                placements: doc.placements,
                by_ties: doc.by_ties,
            };
            count = count
                .checked_add(&chunk)
                .ok_or_else(|| bad_chunk(&path, "its count overflows the total"))?;
            report.cpu_seconds += doc.cpu_seconds;
            report.classes.extend(doc.classes);
        }
        // Each chunk is checked alone; only the whole count's weights must add up.
        report.placements = count.total().ok_or_else(|| {
            anyhow::anyhow!(
                "the chunks' placements by ties {:?} do not add up to whole placements",
                count.by_ties
            )
        })?;
        if let Items::Classes(..) = self.items {
            report.per_class = PerClass {
                classes_with_placements: Some(report.classes.len() as u64),
                boards_with_placements: Some(report.classes.iter().map(|c| c.boards).sum()),
                classes_examined: Some(self.items.len() as u64),
            };
        }
        report.elapsed_seconds = self.started.elapsed().as_secs_f64();
        Ok(report)
    }
}

impl<const W: usize> NkRun<'_, W> {
    pub(super) fn new(spec: &NkSpec) -> anyhow::Result<NkRun<'_, W>> {
        let started = Instant::now();
        ensure!(
            spec.reduction() != Reduction::Sides
                || spec.method != NkMethod::Rows
                || (spec.corner && spec.right_key),
            "a count by the sides' keys made by an earlier queensat (its nk.json has no \"corner\" or \
             no \"right_key\"): its chunks hold the tasks of an earlier search, which this version \
             no longer makes; count again into a new directory"
        );
        let items: Items<W> = match spec.method {
            NkMethod::Rows => {
                let counter = NkCounter::new(spec.n);
                let tasks = counter.tasks(spec.k, spec.depth, spec.reduction());
                Items::Tasks(counter, tasks)
            }
            NkMethod::Classes | NkMethod::Sat => {
                let wc = WallClasses::<W>::new(spec.n, spec.n)?;
                let classes = wc.classes_within_limit(spec.k)?;
                Items::Classes(wc, classes)
            }
        };
        let n_items = items.len();
        // A count of no items still has its one (empty) chunk.
        let plan = (0..n_items.div_ceil(spec.chunk).max(1))
            .map(|j| {
                let first = j * spec.chunk;
                ChunkId {
                    walls: spec.k,
                    chunk: j,
                    first,
                    len: (first + spec.chunk).min(n_items) - first.min(n_items),
                }
            })
            .collect();
        Ok(NkRun {
            spec,
            items,
            plan,
            started,
        })
    }
}

/// What the seal of a count's `count.json` binds: the kind of file (the count it is of, its n,
/// k, method and reduction, is in its content).
pub(super) const COUNT_SEAL: &str = "count.json of an N+k count";

/// Writes the count's report, sealed, into its directory.
pub(super) fn write_count(out: &Path, report: &NkReport) -> anyhow::Result<()> {
    let text = crate::io::sealed_json(report, COUNT_SEAL, true)?;
    crate::io::write_atomic(&out.join("count.json"), text.as_bytes())
}

/// How a finished count's `count.json` read back (`check_count_file`) was vouched for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountCheck {
    /// Its chunks beside it add up to it (and its seal, if it has one, holds).
    Chunks,
    /// Its seal holds (not all of its chunks are beside it).
    Sealed,
    /// Neither: a file written before `count.json` was sealed, its chunks gone (the committed
    /// counts of `results/nk`) or only some of them there; its placements are its word.
    Unsealed,
}

fn count_in<const W: usize>(
    spec: &NkSpec,
    opts: &NkOptions,
    out: &Path,
) -> anyhow::Result<ChunkRun<NkReport>> {
    let run = NkRun::<W>::new(spec)?;
    if !opts.merge_from.is_empty() {
        // A shard directory of another count (or none at all) would silently add nothing.
        holds_runs(&opts.merge_from, &spec.dir_name())?;
        let theirs: NkSpec = RunKind::Nk.common_spec(&opts.merge_from)?;
        ensure!(
            theirs == *spec,
            "--merge-from {}: a different N+k count from this one",
            opts.merge_from[0].display()
        );
    }
    let store = RunKind::Nk.open(out, spec)?.reading_from(&opts.merge_from);
    let (outcome, _) = drive(&run, &store, opts.shard.unwrap_or(Shard::ALL), &opts.progress)?;
    if let ChunkRun::Whole(report) = &outcome {
        write_count(out, report)?;
    }
    Ok(outcome)
}

/// Merges the shard directories of one N+k count into `out` (`queensat merge`): the count of
/// an unsharded run, from the shards' chunks alone; `out` is written whole or not at all.
pub fn merge_nk(dirs: &[PathBuf], out: &Path) -> anyhow::Result<NkReport> {
    let spec: NkSpec = RunKind::Nk.common_spec(dirs)?;
    check_side(spec.n)?;
    ensure!(spec.chunk > 0, "{}: a chunk of 0 items", dirs[0].display());
    with_cell_width!(spec.n * spec.n, W => {
        let run = NkRun::<W>::new(&spec)?;
        crate::io::new_dir_or_nothing(out, || {
            let store = RunKind::Nk.open(out, &spec)?.reading_from(dirs);
            let report = merge(&run, &store)?;
            write_count(out, &report)?;
            Ok(report)
        })
    })
}

/// Whether every report of a group (one n and k, several methods) has the same count.
pub fn methods_agree(group: &[NkReport]) -> bool {
    group.windows(2).all(|w| w[0].placements == w[1].placements)
}

/// Fails unless each of `dirs` (`--merge-from`, a table's shard roots already taken for their run folders) holds a run, naming the
/// runs a folder holds when it holds none itself: a shard root of this table made with other
/// options holds runs of other names (`--mirror`'s), not the one called `name`.
fn holds_runs(dirs: &[PathBuf], name: &str) -> anyhow::Result<()> {
    let spec = RunKind::Nk.spec_file();
    let Some(d) = dirs.iter().find(|d| !d.join(spec).is_file()) else {
        return Ok(());
    };
    let mut runs: Vec<String> = std::fs::read_dir(d)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().join(spec).is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    runs.sort();
    let held = match runs.is_empty() {
        true => "no N+k count at all".to_string(),
        false => format!(
            "the {} {} (of other options)",
            crate::io::noun(runs.len(), "run", "runs"),
            runs.join(", ")
        ),
    };
    anyhow::bail!(
        "--merge-from {}: no run of this count there (neither {spec} nor a folder {name}); it holds \
         {held}",
        d.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(n: usize, k: usize, method: NkMethod, mirror: bool) -> NkReport {
        run_half(n, k, method, mirror, false, false)
    }

    fn run_half(
        n: usize,
        k: usize,
        method: NkMethod,
        mirror: bool,
        mirror_right: bool,
        sides: bool,
    ) -> NkReport {
        let dir = tempfile::tempdir().unwrap();
        let spec = NkSpec {
            n,
            k,
            method,
            mirroring: Mirroring {
                mirror,
                mirror_right,
                sides,
            },
            corner: sides,
            right_key: sides,
            depth: 2,
            chunk: 7,
        };
        count_nk(&spec, &NkOptions::default(), dir.path())
            .unwrap()
            .whole()
            .unwrap()
    }

    #[test]
    fn three_methods_agree() {
        for (n, k) in [(6, 1), (7, 2), (8, 3)] {
            let rows = run(n, k, NkMethod::Rows, true).placements;
            assert_eq!(run(n, k, NkMethod::Rows, false).placements, rows, "n={n} k={k}");
            let right = run_half(n, k, NkMethod::Rows, true, true, false);
            assert!(right.mirroring.mirror_right, "n={n} k={k}");
            assert_eq!(right.placements, rows, "n={n} k={k}");
            let sides = run_half(n, k, NkMethod::Rows, true, false, true);
            assert!(
                sides.mirroring.sides && !sides.mirroring.mirror_right,
                "n={n} k={k}"
            );
            assert_eq!(sides.placements, rows, "n={n} k={k}");
            let classes = run(n, k, NkMethod::Classes, true);
            assert_eq!(classes.placements, rows, "n={n} k={k}");
            let sat = run(n, k, NkMethod::Sat, true);
            assert_eq!(sat.placements, rows, "n={n} k={k}");
            assert_eq!(sat.classes, classes.classes, "n={n} k={k}");
        }
    }

    /// The row counter on 7×7 with 2 walls in one chunk, by the mirror or the sides' keys.
    fn seven_by_two(sides: bool, current: bool) -> NkSpec {
        NkSpec {
            n: 7,
            k: 2,
            method: NkMethod::Rows,
            mirroring: Mirroring {
                mirror: true,
                mirror_right: false,
                sides,
            },
            corner: current,
            right_key: current,
            depth: 2,
            chunk: 1000,
        }
    }

    /// A chunk states its placements the way its count's reduction weighs them: by ties with
    /// the sides' keys, whole placements otherwise; a chunk stating the other is refused.
    #[test]
    fn chunks_state_placements_as_their_reduction_weighs_them() {
        for sides in [true, false] {
            let spec = seven_by_two(sides, sides);
            let run = NkRun::<1>::new(&spec).unwrap();
            let id = run.plan[0];
            let doc = run.compute(&id, &|_| {}).unwrap();
            assert!(run.check(&id, &doc, true).is_ok(), "sides {sides}");
            assert_eq!(no_ties(&doc.by_ties), !sides);
            let mut other = doc.clone();
            if sides {
                other.placements = 4;
            } else {
                other.by_ties[0] = 4;
            }
            assert!(run.check(&id, &other, false).is_err(), "sides {sides}");
        }
    }

    /// A run by the sides' keys from before the corner's second key, or from before the right
    /// side's key was searched apart (round 42's), holds other tasks: its directory is refused,
    /// by a run and by a merge.
    #[test]
    fn sides_runs_without_the_corner_or_right_key_are_refused() {
        let round_42 = NkSpec {
            corner: true,
            ..seven_by_two(true, false)
        };
        for spec in [seven_by_two(true, false), round_42] {
            let dir = tempfile::tempdir().unwrap();
            let err = count_nk(&spec, &NkOptions::default(), dir.path()).unwrap_err();
            assert!(err.to_string().contains("made by an earlier queensat"), "{err}");
            let old = dir.path().join("old");
            std::fs::create_dir(&old).unwrap();
            std::fs::write(old.join("nk.json"), serde_json::to_string(&spec).unwrap()).unwrap();
            let err = merge_nk(&[old], &dir.path().join("merged")).unwrap_err();
            assert!(err.to_string().contains("made by an earlier queensat"), "{err}");
        }
    }

    #[test]
    fn shards_merge_to_the_whole_and_chunks_are_checked() {
        let spec = NkSpec {
            n: 8,
            k: 2,
            method: NkMethod::Classes,
            mirroring: Mirroring {
                mirror: true,
                ..Mirroring::default()
            },
            corner: false,
            right_key: false,
            depth: 2,
            chunk: 50,
        };
        let (a, b, m) = (
            tempfile::tempdir().unwrap(),
            tempfile::tempdir().unwrap(),
            tempfile::tempdir().unwrap(),
        );
        for (i, d) in [(1, &a), (2, &b)] {
            let opts = NkOptions {
                shard: Some(Shard { index: i, count: 2 }),
                ..NkOptions::default()
            };
            assert!(count_nk(&spec, &opts, d.path()).unwrap().whole().is_none());
        }
        let opts = NkOptions {
            merge_from: vec![a.path().to_path_buf(), b.path().to_path_buf()],
            ..NkOptions::default()
        };
        let merged = count_nk(&spec, &opts, m.path()).unwrap().whole().unwrap();
        assert_eq!(merged.placements, 44);
        assert_eq!(merged.chunks_resumed, merged.chunks);
        // A chunk that claims other items is refused: its seal no longer holds.
        let chunk = a.path().join("chunks").join("2w-000000.json");
        let text = std::fs::read_to_string(&chunk)
            .unwrap()
            .replace("\"first\":0", "\"first\":1");
        std::fs::write(&chunk, text).unwrap();
        let err = count_nk(&spec, &opts, tempfile::tempdir().unwrap().path()).unwrap_err();
        assert!(err.to_string().contains("seal does not match"), "{err}");
    }
}
