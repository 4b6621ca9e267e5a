//! Exact counting row by row, without listing placements: the counter behind N+k queens.
//!
//! A row segment holds at most one queen, so no placement on a board has more queens than the
//! board has occupiable row segments `R`; a placement of exactly `R` queens puts one queen in
//! every row segment ("row-perfect"). The counter walks the rows top to bottom with the attack
//! state of the rows above as three bit masks, as in the classic bitwise n-queens count: the
//! columns and the two diagonals that a queen above still sees. A wall clears its bit in all
//! three (it blocks what comes from above), so segments below a wall start fresh. When the
//! board has as many occupiable column segments as row segments, every column segment must
//! hold a queen too, so a wall whose column segment above is still empty ends the branch.
//!
//! Two entry points share that row step:
//! - [`count_row_perfect`]: one board, fixed walls (and holes);
//! - [`NkCounter`]: every board at once for N+k queens (n + k queens and k walls on n × n,
//!   OEIS A103330, A129551, A129553): the walls are chosen row by row as the search goes. With
//!   n + k queens every row segment and every column segment holds exactly one queen, so a
//!   wall stands off the border, has a queen above it in its column (in the state already)
//!   and a queen on both sides in its row. The search is split into independent prefixes
//!   (tasks) so that runs can be parallel, resumable and sharded; the left-right mirror halves
//!   the work.
//!
//! Nothing here comes from the SAT encoders, so the counts cross-check SAT enumeration.

use queensat_board::{Board, Cell};

/// What the rows above leave for the rest of the board: queens' lines still open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RowState {
    /// The next row to fill.
    pub row: usize,
    /// Columns whose current segment already holds a queen.
    pub cols: u64,
    /// Cells of the next row that a queen above sees along a down-right diagonal.
    pub down_right: u64,
    /// Cells of the next row that a queen above sees along a down-left diagonal.
    pub down_left: u64,
    /// Walls still to place (N+k counting; 0 for a fixed board).
    pub walls_left: usize,
}

impl RowState {
    fn start(walls: usize) -> RowState {
        RowState {
            row: 0,
            cols: 0,
            down_right: 0,
            down_left: 0,
            walls_left: walls,
        }
    }

    /// The state below a row holding `queens` and `walls` (column bit masks) on `full`.
    fn next(&self, queens: u64, walls: u64, full: u64, walls_used: usize) -> RowState {
        RowState {
            row: self.row + 1,
            cols: (self.cols | queens) & !walls,
            down_right: (((self.down_right | queens) & !walls) << 1) & full,
            down_left: ((self.down_left | queens) & !walls) >> 1,
            walls_left: self.walls_left - walls_used,
        }
    }

    /// Free of attack from above in this row.
    fn open(&self, full: u64) -> u64 {
        full & !(self.cols | self.down_right | self.down_left)
    }
}

fn full_mask(cols: usize) -> u64 {
    if cols == 64 { u64::MAX } else { (1u64 << cols) - 1 }
}

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

/// Which placements the N+k counter searches: all of them, or those whose row-0 queen lies in
/// one half of the row (or on the middle), each standing for its mirror image too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mirror {
    Off,
    Left,
    Right,
}

/// A piece of the N+k count: a state after some rows, and how many placements it stands for
/// (2 when its mirror image is counted with it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NkTask {
    pub state: RowState,
    pub weight: u64,
}

/// The N+k queens counter for one `n` and `k`.
#[derive(Clone, Debug)]
pub struct NkCounter {
    n: usize,
    full: u64,
    /// Columns a wall may stand in (not the first or last).
    inner: u64,
}

impl NkCounter {
    /// `n` from 1 to 64.
    pub fn new(n: usize) -> NkCounter {
        assert!((1..=64).contains(&n), "N+k counting takes sides 1 to 64");
        let full = full_mask(n);
        NkCounter {
            n,
            full,
            inner: full & !1 & !(1u64 << (n - 1)),
        }
    }

