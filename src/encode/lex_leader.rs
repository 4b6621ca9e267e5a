//! Static symmetry breaking: the one lex-leader primitive, for placements (`solutions
//! --unique`), permutations of selections and armies (`cover`, `armies`) and wall sets (least
//! walls).
//!
//! A symmetry acts on a vector `x` of literals as a permutation of its positions; the image
//! assignment is `x∘σ`, `(x∘σ)_i = x_{σ(i)}`. Order assignments lexicographically, position 0
//! most significant, false < true.
//!
//! Invariant: adding [`lex_leader`] with the same [`Keep`] for every non-identity element σ of
//! a group `G` of such permutations leaves, of each orbit of assignments of `x` under `G`,
//! exactly one: the lex-least member ([`Keep::Least`]) or the lex-greatest ([`Keep::Greatest`]).
//! (The group is closed, so that member satisfies every constraint; any other member has a
//! smaller, resp. greater, image and violates one.) For a subset of `G` at least that member
//! survives. Auxiliary variables are functionally free: every surviving assignment of `x`
//! extends to a model, so counts over `x` are counts of orbits.
//!
//! Encoding of `a ≤lex b` over the positions where the two literals differ, with `e_1 = ⊤` and
//! `e_i` meaning "equal on the positions before i": `e_i → (a_i → b_i)` and
//! `e_i ∧ (a_i = b_i) → e_{i+1}` (3 clauses per position, 1 at the last; [`Carry`] says how the
//! second is written). Only that direction of `e_{i+1}` is needed: a solver free to set it false
//! after a strict difference loses no model.
//!
//! The lex-leader constraints are J. Crawford, M. Ginsberg, E. Luks and A. Roy,
//! "Symmetry-breaking predicates for search problems", KR 1996; the chain of "equal so far"
//! variables that makes each one linear in size is F. A. Aloul, K. A. Sakallah and
//! I. L. Markov, "Efficient symmetry breaking for Boolean satisfiability", IEEE Transactions
//! on Computers 55(5), 2006.

use super::varmap::{VarMap, VarRole};
use rustsat::encodings::CollectClauses;
use rustsat::types::{Clause, Lit};

/// Which member of each orbit the lex-leader constraints keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// `x ≤lex x∘σ`: the lex-least assignment (cover selections, armies, wall sets, where it
    /// is [`Board::canonical`](crate::board::Board::canonical)'s representative).
    Least,
    /// `x∘σ ≤lex x`: the lex-greatest assignment. For queen indicators in row-major order of
    /// placements of one size that is the least sorted queen list, the least by
    /// [`Placement`](crate::board::Placement)'s order (`solutions --unique`).
    Greatest,
}

/// How "equal so far" is carried past a position: two encodings of one constraint, with the
/// same models on `x`. They differ only in the solver's path (which witness a SAT call
/// returns), so each caller keeps the one its published results were made with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carry {
    /// `e ∧ ¬a ∧ ¬b → e'` and `e ∧ a ∧ b → e'` (placements, permutations).
    Full,
    /// `e ∧ ¬b → e'` and `e ∧ a → e'`: the same under `e → (a → b)`, binary (wall sets).
    Compact,
}

/// Adds the lex-leader constraint of one symmetry `image` (a permutation of the positions of
/// `x`: position `i` of the image assignment holds `x[image[i]]`); see the module invariant.
/// Positions the symmetry leaves unchanged cost nothing. Returns the number of clauses added.
pub fn lex_leader<C: CollectClauses>(
    x: &[Lit],
    image: &[usize],
    keep: Keep,
    carry: Carry,
    col: &mut C,
    vars: &mut VarMap,
) -> usize {
    assert_eq!(x.len(), image.len(), "a permutation of the whole vector");
    let y = image.iter().map(|&j| x[j]);
    let pairs: Vec<(Lit, Lit)> = match keep {
        Keep::Least => x.iter().copied().zip(y).collect(),
        Keep::Greatest => y.zip(x.iter().copied()).collect(),
    };
    lex_less_or_equal(&pairs, carry, col, vars)
}

/// The inverse of a permutation: for constraints given as "`x[j]` moves to position
/// `perm[j]`", the `image` argument of [`lex_leader`].
pub fn inverse(perm: &[usize]) -> Vec<usize> {
    let mut inv = vec![usize::MAX; perm.len()];
    for (j, &p) in perm.iter().enumerate() {
        inv[p] = j;
    }
    assert!(inv.iter().all(|&j| j != usize::MAX), "not a permutation");
    inv
}

