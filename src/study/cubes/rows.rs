//! What every cube run cut on rows splits on: the queens of chosen rows, segment by segment,
//! each segment cut into ranges of free cells; the plan such a spec makes of its cubes
//! ([`RowPlan`]); and how long such a run would take on many workers.

use super::cover::{Choice, CoverRules, check_counted_cover};
use super::plan::CubePlan;
use crate::board::{Board, Coord, Family};
use crate::engine::Cube;
use crate::study::chunked_run::RunKind;
use crate::study::cubes::CubeCut;
use anyhow::ensure;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::hash::Hash;

/// The split rows of `board`: `split` of them, the middle one first, then alternately below
/// and above it.
pub fn split_rows(board: &Board, split: usize) -> anyhow::Result<Vec<usize>> {
    let n = board.rows();
    ensure!(split >= 1, "--split-rows {split}: must be at least 1");
    ensure!(split <= n, "--split-rows {split}: the board has {n} rows");
    let mid = n / 2;
    let rows = (0..n)
        .map(|i| match i % 2 {
            0 => mid + i / 2,
            _ => mid - i.div_ceil(2),
        })
        .filter(|&r| r < n)
        .take(split)
        .collect();
    Ok(rows)
}

/// What a cube run cut on a board's rows splits (a value's, the largest armies'): `board`, cut
/// by `cut`.
#[derive(Clone, Debug)]
pub struct CubeAsk {
    pub board: Board,
    pub cut: CubeCut,
}

/// How a spec cut on rows is made: `board`'s split rows (`cut.split` of them) and the
/// narrowest range width whose cubes keep to `cut.cubes` ([`narrowest_width`], `choices` as
/// there).
pub fn cut_rows(
    board: &Board,
    cut: &CubeCut,
    choices: impl Fn(usize) -> Option<usize>,
) -> anyhow::Result<(Vec<usize>, usize)> {
    let cubes = cut.cubes;
    ensure!(cubes >= 1, "--cubes {cubes}: at least one cube");
    let rows = split_rows(board, cut.split)?;
    let width = narrowest_width(&row_segments(board, &rows), cubes, choices);
    Ok((rows, width))
}

/// Checks the split of a cube run's spec read back: `rows` are `board`'s first split rows, as
/// [`split_rows`] makes them, and each range holds at least one cell.
pub fn check_split(board: &Board, rows: &[usize], width: usize) -> anyhow::Result<()> {
    ensure!(width >= 1, "a cube run with ranges of 0 cells");
    ensure!(
        split_rows(board, rows.len()).is_ok_and(|want| want == rows),
        "a cube run split on rows {rows:?}, not the first {} split rows of a {}x{} board",
        rows.len(),
        board.rows(),
        board.cols()
    );
    Ok(())
}

/// The free cells of each segment of `rows`, segment by segment (segments with none left out).
pub fn row_segments(board: &Board, rows: &[usize]) -> Vec<Vec<Coord>> {
    board
        .segments_of(Family::Row)
        .iter()
        .filter(|s| rows.contains(&s.cells[0].0))
        .map(|s| s.free_cells(board).collect::<Vec<_>>())
        .filter(|cells| !cells.is_empty())
        .collect()
}

/// The narrowest range width whose cubes keep to `most`, where `choices(ranges)` is how many
/// choices a segment (of cells, or of whatever is cut into ranges) cut into `ranges` ranges
/// gives (the widest segment whole when none does).
pub fn narrowest_width<T>(
    segments: &[Vec<T>],
    most: usize,
    choices: impl Fn(usize) -> Option<usize>,
) -> usize {
    let count = |w: usize| cube_count(segments, w, &choices);
    let widest = segments.iter().map(Vec::len).max().unwrap_or(1);
    (1..=widest)
        .find(|&w| count(w).is_some_and(|n| n <= most))
        .unwrap_or(widest)
}

/// How many cubes `segments` cut into ranges of `width` make, counted without making them,
/// where `choices(ranges)` is how many choices a segment cut into `ranges` ranges gives;
/// `None` for a width of 0 (no ranges at all) or a count beyond `usize`.
pub fn cube_count<T>(
    segments: &[Vec<T>],
    width: usize,
    choices: impl Fn(usize) -> Option<usize>,
) -> Option<usize> {
    if width == 0 {
        return None;
    }
    (segments.iter()).try_fold(1usize, |n, s| n.checked_mul(choices(s.len().div_ceil(width))?))
}

/// A spec cut on rows, as its plan needs it: its segments and their ranges, what a cube
/// chooses on each, and how many choices there are. Its [`CubePlan`] is the same for every such
/// spec: the cubes are the product over the segments of their choices, counted without making
/// them, and cubes read back are checked by counting ([`check_counted_cover`]). A spec is its
/// own plan.
pub trait RowPlan: Serialize + DeserializeOwned + PartialEq + Clone + Sync {
    type Cube: Serialize + DeserializeOwned + PartialEq + Clone + Send + Sync + Default;
    /// What a cube chooses on a segment: two cubes share it only when they choose alike.
    type Choice: Eq + Hash;
    /// The kind of run (see [`CubePlan::KIND`]).
    const KIND: RunKind;

