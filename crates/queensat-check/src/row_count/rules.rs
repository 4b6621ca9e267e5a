//! What a task's search may do: the cells a queen may not take, the border columns that must
//! hold their queen, the cells whose queen ties keys, and where a placement found is added by
//! its ties.

use super::keys;
use super::masks::{full_mask, low};
use super::state::RowState;
use super::tally::Tally;
#[cfg(doc)]
use super::task::{Corner, Reduction};

/// What the search below one task's first row may do: the cells a queen may not take, the
/// border columns that must hold their queen before each row, and the cells whose queen ties
/// keys with the least one, with what each adds to the task's ties: a number of keys
/// ([`Corner`]'s parts), or the keys' bits ([`keys`]: the parts with `p` above 0). For the
/// mirror reductions it forbids nothing.
#[derive(Clone, Debug)]
pub(super) struct Rules {
    pub(super) banned: [u64; 64],
    /// Indexed by the next row, up to `n`.
    pub(super) must: [u64; 65],
    tied: [u64; 64],
    adds: [[u8; 64]; 64],
}

impl Rules {
    pub(super) fn free() -> Rules {
        Rules {
            banned: [0; 64],
            must: [0; 65],
            tied: [0; 64],
            adds: [[0; 64]; 64],
        }
    }

    /// A queen on `(row, c)` adds `adds` to the ties.
    fn tie_cell(&mut self, row: usize, c: usize, adds: u8) {
        self.tied[row] |= 1 << c;
        self.adds[row][c] = adds;
    }

    /// [`Reduction::Sides`] with the row-0 queen in column `p` (at most `(n - 1) / 2`): ties
    /// as key bits when `p` is above 0, as numbers of keys for the corner.
    pub(super) fn sides(n: usize, p: usize) -> Rules {
        let mut r = Rules::free();
        let (lo, hi) = (p, n - 1 - p);
        let borders = 1 | 1u64 << (n - 1);
        for row in 0..n {
            if row < lo || row > hi {
                r.banned[row] |= borders;
            }
            for c in 0..n {
                let bits = keys::of_cell(n, p, row, c);
                if bits != 0 {
                    let adds = if p == 0 { bits.count_ones() as u8 } else { bits };
                    r.tie_cell(row, c, adds);
                }
            }
        }
        r.banned[n - 1] |= full_mask(n) & !(low(hi + 1) & !low(lo));
        for must in &mut r.must[hi + 1..=n] {
            *must = borders;
        }
        r
    }

    /// [`Reduction::Sides`] with `p` above 0, the placements whose right side's queen stands
    /// in row `p` or not (`right`). Such a queen ties the right side's key read from the top,
    /// which makes the placement's second key 1: it loses to any tied image whose second key
    /// is 0 ([`keys::images`]), so it is searched only when every tied key's successor ties
    /// too (four keys in a turn): the first column's queen in row `n - 1 - p`, the bottom
    /// row's in that column.
    pub(super) fn sides_part(n: usize, p: usize, right: bool) -> Rules {
        let mut r = Rules::sides(n, p);
        let last = 1u64 << (n - 1);
        if !right {
            r.banned[p] |= last;
            return r;
        }
        for row in 0..n {
            if row != p {
                r.banned[row] |= last;
            }
            if row != n - 1 - p {
                r.banned[row] |= 1;
            }
        }
        r.banned[n - 1] |= full_mask(n) & !(1 << (n - 1 - p));
        for must in &mut r.must[p + 1..=n] {
            *must |= last;
        }
        r
    }

    /// [`Corner::Row1`] with row 1's first queen in column `c1`: column 1 holds no queen above
    /// row `c1` (a queen on `(c1, 1)` ties the second key), the bottom-right corner none.
    pub(super) fn row1(n: usize, c1: usize) -> Rules {
        let mut r = Rules::free();
        for row in 2..c1.min(n) {
            r.banned[row] |= 0b10;
        }
        if c1 < n {
            r.tie_cell(c1, 1, 1);
        }
        r.banned[n - 1] |= 1 << (n - 1);
        r
    }

    /// [`Corner::Opposite`]: the last column's one queen in the last row.
    pub(super) fn opposite(n: usize) -> Rules {
        let mut r = Rules::sides(n, 0);
        let last = 1u64 << (n - 1);
        for row in 0..n - 1 {
            r.banned[row] |= last;
        }
        r.banned[n - 1] |= full_mask(n) & !last;
        r
    }

    /// Whether the state `s` still lacks a border column's queen it must have by now.
    #[inline(always)]
    pub(super) fn short(&self, s: &RowState) -> bool {
        self.must[s.row] & !s.cols != 0
    }

    /// What the queens `q` of row `row` add to the ties.
    pub(super) fn ties(&self, row: usize, q: u64) -> usize {
        let mut tied = q & self.tied[row];
        let mut sum = 0;
        while tied != 0 {
            sum += usize::from(self.adds[row][tied.trailing_zeros() as usize]);
            tied &= tied - 1;
        }
        sum
    }

    /// [`ties`](Self::ties) for one queen `bit` (the hot loop's: a table read, no branch).
    #[inline(always)]
    pub(super) fn tie(&self, row: usize, bit: u64) -> usize {
        usize::from(self.adds[row][bit.trailing_zeros() as usize])
    }

    /// Adds the placements ending with one queen on a cell of `open` in the last row `row`.
    #[inline(always)]
    pub(super) fn last_row(&self, row: usize, open: u64, ties: usize, acc: &mut Tally) {
        let tied = open & self.tied[row];
        acc[ties] += u64::from((open ^ tied).count_ones());
        if tied != 0 {
            self.last_row_ties(row, tied, ties, acc);
        }
    }

    #[inline(never)]
    fn last_row_ties(&self, row: usize, mut tied: u64, ties: usize, acc: &mut Tally) {
        while tied != 0 {
            acc[ties + usize::from(self.adds[row][tied.trailing_zeros() as usize])] += 1;
            tied &= tied - 1;
        }
    }
}
