//! Counting queens with rustsat's incremental totaliser.
//!
//! A [`Counter`] holds one or more totalisers whose inputs each sum to the same quantity (the
//! number of queens). Bounds are encoded lazily: asking for `≥ k` adds only the totaliser
//! outputs needed for `k` (`encode_lb_change`), then returns the assumption literals
//! (`enforce_lb`). Calling `encode_lb` twice would duplicate clauses, so it is never used.
//!
//! The totaliser is O. Bailleux and Y. Boufkhad, "Efficient CNF encoding of Boolean
//! cardinality constraints", CP 2003; encoding its outputs as they are needed is the
//! incremental totaliser of R. Martins, S. Joshi, V. Manquinho and I. Lynce, "Incremental
//! cardinality constraints for MaxSAT", CP 2014 (both as rustsat implements them).

use super::varmap::VarMap;
use rustsat::encodings::CollectClauses;
use rustsat::encodings::card::{
    BoundLower, BoundLowerIncremental, BoundUpper, BoundUpperIncremental, Encode as _, Totalizer,
};
use rustsat::types::Lit;

crate::choices! {
/// What the totalisers count.
pub enum CountMode {
    /// One totaliser over every queen variable.
    Cells = "cells",
    /// Two totalisers, over row-segment and column-segment occupancy indicators. A segment
    /// holds at most one queen, so each sum equals the number of queens, and the inputs are
    /// far fewer than the cells.
    #[default]
    Segments = "segments",
}
}

/// Incremental bounds on a count that every totaliser's inputs equal.
#[derive(Debug)]
pub struct Counter {
    totalisers: Vec<Totalizer>,
}

impl Counter {
    /// A counter over input lists that all sum to the same quantity (for `at_least` alone it
    /// is enough that every list can be set to sum to it and none sums to more).
    pub fn new(inputs: Vec<Vec<Lit>>) -> Counter {
        Counter {
            totalisers: inputs.into_iter().map(Totalizer::from_iter).collect(),
        }
    }

    /// The largest count the inputs can reach (the smallest input list).
    pub fn max_count(&self) -> usize {
        self.totalisers.iter().map(|t| t.n_lits()).min().unwrap_or(0)
    }

    /// Assumptions for `count ≥ k`, extending the encoding as needed. `None` when `k` exceeds
    /// the number of inputs, so the bound cannot hold.
    pub fn at_least<C: CollectClauses>(
        &mut self,
        k: usize,
        col: &mut C,
        vm: &mut VarMap,
    ) -> Option<Vec<Lit>> {
        if k > self.max_count() {
            return None;
        }
        Some(self.bound(k, true, col, vm))
    }

    /// Assumptions for `count ≤ k`, extending the encoding as needed.
    pub fn at_most<C: CollectClauses>(&mut self, k: usize, col: &mut C, vm: &mut VarMap) -> Vec<Lit> {
        self.bound(k, false, col, vm)
    }

    /// Assumptions for `count ≥ k` (`lower`) or `count ≤ k`, each totaliser's outputs for `k`
    /// encoded first where they are not yet.
    fn bound<C: CollectClauses>(&mut self, k: usize, lower: bool, col: &mut C, vm: &mut VarMap) -> Vec<Lit> {
        let mut assumps = Vec::new();
        vm.owner("totaliser");
        for t in &mut self.totalisers {
            if lower {
                t.encode_lb_change(k..=k, col, vm)
            } else {
                t.encode_ub_change(k..=k, col, vm)
            }
            .expect("out of memory while encoding a totaliser");
            assumps.extend(if lower {
                t.enforce_lb(k).expect("lower bound was just encoded")
            } else {
                t.enforce_ub(k).expect("upper bound was just encoded")
            });
        }
        assumps
    }

    /// Assumptions for `count = k`, or `None` when `k` is out of reach.
    pub fn exactly<C: CollectClauses>(&mut self, k: usize, col: &mut C, vm: &mut VarMap) -> Option<Vec<Lit>> {
        let mut a = self.at_least(k, col, vm)?;
        a.extend(self.at_most(k, col, vm));
        Some(a)
    }
}
