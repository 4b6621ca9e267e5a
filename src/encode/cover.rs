//! Selecting placements from a list: packing (pairwise disjoint) or covering (every free
//! square in some selected placement). One variable per listed placement.
//!
//! Invariant: a model selects a set of placements that is disjoint (`Pack`: at most one
//! selected placement per square) or covers the board (`Cover`: at least one per free square),
//! and every one of its unary counts ([`super::unary_sum`]) counts the selected placements.
//!
//! The counts: when every listed placement holds exactly one square in each row and each
//! column (as n-queens solutions do), the number selected equals, for any one row, the sum
//! over its squares of the number of selected placements holding that square, and likewise for
//! any column. So there is one count per row and per column, each the sum of per-square counts:
//! packing caps a square's count at 1 (its at-most-one makes that exact: "the square is
//! occupied"), so "≥ k selected" says every row and column has at most n − k empty squares;
//! covering fixes each square's "≥ 1" output (the square is covered) as a unit, so "≤ k
//! selected" propagates as "at most k − n squares of a row or column are covered twice".
//! Covering also bounds each diagonal's sum by k (a non-attacking placement holds at most one
//! square of a diagonal, so that sum is at most the number selected: implied, never
//! restricting). Every row and column count states the same cardinality of the same
//! selection, so the CNF means what one count over the selection variables would. Lists without that shape get one count over the
//! selection variables.

use super::amo::Amo;
use super::unary_sum::{unary_count, unary_sum};
use super::varmap::VarMap;
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
    /// Unary counts of the selection (see the module doc), all with the same outputs.
    counts: Vec<Vec<Lit>>,
    /// Unary counts that are at most the number selected (covering: per diagonal).
    below: Vec<Vec<Lit>>,
    /// The number of outputs a count was built with (before capping to its inputs).
    cap: usize,
}

impl SelectionModel {
    /// Encodes the goal over `sets` (placements on `board`), able to bound the number
    /// selected up to `bound` (covering asks "≤ k" for k ≤ bound; packing can always ask up to
    /// the number of rows). A free square that no set holds makes a cover impossible: its
    /// clause is empty.
    pub fn encode<C: CollectClauses>(
        board: &Board,
        sets: &[Placement],
        goal: Goal,
        amo: Amo,
        bound: usize,
        col: &mut C,
    ) -> SelectionModel {
        let mut vars = VarMap::new();
        vars.owner("select placement");
        let select: Vec<Lit> = sets.iter().map(|_| vars.new_var().pos_lit()).collect();
        let holding = holders(board, sets, &select);
        disjoint_or_covering(board, &holding, goal, amo, col, &mut vars);
        let shaped = one_per_row_and_column(board, sets);
        vars.owner("unary sum");
        let (cap, counts, below) = if !shaped {
            let cap = match goal {
                Goal::Pack => sets.len(),
                Goal::Cover => bound + 1,
            };
            (cap, vec![unary_count(&select, cap, col, &mut vars)], Vec::new())
        } else {
            let cap = match goal {
                Goal::Pack => board.rows(),
                Goal::Cover => bound + 1,
            };
            let square = square_counts(&holding, goal, cap, col, &mut vars);
            let counts = line_sums(board, &square, rows_and_columns(board), cap, col, &mut vars);
            // A placement of non-attacking queens holds at most one square of a diagonal, so a
            // diagonal's sum is at most the number selected: for covering, where every square
            // counts at least one, a bound that propagates along the diagonals too.
            let below = if goal == Goal::Cover && sets.iter().all(|s| attack_free(s.queens())) {
                let diagonals = diagonals(board).into_iter();
                line_sums(board, &square, diagonals, cap, col, &mut vars)
            } else {
                Vec::new()
            };
            (cap, counts, below)
        };
        SelectionModel {
            vars,
            select,
            counts,
            below,
            cap,
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
                n += super::lex_leader::lex_leader(
                    &self.select,
                    &super::lex_leader::inverse(&perm),
                    super::lex_leader::Keep::Least,
                    super::lex_leader::Carry::Full,
                    col,
                    &mut self.vars,
                );
            }
        }
        n
    }

    /// Assumptions for "at least `k` selected"; `None` when no count can reach `k`.
    pub fn at_least(&self, k: usize) -> Option<Vec<Lit>> {
        if k == 0 {
            return Some(Vec::new());
        }
        self.counts.iter().map(|c| c.get(k - 1).copied()).collect()
    }

    /// Assumptions for "at most `k` selected". Panics when `k` lies past the bound the model
    /// was encoded for (and below the number of placements, where it holds trivially).
    pub fn at_most(&self, k: usize) -> Vec<Lit> {
        assert!(
            k < self.cap || self.counts.iter().all(|c| c.len() <= k),
            "at most {k}: the model counts only up to {}",
            self.cap - 1
        );
        self.counts
            .iter()
            .chain(&self.below)
            .filter_map(|c| c.get(k))
            .map(|&l| !l)
            .collect()
    }

    /// Indices of the selected placements in a model.
    pub fn decode(&self, is_true: impl Fn(Lit) -> bool) -> Vec<usize> {
        (0..self.select.len())
            .filter(|&i| is_true(self.select[i]))
            .collect()
    }
}

