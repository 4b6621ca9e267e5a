//! One board, its base model, and one incremental solver: the unit that value search and
//! enumeration share, so learned clauses carry over between their queries.

use crate::board::{Board, Placement};
use crate::check::check_placement;
use crate::encode::{BaseModel, BaseOptions};
use crate::solve::{AnySolver, Backend, SolveIncremental, SolverResult};
use rustsat::types::{Clause, Lit};

/// The error of a solve call stopped by a limit ([`AnySolver::set_stop`]).
#[derive(Debug, thiserror::Error)]
#[error("the solver was interrupted")]
pub struct Interrupted;

/// A board loaded into a solver.
pub struct BoardSession {
    pub board: Board,
    pub model: BaseModel,
    pub solver: AnySolver,
}

impl BoardSession {
    pub fn new(board: &Board, opts: BaseOptions, backend: &Backend) -> BoardSession {
        let mut solver = backend.make();
        let model = BaseModel::encode(board, opts, &mut solver);
        BoardSession {
            board: board.clone(),
            model,
            solver,
        }
    }

    /// Solves under assumptions; on SAT, the decoded placement after the independent check.
    pub fn solve_with(&mut self, assumps: &[Lit]) -> anyhow::Result<Option<Placement>> {
        match self.solver.solve_assumps(assumps)? {
            SolverResult::Sat => {
                let p = self.model.decode(|l| self.solver.is_true(l));
                if let Err(v) = check_placement(&self.board, &p) {
                    anyhow::bail!("internal error: the solver's placement fails the checker: {v}");
                }
                Ok(Some(p))
            }
            SolverResult::Unsat => Ok(None),
            SolverResult::Interrupted => Err(Interrupted.into()),
        }
    }

    /// A placement of at least `k` queens, or `None` when none exists (an UNSAT answer, or
    /// `k` beyond what the counter's inputs can reach).
    pub fn at_least(&mut self, k: usize) -> anyhow::Result<Option<Placement>> {
        match self.model.at_least(k, &mut self.solver) {
            Some(a) => self.solve_with(&a),
            None => Ok(None),
        }
    }

    /// Assumptions for exactly `k` queens (`None` if out of reach).
    pub fn exactly(&mut self, k: usize) -> Option<Vec<Lit>> {
        self.model.exactly(k, &mut self.solver)
    }

    /// Adds a clause permanently.
    pub fn add_clause(&mut self, clause: Clause) -> anyhow::Result<()> {
        use crate::solve::Solve as _;
        self.solver.add_clause(clause)
    }
}
