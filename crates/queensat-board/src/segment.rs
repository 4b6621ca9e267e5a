//! Line segments: the maximal wall-free runs of rows, columns and diagonals.
//!
//! Two cells that are not walls attack each other exactly when some segment holds both;
//! holes lie inside segments because they do not block.

use super::grid::{Board, Cell, Coord};
use serde::{Deserialize, Serialize};

/// The four families of lines a queen attacks along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    Row,
    Column,
    /// Down-right lines (`r - c` constant).
    Diagonal,
    /// Down-left lines (`r + c` constant).
    AntiDiagonal,
}

impl Family {
    pub const ALL: [Family; 4] = [
        Family::Row,
        Family::Column,
        Family::Diagonal,
        Family::AntiDiagonal,
    ];

    /// The unit step along the family.
    pub fn step(self) -> (isize, isize) {
        match self {
            Family::Row => (0, 1),
            Family::Column => (1, 0),
            Family::Diagonal => (1, 1),
            Family::AntiDiagonal => (1, -1),
        }
    }

    /// The first cell of every full line of this family, in a fixed order.
    pub(crate) fn line_starts(self, rows: usize, cols: usize) -> Vec<Coord> {
        match self {
            Family::Row => (0..rows).map(|r| (r, 0)).collect(),
            Family::Column => (0..cols).map(|c| (0, c)).collect(),
            Family::Diagonal => (1..rows)
                .rev()
                .map(|r| (r, 0))
                .chain((0..cols).map(|c| (0, c)))
                .collect(),
            Family::AntiDiagonal => (0..cols)
                .map(|c| (0, c))
                .chain((1..rows).map(|r| (r, cols - 1)))
                .collect(),
        }
    }
}

/// A maximal run of non-wall cells along one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    pub family: Family,
    /// The cells of the run in order along the line (free cells and holes).
    pub cells: Vec<Coord>,
}

impl Segment {
    /// The cells of the run that may hold a queen.
    pub fn free_cells<'a>(&'a self, board: &'a Board) -> impl Iterator<Item = Coord> + 'a {
        self.cells
            .iter()
            .copied()
            .filter(move |&p| board.cell(p) == Cell::Free)
    }
}

impl Board {
    /// Every segment of one family, in a fixed order (lines in order, runs along each line).
    pub fn segments_of(&self, family: Family) -> Vec<Segment> {
        let (dr, dc) = family.step();
        let mut out = Vec::new();
        for (r0, c0) in family.line_starts(self.rows(), self.cols()) {
            let mut run = Vec::new();
            let (mut r, mut c) = (r0 as isize, c0 as isize);
            while r >= 0 && c >= 0 && (r as usize) < self.rows() && (c as usize) < self.cols() {
                let p = (r as usize, c as usize);
                if self.cell(p) == Cell::Wall {
                    if !run.is_empty() {
                        out.push(Segment {
                            family,
                            cells: std::mem::take(&mut run),
                        });
                    }
                } else {
                    run.push(p);
                }
                r += dr;
                c += dc;
            }
            if !run.is_empty() {
                out.push(Segment { family, cells: run });
            }
        }
        out
    }

    /// Every segment of all four families.
    pub fn segments(&self) -> Vec<Segment> {
        Family::ALL.iter().flat_map(|&f| self.segments_of(f)).collect()
    }

    /// Segments of a family that contain at least one free cell: at most one queen each, so
    /// their count bounds the board's value.
    pub fn occupiable_segments(&self, family: Family) -> usize {
        self.segments_of(family)
            .iter()
            .filter(|s| s.free_cells(self).next().is_some())
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_board_has_one_segment_per_line() {
        let b = Board::new(3, 5).unwrap();
        assert_eq!(b.segments_of(Family::Row).len(), 3);
        assert_eq!(b.segments_of(Family::Column).len(), 5);
        assert_eq!(b.segments_of(Family::Diagonal).len(), 7);
        assert_eq!(b.segments_of(Family::AntiDiagonal).len(), 7);
        let cells: usize = b
            .segments_of(Family::Diagonal)
            .iter()
            .map(|s| s.cells.len())
            .sum();
        assert_eq!(cells, 15);
    }

    #[test]
    fn walls_split_lines_and_holes_do_not() {
        let mut b = Board::with_walls(1, 5, &[(0, 2)]).unwrap();
        b.place((0, 4), Cell::Hole).unwrap();
        let rows = b.segments_of(Family::Row);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].cells, vec![(0, 0), (0, 1)]);
        assert_eq!(rows[1].cells, vec![(0, 3), (0, 4)]);
        assert_eq!(rows[1].free_cells(&b).collect::<Vec<_>>(), vec![(0, 3)]);
    }

    #[test]
    fn anti_diagonals_run_down_left() {
        let b = Board::new(2, 2).unwrap();
        let a = b.segments_of(Family::AntiDiagonal);
        assert!(a.iter().any(|s| s.cells == vec![(0, 1), (1, 0)]));
    }
}
