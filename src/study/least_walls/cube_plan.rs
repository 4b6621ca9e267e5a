//! Least walls split into cubes: what a cube is, every cube of a run, and the check that they
//! cover the question.
//!
//! The walls are unknowns, so a split row is one segment of all its cells. It is cut into
//! ranges of at most `width` cells; a cube chooses, for each range, whether it holds a queen
//! (one or more) or none, and whether it holds a wall (one or more) or none: 4 choices a range.
//! Every board with its queens lies in exactly one cube, so the check that they cover the
//! question ([`RowPlan`]) only has to count.

use super::report::FoundBoard;
use crate::board::{Board, Coord};
use crate::encode::{WallModel, WallOptions};
use crate::engine::Cube;
use crate::study::chunked_run::RunKind;
use crate::study::cubes::CubeCut;
use crate::study::cubes::cover::Choice;
use crate::study::cubes::rows::{RowPlan, check_split, cut_rows};
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

impl WallCubeSpec {
    /// The spec that splits the `rows × cols` question on `cut.split` rows into at most
    /// `cut.cubes` cubes where the rows allow (the narrowest ranges that do; whole rows when
    /// even those make more), every cube asked from `start`.
    pub fn new(
        (rows, cols, queens): (usize, usize, usize),
        cut: &CubeCut,
        model: WallOptions,
        start: FoundBoard,
    ) -> anyhow::Result<WallCubeSpec> {
        let (split_rows, width) = cut_rows(&Board::new(rows, cols)?, cut, WallCubeSpec::choices)?;
        let certify = cut.certify;
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

    /// Checks the split of a spec read back (a merge's): the board's first split rows, ranges
    /// of at least one cell.
    pub fn check_split(&self) -> anyhow::Result<()> {
        check_split(&Board::new(self.rows, self.cols)?, &self.split_rows, self.width)
    }
}

/// On every split row each layer's sets and empty cells split the row, and there are
/// 4^ranges choices per row.
impl RowPlan for WallCubeSpec {
    type Cube = WallCube;
    /// The sets of the queens and of the walls.
    type Choice = (Vec<Vec<Coord>>, Vec<Vec<Coord>>);
    const KIND: RunKind = RunKind::WallCubes;

    /// For each split row, its ranges' choices counted in binary (the queens' bits low, the
    /// walls' high).
    fn choose(c: &WallCube, _: &[Coord], ranges: &[&[Coord]]) -> Vec<WallCube> {
        let n = ranges.len();
        (0..1usize << (2 * n))
            .map(|bits| {
                let mut cube = c.clone();
                for (i, range) in ranges.iter().enumerate() {
                    for (layer, bit) in [(&mut cube.queens, i), (&mut cube.walls, n + i)] {
                        match bits >> bit & 1 {
                            1 => layer.queen_in.push(range.to_vec()),
                            _ => layer.empty.extend(*range),
                        }
                    }
                }
                cube
            })
            .collect()
    }

    /// A queen or none, a wall or none, in each range.
    fn choices(ranges: usize) -> Option<usize> {
        1usize.checked_shl(u32::try_from(ranges.checked_mul(2)?).ok()?)
    }

    /// Every cell of each split row: the walls are unknowns.
    fn segments(&self) -> (Vec<Vec<Coord>>, usize) {
        let rows = self.split_rows.iter();
        (
            rows.map(|&r| (0..self.cols).map(|c| (r, c)).collect()).collect(),
            self.width,
        )
    }

    fn layers(c: &WallCube) -> Vec<&Cube> {
        vec![&c.queens, &c.walls]
    }

    fn choice(cube: &WallCube, row: &[Coord]) -> Choice<(Vec<Vec<Coord>>, Vec<Vec<Coord>>)> {
        let (queens, walls) = (sets_on(&cube.queens, row)?, sets_on(&cube.walls, row)?);
        let sets = queens.iter().chain(&walls).cloned().collect();
        Ok(((queens, walls), sets))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Placement;
    use crate::study::cubes::rows::assert_counted_cover;
    use crate::study::cubes::{CubeCut, CubePlan};

    fn spec(rows: usize, cols: usize, split: usize, cubes: usize) -> WallCubeSpec {
        let start = FoundBoard {
            board: Board::new(rows, cols).unwrap(),
            placement: Placement::default(),
        };
        let cut = CubeCut::uncertified(split, cubes);
        WallCubeSpec::new((rows, cols, 1), &cut, WallOptions::default(), start).unwrap()
    }

    #[test]
    fn the_cubes_cover_every_choice_and_a_missing_doubled_or_foreign_cube_is_seen() {
        // One row of 6 cells: 64 cubes allow ranges of 2 (4^3), 63 only ranges of 3 (4^2).
        let s = spec(6, 6, 1, 64);
        assert_eq!((s.split_rows.clone(), s.width), (vec![3], 2));
        assert_eq!(spec(6, 6, 1, 63).width, 3);
        let off = |c: &mut WallCube| c.walls.empty.push((0, 0));
        let cubes = assert_counted_cover(&s, off);
        assert_eq!(cubes.len(), 64);
        let mut short = cubes[1].clone();
        short.walls.empty.pop();
        let mut with: Vec<&WallCube> = cubes.iter().collect();
        with[0] = &short;
        assert!(s.check_cover(&with).is_err());
        // Two rows (3 and 2) of whole ranges: 16 cubes.
        let two = spec(6, 6, 2, 16);
        assert_eq!(
            (two.split_rows.clone(), two.width, two.cubes().len()),
            (vec![3, 2], 6, 16)
        );
        assert_counted_cover(&two, off);
    }
}
