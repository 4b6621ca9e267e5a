//! Sets of cells of a board of any size, as fixed-width bit sets.
//!
//! Cell `i` (row-major index, `i = r·cols + c`, the board's own stride) is bit `63 − i % 64` of
//! word `i / 64`. The derived order compares word 0 first, so it is the order of the bit strings
//! read from cell 0: a set that holds an earlier cell is the greater. For sets of equal size
//! that is the reverse of the lexicographic order of their ascending cell lists; the symmetry
//! classes ([`super::classes::WallClasses`]) rely on it.
//!
//! `W` words hold `64·W` cells. [`with_cell_width!`](crate::with_cell_width) picks the
//! smallest width of a few compiled ones for a board, so sets of boards up to 64 cells are one
//! machine word and the same generic code serves every size up to 64 × 64.

use std::fmt;

/// The widths compiled, in words: 64, 128, 256 and 4096 cells (64 × 64, the largest board).
pub const WIDTHS: [usize; 4] = [1, 2, 4, 64];

/// The width (from [`WIDTHS`]) for a board of `cells` cells, `None` past 64 × 64.
pub fn width_for(cells: usize) -> Option<usize> {
    WIDTHS.into_iter().find(|&w| cells <= 64 * w)
}

/// Runs `$body` with the const `$w` bound to the cell-set width for a board of `$cells` cells
/// (at most 64 × 64; callers check the board size first). Generic code is written once for
/// `CellSet<W>` and instantiated for each width in [`WIDTHS`].
#[macro_export]
macro_rules! with_cell_width {
    ($cells:expr, $w:ident => $body:expr) => {{
        match $crate::width_for($cells) {
            Some(1) => {
                const $w: usize = 1;
                $body
            }
            Some(2) => {
                const $w: usize = 2;
                $body
            }
            Some(4) => {
                const $w: usize = 4;
                $body
            }
            _ => {
                const $w: usize = 64;
                $body
            }
        }
    }};
}

/// A set of cell indices below `64·W`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellSet<const W: usize>([u64; W]);

impl<const W: usize> Default for CellSet<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> CellSet<W> {
    /// How many cells a set of this width can hold.
    pub const CAPACITY: usize = 64 * W;
    pub const EMPTY: CellSet<W> = CellSet([0; W]);

    fn split(i: usize) -> (usize, u64) {
        debug_assert!(
            i < Self::CAPACITY,
            "cell {i} past a set of {} cells",
            Self::CAPACITY
        );
        (i / 64, 1u64 << (63 - i % 64))
    }

    /// The set of the given indices.
    pub fn of(cells: impl IntoIterator<Item = usize>) -> Self {
        let mut s = Self::EMPTY;
        for i in cells {
            s.insert(i);
        }
        s
    }

    /// Every cell of index below `i` (at most [`CellSet::CAPACITY`]).
    pub fn before(i: usize) -> Self {
        Self(std::array::from_fn(|w| match i.saturating_sub(64 * w) {
            0 => 0,
            n if n >= 64 => u64::MAX,
            // Cell `64w + b` is bit `63 − b`: the cells before `i` are the high bits.
            n => !(u64::MAX >> n),
        }))
    }

    pub fn insert(&mut self, i: usize) {
        let (w, b) = Self::split(i);
        self.0[w] |= b;
    }
    pub fn remove(&mut self, i: usize) {
        let (w, b) = Self::split(i);
        self.0[w] &= !b;
    }
    pub fn contains(&self, i: usize) -> bool {
        let (w, b) = Self::split(i);
        self.0[w] & b != 0
    }
    /// This set with `i` added.
    pub fn with(mut self, i: usize) -> Self {
        self.insert(i);
        self
    }
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// Whether the set holds exactly one cell (cheaper than `len() == 1` without a popcount
    /// instruction).
    pub fn has_one(&self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return false;
                }
                seen = true;
            }
        }
        seen
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    /// The words of the set (cell `i` is bit `63 − i % 64` of word `i / 64`), for bit-parallel
    /// arithmetic on the cells of boards of one word.
    pub fn words(&self) -> &[u64; W] {
        &self.0
    }
    /// The smallest index, if any.
    pub fn first(&self) -> Option<usize> {
        (0..W)
            .find(|&w| self.0[w] != 0)
            .map(|w| 64 * w + self.0[w].leading_zeros() as usize)
    }
    /// The largest index, if any.
    pub fn last(&self) -> Option<usize> {
        (0..W)
            .rev()
            .find(|&w| self.0[w] != 0)
            .map(|w| 64 * w + 63 - self.0[w].trailing_zeros() as usize)
    }
    /// The indices in ascending order.
    pub fn iter(&self) -> Cells<W> {
        Cells {
            words: self.0,
            word: 0,
        }
    }
    pub fn union(&self, other: &Self) -> Self {
        Self(std::array::from_fn(|w| self.0[w] | other.0[w]))
    }
    pub fn intersection(&self, other: &Self) -> Self {
        Self(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }
    /// The cells of `self` not in `other`.
    pub fn difference(&self, other: &Self) -> Self {
        Self(std::array::from_fn(|w| self.0[w] & !other.0[w]))
    }
    pub fn intersects(&self, other: &Self) -> bool {
        (0..W).any(|w| self.0[w] & other.0[w] != 0)
    }
    pub fn is_subset(&self, other: &Self) -> bool {
        (0..W).all(|w| self.0[w] & !other.0[w] == 0)
    }
    /// Every subset of this set other than itself, the empty set included, each once, in
    /// descending order. The number is `2^len − 1`: meant for the few walls of a board.
    pub fn proper_subsets(&self) -> impl Iterator<Item = Self> {
        let cells: Vec<usize> = self.iter().collect();
        let k = cells.len();
        assert!(k < 32, "proper subsets of a set of {k} cells");
        // Bit `k − 1 − j` of `pick` stands for the `j`-th cell, so the earliest cell is the
        // most significant, as in the set order: counting `pick` down counts subsets down.
        (0..(1u32 << k) - 1).rev().map(move |pick| {
            Self::of(
                cells
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| pick & (1 << (k - 1 - j)) != 0)
                    .map(|(_, &i)| i),
            )
        })
    }
}

