//! The search below a task's state: the rows with walls left, the row above the last, and
//! the completion once every wall stands (the hot loop).

use super::counter::NkCounter;
use super::look_ahead::{blocks_after_next, blocks_next};
use super::masks::above;
use super::rules::Rules;
use super::state::RowState;
use super::tally::Tally;

impl NkCounter {
    /// The placements below the state `s` under the rules `r`, added to `acc` by their ties.
    pub(super) fn count(&self, r: &Rules, s: RowState, ties: usize, acc: &mut Tally) {
        if acc.stops() || r.short(&s) {
            return;
        }
        if s.row == self.n {
            acc[ties] += u64::from(s.walls_left == 0);
            return;
        }
        let row = s.row;
        let open = s.open(self.full) & !r.banned[row];
        if row + 1 == self.n {
            // The last row takes no wall: one queen on any open cell.
            if s.walls_left == 0 {
                r.last_row(row, open, ties, acc);
            }
            return;
        }
        if s.walls_left == 0 {
            return self.complete(r, row, s.cols, s.down_right, s.down_left, ties, acc);
        }
        if row + 2 == self.n {
            return self.wall_above_last(r, &s, open, ties, acc);
        }
        self.each_row(&s, open, &mut |q, w, used| {
            let t = s.next(q, w, self.full, used);
            let ties = ties + r.ties(row, q);
            if t.walls_left == 0 {
                self.complete(r, t.row, t.cols, t.down_right, t.down_left, ties, acc)
            } else {
                self.count(r, t, ties, acc)
            }
        });
    }

    /// [`count`](Self::count) on the row above the last with walls left. The last row takes
    /// no wall, so every wall left goes in this row, and at most one fits: its column segment
    /// below needs the last row's one queen. Every column but two holds its queen (each row
    /// above filled one column segment more than its walls closed), so the row's two queens
    /// stand on those two, the wall between them, and the last row's queen below the wall,
    /// which leaves its diagonals open.
    fn wall_above_last(&self, r: &Rules, s: &RowState, open: u64, ties: usize, acc: &mut Tally) {
        let empty = self.full & !s.cols;
        if s.walls_left > 1 || open != empty || empty.count_ones() != 2 {
            return;
        }
        let left = empty & empty.wrapping_neg();
        let right = empty ^ left;
        let walls = s.cols & self.inner & above(left) & (right - 1);
        let seen = ((s.down_right | empty) << 1) | ((s.down_left | empty) >> 1);
        let last = s.row + 1;
        let free = walls & !(seen | r.banned[last]);
        r.last_row(last, free, ties + r.ties(s.row, empty), acc);
    }

    /// [`count`](Self::count) once every wall is placed: the rows left take one queen each and
    /// nothing else, the classic bitwise n-queens completion (the hot loop of a count, so
    /// written out on the bare masks), which looks two rows ahead: a queen of this row after
    /// which the next row, or the one after it whatever the next row's queen, has no cell left
    /// is not tried ([`blocks_next`], [`blocks_after_next`]; all at once, on the masks). Most
    /// completions end without a placement a row or two down, so this saves more calls than
    /// it costs; looking three rows ahead, or every row at a completion's first row, costs
    /// more than it saves.
    #[allow(clippy::too_many_arguments)]
    fn complete(
        &self,
        r: &Rules,
        row: usize,
        cols: u64,
        down_right: u64,
        down_left: u64,
        ties: usize,
        acc: &mut Tally,
    ) {
        // A stop is asked for at the poll row, whose subtrees are short; the rows above only
        // look whether it came, so that a stopped search unwinds at once.
        if row <= self.poll_row
            && (if row == self.poll_row {
                acc.stops()
            } else {
                acc.stopped()
            })
        {
            return;
        }
        if r.must[row] & !cols != 0 {
            return;
        }
        let mut open = self.full & !(cols | down_right | down_left | r.banned[row]);
        if row + 1 == self.n {
            return r.last_row(row, open, ties, acc);
        }
        if open == 0 {
            return;
        }
        // Look ahead, for every queen of this row at once: leave out those after which the next
        // row, or the one after it, has no cell left.
        let next = self.full & !(cols | (down_right << 1) | (down_left >> 1) | r.banned[row + 1]);
        if next == 0 {
            return;
        }
        open &= !blocks_next(next);
        if row + 2 < self.n {
            let after = self.full & !(cols | (down_right << 2) | (down_left >> 2) | r.banned[row + 2]);
            if after == 0 {
                return;
            }
            open &= !blocks_after_next(after);
        }
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            self.complete(
                r,
                row + 1,
                cols | bit,
                ((down_right | bit) << 1) & self.full,
                (down_left | bit) >> 1,
                ties + r.tie(row, bit),
                acc,
            );
        }
    }
}
