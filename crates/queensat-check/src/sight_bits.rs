//! The checker's walk ([`super::sight`]) taken by every queen at once, on a board of at most
//! 64 cells: each queen's line of sight is a bit moved one square at a time along a
//! direction, dropped past the edge or on a wall (holes let it pass), and a queen is seen when
//! such a bit lands on another queen. Sight is symmetric, so looking along one direction of
//! each line (four of the eight) meets every attack.

use queensat_board::{Board, Cell};

/// Whether some queen sees another on `board` (of at most 64 cells), the queens given as the
/// bits `r · cols + c` of `queens`.
pub(super) fn any_queen_seen(board: &Board, queens: u64) -> bool {
    let (rows, cols) = (board.rows(), board.cols());
    debug_assert!(rows * cols <= 64);
    let mut walls = 0u64;
    for (i, cell) in board.blocked_cells() {
        if cell == Cell::Wall {
            walls |= 1u64 << i;
        }
    }
    // The cells of each row but its last, and but its first.
    let row_but_one = (1u64 << (cols - 1)) - 1;
    let (mut not_last_col, mut not_first_col) = (0u64, 0u64);
    for r in 0..rows {
        not_last_col |= row_but_one << (r * cols);
        not_first_col |= row_but_one << (r * cols + 1);
    }
    let open = (u64::MAX >> (64 - rows * cols)) & !walls;
    // (step to the next square, the cells from which that step stays in the row order).
    let directions = [
        (1, not_last_col),         // right
        (cols, u64::MAX),          // down
        (cols + 1, not_last_col),  // down and right
        (cols - 1, not_first_col), // down and left
    ];
    directions.iter().any(|&(step, stays)| {
        let mut sight = queens;
        loop {
            sight = (sight & stays).checked_shl(step as u32).unwrap_or(0) & open;
            if sight & queens != 0 {
                return true;
            }
            if sight == 0 {
                return false;
            }
        }
    })
}
