//! The completion's look-ahead: the queens of a row that leave the next row, or the one
//! after it, no cell.

/// The cells of a row whose queen leaves the next row no cell, given that row's cells `next`
/// (not empty) open before it: a queen takes the cell below it and its two diagonal
/// neighbours, so those within one column of every cell of `next`, the columns from its last
/// cell's left neighbour to its first cell's right neighbour (none when they lie further
/// apart).
pub(super) fn blocks_next(next: u64) -> u64 {
    let first = next & next.wrapping_neg();
    let last = 1u64 << (63 - next.leading_zeros());
    !(last.wrapping_sub(1) >> 1) & (first << 2).wrapping_sub(1)
}

/// The cells of a row whose queen leaves the row after the next no cell, given that row's
/// cells `after` (not empty) open before it, whatever the next row's queen: a queen takes the
/// cell two rows below it and the two cells two columns either side, so those within two
/// columns of every cell of `after` and on the same parity as all of them.
pub(super) fn blocks_after_next(after: u64) -> u64 {
    const EVEN: u64 = 0x5555_5555_5555_5555;
    let first = after & after.wrapping_neg();
    let last = 1u64 << (63 - after.leading_zeros());
    let range = !(last.wrapping_sub(1) >> 2) & (first << 3).wrapping_sub(1);
    let parity = (u64::from(after & !EVEN == 0).wrapping_neg() & EVEN)
        | (u64::from(after & EVEN == 0).wrapping_neg() & !EVEN);
    range & parity
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The look-ahead of the completion against the cells each queen takes, one by one: every
    /// row of up to 12 cells, and rows of 64 cells at random (the ends included).
    #[test]
    fn the_look_ahead_skips_exactly_the_queens_that_empty_a_row_below() {
        let takes = |b: u64, d: u32| b | b << d | b >> d;
        let check = |cells: u64, width: u32| {
            for c in 0..width {
                let b = 1u64 << c;
                assert_eq!(
                    blocks_next(cells) & b != 0,
                    cells & !takes(b, 1) == 0,
                    "{cells:#b} {c}"
                );
                assert_eq!(
                    blocks_after_next(cells) & b != 0,
                    cells & !takes(b, 2) == 0,
                    "{cells:#b} {c}"
                );
            }
        };
        for cells in 1..1u64 << 12 {
            check(cells, 12);
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Few cells, so that some queens empty the row.
            let spread = x & x.rotate_left(11) & x.rotate_left(29);
            for cells in [spread, spread & 0xf << 60, spread & 0xf, 1 << (x % 64)] {
                if cells != 0 {
                    check(cells, 64);
                }
            }
        }
    }
}