    /// The cubes `cube` (made on the segments before) makes on the segment `seg` (its cells)
    /// cut into `ranges`, in plan order.
    fn choose(cube: &Self::Cube, seg: &[Coord], ranges: &[&[Coord]]) -> Vec<Self::Cube>;
    /// How many choices a segment cut into `ranges` ranges gives (`None`: too many to count).
    fn choices(ranges: usize) -> Option<usize>;
    /// The cells of each segment of the split rows, segment by segment, and the most cells of
    /// a range.
    fn segments(&self) -> (Vec<Vec<Coord>>, usize);
    /// The cell sets a cube is made of (one per kind of variable the cubes speak of).
    fn layers(cube: &Self::Cube) -> Vec<&Cube>;
    /// What `cube` chooses on `seg` (its cells, sorted), or why it makes no choice there.
    fn choice(cube: &Self::Cube, seg: &[Coord]) -> Choice<Self::Choice>;
}

impl<S: RowPlan> CubePlan for S {
    type Spec = S;
    type Cube = S::Cube;
    const KIND: RunKind = S::KIND;

    fn spec(&self) -> &S {
        self
    }

    /// For each segment in turn, each cube so far followed by those it makes there.
    fn cubes(&self) -> Vec<S::Cube> {
        let (segments, width) = self.segments();
        segments.iter().fold(vec![S::Cube::default()], |cubes, seg| {
            let ranges: Vec<&[Coord]> = seg.chunks(width).collect();
            cubes.iter().flat_map(|c| S::choose(c, seg, &ranges)).collect()
        })
    }

    fn cube_count(&self) -> Option<usize> {
        let (segments, width) = self.segments();
        cube_count(&segments, width, S::choices)
    }

    fn check_cover(&self, cubes: &[&S::Cube]) -> Result<(), String> {
        let rules = CoverRules {
            segments: self.segments().0,
            layers: &S::layers,
            choice: &S::choice,
            choices: &S::choices,
        };
        check_counted_cover(&rules, cubes)
    }
}

/// The n×n board with walls on `walls` (a cell list).
#[cfg(test)]
pub(crate) fn board(n: usize, walls: &str) -> Board {
    Board::with_walls(n, n, &crate::board::parse_cell_list(walls).unwrap()).unwrap()
}

/// What splits `board` on `split` rows into at most `cubes` cubes, uncertified.
#[cfg(test)]
pub(crate) fn ask(board: &Board, split: usize, cubes: usize) -> CubeAsk {
    CubeAsk {
        board: board.clone(),
        cut: CubeCut::uncertified(split, cubes),
    }
}

/// Asserts what the cover check of every plan cut on rows must see, and returns its cubes (for
/// the checks a plan has of its own): they are as many as it counts without making them (as a
/// merge counts the plan of a spec it reads back) and cover it; one missing, one doubled, and
/// the first made by `off` to name a cell off the split rows are each refused.
#[cfg(test)]
pub(crate) fn assert_counted_cover<P: RowPlan>(plan: &P, off: impl FnOnce(&mut P::Cube)) -> Vec<P::Cube> {
    let cubes = plan.cubes();
    assert_eq!(plan.cube_count(), Some(cubes.len()));
    let all: Vec<&P::Cube> = cubes.iter().collect();
    assert_eq!(plan.check_cover(&all), Ok(()));
    let missing = plan.check_cover(&all[1..]).unwrap_err();
    assert!(
        missing.contains(&format!("{} cubes", cubes.len() - 1)),
        "{missing}"
    );
    let mut with = all.clone();
    with[0] = all[1];
    assert!(plan.check_cover(&with).unwrap_err().contains("again"));
    let mut foreign = cubes[0].clone();
    off(&mut foreign);
    with[0] = &foreign;
    let e = plan.check_cover(&with).unwrap_err();
    assert!(e.contains("not a free cell"), "{e}");
    cubes
}

/// The time cubes of these CPU seconds would take on `workers` workers, each taking the longest
/// cube left (no start-up or queue time).
pub fn makespan(cube_seconds: &[f64], workers: usize) -> f64 {
    let mut times = cube_seconds.to_vec();
    times.sort_by(|a, b| b.total_cmp(a));
    let mut load = vec![0.0f64; workers.max(1)];
    for t in times {
        let least = (0..load.len())
            .min_by(|&a, &b| load[a].total_cmp(&load[b]))
            .expect("at least one worker");
        load[least] += t;
    }
    load.into_iter().fold(0.0, f64::max)
}
