//! Least walls split into cubes: what a cube is, every cube of a run, and the check that they
//! cover the question.
//!
//! The walls are unknowns, so a split row is one segment of all its cells. It is cut into
//! ranges of at most `width` cells; a cube chooses, for each range, whether it holds a queen
//! (one or more) or none, and whether it holds a wall (one or more) or none: 4 choices a range.
//! Every board with its queens lies in exactly one cube, so [`check_cover`] only has to count.

use super::report::FoundBoard;
use crate::board::{Board, Coord};
use crate::encode::{WallModel, WallOptions};
use crate::engine::Cube;
use crate::study::cubes::cover::{CoverRules, check_counted_cover};
use crate::study::cubes::rows::{check_split, cube_count, narrowest_width, row_segments, split_rows};
use anyhow::ensure;
use rustsat::types::Clause;
use serde::{Deserialize, Serialize};

/// What a least-walls cube run answers (kept in its folder: a resumed run or a shard must ask
/// the same).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WallCubeSpec {
    pub rows: usize,
    pub cols: usize,
    pub queens: usize,
    /// The rows whose queens and walls make the cubes.
    pub split_rows: Vec<usize>,
    /// The most cells of a range: each split row is cut, in order, into runs of `width` cells
    /// (the last shorter).
    pub width: usize,
    pub model: WallOptions,
    /// The start's board and queens: every cube refutes one wall fewer, or holds a board with
    /// fewer and finds its least.
    pub start: FoundBoard,
    /// Whether each cube's refutation is certified by a checked proof.
    pub certify: bool,
    /// Whether each bound of each cube is asked of a fresh solver, as unit clauses, instead of
    /// the worker's kept solver under assumptions.
    #[serde(default)]
    pub fresh_bounds: bool,
}

/// A part of the boards with their queens: the queens as `queens` allows, the walls as `walls`
/// allows (a set of `walls.queen_in` holds one wall or more).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WallCube {
    pub queens: Cube,
    pub walls: Cube,
}

impl WallCube {
    /// Whether `found` (a board and its queens) lies in the cube.
    pub fn holds(&self, found: &FoundBoard) -> bool {
        self.queens.holds(&found.placement) && self.walls.holds_cells(&found.board.walls())
    }

    /// The cube as clauses over `model`'s queen and wall variables.
    pub fn clauses(&self, model: &WallModel) -> Vec<Clause> {
        let queens = self.queens.clauses_over(|p| Some(model.queen_lit(p)));
        let walls = self.walls.clauses_over(|p| Some(model.wall_lit(p)));
        queens.into_iter().chain(walls).collect()
    }
}

/// How many choices a row cut into `ranges` ranges gives: a queen or none, a wall or none,
/// in each range.
fn row_choices(ranges: usize) -> Option<usize> {
    1usize.checked_shl(u32::try_from(ranges.checked_mul(2)?).ok()?)
}

impl WallCubeSpec {
    /// The spec that splits the `rows × cols` question on `split` rows into at most `cubes`
    /// cubes where the rows allow (the narrowest ranges that do; whole rows when even those
    /// make more), every cube asked from `start`.
    pub fn new(
        (rows, cols, queens): (usize, usize, usize),
        split: usize,
        cubes: usize,
        model: WallOptions,
        start: FoundBoard,
        certify: bool,
    ) -> anyhow::Result<WallCubeSpec> {
        ensure!(cubes >= 1, "--cubes {cubes}: at least one cube");
        let shape = Board::new(rows, cols)?;
        let split_rows = split_rows(&shape, split)?;
        let width = narrowest_width(&row_segments(&shape, &split_rows), cubes, row_choices);
        Ok(WallCubeSpec {
            rows,
            cols,
            queens,
            split_rows,
            width,
            model,
            start,
            certify,
            fresh_bounds: false,
        })
    }

    /// How many cubes [`WallCubeSpec::cubes`] makes, counted without making them; `None` when
    /// the rows are not the board's split rows or the count is beyond `usize`.
    pub fn cube_count(&self) -> Option<usize> {
        let shape = Board::new(self.rows, self.cols).ok()?;
        check_split(&shape, &self.split_rows, self.width).ok()?;
        cube_count(&self.row_cells(), self.width, row_choices)
    }

    /// Checks the split of a spec read back (a merge's): the board's first split rows, ranges
    /// of at least one cell.
    pub fn check_split(&self) -> anyhow::Result<()> {
        check_split(&Board::new(self.rows, self.cols)?, &self.split_rows, self.width)
    }