    /// Every placement of one row below `s`: the walls of the row and one queen per segment,
    /// each passed to `f` as the state below and the number of walls placed.
    fn each_row(&self, s: &RowState, f: &mut impl FnMut(RowState)) {
        let open = s.open(self.full);
        // A wall needs a queen above it (the column segment above is full), one below (so not
        // in the last row) and queens on both sides.
        let cand = if s.walls_left > 0 && s.row + 1 < self.n {
            s.cols & self.inner
        } else {
            0
        };
        if cand == 0 {
            let mut q = open;
            while q != 0 {
                let bit = q & q.wrapping_neg();
                q ^= bit;
                f(s.next(bit, 0, self.full, 0));
            }
            return;
        }
        self.segment_from(s, open, cand, 0, 0, 0, f);
    }

    /// The row from column `from` on: a queen, then either the end of the row or a wall right
    /// of it and the rest of the row again.
    #[allow(clippy::too_many_arguments)]
    fn segment_from(
        &self,
        s: &RowState,
        open: u64,
        cand: u64,
        from: usize,
        queens: u64,
        walls: u64,
        f: &mut impl FnMut(RowState),
    ) {
        let used = walls.count_ones() as usize;
        let mut q = open & !low(from);
        while q != 0 {
            let at = q.trailing_zeros() as usize;
            q &= q - 1;
            let queens = queens | 1 << at;
            f(s.next(queens, walls, self.full, used));
            if used < s.walls_left {
                // Walls right of this queen, leaving room for a queen right of the wall.
                let mut w = cand & !low(at + 1);
                while w != 0 {
                    let wall = w.trailing_zeros() as usize;
                    w &= w - 1;
                    if open & !low(wall + 1) == 0 {
                        break;
                    }
                    self.segment_from(s, open, cand, wall + 1, queens, walls | 1 << wall, f);
                }
            }
        }
    }

    /// The first rows' placements, as weighted states at `depth` rows (or fewer where the
    /// board ends): row 0 holds one queen and no wall. With a mirror half, only queens in that
    /// half of row 0 (and the middle), those off the middle standing for themselves and their
    /// mirror images; the two halves search disjoint placements apart from the middle column,
    /// so counting with each is a recount on a second symmetry reduction.
    pub fn tasks(&self, k: usize, depth: usize, mirror: Mirror) -> Vec<NkTask> {
        let mut out = Vec::new();
        let start = RowState::start(k);
        let firsts = match mirror {
            Mirror::Off => 0..self.n,
            Mirror::Left => 0..self.n.div_ceil(2),
            Mirror::Right => self.n / 2..self.n,
        };
        for c in firsts {
            let weight = if mirror == Mirror::Off || 2 * c + 1 == self.n {
                1
            } else {
                2
            };
            let s = start.next(1 << c, 0, self.full, 0);
            self.expand(s, weight, depth.max(1), &mut out);
        }
        out
    }

    fn expand(&self, s: RowState, weight: u64, depth: usize, out: &mut Vec<NkTask>) {
        if s.row >= depth || s.row == self.n {
            out.push(NkTask { state: s, weight });
            return;
        }
        self.each_row(&s, &mut |t| self.expand(t, weight, depth, out));
    }

    /// The placements below a task's state, times its weight.
    pub fn count_task(&self, t: &NkTask) -> u64 {
        t.weight * self.count(t.state)
    }

    fn count(&self, s: RowState) -> u64 {
        if s.row == self.n {
            return u64::from(s.walls_left == 0);
        }
        if s.row + 1 == self.n {
            // The last row takes no wall: one queen on any open cell.
            return if s.walls_left == 0 {
                u64::from(s.open(self.full).count_ones())
            } else {
                0
            };
        }
        if s.walls_left == 0 {
            return self.complete(s.row, s.cols, s.down_right, s.down_left);
        }
        let mut total = 0;
        self.each_row(&s, &mut |t| total += self.count(t));
        total
    }

