//! A value question as a standalone CNF: "does the board hold at least `k` queens?", with
//! the bound as unit clauses rather than assumptions, so external solvers and proof checkers
//! see one closed formula.
//!
//! Invariant: the CNF is satisfiable iff `k` non-attacking queens fit on the board; its
//! models decode to placements through `model` (queen literals are the first variables).

use super::base::{BaseModel, BaseOptions};
use crate::board::Board;
use rustsat::instances::Cnf;
use rustsat::types::Clause;

/// The CNF of one question and the model that decodes it.
pub struct ValueQuestion {
    pub cnf: Cnf,
    pub model: BaseModel,
    /// `None`: no bound; `Some(k)`: at least `k` queens.
    pub at_least: Option<usize>,
}

impl ValueQuestion {
    /// Encodes the board and, if given, the bound `≥ k`. When the counter's inputs cannot
    /// reach `k` (more than the segments or cells count), the bound is the empty clause:
    /// the question is unsatisfiable by counting alone.
    pub fn new(board: &Board, opts: BaseOptions, at_least: Option<usize>) -> ValueQuestion {
        let mut cnf = Cnf::new();
        let mut model = BaseModel::encode(board, opts, &mut cnf);
        if let Some(k) = at_least {
            match model.at_least(k, &mut cnf) {
                Some(units) => units.into_iter().for_each(|l| cnf.add_unit(l)),
                None => cnf.add_clause(Clause::new()),
            }
        }
        ValueQuestion { cnf, model, at_least }
    }

    /// The number of variables (DIMACS `p cnf` count).
    pub fn n_vars(&self) -> u32 {
        self.model.vars.len() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::CountMode;
    use crate::solve::{Solve, SolverResult, VarisatSolver};

    fn answer(q: &ValueQuestion) -> SolverResult {
        let mut s = VarisatSolver::default();
        for cl in q.cnf.iter() {
            s.add_clause_ref(cl).unwrap();
        }
        s.solve().unwrap()
    }

    #[test]
    fn the_eight_queens_question() {
        let b = Board::square(8).unwrap();
        for count in [CountMode::Cells, CountMode::Segments] {
            let opts = BaseOptions {
                count,
                ..BaseOptions::default()
            };
            assert_eq!(answer(&ValueQuestion::new(&b, opts, Some(8))), SolverResult::Sat);
            assert_eq!(
                answer(&ValueQuestion::new(&b, opts, Some(9))),
                SolverResult::Unsat
            );
        }
    }
}
