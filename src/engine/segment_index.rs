//! The free cells of a board numbered, and its segments by dense ids: what the value search's
//! primal heuristics (the local search and the tabu search) walk instead of the board.

use crate::board::{Board, Coord, Family};

/// The free cells of a board and its segments by dense ids (from 0, one per segment that holds
/// a free cell): two cells attack exactly when they share an id.
pub(super) struct SegmentIndex {
    /// The free cells in reading order; a cell's number is its place here.
    pub cells: Vec<Coord>,
    /// The segment of each cell in each family.
    pub segs: Vec<[u32; 4]>,
    /// The cells of each segment.
    pub members: Vec<Vec<u32>>,
}

impl SegmentIndex {
    pub fn of(board: &Board) -> SegmentIndex {
        let cells = board.free_cells();
        let mut segs = vec![[0u32; 4]; cells.len()];
        let mut members = Vec::new();
        for (f, family) in Family::ALL.into_iter().enumerate() {
            for seg in board.segments_of(family) {
                let here: Vec<u32> = seg
                    .free_cells(board)
                    .filter_map(|p| number_of(&cells, p))
                    .map(|i| i as u32)
                    .collect();
                if here.is_empty() {
                    continue;
                }
                for &i in &here {
                    segs[i as usize][f] = members.len() as u32;
                }
                members.push(here);
            }
        }
        SegmentIndex { cells, segs, members }
    }

    /// The number of `p` among the free cells (`None` for a wall, a hole or a cell off the board).
    pub fn index_of(&self, p: Coord) -> Option<usize> {
        number_of(&self.cells, p)
    }
}

fn number_of(cells: &[Coord], p: Coord) -> Option<usize> {
    cells.binary_search(&p).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_share_an_id_exactly_when_they_attack() {
        let board = Board::with_walls(5, 6, &[(1, 2), (3, 3)]).unwrap();
        let index = SegmentIndex::of(&board);
        assert_eq!(index.cells, board.free_cells());
        let attack = |a: Coord, b: Coord| {
            board.segments().iter().any(|s| {
                let on: Vec<Coord> = s.free_cells(&board).collect();
                on.contains(&a) && on.contains(&b)
            })
        };
        for (i, &a) in index.cells.iter().enumerate() {
            for (j, &b) in index.cells.iter().enumerate().filter(|&(j, _)| j != i) {
                let shared = (0..4).any(|f| index.segs[i][f] == index.segs[j][f]);
                assert_eq!(shared, attack(a, b), "{a:?} {b:?}");
            }
            for f in 0..4 {
                assert!(index.members[index.segs[i][f] as usize].contains(&(i as u32)));
            }
        }
        assert_eq!(index.index_of((1, 2)), None);
        assert_eq!(index.index_of((9, 9)), None);
    }
}
