//! The fixed-shape model: one queen variable and one wall variable per cell of a
//! `rows × cols` board, so that a board is chosen by *assuming* its wall literals. One solver
//! then evaluates many boards of the same shape and keeps the clauses it learned.
//!
//! Invariant: under assumptions that fix every wall variable to a board's walls (and no
//! holes), the models restricted to the queen variables are exactly the legal placements of
//! that board, and the counter's `≥ k` assumption implies at least `k` queens.
//!
//! Clauses:
//! - `¬q_i ∨ ¬w_i`: no queen on a wall;
//! - for two cells `a`, `b` of one line (row, column, diagonal, anti-diagonal):
//!   `¬q_a ∨ ¬q_b ∨ w_m1 ∨ … ∨ w_mj` over the cells `m` strictly between them (they attack
//!   unless a wall stands between; with the walls assumed, the clause is binary or satisfied);
//! - counting by segments, as [`CountMode::Segments`](super::CountMode) does for one board:
//!   along every row (and every column) `h_j` says "a queen at cell `j` or further on in the
//!   same segment" (`h_j → q_j ∨ (¬w_{j+1} ∧ h_{j+1})`), and `y_j` says "a segment starts at
//!   `j` and holds a queen" (`y_j → h_j`, `y_j → ¬w_j`, `y_j → w_{j-1}` unless `j` is first).
//!   Distinct true `y`s name distinct occupied segments, so their number is at most the number
//!   of queens. Only this direction is encoded, and only `≥ k` bounds are asked for.
//!   With the walls assumed, every `y_j` that does not start a segment is false by unit
//!   propagation, and the totaliser propagates, so "more queens than row (or column)
//!   segments" is refuted without search: the segment bound costs one propagation.
//!
//! This model is the sweep's evaluator; the least-walls model (wall variables as unknowns) is
//! a separate file; the two may share this encoding later.

use super::{Counter, VarMap, VarRole};
use crate::board::{Coord, Family, Placement};
use rustsat::encodings::CollectClauses;
use rustsat::types::{Clause, Lit};

/// The encoded fixed-shape model.
#[derive(Debug)]
pub struct FixedWallsModel {
    pub vars: VarMap,
    rows: usize,
    cols: usize,
    queen: Vec<Lit>,
    wall: Vec<Lit>,
    counter: Counter,
}

/// Every full line of one family as a list of cells in order.
fn lines(family: Family, rows: usize, cols: usize) -> Vec<Vec<Coord>> {
    let (dr, dc) = family.step();
    let starts = family.line_starts(rows, cols);
    starts
        .into_iter()
        .map(|(r0, c0)| {
            let mut line = Vec::new();
            let (mut r, mut c) = (r0 as isize, c0 as isize);
            while r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols {
                line.push((r as usize, c as usize));
                r += dr;
                c += dc;
            }
            line
        })
        .collect()
}

impl FixedWallsModel {
    /// Encodes the model of a `rows × cols` board into `col`.
    pub fn encode<C: CollectClauses>(rows: usize, cols: usize, col: &mut C) -> FixedWallsModel {
        let mut vars = VarMap::new();
        let cells: Vec<Coord> = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).collect();
        let queen: Vec<Lit> = cells
            .iter()
            .map(|&p| vars.named(VarRole::Queen(p)).pos_lit())
            .collect();
        let wall: Vec<Lit> = cells
            .iter()
            .map(|&p| vars.named(VarRole::Wall(p)).pos_lit())
            .collect();
        let at = |(r, c): Coord| r * cols + c;
        let mut clauses: Vec<Clause> = Vec::new();
        for i in 0..cells.len() {
            clauses.push([!queen[i], !wall[i]].into_iter().collect());
        }
        for family in Family::ALL {
            for line in lines(family, rows, cols) {
                for a in 0..line.len() {
                    for b in a + 1..line.len() {
                        let mut cl: Clause = [!queen[at(line[a])], !queen[at(line[b])]].into_iter().collect();
                        for &m in &line[a + 1..b] {
                            cl.add(wall[at(m)]);
                        }
                        clauses.push(cl);
                    }
                }
            }
        }
        let mut inputs = Vec::new();
        for family in [Family::Row, Family::Column] {
            let mut ys = Vec::new();
            for line in lines(family, rows, cols) {
                let h: Vec<Lit> = (0..line.len())
                    .map(|_| vars.named(VarRole::Aux("fixed-walls segment reach")).pos_lit())
                    .collect();
                for j in 0..line.len() {
                    let (q, hj) = (queen[at(line[j])], h[j]);
                    if j + 1 < line.len() {
                        clauses.push([!hj, q, !wall[at(line[j + 1])]].into_iter().collect());
                        clauses.push([!hj, q, h[j + 1]].into_iter().collect());
                    } else {
                        clauses.push([!hj, q].into_iter().collect());
                    }
                    let y = vars.named(VarRole::Aux("fixed-walls segment start")).pos_lit();
                    clauses.push([!y, hj].into_iter().collect());
                    clauses.push([!y, !wall[at(line[j])]].into_iter().collect());
                    if j > 0 {
                        clauses.push([!y, wall[at(line[j - 1])]].into_iter().collect());
                    }
                    ys.push(y);
                }
            }
            inputs.push(ys);
        }
        col.extend_clauses(clauses)
            .expect("out of memory while encoding the fixed-walls model");
        FixedWallsModel {
            vars,
            rows,
            cols,
            queen,
            wall,
            counter: Counter::new(inputs),
        }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The assumptions that select a board: every wall literal, true on the given walls.
    pub fn board_assumptions(&self, walls: &[Coord]) -> Vec<Lit> {
        let mut a: Vec<Lit> = self.wall.iter().map(|&w| !w).collect();
        for &(r, c) in walls {
            let i = r * self.cols + c;
            a[i] = self.wall[i];
        }
        a
    }

