//! (Permutation form, used by armies and cover; the placement form for `solutions` is in
//! `lex_leader.rs`, with the opposite order. Unifying them is open work.)
//!
//! Lex-leader symmetry breaking: for a symmetry that permutes a vector of literals, allow only
//! assignments that are lexicographically no greater than their image.
//!
//! Soundness: the orbit of every model under a group has a lexicographically least member
//! (position 0 most significant, false < true), and that member satisfies `x ≤lex π(x)` for
//! every π of the group. So adding the constraints for any set of group elements keeps at
//! least one model of every orbit, and with all elements of the group exactly one.

use super::VarMap;
use rustsat::encodings::CollectClauses;
use rustsat::instances::ManageVars as _;
use rustsat::types::{Clause, Lit};

/// Adds `x ≤lex y` where `y[perm[j]] = x[j]` (the image of the assignment under the
/// permutation `perm` of positions). Positions that the permutation fixes cost nothing.
/// Returns the number of clauses added.
pub fn lex_leader<C: CollectClauses>(x: &[Lit], perm: &[usize], col: &mut C, vars: &mut VarMap) -> usize {
    assert_eq!(x.len(), perm.len(), "a permutation of the whole vector");
    let mut y = vec![None; x.len()];
    for (j, &p) in perm.iter().enumerate() {
        y[p] = Some(x[j]);
    }
    let y: Vec<Lit> = y.into_iter().map(|l| l.expect("perm is a permutation")).collect();
    vars.owner("lex-leader prefix equal");
    let mut clauses: Vec<Clause> = Vec::new();
    // `eq`: "x and y agree on every position before i"; None means "certainly true".
    let mut eq: Option<Lit> = None;
    let last = (0..x.len()).rev().find(|&i| x[i] != y[i]);
    let Some(last) = last else { return 0 };
    for i in 0..=last {
        if x[i] == y[i] {
            continue;
        }
        let guard = |mut c: Vec<Lit>| -> Clause {
            if let Some(e) = eq {
                c.push(!e);
            }
            c.into_iter().collect()
        };
        // While the prefixes agree, x_i ≤ y_i.
        clauses.push(guard(vec![!x[i], y[i]]));
        if i == last {
            break;
        }
        // Agreement carries on when x_i = y_i.
        let next = vars.new_var().pos_lit();
        clauses.push(guard(vec![!x[i], !y[i], next]));
        clauses.push(guard(vec![x[i], y[i], next]));
        eq = Some(next);
    }
    let n = clauses.len();
    col.extend_clauses(clauses)
        .expect("out of memory while encoding lex-leader constraints");
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{AnySolver, Backend, SolveIncremental, SolverResult};
    use rustsat::instances::ManageVars;

    /// Counts the assignments of `n` free variables that survive the constraints for the
    /// given group of permutations.
    fn survivors(n: usize, perms: &[Vec<usize>]) -> usize {
        let mut vars = VarMap::new();
        let x: Vec<Lit> = (0..n).map(|_| vars.new_var().pos_lit()).collect();
        let mut s: AnySolver = Backend::default().make();
        for p in perms {
            lex_leader(&x, p, &mut s, &mut vars);
        }
        let mut count = 0;
        for bits in 0..(1u32 << n) {
            let a: Vec<Lit> = (0..n)
                .map(|i| if bits >> i & 1 == 1 { x[i] } else { !x[i] })
                .collect();
            if s.solve_assumps(&a).unwrap() == SolverResult::Sat {
                count += 1;
            }
        }
        let _ = vars.n_used();
        count
    }

    #[test]
    fn one_survivor_per_orbit() {
        // Cyclic shifts of 4 positions: 16 assignments fall into 6 orbits.
        let shift = |k: usize| (0..4).map(|j| (j + k) % 4).collect::<Vec<_>>();
        assert_eq!(survivors(4, &[shift(1), shift(2), shift(3)]), 6);
        // Swapping two positions of three: 8 assignments, 6 orbits.
        assert_eq!(survivors(3, &[vec![1, 0, 2]]), 6);
        assert_eq!(survivors(3, &[vec![0, 1, 2]]), 8);
    }
}
