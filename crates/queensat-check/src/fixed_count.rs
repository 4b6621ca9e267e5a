//! Placements that a symmetry maps onto themselves, counted by an orbit search: what Burnside's
//! lemma adds to a count of placements to give the count up to symmetry.
//!
//! The N+k counts up to the 8 symmetries of the square (OEIS A103331, A129552, A129554) are
//! `(T + Σ F(g)) / 8` over the 7 symmetries `g` other than the identity, `T` the placements and
//! `F(g)` the configurations (walls and queens) that `g` maps onto themselves. A configuration
//! `g` fixes has a wall set `g` fixes, and its queens are a union of `g`'s orbits on the cells
//! (1, 2 or 4 cells each). So the search fills the row segments in order and puts down a whole
//! orbit at a time: the cells one choice forces in later rows are checked at once, and each
//! fixed placement is reached along exactly one path (the queen of each row segment, in order).
//!
//! Nothing here comes from the SAT encoders (of the row counter it takes only the number of
//! row segments), so the two counts of `F(g)`, this one and SAT enumeration under the
//! symmetry, cross-check each other.

use crate::row_count::row_segment_count;
use crate::stop::never;
use queensat_board::{Board, Cell, Coord, Symmetry};

/// The four lines a queen sees along, as steps: row, column, diagonal, anti-diagonal.
const LINES: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// One board's free cells with the segments they lie on and their orbits under a symmetry.
struct Orbits {
    /// For each cell (row-major): the ids of its four segments (`None` for a blocked cell).
    segments: Vec<Option<[usize; 4]>>,
    /// For each cell: the distinct cells of its orbit, itself first.
    orbit: Vec<Vec<usize>>,
    /// The row segments that hold a free cell, in row-major order, each as its cells.
    rows: Vec<Vec<usize>>,
}

impl Orbits {
    fn new(board: &Board, g: Symmetry) -> Orbits {
        let (rows, cols) = (board.rows(), board.cols());
        let n = rows * cols;
        let free = |r: isize, c: isize| {
            r >= 0
                && c >= 0
                && (r as usize) < rows
                && (c as usize) < cols
                && board.cell((r as usize, c as usize)) == Cell::Free
        };
        // A segment's id: the line's number times the cells, plus the index of its first cell.
        let segment_of = |(r, c): Coord, line: usize| {
            let (dr, dc) = LINES[line];
            let (mut r, mut c) = (r as isize, c as isize);
            while free(r - dr, c - dc) {
                r -= dr;
                c -= dc;
            }
            line * n + r as usize * cols + c as usize
        };
        let mut segments = vec![None; n];
        let mut by_row: Vec<Vec<usize>> = Vec::new();
        for (i, at) in board.coords().enumerate() {
            if board.cell(at) != Cell::Free {
                continue;
            }
            let ids = [0, 1, 2, 3].map(|line| segment_of(at, line));
            // A cell whose left neighbour is not free starts a new row segment.
            if ids[0] == i {
                by_row.push(Vec::new());
            }
            by_row
                .last_mut()
                .expect("a row segment starts at its first cell")
                .push(i);
            segments[i] = Some(ids);
        }
        let orbit = (0..n)
            .map(|i| {
                let mut cells = vec![i];
                let mut at = board.coord(i);
                loop {
                    at = g.apply(at, rows, cols);
                    let j = board.index(at);
                    if j == i {
                        break cells;
                    }
                    cells.push(j);
                }
            })
            .collect();
        Orbits {
            segments,
            orbit,
            rows: by_row,
        }
    }

    /// The fixed placements that complete `used` from row segment `next` on.
    fn count(&self, next: usize, used: &mut [bool]) -> u64 {
        let Some(seg) = self.rows.get(next) else {
            return 1;
        };
        let first = self.segments[seg[0]].expect("a row segment's cells are free")[0];
        if used[first] {
            return self.count(next + 1, used);
        }
        let mut total = 0;
        for &cell in seg {
            let mut placed = Vec::with_capacity(16);
            if self.place(cell, used, &mut placed) {
                total += self.count(next + 1, used);
            }
            for id in placed {
                used[id] = false;
            }
        }
        total
    }

    /// Puts a queen on every cell of `cell`'s orbit, marking their segments in `used` (and in
    /// `placed`, to be undone); false when one of them is blocked or sees another queen.
    fn place(&self, cell: usize, used: &mut [bool], placed: &mut Vec<usize>) -> bool {
        for &c in &self.orbit[cell] {
            let Some(ids) = self.segments[c] else {
                return false;
            };
            if ids.iter().any(|&id| used[id]) {
                return false;
            }
            for id in ids {
                used[id] = true;
                placed.push(id);
            }
        }
        true
    }
}

/// The placements with one queen in every row segment of `board` (row-perfect: as many queens
/// as row segments with a free cell) that `g` maps onto themselves. 0 when `g` moves the
/// board's walls or holes. `g` must be a symmetry of the board's shape.
pub fn count_fixed_row_perfect(board: &Board, g: Symmetry) -> u64 {
    assert!(
        board.group().contains(&g),
        "{} is not a symmetry of a {}x{} board",
        g.name(),
        board.rows(),
        board.cols()
    );
    if board.image(g) != *board {
        return 0;
    }
    let orbits = Orbits::new(board, g);
    let mut used = vec![false; 4 * board.n_cells()];
    orbits.count(0, &mut used)
}