    /// The queen literal of a cell.
    pub fn queen_lit(&self, (r, c): Coord) -> Lit {
        self.queen[r * self.cols + c]
    }

    /// Assumptions for "at least `k` queens" (`None` beyond the number of cells).
    pub fn at_least<C: CollectClauses>(&mut self, k: usize, col: &mut C) -> Option<Vec<Lit>> {
        self.counter.at_least(k, col, &mut self.vars)
    }

    /// The placement a model describes.
    pub fn decode(&self, is_true: impl Fn(Lit) -> bool) -> Placement {
        self.queen
            .iter()
            .enumerate()
            .filter(|&(_, &l)| is_true(l))
            .map(|(i, _)| (i / self.cols, i % self.cols))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Cell};
    use crate::check::{brute_value, check_placement};
    use crate::solve::{Backend, SolveIncremental as _, SolverResult};
    use proptest::prelude::*;

    /// The value under the model, by asking `≥ k` upwards in one reused solver.
    fn value_of(model: &mut FixedWallsModel, solver: &mut crate::solve::AnySolver, board: &Board) -> usize {
        let walls = board.walls();
        let mut k = 1;
        loop {
            let mut a = model.board_assumptions(&walls);
            let Some(count) = model.at_least(k, solver) else {
                return k - 1; // more queens than cells
            };
            a.extend(count);
            match solver.solve_assumps(&a).unwrap() {
                SolverResult::Sat => {
                    let p = model.decode(|l| solver.is_true(l));
                    assert_eq!(check_placement(board, &p), Ok(()), "{board:?}");
                    assert!(p.len() >= k);
                    k = p.len() + 1;
                }
                _ => return k - 1,
            }
        }
    }

    #[test]
    fn known_boards_in_one_solver() {
        let mut solver = Backend::default().make();
        let mut m = FixedWallsModel::encode(8, 8, &mut solver);
        for (walls, want) in [
            (vec![], 8),
            (vec![(1, 3), (2, 5)], 10),
            (vec![(1, 4), (3, 1), (4, 3)], 11),
            (vec![(0, 0)], 8),
        ] {
            let b = Board::with_walls(8, 8, &walls).unwrap();
            assert_eq!(value_of(&mut m, &mut solver, &b), want, "{b:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// One reused solver per shape agrees with brute force on random wall sets.
        #[test]
        fn agrees_with_brute_force(rows in 1usize..6, cols in 1usize..6, seeds in proptest::collection::vec(any::<u8>(), 6)) {
            let mut solver = Backend::default().make();
            let mut m = FixedWallsModel::encode(rows, cols, &mut solver);
            for chunk in seeds.chunks(2) {
                let mut b = Board::new(rows, cols).unwrap();
                for (i, p) in b.coords().collect::<Vec<_>>().into_iter().enumerate() {
                    if (chunk[0] as usize + i * chunk.get(1).copied().unwrap_or(7) as usize).is_multiple_of(5) {
                        b.set(p, Cell::Wall);
                    }
                }
                prop_assert_eq!(value_of(&mut m, &mut solver, &b), brute_value(&b));
            }
        }
    }
}
