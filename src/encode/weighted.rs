//! "A weighted sum of literals is at most a bound", rounded to a few steps so that it is a
//! small unary count.
//!
//! Invariant (soundness): from `Σ w_i·[l_i] ≤ B` with `B > 0` follows
//! `Σ ⌊w_i·D / B⌋·[l_i] ≤ (D / B)·Σ w_i·[l_i] ≤ D`, so the clauses never cut an assignment the
//! exact inequality allows. They are weaker than it only by the rounding, which `D` bounds.

use super::unary_sum::unary_count;
use super::varmap::VarMap;
use rustsat::encodings::CollectClauses;
use rustsat::types::{Clause, Lit};

/// Clauses for `Σ w·[l] ≤ bound` over `terms`, each weight rounded down to whole steps of
/// `bound / steps` (a unary count of the steps capped at `steps + 1`, its top output false).
/// With `bound` 0 every literal of positive weight is false.
pub fn at_most_weighted<C: CollectClauses>(
    terms: &[(Lit, u128)],
    bound: u128,
    steps: usize,
    col: &mut C,
    vars: &mut VarMap,
) {
    let heavy = |w: u128| bound == 0 || w > bound;
    let units: Vec<Clause> = terms
        .iter()
        .filter(|&&(_, w)| w > 0 && heavy(w))
        .map(|&(l, _)| Clause::from_iter([!l]))
        .collect();
    col.extend_clauses(units)
        .expect("collecting clauses does not fail");
    if bound == 0 {
        return;
    }
    // A literal repeated once per step of its weight; heavy ones are false already.
    let copies: Vec<Lit> = terms
        .iter()
        .filter(|&&(_, w)| !heavy(w))
        .flat_map(|&(l, w)| std::iter::repeat_n(l, (w * steps as u128 / bound) as usize))
        .collect();
    if copies.len() <= steps {
        return;
    }
    let count = unary_count(&copies, steps + 1, col, vars);
    col.extend_clauses([Clause::from_iter([!count[steps]])])
        .expect("collecting clauses does not fail");
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustsat::instances::Cnf;
    use rustsat::types::{Assignment, TernaryVal};

    /// Whether some extension of `fixed` (an assignment of the term literals) satisfies `cnf`,
    /// by trying every value of the rest (few auxiliary variables).
    fn extends(cnf: &Cnf, fixed: &[(Lit, bool)], n_vars: u32) -> bool {
        let free: Vec<u32> = (0..n_vars)
            .filter(|&v| !fixed.iter().any(|(l, _)| l.var().idx32() == v))
            .collect();
        (0u64..1 << free.len()).any(|bits| {
            let mut a = Assignment::default();
            for &(l, on) in fixed {
                a.assign_lit(if on { l } else { !l });
            }
            for (i, &v) in free.iter().enumerate() {
                let l = rustsat::types::Var::new(v).pos_lit();
                a.assign_lit(if bits >> i & 1 == 1 { l } else { !l });
            }
            cnf.iter().all(|cl| cl.evaluate(&a) == TernaryVal::True)
        })
    }

    #[test]
    fn never_cuts_an_assignment_within_the_bound_and_cuts_far_ones() {
        let weights = [5u128, 3, 3, 2, 9];
        let bound = 8;
        let mut vars = VarMap::new();
        let lits: Vec<Lit> = weights
            .iter()
            .map(|_| vars.named(crate::encode::varmap::VarRole::Aux("term")).pos_lit())
            .collect();
        let terms: Vec<(Lit, u128)> = lits.iter().copied().zip(weights).collect();
        let mut cnf = Cnf::new();
        at_most_weighted(&terms, bound, 4, &mut cnf, &mut vars);
        let n_vars = vars.len() as u32;
        for bits in 0u32..1 << weights.len() {
            let fixed: Vec<(Lit, bool)> = lits
                .iter()
                .enumerate()
                .map(|(i, &l)| (l, bits >> i & 1 == 1))
                .collect();
            let sum: u128 = (0..weights.len())
                .filter(|i| bits >> i & 1 == 1)
                .map(|i| weights[i])
                .sum();
            let allowed = extends(&cnf, &fixed, n_vars);
            if sum <= bound {
                assert!(allowed, "{bits:b}: sum {sum} cut");
            }
            // Rounded to quarters of 8: 5 → 2, 3 → 1, 2 → 1, 9 → false; 5 + 3 + 3 = 11 → 4 steps
            // is still allowed, 5 + 3 + 3 + 2 → 5 steps is not.
            if sum >= 13 || bits >> 4 & 1 == 1 {
                assert!(!allowed, "{bits:b}: sum {sum} kept");
            }
        }
    }
}
