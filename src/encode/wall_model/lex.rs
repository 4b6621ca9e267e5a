//! Lex-leader symmetry breaking on the walls: the row-major wall vector must be no larger
//! (false < true) than its image under every symmetry of the board, so exactly one wall set of
//! each symmetry class survives, and it is [`Board::canonical`]'s representative.

use super::{add, clause};
use crate::board::Board;
use crate::encode::{VarMap, VarRole};
use rustsat::encodings::CollectClauses;
use rustsat::types::Lit;

/// Adds `wall ≤lex wall∘σ` for every symmetry σ of the shape but the identity.
pub fn encode<C: CollectClauses>(shape: &Board, wall: &[Lit], col: &mut C, vars: &mut VarMap) {
    for &sym in shape.group().iter().skip(1) {
        let image: Vec<Lit> = shape
            .coords()
            .map(|p| wall[shape.index(sym.apply(p, shape.rows(), shape.cols()))])
            .collect();
        lex_leq(wall, &image, col, vars);
    }
}

/// `x ≤lex y`. `e` ("the prefixes so far are equal") starts true; at each position
/// `e → (x_i → y_i)`, and equality at `i` carries `e` on: `e ∧ ¬y_i → e'`, `e ∧ x_i → e'`.
/// Since the group is closed under inverses, comparing with `wall∘σ` for all σ is the same
/// as comparing with every image board.
fn lex_leq<C: CollectClauses>(x: &[Lit], y: &[Lit], col: &mut C, vars: &mut VarMap) {
    let mut eq: Option<Lit> = None; // None stands for "true"
    let last = x.iter().zip(y).rposition(|(a, b)| a != b);
    let Some(last) = last else { return };
    for i in 0..=last {
        if x[i] == y[i] {
            continue;
        }
        let pre: Vec<Lit> = eq.map(|e| !e).into_iter().collect();
        let with = |tail: &[Lit]| clause(&[pre.as_slice(), tail].concat());
        add(col, [with(&[!x[i], y[i]])]);
        if i == last {
            break;
        }
        let next = vars.named(VarRole::Aux("lex equal prefix")).pos_lit();
        add(col, [with(&[y[i], next]), with(&[!x[i], next])]);
        eq = Some(next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{SolveIncremental, SolverResult, VarisatSolver};
    use rustsat::instances::ManageVars;

    /// x ≤lex y over all 3-bit pairs agrees with integer comparison (x_0 most significant).
    #[test]
    fn lex_leq_is_lexicographic_order() {
        for xs in 0..8u32 {
            for ys in 0..8u32 {
                let mut vars = VarMap::new();
                let x: Vec<Lit> = (0..3).map(|_| vars.new_var().pos_lit()).collect();
                let y: Vec<Lit> = (0..3).map(|_| vars.new_var().pos_lit()).collect();
                let mut s = VarisatSolver::default();
                lex_leq(&x, &y, &mut s, &mut vars);
                let bit = |v: u32, i: usize| v >> (2 - i) & 1 == 1;
                let assumps: Vec<Lit> = (0..3)
                    .flat_map(|i| {
                        [
                            if bit(xs, i) { x[i] } else { !x[i] },
                            if bit(ys, i) { y[i] } else { !y[i] },
                        ]
                    })
                    .collect();
                let sat = s.solve_assumps(&assumps).unwrap() == SolverResult::Sat;
                assert_eq!(sat, xs <= ys, "x={xs:03b} y={ys:03b}");
            }
        }
    }
}
