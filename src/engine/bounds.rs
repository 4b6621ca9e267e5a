//! Cheap bounds on a board's value that frame the SAT search.

use crate::board::{Board, Family, Placement};
use serde::Serialize;

/// An upper bound on the value, with the argument that gives it.
#[derive(Clone, Debug, Serialize)]
pub struct UpperBound {
    pub bound: usize,
    pub reason: String,
}

/// The least of: occupiable segments in each of the four families (one queen per segment),
/// and `⌈r/2⌉·⌈c/2⌉` (a 2×2 block holds at most one queen: its cells are pairwise adjacent,
/// and no wall fits between adjacent cells).
pub fn upper_bound(board: &Board) -> UpperBound {
    let blocks = board.rows().div_ceil(2) * board.cols().div_ceil(2);
    let mut best = UpperBound {
        bound: blocks,
        reason: "2x2 blocks".into(),
    };
    let free = board.free_cells().len();
    if free < best.bound {
        best = UpperBound {
            bound: free,
            reason: "free cells".into(),
        };
    }
    for family in Family::ALL {
        let n = board.occupiable_segments(family);
        if n < best.bound {
            best = UpperBound {
                bound: n,
                reason: format!("{family:?} segments").to_lowercase(),
            };
        }
    }
    best
}

/// A legal placement built greedily: cells that see the fewest others go first.
pub fn greedy_placement(board: &Board) -> Placement {
    let n = board.n_cells();
    let mut segs_of_cell: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut seg_len = Vec::new();
    for (id, seg) in board.segments().iter().enumerate() {
        let free: Vec<_> = seg.free_cells(board).collect();
        seg_len.push(free.len());
        for p in free {
            segs_of_cell[board.index(p)].push(id);
        }
    }
    let mut order: Vec<usize> = (0..n).filter(|&i| !segs_of_cell[i].is_empty()).collect();
    // How many other cells a queen here would see.
    let degree = |i: usize| segs_of_cell[i].iter().map(|&s| seg_len[s] - 1).sum::<usize>();
    order.sort_by_key(|&i| (degree(i), i));
    let mut taken = vec![false; seg_len.len()];
    let mut queens = Vec::new();
    for i in order {
        if segs_of_cell[i].iter().all(|&s| !taken[s]) {
            for &s in &segs_of_cell[i] {
                taken[s] = true;
            }
            queens.push(board.coord(i));
        }
    }
    Placement::new(queens)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_placement;

    #[test]
    fn bounds_frame_small_boards() {
        let b = Board::square(8).unwrap();
        assert_eq!(upper_bound(&b).bound, 8);
        let g = greedy_placement(&b);
        assert!(check_placement(&b, &g).is_ok());
        assert!(g.len() >= 5);
        let one = Board::new(1, 1).unwrap();
        assert_eq!(upper_bound(&one).bound, 1);
        assert_eq!(greedy_placement(&one).len(), 1);
    }
}