/// The selection literals of the placements holding each square, by cell index.
fn holders(board: &Board, sets: &[Placement], select: &[Lit]) -> Vec<Vec<Lit>> {
    let mut holding: Vec<Vec<Lit>> = vec![Vec::new(); board.n_cells()];
    for (set, &lit) in sets.iter().zip(select) {
        for &q in set.queens() {
            holding[board.index(q)].push(lit);
        }
    }
    holding
}

/// The goal on every free square: packing, at most one selected placement holds it;
/// covering, at least one.
fn disjoint_or_covering<C: CollectClauses>(
    board: &Board,
    holding: &[Vec<Lit>],
    goal: Goal,
    amo: Amo,
    col: &mut C,
    vars: &mut VarMap,
) {
    for p in board.free_cells() {
        let lits = &holding[board.index(p)];
        match goal {
            Goal::Pack => amo.encode(lits, col, vars),
            Goal::Cover => col
                .extend_clauses([lits.iter().copied().collect::<Clause>()])
                .expect("out of memory while encoding a cover"),
        }
    }
}

/// Whether the board has no wall or hole and every listed placement holds exactly one square
/// in each row and each column: the shape the per-line counts need (module doc).
fn one_per_row_and_column(board: &Board, sets: &[Placement]) -> bool {
    let one_per_line = |line: fn((usize, usize)) -> usize, lines: usize| {
        sets.iter().all(|s| {
            let mut seen = vec![0; lines];
            s.queens().iter().for_each(|&q| seen[line(q)] += 1);
            seen.iter().all(|&k| k == 1)
        })
    };
    board.free_cells().len() == board.n_cells()
        && one_per_line(|(r, _)| r, board.rows())
        && one_per_line(|(_, c)| c, board.cols())
}

/// Per square: packing, "occupied" (a count capped at 1, exact under the at-most-one);
/// covering, the count itself with its "≥ 1" a unit.
fn square_counts<C: CollectClauses>(
    holding: &[Vec<Lit>],
    goal: Goal,
    cap: usize,
    col: &mut C,
    vars: &mut VarMap,
) -> Vec<Vec<Lit>> {
    let square: Vec<Vec<Lit>> = holding
        .iter()
        .map(|lits| match goal {
            Goal::Pack => unary_count(lits, 1, col, vars),
            Goal::Cover => unary_count(lits, cap, col, vars),
        })
        .collect();
    if goal == Goal::Cover {
        let units: Vec<Clause> = square
            .iter()
            .filter_map(|u| u.first())
            .map(|&l| [l].into_iter().collect())
            .collect();
        col.extend_clauses(units)
            .expect("out of memory while encoding a cover");
    }
    square
}

/// A count per line of cells: the sum of its squares' counts, lines in order.
fn line_sums<C: CollectClauses>(
    board: &Board,
    square: &[Vec<Lit>],
    lines: impl Iterator<Item = Vec<(usize, usize)>>,
    cap: usize,
    col: &mut C,
    vars: &mut VarMap,
) -> Vec<Vec<Lit>> {
    lines
        .map(|cells| {
            let parts: Vec<Vec<Lit>> = cells
                .into_iter()
                .map(|q| square[board.index(q)].clone())
                .collect();
            unary_sum(&parts, cap, col, vars)
        })
        .collect()
}

/// The cells of every row, then of every column.
fn rows_and_columns(board: &Board) -> impl Iterator<Item = Vec<(usize, usize)>> {
    let (rows, cols) = (board.rows(), board.cols());
    let by_row = (0..rows).map(move |r| (0..cols).map(|c| (r, c)).collect::<Vec<_>>());
    let by_col = (0..cols).map(move |c| (0..rows).map(|r| (r, c)).collect::<Vec<_>>());
    by_row.chain(by_col)
}

/// The cells of every diagonal of two squares or more: for each offset, the one going down
/// to the right, then the one going up.
fn diagonals(board: &Board) -> Vec<Vec<(usize, usize)>> {
    let mut lines = Vec::new();
    let (rows, cols) = (board.rows() as isize, board.cols() as isize);
    for d in -(rows - 1)..cols {
        let down = (0..rows)
            .filter(|r| (0..cols).contains(&(r + d)))
            .map(|r| (r as usize, (r + d) as usize));
        let up = (0..rows)
            .filter(|r| (0..cols).contains(&(d + rows - 1 - r)))
            .map(|r| (r as usize, (d + rows - 1 - r) as usize));
        for cells in [down.collect::<Vec<_>>(), up.collect()] {
            if cells.len() > 1 {
                lines.push(cells);
            }
        }
    }
    lines
}

/// Whether no two squares share a diagonal.
fn attack_free(queens: &[(usize, usize)]) -> bool {
    let mut diag = std::collections::HashSet::new();
    let mut anti = std::collections::HashSet::new();
    queens
        .iter()
        .all(|&(r, c)| diag.insert(c as isize - r as isize) && anti.insert(r + c))
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
        let m = SelectionModel::encode(&b, &sets, Goal::Cover, Amo::Pairwise, 2, &mut cnf);
        assert_eq!(m.at_most(0).len(), 1);
        assert!(cnf.len() >= 2);
        assert_eq!(m.select.len(), 2);
    }
}