/// The cells of a [`CellSet`] in ascending order. A hand-written iterator: the branch and bound
/// walks a segment's cells at every node, where an adapter chain costs more than the work.
pub struct Cells<const W: usize> {
    /// What is left to walk: `words[word..]`.
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for Cells<W> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let m = &mut self.words[self.word];
            if *m != 0 {
                let b = m.leading_zeros() as usize;
                *m &= !(1u64 << (63 - b));
                return Some(64 * self.word + b);
            }
            self.word += 1;
        }
        None
    }

    /// Exact: a vector collected from the cells is allocated once.
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.words[self.word..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        (n, Some(n))
    }
}

impl<const W: usize> ExactSizeIterator for Cells<W> {}

impl<const W: usize> fmt::Debug for CellSet<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn one_word_is_the_bit_string_read_from_cell_0() {
        let s = CellSet::<1>::of([0, 1]);
        assert_eq!(s.0[0], 0xC000_0000_0000_0000);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 1]);
        assert_eq!((s.first(), s.last()), (Some(0), Some(1)));
        assert!(CellSet::<1>::of([0]) > CellSet::<1>::of([1, 2, 3]));
    }

    #[test]
    fn widths_cover_every_board() {
        assert_eq!(width_for(64), Some(1));
        assert_eq!(width_for(65), Some(2));
        assert_eq!(width_for(81), Some(2));
        assert_eq!(width_for(144), Some(4));
        assert_eq!(width_for(64 * 64), Some(64));
        assert_eq!(width_for(64 * 64 + 1), None);
        let w = with_cell_width!(100, W => CellSet::<W>::CAPACITY);
        assert_eq!(w, 128);
    }

    #[test]
    fn proper_subsets_are_every_subset_but_the_set() {
        let s = CellSet::<2>::of([3, 70, 100]);
        let subs: Vec<_> = s.proper_subsets().collect();
        assert_eq!(subs.len(), 7);
        assert!(subs.contains(&CellSet::EMPTY));
        assert!(!subs.contains(&s));
        assert!(subs.iter().all(|t| t.is_subset(&s)));
        assert!(subs.windows(2).all(|w| w[0] > w[1]), "descending: {subs:?}");
    }

    proptest! {
        /// Against a sorted list of indices: membership, order, size and the set algebra.
        #[test]
        fn behaves_like_a_sorted_list(a in proptest::collection::btree_set(0usize..256, 0..12),
                                      b in proptest::collection::btree_set(0usize..256, 0..12)) {
            let (sa, sb) = (CellSet::<4>::of(a.iter().copied()), CellSet::<4>::of(b.iter().copied()));
            prop_assert_eq!(sa.iter().collect::<Vec<_>>(), a.iter().copied().collect::<Vec<_>>());
            let mut cells = sa.iter();
            for left in (0..=a.len()).rev() {
                prop_assert_eq!(cells.len(), left);
                cells.next();
            }
            prop_assert_eq!(sa.len(), a.len());
            prop_assert_eq!(sa.has_one(), a.len() == 1);
            prop_assert_eq!(sa.first(), a.first().copied());
            prop_assert_eq!(sa.last(), a.last().copied());
            prop_assert_eq!(sa.union(&sb).iter().collect::<Vec<_>>(), a.union(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(sa.intersection(&sb).iter().collect::<Vec<_>>(), a.intersection(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(sa.difference(&sb).iter().collect::<Vec<_>>(), a.difference(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(sa.intersects(&sb), !a.is_disjoint(&b));
            prop_assert_eq!(sa.is_subset(&sb), a.is_subset(&b));
            for i in [0, 1, 63, 64, 65, 100, 255, 256] {
                let want: Vec<usize> = a.iter().copied().filter(|&j| j < i).collect();
                prop_assert_eq!(sa.intersection(&CellSet::before(i)).iter().collect::<Vec<_>>(), want);
            }
            // The order: the set holding the first differing cell is the greater.
            let first_diff = a.symmetric_difference(&b).min().copied();
            let want = match first_diff {
                None => std::cmp::Ordering::Equal,
                Some(i) if a.contains(&i) => std::cmp::Ordering::Greater,
                Some(_) => std::cmp::Ordering::Less,
            };
            prop_assert_eq!(sa.cmp(&sb), want);
        }
    }
}
