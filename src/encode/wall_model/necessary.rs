//! "Every wall is necessary": a wall must separate two queens that would see each other
//! without it. A board with the fewest walls for q queens has only such walls (drop one
//! that is not and q queens still fit), so adding this keeps every minimum board and prunes
//! the search for a smaller one.

use super::clauses::{CellLits, add, clause};
use crate::board::Board;
use crate::encode::varmap::{VarMap, VarRole};
use rustsat::encodings::CollectClauses;
use rustsat::types::Lit;

/// `lines` are cell indices in order along each full line of the board.
pub fn encode<C: CollectClauses>(
    shape: &Board,
    lines: &[Vec<usize>],
    cells: CellLits,
    col: &mut C,
    vars: &mut VarMap,
) {
    // For each cell, the literals "this line separates two queens here".
    let mut reasons: Vec<Vec<Lit>> = vec![Vec::new(); shape.n_cells()];
    for line in lines {
        if line.len() < 3 {
            continue;
        }
        let before = seen(line.iter().copied(), cells, col, vars);
        let after = seen(line.iter().rev().copied(), cells, col, vars);
        let n = line.len();
        for k in 1..n - 1 {
            // before[k]: a queen before cell k sees up to k; after[n-1-k] likewise from beyond.
            let (a, b) = (
                before[k].expect("inner cell"),
                after[n - 1 - k].expect("inner cell"),
            );
            let u = vars.named(VarRole::Aux("wall separates")).pos_lit();
            add(col, [clause(&[!u, a]), clause(&[!u, b])]);
            reasons[line[k]].push(u);
        }
    }
    for (i, r) in reasons.into_iter().enumerate() {
        add(col, [std::iter::once(!cells.wall[i]).chain(r).collect()]);
    }
}

/// Along the cells in order: `s[k]` (for `k ≥ 1`) implies a queen at some `j < k` with no wall
/// strictly between `j` and `k`: `s[k] → q[k-1] ∨ (s[k-1] ∧ ¬w[k-1])`.
fn seen<C: CollectClauses>(
    order: impl Iterator<Item = usize>,
    CellLits { wall, queen }: CellLits,
    col: &mut C,
    vars: &mut VarMap,
) -> Vec<Option<Lit>> {
    let cells: Vec<usize> = order.collect();
    let mut s: Vec<Option<Lit>> = vec![None];
    for k in 1..cells.len() {
        let p = cells[k - 1];
        let v = vars.named(VarRole::Aux("queen seen")).pos_lit();
        match s[k - 1] {
            None => add(col, [clause(&[!v, queen[p]])]),
            Some(prev) => add(
                col,
                [clause(&[!v, queen[p], prev]), clause(&[!v, queen[p], !wall[p]])],
            ),
        }
        s.push(Some(v));
    }
    s
}