    /// The cells of each split row, in order.
    fn row_cells(&self) -> Vec<Vec<Coord>> {
        (self.split_rows.iter())
            .map(|&r| (0..self.cols).map(|c| (r, c)).collect())
            .collect()
    }

    /// Every cube, in order: for each split row, its ranges' choices counted in binary (the
    /// queens' bits low, the walls' high).
    pub fn cubes(&self) -> Vec<WallCube> {
        self.row_cells()
            .iter()
            .fold(vec![WallCube::default()], |cubes, row| {
                let ranges: Vec<&[Coord]> = row.chunks(self.width).collect();
                let n = ranges.len();
                let mut out = Vec::new();
                for c in &cubes {
                    for bits in 0..1usize << (2 * n) {
                        let mut cube = c.clone();
                        for (i, range) in ranges.iter().enumerate() {
                            for (layer, bit) in [(&mut cube.queens, i), (&mut cube.walls, n + i)] {
                                match bits >> bit & 1 {
                                    1 => layer.queen_in.push(range.to_vec()),
                                    _ => layer.empty.extend(*range),
                                }
                            }
                        }
                        out.push(cube);
                    }
                }
                out
            })
    }
}

/// The sets of cells one layer of a cube holds on `row` (its cells, sorted), or why it does not
/// split the row into its empty cells and its sets.
fn sets_on(layer: &Cube, row: &[Coord]) -> Result<Vec<Vec<Coord>>, String> {
    let (empty, sets) = layer.on(row);
    let mut cells: Vec<Coord> = empty.iter().chain(sets.iter().flatten()).copied().collect();
    cells.sort_unstable();
    match cells == row {
        true => Ok(sets),
        false => Err("does not split a row into its empty cells and its sets".into()),
    }
}

/// Checks that `cubes` cover every choice of the split rows' queens and walls, each once
/// ([`check_counted_cover`]): on every split row each layer's sets and empty cells split the
/// row, and there are 4^ranges choices per row.
pub fn check_cover(spec: &WallCubeSpec, cubes: &[&WallCube]) -> Result<(), String> {
    let rules = CoverRules {
        segments: spec.row_cells(),
        layers: &|c: &WallCube| vec![&c.queens, &c.walls],
        choice: &|cube: &WallCube, row: &[Coord]| {
            let (queens, walls) = (sets_on(&cube.queens, row)?, sets_on(&cube.walls, row)?);
            let sets = queens.iter().chain(&walls).cloned().collect();
            Ok(((queens, walls), sets))
        },
        choices: &row_choices,
    };
    check_counted_cover(&rules, cubes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Placement;

    fn spec(rows: usize, cols: usize, split: usize, cubes: usize) -> WallCubeSpec {
        let start = FoundBoard {
            board: Board::new(rows, cols).unwrap(),
            placement: Placement::default(),
        };
        WallCubeSpec::new(
            (rows, cols, 1),
            split,
            cubes,
            WallOptions::default(),
            start,
            false,
        )
        .unwrap()
    }

    #[test]
    fn the_cubes_cover_every_choice_and_a_missing_doubled_or_foreign_cube_is_seen() {
        // One row of 6 cells: 64 cubes allow ranges of 2 (4^3), 63 only ranges of 3 (4^2).
        let s = spec(6, 6, 1, 64);
        assert_eq!((s.split_rows.clone(), s.width), (vec![3], 2));
        assert_eq!(spec(6, 6, 1, 63).width, 3);
        let cubes = s.cubes();
        assert_eq!((cubes.len(), s.cube_count()), (64, Some(64)));
        let all: Vec<&WallCube> = cubes.iter().collect();
        assert_eq!(check_cover(&s, &all), Ok(()));
        assert!(check_cover(&s, &all[1..]).unwrap_err().contains("63 cubes"));
        let mut twice = all.clone();
        twice[0] = all[1];
        assert!(check_cover(&s, &twice).unwrap_err().contains("again"));
        let mut off = cubes[0].clone();
        off.walls.empty.push((0, 0));
        twice[0] = &off;
        assert!(check_cover(&s, &twice).unwrap_err().contains("not a free cell"));
        let mut short = cubes[1].clone();
        short.walls.empty.pop();
        twice[0] = &short;
        assert!(check_cover(&s, &twice).is_err());
        // Two rows (3 and 2) of whole ranges: 16 cubes.
        let two = spec(6, 6, 2, 16);
        assert_eq!(
            (two.split_rows.clone(), two.width, two.cubes().len()),
            (vec![3, 2], 6, 16)
        );
        let cubes = two.cubes();
        assert_eq!(check_cover(&two, &cubes.iter().collect::<Vec<_>>()), Ok(()));
    }
}
