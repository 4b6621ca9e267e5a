//! Two peaceable armies built greedily, with no solver: a lower bound on `m` that holds
//! whatever a solver answers, so that a solver's UNSAT below it is caught as false.

use super::segment_index::SegmentIndex;
use crate::board::{Armies, Board, Placement};

/// Two armies of equal size (the larger trimmed), grown one queen at a time on the side that is
/// behind: each queen goes where it takes the fewest squares from the other army (ties to the
/// first square in reading order). Legal by construction; callers still check it.
pub fn greedy_armies(board: &Board) -> Armies {
    let index = SegmentIndex::of(board);
    let n = index.cells.len();
    // open[side][cell]: the cell is empty and sees no queen of the other side.
    let mut open = [vec![true; n], vec![true; n]];
    let mut armies: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    loop {
        let side = usize::from(armies[1].len() < armies[0].len());
        let other = 1 - side;
        // What a queen of `side` on `c` closes to the other side: the open cells it sees, and
        // its own (two cells share at most one segment, so none is counted twice).
        let cost = |c: usize| {
            let seen = index.segs[c].iter().flat_map(|&s| &index.members[s as usize]);
            let seen = seen
                .filter(|&&d| d as usize != c && open[other][d as usize])
                .count();
            seen + usize::from(open[other][c])
        };
        let Some(c) = (0..n).filter(|&c| open[side][c]).min_by_key(|&c| (cost(c), c)) else {
            break;
        };
        armies[side].push(c);
        open[side][c] = false;
        open[other][c] = false;
        for &s in &index.segs[c] {
            for &d in &index.members[s as usize] {
                open[other][d as usize] = false;
            }
        }
    }
    let m = armies[0].len().min(armies[1].len());
    let army = |side: usize| Placement::new(armies[side][..m].iter().map(|&c| index.cells[c]).collect());
    Armies::new(army(0), army(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_armies;

    #[test]
    fn greedy_armies_are_legal_and_not_far_below_the_optimum() {
        // The optimum m on n x n (OEIS A250000, n = 1..10), as an oracle for the gap only.
        let optimum = [0, 0, 1, 2, 4, 5, 7, 9, 12, 14];
        for (n, &m) in (1..=10).zip(&optimum) {
            let board = Board::square(n).unwrap();
            let a = greedy_armies(&board);
            assert!(check_armies(&board, &a).is_ok(), "{n}x{n}");
            assert_eq!(a.white.len(), a.black.len());
            assert!(a.size() <= m, "{n}x{n}: {} above the optimum {m}", a.size());
            assert!(a.size() * 3 >= m * 2, "{n}x{n}: {} far below {m}", a.size());
        }
        let walled = Board::with_walls(6, 7, &[(1, 2), (3, 3), (4, 5)]).unwrap();
        assert!(check_armies(&walled, &greedy_armies(&walled)).is_ok());
        assert_eq!(greedy_armies(&Board::new(1, 1).unwrap()).size(), 0);
    }
}