/// The sets of `k` cells of the `n × n` board that `g` maps onto themselves (unions of its
/// orbits), each sorted, in the order of their orbits' least cells.
pub fn fixed_cell_sets(n: usize, k: usize, g: Symmetry) -> Vec<Vec<Coord>> {
    let mut orbits: Vec<Vec<Coord>> = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let mut orbit = vec![(r, c)];
            let mut at = g.apply((r, c), n, n);
            while at != (r, c) {
                orbit.push(at);
                at = g.apply(at, n, n);
            }
            // Each orbit once: from its least cell (row-major).
            if orbit.iter().all(|&o| o >= (r, c)) {
                orbits.push(orbit);
            }
        }
    }
    let mut out = Vec::new();
    let mut chosen = Vec::new();
    choose_orbits(&orbits, 0, k, &mut chosen, &mut out);
    out
}

fn choose_orbits(
    orbits: &[Vec<Coord>],
    from: usize,
    left: usize,
    chosen: &mut Vec<Coord>,
    out: &mut Vec<Vec<Coord>>,
) {
    if left == 0 {
        let mut set = chosen.clone();
        set.sort_unstable();
        out.push(set);
        return;
    }
    for i in from..orbits.len() {
        if orbits[i].len() <= left {
            chosen.extend(&orbits[i]);
            choose_orbits(orbits, i + 1, left - orbits[i].len(), chosen, out);
            chosen.truncate(chosen.len() - orbits[i].len());
        }
    }
}

/// The N+k configurations (`k` walls, `n + k` queens on `n × n`, no two queens seeing each
/// other) that `g` maps onto themselves: `F(g)` of Burnside's lemma. With `g` the identity,
/// every configuration (the N+k count itself, by brute force over the wall sets).
pub fn count_fixed_nk(n: usize, k: usize, g: Symmetry) -> u64 {
    count_fixed_nk_until(n, k, g, never).expect("a count that never stops")
}

/// [`count_fixed_nk`], or `None` once `stop` says yes, asked before each wall set (on 18 × 18
/// with 2 walls the sets number up to 162, each a fraction of a second).
pub fn count_fixed_nk_until(n: usize, k: usize, g: Symmetry, stop: fn() -> bool) -> Option<u64> {
    let mut total = 0;
    for walls in fixed_cell_sets(n, k, g) {
        if stop() {
            return None;
        }
        let board = Board::with_walls(n, n, &walls).expect("the cells lie on the board");
        // k walls add at most k row segments; fewer cannot hold n + k queens.
        if row_segment_count(&board) == n + k {
            total += count_fixed_row_perfect(&board, g);
        }
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::row_count::{NkCounter, Reduction, count_row_perfect};

    #[test]
    fn the_identity_fixes_every_placement() {
        for n in 1..=7 {
            for k in 0..=2 {
                let all = NkCounter::new(n).count_all(k, Reduction::Off);
                assert_eq!(count_fixed_nk(n, k, Symmetry::Identity), all, "n {n}, k {k}");
            }
        }
        let b = Board::with_walls(6, 6, &[(2, 3), (4, 1)]).unwrap();
        assert_eq!(
            count_fixed_row_perfect(&b, Symmetry::Identity),
            count_row_perfect(&b)
        );
    }

    #[test]
    fn eight_queens_hold_no_placement_fixed_by_a_reflection_and_four_by_the_half_turn() {
        // Of the 92 solutions, 12 classes: 11 of 8 and one of 4, fixed by the half turn only.
        let b = Board::square(8).unwrap();
        let fixed: Vec<u64> = Symmetry::ALL
            .iter()
            .map(|&g| count_fixed_row_perfect(&b, g))
            .collect();
        assert_eq!(fixed, vec![92, 0, 4, 0, 0, 0, 0, 0]);
        assert_eq!(fixed.iter().sum::<u64>() / 8, 12);
    }

    #[test]
    fn a_board_the_symmetry_moves_has_no_fixed_placement() {
        let b = Board::with_walls(5, 5, &[(1, 2)]).unwrap();
        assert_eq!(count_fixed_row_perfect(&b, Symmetry::Rot180), 0);
    }

    #[test]
    fn fixed_wall_sets_are_unions_of_orbits() {
        for g in Symmetry::ALL {
            for k in 0..=4 {
                for set in fixed_cell_sets(5, k, g) {
                    assert_eq!(set.len(), k);
                    let mut image: Vec<Coord> = set.iter().map(|&c| g.apply(c, 5, 5)).collect();
                    image.sort_unstable();
                    assert_eq!(image, set, "{}", g.name());
                }
            }
        }
        // The half turn's orbits of 5 x 5: the centre and 12 pairs.
        assert_eq!(fixed_cell_sets(5, 2, Symmetry::Rot180).len(), 12);
        assert_eq!(fixed_cell_sets(5, 3, Symmetry::Rot180).len(), 12);
        assert_eq!(fixed_cell_sets(5, 2, Symmetry::Identity).len(), 300);
    }

    #[test]
    fn burnside_gives_whole_classes() {
        for n in 1..=8 {
            for k in 1..=2 {
                let all: u64 = Symmetry::ALL.iter().map(|&g| count_fixed_nk(n, k, g)).sum();
                assert_eq!(all % 8, 0, "n {n}, k {k}");
            }
        }
    }
}
