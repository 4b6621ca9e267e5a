//! Non-attack along one line whose cells may be walls: queens `q[i]`, walls `w[i]`, in order.

use super::clauses::{add, clause};
use crate::encode::varmap::{VarMap, VarRole};
use rustsat::encodings::CollectClauses;
use rustsat::types::{Clause, Lit};

/// Linear size. `t[i]` is implied by "some queen at or before `i` with no wall after it up to
/// `i`": `q[i] → t[i]`, `t[i-1] ∧ ¬w[i] → t[i]`, and a queen may not see one: `q[i] → ¬t[i-1]`.
/// Only implications towards `t` are needed: the least `t` satisfying them is exactly the
/// visibility relation, and a larger `t` only forbids more.
pub fn linear<C: CollectClauses>(w: &[Lit], q: &[Lit], col: &mut C, vars: &mut VarMap) {
    let n = q.len();
    let mut prev: Option<Lit> = None;
    for i in 0..n {
        if let Some(t) = prev {
            add(col, [clause(&[!q[i], !t])]);
        }
        if i + 1 == n {
            break; // nothing lies beyond the last cell
        }
        let t = vars.named(VarRole::Aux("visible")).pos_lit();
        let mut cls = vec![clause(&[!q[i], t])];
        if let Some(p) = prev {
            cls.push(clause(&[!p, w[i], t]));
        }
        add(col, cls);
        prev = Some(t);
    }
}

/// The seed's formulation: for each pair `a < b`, `¬q[a] ∨ ¬q[b] ∨ OR(w[a+1..b])`.
pub fn pairwise<C: CollectClauses>(w: &[Lit], q: &[Lit], col: &mut C) {
    let n = q.len();
    let mut cls = Vec::with_capacity(n * n.saturating_sub(1) / 2);
    for a in 0..n {
        for b in a + 1..n {
            let c: Clause = [!q[a], !q[b]]
                .into_iter()
                .chain(w[a + 1..b].iter().copied())
                .collect();
            cls.push(c);
        }
    }
    add(col, cls);
}
