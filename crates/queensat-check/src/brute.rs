//! Exhaustive search for small boards, the oracle for property tests. It builds the attack
//! relation by walking the board (as the checker does), then searches cell by cell.

use super::sight::{segment_masks, sight_masks};
use queensat_board::Board;

/// The board's value by exhaustive search.
pub fn brute_value(board: &Board) -> usize {
    let (free, masks) = sight_masks(board);
    fn go(i: usize, allowed: u128, count: usize, best: &mut usize, masks: &[u128], n: usize) {
        let rest = (allowed >> i.min(127)).count_ones() as usize;
        if i >= n || count + rest <= *best {
            *best = (*best).max(count);
            return;
        }
        if allowed & (1 << i) != 0 {
            go(i + 1, allowed & !masks[i] & !(1 << i), count + 1, best, masks, n);
        }
        go(i + 1, allowed & !(1 << i), count, best, masks, n);
    }
    let n = free.len();
    let all = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
    let mut best = 0;
    go(0, all, 0, &mut best, &masks, n);
    best
}

/// How many legal placements of exactly `k` queens the board has.
pub fn brute_count(board: &Board, k: usize) -> u64 {
    let (free, masks) = sight_masks(board);
    let (rows, cols) = segment_masks(board, &free);
    let search = Count {
        masks: &masks,
        rows: &rows,
        cols: &cols,
        n: free.len(),
    };
    let all = if search.n == 128 {
        u128::MAX
    } else {
        (1u128 << search.n) - 1
    };
    search.go(0, all, k)
}

/// The count's search: square by square, taking or skipping each.
struct Count<'a> {
    masks: &'a [u128],
    rows: &'a [u128],
    cols: &'a [u128],
    n: usize,
}

impl Count<'_> {
    fn go(&self, i: usize, allowed: u128, left: usize) -> u64 {
        if left == 0 {
            return 1;
        }
        if i >= self.n {
            return 0;
        }
        let rest = allowed & (u128::MAX << i);
        if (rest.count_ones() as usize) < left || self.lines_left(self.rows, rest) < left {
            return 0;
        }
        if self.lines_left(self.cols, rest) < left {
            return 0;
        }
        let mut total = 0;
        if rest & (1 << i) != 0 {
            total += self.go(i + 1, allowed & !self.masks[i], left - 1);
        }
        total + self.go(i + 1, allowed & !(1 << i), left)
    }

    /// How many of `segments` still have an allowed square: a bound on the queens to come,
    /// since no segment holds two (it prunes the near-optimal counts puzzles ask for).
    fn lines_left(&self, segments: &[u128], rest: u128) -> usize {
        segments.iter().filter(|&&s| s & rest != 0).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::check_placement;
    use proptest::prelude::*;
    use queensat_board::Placement;

    /// Every subset of the free squares, judged by the checker: no pruning to get wrong.
    fn subsets_count(board: &Board, k: usize) -> u64 {
        let free = board.free_cells();
        (0u32..1 << free.len())
            .filter(|m| m.count_ones() as usize == k)
            .filter(|m| {
                let p: Placement = (0..free.len())
                    .filter(|j| m >> j & 1 == 1)
                    .map(|j| free[j])
                    .collect();
                check_placement(board, &p).is_ok()
            })
            .count() as u64
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Walls and holes at random, every k: the segment bound prunes no placement away.
        #[test]
        fn count_agrees_with_every_subset(rows in 1usize..5, cols in 1usize..5, cells in proptest::collection::vec(0u8..6, 16)) {
            let b = crate::codes::board_from_codes(rows, cols, &cells);
            for k in 0..=b.free_cells().len() {
                prop_assert_eq!(brute_count(&b, k), subsets_count(&b, k), "k = {}", k);
            }
        }
    }

    #[test]
    fn small_classics() {
        assert_eq!(brute_value(&Board::square(4).unwrap()), 4);
        assert_eq!(brute_count(&Board::square(4).unwrap(), 4), 2);
        assert_eq!(brute_count(&Board::square(6).unwrap(), 6), 4);
        assert_eq!(brute_value(&Board::square(3).unwrap()), 2);
        // A wall between two cells of a 1x3 row lets both ends hold queens.
        assert_eq!(brute_value(&Board::with_walls(1, 3, &[(0, 1)]).unwrap()), 2);
    }
}
