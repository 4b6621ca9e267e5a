//! Selecting placements from a list: packing (pairwise disjoint) or covering (every free
//! square in some selected placement). One variable per listed placement.
//!
//! Invariant: a model selects a set of placements that is disjoint (`Pack`: at most one
//! selected placement per square) or covers the board (`Cover`: at least one per free square),
//! and the [`Counter`] counts the selected placements.

use super::{Amo, Counter, VarMap};
use crate::board::{Board, Placement};
use rustsat::encodings::CollectClauses;
use rustsat::instances::ManageVars as _;
use rustsat::types::{Clause, Lit};
use serde::{Deserialize, Serialize};

/// Which selection problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Goal {
    Pack,
    Cover,
}

/// The encoded selection model.
#[derive(Debug)]
pub struct SelectionModel {
    pub vars: VarMap,
    /// The selection literal of each listed placement, in list order.
    pub select: Vec<Lit>,
    counter: Counter,
}

impl SelectionModel {
    /// Encodes the goal over `sets` (placements on `board`). A free square that no set holds
    /// makes a cover impossible: its clause is empty.
    pub fn encode<C: CollectClauses>(
        board: &Board,
        sets: &[Placement],
        goal: Goal,
        amo: Amo,
        col: &mut C,
    ) -> SelectionModel {
        let mut vars = VarMap::new();
        vars.owner("select placement");
        let select: Vec<Lit> = sets.iter().map(|_| vars.new_var().pos_lit()).collect();
        let mut holding: Vec<Vec<Lit>> = vec![Vec::new(); board.n_cells()];
        for (set, &lit) in sets.iter().zip(&select) {
            for &q in set.queens() {
                holding[board.index(q)].push(lit);
            }
        }
        for p in board.free_cells() {
            let lits = &holding[board.index(p)];
            match goal {
                Goal::Pack => amo.encode(lits, col, &mut vars),
                Goal::Cover => col
                    .extend_clauses([lits.iter().copied().collect::<Clause>()])
                    .expect("out of memory while encoding a cover"),
            }
        }
        SelectionModel {
            vars,
            counter: Counter::new(vec![select.clone()]),
            select,
        }
    }

    /// Lex-leader constraints for every symmetry of the board that maps the list onto itself
    /// (as for the list of all n-queens solutions), so that of each symmetry class of
    /// selections only the lexicographically least remains. Returns the clauses added.
    pub fn break_symmetries<C: CollectClauses>(
        &mut self,
        board: &Board,
        sets: &[Placement],
        col: &mut C,
    ) -> usize {
        let index: std::collections::HashMap<&Placement, usize> =
            sets.iter().enumerate().map(|(i, p)| (p, i)).collect();
        let mut n = 0;
        for sym in board.stabiliser() {
            let perm: Option<Vec<usize>> = sets
                .iter()
                .map(|p| index.get(&p.image_on(sym, board)).copied())
                .collect();
            if let Some(perm) = perm {
                n += super::lex_leader(
                    &self.select,
                    &super::inverse(&perm),
                    super::Keep::Least,
                    super::Carry::Full,
                    col,
                    &mut self.vars,
                );
            }
        }
        n
    }

    /// Assumptions for "at least `k` selected"; `None` beyond the list's length.
    pub fn at_least<C: CollectClauses>(&mut self, k: usize, col: &mut C) -> Option<Vec<Lit>> {
        self.counter.at_least(k, col, &mut self.vars)
    }

    /// Assumptions for "at most `k` selected".
    pub fn at_most<C: CollectClauses>(&mut self, k: usize, col: &mut C) -> Vec<Lit> {
        self.counter.at_most(k, col, &mut self.vars)
    }

    /// Indices of the selected placements in a model.
    pub fn decode(&self, is_true: impl Fn(Lit) -> bool) -> Vec<usize> {
        (0..self.select.len())
            .filter(|&i| is_true(self.select[i]))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustsat::instances::Cnf;

    #[test]
    fn cover_clause_per_free_square() {
        let b = Board::new(1, 2).unwrap();
        let sets = [Placement::new(vec![(0, 0)]), Placement::new(vec![(0, 1)])];
        let mut cnf = Cnf::new();
        let m = SelectionModel::encode(&b, &sets, Goal::Cover, Amo::Pairwise, &mut cnf);
        assert_eq!(cnf.len(), 2);
        assert_eq!(m.select.len(), 2);
    }
}
