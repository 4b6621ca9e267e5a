//! Boards from a list of codes, for property tests.

use queensat_board::{Board, Cell};

/// A board for property tests: cell `i` (row-major) is a wall for code 0, a hole for 1,
/// free otherwise. Public (and hidden) for the property tests of the crates that use the
/// checker, which cannot see this crate's `cfg(test)` items.
#[doc(hidden)]
pub fn board_from_codes(rows: usize, cols: usize, codes: &[u8]) -> Board {
    let mut b = Board::new(rows, cols).unwrap();
    for (i, p) in b.coords().collect::<Vec<_>>().into_iter().enumerate() {
        match codes[i] {
            0 => b.set(p, Cell::Wall),
            1 => b.set(p, Cell::Hole),
            _ => {}
        }
    }
    b
}
