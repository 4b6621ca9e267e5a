//! Splitting an enumeration into shards by the first queen.
//!
//! Every non-empty placement has one first queen in row-major order. Shard `s` of `m` keeps
//! the placements whose first queen stands on a free cell with index `i ≡ s (mod m)` among the
//! free cells, and shard 0 also keeps the empty placement, so the shards partition the
//! placements. With lex-leader symmetry breaking each class has one representative, so the
//! shards partition the classes too.
//!
//! Encoding, with `e_i` meaning "no queen on the free cells before i" (`e_0 = ⊤`):
//! `e_i ∧ ¬x_i → e_{i+1}`, and for each cell not in the shard `e_i → ¬x_i`. As in the
//! lex-leader encoding, `e_i` is only forced one way; models on the queen variables are exact.

use super::base::BaseModel;
use super::varmap::VarRole;
use crate::board::Placement;
use rustsat::encodings::CollectClauses;
use rustsat::types::{Clause, Lit};

/// Restricts the model to shard `shard` of `of` (0-based, `shard < of`).
pub fn encode_shard<C: CollectClauses>(model: &mut BaseModel, shard: usize, of: usize, col: &mut C) {
    assert!(shard < of, "shard {shard} of {of}");
    let xs: Vec<Lit> = model.queen_lits().map(|(_, l)| l).collect();
    let mut clauses: Vec<Clause> = Vec::new();
    let mut empty_before: Option<Lit> = None;
    for (i, &x) in xs.iter().enumerate() {
        let guard = |mut lits: Vec<Lit>| {
            if let Some(e) = empty_before {
                lits.insert(0, !e);
            }
            lits.into_iter().collect::<Clause>()
        };
        if i % of != shard {
            clauses.push(guard(vec![!x]));
        }
        if i + 1 < xs.len() {
            let next = model.vars.named(VarRole::Aux("shard")).pos_lit();
            clauses.push(guard(vec![x, next]));
            empty_before = Some(next);
        }
    }
    if shard != 0 {
        // The empty placement belongs to shard 0.
        clauses.push(xs.iter().copied().collect());
    }
    col.extend_clauses(clauses)
        .expect("out of memory while encoding a shard");
}

/// The shard of `of` that keeps `placement`, as [`encode_shard`] splits them: the index of its
/// first queen among the free cells (row-major), modulo `of`; the empty placement is shard 0's.
pub fn shard_of(model: &BaseModel, placement: &Placement, of: usize) -> usize {
    model
        .queen_lits()
        .position(|(cell, _)| placement.contains(cell))
        .map_or(0, |i| i % of)
}
