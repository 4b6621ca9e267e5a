//! The fixed-board counter: the placements with one queen in every row segment of one board.

use queensat_board::{Board, Cell};

use super::masks::full_mask;
use super::state::RowState;

/// Calls `f` with every set holding exactly one bit of `open` in each of `segments`.
fn one_per_segment(segments: &[u64], open: u64, chosen: u64, f: &mut impl FnMut(u64)) {
    let Some((&seg, rest)) = segments.split_first() else {
        f(chosen);
        return;
    };
    let mut cand = seg & open;
    while cand != 0 {
        let bit = cand & cand.wrapping_neg();
        cand ^= bit;
        one_per_segment(rest, open, chosen | bit, f);
    }
}

/// A board as row masks: walls, the occupiable row segments, the walls that close a column
/// segment that must hold a queen.
struct FixedRows {
    full: u64,
    walls: Vec<u64>,
    segments: Vec<Vec<u64>>,
    /// Walls whose column segment above holds a free cell (checked when there are as many
    /// column segments as row segments).
    closing: Vec<u64>,
    row_segments: usize,
    column_segments: usize,
}

fn fixed_rows(board: &Board) -> FixedRows {
    let (nr, nc) = (board.rows(), board.cols());
    let mut walls = vec![0u64; nr];
    let mut free = vec![0u64; nr];
    for (r, c) in board.coords() {
        match board.cell((r, c)) {
            Cell::Wall => walls[r] |= 1 << c,
            Cell::Free => free[r] |= 1 << c,
            Cell::Hole => {}
        }
    }
    let mut segments = vec![Vec::new(); nr];
    let mut n_rows = 0;
    for r in 0..nr {
        let mut seg = 0u64;
        for c in 0..=nc {
            if c == nc || walls[r] >> c & 1 == 1 {
                if seg & free[r] != 0 {
                    segments[r].push(seg & free[r]);
                    n_rows += 1;
                }
                seg = 0;
            } else {
                seg |= 1 << c;
            }
        }
    }
    // Column segments: which walls close a segment with a free cell, and how many there are.
    let mut closing = vec![0u64; nr];
    let mut n_cols = 0;
    for c in 0..nc {
        let mut has_free = false;
        for r in 0..=nr {
            if r == nr || walls[r] >> c & 1 == 1 {
                if has_free {
                    n_cols += 1;
                    if r < nr {
                        closing[r] |= 1 << c;
                    }
                }
                has_free = false;
            } else if free[r] >> c & 1 == 1 {
                has_free = true;
            }
        }
    }
    FixedRows {
        full: full_mask(nc),
        walls,
        segments,
        closing,
        row_segments: n_rows,
        column_segments: n_cols,
    }
}

impl FixedRows {
    fn count(&self, s: RowState) -> u64 {
        if s.row == self.walls.len() {
            return 1;
        }
        let walls = self.walls[s.row];
        if self.column_segments == self.row_segments && self.closing[s.row] & !s.cols != 0 {
            return 0;
        }
        let mut total = 0;
        one_per_segment(&self.segments[s.row], s.open(self.full), 0, &mut |q| {
            total += self.count(s.next(q, walls, self.full, 0));
        });
        total
    }
}

/// The number of placements with one queen in every occupiable row segment of `board`: the
/// number of placements of `R` queens, `R` the number of row segments holding a free cell
/// (no placement has more). Columns up to 64.
pub fn count_row_perfect(board: &Board) -> u64 {
    assert!(board.cols() <= 64, "the row counter takes at most 64 columns");
    let rows = fixed_rows(board);
    // As many queens as row segments need as many column segments.
    if rows.column_segments < rows.row_segments {
        return 0;
    }
    rows.count(RowState::start(0))
}

/// The number of row segments of `board` that hold a free cell: the most queens it can take.
pub fn row_segment_count(board: &Board) -> usize {
    fixed_rows(board).row_segments
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brute::brute_count;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        /// Walls and holes at random: the row-perfect count is the number of placements of as
        /// many queens as row segments, by exhaustive search.
        #[test]
        fn row_perfect_agrees_with_brute_force(rows in 1usize..6, cols in 1usize..7, cells in proptest::collection::vec(0u8..8, 36)) {
            let b = crate::codes::board_from_codes(rows, cols, &cells);
            let r = row_segment_count(&b);
            prop_assert_eq!(count_row_perfect(&b), brute_count(&b, r));
        }
    }
}
