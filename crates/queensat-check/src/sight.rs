//! What a queen sees, found by walking the board square by square: the checker's one attack
//! walk. Walls and edges stop a line; holes and other queens do not (callers decide what a
//! queen in the way means).

use queensat_board::{Board, Cell, Coord};

/// The eight queen directions, in the order every walk takes them: in opposite pairs, so the
/// even entries are one direction of each line (the placement check relies on it).
pub(super) const DIRECTIONS: [(isize, isize); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// The squares seen from `from` (excluded) along `(dr, dc)`, nearest first, up to the first
/// wall or the edge.
pub(super) fn line_of_sight(
    board: &Board,
    from: Coord,
    (dr, dc): (isize, isize),
) -> impl Iterator<Item = Coord> + '_ {
    let (rows, cols) = (board.rows() as isize, board.cols() as isize);
    (1..)
        .map(move |k| (from.0 as isize + k * dr, from.1 as isize + k * dc))
        .take_while(move |&(r, c)| r >= 0 && c >= 0 && r < rows && c < cols)
        .map(|(r, c)| (r as usize, c as usize))
        .take_while(|&p| board.cell(p) != Cell::Wall)
}

/// Every square seen from `from` along the eight directions.
pub(super) fn seen_from(board: &Board, from: Coord) -> impl Iterator<Item = Coord> + '_ {
    DIRECTIONS
        .into_iter()
        .flat_map(move |d| line_of_sight(board, from, d))
}

/// The free squares, and for each a bit mask (bit `j` = `free[j]`) of the free squares it sees
/// (not itself). Boards with more than 128 free squares are refused.
pub(super) fn sight_masks(board: &Board) -> (Vec<Coord>, Vec<u128>) {
    let free = board.free_cells();
    assert!(
        free.len() <= 128,
        "brute force is for boards with at most 128 free cells"
    );
    let bit_of = |p: Coord| free.iter().position(|&q| q == p).map(|j| 1u128 << j);
    let masks = free
        .iter()
        .map(|&p| seen_from(board, p).filter_map(bit_of).fold(0, |a, b| a | b))
        .collect();
    (free, masks)
}

/// The row segments and the column segments of the board as bit masks over `free` (as
/// [`sight_masks`] numbers them): each holds at most one queen of a legal placement.
pub(super) fn segment_masks(board: &Board, free: &[Coord]) -> (Vec<u128>, Vec<u128>) {
    let bit_of = |p: Coord| free.iter().position(|&q| q == p).map(|j| 1u128 << j);
    let along = |ds: [(isize, isize); 2]| {
        let mut segs: Vec<u128> = free
            .iter()
            .map(|&p| {
                let line = ds.iter().flat_map(|&d| line_of_sight(board, p, d));
                line.filter_map(bit_of).fold(bit_of(p).unwrap_or(0), |a, b| a | b)
            })
            .collect();
        segs.sort_unstable();
        segs.dedup();
        segs
    };
    (along([(0, 1), (0, -1)]), along([(1, 0), (-1, 0)]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_stop_a_line_and_holes_do_not() {
        let mut b = Board::with_walls(1, 5, &[(0, 3)]).unwrap();
        b.set((0, 1), Cell::Hole);
        assert_eq!(
            line_of_sight(&b, (0, 0), (0, 1)).collect::<Vec<_>>(),
            [(0, 1), (0, 2)]
        );
        assert_eq!(seen_from(&b, (0, 4)).count(), 0);
    }
}
