//! The attack graph of a board on bit sets of cells: what each free cell sees, the row and
//! column segments, and the segment bound. The branch and bound searches it and the
//! search-tree checker replays on it.

use queensat_board::{Board, Cell, CellSet};

/// A board prepared for searching on cell sets. Cell `i` is `(i / cols, i % cols)`.
pub(super) struct AttackGraph<const W: usize> {
    pub cols: usize,
    /// The free cells.
    pub free: CellSet<W>,
    /// Free cells each free cell sees (walls block, holes do not).
    pub attacks: Vec<CellSet<W>>,
    /// Free cells of each row segment, in reading order (the numbering search trees use).
    pub rows: Vec<CellSet<W>>,
    /// Free cells of each column segment.
    pub cols_segs: Vec<CellSet<W>>,
}

impl<const W: usize> AttackGraph<W> {
    /// Built line by line rather than cell by cell: a free cell sees exactly the other free
    /// cells of its four segments (its row, column and both diagonals, cut by walls; holes do
    /// not cut, as in the checker's walk), so each whole line is walked once, from the edge.
    /// The brute force, which walks from each cell (`sight`), is the test of this walk.
    pub fn new(board: &Board) -> AttackGraph<W> {
        let (nr, nc) = (board.rows(), board.cols());
        let cells = board.cells();
        let mut attacks = vec![CellSet::EMPTY; cells.len()];
        // Room for a line's segments when walls are few (each wall adds at most one).
        let (mut rows, mut cols_segs) = (Vec::with_capacity(2 * nr), Vec::with_capacity(2 * nc));
        // The free cells of the segment being walked, as a set and as a list.
        let (mut segment, mut members) = (CellSet::EMPTY, Vec::with_capacity(nr.max(nc)));
        let mut close = |segment: &mut CellSet<W>, members: &mut Vec<usize>, family: Family| {
            if members.is_empty() {
                return;
            }
            for &i in members.iter() {
                attacks[i] = attacks[i].union(segment);
            }
            match family {
                Family::Row => rows.push(*segment),
                Family::Column => cols_segs.push(*segment),
                Family::Diagonal => {}
            }
            *segment = CellSet::EMPTY;
            members.clear();
        };
        for line in lines(nr, nc) {
            for k in 0..line.len {
                let i = line.first + k * line.step;
                match cells[i] {
                    Cell::Wall => close(&mut segment, &mut members, line.family),
                    Cell::Free => {
                        segment.insert(i);
                        members.push(i);
                    }
                    Cell::Hole => {}
                }
            }
            close(&mut segment, &mut members, line.family);
        }
        for (i, a) in attacks.iter_mut().enumerate() {
            a.remove(i);
        }
        AttackGraph {
            cols: nc,
            free: CellSet::of((0..cells.len()).filter(|&i| cells[i] == Cell::Free)),
            attacks,
            rows,
            cols_segs,
        }
    }

    /// At most this many queens fit on the candidate cells `cand`: a segment holds at most
    /// one, so no more than the row segments, nor the column segments, that keep a candidate.
    pub fn segment_bound(&self, cand: &CellSet<W>) -> usize {
        self.live_row_segments(cand).min(self.live_column_segments(cand))
    }

    /// How many row segments keep a candidate.
    pub fn live_row_segments(&self, cand: &CellSet<W>) -> usize {
        live(&self.rows, cand)
    }

    /// How many column segments keep a candidate.
    pub fn live_column_segments(&self, cand: &CellSet<W>) -> usize {
        live(&self.cols_segs, cand)
    }

    /// The candidates left after a queen on `cell`: neither it nor what it sees.
    pub fn after_queen(&self, cand: &CellSet<W>, cell: usize) -> CellSet<W> {
        let mut next = cand.difference(&self.attacks[cell]);
        next.remove(cell);
        next
    }
}

/// How many of `segments` keep a candidate.
fn live<const W: usize>(segments: &[CellSet<W>], cand: &CellSet<W>) -> usize {
    segments.iter().filter(|s| s.intersects(cand)).count()
}

/// What a line of the board is: rows and columns give the segment bound; diagonals only sight.
#[derive(Clone, Copy)]
enum Family {
    Row,
    Column,
    Diagonal,
}

/// A whole line of an `nr × nc` board: `len` cells from index `first`, `step` apart.
struct Line {
    family: Family,
    first: usize,
    step: usize,
    len: usize,
}

/// Every row (top to bottom, so row segments come in reading order), column, diagonal and
/// anti-diagonal of an `nr × nc` board, each once, from its first cell on the top or side edge.
fn lines(nr: usize, nc: usize) -> impl Iterator<Item = Line> {
    let line = move |family, (r, c): (usize, usize), step, len| Line {
        family,
        first: r * nc + c,
        step,
        len,
    };
    let rows = (0..nr).map(move |r| line(Family::Row, (r, 0), 1, nc));
    let columns = (0..nc).map(move |c| line(Family::Column, (0, c), nc, nr));
    // Down-right from the top edge and the left edge; down-left from the top and the right.
    let diagonals = (0..nc)
        .map(move |c| line(Family::Diagonal, (0, c), nc + 1, nr.min(nc - c)))
        .chain((1..nr).map(move |r| line(Family::Diagonal, (r, 0), nc + 1, (nr - r).min(nc))));
    let anti = (0..nc)
        .map(move |c| line(Family::Diagonal, (0, c), nc - 1, nr.min(c + 1)))
        .chain((1..nr).map(move |r| line(Family::Diagonal, (r, nc - 1), nc - 1, (nr - r).min(nc))));
    rows.chain(columns).chain(diagonals).chain(anti)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sight::seen_from;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        /// Walls and holes at random: the line walk gives each free cell what the checker's walk
        /// from that cell sees, and the rows and columns cut at walls.
        #[test]
        fn attacks_are_what_each_cell_sees(rows in 1usize..9, cols in 1usize..9, cells in proptest::collection::vec(0u8..6, 64)) {
            let b = crate::board_from_codes(rows, cols, &cells);
            let g = AttackGraph::<1>::new(&b);
            let free = |(r, c): (usize, usize)| b.cell((r, c)) == Cell::Free;
            for (r, c) in b.coords() {
                let want = if free((r, c)) {
                    CellSet::of(seen_from(&b, (r, c)).filter(|&p| free(p)).map(|(r, c)| r * cols + c))
                } else {
                    CellSet::EMPTY
                };
                prop_assert_eq!(g.attacks[r * cols + c], want, "cell {},{} of {:?}", r, c, b);
            }
            for (segments, along_rows) in [(&g.rows, true), (&g.cols_segs, false)] {
                // Every free cell in exactly one segment; a segment's cells on one line, no wall between.
                let all = segments.iter().fold(CellSet::EMPTY, |a, s| a.union(s));
                prop_assert_eq!(all, g.free);
                prop_assert_eq!(segments.iter().map(|s| s.len()).sum::<usize>(), g.free.len());
                for s in segments.iter() {
                    let (first, last) = (s.first().unwrap(), s.last().unwrap());
                    let line = |i: usize| if along_rows { i / cols } else { i % cols };
                    prop_assert_eq!(line(first), line(last));
                    let step = if along_rows { 1 } else { cols };
                    prop_assert!((first..=last).step_by(step).all(|i| b.cell((i / cols, i % cols)) != Cell::Wall));
                }
            }
        }
    }
}
