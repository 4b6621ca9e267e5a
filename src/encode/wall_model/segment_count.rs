//! Counting queens by the row and column segments they occupy.
//!
//! Along every row (and every column) `h_j` says "a queen at cell `j` or further on in the
//! same segment" (`h_j → q_j ∨ (¬w_{j+1} ∧ h_{j+1})`), and `y_j` says "a segment starts at `j`
//! and holds a queen" (`y_j → h_j`, `y_j → ¬w_j`, `y_j → w_{j-1}` unless `j` is first).
//! Distinct true `y`s name distinct occupied segments, so their number is at most the number
//! of queens, and every legal placement extends to `y`s that count exactly its queens (one
//! per segment). Only this direction is encoded, so the counts support `≥ k` bounds only.
//!
//! Why: with the walls assumed, every `y_j` that does not start a segment is false by unit
//! propagation, and the totaliser propagates, so "more queens than row (or column) segments"
//! is refuted without search. The sweep, which asks one such question per board, relies on it.

use super::clauses::{CellLits, Line, add, clause, full_lines};
use crate::board::{Board, Family};
use crate::encode::varmap::{VarMap, VarRole};
use rustsat::encodings::CollectClauses;
use rustsat::types::Lit;

/// The `y` literals of the rows and of the columns of `shape` (an empty board: its segments
/// are full lines): two input lists whose counts each bound the number of queens from below.
pub fn inputs<C: CollectClauses>(
    shape: &Board,
    cells: CellLits,
    col: &mut C,
    vars: &mut VarMap,
) -> Vec<Vec<Lit>> {
    [Family::Row, Family::Column]
        .into_iter()
        .map(|f| {
            let lines = full_lines(shape, f);
            lines
                .iter()
                .flat_map(|l| line_starts(cells.line(l), col, vars))
                .collect()
        })
        .collect()
}

/// The `y` literals of one line (cell indices in order).
fn line_starts<C: CollectClauses>(line: Line, col: &mut C, vars: &mut VarMap) -> Vec<Lit> {
    let n = line.n();
    let mut ys = Vec::with_capacity(n);
    let h: Vec<Lit> = (0..n)
        .map(|_| vars.named(VarRole::Aux("segment reach")).pos_lit())
        .collect();
    for j in 0..n {
        let (q, w) = (line.queen(j), line.wall(j));
        let mut cls = if j + 1 < n {
            vec![
                clause(&[!h[j], q, !line.wall(j + 1)]),
                clause(&[!h[j], q, h[j + 1]]),
            ]
        } else {
            vec![clause(&[!h[j], q])]
        };
        let y = vars.named(VarRole::Aux("segment start")).pos_lit();
        cls.push(clause(&[!y, h[j]]));
        cls.push(clause(&[!y, !w]));
        if j > 0 {
            cls.push(clause(&[!y, line.wall(j - 1)]));
        }
        add(col, cls);
        ys.push(y);
    }
    ys
}

#[cfg(test)]
mod tests {
    use crate::board::{Board, Cell};
    use crate::check::{brute_value, check_placement};
    use crate::encode::{QueenCount, WallModel, WallOptions};
    use crate::solve::{AnySolver, Backend, SolveIncremental as _, SolverResult};
    use proptest::prelude::*;

    fn model(rows: usize, cols: usize, solver: &mut AnySolver) -> WallModel {
        let opts = WallOptions {
            count: QueenCount::Segments,
            ..WallOptions::default()
        };
        WallModel::encode(rows, cols, opts, solver).unwrap()
    }

    /// The value under the model with the board's walls assumed, by asking `≥ k` upwards in
    /// one reused solver.
    fn value_of(model: &mut WallModel, solver: &mut AnySolver, board: &Board) -> usize {
        let mut k = 1;
        loop {
            let mut a = model.fix_board(board);
            let Some(count) = model.at_least_queens(k, solver) else {
                return k - 1; // more queens than cells
            };
            a.extend(count);
            match solver.solve_assumps(&a).unwrap() {
                SolverResult::Sat => {
                    let p = model.decode_placement(|l| solver.is_true(l));
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
        let mut m = model(8, 8, &mut solver);
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
            let mut m = model(rows, cols, &mut solver);
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