    /// [`count`](Self::count) once every wall is placed: the rows left take one queen each and
    /// nothing else, the classic bitwise n-queens completion (the hot loop of a count, so
    /// written out on the bare masks).
    fn complete(&self, row: usize, cols: u64, down_right: u64, down_left: u64) -> u64 {
        let mut open = self.full & !(cols | down_right | down_left);
        if row + 1 == self.n {
            return u64::from(open.count_ones());
        }
        let mut total = 0;
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            total += self.complete(
                row + 1,
                cols | bit,
                ((down_right | bit) << 1) & self.full,
                (down_left | bit) >> 1,
            );
        }
        total
    }

    /// The whole count, in one thread (tests and small sizes).
    pub fn count_all(&self, k: usize) -> u64 {
        self.tasks(k, 1, Mirror::Left)
            .iter()
            .map(|t| self.count_task(t))
            .sum()
    }
}

/// The bits of the columns left of column `c` (`c` below 64).
fn low(c: usize) -> u64 {
    (1u64 << c) - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brute_count;
    use itertools::Itertools;
    use proptest::prelude::*;

    #[test]
    fn n_queens_counts() {
        // OEIS A000170, as an oracle for the row step on boards without walls.
        let want = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        for (i, &w) in want.iter().enumerate() {
            assert_eq!(
                count_row_perfect(&Board::square(i + 1).unwrap()),
                w,
                "n={}",
                i + 1
            );
            assert_eq!(NkCounter::new(i + 1).count_all(0), w, "n={} k=0", i + 1);
        }
    }

    #[test]
    fn n_plus_one_queens_a103330() {
        // OEIS A103330, n = 1..11, as a test oracle.
        let want = [0, 0, 0, 0, 0, 16, 20, 128, 396, 2288, 11152];
        for (i, &w) in want.iter().enumerate() {
            assert_eq!(NkCounter::new(i + 1).count_all(1), w, "n={}", i + 1);
        }
    }

    /// The N+k count as the sum over every k-wall board of its row-perfect placements of
    /// n + k queens: the fixed-board counter on each board, no symmetry.
    fn by_boards(n: usize, k: usize) -> u64 {
        (0..n * n)
            .combinations(k)
            .map(|cells| {
                let walls: Vec<_> = cells.iter().map(|&i| (i / n, i % n)).collect();
                let b = Board::with_walls(n, n, &walls).unwrap();
                if row_segment_count(&b) == n + k {
                    count_row_perfect(&b)
                } else {
                    0
                }
            })
            .sum()
    }

    #[test]
    fn walls_chosen_on_the_fly_equal_every_board_counted() {
        for (n, k) in [(5, 1), (6, 2), (7, 2), (6, 3), (7, 3)] {
            assert_eq!(NkCounter::new(n).count_all(k), by_boards(n, k), "n={n} k={k}");
        }
    }

    #[test]
    fn tasks_at_any_depth_sum_to_the_count() {
        let c = NkCounter::new(8);
        let all = c.count_all(2);
        for depth in 1..=4 {
            for mirror in [Mirror::Left, Mirror::Right, Mirror::Off] {
                let tasks = c.tasks(2, depth, mirror);
                let sum: u64 = tasks.iter().map(|t| c.count_task(t)).sum();
                assert_eq!(sum, all, "depth {depth} mirror {mirror:?}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        /// Walls and holes at random: the row-perfect count is the number of placements of as
        /// many queens as row segments, by exhaustive search.
        #[test]
        fn row_perfect_agrees_with_brute_force(rows in 1usize..6, cols in 1usize..7, cells in proptest::collection::vec(0u8..8, 36)) {
            let b = crate::board_from_codes(rows, cols, &cells);
            let r = row_segment_count(&b);
            prop_assert_eq!(count_row_perfect(&b), brute_count(&b, r));
        }
    }
}
