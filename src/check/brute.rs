//! Exhaustive search for small boards, the oracle for property tests. It builds the attack
//! relation by walking the board (as the checker does), then searches cell by cell.

use super::sight::sight_masks;
use crate::board::Board;

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
    fn go(i: usize, allowed: u128, left: usize, masks: &[u128], n: usize) -> u64 {
        if left == 0 {
            return 1;
        }
        if i >= n || ((allowed >> i).count_ones() as usize) < left {
            return 0;
        }
        let mut total = 0;
        if allowed & (1 << i) != 0 {
            total += go(i + 1, allowed & !masks[i], left - 1, masks, n);
        }
        total + go(i + 1, allowed & !(1 << i), left, masks, n)
    }
    let n = free.len();
    let all = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
    go(0, all, k, &masks, n)
}

#[cfg(test)]
mod tests {
    use super::*;

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
