//! Unary counts built bottom-up from given parts: a totaliser whose tree the caller shapes.
//! Each merge is the totaliser's node (O. Bailleux and Y. Boufkhad, "Efficient CNF encoding
//! of Boolean cardinality constraints", CP 2003), its outputs capped at `m`.
//!
//! rustsat's [`Totalizer`](rustsat::encodings::card::Totalizer) splits its input list in
//! halves; here the caller first counts each group of inputs it knows something about (the
//! solutions holding one square) and then sums the groups, so a fact about a group (a square
//! is covered: its count is at least one) is a unit on that group's output and propagates to
//! the total.
//!
//! Invariant: a unary count is a list `out` with `out[j]` meaning "count ≥ j + 1" for
//! `j < out.len()`, in both directions (the clauses force `out[j]` true when j + 1 inputs are
//! true, and false when fewer are), and `out[j + 1] → out[j]`. A count built with cap `m` has
//! `min(inputs, m)` outputs; a count that may exceed `m` saturates: its outputs say only that
//! it is at least `m`. All counts merged into one must share the cap, which keeps the "false
//! when fewer" clauses sound under saturation (a saturated part never has its "≥ m + 1" read).

use super::varmap::{VarMap, VarRole};
use rustsat::encodings::CollectClauses;
use rustsat::types::{Clause, Lit};

/// The unary count of `lits`, capped at `cap` (see the module invariant): a balanced tree of
/// [`merge`]s. An empty list has the empty count.
pub fn unary_count<C: CollectClauses>(lits: &[Lit], cap: usize, col: &mut C, vars: &mut VarMap) -> Vec<Lit> {
    // Each input is the unary count of itself.
    let parts: Vec<Vec<Lit>> = lits.iter().map(|&l| vec![l]).collect();
    unary_sum(&parts, cap, col, vars)
}

/// The unary sum of unary counts (each built with the same `cap`), capped at `cap`: a
/// balanced tree of [`merge`]s over the parts in order.
pub fn unary_sum<C: CollectClauses>(
    parts: &[Vec<Lit>],
    cap: usize,
    col: &mut C,
    vars: &mut VarMap,
) -> Vec<Lit> {
    match parts {
        [] => Vec::new(),
        [p] => p.clone(),
        _ => {
            let (a, b) = parts.split_at(parts.len() / 2);
            let a = unary_sum(a, cap, col, vars);
            let b = unary_sum(b, cap, col, vars);
            merge(&a, &b, cap, col, vars)
        }
    }
}

/// The sum of two unary counts, capped at `cap`: the totaliser's node clauses in both
/// directions, and the order between consecutive outputs.
pub fn merge<C: CollectClauses>(
    a: &[Lit],
    b: &[Lit],
    cap: usize,
    col: &mut C,
    vars: &mut VarMap,
) -> Vec<Lit> {
    let m = (a.len() + b.len()).min(cap);
    let out: Vec<Lit> = (0..m)
        .map(|_| vars.named(VarRole::Aux("unary sum")).pos_lit())
        .collect();
    let mut clauses: Vec<Clause> = Vec::new();
    // "≥ i" of a part for i = 0..=len: `None` is true (i = 0) or, past the list, false.
    let at_least = |p: &[Lit], i: usize| if i == 0 { None } else { p.get(i - 1).copied() };
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            // a ≥ i ∧ b ≥ j → out ≥ i + j (up to the cap).
            let s = (i + j).min(m);
            if s > 0 && i + j <= m {
                let mut c: Clause = [at_least(a, i), at_least(b, j)]
                    .into_iter()
                    .flatten()
                    .map(|l| !l)
                    .collect();
                c.add(out[s - 1]);
                clauses.push(c);
            }
            // a < i + 1 ∧ b < j + 1 → out < i + j + 1. A part's "≥ len + 1" is false only when
            // the part is exact; a saturated part has len = cap ≥ m > i + j, so never reaches it.
            if i + j < m {
                let mut c: Clause = [at_least(a, i + 1), at_least(b, j + 1)]
                    .into_iter()
                    .flatten()
                    .collect();
                c.add(!out[i + j]);
                clauses.push(c);
            }
        }
    }
    for w in out.windows(2) {
        clauses.push([!w[1], w[0]].into_iter().collect());
    }
    col.extend_clauses(clauses)
        .expect("out of memory while encoding a unary sum");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{AnySolver, Backend, SolveIncremental, SolverResult};
    use rustsat::instances::ManageVars as _;

    /// Every assignment of 5 inputs split into groups of 2, 1 and 2: each output agrees with
    /// the count (saturated at the cap), for several caps.
    #[test]
    fn outputs_are_the_count_in_both_directions() {
        for cap in 1..=6 {
            let mut vars = VarMap::new();
            let x: Vec<Lit> = (0..5).map(|_| vars.new_var().pos_lit()).collect();
            let mut s: AnySolver = Backend::default().make();
            let parts: Vec<Vec<Lit>> = [&x[0..2], &x[2..3], &x[3..5]]
                .iter()
                .map(|g| unary_count(g, cap, &mut s, &mut vars))
                .collect();
            let out = unary_sum(&parts, cap, &mut s, &mut vars);
            assert_eq!(out.len(), cap.min(5));
            for bits in 0u32..32 {
                let count = bits.count_ones() as usize;
                let inputs: Vec<Lit> = (0..5)
                    .map(|i| if bits >> i & 1 == 1 { x[i] } else { !x[i] })
                    .collect();
                for (j, &o) in out.iter().enumerate() {
                    for value in [true, false] {
                        let mut a = inputs.clone();
                        a.push(if value { o } else { !o });
                        let sat = s.solve_assumps(&a).unwrap() == SolverResult::Sat;
                        assert_eq!(
                            sat,
                            value == (count > j),
                            "cap {cap}, inputs {bits:05b}, output {j}"
                        );
                    }
                }
            }
        }
    }
}
