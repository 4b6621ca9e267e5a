//! The cross-check engine: an exact branch-and-bound over the attack graph of a board, on bit
//! sets of cells. It shares no code with the SAT path: the attack relation is found by walking
//! the board, as the checker does.
//!
//! Search: branch on the row segment with the fewest remaining candidate cells: one branch
//! per candidate cell (a queen there, its attacked cells removed) and one branch with the
//! segment left empty. Bound: a segment holds at most one queen, so the queens still to come
//! are at most the number of row segments, and of column segments, that keep a candidate.

use super::sight::seen_from;
use crate::board::{Board, Cell, CellSet, Placement};
use crate::with_cell_width;

/// A board prepared for the search.
struct Graph<const W: usize> {
    cols: usize,
    /// Cells each cell attacks (walls block, holes do not).
    attacks: Vec<CellSet<W>>,
    /// Free cells of each row segment, then of each column segment.
    rows: Vec<CellSet<W>>,
    cols_segs: Vec<CellSet<W>>,
}

fn graph<const W: usize>(board: &Board) -> Graph<W> {
    let (nr, nc) = (board.rows(), board.cols());
    let free = |r: usize, c: usize| board.cell((r, c)) == Cell::Free;
    let mut attacks = vec![CellSet::EMPTY; nr * nc];
    for r0 in 0..nr {
        for c0 in 0..nc {
            if !free(r0, c0) {
                continue;
            }
            for (r, c) in seen_from(board, (r0, c0)).filter(|&(r, c)| free(r, c)) {
                attacks[r0 * nc + c0].insert(r * nc + c);
            }
        }
    }
    // Runs of non-wall cells along rows and columns, keeping their free cells.
    let runs = |outer: usize, inner: usize, cell: &dyn Fn(usize, usize) -> (usize, usize)| {
        let mut out = Vec::new();
        for a in 0..outer {
            let mut run = CellSet::EMPTY;
            for b in 0..inner {
                let (r, c) = cell(a, b);
                match board.cell((r, c)) {
                    Cell::Wall => {
                        if !run.is_empty() {
                            out.push(std::mem::take(&mut run));
                        }
                    }
                    Cell::Free => run.insert(r * nc + c),
                    Cell::Hole => {}
                }
            }
            if !run.is_empty() {
                out.push(run);
            }
        }
        out
    };
    Graph {
        cols: nc,
        attacks,
        rows: runs(nr, nc, &|a, b| (a, b)),
        cols_segs: runs(nc, nr, &|a, b| (b, a)),
    }
}

struct Search<'a, const W: usize> {
    g: &'a Graph<W>,
    best: CellSet<W>,
    best_count: usize,
}

impl<const W: usize> Search<'_, W> {
    fn bound(&self, cand: &CellSet<W>) -> usize {
        let live = |segs: &[CellSet<W>]| segs.iter().filter(|s| s.intersects(cand)).count();
        live(&self.g.rows).min(live(&self.g.cols_segs))
    }

    fn go(&mut self, cand: CellSet<W>, placed: CellSet<W>, count: usize) {
        if cand.is_empty() {
            if count > self.best_count {
                self.best_count = count;
                self.best = placed;
            }
            return;
        }
        if count + self.bound(&cand) <= self.best_count {
            return;
        }
        let seg = self
            .g
            .rows
            .iter()
            .map(|s| s.intersection(&cand))
            .filter(|s| !s.is_empty())
            .min_by_key(|s| s.len())
            .expect("a candidate lies in some row segment");
        for i in seg.iter() {
            let mut next = cand.difference(&self.g.attacks[i]);
            next.remove(i);
            self.go(next, placed.with(i), count + 1);
        }
        self.go(cand.difference(&seg), placed, count);
    }
}

/// The value of a board and one optimal placement, by branch and bound (any size; meant for
/// the boards a sweep enumerates).
pub fn bnb_value(board: &Board) -> (usize, Placement) {
    with_cell_width!(board.n_cells(), W => bnb_value_in::<W>(board))
}

fn bnb_value_in<const W: usize>(board: &Board) -> (usize, Placement) {
    let g = graph::<W>(board);
    let cand = CellSet::of((0..board.n_cells()).filter(|&i| board.cell(board.coord(i)) == Cell::Free));
    let mut s = Search {
        g: &g,
        best: CellSet::EMPTY,
        best_count: 0,
    };
    s.go(cand, CellSet::EMPTY, 0);
    let placement = s.best.iter().map(|i| (i / g.cols, i % g.cols)).collect();
    (s.best_count, placement)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{brute_value, check_placement};
    use proptest::prelude::*;

    #[test]
    fn classic_and_record_boards() {
        let cases = [
            (Board::square(8).unwrap(), 8),
            (Board::with_walls(8, 8, &[(1, 3), (2, 5)]).unwrap(), 10),
            (Board::with_walls(8, 8, &[(1, 4), (3, 1), (4, 3)]).unwrap(), 11),
            (Board::square(3).unwrap(), 2),
            (Board::new(1, 1).unwrap(), 1),
            // Past 64 cells (two words, four words).
            (Board::square(9).unwrap(), 9),
            (Board::new(7, 12).unwrap(), 7),
            (Board::square(12).unwrap(), 12),
        ];
        for (b, want) in cases {
            let (v, p) = bnb_value(&b);
            assert_eq!(v, want, "{b:?}");
            assert_eq!(p.len(), v);
            assert_eq!(check_placement(&b, &p), Ok(()));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Walls and holes at random: the same value as exhaustive search.
        #[test]
        fn agrees_with_brute_force(rows in 1usize..7, cols in 1usize..7, cells in proptest::collection::vec(0u8..6, 36)) {
            let b = crate::check::board_from_codes(rows, cols, &cells);
            let (v, p) = bnb_value(&b);
            prop_assert_eq!(v, brute_value(&b));
            prop_assert_eq!(check_placement(&b, &p), Ok(()));
        }
    }
}
