//! The independent checker. It walks the board square by square in the eight queen
//! directions and shares no code with the encoders, so a bug there cannot hide a bug here.

mod armies;
mod attack_graph;
mod bnb;
mod brute;
mod dual_bound;
mod fixed_count;
mod nqueens;
mod proof;
mod row_count;
mod search_tree;
mod sight;
mod sight_bits;

pub use armies::{ArmyViolation, BruteArmies, brute_armies, brute_positions, check_armies};
pub use bnb::{bnb_count, bnb_count_at_most, bnb_proof, bnb_value, bnb_value_proved, bnb_value_proved_until};
pub use brute::{brute_count, brute_value};
pub use dual_bound::{
    CheckedDual, CliqueWeight, DualCertificate, DualError, Forced, SegmentWeight, Waste, check_dual,
};
pub use fixed_count::{count_fixed_nk, count_fixed_row_perfect, fixed_cell_sets};
pub use nqueens::{NQueensViolation, check_columns};
pub use proof::{Encoding, ProofError, ProofFormat, ProofStats, ProofVerdict, check_proof};
pub use row_count::{
    Corner, NkCount, NkCounter, NkTask, Reduction, RowState, TaskWeight, count_row_perfect, row_segment_count,
};
pub use search_tree::{SearchTree, TreeError, check_search_tree, count_by_search_tree};

use queensat_board::{Board, Cell, Coord, Placement};
use sight::{DIRECTIONS, line_of_sight};
use std::fmt;

/// Why a queen cannot stand where it was put.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Misplaced {
    OffBoard(Coord),
    OnWall(Coord),
    OnHole(Coord),
}

impl fmt::Display for Misplaced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Misplaced::OffBoard((r, c)) => write!(f, "queen at {r},{c} is off the board"),
            Misplaced::OnWall((r, c)) => write!(f, "queen at {r},{c} stands on a wall"),
            Misplaced::OnHole((r, c)) => write!(f, "queen at {r},{c} stands on a hole"),
        }
    }
}

/// The row-major index of square `(r, c)` when a queen may stand there (a free square of the
/// board), else why not.
fn free_square(board: &Board, (r, c): Coord) -> Result<usize, Misplaced> {
    if r >= board.rows() || c >= board.cols() {
        return Err(Misplaced::OffBoard((r, c)));
    }
    match board.cell((r, c)) {
        Cell::Wall => Err(Misplaced::OnWall((r, c))),
        Cell::Hole => Err(Misplaced::OnHole((r, c))),
        Cell::Free => Ok(r * board.cols() + c),
    }
}

/// Why a placement is not legal on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    Misplaced(Misplaced),
    Attack(Coord, Coord),
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Misplaced(m) => m.fmt(f),
            Violation::Attack((a, b), (c, d)) => write!(f, "queens at {a},{b} and {c},{d} attack each other"),
        }
    }
}

/// The first queen seen from `from` looking along `dir`, stopping at walls and edges.
fn first_queen_seen(board: &Board, queens: &[bool], from: Coord, dir: (isize, isize)) -> Option<Coord> {
    line_of_sight(board, from, dir).find(|&(r, c)| queens[r * board.cols() + c])
}

/// Checks that no queen is off the board, on a wall or hole, and that no two see each other.
pub fn check_placement(board: &Board, placement: &Placement) -> Result<(), Violation> {
    if board.n_cells() <= 64 {
        let mut queens = 0u64;
        for &q in placement.queens() {
            queens |= 1u64 << free_square(board, q).map_err(Violation::Misplaced)?;
        }
        // Where some queen is seen, the walk below names the first attack it meets.
        if !sight_bits::any_queen_seen(board, queens) {
            return Ok(());
        }
    }
    check_placement_by_walk(board, placement)
}

/// [`check_placement`] walking from each queen in turn.
fn check_placement_by_walk(board: &Board, placement: &Placement) -> Result<(), Violation> {
    let mut queens = vec![false; board.rows() * board.cols()];
    for &q in placement.queens() {
        queens[free_square(board, q).map_err(Violation::Misplaced)?] = true;
    }
    // Sight is symmetric (a queen seen along a direction sees back along its opposite), so
    // looking along one direction of each pair (the even ones) from every queen meets every
    // attack.
    for &q in placement.queens() {
        for d in DIRECTIONS.into_iter().step_by(2) {
            if let Some(other) = first_queen_seen(board, &queens, q, d) {
                return Err(Violation::Attack(q.min(other), q.max(other)));
            }
        }
    }
    Ok(())
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_block_and_holes_do_not() {
        let mut b = Board::with_walls(1, 5, &[(0, 2)]).unwrap();
        let p = Placement::new(vec![(0, 0), (0, 4)]);
        assert_eq!(check_placement(&b, &p), Ok(()));
        b.set((0, 2), Cell::Hole);
        assert_eq!(check_placement(&b, &p), Err(Violation::Attack((0, 0), (0, 4))));
        assert_eq!(
            check_placement(&b, &Placement::new(vec![(0, 2)])),
            Err(Violation::Misplaced(Misplaced::OnHole((0, 2))))
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]
        /// Walls and holes at random, queens at random (often attacking, sometimes off the board
        /// or on a wall): the check on bits gives the walk's verdict, the same violation.
        #[test]
        fn the_check_on_bits_is_the_walk(rows in 1usize..9, cols in 1usize..9, cells in proptest::collection::vec(0u8..8, 64),
                                         queens in proptest::collection::vec((0usize..9, 0usize..9), 0..7)) {
            let b = board_from_codes(rows, cols, &cells);
            let mut queens = queens;
            queens.sort_unstable();
            queens.dedup();
            let p = Placement::new(queens);
            proptest::prop_assert_eq!(check_placement(&b, &p), check_placement_by_walk(&b, &p));
        }
    }

    #[test]
    fn long_boards_of_one_word() {
        for (rows, cols) in [(1, 64), (64, 1), (2, 32), (32, 2)] {
            let b = Board::new(rows, cols).unwrap();
            // Two queens at the ends of the long side.
            let far = if cols > rows { (0, cols - 1) } else { (rows - 1, 0) };
            let p = Placement::new(vec![(0, 0), far]);
            assert_eq!(check_placement(&b, &p), check_placement_by_walk(&b, &p));
            assert!(check_placement(&b, &p).is_err());
        }
    }

    #[test]
    fn diagonal_attack_is_seen() {
        let b = Board::square(4).unwrap();
        let p = Placement::new(vec![(0, 3), (3, 0)]);
        assert!(matches!(check_placement(&b, &p), Err(Violation::Attack(..))));
        assert!(matches!(
            check_placement(&b, &Placement::new(vec![(4, 0)])),
            Err(Violation::Misplaced(Misplaced::OffBoard(_)))
        ));
    }
}
