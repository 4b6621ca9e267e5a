//! The cross-check engine: an exact branch-and-bound over the attack graph of a board of at
//! most 64 cells, on 64-bit masks (cell `i` row-major is bit `i`). It shares no code with the
//! SAT path: the attack relation is found by walking the board, as the checker does.
//!
//! Search: branch on the row segment with the fewest remaining candidate cells: one branch
//! per candidate cell (a queen there, its attacked cells removed) and one branch with the
//! segment left empty. Bound: a segment holds at most one queen, so the queens still to come
//! are at most the number of row segments, and of column segments, that keep a candidate.

use super::DIRECTIONS;
use crate::board::{Board, Cell, Placement};

/// A board prepared for the search.
struct Graph {
    cols: usize,
    /// Cells each cell attacks (walls block, holes do not).
    attacks: Vec<u64>,
    /// Free cells of each row segment, then of each column segment.
    rows: Vec<u64>,
    cols_segs: Vec<u64>,
}

fn graph(board: &Board) -> Graph {
    let (nr, nc) = (board.rows(), board.cols());
    let free = |r: usize, c: usize| board.cell((r, c)) == Cell::Free;
    let mut attacks = vec![0u64; nr * nc];
    for r0 in 0..nr {
        for c0 in 0..nc {
            if !free(r0, c0) {
                continue;
            }
            for (dr, dc) in DIRECTIONS {
                let (mut r, mut c) = (r0 as isize + dr, c0 as isize + dc);
                while r >= 0 && c >= 0 && (r as usize) < nr && (c as usize) < nc {
                    let (ru, cu) = (r as usize, c as usize);
                    match board.cell((ru, cu)) {
                        Cell::Wall => break,
                        Cell::Free => attacks[r0 * nc + c0] |= 1 << (ru * nc + cu),
                        Cell::Hole => {}
                    }
                    r += dr;
                    c += dc;
                }
            }
        }
    }
    // Runs of non-wall cells along rows and columns, keeping their free cells.
    let runs = |outer: usize, inner: usize, cell: &dyn Fn(usize, usize) -> (usize, usize)| {
        let mut out = Vec::new();
        for a in 0..outer {
            let mut run = 0u64;
            for b in 0..inner {
                let (r, c) = cell(a, b);
                match board.cell((r, c)) {
                    Cell::Wall => {
                        if run != 0 {
                            out.push(std::mem::take(&mut run));
                        }
                    }
                    Cell::Free => run |= 1 << (r * nc + c),
                    Cell::Hole => {}
                }
            }
            if run != 0 {
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

struct Search<'a> {
    g: &'a Graph,
    best: u64,
    best_count: u32,
}

impl Search<'_> {
    fn bound(&self, cand: u64) -> u32 {
        let live = |segs: &[u64]| segs.iter().filter(|&&s| s & cand != 0).count() as u32;
        live(&self.g.rows).min(live(&self.g.cols_segs))
    }

    fn go(&mut self, cand: u64, placed: u64, count: u32) {
        if cand == 0 {
            if count > self.best_count {
                self.best_count = count;
                self.best = placed;
            }
            return;
        }
        if count + self.bound(cand) <= self.best_count {
            return;
        }
        let seg = self
            .g
            .rows
            .iter()
            .map(|&s| s & cand)
            .filter(|&s| s != 0)
            .min_by_key(|s| s.count_ones())
            .expect("a candidate lies in some row segment");
        let mut rest = seg;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.go(
                cand & !self.g.attacks[i] & !(1 << i),
                placed | (1 << i),
                count + 1,
            );
        }
        self.go(cand & !seg, placed, count);
    }
}

/// The value of a board of at most 64 cells and one optimal placement, by branch and bound.
pub fn bnb_value(board: &Board) -> (usize, Placement) {
    assert!(
        board.n_cells() <= 64,
        "the bitboard engine takes at most 64 cells"
    );
    let g = graph(board);
    let cand = (0..board.n_cells())
        .filter(|&i| board.cell(board.coord(i)) == Cell::Free)
        .fold(0u64, |m, i| m | (1 << i));
    let mut s = Search {
        g: &g,
        best: 0,
        best_count: 0,
    };
    s.go(cand, 0, 0);
    let placement = (0..64)
        .filter(|&i| s.best & (1 << i) != 0)
        .map(|i| (i / g.cols, i % g.cols))
        .collect();
    (s.best_count as usize, placement)
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
            let mut b = Board::new(rows, cols).unwrap();
            for (i, p) in b.coords().collect::<Vec<_>>().into_iter().enumerate() {
                match cells[i] {
                    0 => b.set(p, Cell::Wall),
                    1 => b.set(p, Cell::Hole),
                    _ => {}
                }
            }
            let (v, p) = bnb_value(&b);
            prop_assert_eq!(v, brute_value(&b));
            prop_assert_eq!(check_placement(&b, &p), Ok(()));
        }
    }
}
