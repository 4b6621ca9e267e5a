//! One row's fill: every placement of queens and walls in the row below a state, in the
//! search's order.

use super::counter::NkCounter;
use super::masks::above;
use super::state::RowState;

/// A row being filled with queens and walls: its open cells, the columns a wall may take, the
/// walls left to place.
#[derive(Clone, Copy)]
struct RowFill {
    open: u64,
    cand: u64,
    left: usize,
}

/// What a row holds so far, left to right: its rightmost queen, its queens, walls and how
/// many walls.
#[derive(Clone, Copy)]
struct RowSoFar {
    last: u64,
    queens: u64,
    walls: u64,
    used: usize,
}

impl RowFill {
    /// Right of the queen `so_far.last`: each wall, leaving room for a queen right of it, with
    /// each such queen, passed to `f` as the row's queens, walls and how many, then the same
    /// again right of that queen while walls are left. Inlined for a row's first wall (most
    /// rows with a wall have one), through [`more_walls`](Self::more_walls) past it.
    #[inline(always)]
    fn walls_right(self, so_far: RowSoFar, f: &mut impl FnMut(u64, u64, usize)) {
        let mut next_walls = self.cand & above(so_far.last);
        while next_walls != 0 {
            let wall = next_walls & next_walls.wrapping_neg();
            next_walls ^= wall;
            let mut qs = self.open & above(wall);
            while qs != 0 {
                let q = qs & qs.wrapping_neg();
                qs ^= q;
                let next = RowSoFar {
                    last: q,
                    queens: so_far.queens | q,
                    walls: so_far.walls | wall,
                    used: so_far.used + 1,
                };
                f(next.queens, next.walls, next.used);
                if next.used < self.left {
                    self.more_walls(next, f);
                }
            }
        }
    }

    /// [`walls_right`](Self::walls_right) as a call of its own (it recurses).
    #[inline(never)]
    fn more_walls(self, so_far: RowSoFar, f: &mut impl FnMut(u64, u64, usize)) {
        self.walls_right(so_far, f);
    }
}

impl NkCounter {
    /// Every placement of one row below `s` with its queens on `open`: the row's queens, its
    /// walls and how many, each passed to `f`.
    /// The order is the search's (tasks are numbered by it): each queen of the first segment
    /// alone, then with every wall and segment right of it, left to right. Inlined into its
    /// callers, the hot loop of a count while walls are left.
    #[inline(always)]
    pub(super) fn each_row(&self, s: &RowState, open: u64, f: &mut impl FnMut(u64, u64, usize)) {
        // A wall needs a queen above it (the column segment above is full), one below (so not
        // in the last row) and queens on both sides (so left of the row's last open cell).
        let cand = if s.walls_left > 0 && s.row + 1 < self.n {
            s.cols & self.inner & (1u64 << (63 - (open | 1).leading_zeros())).wrapping_sub(1)
        } else {
            0
        };
        let mut firsts = open;
        while firsts != 0 {
            let first = firsts & firsts.wrapping_neg();
            firsts ^= first;
            f(first, 0, 0);
            if cand != 0 {
                let fill = RowFill {
                    open,
                    cand,
                    left: s.walls_left,
                };
                let so_far = RowSoFar {
                    last: first,
                    queens: first,
                    walls: 0,
                    used: 0,
                };
                fill.walls_right(so_far, f);
            }
        }
    }
}
