//! What every cube run splits on: the queens of chosen rows, segment by segment, each segment
//! cut into ranges of free cells; and how long such a run would take on many workers.

use crate::board::{Board, Coord, Family};
use anyhow::ensure;

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