/// `a ≤lex b` for the pairs `(a_i, b_i)` in order; pairs of equal literals are skipped.
fn lex_less_or_equal<C: CollectClauses>(
    pairs: &[(Lit, Lit)],
    carry: Carry,
    col: &mut C,
    vars: &mut VarMap,
) -> usize {
    let differ: Vec<(Lit, Lit)> = pairs.iter().copied().filter(|(a, b)| a != b).collect();
    let mut clauses: Vec<Clause> = Vec::new();
    // `None` stands for e_1 = ⊤.
    let mut equal_so_far: Option<Lit> = None;
    for (i, &(a, b)) in differ.iter().enumerate() {
        let guard = |lits: &[Lit]| -> Clause {
            equal_so_far
                .map(|e| !e)
                .into_iter()
                .chain(lits.iter().copied())
                .collect()
        };
        clauses.push(guard(&[!a, b]));
        if i + 1 < differ.len() {
            let next = vars.named(VarRole::Aux("lex-leader")).pos_lit();
            match carry {
                Carry::Full => {
                    clauses.push(guard(&[a, b, next]));
                    clauses.push(guard(&[!a, !b, next]));
                }
                Carry::Compact => {
                    clauses.push(guard(&[b, next]));
                    clauses.push(guard(&[!a, next]));
                }
            }
            equal_so_far = Some(next);
        }
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

    /// The assignments (bit i = position i) of `n` free variables that survive the
    /// constraints for the given permutations.
    fn survivors(n: usize, images: &[Vec<usize>], keep: Keep, carry: Carry) -> Vec<u32> {
        let mut vars = VarMap::new();
        let x: Vec<Lit> = (0..n).map(|_| vars.new_var().pos_lit()).collect();
        let mut s: AnySolver = Backend::default().make();
        for p in images {
            lex_leader(&x, p, keep, carry, &mut s, &mut vars);
        }
        (0..(1u32 << n))
            .filter(|bits| {
                let a: Vec<Lit> = (0..n)
                    .map(|i| if bits >> i & 1 == 1 { x[i] } else { !x[i] })
                    .collect();
                s.solve_assumps(&a).unwrap() == SolverResult::Sat
            })
            .collect()
    }

    /// Position 0 most significant: the lex key of an assignment.
    fn key(bits: u32, n: usize) -> Vec<bool> {
        (0..n).map(|i| bits >> i & 1 == 1).collect()
    }

    #[test]
    fn one_survivor_per_orbit_the_least_or_the_greatest() {
        // Cyclic shifts of 4 positions: 16 assignments fall into 6 orbits.
        let shift = |k: usize| (0..4).map(|j| (j + k) % 4).collect::<Vec<_>>();
        let group = [shift(1), shift(2), shift(3)];
        for (keep, carry) in [Keep::Least, Keep::Greatest]
            .into_iter()
            .flat_map(|k| [(k, Carry::Full), (k, Carry::Compact)])
        {
            let kept = survivors(4, &group, keep, carry);
            assert_eq!(kept.len(), 6);
            for &a in &kept {
                let orbit = (0..4).map(|k| (0..4).fold(0u32, |acc, i| acc | (a >> ((i + k) % 4) & 1) << i));
                let keys: Vec<Vec<bool>> = orbit.map(|b| key(b, 4)).collect();
                let mine = key(a, 4);
                match keep {
                    Keep::Least => assert!(keys.iter().all(|k| mine <= *k)),
                    Keep::Greatest => assert!(keys.iter().all(|k| mine >= *k)),
                }
            }
        }
        // Swapping two positions of three: 8 assignments, 6 orbits.
        assert_eq!(survivors(3, &[vec![1, 0, 2]], Keep::Least, Carry::Full).len(), 6);
        assert_eq!(survivors(3, &[vec![0, 1, 2]], Keep::Least, Carry::Full).len(), 8);
    }

    /// `a ≤lex b` over all 3-bit pairs agrees with integer comparison (a_0 most significant).
    #[test]
    fn less_or_equal_is_lexicographic_order() {
        for (xs, ys, carry) in
            (0..64u32).flat_map(|v| [(v / 8, v % 8, Carry::Full), (v / 8, v % 8, Carry::Compact)])
        {
            {
                let mut vars = VarMap::new();
                let a: Vec<Lit> = (0..3).map(|_| vars.new_var().pos_lit()).collect();
                let b: Vec<Lit> = (0..3).map(|_| vars.new_var().pos_lit()).collect();
                let mut s: AnySolver = Backend::default().make();
                let pairs: Vec<(Lit, Lit)> = a.iter().copied().zip(b.iter().copied()).collect();
                lex_less_or_equal(&pairs, carry, &mut s, &mut vars);
                let bit = |v: u32, i: usize| v >> (2 - i) & 1 == 1;
                let assumps: Vec<Lit> = (0..3)
                    .flat_map(|i| {
                        [
                            if bit(xs, i) { a[i] } else { !a[i] },
                            if bit(ys, i) { b[i] } else { !b[i] },
                        ]
                    })
                    .collect();
                let sat = s.solve_assumps(&assumps).unwrap() == SolverResult::Sat;
                assert_eq!(sat, xs <= ys, "a={xs:03b} b={ys:03b}");
            }
        }
    }

    #[test]
    fn inverse_undoes() {
        assert_eq!(inverse(&[2, 0, 1]), vec![1, 2, 0]);
        assert_eq!(inverse(&inverse(&[3, 1, 0, 2])), vec![3, 1, 0, 2]);
    }
}
